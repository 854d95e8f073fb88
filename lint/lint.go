// Package lint says how parsers other than RFC 3986's will read a URL, and
// what in it RFC 3986, section 7 (Security Considerations) warns about.
//
// An allow-list that checks a URL with one parser while a dialer or a
// browser reads the same string with another is the pattern of several
// vulnerabilities (golang/go#29098, CVE-2025-47912, CVE-2026-25679,
// golang/go#78569). [Lint] takes any string, valid or not (the dangerous
// ones are often invalid by RFC 3986 and valid elsewhere), and returns
// [Finding] values, each with a stable [Code], a [Severity], the component
// and the byte span it is about and a one-line explanation.
//
// The readings compared are RFC 3986's (this module's parser), net/url's
// (net/url.Parse, called for real) and the browsers' (the URL Standard of
// WHATWG, through this module's parser github.com/ferret-go/uri/whatwg,
// called for real): their disagreements on a valid reference are
// [CodeDifferential] findings, and other parsers plug in as a [Reader] in
// [Options.Readers]: among them the emulations of curl, Python, Node's
// legacy url.parse, Java and PHP of github.com/ferret-go/uri/readers,
// chosen by name with [ReadersNamed]. They are off by default, which keeps
// a clean URL at about two net/url.Parse calls. Where a component begins and ends in the input, for
// the spans of findings on strings RFC 3986 rejects, comes from a model of
// the URL Standard's state machine kept here (see [CodeBackslash],
// [CodeSlashCount], [CodeTabNewline], [CodeEdgeSpace]). What a message
// says a reader does (the host it reads, or that it rejects the string) is
// taken from that reader, called for real, and is in the finding's
// [Finding.Claims] as well, so that a program can act on it: a reference
// without a scheme is read by the URL Standard against [ExampleBase].
//
// [Policy] answers the common question on top of Lint: is this URL safe to
// fetch, or to redirect to? [Redact] prints a URL without its password.
//
// Every function here is safe for concurrent use, never panics, and runs in
// time and memory linear in its input.
package lint

import (
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/ferret-go/uri"
	"github.com/ferret-go/uri/readers"
	"github.com/ferret-go/uri/whatwg"

	"github.com/ferret-go/uri/internal/pctenc"
	"github.com/ferret-go/uri/internal/utf8dec"
)

// A Reading is what one parser makes of a string: its components, decoded
// as that parser decodes them, or the error it gives.
type Reading struct {
	Err      error  // non-nil when the parser rejects the string
	Scheme   string // as the parser returns it (compared without case)
	Userinfo string // decoded; HasUserinfo tells an empty one from none
	Host     string // decoded, without the brackets of an IP-literal
	Port     string
	Path     string // decoded
	// HasUserinfo reports whether there is a userinfo, maybe empty.
	HasUserinfo bool
	// Opaque reports that Path is not to be compared: the parser reads
	// no hierarchical path (as net/url does for "mailto:a@b"), or
	// normalizes it (as the URL Standard removes dot segments).
	Opaque bool
	// RawUserinfo reports that Userinfo is not to be compared: the parser
	// returns it as written, or encoded its own way (see [Emulated]).
	RawUserinfo bool
}

// A Reader is a parser to compare RFC 3986's reading with: Name names it
// in messages ("net/url", "whatwg") and Read reads a string. Read must be
// safe for concurrent use.
type Reader struct {
	Name string
	Read func(s string) Reading

	// emu is the reader of package readers that Read adapts (see
	// Emulated), which Lint calls itself: its record is compared as it
	// comes, without the copy into a Reading (Lint with every reader on a
	// clean kasztp URL under callgrind: about 800 instructions fewer).
	emu func(s string) readers.Reading
}

// NetURL returns the Reader of net/url.Parse, which [Lint] always
// consults. (A function, not a variable, so that no caller can change what
// every Lint call reads with.)
func NetURL() Reader { return Reader{Name: "net/url", Read: readNetURL} }

