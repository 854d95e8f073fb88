package lint

import (
	"strings"
	"testing"
)

// FuzzLint checks what Lint promises for any string: no panic, findings
// inside the input, each code at most once per component, every finding
// with a known code, a severity and a message; and that Redact leaves no
// password behind and is idempotent. The seeds are every input of the
// code table.
func FuzzLint(f *testing.F) {
	for _, tc := range codeCases {
		for _, s := range append(tc.must, tc.near...) {
			if len(s) < 1000 {
				f.Add(s)
			}
		}
	}
	known := map[Code]bool{}
	for _, c := range Codes() {
		known[c] = true
	}
	o := Options{SSRF: true, Navigation: true}
	f.Fuzz(func(t *testing.T, s string) {
		fs := o.Lint(s)
		type key struct {
			c    Code
			comp int
		}
		seen := map[key]bool{}
		for _, x := range fs {
			if x.Start < 0 || x.End < x.Start || x.End > len(s) {
				t.Fatalf("Lint(%q): finding %v outside the input", s, x)
			}
			if !known[x.Code] || x.Severity < Info || x.Severity > High || x.Message == "" || x.Component > 7 {
				t.Fatalf("Lint(%q): malformed finding %#v", s, x)
			}
			k := key{x.Code, int(x.Component)}
			if seen[k] {
				t.Fatalf("Lint(%q): %s twice in component %v", s, x.Code, x.Component)
			}
			seen[k] = true
		}
		r := Redact(s)
		if Redact(r) != r {
			t.Fatalf("Redact(%q) = %q, not idempotent (%q)", s, r, Redact(r))
		}
		for _, x := range Lint(r) {
			if x.Code == CodePassword && !strings.Contains(r[x.Start:x.End], "xxxxx") {
				t.Fatalf("Redact(%q) = %q still has the password %q", s, r, r[x.Start:x.End])
			}
		}
		_, _ = Policy{}.Check(s)
	})
}

// FuzzLayout checks that scanLayout's one pass finds what rfcLayout, the
// regular expression of RFC 3986, Appendix B, and scanFacts find, for any
// string.
func FuzzLayout(f *testing.F) {
	for _, s := range []string{
		"", "s://u@h:1/p?q#f", "//h:8", "s:a:b://c", "s://h:1:2/p", "s://[::1]:8/", "a/b:c", "s://h?:1/#?",
		"http:\\\\x\\y", " s://h/\t", "s://a@b@c/%2f;", "s:#//h:1", "?//h:1/", "s:///:1/",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, fs := scanLayout(s)
		if want := rfcLayout(s); l != want {
			t.Fatalf("scanLayout(%q) = %+v, rfcLayout %+v", s, l, want)
		}
		if want := scanFacts(s); fs != want {
			t.Fatalf("scanLayout(%q) facts %b, scanFacts %b", s, fs, want)
		}
	})
}
