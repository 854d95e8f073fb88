package main

import (
	"flag"
	"math/bits"
	"net/netip"
	"slices"
	"strconv"
	"strings"

	"github.com/ferret-go/uri"
	"github.com/ferret-go/uri/internal/words"
)

const parseHelp = `Parse shows the components of each input (RFC 3986, section 3).

For a person it prints the input with the RFC's diagram under it, then every
component as written (no decoding), quoted; (absent) marks a component that
is not there, "" one that is there but empty:

  foo://example.com:8042/over/there?name=ferret#nose
  \_/   \______________/\_________/ \_________/ \__/
   |            |            |           |        |
scheme      authority      path        query  fragment
scheme     "foo"
authority  "example.com:8042"
userinfo   (absent)
host       "example.com" (reg-name)
port       "8042" (8042)
path       "/over/there"
segments   ["", "over", "there"]
query      "name=ferret"
fragment   "nose"

The diagram underlines each non-empty component; an empty query, fragment or
authority is shown by its delimiter ("?", "#", "//"), an empty path not at
all. A rejected input is printed with a caret under the offending byte and the
error message. Bytes that are not printable ASCII are shown as Go escapes
(\t, \x00, \u00e9). Blocks are separated by an empty line.

With --json it writes one JSON object per input, each on one line (wrapped
here), in input order:

  {"input":"foo://example.com:8042/over/there?name=ferret#nose","ok":true,
   "scheme":"foo","userinfo":null,"host":"example.com","host_type":"reg-name",
   "port":"8042","path":"/over/there","segments":["","over","there"],
   "query":"name=ferret","fragment":"nose"}
  {"input":"http://a b/","ok":false,
   "error":"uri: invalid character ' ' in host at offset 8","offset":8}

An absent component is null, an empty one "". host and host_type are null
without an authority; an empty host is an empty reg-name; an IP-literal keeps
its brackets ("[::1]"), as RFC 3986's host rule (section 3.2.2) and get's
{host} have it. host_type is reg-name, ipv4, ipv6 or ipvfuture. segments is the path split at every "/" ([] for the empty path).
offset is the byte offset of the error in the input. Bytes that are not valid
UTF-8 are written as U+FFFD, so "input" may differ from the input's bytes.

--iri reads IRIs (RFC 3987, section 2.2): non-ASCII characters in every
component but the scheme, the port and an IP literal, and private-use ones in
the query; input that is not UTF-8 is rejected at its first bad byte. The
diagram then counts columns as a terminal shows them (a wide character takes
two), and invisible characters such as joiners are shown as Go escapes.
--zone accepts an IPv6 zone identifier ("[fe80::1%25eth0]").

--whatwg reads each input as the WHATWG URL Standard does (as browsers do),
against --base when given, and lists the URL API's attributes: href, origin,
protocol, username, password, host, hostname, port, pathname, search and
hash; with --json they are the object's keys, as in the web-platform-tests
files, and a failure is {"input":...,"ok":false,"error":...,"offset":...}.
`

// cmdParse shows the components of references (RFC 3986, section 3).
var cmdParse = &command{
	name:     "parse",
	synopsis: "[--json] [--rule rule] [--zone] [--iri] [--whatwg [--base URL]] [--max-line n] [-j n] [input...]",
	summary:  "show the components of URI references",
	help:     parseHelp,
	shared:   flagJSON | flagRule | flagZone | flagStream,
	flags: func(fs *flag.FlagSet) runFunc {
		iri := fs.Bool("iri", false, "read IRIs (RFC 3987): non-ASCII characters where RFC 3987 allows them")
		std := fs.Bool("whatwg", false, "read as the WHATWG URL Standard (browsers) does, and show the URL API's attributes")
		base := fs.String("base", "", "with --whatwg, the `URL` inputs are parsed against")
		return func(e *env, l *cmdLine) int {
			if *std {
				return runParseWHATWG(e, l, *base)
			}
			if *base != "" {
				return l.usageError("--base needs --whatwg")
			}
			o := l.options()
			if *iri {
				return runParse(e, l, o.ParseIRI, writeParseJSON[uri.IRI], true)
			}
			if e.json && o == (uri.Options{}) {
				return runParseJSON(e, l)
			}
			return runParse(e, l, o.Parse, writeParseJSONURI, false)
		}
	},
}