// WHATWG returns the Reader of this module's URL Standard parser
// (github.com/ferret-go/uri/whatwg), what browsers read, which [Lint]
// always consults. It compares what the standard keeps of a URL: the
// scheme, the userinfo (an empty one is dropped by the standard), the host
// in its serialized form (lowercase, A-labels, IPv4 numbers in dotted
// decimal) and the port (a default port is none). The path, which the
// standard normalizes, is not compared.
func WHATWG() Reader { return Reader{Name: "whatwg", Read: readWHATWG} }

func readWHATWG(s string) Reading {
	var r Reading
	readWHATWGInto(&r, s)
	return r
}

// readWHATWGInto is readWHATWG writing into r, which must be zero: Lint's
// own calls fill a Reading in place rather than copy one back.
func readWHATWGInto(r *Reading, s string) {
	u, err := whatwg.Parse(s)
	fillWHATWG(r, &u, err)
}

// fillWHATWG writes into r, which must be zero, the reading of u and err,
// what whatwg.Parse returned.
func fillWHATWG(r *Reading, u *whatwg.URL, err error) {
	if err != nil {
		r.Err = err
		return
	}
	r.Scheme, r.Port, r.Opaque = strings.TrimSuffix(u.Protocol(), ":"), u.Port(), true
	r.Host = strings.TrimSuffix(strings.TrimPrefix(u.Hostname(), "["), "]")
	if user, pass := u.Username(), u.Password(); user != "" || pass != "" {
		r.HasUserinfo = true
		r.Userinfo = pctenc.Decode(user)
		if pass != "" {
			r.Userinfo += ":" + pctenc.Decode(pass)
		}
	}
}

func readNetURL(s string) Reading {
	var r Reading
	readNetURLInto(&r, s)
	return r
}

// readNetURLInto is readNetURL writing into r, which must be zero.
func readNetURLInto(r *Reading, s string) {
	u, err := parseNetURL(s)
	fillNetURL(r, u, err)
}

// parseNetURL is url.Parse(s), called for real, less the work it does on a
// fragment that no Reading holds. url.Parse cuts s at its first "#",
// parses what comes before as url.Parse of that text would, and then reads
// the fragment (setFragment), which fails only where the fragment's
// unescape does, on a "%" without two hexadecimal digits after it, as
// url.PathUnescape's does, and otherwise writes it escaped again to see
// whether it is in the default form: three bytes an octet for a fragment
// of "#"s or spaces, which on a 4 MiB fragment took Lint 3.8 times the
// time per byte of 16 KiB lines (12 MiB of fresh memory a line). The URL
// returned has no Fragment; the error is url.Parse's, to the byte.
func parseNetURL(s string) (*url.URL, error) {
	return parseNetURLAt(s, strings.IndexByte(s, '#'))
}

// parseNetURLAt is parseNetURL with the offset of the first "#" in s, or
// -1, known: a valid reference's layout has it (checkReaders), so that the
// text is not searched again (Lint on a clean userbait URL: 5881 -> 5797
// instructions, callgrind).
func parseNetURLAt(s string, hash int) (*url.URL, error) {
	if hash < 0 || hash == len(s)-1 {
		return url.Parse(s)
	}
	head, frag := s[:hash], s[hash+1:]
	u, err := url.Parse(head)
	if err != nil {
		return nil, err
	}
	if _, err := url.PathUnescape(frag); err != nil {
		return nil, &url.Error{Op: "parse", URL: s, Err: err}
	}
	return u, nil
}

// fillNetURL writes into r, which must be zero, the reading of u and err,
// what url.Parse returned.
func fillNetURL(r *Reading, u *url.URL, err error) {
	if err != nil {
		r.Err = err
		return
	}
	r.Scheme, r.Host, r.Path, r.Opaque = u.Scheme, u.Host, u.Path, u.Opaque != ""
	if strings.IndexByte(u.Host, ':') >= 0 || strings.HasPrefix(u.Host, "[") {
		// Hostname and Port split a host and port (without a ":" and
		// brackets there is nothing to split).
		r.Host, r.Port = u.Hostname(), u.Port()
	}
	if u.User != nil {
		r.HasUserinfo = true
		r.Userinfo = u.User.Username()
		if p, ok := u.User.Password(); ok {
			r.Userinfo += ":" + p
		}
	}
}

