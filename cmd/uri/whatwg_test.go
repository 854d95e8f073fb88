package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/ferret-go/uri/internal/sidebyside"
)

func TestParseWHATWG(t *testing.T) {
	runCmdTests(t, []cmdTest{
		// web-platform-tests urltestdata.json cases.
		{"json", "", []string{"parse", "--whatwg", "--json", "http://example\t.\norg", "http://[1:0::]", "http://f:b/c"},
			`{"input":"http://example\t.\norg","ok":true,"href":"http://example.org/","origin":"http://example.org","protocol":"http:","username":"","password":"","host":"example.org","hostname":"example.org","port":"","pathname":"/","search":"","hash":""}` + "\n" +
				`{"input":"http://[1:0::]","ok":true,"href":"http://[1::]/","origin":"http://[1::]","protocol":"http:","username":"","password":"","host":"[1::]","hostname":"[1::]","port":"","pathname":"/","search":"","hash":""}` + "\n" +
				`{"input":"http://f:b/c","ok":false,"error":"whatwg: parse \"http://f:b/c\": port-invalid at offset 9","offset":9}` + "\n", "", 1},
		// The offset is the space's, not the host's start (issue 37).
		{"host error offset", "", []string{"parse", "--whatwg", "--json", "https://ex ample.com/"},
			`{"input":"https://ex ample.com/","ok":false,"error":"whatwg: parse \"https://ex ample.com/\": domain-invalid-code-point at offset 10","offset":10}` + "\n", "", 1},
		{"base", "", []string{"parse", "--whatwg", "--json", "--base", "http://example.org/foo/bar", "../baz?x#y"},
			`{"input":"../baz?x#y","ok":true,"href":"http://example.org/baz?x#y","origin":"http://example.org","protocol":"http:","username":"","password":"","host":"example.org","hostname":"example.org","port":"","pathname":"/baz","search":"?x","hash":"#y"}` + "\n", "", 0},
		{"text", "", []string{"parse", "--whatwg", "HTTP://EX.com:80/a"},
			"href      \"http://ex.com/a\"\norigin    \"http://ex.com\"\nprotocol  \"http:\"\nusername  \"\"\npassword  \"\"\nhost      \"ex.com\"\nhostname  \"ex.com\"\nport      \"\"\npathname  \"/a\"\nsearch    \"\"\nhash      \"\"\n", "", 0},
		{"bad base", "", []string{"parse", "--whatwg", "--base", "x", "a"}, "",
			"uri parse: invalid base x: whatwg: parse \"x\": missing-scheme-non-relative-URL at offset 0\n" + parseShortUsage, 2},
		{"base alone", "", []string{"parse", "--base", "http://a/", "a"}, "", "uri parse: --base needs --whatwg\n" + parseShortUsage, 2},
	})
}

const parseShortUsage = "Usage: uri parse [--json] [--rule rule] [--zone] [--iri] [--whatwg [--base URL]] [--max-line n] [-j n] [input...]\nRun \"uri parse --help\" for more.\n"