// components is what parse shows of a parsed reference: the getters that
// uri.URI and its twin uri.IRI share.
type components interface {
	String() string
	IsRelative() bool
	Scheme() string
	HasAuthority() bool
	Authority() string
	HasUserinfo() bool
	Userinfo() string
	Host() string
	DecodedHost() string
	HostKind() uri.HostKind
	Addr() netip.Addr
	HasPort() bool
	Port() string
	Path() string
	HasQuery() bool
	Query() string
	HasFragment() bool
	Fragment() string
}

// runParse parses each input with parse, for URIs or, when iri is set, for
// IRIs, whose components may need escaping in JSON and a width per
// character in the diagram.
func runParse[T components](e *env, l *cmdLine, parse func(string) (T, error), writeJSON func(*sink, string, T), iri bool) int {
	var d diagram
	return e.eachInput(l.args, func(in string) bool {
		u, err := parse(in)
		switch {
		case e.json && err != nil:
			e.rejected(in, err)
		case e.json:
			writeJSON(&e.sink, in, u)
		case err != nil:
			e.beginBlock()
			e.writeRejectedText(in, err)
		default:
			e.beginBlock()
			writeParseText(&e.sink, u, &d, iri)
		}
		return err == nil
	})
}

// runParseJSON is runParse for the case most runs of parse are, --json
// with no option of the grammar, with direct calls instead of runParse's
// calls through function values, which copy each parsed value twice more.
func runParseJSON(e *env, l *cmdLine) int {
	return e.eachInput(l.args, func(in string) bool {
		u, err := uri.Parse(in)
		if err != nil {
			e.rejected(in, err)
			return false
		}
		writeParseJSONURI(&e.sink, in, u)
		return true
	})
}

// Keys of the members of parse's output, after "input" and "ok".
const (
	keyScheme   jsonKey = `"scheme":`
	keyUserinfo jsonKey = `"userinfo":`
	keyHost     jsonKey = `"host":`
	keyHostType jsonKey = `"host_type":`
	keyPort     jsonKey = `"port":`
	keyPath     jsonKey = `"path":`
	keySegments jsonKey = `"segments":`
	keyQuery    jsonKey = `"query":`
	keyFragment jsonKey = `"fragment":`
)

// writeParseJSON writes the line of a valid IRI, whose components may need
// escaping; writeParseJSONURI writes the same members for a URI.
func writeParseJSON[T components](s *sink, in string, u T) {
	j := s.beginJSON(in)
	j.iri = true
	j.key(keyOK).boolean(true)
	j.key(keyScheme).plainOrNull(u.Scheme(), !u.IsRelative())
	j.key(keyUserinfo).plainOrNull(u.Userinfo(), u.HasUserinfo())
	j.key(keyHost).plainOrNull(u.Host(), u.HasAuthority())
	j.key(keyHostType).plainOrNull(u.HostKind().String(), u.HasAuthority())
	j.key(keyPort).plainOrNull(u.Port(), u.HasPort())
	j.key(keyPath).plain(u.Path())
	// The path split at every "/": "a/b" is written ["a","b"].
	j.key(keySegments).beginArray()
	forSegments(u.Path(), func(_ int, seg string) { j.plain(seg) })
	j.endArray()
	j.key(keyQuery).plainOrNull(u.Query(), u.HasQuery())
	j.key(keyFragment).plainOrNull(u.Fragment(), u.HasFragment())
	s.endJSON(j)
}

