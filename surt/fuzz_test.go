package surt

import (
	"strings"
	"testing"
)

// FuzzKey checks that Key never panics, that a key is at most three times
// as long as its URL (the escaping; no step adds more but the default
// scheme and a few delimiters), that a tab or newline anywhere does not
// change the key (the key maker removes them first), that AppendKey
// appends Key's key, and that the options change only what they say:
// TrailingComma adds a "," before the host's ")", WithScheme a scheme and
// "(" before the host. A key is no URL, and the key maker's definition
// claims no fixpoint, so there is no idempotence to check; TestKeyLinear*
// hold the time to the input's length.
func FuzzKey(f *testing.F) {
	for _, c := range keyTests {
		f.Add(c.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		k, err := Key(s)
		if s != "" && !strings.HasPrefix(s, "filedesc") {
			i := len(s) / 2
			k2, err2 := Key(s[:i] + "\t" + s[i:] + "\n")
			if k2 != k || (err2 == nil) != (err == nil) {
				t.Fatalf("Key(%q) = %q, %v; with a tab and a newline %q, %v", s, k, err, k2, err2)
			}
		}
		if err != nil {
			return
		}
		if b, _ := (Options{}).AppendKey([]byte("x"), s); string(b) != "x"+k {
			t.Fatalf("AppendKey(%q) = %q, Key %q", s, b, k)
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
