package main

import (
	"errors"
	"net/url"
	"strconv"
	"strings"

	"github.com/ferret-go/uri"
	"github.com/ferret-go/uri/internal/sidebyside"
	"github.com/ferret-go/uri/readers"
	"github.com/ferret-go/uri/whatwg"
)

// The URL Standard's reading: parse --whatwg and compare.

// Keys of the URL API's attributes, as the web-platform-tests files name
// them.
const (
	keyHref     jsonKey = `"href":`
	keyProtocol jsonKey = `"protocol":`
	keyUsername jsonKey = `"username":`
	keyPassword jsonKey = `"password":`
	keyHostname jsonKey = `"hostname":`
	keyPathname jsonKey = `"pathname":`
	keySearch   jsonKey = `"search":`
	keyHash     jsonKey = `"hash":`
)

// runParseWHATWG parses each input with the URL Standard's basic URL
// parser, against base when one is given, and shows the URL API's
// attributes.
func runParseWHATWG(e *env, l *cmdLine, baseText string) int {
	var base whatwg.URL
	if baseText != "" {
		b, err := whatwg.Parse(baseText)
		if err != nil {
			v, _ := appendVisible(nil, baseText, 0)
			return l.usageError("invalid base " + string(v) + ": " + err.Error())
		}
		base = b
	}
	parse := func(in string) (whatwg.URL, error) { return whatwg.ParseRef(in, base) }
	return eachParsed(e, l, parse, func(j *jsonLine, u whatwg.URL) {
		for _, a := range urlAttributes(u) {
			j.key(a.key).str(a.value)
		}
	}, func(b []byte, u whatwg.URL) []byte {
		for _, a := range urlAttributes(u) {
			name := strings.Trim(string(a.key), `":`)
			b = append(b, name...)
			b = appendSpaces(b, 10-len(name))
			b = append(b, '"')
			b, _ = appendVisible(b, a.value, -1)
			b = append(b, "\"\n"...)
		}
		return b
	})
}

type attribute struct {
	key   jsonKey
	value string
}

// urlAttributes lists the URL API's attributes of u, in the order of the
// URL Standard's URL class.
func urlAttributes(u whatwg.URL) [11]attribute {
	return [...]attribute{
		{keyHref, u.Href()}, {keyOrigin, u.Origin()}, {keyProtocol, u.Protocol()},
		{keyUsername, u.Username()}, {keyPassword, u.Password()}, {keyHost, u.Host()},
		{keyHostname, u.Hostname()}, {keyPort, u.Port()}, {keyPathname, u.Pathname()},
		{keySearch, u.Search()}, {keyHash, u.Hash()},
	}
}

const compareHelp = `Compare shows side by side how parsers read each input: RFC 3986 (this
module's uri.Parse), the WHATWG URL Standard that browsers follow (the
module's whatwg package), Go's net/url, and the emulations of other
languages' parsers (package readers: curl, Python, Node's legacy url.parse,
Java, PHP, each checked against the real one). For each it gives the
scheme, userinfo, host, port, path, query and fragment, or the error; then
the components on which the readings differ. A string that parsers read
differently is what allow-lists and dialers disagree on. --readers chooses
the readers and their order (all by default).

  $ uri compare 'http://a@evil.com:80@good.com/'
  $ uri compare --readers whatwg,python,curl 'http://a\@b/'

The URL Standard's reading is taken as its attributes say: the scheme
without ":", the userinfo as username[:password], the hostname, the query
and fragment without "?" and "#". An emulated reader's host is the one a
client built on that parser connects to. An absent component is (absent),
or null in JSON. With --json each input gives one object on a line, a key
per reader:

  {"input":...,"rfc3986":{"ok":true,"scheme":"http",...},
   "whatwg":{...},"net_url":{...},...,"differ":["userinfo","host"]}

A column is as wide as its widest cell of up to 64 bytes; a longer cell
pushes the rest of its row to the right, so that one long query does not
pad every row of the table to its width. The readers that do not fit in 80
columns go on in another table below. A reader that rejects the input shows
"no [n]" in the ok row, and its error is note [n] below the tables.

Bytes that are not valid UTF-8 are written as U+FFFD. The exit status is 0
when the readings agree on every input (or all reject it), 1 otherwise.
`

// cmdCompare shows how RFC 3986, the URL Standard, net/url and the
// emulated readers read inputs.
var cmdCompare = &command{
	name:     "compare",
	synopsis: "[--json] [--readers list] [--max-line n] [-j n] [input...]",
	summary:  "show how RFC 3986, the URL Standard, net/url and other parsers read each input",
	help:     compareHelp,
	shared:   flagJSON | flagStream | flagReaders,
	run:      runCompare,
}

// reading is one parser's reading of an input, as package sidebyside makes
// it for compare and the viewer alike.
type reading = sidebyside.Reading

var compNames = sidebyside.Components

var compKeys = [7]jsonKey{keyScheme, keyUserinfo, keyHost, keyPort, keyPath, keyQuery, keyFragment}

// compareWidth is the width compare's text table keeps to: a table with
// more readers than fit is written as several, each with as many columns
// as fit, so that it reads on an 80-column terminal.
const compareWidth = 80