// writeParseJSONURI writes the line of a valid URI reference, with the
// members of writeParseJSON. A valid reference is printable ASCII without
// '"' or '\' (RFC 3986, section 2), so the input and its components are
// copied as they are, and the keys between them, with their separators,
// are constants: this is the line that parse --json writes for most inputs,
// and on real URLs writing it costs more than parsing.
//
// The line is written into room made first, without a capacity check for
// each part, and each part is written in whole words (package words): a
// key as the 48 bytes of its lineKey, a component 16 bytes at a time from
// the input's copy at the head of the line (the bytes a word takes past a
// part's end are written over by the next part, and the last part is
// followed by endJSON's "}\n"). Against an append for each part, with a
// memmove call for each component: 1,878 -> 1,793 instructions a line of
// parse --json -j 1 (callgrind, GOGC=off, the four real lists, 109,062
// lines), and 13 % less CPU time at -j 2; the same bytes out.
//
// Where each component is in the input: u.Span gives the path and the
// host (and the query, when a "?" ends the path), and the delimiters of
// RFC 3986, section 3 around those place the rest: a host that begins
// after the "//" has a userinfo and its "@" before it, one that ends
// before the path a ":" and the port after it, and a "#" after the path or
// the query begins the fragment. Span is not inlined, and the accessors
// copy u whole, so the line asks u for two or three spans, its scheme and
// its host's kind, and nothing else. The two calls cost about 65
// instructions a line (1,746 -> 1,811 on the lists above, where the
// components were found by subtracting their pointers from the input's);
// bench/results/spans-2026-11-29-cmd.txt.
//
// The room: the line is at most 2*len(in) + 3*len(path) + 320 bytes (the
// input and its components twice its length, appendSegmentsJSON three
// times the path's, the keys and nulls less than 320: TestLineKeysRoom),
// so at most 5*len(in) + 320, and a key's word is written at most
// lineKeySize bytes past the line's end so far, which the room asked for
// adds; a component is read at most 15 bytes past the input's copy, which
// is inside the line. The reads never reach what the same word writes:
// the first component is written 22 bytes after the input's copy ends.
// The room of a line of up to 4 KiB is asked for as 5*len(in) + 320 +
// lineKeySize, before u is first read: u, too large for registers, is
// stored on the stack as it arrives and copied whole for each accessor,
// and the first copy, right after the stores, waited on them (the hottest
// instruction of the line under perf: 7.6 % of parse --json's samples,
// 3.8 % after the move). A longer line asks for what its path needs: from
// about 13 KiB, 5 times the input would not fit in the output's 64 KiB
// buffer, where the line is built, and a few KiB ask little of it. The
// words are given the room as a slice of exactly that length, so that a
// build with the tag wordschecked, whose words check their bounds, holds
// the line to this reckoning.
func writeParseJSONURI(s *sink, in string, u uri.URI) {
	if len(in) >= giveLine {
		writeParseJSONParts(s, in, u) // a long line, in parts
		return
	}
	size := 5*len(in) + 320 + lineKeySize
	if len(in) > 1<<12 {
		size = 2*len(in) + 3*len(u.Path()) + 320 + lineKeySize // see above
	}
	j := s.startLine(size)
	if u.String() != in {
		// A URI that is not of in's text (no caller makes one), whose
		// spans are not in's.
		j.b = nil
		writeParseJSONParts(s, in, u)
		return
	}
	b := j.b
	if len(in) >= 1<<16 {
		b = growFresh(b, size) // a long line: room made at once (see growFresh)
	}
	b = slices.Grow(b, size)
	r := words.RoomOf(b[:len(b)+size]) // the room, which the words are written in
	n := keyLineInput.put(r, len(b))
	head := n // the input's copy, which the components are copied from
	n += copy(b[n:len(b)+size], in)
	// Where the components are: the path and the host as u.Span gives
	// them, the rest by the delimiters around those (see above); the
	// scheme begins the input.
	scheme := len(u.Scheme())
	start, end, _ := u.Span(uri.ComponentPath)
	host, hostEnd, authority := u.Span(uri.ComponentHost)
	// The keys and the nulls after them are written as one constant
	// wherever a component's presence decides what follows.
	a := 0          // where the authority begins, after "scheme:" and "//"
	if scheme > 0 { // never empty when present (RFC 3986, section 3.1)
		n = keyLineScheme.put(r, n)
		n = r.Copy16(n, head, scheme)
		n = keyLineQuote.put(r, n)
		a = scheme + 1
	} else {
		n = keyLineNoScheme.put(r, n)
	}
	a += 2
	switch {
	case authority && host > a:
		// A userinfo and its "@" before the host (section 3.2.1).
		n = keyLineUserinfo.put(r, n)
		n = r.Copy16(n, head+a, host-1-a)
		n = keyLineHost.put(r, n)
	case authority:
		n = keyLineNoUserinfo.put(r, n)
	default:
		// No authority: no userinfo, host or port (section 3).
		n = keyLineNoAuthority.put(r, n)
		n = keyLineNoPort.put(r, n)
	}
	if authority {
		kind := u.HostKind()
		n = r.Copy16(n, head+host, hostEnd-host)
		n = hostTypeKeys[kind&7].put(r, n)
		if hostEnd < start {
			// A ":" and the port between the host and the path
			// (section 3.2.3).
			n = keyLineQuote.put(r, n)
			n = r.Copy16(n, head+hostEnd+1, start-hostEnd-1)
			n = keyLinePath.put(r, n)
		} else {
			n = keyLineNullPath.put(r, n)
		}
	}
	n = r.Copy16(n, head+start, end-start)
	n = keyLineSegments.put(r, n)
	b = appendSegmentsJSON(b[:n], in[start:end]) // in the room made: b stays where r is
	n = len(b)
	if end < len(in) && in[end] == '?' {
		// The query after the path's "?" (section 3.4).
		start, end, _ = u.Span(uri.ComponentQuery)
		n = keyLineQuery.put(r, n)
		n = r.Copy16(n, head+start, end-start)
		n = keyLineFragment.put(r, n)
	} else {
		n = keyLineNoQuery.put(r, n)
	}
	if end < len(in) {
		// The fragment after the "#" that ends the path or the query
		// (section 3.5), to the end.
		n = keyLineQuote.put(r, n)
		n = r.Copy16(n, head+end+1, len(in)-end-1)
		n = keyLineQuote.put(r, n)
	} else {
		n = keyLineNull.put(r, n)
	}
	j.b = b[:n]
	s.endJSON(j)
}