// Options choose what [Options.Lint] checks beyond its default set. The
// zero Options are those of [Lint]. Options are values, safe to share.
type Options struct {
	// SSRF adds the checks for fetching URLs given by others: a host that
	// is a loopback, private, link-local or metadata address, or names one
	// ([CodeInternalAddress]).
	SSRF bool
	// Navigation adds the checks for URLs followed as links or redirects:
	// javascript:, vbscript: and data: ([CodeScriptScheme]).
	Navigation bool
	// Readers are parsers to compare with besides net/url and the URL
	// Standard's (see [NetURL] and [WHATWG]), on a valid reference with a
	// scheme (a relative one is read against a base, which Lint does not
	// have): those of package github.com/ferret-go/uri/readers through
	// [ReadersNamed] or [Emulated], or any other. The readers that read
	// another host than RFC 3986, or reject the reference, are named in
	// one [CodeDifferential] finding (High when a host differs: a request
	// would go elsewhere), beside what RFC 3986, net/url and the URL
	// Standard read; another difference is a finding of its own. On a
	// string RFC 3986 rejects, the [CodeInvalid] finding says what each
	// reads. None by default: each costs about one net/url.Parse a URL.
	Readers []Reader
}

// Lint checks s with the zero Options: see [Options.Lint].
func Lint(s string) []Finding { return Options{}.Lint(s) }

// Lint returns what it finds in s, in the order of the checks (each code
// at most once per component), or nil for a string that every parser reads
// alike and that nothing of RFC 3986, section 7 applies to. s may be any
// string: an invalid one gives a [CodeInvalid] finding and is checked all
// the same, as other parsers would read it.
func (o Options) Lint(s string) []Finding {
	c := &checker{in: s, opts: o}
	c.run(nil)
	return c.out
}

// lintIRI is Lint that also returns RFC 3987's parse of s, made for the
// checks, and whether s parsed: [Policy.Check] uses it rather than parse
// s a second time.
func (o Options) lintIRI(s string, iri *uri.IRI) ([]Finding, bool) {
	c := &checker{in: s, opts: o}
	c.run(iri)
	return c.out, c.valid
}

// checker holds the state of one Lint call.
type checker struct {
	in   string
	opts Options
	out  []Finding

	clean  cleaned
	scheme string // the scheme as browsers read it, lowercase
	rfc    layout // of in
	br     layout // of clean.s, unless same (see layoutBr)
	same   bool   // br is rfc: clean.s is the input, delimited alike
	valid  bool   // in is an IRI reference (RFC 3987), hence RFC 3986 if ASCII
	// special: the URL Standard treats scheme as special (in the
	// padding after same and valid: the checker is no larger).
	special bool
	facts   facts // which bytes occur in in
}

// facts records which bytes of interest occur in a string, found in one
// pass (scanFacts) before any check runs. Most findings need one of these
// bytes: a check whose byte does not occur could not fire and is skipped,
// which is what makes a clean URL cheap. The cleaned text (c.clean.s) is
// the input less some bytes, so what does not occur in the input does not
// occur in it either.
type facts uint8

const (
	hasSpace     facts = 1 << iota // a byte <= ' ': C0 controls, space, tab, CR, LF
	hasBackslash                   // "\"
	hasPercent                     // "%"
	hasAt                          // "@"
	hasSemicolon                   // ";"
	hasBracket                     // "["
)

var factTable = func() (t [256]facts) {
	for b := 0; b <= ' '; b++ {
		t[b] = hasSpace
	}
	t['\\'], t['%'], t['@'], t[';'], t['['] = hasBackslash, hasPercent, hasAt, hasSemicolon, hasBracket
	return t
}()