func TestCompare(t *testing.T) {
	runCmdTests(t, []cmdTest{
		// Slash counts: RFC 3986 and net/url read an empty host and the
		// path "//x"; a browser skips the slashes to the host x.
		{"slashes", "", []string{"compare", "--readers", "rfc3986,whatwg,net_url", "--json", "http:////x"},
			`{"input":"http:////x","rfc3986":{"ok":true,"scheme":"http","userinfo":null,"host":"","port":null,"path":"//x","query":null,"fragment":null},` +
				`"whatwg":{"ok":true,"scheme":"http","userinfo":null,"host":"x","port":null,"path":"/","query":null,"fragment":null},` +
				`"net_url":{"ok":true,"scheme":"http","userinfo":null,"host":"","port":null,"path":"//x","query":null,"fragment":null},"differ":["host","path"]}` + "\n", "", 1},
		{"agree", "", []string{"compare", "--readers", "rfc3986,whatwg,net_url", "--json", "https://example.com/a?b#c"},
			`{"input":"https://example.com/a?b#c","rfc3986":{"ok":true,"scheme":"https","userinfo":null,"host":"example.com","port":null,"path":"/a","query":"b","fragment":"c"},` +
				`"whatwg":{"ok":true,"scheme":"https","userinfo":null,"host":"example.com","port":null,"path":"/a","query":"b","fragment":"c"},` +
				`"net_url":{"ok":true,"scheme":"https","userinfo":null,"host":"example.com","port":null,"path":"/a","query":"b","fragment":"c"},"differ":[]}` + "\n", "", 0},
		{"backslash", "", []string{"compare", "--readers", "rfc3986,whatwg,net_url", `http://good.com\@evil.com/`},
			"http://good.com\\@evil.com/\n           rfc3986  whatwg         net/url\n" +
				"ok         no [1]   yes            no [2]\n" +
				"scheme     -        \"http\"         -\nuserinfo   -        (absent)       -\n" +
				"host       -        \"good.com\"     -\nport       -        (absent)       -\n" +
				"path       -        \"/@evil.com/\"  -\nquery      -        (absent)       -\n" +
				"fragment   -        (absent)       -\n" +
				"[1] rfc3986: invalid character\n[2] net/url: invalid userinfo\ndiffer     ok\n", "", 1},
		// A cell longer than 64 bytes widens no column past 64; two columns
		// of 64 do not fit in 80, so each reader has a table of its own.
		{"long cell", "", []string{"compare", "--readers", "rfc3986,whatwg,net_url", "http://h/" + strings.Repeat("a", 70)}, compareLongCell(), "", 0},
		// --readers chooses the readers and their order.
		{"chosen", "", []string{"compare", "--readers", "net_url,rfc3986", "--json", "http://a/"},
			`{"input":"http://a/","net_url":{"ok":true,"scheme":"http","userinfo":null,"host":"a","port":null,"path":"/","query":null,"fragment":null},` +
				`"rfc3986":{"ok":true,"scheme":"http","userinfo":null,"host":"a","port":null,"path":"/","query":null,"fragment":null},"differ":[]}` + "\n", "", 0},
		{"unknown reader", "", []string{"compare", "--readers", "rfc3986,perl", "http://a/"}, "",
			"invalid value \"rfc3986,perl\" for flag -readers: unknown reader \"perl\": the readers are " + "rfc3986, whatwg, net_url, curl, curl_guess, python, node_url, java, php" + "\n" + compareShortUsage, 2},
	})
}

const compareShortUsage = "Usage: uri compare [--json] [--readers list] [--max-line n] [-j n] [input...]\nRun \"uri compare --help\" for more.\n"

// TestCompareEveryReader checks that compare shows every reader by
// default, each under its name, with what the reader itself gives.
func TestCompareEveryReader(t *testing.T) {
	in := `http://a\@b.example:8080/p?q#f`
	var out, errb bytes.Buffer
	code := run([]string{"compare", "--json", in}, strings.NewReader(""), &out, &errb)
	if code != exitOK && code != exitRejected {
		t.Fatalf("exit %d, %s", code, errb.String())
	}
	var got map[string]json.RawMessage
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatalf("%v: %s", err, out.Bytes())
	}
	for _, d := range sidebyside.All() {
		raw, ok := got[d.Name]
		if !ok {
			t.Errorf("no key %q in %s", d.Name, out.Bytes())
			continue
		}
		var rec map[string]any
		if err := json.Unmarshal(raw, &rec); err != nil {
			t.Fatal(err)
		}
		r := d.Read(in)
		if rec["ok"] != (r.Err == nil) {
			t.Errorf("%s: ok %v, the reader's error %v", d.Name, rec["ok"], r.Err)
			continue
		}
		for c, v := range r.Comps {
			if r.Err != nil {
				break
			}
			want := any(nil)
			if v != nil {
				want = *v
			}
			if rec[compNames[c]] != want {
				t.Errorf("%s: %s %v, the reader gives %v", d.Name, compNames[c], rec[compNames[c]], want)
			}
		}
	}
}

// compareLongCell is the text of "http://h/" and 70 "a"s: a table per
// reader, since a column is 64 bytes wide (the path's cell is 73) and two
// do not fit in 80.
func compareLongCell() string {
	path := `"/` + strings.Repeat("a", 70) + `"`
	row := func(name, cell string) string { return name + strings.Repeat(" ", 11-len(name)) + cell + "\n" }
	table := func(label string) string {
		return row("", label) + row("ok", "yes") + row("scheme", `"http"`) + row("userinfo", "(absent)") +
			row("host", `"h"`) + row("port", "(absent)") + row("path", path) +
			row("query", "(absent)") + row("fragment", "(absent)")
	}
	return "http://h/" + strings.Repeat("a", 70) + "\n" + table("rfc3986") + "\n" + table("whatwg") + "\n" + table("net/url")
}