// lineKeySize is the size of a lineKey's word.
const lineKeySize = words.WordSize

// lineKey is a constant part of writeParseJSONURI's line, held in a word
// of lineKeySize bytes that is written whole.
type lineKey struct {
	w words.Word
	n int
}

func newLineKey(s string) lineKey {
	if len(s) > lineKeySize {
		panic("uri: line key longer than its word: " + s)
	}
	return lineKey{words.MakeWord(s), len(s)}
}

// put writes k at n in r and returns n plus its length; it writes
// lineKeySize bytes, which r must hold.
func (k *lineKey) put(r words.Room, n int) int {
	r.PutWord(n, &k.w)
	return n + k.n
}

// The constant parts of writeParseJSONURI's line. They are computed once
// and never written after.
var (
	keyLineInput       = newLineKey(`{"input":"`)
	keyLineScheme      = newLineKey(`","ok":true,"scheme":"`)
	keyLineNoScheme    = newLineKey(`","ok":true,"scheme":null`)
	keyLineQuote       = newLineKey(`"`)
	keyLineUserinfo    = newLineKey(`,"userinfo":"`)
	keyLineHost        = newLineKey(`","host":"`)
	keyLineNoUserinfo  = newLineKey(`,"userinfo":null,"host":"`)
	keyLineNoAuthority = newLineKey(`,"userinfo":null,"host":null,"host_type":null,`)
	keyLineNoPort      = newLineKey(`"port":null,"path":"`)
	keyLinePath        = newLineKey(`","path":"`)
	keyLineNullPath    = newLineKey(`null,"path":"`)
	keyLineSegments    = newLineKey(`","segments":[`)
	keyLineQuery       = newLineKey(`],"query":"`)
	keyLineFragment    = newLineKey(`","fragment":`)
	keyLineNoQuery     = newLineKey(`],"query":null,"fragment":`)
	keyLineNull        = newLineKey(`null`)
)

// hostTypeKeys holds, for each kind of host, what follows the host in
// writeParseJSONURI's line: its type and the port's key. 8 entries, so
// that kind&7 needs no bounds check.
var hostTypeKeys = func() (t [8]lineKey) {
	for k := uri.HostRegName; k <= uri.HostIPvFuture; k++ {
		t[k] = newLineKey(`","host_type":"` + k.String() + `","port":`)
	}
	return t
}()