// validFacts returns the facts of s, a valid IRI reference laid out as l,
// as far as the checks use them, without a pass of its own: the grammars of
// RFC 3986 (section 2) and RFC 3987 (section 2.2) allow no control, space
// or "\" anywhere, and "[" only to open an IP-literal host (section
// 3.2.2). "%" may be in any component but the scheme and port and is looked
// for. The checks look for "@" only in an authority and for ";" only in the
// query (checkAuthority, checkPathQuery), so hasAt and hasSemicolon are
// set when they may find one there: when same (browsers delimit the
// components as RFC 3986 does), an "@" in the authority is the one that
// ends a userinfo (neither a userinfo nor a host may hold one, sections
// 3.2.1 and 3.2.2); otherwise the browsers' authority may take in the
// RFC's path, and any "@" counts. (Two searches of the whole input fewer:
// about 85 instructions a clean kasztp URL under callgrind.)
func validFacts(s string, l *layout, same bool) facts {
	var f facts
	if h := l.host; h.end > h.start && s[h.start] == '[' {
		f |= hasBracket
	}
	if strings.IndexByte(s, '%') >= 0 {
		f |= hasPercent
	}
	if l.userinfo.ok || !same && strings.IndexByte(s, '@') >= 0 {
		f |= hasAt
	}
	if l.query.ok && strings.IndexByte(l.query.of(s), ';') >= 0 {
		f |= hasSemicolon
	}
	return f
}

// scanFacts returns the facts of s.
func scanFacts(s string) facts {
	var f facts
	for i := 0; i < len(s); i++ {
		f |= factTable[s[i]]
	}
	return f
}

// add records a finding unless one with the same code and component is
// there already, which bounds the findings by the number of codes.
func (c *checker) add(code Code, sev Severity, comp uri.Component, start, end int, msg string, claims ...Claim) {
	for _, f := range c.out {
		if f.Code == code && f.Component == comp {
			return
		}
	}
	if start < 0 {
		start = 0
	}
	if end > len(c.in) {
		end = len(c.in)
	}
	if end < start {
		end = start
	}
	c.out = append(c.out, Finding{Code: code, Severity: sev, Component: comp, Start: start, End: end, Message: msg, Claims: claims})
}

// addClean records a finding whose span is in the cleaned text.
func (c *checker) addClean(code Code, sev Severity, comp uri.Component, start, end int, msg string, claims ...Claim) {
	s, e := c.clean.at(start), c.clean.at(end)
	if end > start {
		e = c.clean.at(end-1) + 1
	}
	c.add(code, sev, comp, s, e, msg, claims...)
}

// run runs the checks and, when keep is not nil, leaves the parse of the
// input there.
func (c *checker) run(keep *uri.IRI) {
	s := c.in
	// The parse is a local of run, not a field of the checker, which
	// would be zeroed with it and then copied into (Lint on a clean
	// kasztp URL under callgrind: 13 instructions fewer), nor the
	// caller's, written through a pointer (Lint on a clean kasztp URL:
	// 4902 -> 4883 instructions).
	iri, err := uri.ParseIRI(s)
	c.valid = err == nil
	if c.valid {
		// A valid reference holds no control, space or "\" (RFC 3986,
		// section 2; RFC 3987, section 2.2): nothing for browsers to
		// remove (cleanInput with no hasSpace), and the test for same
		// below without its facts.
		iriLayout(&c.rfc, s, &iri)
		c.clean = cleaned{s: s}
		c.scheme = lowerScheme(c.rfc.scheme.of(s))
		c.special = isSpecial(c.scheme)
		c.same = !c.special || twoSlashes(s, len(c.scheme)+1)
		c.facts = validFacts(s, &c.rfc, c.same)
	} else {
		c.rfc = rfcLayout(s)
		c.facts = scanFacts(s)
		c.cleanInput()
		c.scheme = lowerScheme(c.rfcSchemeOf(c.clean.s))
		// Nothing removed, no "\", two slashes: browsers delimit the
		// components as RFC 3986 does.
		c.special = isSpecial(c.scheme)
		c.same = c.clean.s == s && c.facts&hasBackslash == 0 && (!c.special || twoSlashes(s, len(c.scheme)+1))
	}
	if !c.same {
		browserLayout(&c.br, c.clean.s, c.scheme)
	}

	c.checkInvalid(err)
	c.checkReaders(&iri)
	c.checkScheme()
	c.checkAuthority()
	c.checkHosts()
	c.checkPort()
	c.checkPathQuery()
	if keep != nil {
		*keep = iri
	}
}

