package main

import (
	"flag"
	"strings"

	"github.com/ferret-go/uri"
)

// trurl's --json output for uri edit: --trurl-json.
//
// trurl's manual (trurl.md, "JSON output format") is the specification:
// one JSON array for the whole run, with an object per result, in input
// order; each object has "url", the whole URL, "parts", an object with a
// member for each component the URL has (scheme, user, password, host,
// port, path, query, fragment, zoneid, in that order), and "params", the
// query's key/value pairs in order, present when the URL has a query. The
// parts are decoded unless --urlencode is given; the params are always
// decoded. Where the manual is silent, trurl 0.16.1 built with libcurl
// 7.88.1 decides (the tests say what it gives), except where it departs
// from RFC 3986: see trurlJSONHelp.

// trurlJSONHelp is what edit's help says of --trurl-json.
const trurlJSONHelp = `
With --trurl-json the output is trurl's --json instead: one JSON array for
the whole run, an object per result in input order, written as trurl writes
it and read by trurl's scripts (trurl's manual, "JSON output format"):

  $ uri edit --trurl-json 'https://fake.host/search?q=answers&user=me#frag'
  [
    {
      "url": "https://fake.host/search?q=answers&user=me#frag",
      "parts": {
        "scheme": "https",
        "host": "fake.host",
        "path": "/search",
        "query": "q=answers&user=me",
        "fragment": "frag"
      },
      "params": [
        {
          "key": "q",
          "value": "answers"
        },
        {
          "key": "user",
          "value": "me"
        }
      ]
    }
  ]

"parts" has a member for each component the result has, even an empty
one (RFC 3986, section 3: "http://h/?" has an empty query, "file:///x" an
empty host, which libcurl reports as no host at all): scheme, user,
password, host, port, path (when not empty), query, fragment and zoneid,
decoded, or as written with --urlencode. The host of an IPv6 address with a
zone (--zone) is the address alone, its zone is "zoneid". The query is
decoded as trurl does, "+" as a space (application/x-www-form-urlencoded),
and so is each pair of "params", with or without --urlencode; "params" is
there when the query is not empty, and a pair's key ends at its first "="
as written: "a%3Db=c" is the key "a=b" (RFC 3986, section 2.2: "%3D" is
data), where trurl splits the decoded text ("a", "b=c"). "port" is the port
as given even when --normalize drops it from "url" for being the scheme's
default, as trurl's is; --default-port and --keep-port change both.
--punycode and --as-idn change the host in "url" and "parts" alike. A
rejected input is reported on standard error and has no object, so the
array stays valid JSON (--verify ends it at the first). With no result the
output is "[]". The array is one document, so the run is on one core; it
cannot go with --json, which writes uri's own object a line, nor with
--get.
`

// defineTrurlJSON defines --trurl-json on the flag set of edit and returns
// its value; get, whose output is always a template's text, has none and
// gets nil.
func defineTrurlJSON(fs *flag.FlagSet, get bool) *bool {
	if get {
		return nil
	}
	return fs.Bool("trurl-json", false, "write trurl's --json: one JSON array of an object per result, with \"url\",\n"+
		"\"parts\" decoded (as written with --urlencode) and \"params\" (see above)")
}

// checkTrurlJSON returns why --trurl-json cannot go with the other flags
// given, or "": trurl's JSON holds no template's text (trurl refuses --json
// with --get) and is not uri's --json.
func checkTrurlJSON(l *cmdLine, tmpl string) string {
	switch {
	case l.e.json:
		return "--trurl-json and --json are two outputs: give one"
	case tmpl != "":
		return "--trurl-json writes no template's text: it cannot go with --get"
	}
	return ""
}

// trurlParts names the members of "parts" in trurl's order (its manual's
// and its writer's), but for "options", IMAP's login options (RFC 5092,
// section 3.2), which RFC 3986 does not separate from the userinfo.
var trurlParts = [...]string{"scheme", "user", "password", "host", "port", "path", "query", "fragment", "zoneid"}

// beginTrurlJSON starts the array.
func (ed *editor) beginTrurlJSON(e *env) {
	ed.objects = 0
	e.out.WriteByte('[')
}

// endTrurlJSON ends the array: "[]" when it holds no object, else "]" on a
// line of its own.
func (ed *editor) endTrurlJSON(e *env) {
	if ed.objects > 0 {
		e.out.WriteByte('\n')
	}
	e.out.WriteString("]\n")
}

// writeTrurlJSON writes the object of the result u, laid out as trurl lays
// it out (two spaces a level, a member a line).
func (ed *editor) writeTrurlJSON(e *env, u uri.URI) {
	sp := ed.sp
	b := ed.text[:0]
	if ed.objects > 0 {
		b = append(b, ',')
	}
	ed.objects++
	url := u.String()
	if sp.asIDN {
		url = withHost(u, idnHost(u))
	}
	b = append(b, "\n  {\n    \"url\": "...)
	b = appendJSONString(b, url)
	b = append(b, ",\n    \"parts\": {"...)
	first := true
	for _, name := range trurlParts {
		v, ok := ed.trurlPart(u, name)
		if !ok {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = append(b, "\n      \""...)
		b = append(b, name...)
		b = append(b, "\": "...)
		b = appendJSONString(b, v)
	}
	b = append(b, "\n    }"...)
	if q := u.Query(); q != "" {
		b = append(b, ",\n    \"params\": ["...)
		n := 0
		for field := range strings.SplitSeq(q, string(sp.sep)) {
			if field == "" {
				continue // trurl lists no empty pair ("a&&b" holds two)
			}
			k, v, _ := strings.Cut(field, "=")
			if n > 0 {
				b = append(b, ',')
			}
			n++
			b = append(b, "\n      {\n        \"key\": "...)
			b = appendJSONString(b, decodeForm(k))
			b = append(b, ",\n        \"value\": "...)
			b = appendJSONString(b, decodeForm(v))
			b = append(b, "\n      }"...)
		}
		if n > 0 {
			b = append(b, "\n    "...)
		}
		b = append(b, ']')
	}
	b = append(b, "\n  }"...)
	ed.text = b
	e.out.Write(b)
}

// trurlPart returns the member name of "parts" for u, decoded unless
// --urlencode, and whether u has it.
func (ed *editor) trurlPart(u uri.URI, name string) (string, bool) {
	sp := ed.sp
	switch name {
	case "host":
		if !u.HasAuthority() {
			return "", false
		}
		if sp.asIDN {
			return idnHost(u), true
		}
		h := u.Host()
		if _, ok := zoneID(u); ok {
			// The address alone: libcurl's host part, which trurl
			// writes, has the zone apart (RFC 6874, section 2).
			return h[:strings.IndexByte(h, '%')] + "]", true
		}
	case "port":
		if !u.HasPort() && ed.droppedPort != "" {
			return ed.droppedPort, true
		}
	case "query":
		if !u.HasQuery() {
			return "", false
		}
		if sp.urlencode {
			return u.Query(), true
		}
		return decodeForm(u.Query()), true
	}
	p := tmplPart{name: name}
	return p.value(u, sp, sp.urlencode)
}

// decodeForm decodes the text of a valid query, or a key or value in it,
// as trurl does: "+" is a space, as in application/x-www-form-urlencoded
// (URL Standard, section 5.1), and each triplet the octet it encodes (RFC
// 3986, section 2.1). It is the text itself if it cannot be decoded.
func decodeForm(s string) string {
	d, err := uri.Unescape(s, uri.EscapeForm)
	if err != nil {
		return s
	}
	return d
}
