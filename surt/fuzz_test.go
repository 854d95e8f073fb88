package surt

import (
	"strings"
	"testing"
)

// FuzzKey checks that Key never panics, that a key is at most three times
// as long as its URL (the escaping; no step adds more but the default
// scheme and a few delimiters), and that the options change only what
// they say: TrailingComma adds a "," before the host's ")", WithScheme a
// scheme and "(" before the host.
func FuzzKey(f *testing.F) {
	for _, c := range keyTests {
		f.Add(c.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		k, err := Key(s)
		if err != nil {
			return
		}
		if len(k) > 3*len(s)+16 {
			t.Fatalf("Key(%q) = %q is too long", s, k)
		}
		kc, err := Options{TrailingComma: true}.Key(s)
		if err != nil {
			t.Fatalf("TrailingComma: %v", err)
		}
		// A host holds no "/", so the first ")/" ends it.
		if i := strings.Index(k, ")/"); i >= 0 && !strings.Contains(k[:i], ":") {
			if kc != k[:i]+","+k[i:] {
				t.Fatalf("Key(%q) = %q, with a trailing comma %q", s, k, kc)
			}
		}
		ks, err := Options{WithScheme: true}.Key(s)
		if err != nil {
			t.Fatalf("WithScheme: %v", err)
		}
		if !strings.HasSuffix(ks, k) && !strings.HasSuffix(k, ks) {
			t.Fatalf("Key(%q) = %q, with the scheme %q", s, k, ks)
		}
	})
}