// layoutBr returns how browsers delimit the components of clean.s: the
// RFC's layout when same. (A method rather than a pointer kept in the
// checker, which would make every checker escape to the heap; and no copy of
// the layout, which cost 39 instructions a clean URL.)
func (c *checker) layoutBr() *layout {
	if c.same {
		return &c.rfc
	}
	return &c.br
}

// lowerScheme returns the scheme s in lowercase: most often s itself, which
// a loop over its few ASCII bytes tells sooner than strings.ToLower (which
// also looks for non-ASCII bytes, which a scheme cannot hold).
func lowerScheme(s string) string {
	switch s {
	case "https", "http":
		// Most schemes, told by a comparison or two rather than a loop
		// over their bytes (kasztp.txt under callgrind: 53 -> 17
		// instructions a URL).
		return s
	}
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			return strings.ToLower(s)
		}
	}
	return s
}

// twoSlashes reports whether s[i:] begins with exactly two "/".
func twoSlashes(s string, i int) bool {
	return len(s) >= i+2 && s[i] == '/' && s[i+1] == '/' && (len(s) == i+2 || s[i+2] != '/')
}

// rfcSchemeOf returns the scheme s begins with, or "".
func (c *checker) rfcSchemeOf(s string) string {
	for i := 0; i < len(s); i++ {
		b := s[i]
		switch {
		case b >= 'a' && b <= 'z', b >= 'A' && b <= 'Z':
		case i > 0 && (b >= '0' && b <= '9' || b == '+' || b == '-' || b == '.'):
		case b == ':' && i > 0:
			return s[:i]
		default:
			return ""
		}
	}
	return ""
}

// cleanInput removes what browsers remove before parsing, and reports it.
func (c *checker) cleanInput() {
	s := c.in
	if c.facts&hasSpace == 0 {
		// Nothing for browsers to remove.
		c.clean = cleaned{s: s}
		return
	}
	i, j := 0, len(s)
	for i < j && isC0Space(s[i]) {
		i++
	}
	for j > i && isC0Space(s[j-1]) {
		j--
	}
	if i > 0 {
		c.add(CodeEdgeSpace, Medium, 0, 0, i, "spaces or controls before the reference: browsers remove them, RFC 3986 does not allow them")
	}
	if j < len(s) {
		c.add(CodeEdgeSpace, Medium, 0, j, len(s), "spaces or controls after the reference: browsers remove them, RFC 3986 does not allow them")
	}
	c.clean = cleaned{s: s[i:j], start: i}
	inner := s[i:j]
	if strings.IndexByte(inner, '\t') < 0 && strings.IndexByte(inner, '\n') < 0 && strings.IndexByte(inner, '\r') < 0 {
		return
	}
	first, n := -1, 0
	if utf8.ValidString(inner) {
		var b strings.Builder
		b.Grow(len(inner))
		for k := 0; k < len(inner); k++ {
			if isTabNewline(inner[k]) {
				c.clean.holes = append(c.clean.holes, i+k)
				if first < 0 {
					first = i + k
				}
				n++
				continue
			}
			b.WriteByte(inner[k])
		}
		c.clean.s = b.String()
	} else {
		// Browsers read a scalar value string: the bytes are decoded
		// first (each maximal subpart one U+FFFD, the Encoding
		// Standard's UTF-8 decoder), then the tabs and newlines go, so
		// that removing one joins no bytes into a character (as
		// whatwg.Parse does). The offsets are mapped byte by byte.
		b := make([]byte, 0, len(inner)+len(inner)/2)
		pos := make([]int, 1, cap(b)+2)
		pos[0] = -1 // see cleaned.holes
		for k := 0; k < len(inner); {
			if isTabNewline(inner[k]) {
				if first < 0 {
					first = i + k
				}
				n++
				k++
				continue
			}
			m, w := utf8dec.Subpart(inner[k:]), 0
			if m > 0 {
				b = append(b, utf8dec.Replacement...)
				w = len(utf8dec.Replacement)
			} else {
				_, m = utf8.DecodeRuneInString(inner[k:])
				b = append(b, inner[k:k+m]...)
				w = m
			}
			for x := 0; x < w; x++ {
				pos = append(pos, i+k+min(x, m-1))
			}
			k += m
		}
		c.clean.s = string(b)
		c.clean.holes = append(pos, i+len(inner))
	}
	c.add(CodeTabNewline, High, uri.Component(0), first, first+1,
		plural(n, "tab or newline", "tabs or newlines")+" inside the reference: browsers remove them (reading "+quote(c.clean.s)+"), RFC 3986 does not allow them")
}

