package whatwg

import (
	"bufio"
	"errors"
	"os"
	"testing"
)

// checkFast fails when parseFast accepts s and the parser proper, against
// the same base, gives another URL or a failure.
func checkFast(t *testing.T, s string, base *URL) bool {
	t.Helper()
	u, r := parseFast(s)
	if r == fastNoScheme {
		checkNoScheme(t, s)
	}
	if r != fastOK {
		return false
	}
	v, err := parseSlow(s, base, nil)
	if err != nil || v != u {
		t.Errorf("parseFast(%q) = %#v; the parser: %#v, %v", s, u, v, err)
	}
	return true
}

// checkNoScheme fails when the parser proper, without a base, does not
// fail on s as parseFast's fastNoScheme and Parse say: with
// ErrMissingScheme, the same reason, at offset 0.
func checkNoScheme(t *testing.T, s string) {
	t.Helper()
	want := &Error{Input: s, Offset: 0, Reason: "missing-scheme-non-relative-URL", Err: ErrMissingScheme}
	_, err := parseSlow(s, nil, nil)
	var e *Error
	if !errors.As(err, &e) || *e != *want {
		t.Errorf("parseFast(%q): no scheme; the parser: %#v", s, err)
	}
	_, err = Parse(s)
	if !errors.As(err, &e) || *e != *want {
		t.Errorf("Parse(%q): %#v, want %#v", s, err, want)
	}
}

// TestFastNoScheme: inputs without a scheme fail at once, as the URL
// Standard's parser fails on them without a base (urltestdata.json's
// inputs with a base, which then fail alone, are among TestFastPath's);
// the others are the parser's to decide.
func TestFastNoScheme(t *testing.T) {
	for _, c := range []struct {
		in   string
		want bool
	}{
		{"", false},           // the parser's: it fails too
		{" http://h/", false}, // trimmed first
		{"/a/b", true},
		{"//h/p", true},
		{"?q", true},
		{"#f", true},
		{"1http://h/", true},
		{"\u00e9:x", true},
		{"\xff", true},
		{"test", true},
		{"a b:c", true},
		{"a/b:c", true},
		{"C|/x", false}, // an upper case letter: the parser's
		{"c|/x", true},
		{"h\ttp://h/", false}, // "http://h/" once the tab is removed
		{"h\nt:x", false},
		{"HTTP://h/", false},
		{"hTTP://h/", false},
		{"a+b-c.d:x", false},
		{"ab\x01:", true},
		{"ab ", true},
		{"ab\t", false},
	} {
		if _, r := parseFast(c.in); (r == fastNoScheme) != c.want {
			t.Errorf("parseFast(%q) = %d, want no scheme: %v", c.in, r, c.want)
		}
		if c.want {
			checkNoScheme(t, c.in)
		}
	}
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
		"http://127.0.0.1:8080/a?b", "https://0.0.0.0/", "http://1.2.3.04/", "ws://255.255.255.256/",
		"http://1.2.3.4./", "file://1.2.3.4/x",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkFast(t, s, nil)
		b := MustParse("file:///c:/base")
		checkFast(t, s, &b)
	})
}

// TestFastPathIPv4: a special URL whose host is an IPv4 address in dotted
// decimal is its own serialization (URL Standard, "IPv4 serializer": four
// decimal numbers joined by "."), which the fast path takes; every other
// spelling of an address is the parser's, which rewrites or rejects it.
// The hrefs and hostnames are those of the URL Standard's examples of
// IPv4 parsing and of Node's URL (v20) on the same inputs.
func TestFastPathIPv4(t *testing.T) {
	for _, c := range []struct {
		in, hostname string
		fast         bool
	}{
		{"http://127.0.0.1:8080/a/b?c=d", "127.0.0.1", true},
		{"https://93.184.216.34/", "93.184.216.34", true},
		{"ws://0.0.0.0", "0.0.0.0", true},
		{"http://255.255.255.255/x#y", "255.255.255.255", true},
		{"http://10.0.0.1:80/", "10.0.0.1", false}, // default port: dropped
		{"http://127.1/", "127.0.0.1", false},      // short form
		{"http://0x7f.0.0.1/", "127.0.0.1", false}, // hex part
		{"http://0177.0.0.1/", "127.0.0.1", false}, // octal part
		{"http://127.0.0.01/", "127.0.0.1", false}, // leading zero: octal
		{"http://2130706433/", "127.0.0.1", false}, // one number
		{"http://127.0.0.1./", "127.0.0.1", false}, // trailing dot
		{"http://1.2.3.256/", "", false},           // out of range: failure
		{"http://1.2.3.4.5/", "", false},           // five parts: failure
		{"http://1000.2.3.4/", "", false},          // part over 255: failure
		{"foo://127.0.0.1/", "127.0.0.1", true},    // opaque host, as before
		{"file://127.0.0.1/x", "127.0.0.1", false}, // file: the parser's
	} {
		u, r := parseFast(c.in)
		if ok := r == fastOK; ok != c.fast {
			t.Errorf("parseFast(%q) ok = %v, want %v", c.in, ok, c.fast)
		}
		if r == fastOK && (u.Href() != c.in && u.Href() != c.in+"/" || u.Hostname() != c.hostname) {
			t.Errorf("parseFast(%q) = %q, hostname %q; want hostname %q", c.in, u.Href(), u.Hostname(), c.hostname)
		}
		checkFast(t, c.in, nil)
		v, err := Parse(c.in)
		if got := v.Hostname(); (err == nil) != (c.hostname != "") || got != c.hostname {
			t.Errorf("Parse(%q) hostname = %q, %v; want %q", c.in, got, err, c.hostname)
		}
	}
}
