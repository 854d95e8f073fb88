package main

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// trurl's manual's example of --json ("EXAMPLES", "Output JSON"), as trurl
// 0.16.1 (libcurl 7.88.1) writes it: the manual's own text has a "parts"
// in brackets and misplaced commas, which trurl does not write.
const trurlManualJSON = `[
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
`

// The manual's example, byte for byte: the layout is trurl's too, so that
// a script that compares trurl's text gets the same.
func TestTrurlJSONManualExample(t *testing.T) {
	runCmdTests(t, []cmdTest{
		{name: "manual", args: []string{"edit", "--trurl-json", "https://fake.host/search?q=answers&user=me#frag"},
			stdout: trurlManualJSON},
		// trurl's manual says inputs' options come anywhere.
		{name: "option after the input", args: []string{"edit", "https://fake.host/search?q=answers&user=me#frag", "--trurl-json"},
			stdout: trurlManualJSON},
		// "outputs a JSON array with one or more objects": with no result,
		// trurl writes "[]" (tests.json, case 125).
		{name: "no result", stdin: "\n", args: []string{"edit", "--trurl-json", "--url-file", "-"}, stdout: "[]\n"},
	})
}

// trurlJSONTests are the sections of trurl's manual on --json and the
// fields of "JSON output format", each with trurl's own output: the
// command is "uri edit --trurl-json --normalize --guess-scheme" and the
// arguments, the expected output that of trurl 0.16.1 built with libcurl
// 7.88.1 for "trurl --json" and the same arguments (where uri's reading
// differs, the test says so and why).
var trurlJSONTests = []struct {
	name string
	args []string
	want string // JSON, compared as JSON
	code int
}{
	// "url: ... Affected by --default-port, --keep-port, and --punycode."
	// "parts.port: The provided port number as a string."
	{"default port given", []string{"https://a:443/x"},
		`[{"url": "https://a/x", "parts": {"scheme": "https", "host": "a", "port": "443", "path": "/x"}}]`, 0},
	{"--keep-port", []string{"--keep-port", "https://a:443/x"},
		`[{"url": "https://a:443/x", "parts": {"scheme": "https", "host": "a", "port": "443", "path": "/x"}}]`, 0},
	{"--default-port", []string{"--default-port", "https://a/x"},
		`[{"url": "https://a:443/x", "parts": {"scheme": "https", "host": "a", "port": "443", "path": "/x"}}]`, 0},
	{"other port", []string{"ftp://smith:secret@example.com:33/path?search=me#where"},
		`[{"url": "ftp://smith:secret@example.com:33/path?search=me#where", "parts": {"scheme": "ftp", "user": "smith",
		"password": "secret", "host": "example.com", "port": "33", "path": "/path", "query": "search=me", "fragment": "where"},
		"params": [{"key": "search", "value": "me"}]}]`, 0},
	// "parts.host: ... If --punycode is used, the punycode version of the
	// host is outputted instead."
	{"--punycode", []string{"--punycode", "http://räk.se/"},
		`[{"url": "http://xn--rk-via.se/", "parts": {"scheme": "http", "host": "xn--rk-via.se", "path": "/"}}]`, 0},
	// --as-idn: "Converts a punycode ASCII hostname to its original
	// International Domain Name in Unicode" (trurl with libcurl 7.88 cannot:
	// it needs 8.x; this is what the manual says).
	{"--as-idn", []string{"--as-idn", "http://xn--rk-via.se/"},
		`[{"url": "http://räk.se/", "parts": {"scheme": "http", "host": "räk.se", "path": "/"}}]`, 0},
	// "It might be a UTF-8 name if an IDN name was used."
	{"host decoded", []string{"http://r%C3%A4k.se/"},
		`[{"url": "http://r%C3%A4k.se/", "parts": {"scheme": "http", "host": "räk.se", "path": "/"}}]`, 0},
	// "The parts are URL decoded unless --urlencode is used"; the params
	// are decoded either way.
	{"decoded", []string{"http://h/a%20b?x=%41+c#f%20"},
		`[{"url": "http://h/a%20b?x=A+c#f%20", "parts": {"scheme": "http", "host": "h", "path": "/a b", "query": "x=A c",
		"fragment": "f "}, "params": [{"key": "x", "value": "A c"}]}]`, 0},
	{"--urlencode", []string{"--urlencode", "http://h/a%20b?x=%41+c#f%20"},
		`[{"url": "http://h/a%20b?x=A+c#f%20", "parts": {"scheme": "http", "host": "h", "path": "/a%20b", "query": "x=A+c",
		"fragment": "f%20"}, "params": [{"key": "x", "value": "A c"}]}]`, 0},
	{"user and password", []string{"http://u%3Aser:p%40ss@h/"},
		`[{"url": "http://u%3Aser:p%40ss@h/", "parts": {"scheme": "http", "user": "u:ser", "password": "p@ss", "host": "h", "path": "/"}}]`, 0},
	// A NUL is written as \u0000, a byte that is not UTF-8 as U+FFFD.
	{"control and bad bytes", []string{"http://h/%00?%FF=%C3%A9"},
		`[{"url": "http://h/%00?%FF=%C3%A9", "parts": {"scheme": "http", "host": "h", "path": "/\u0000", "query": "\ufffd=é"},
		"params": [{"key": "\ufffd", "value": "é"}]}]`, 0},
	// "parts.zoneid: ... When this key is present, then host is an IPv6
	// numerical address."
	{"zoneid", []string{"--zone", "http://[fe80::1%25eth0]:8080/"},
		`[{"url": "http://[fe80::1%25eth0]:8080/", "parts": {"scheme": "http", "host": "[fe80::1]", "port": "8080", "path": "/",
		"zoneid": "eth0"}}]`, 0},
	// "params ... are extracted from the query where they are separated by
	// ampersands (&) - or the user sets with --query-separator."
	{"--query-separator", []string{"--query-separator", ";", "localhost?a=1;b=2&c"},
		`[{"url": "http://localhost/?a=1;b=2&c", "parts": {"scheme": "http", "host": "localhost", "path": "/", "query": "a=1;b=2&c"},
		"params": [{"key": "a", "value": "1"}, {"key": "b", "value": "2&c"}]}]`, 0},
	// "... can be made alpha-sorted with --sort-query."
	{"--sort-query", []string{"--sort-query", "localhost?b=1&a=2"},
		`[{"url": "http://localhost/?a=2&b=1", "parts": {"scheme": "http", "host": "localhost", "path": "/", "query": "a=2&b=1"},
		"params": [{"key": "a", "value": "2"}, {"key": "b", "value": "1"}]}]`, 0},
	// A pair's "+" is a space, "%2B" a "+"; empty pairs are not listed, a
	// pair may have the empty key. (libcurl writes "url" as
	// "http://localhost/?a%2bb=1+2&=x&y": lowercase hex, the empty pair
	// dropped, which RFC 3986 does not permit, sections 2.1 and 6.2.2.)
	{"params", []string{"localhost?a%2Bb=1+2&&=x&y"},
		`[{"url": "http://localhost/?a%2Bb=1+2&&=x&y", "parts": {"scheme": "http", "host": "localhost", "path": "/",
		"query": "a+b=1 2&&=x&y"}, "params": [{"key": "a+b", "value": "1 2"}, {"key": "", "value": "x"}, {"key": "y", "value": ""}]}]`, 0},
	// "params ... is only present if the URL has a query": an empty one
	// has no pair (libcurl 7.88 says the same of "query" but drops the "?"
	// from "url", which RFC 3986, section 6.2.3 does not permit: "?" and no
	// query are different URIs to a scheme that does not say otherwise).
	{"empty query", []string{"localhost?"},
		`[{"url": "http://localhost/?", "parts": {"scheme": "http", "host": "localhost", "path": "/", "query": ""}}]`, 0},
	// An empty host is a host (RFC 3986, section 3.2.2: "file:///x" has an
	// authority whose reg-name is empty); libcurl says "no host", and
	// trurl writes none.
	{"empty host", []string{"file:///one/two"},
		`[{"url": "file:///one/two", "parts": {"scheme": "file", "host": "", "path": "/one/two"}}]`, 0},
	{"query of empty pairs", []string{"https://curl.se/?&&&"},
		`[{"url": "https://curl.se/?&&&", "parts": {"scheme": "https", "host": "curl.se", "path": "/", "query": "&&&"}, "params": []}]`, 0},
	// Where uri departs from trurl: the key ends at the first "=" as
	// written, since "%3D" is data and not the delimiter (RFC 3986,
	// section 2.2); trurl gives {"key": "a", "value": "b=c"}.
	{"encoded =", []string{"localhost?a%3Db=c"},
		`[{"url": "http://localhost/?a%3Db=c", "parts": {"scheme": "http", "host": "localhost", "path": "/", "query": "a=b=c"},
		"params": [{"key": "a=b", "value": "c"}]}]`, 0},
	// "One for each URL", in order; --iterate makes one per value.
	{"two URLs", []string{"example.com", "other.com"},
		`[{"url": "http://example.com/", "parts": {"scheme": "http", "host": "example.com", "path": "/"}},
		{"url": "http://other.com/", "parts": {"scheme": "http", "host": "other.com", "path": "/"}}]`, 0},
	{"--iterate", []string{"localhost", "--iterate", "host=one two"},
		`[{"url": "http://one/", "parts": {"scheme": "http", "host": "one", "path": "/"}},
		{"url": "http://two/", "parts": {"scheme": "http", "host": "two", "path": "/"}}]`, 0},
	// A bad URL has no object ("trurl note: Bad hostname [bad url]" on
	// standard error) and the next is read; uri's exit status says one
	// was rejected, where trurl's is 0 unless --verify.
	{"bad URL", []string{"bad url", "http://ok/"},
		`[{"url": "http://ok/", "parts": {"scheme": "http", "host": "ok", "path": "/"}}]`, 1},
	// --verify ends the array at the first bad URL (trurl exits 9).
	{"--verify", []string{"--verify", "http://ok/", "http://[x/", "http://two/"},
		`[{"url": "http://ok/", "parts": {"scheme": "http", "host": "ok", "path": "/"}}]`, 1},
}