// checkInvalid reports a string that is no reference.
func (c *checker) checkInvalid(err error) {
	if err == nil {
		return
	}
	e, ok := err.(*uri.Error)
	if !ok {
		return
	}
	msg := "not a URI reference by RFC 3986: " + strings.TrimPrefix(e.Error(), "uri: ")
	// What net/url and, for a reference with a scheme, browsers make of
	// it (a reference without one is CodeSchemeRelative's when it matters
	// where browsers take it).
	readers := []string{ReaderRFC3986, ReaderNetURL, ReaderWHATWG}
	if c.scheme == "" {
		readers = readers[:2]
	} else {
		// And the readers of Options.Readers, which read a reference
		// with a scheme.
		for _, r := range c.opts.Readers {
			if r.Read != nil {
				readers = append(readers, r.Name)
			}
		}
	}
	cls := c.claims(uri.ComponentHost, readers...)
	sev := Low
	if accepts(cls) {
		sev = Medium
	}
	if len(cls) > 3 {
		// With Options.Readers, the readers that read alike are named
		// together.
		msg += "; " + groupedPhrases(cls[1:])
	} else {
		msg += "; " + phrases(cls[1:])
	}
	c.add(CodeInvalid, sev, e.Component, e.Offset, e.Offset+1, msg, cls...)
	if len(cls) >= 3 {
		c.hostText(&cls[1], &cls[2])
	}
}

// rfcReading writes RFC 3986's reading of a valid input into r, which must
// be zero; iri is the parse of the input.
func (c *checker) rfcReading(r *Reading, iri *uri.IRI) {
	if c.facts&hasPercent == 0 {
		// Nothing to decode: the components as written, from the layout
		// (an IP-literal without its brackets, as DecodedHost returns it).
		s, l := c.in, &c.rfc
		h := l.host.of(s)
		if c.facts&hasBracket != 0 {
			h = h[1 : len(h)-1]
		}
		r.Scheme, r.HasUserinfo, r.Userinfo = l.scheme.of(s), l.userinfo.ok, l.userinfo.of(s)
		r.Host, r.Port, r.Path = h, l.port.of(s), l.path.of(s)
		return
	}
	r.Scheme, r.HasUserinfo, r.Userinfo = iri.Scheme(), iri.HasUserinfo(), iri.DecodedUserinfo()
	r.Host, r.Port, r.Path = iri.DecodedHost(), iri.Port(), iri.DecodedPath()
}

