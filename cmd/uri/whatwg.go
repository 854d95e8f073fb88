package main

import (
	"errors"
	"net/url"
	"strings"

	"github.com/ferret-go/uri"
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

const compareHelp = `Compare shows side by side how three parsers read each input: RFC 3986
(this module's uri.Parse), the WHATWG URL Standard that browsers follow (the
module's whatwg package) and Go's net/url. For each it gives the scheme,
userinfo, host, port, path, query and fragment, or the error; then the
components on which the readings differ. A string that parsers read
differently is what allow-lists and dialers disagree on.

  $ uri compare 'http://a@evil.com:80@good.com/'

The URL Standard's reading is taken as its attributes say: the scheme
without ":", the userinfo as username[:password], the hostname, the query
and fragment without "?" and "#". An absent component is (absent), or null
in JSON. With --json each input gives one object on a line:

  {"input":...,"rfc3986":{"ok":true,"scheme":"http",...},
   "whatwg":{...},"net_url":{...},"differ":["userinfo","host"]}

A column is as wide as its widest cell of up to 64 bytes; a longer cell
pushes the rest of its row to the right, so that one long query does not
pad every row of the table to its width.

Bytes that are not valid UTF-8 are written as U+FFFD. The exit status is 0
when the three readings agree on every input (or all three reject it), 1
otherwise.
`

// cmdCompare shows how RFC 3986, the URL Standard and net/url read inputs.
var cmdCompare = &command{
	name:     "compare",
	synopsis: "[--json] [--max-line n] [-j n] [input...]",
	summary:  "show how RFC 3986, the URL Standard and net/url read each input",
	help:     compareHelp,
	shared:   flagJSON | flagStream,
	run:      runCompare,
}

// reading is one parser's reading of an input: its components, nil where
// absent, or its error.
type reading struct {
	err   error
	comps [7]*string // scheme, userinfo, host, port, path, query, fragment
}

var compNames = [7]string{"scheme", "userinfo", "host", "port", "path", "query", "fragment"}

var compKeys = [7]jsonKey{keyScheme, keyUserinfo, keyHost, keyPort, keyPath, keyQuery, keyFragment}

func present(s string, ok bool) *string {
	if !ok {
		return nil
	}
	return &s
}

func readRFC3986(in string) (r reading) {
	u, err := uri.Parse(in)
	if err != nil {
		return reading{err: err}
	}
	r.comps = [7]*string{present(u.Scheme(), u.HasScheme()), present(u.Userinfo(), u.HasUserinfo()),
		present(u.Host(), u.HasAuthority()), present(u.Port(), u.HasPort()), present(u.Path(), true),
		present(u.Query(), u.HasQuery()), present(u.Fragment(), u.HasFragment())}
	return r
}

func readWHATWG(in string) (r reading) {
	u, err := whatwg.Parse(in)
	if err != nil {
		return reading{err: err}
	}
	user := u.Username()
	if p := u.Password(); p != "" {
		user += ":" + p
	}
	q, hasQ := u.Query()
	f, hasF := u.Fragment()
	host := u.Hostname()
	r.comps = [7]*string{present(strings.TrimSuffix(u.Protocol(), ":"), true), present(user, user != ""),
		present(host, !u.HasOpaquePath() && (host != "" || strings.HasPrefix(u.Href()[len(u.Protocol()):], "//"))),
		present(u.Port(), u.Port() != ""), present(u.Pathname(), true), present(q, hasQ), present(f, hasF)}
	return r
}

func readNetURL(in string) (r reading) {
	u, err := url.Parse(in)
	if err != nil {
		return reading{err: err}
	}
	host := u.Hostname()
	if strings.Contains(host, ":") {
		host = "[" + host + "]"
	}
	var user *string
	if u.User != nil {
		user = present(u.User.String(), true)
	}
	path := u.EscapedPath()
	if u.Opaque != "" {
		path = u.Opaque
	}
	r.comps = [7]*string{present(u.Scheme, u.Scheme != ""), user,
		present(host, u.Host != "" || strings.Contains(in, "//")), present(u.Port(), u.Port() != ""),
		present(path, true), present(u.RawQuery, u.RawQuery != "" || u.ForceQuery),
		present(u.EscapedFragment(), u.Fragment != "" || u.RawFragment != "")}
	return r
}

func same(a, b *string) bool { return a == nil && b == nil || a != nil && b != nil && *a == *b }

// differ returns the names of the components on which the readings that
// succeeded disagree, and "ok" first when some failed and some did not.
func differ(rs [3]reading) []string {
	var d []string
	if (rs[0].err == nil) != (rs[1].err == nil) || (rs[0].err == nil) != (rs[2].err == nil) {
		d = append(d, "ok")
	}
	for c := range compNames {
		var first *reading
		for k := range rs {
			if rs[k].err != nil {
				continue
			}
			if first == nil {
				first = &rs[k]
			} else if !same(first.comps[c], rs[k].comps[c]) {
				d = append(d, compNames[c])
				break
			}
		}
	}
	return d
}

func runCompare(e *env, l *cmdLine) int {
	names := [3]string{"rfc3986", "whatwg", "net_url"}
	return e.eachInput(l.args, func(in string) bool {
		rs := [3]reading{readRFC3986(in), readWHATWG(in), readNetURL(in)}
		d := differ(rs)
		if e.json {
			j := e.beginJSON(in)
			for k, r := range rs {
				j.key(jsonKey(`"` + names[k] + `":`)).beginObject()
				j.key(keyOK).boolean(r.err == nil)
				if r.err != nil {
					j.key(keyError).str(r.err.Error())
				} else {
					for c, v := range r.comps {
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
		var cells [1 + len(compNames)][3]cell
		width := [3]int{len("rfc3986"), len("whatwg"), len("net/url")}
		for k, r := range rs {
			for c := -1; c < len(compNames); c++ {
				var x cell
				switch {
				case c < 0 && r.err == nil:
					x.text = "yes"
				case c < 0:
					x.text = "no: " + errorCause(r.err)
				case r.err != nil:
					x.text = "-"
				case r.comps[c] == nil:
					x.text = "(absent)"
				default:
					x.v = r.comps[c]
				}
				cells[c+1][k] = x
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
		row := func(name string, cols [3]cell) {
			size := 11 + 3*(maxColumn+2) + 1
			for _, x := range cols {
				if x.v != nil {
					size += len(*x.v)
				}
			}
			b = growFresh(b, size) // room made at once (see growFresh)
			b = append(b, name...)
			b = appendSpaces(b, 11-len(name))
			for k, x := range cols {
				n := len(b)
				if x.v != nil {
					b = append(b, '"')
					b, _ = appendVisible(b, *x.v, -1)
					b = append(b, '"')
				} else {
					b = append(b, x.text...)
				}
				if k < len(cols)-1 {
					b = appendSpaces(b, max(width[k]-(len(b)-n), 0)+2)
				}
			}
			b = e.spillText(append(b, '\n'))
		}
		row("", [3]cell{{text: "rfc3986"}, {text: "whatwg"}, {text: "net/url"}})
		for c := range cells {
			name := "ok"
			if c > 0 {
				name = compNames[c-1]
			}
			row(name, cells[c])
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
	switch {
	case errors.As(err, &ue):
		return ue.Err.Error()
	case errors.As(err, &we):
		return we.Reason
	case errors.As(err, &ne):
		return strings.TrimPrefix(ne.Err.Error(), "net/url: ")
	}
	return err.Error()
}