func TestTrurlJSON(t *testing.T) {
	for _, tt := range trurlJSONTests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"edit", "--trurl-json", "--normalize", "--guess-scheme"}, tt.args...)
			stdout, stderr, code := runCmd(t, "", args...)
			var got, want any
			if err := json.Unmarshal([]byte(tt.want), &want); err != nil {
				t.Fatalf("the test's JSON: %v", err)
			}
			if err := json.Unmarshal([]byte(stdout), &got); err != nil {
				t.Fatalf("%q: output is not JSON (%v):\n%s", args, err, stdout)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%q gives\n%s\nwant (trurl)\n%s", args, stdout, tt.want)
			}
			if code != tt.code {
				t.Errorf("%q: exit status %d, want %d (stderr %q)", args, code, tt.code, stderr)
			}
			if (code == 0) != (stderr == "") {
				t.Errorf("%q: exit status %d with stderr %q", args, code, stderr)
			}
		})
	}
}

// --trurl-json is one output: not with uri's --json, not with a template
// (trurl: "--get is mutually exclusive with --json", exit 4), and not a flag
// of get, whose output is a template's text.
func TestTrurlJSONUsage(t *testing.T) {
	usage := "Usage: uri edit " + cmdEdit.synopsis + "\nRun \"uri edit --help\" for more.\n"
	runCmdTests(t, []cmdTest{
		{name: "with --json", args: []string{"edit", "--json", "--trurl-json", "http://a/"},
			stderr: "uri edit: --trurl-json and --json are two outputs: give one\n" + usage, code: 2},
		{name: "with --get", args: []string{"edit", "http://a/", "--trurl-json", "--get", "{port}"},
			stderr: "uri edit: --trurl-json writes no template's text: it cannot go with --get\n" + usage, code: 2},
		{name: "get", args: []string{"get", "--trurl-json", "{port}", "http://a/"},
			stderr: "flag provided but not defined: -trurl-json\nUsage: uri get " + cmdGet.synopsis +
				"\nRun \"uri get --help\" for more.\n", code: 2},
	})
}