// writeParseJSONParts writes what writeParseJSONURI writes, for a long
// input: in parts of about a megabyte (jsonLine.spill), so that the line,
// five times the input at most, is never held whole.
func writeParseJSONParts(s *sink, in string, u uri.URI) {
	j := s.startLine(s.out.Size() + 1) // in its own memory: it may spill
	j.b = append(j.b, '{')
	j.key(keyInput).plainParts(in)
	j.key(keyOK).boolean(true)
	scheme := u.Scheme()
	j.key(keyScheme).plainOrNull(scheme, scheme != "")
	j.key(keyUserinfo)
	j.partsOrNull(u.Userinfo(), u.HasUserinfo())
	j.key(keyHost)
	if u.HasAuthority() {
		kind := u.HostKind()
		j.plainParts(u.Host())
		j.key(keyHostType).plain(kind.String())
	} else {
		j.null()
		j.key(keyHostType).null()
	}
	j.key(keyPort).plainOrNull(u.Port(), u.HasPort())
	path := u.Path()
	j.key(keyPath).plainParts(path)
	j.key(keySegments).beginArray()
	if path != "" {
		j.parts(path, spillAt/4, appendSegmentsText) // three bytes written for one at most
	}
	j.endArray()
	j.key(keyQuery)
	j.partsOrNull(u.Query(), u.HasQuery())
	j.key(keyFragment)
	j.partsOrNull(u.Fragment(), u.HasFragment())
	s.endJSON(j)
}

// appendSegmentsJSON appends the segments of a URI's path as the strings
// of a JSON array: the path between quotes with every "/" written "\",\"".
// On real URLs, whose segments are short, a strings.IndexByte call per
// segment cost a fifth of parse --json's time, and an append per segment
// still a seventh: the path is read and written eight bytes at a time, as
// words, each written whole and followed, where it has a "/", by "\",\""
// over the rest of it.
func appendSegmentsJSON(b []byte, path string) []byte {
	if path == "" {
		return b
	}
	return append(appendSegmentsText(append(b, '"'), path), '"')
}

// appendSegmentsText appends path with every "/" written "\",\"": the
// segments' text between the array's first and last quotes.
//
// The words are read and written without bounds checks (package words):
// with binary.LittleEndian on slices, whose checks cost this function 44%
// of its instructions, parse --json took 10% more in all (callgrind,
// 47,253 real URLs: 2280 against 2074 instructions a line). The writes
// stay in the room made first: after i bytes of the path at most 3*i bytes
// are written, and a word or a "\",\"" is written at most 8 bytes past
// that, so never past 3*len(path)+9. The reads stay in the path: whole
// words while 8 bytes are left, then its last word.
func appendSegmentsText(b []byte, path string) []byte {
	// Room for every byte of the path as "\",\"" and for a whole word
	// written at the end.
	n := len(b)
	b = slices.Grow(b, 3*len(path)+9)[:n+3*len(path)+9]
	r := words.RoomOf(b)
	i := 0
	for i+8 <= len(path) {
		read, written := slashWord(r, n, words.Load64(path, i), 8)
		i += read
		n += written
	}
	if len(path) < 8 {
		for ; i < len(path); i++ {
			if c := path[i]; c != '/' {
				b[n] = c
				n++
			} else {
				b[n], b[n+1], b[n+2] = '"', ',', '"'
				n += 3
			}
		}
		return b[:n]
	}
	// The last bytes, fewer than eight: the path's last word, shifted so
	// that they come first.
	for i < len(path) {
		k := len(path) - i
		read, written := slashWord(r, n, words.Load64(path, len(path)-8)>>(64-8*k), k)
		i += read
		n += written
	}
	return b[:n]
}

// slashWord writes w, whose first r bytes (1 to 8) are the next of a path,
// at n in room, with the first "/" among them written "\",\"" over what
// follows it, and returns how many bytes of the path it took (all r, or up
// to that "/") and how many it wrote. room must hold 8 bytes from n.
func slashWord(room words.Room, n int, w uint64, r int) (read, written int) {
	room.Put64(n, w)
	// The bytes of w that are '/' have their high bit set in m (and
	// perhaps bytes after the first, which are read again).
	x := w ^ 0x2f2f2f2f2f2f2f2f
	m := (x - 0x0101010101010101) &^ x & (0x8080808080808080 >> (64 - 8*r))
	if m == 0 {
		return r, r
	}
	k := bits.TrailingZeros64(m) >> 3
	// The fourth byte is written over by what follows.
	room.Put32(n+k, '"'|','<<8|'"'<<16)
	return k + 1, k + 3
}