func runCompare(e *env, l *cmdLine) int {
	defs := l.readers.chosen()
	return e.eachInput(l.args, func(in string) bool {
		rs := make([]reading, len(defs))
		for k, d := range defs {
			rs[k] = d.Read(in)
		}
		d := sidebyside.Differ(rs)
		if e.json {
			j := e.beginJSON(in)
			for k, r := range rs {
				j.key(jsonKey(`"` + defs[k].Name + `":`)).beginObject()
				j.key(keyOK).boolean(r.Err == nil)
				if r.Err != nil {
					j.key(keyError).str(r.Err.Error())
				} else {
					for c, v := range r.Comps {
						j.key(compKeys[c])
						if v == nil {
							j.null()
						} else {
							j.str(*v)
						}
					}
				}
				j.endObject()
			}
			j.key(`"differ":`).beginArray()
			for _, s := range d {
				j.str(s)
			}
			j.endArray()
			e.endJSON(j)
			return len(d) == 0
		}
		e.beginBlock()
		b, _ := appendVisible(e.textRoom(len(in)+1), in, -1)
		b = append(b, '\n')
		// A row per component, a column per parser, each as wide as its
		// widest cell up to maxColumn. A component's cell is written
		// from the reading, not copied first, and a long table is
		// written a row at a time (spillText): the text form of two 4
		// MiB lines of "#" took 31 times a line in memory.
		type cell struct {
			text string  // a word or an error
			v    *string // or a component, quoted and made visible
		}
		cells := make([][1 + len(compNames)]cell, len(rs))
		var notes []string // the errors, [1] first
		width := make([]int, len(rs))
		for k, r := range rs {
			width[k] = len(defs[k].Label)
			for c := -1; c < len(compNames); c++ {
				var x cell
				switch {
				case c < 0 && r.Err == nil:
					x.text = "yes"
				case c < 0:
					// The error goes below the table, so that a
					// long message widens no column.
					notes = append(notes, defs[k].Label+": "+errorCause(r.Err))
					x.text = "no [" + strconv.Itoa(len(notes)) + "]"
				case r.Err != nil:
					x.text = "-"
				case r.Comps[c] == nil:
					x.text = "(absent)"
				default:
					x.v = r.Comps[c]
				}
				cells[k][c+1] = x
				n := len(x.text)
				if x.v != nil {
					// A component is at least as wide as it is
					// long: only a short one is measured.
					n = len(*x.v) + 2
					if n < maxColumn {
						var buf [maxColumn]byte
						vis, _ := appendVisible(buf[:0], *x.v, -1)
						n = len(vis) + 2
					}
				}
				width[k] = max(width[k], min(n, maxColumn))
			}
		}
		// row writes row c (-1: the header) of columns [lo, hi).
		row := func(c, lo, hi int) {
			name := ""
			if c == 0 {
				name = "ok"
			} else if c > 0 {
				name = compNames[c-1]
			}
			size := 11 + (hi-lo)*(maxColumn+2) + 1
			for k := lo; k < hi; k++ {
				if c >= 0 && cells[k][c].v != nil {
					size += len(*cells[k][c].v)
				}
			}
			b = growFresh(b, size) // room made at once (see growFresh)
			b = append(b, name...)
			b = appendSpaces(b, 11-len(name))
			for k := lo; k < hi; k++ {
				n := len(b)
				switch x := cells[k][max(c, 0)]; {
				case c < 0:
					b = append(b, defs[k].Label...)
				case x.v != nil:
					b = append(b, '"')
					b, _ = appendVisible(b, *x.v, -1)
					b = append(b, '"')
				default:
					b = append(b, x.text...)
				}
				if k < hi-1 {
					b = appendSpaces(b, max(width[k]-(len(b)-n), 0)+2)
				}
			}
			b = e.spillText(append(b, '\n'))
		}
		for lo := 0; lo < len(rs); {
			// As many columns as fit in compareWidth, and at least one.
			hi, w := lo+1, 11+width[lo]
			for hi < len(rs) && w+2+width[hi] <= compareWidth {
				w += 2 + width[hi]
				hi++
			}
			if lo > 0 {
				b = append(b, '\n')
			}
			for c := -1; c <= len(compNames); c++ {
				row(c, lo, hi)
			}
			lo = hi
		}
		for k, n := range notes {
			b = append(b, "["+strconv.Itoa(k+1)+"] "...)
			b, _ = appendVisible(b, n, -1)
			b = append(b, '\n')
		}
		if len(d) > 0 {
			b = append(b, "differ     "...)
			b = append(b, strings.Join(d, ", ")...)
			b = append(b, '\n')
		}
		e.writeText(b)
		return len(d) == 0
	})
}

// maxColumn is the widest a column of compare's table grows. A longer cell
// takes the room it needs and moves the rest of its row: padding every row
// to a cell of megabytes made the table ten times the input.
const maxColumn = 64

// errorCause is an error's message without the package prefixes, for a
// narrow column.
func errorCause(err error) string {
	var ue *uri.Error
	var we *whatwg.Error
	var ne *url.Error
	var re *readers.Error
	switch {
	case errors.As(err, &re):
		return re.Reason
	case errors.As(err, &ue):
		return ue.Err.Error()
	case errors.As(err, &we):
		return we.Reason
	case errors.As(err, &ne):
		return strings.TrimPrefix(ne.Err.Error(), "net/url: ")
	}
	return err.Error()
}