// Lines of standard input, which run on every core without --trurl-json,
// make one array in input order with it, whatever -j says.
func TestTrurlJSONStdin(t *testing.T) {
	var in strings.Builder
	var want []string
	for i := range 3000 {
		u := "http://h" + strings.Repeat("x", i%50) + "/" + strings.Repeat("p", i%7)
		in.WriteString(u + "\n")
		if i%10 == 0 {
			in.WriteString("bad url\n")
		}
		want = append(want, u)
	}
	for _, j := range []string{"1", "2", "4"} {
		stdout, _, code := runCmd(t, in.String(), "edit", "--trurl-json", "-j", j)
		var got []struct {
			URL string `json:"url"`
		}
		if err := json.Unmarshal([]byte(stdout), &got); err != nil {
			t.Fatalf("-j %s: output is not JSON: %v", j, err)
		}
		if code != 1 {
			t.Errorf("-j %s: exit status %d, want 1 (bad lines)", j, code)
		}
		if len(got) != len(want) {
			t.Fatalf("-j %s: %d objects, want %d", j, len(got), len(want))
		}
		for i := range got {
			if got[i].URL != want[i] {
				t.Fatalf("-j %s: object %d is %q, want %q", j, i, got[i].URL, want[i])
			}
		}
	}
}

// FuzzTrurlJSON: any input gives one JSON array, with an object when the
// input is accepted and none when it is not; the object's "url" is what
// "uri edit" prints, and with --urlencode its parts recompose it (RFC 3986,
// section 5.3).
func FuzzTrurlJSON(f *testing.F) {
	for _, s := range []string{"https://fake.host/search?q=answers&user=me#frag", "http://u:p@h:8/a%20b?x=%41+c&&=y#f",
		"http://@h/?#", "mailto:a@b", "a/b?c", "", "http://[::1]:0/", "%", "http://h/%00?%FF", "x:\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if strings.ContainsAny(s, "\r\n") {
			return // an argument, not a line: still one input, but keep the messages short
		}
		type object struct {
			URL   string            `json:"url"`
			Parts map[string]string `json:"parts"`
		}
		var encoded []object // the objects with --urlencode
		// The same with trurl's defaults made explicit, where a default
		// port given stays in "parts" alone.
		for _, flags := range [][]string{{"--urlencode"}, {"--normalize", "--guess-scheme", "--zone"}} {
			text, _, textCode := runCmd(t, "", append(append([]string{"edit"}, flags...), "--", s)...)
			stdout, _, code := runCmd(t, "", append(append([]string{"edit", "--trurl-json"}, flags...), "--", s)...)
			var got []object
			if err := json.Unmarshal([]byte(stdout), &got); err != nil {
				t.Fatalf("%q %q: not a JSON array (%v): %q", flags, s, err, stdout)
			}
			if code != textCode || (code == 0) != (len(got) == 1) || len(got) > 1 {
				t.Fatalf("%q %q: exit %d (text: %d) with %d objects", flags, s, code, textCode, len(got))
			}
			if code != 0 {
				continue
			}
			if got[0].URL+"\n" != text {
				t.Errorf("%q %q: url %q, edit prints %q", flags, s, got[0].URL, text)
			}
			if flags[0] == "--urlencode" {
				encoded = got
			}
		}
		if len(encoded) == 0 {
			return
		}
		p, url := encoded[0].Parts, encoded[0].URL
		var b strings.Builder
		if v, ok := p["scheme"]; ok {
			b.WriteString(v + ":")
		}
		if h, ok := p["host"]; ok {
			b.WriteString("//")
			if u, ok := p["user"]; ok {
				b.WriteString(u)
				if pw, ok := p["password"]; ok {
					b.WriteString(":" + pw)
				}
				b.WriteString("@")
			}
			b.WriteString(h)
			if v, ok := p["port"]; ok {
				b.WriteString(":" + v)
			}
		}
		b.WriteString(p["path"])
		if v, ok := p["query"]; ok {
			b.WriteString("?" + v)
		}
		if v, ok := p["fragment"]; ok {
			b.WriteString("#" + v)
		}
		if b.String() != url {
			t.Errorf("%q: parts %v recompose %q, url %q", s, p, b.String(), url)
		}
	})
}