// checkReaders compares the readers' readings with RFC 3986's; iri is the
// parse of the input, when valid.
//
// Most references are plain: no "%", no IP-literal and no userinfo, so
// that RFC 3986's reading is the text of the layout (rfcReading), and its
// host, a reg-name or an IPv4address, holds no ":", "[" or "]" (section
// 3.2.2). Then a reader whose scheme, host, port and path are those texts,
// with no userinfo, reads what RFC 3986 reads, and compare would find
// nothing: the readings are neither built nor compared. (Lint on a clean
// URL under callgrind, kasztp.txt: 249 instructions fewer, userbait.txt
// 241.)
func (c *checker) checkReaders(iri *uri.IRI) {
	if !c.valid {
		return
	}
	s, l := c.in, &c.rfc
	plain := c.facts&(hasPercent|hasBracket) == 0 && !l.userinfo.ok
	scheme, host := l.scheme.of(s), l.host.of(s)
	hostPort := host
	if l.port.ok {
		hostPort = s[l.host.start:l.port.end]
	}
	hash := -1
	if l.fragment.ok {
		hash = l.fragment.start - 1
	}
	u, err := parseNetURLAt(s, hash)
	// A host without ":" and "[" is not split (fillNetURL): the host
	// and no port. With a port, net/url's Host is the text host:port,
	// which Hostname and Port split at its one ":" into the RFC's host
	// and port. (Policy.Check on "http://127.0.0.1:port/a/b?c=d" under
	// callgrind: compareReaders, about 1,100 instructions, not run.)
	netAgrees := plain && err == nil && u.User == nil && u.Scheme == scheme &&
		u.Host == hostPort && (u.Opaque != "" || u.Path == l.path.of(s))
	var w whatwg.URL
	var werr error
	webAgrees := true
	if l.scheme.ok {
		// The URL Standard reads a relative reference only against a
		// base, which Lint does not have.
		w, werr = whatwg.Parse(s)
		// A host without "[" and "]" loses nothing to fillWHATWG's
		// trimming; the path is not compared (Opaque).
		//
		// An href that is the input itself (the parser's fast path
		// returns the input's own memory) says the same at less cost
		// (146 instructions a clean URL fewer under callgrind, on
		// kasztp.txt and on userbait.txt): the serializer
		// (URL Standard, section "URL serializing") writes "//" exactly
		// for a host, then the credentials and "@", the host and ":"
		// and the port, and a host, percent-encoded credentials (the
		// userinfo percent-encode set) and a port hold no "/", "?" or
		// "#", so the text between "//" and the next of those is the
		// RFC's authority; in a plain reference that holds no "@" (no
		// userinfo): no credentials, and the RFC's host and port (the
		// serializer writes the port after the host's ":" in decimal,
		// as it is in the input then; a host holds no ":" but in an
		// IPv6 address, and a plain reference has no IP-literal). Both
		// schemes end at the first ":".
		webAgrees = plain && werr == nil && (w.Href() == s ||
			w.Username() == "" && w.Password() == "" && w.Port() == "" && !l.port.ok &&
				strings.TrimSuffix(w.Protocol(), ":") == scheme && w.Hostname() == host)
	}
	if netAgrees && webAgrees && len(c.opts.Readers) == 0 {
		return
	}
	c.compareReaders(iri, u, err, netAgrees, &w, werr, webAgrees)
}

// compareReaders is checkReaders for the readings that must be compared:
// net/url's unless netAgrees, the URL Standard's unless webAgrees, and
// those of Options.Readers.
func (c *checker) compareReaders(iri *uri.IRI, u *url.URL, err error, netAgrees bool, w *whatwg.URL, werr error, webAgrees bool) {
	var want, got Reading
	c.rfcReading(&want, iri)
	// The hosts of net/url and the URL Standard, for CodeHostText: a
	// reader that agrees reads the host as written (checkReaders).
	net := Claim{Reader: ReaderNetURL, Component: uri.ComponentHost, Value: want.Host}
	web := Claim{Reader: ReaderWHATWG, Component: uri.ComponentHost, Value: want.Host}
	if !netAgrees {
		fillNetURL(&got, u, err)
		c.compare(ReaderNetURL, &got, &want)
		net.Value, net.Rejects = got.Host, got.Err != nil
	}
	if c.rfc.scheme.ok && !webAgrees {
		got = Reading{}
		fillWHATWG(&got, w, werr)
		c.compare(ReaderWHATWG, &got, &want)
		web.Value, web.Rejects = got.Host, got.Err != nil
	}
	if c.rfc.scheme.ok {
		c.hostText(&net, &web)
	}
	if c.rfc.scheme.ok && len(c.opts.Readers) > 0 {
		c.compareExtra(&want, &net, &web)
	}
}

