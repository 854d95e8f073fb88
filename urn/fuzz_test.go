package urn

import (
	"testing"

	"github.com/ferret-go/uri"
)

// FuzzParse checks that a URN is an RFC 3986 URI, that its key is a URN
// equivalent to it, and that the key of a key is itself.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"urn:example:a123,z456?+abc?=xyz#789", "URN:EX:%2d", "urn:a-b:c/d?=e?+f", "urn:ab:x?y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := Parse(s)
		if err != nil {
			return
		}
		if _, err := uri.ParseURI(s); err != nil {
			t.Fatalf("Parse(%q) succeeded but it is not an RFC 3986 URI: %v", s, err)
		}
		k, err := Parse(u.Key())
		if err != nil {
			t.Fatalf("Parse(key %q): %v", u.Key(), err)
		}
		if !k.Equal(u) || k.Key() != u.Key() {
			t.Fatalf("key %q of %q is not equivalent", u.Key(), s)
		}
	})
}
