package lint

import (
	"strings"
	"testing"

	"github.com/ferret-go/uri"
)

// FuzzLint checks what Lint promises for any string: no panic, findings
// inside the input, each code at most once per component, every finding
// with a known code, a severity and a message; and that Redact leaves no
// password behind and is idempotent; and that iriLayout places a valid
// reference's components where rfcLayout finds them. The seeds are every input of the
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
		if u, err := uri.ParseIRI(s); err == nil {
			var il layout
			iriLayout(&il, s, &u)
			if rl := rfcLayout(s); il != rl {
				t.Fatalf("iriLayout(%q) = %+v, rfcLayout gives %+v", s, il, rl)
			}
		}
	})
}

// FuzzParseNetURL holds parseNetURL to url.Parse on any string, the
// fragment aside (checkParseNetURL).
func FuzzParseNetURL(f *testing.F) {
	for _, s := range netURLFragmentCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { checkParseNetURL(t, s) })
}
