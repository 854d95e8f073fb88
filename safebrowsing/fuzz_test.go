package safebrowsing

import (
	"strings"
	"testing"
)

// FuzzCanonicalize checks that Parse never panics, that canonicalizing a
// canonical URL changes nothing (the document's steps are a fixpoint: no
// escape survives step 8 but "%25" and those of bytes the steps keep
// escaped), that every expression is at most the canonical URL's length
// and that there are at most 30. It also checks that the path of a URL
// already in canonical form gives what the full steps give.
func FuzzCanonicalize(f *testing.F) {
	for _, c := range canonicalTests {
		f.Add(c.in)
	}
	f.Add("http://a/%252525252525")
	f.Add("http://[::1]:80/./../a//b/")
	f.Add("http://a.b/c/d?e")
	f.Add("http://1.2.3.4/")
	f.Add("http://01.2.3.4/a/./b")
	f.Fuzz(func(t *testing.T, s string) {
		u, err := Parse(s)
		slow, slowErr := parseFull(s)
		if u != slow || (err == nil) != (slowErr == nil) || err != nil && err.Error() != slowErr.Error() {
			t.Fatalf("Parse(%q) = %+v, %v; the full steps give %+v, %v", s, u, err, slow, slowErr)
		}
		if err != nil {
			return
		}
		c := u.String()
		v, err := Parse(c)
		if err != nil {
			t.Fatalf("Parse(%q) = %q, which does not parse: %v", s, c, err)
		}
		if v.String() != c {
			t.Fatalf("Parse(%q) = %q, but Parse(%q) = %q", s, c, c, v.String())
		}
		n := 0
		for e := range u.Expressions() {
			n++
			if len(e) > len(c) || !strings.Contains(e, "/") {
				t.Fatalf("expression %q of %q", e, c)
			}
		}
		if n == 0 || n > 30 {
			t.Fatalf("%d expressions for %q", n, c)
		}
	})
}

// parseFull is Parse without its shortcut for a URL already in canonical
// form: every step is taken.
func parseFull(s string) (URL, error) {
	var u URL
	err := parse(&u, s, false)
	return u, err
}
