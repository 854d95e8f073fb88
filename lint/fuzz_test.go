package lint

import (
	"strings"
	"testing"

	"github.com/ferret-go/uri"
	"github.com/ferret-go/uri/whatwg"
)

// FuzzLint checks what Lint promises for any string: no panic, findings
// inside the input, each code at most once per component, every finding
// with a known code, a severity and a message; and that Redact leaves no
// password behind and is idempotent; that iriLayout places a valid
// reference's components where rfcLayout finds them; and that
// browserLayout finds the query and fragment of a special URL where the
// URL Standard's parser does, when it holds nothing that parser
// percent-encodes; and that every claim of a finding is what the reader it
// names reads (checkClaims), with and without the readers of package
// readers. The seeds are every input of the code table.
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
	all, err := ReadersNamed("all")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkClaims(t, o, s)
		checkClaims(t, Options{}, s)
		checkClaims(t, Options{Readers: all}, s)
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
		if strings.Trim(s, layoutSafe) == "" {
			if w, err := whatwg.Parse(s); err == nil && w.Special() {
				var l layout
				browserLayout(&l, s, lowerScheme(s[:strings.IndexByte(s, ':')]))
				q, qok := w.Query()
				f, fok := w.Fragment()
				if l.query.ok != qok || l.query.of(s) != q || l.fragment.ok != fok || l.fragment.of(s) != f {
					t.Fatalf("browserLayout(%q): query %v %q, fragment %v %q; the URL Standard %v %q, %v %q",
						s, l.query.ok, l.query.of(s), l.fragment.ok, l.fragment.of(s), qok, q, fok, f)
				}
			}
		}
	})
}

// layoutSafe holds the bytes that the URL Standard's parser leaves as they
// are in a special URL's query and fragment (outside its percent-encode
// sets for them) and that strip nothing before parsing.
const layoutSafe = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/\\?#:@.-_~!$&()*+,;=%"

// FuzzParseNetURL holds parseNetURL to url.Parse on any string, the
// fragment aside (checkParseNetURL).
func FuzzParseNetURL(f *testing.F) {
	for _, s := range netURLFragmentCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { checkParseNetURL(t, s) })
}