// forSegments calls fn for each segment of path, as uri.URI.Segments splits
// it, without making the slice.
func forSegments(path string, fn func(i int, seg string)) {
	if path == "" {
		return
	}
	for i := 0; ; i++ {
		seg, rest, more := strings.Cut(path, "/")
		fn(i, seg)
		if !more {
			return
		}
		path = rest
	}
}

// writeParseText writes the block of a valid input: the input with the
// diagram under it, then the listing of its components. A valid reference is
// printable ASCII (RFC 3986, section 2), so it is written as it is, and a
// component never holds '"', so quoting one needs no escapes.
func writeParseText[T components](s *sink, u T, d *diagram, iri bool) {
	// At most four lines of diagram as long as the text, the listing's
	// components once more, the host again (in the authority and alone),
	// and the path again as segments with four bytes each of quotes and
	// ", ". Room for more would be touched and not used: a bound of eight
	// times the text made the text form of a 4 MiB line take 34 times the
	// line in memory; one too small grows by doubling, into memory not
	// touched first (a 4 MiB host: 13x the time per byte of 16 KiB lines).
	path := u.Path()
	b := s.textRoom(5*len(u.String()) + len(u.Host()) + len(path) + 4*strings.Count(path, "/") + 256)
	if u.String() == "" {
		b = append(b, `""`+"\n"...)
	} else {
		b = appendDiagram(d, b, u, iri)
	}
	appendText := func(b []byte, v string) []byte { return append(b, v...) }
	if iri {
		appendText = appendIRIText
	}
	item := func(name string) {
		b = append(b, name...)
		b = appendSpaces(b, 11-len(name))
	}
	value := func(name, v string, present bool) {
		item(name)
		if present {
			b = append(b, '"')
			b = appendText(b, v)
			b = append(b, '"')
		} else {
			b = append(b, "(absent)"...)
		}
	}
	value("scheme", u.Scheme(), !u.IsRelative())
	b = append(b, '\n')
	value("authority", u.Authority(), u.HasAuthority())
	b = append(b, '\n')
	value("userinfo", u.Userinfo(), u.HasUserinfo())
	b = append(b, '\n')
	value("host", u.Host(), u.HasAuthority())
	if k := u.HostKind(); k != uri.HostNone {
		b = append(b, " ("...)
		b = append(b, k.String()...)
		if a := u.Addr(); a.IsValid() {
			b = append(b, ", address "...)
			b = a.AppendTo(b)
		}
		b = append(b, ')')
	}
	b = append(b, '\n')
	value("port", u.Port(), u.HasPort())
	if u.Port() != "" {
		if n, err := strconv.ParseUint(u.Port(), 10, 16); err == nil {
			b = append(b, " ("...)
			b = strconv.AppendUint(b, n, 10)
			b = append(b, ')')
		} else {
			b = append(b, " (out of 16-bit range)"...)
		}
	}
	b = append(b, '\n')
	value("path", u.Path(), true)
	b = append(b, '\n')
	item("segments")
	b = append(b, '[')
	forSegments(u.Path(), func(i int, seg string) {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, '"')
		b = appendText(b, seg)
		b = append(b, '"')
	})
	b = append(b, "]\n"...)
	value("query", u.Query(), u.HasQuery())
	b = append(b, '\n')
	value("fragment", u.Fragment(), u.HasFragment())
	s.writeText(append(b, '\n'))
}

// diagram draws the figure of RFC 3986, section 3 under a reference:
//
//	  foo://example.com:8042/over/there?name=ferret#nose
//	  \_/   \______________/\_________/ \_________/ \__/
//	   |           |            |            |        |
//	scheme     authority       path        query   fragment
//
// Each marked component is underlined by "\_..._/" ("\/" for two
// characters, "^" for one) with a "|" under its middle, and its name is
// centred under the "|" as far as the names leave room for each other.
type diagram struct {
	marks [5]mark
	n     int
}

// mark is one underlined component.
type mark struct {
	start, n int    // the columns underlined
	label    string // the component's name
	x        int    // the column of the label
}

func (m *mark) pipe() int { return m.start + m.n/2 }

// add marks n columns from start, or nothing when n is 0.
func (d *diagram) add(start, n int, label string) {
	if n > 0 {
		d.marks[d.n] = mark{start: start, n: n, label: label}
		d.n++
	}
}

