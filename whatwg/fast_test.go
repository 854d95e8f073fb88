package whatwg

import (
	"bufio"
	"os"
	"testing"
)

// checkFast fails when parseFast accepts s and the parser proper, against
// the same base, gives another URL or a failure.
func checkFast(t *testing.T, s string, base *URL) bool {
	t.Helper()
	u, ok := parseFast(s)
	if !ok {
		return false
	}
	v, err := parseSlow(s, base, nil)
	if err != nil || v != u {
		t.Errorf("parseFast(%q) = %#v; the parser: %#v, %v", s, u, v, err)
	}
	return true
}

// TestFastPath runs both over the urltestdata.json inputs (against their
// bases and none) and hrefs, and over the real URLs of
// testdata/urls-sample.txt.
func TestFastPath(t *testing.T) {
	fast, total := 0, 0
	for _, c := range loadURLCases(t) {
		var base *URL
		if c.Base != nil {
			if b, err := Parse(*c.Base); err == nil {
				base = &b
			}
		}
		checkFast(t, c.Input, nil)
		checkFast(t, c.Input, base)
		if c.Href != "" {
			checkFast(t, c.Href, nil)
		}
	}
	f, err := os.Open("testdata/urls-sample.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		total++
		if checkFast(t, sc.Text(), nil) {
			fast++
		}
	}
	t.Logf("fast path: %d of %d sample URLs", fast, total)
}

// FuzzFastPath: whenever the fast path answers, it answers as the parser.
func FuzzFastPath(f *testing.F) {
	for _, s := range []string{
		"https://example.org/a/b?c=d#e", "file:///c:/x", "file://h/c|/x", "sc://h:1/p", "sc:/p",
		"mailto:a@b", "http://h:80/", "http://1.2.3.4/", "sc://%41/", "sc:x y?z", "ws://h/.%2e/",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkFast(t, s, nil)
		b := MustParse("file:///c:/base")
		checkFast(t, s, &b)
	})
}