// compare reports where got, the reading of the reader name, differs from
// want, RFC 3986's.
func (c *checker) compare(name string, got, want *Reading) {
	l := &c.rfc
	if got.Err != nil {
		c.add(CodeDifferential, Low, 0, 0, len(c.in), name+" rejects this valid reference: "+got.Err.Error(),
			Claim{Reader: name, Rejects: true})
		return
	}
	diff := func(comp uri.Component, p span, what, g, w string, sev Severity) {
		if !p.ok {
			// RFC 3986 reads no such component: the whole reference.
			p = span{0, len(c.in), true}
		}
		c.add(CodeDifferential, sev, comp, p.start, p.end,
			name+" reads "+what+" "+quote(g)+" where RFC 3986 reads "+quote(w),
			Claim{Reader: name, Component: comp, Value: g}, Claim{Reader: ReaderRFC3986, Component: comp, Value: w})
	}
	// Each comparison tries byte equality first, the case of a clean URL.
	switch {
	case got.Scheme != want.Scheme && !strings.EqualFold(got.Scheme, want.Scheme):
		diff(uri.ComponentScheme, l.scheme, "scheme", got.Scheme, want.Scheme, High)
	case !got.RawUserinfo && got.Userinfo != want.Userinfo && strings.TrimSuffix(got.Userinfo, ":") != strings.TrimSuffix(want.Userinfo, ":"):
		// "user:" has an empty password, which the URL Standard drops.
		diff(uri.ComponentUserinfo, l.userinfo, "userinfo", got.Userinfo, want.Userinfo, High)
	case got.Host != want.Host && !sameHost(got.Host, want.Host):
		diff(uri.ComponentHost, l.host, "host", got.Host, want.Host, High)
	case got.Port != want.Port && portValue(got.Port, c.scheme) != portValue(want.Port, c.scheme):
		diff(uri.ComponentPort, l.port, "port", got.Port, want.Port, Medium)
	case !got.Opaque && got.Path != want.Path:
		diff(uri.ComponentPath, l.path, "path", got.Path, want.Path, Low)
	}
}

// sameHost reports whether two readings of a host name the same host: the
// same text without regard to case, the same IP address however written,
// or the same name once mapped by IDNA (the URL Standard serializes
// A-labels, RFC 3987 keeps what was written).
func sameHost(a, b string) bool {
	if strings.EqualFold(a, b) {
		return true
	}
	if x, err := netip.ParseAddr(a); err == nil {
		y, err := netip.ParseAddr(b)
		return err == nil && x == y
	}
	if len(a) > 4*253 || len(b) > 4*253 {
		return false
	}
	x, err1 := idnaBrowser.ToASCII(a)
	y, err2 := idnaBrowser.ToASCII(b)
	return err1 == nil && err2 == nil && strings.EqualFold(x, y)
}

// portValue returns port without leading zeros, or "" when it is empty or
// the default port of scheme (which the URL Standard drops).
func portValue(port, scheme string) string {
	p := strings.TrimLeft(port, "0")
	if p == "" && port != "" {
		p = "0"
	}
	if p != "" && isDefaultPort(p, scheme) {
		return ""
	}
	return p
}

// isDefaultPort reports whether the decimal port p, without leading zeros,
// is the default port of scheme, a special scheme of the URL Standard.
func isDefaultPort(p, scheme string) bool {
	d, ok := whatwg.DefaultPort(scheme)
	if !ok {
		return false
	}
	var buf [5]byte
	return string(strconv.AppendUint(buf[:0], uint64(d), 10)) == p
}