// appendDiagram appends u's text and its diagram. u must not be empty. The
// columns of a URI are its bytes; those of an IRI its characters' widths.
func appendDiagram[T components](d *diagram, b []byte, u T, iri bool) []byte {
	cols := func(s string) int { return len(s) }
	if iri {
		cols = textWidth
	}
	// The components' columns follow from their lengths: the text is
	// scheme ":" "//" authority path "?" query "#" fragment.
	d.n = 0
	i := 0
	if !u.IsRelative() {
		d.add(0, cols(u.Scheme()), "scheme")
		i = cols(u.Scheme()) + 1
	}
	if u.HasAuthority() {
		if a := u.Authority(); a == "" {
			d.add(i, 2, "authority") // the "//" stands for it
		} else {
			d.add(i+2, cols(a), "authority")
		}
		i += 2 + cols(u.Authority())
	}
	d.add(i, cols(u.Path()), "path")
	i += cols(u.Path())
	if u.HasQuery() {
		if q := u.Query(); q == "" {
			d.add(i, 1, "query") // the "?" stands for it
		} else {
			d.add(i+1, cols(q), "query")
		}
		i += 1 + cols(u.Query())
	}
	if u.HasFragment() {
		if f := u.Fragment(); f == "" {
			d.add(i, 1, "fragment")
		} else {
			d.add(i+1, cols(f), "fragment")
		}
	}
	marks := d.marks[:d.n]
	indent := placeLabels(marks)

	b = appendSpaces(b, indent)
	if iri {
		b = appendIRIText(b, u.String())
	} else {
		b = append(b, u.String()...)
	}
	b = append(b, '\n')
	// The underlines.
	b = appendSpaces(b, indent)
	col := 0
	for _, m := range marks {
		b = appendSpaces(b, m.start-col)
		switch m.n {
		case 1:
			b = append(b, '^')
		default:
			b = append(b, '\\')
			for k := 2; k < m.n; k++ {
				b = append(b, '_')
			}
			b = append(b, '/')
		}
		col = m.start + m.n
	}
	b = append(b, '\n')
	// The pipes.
	b = appendSpaces(b, indent)
	col = 0
	for _, m := range marks {
		b = appendSpaces(b, m.pipe()-col)
		b = append(b, '|')
		col = m.pipe() + 1
	}
	b = append(b, '\n')
	// The names.
	col = 0
	for _, m := range marks {
		b = appendSpaces(b, indent+m.x-col)
		b = append(b, m.label...)
		col = indent + m.x + len(m.label)
	}
	return append(b, '\n')
}

// placeLabels sets the column x of every mark's label: as close to centred
// under the mark's "|" as can be with at least one space between labels, in
// the least-squares sense. It returns how far everything must be indented
// for the first label not to start before column 0.
//
// With o[i] the width the labels before i need, the constraint is that
// y[i] = x[i] - o[i] does not decrease, so the best y is the isotonic
// regression of the ideal columns minus o[i], found by pooling adjacent
// violators: a run of labels that collide is placed as a unit at the mean of
// its members' wishes.
func placeLabels(marks []mark) (indent int) {
	type pool struct{ sum, n, last int } // sum of wished y, members, last index
	var pools [len(diagram{}.marks)]pool
	np := 0
	o := 0
	for i := range marks {
		m := &marks[i]
		pools[np] = pool{sum: m.pipe() - len(m.label)/2 - o, n: 1, last: i}
		np++
		o += len(m.label) + 1
		// Merge while the earlier pool wants to be further right.
		for np > 1 && pools[np-2].sum*pools[np-1].n > pools[np-1].sum*pools[np-2].n {
			p, q := &pools[np-2], pools[np-1]
			p.sum += q.sum
			p.n += q.n
			p.last = q.last
			np--
		}
	}
	o = 0
	i := 0
	for _, p := range pools[:np] {
		y := roundDiv(p.sum, p.n)
		for ; i <= p.last; i++ {
			marks[i].x = y + o
			o += len(marks[i].label) + 1
		}
	}
	if len(marks) > 0 && marks[0].x < 0 {
		indent = -marks[0].x
	}
	return indent
}

// roundDiv returns a/n rounded to the nearest integer, halves up; n > 0.
func roundDiv(a, n int) int {
	a, n = 2*a+n, 2*n
	if a >= 0 {
		return a / n
	}
	return -((-a + n - 1) / n)
}
