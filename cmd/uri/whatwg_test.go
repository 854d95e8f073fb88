package main

import (
	"strings"
	"testing"
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
		{"slashes", "", []string{"compare", "--json", "http:////x"},
			`{"input":"http:////x","rfc3986":{"ok":true,"scheme":"http","userinfo":null,"host":"","port":null,"path":"//x","query":null,"fragment":null},` +
				`"whatwg":{"ok":true,"scheme":"http","userinfo":null,"host":"x","port":null,"path":"/","query":null,"fragment":null},` +
				`"net_url":{"ok":true,"scheme":"http","userinfo":null,"host":"","port":null,"path":"//x","query":null,"fragment":null},"differ":["host","path"]}` + "\n", "", 1},
		{"agree", "", []string{"compare", "--json", "https://example.com/a?b#c"},
			`{"input":"https://example.com/a?b#c","rfc3986":{"ok":true,"scheme":"https","userinfo":null,"host":"example.com","port":null,"path":"/a","query":"b","fragment":"c"},` +
				`"whatwg":{"ok":true,"scheme":"https","userinfo":null,"host":"example.com","port":null,"path":"/a","query":"b","fragment":"c"},` +
				`"net_url":{"ok":true,"scheme":"https","userinfo":null,"host":"example.com","port":null,"path":"/a","query":"b","fragment":"c"},"differ":[]}` + "\n", "", 0},
		{"backslash", "", []string{"compare", `http://good.com\@evil.com/`},
			"http://good.com\\@evil.com/\n           rfc3986                whatwg         net/url\n" +
				"ok         no: invalid character  yes            no: invalid userinfo\n" +
				"scheme     -                      \"http\"         -\nuserinfo   -                      (absent)       -\n" +
				"host       -                      \"good.com\"     -\nport       -                      (absent)       -\n" +
				"path       -                      \"/@evil.com/\"  -\nquery      -                      (absent)       -\n" +
				"fragment   -                      (absent)       -\ndiffer     ok\n", "", 1},
		// A cell longer than 64 bytes widens no column: it pushes the rest
		// of its row to the right, two spaces after it.
		{"long cell", "", []string{"compare", "http://h/" + strings.Repeat("a", 70)}, compareLongCell(), "", 0},
	})
}

// compareLongCell is the table of "http://h/" and 70 "a"s: every column 64
// bytes wide but for the path's cells of 73.
func compareLongCell() string {
	path := `"/` + strings.Repeat("a", 70) + `"`
	row := func(name string, cells ...string) string {
		line := name + strings.Repeat(" ", 11-len(name))
		for k, c := range cells {
			line += c
			if k < 2 {
				line += strings.Repeat(" ", max(64-len(c), 0)+2)
			}
		}
		return line + "\n"
	}
	three := func(name, cell string) string { return row(name, cell, cell, cell) }
	return "http://h/" + strings.Repeat("a", 70) + "\n" +
		row("", "rfc3986", "whatwg", "net/url") +
		three("ok", "yes") + three("scheme", `"http"`) + three("userinfo", "(absent)") +
		three("host", `"h"`) + three("port", "(absent)") + three("path", path) +
		three("query", "(absent)") + three("fragment", "(absent)")
}
