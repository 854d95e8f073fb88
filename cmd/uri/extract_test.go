package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The example of RFC 3986, Appendix C.
const appendixC = `      Yes, Jim, I found it under "http://www.w3.org/Addressing/",
      but you can probably pick it up from <ftp://foo.example.
      com/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/
      ietf/uri/historical.html#WARNING>.
`

func TestExtract(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.txt")
	b := filepath.Join(dir, "b.txt")
	if err := os.WriteFile(a, []byte(appendixC), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(b, []byte("see www.b.example/x or mailto:c@d.example."), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing")
	runCmdTests(t, []cmdTest{
		{"appendix C", appendixC, []string{"extract"},
			"http://www.w3.org/Addressing/\nftp://foo.example.com/rfc/\nhttp://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING\n", "", 0},
		{"help's example", "See <http://a.example/long/\n    path> (or http://b.example/x).\n", []string{"extract", "--json"},
			`{"uri":"http://a.example/long/path","start":5,"end":36}` + "\n" +
				`{"uri":"http://b.example/x","start":42,"end":60}` + "\n", "", 0},
		// Markdown's bold is not part of the URI (issue 37).
		{"markdown bold", "See **https://bold.example/x**.\n", []string{"extract"}, "https://bold.example/x\n", "", 0},
		{"no URI", "Note: nothing here.\n", []string{"extract"}, "", "", 0},
		{"empty input", "", []string{"extract"}, "", "", 0},
		{"schemes", "http://a/ ftp://b/ mailto:c@d.example HTTPS://e/", []string{"extract", "--schemes", "https, mailto"},
			"mailto:c@d.example\nHTTPS://e/\n", "", 0},
		{"abbreviated", "www.a.example and b.example/c", []string{"extract", "--abbreviated", "--json"},
			`{"uri":"//www.a.example","start":0,"end":13,"abbreviated":true}` + "\n" +
				`{"uri":"//b.example/c","start":18,"end":29,"abbreviated":true}` + "\n", "", 0},
		{"one file", "", []string{"extract", b}, "mailto:c@d.example\n", "", 0},
		{"files and standard input", "http://s/", []string{"extract", "--json", a, "-", b},
			`{"file":"` + a + `","uri":"http://www.w3.org/Addressing/","start":34,"end":63}` + "\n" +
				`{"file":"` + a + `","uri":"ftp://foo.example.com/rfc/","start":110,"end":143}` + "\n" +
				`{"file":"` + a + `","uri":"http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING","start":168,"end":234}` + "\n" +
				`{"file":"-","uri":"http://s/","start":0,"end":9}` + "\n" +
				`{"file":"` + b + `","uri":"mailto:c@d.example","start":23,"end":41}` + "\n", "", 0},
		{"missing file", "", []string{"extract", missing, b}, "mailto:c@d.example\n",
			"uri extract: open " + missing + ": no such file or directory\n", 1},
	})
}

// A read error is reported with the file's name and stops that file.
func TestExtractReadError(t *testing.T) {
	dir := t.TempDir()
	_, stderr, code := runCmd(t, "", "extract", dir)
	if code != 1 || !strings.HasPrefix(stderr, "uri extract: "+dir+": uri: reading text: ") {
		t.Errorf("extract of a directory: status %d, stderr %q", code, stderr)
	}
}

func TestExtractIRI(t *testing.T) {
	runCmdTests(t, []cmdTest{
		{"iri", "voir http://例え.jp/café, ou http://a/b.\n", []string{"extract", "--iri"}, "http://xn--r8jz45g.jp/caf%C3%A9\nhttp://a/b\n", "", 0},
		{"ascii only", "voir http://例え.jp/café, ou http://a/b.\n", []string{"extract"}, "http://a/b\n", "", 0},
	})
}
