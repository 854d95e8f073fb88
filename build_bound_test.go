package uri

import (
	"strconv"
	"strings"
	"testing"
)

// TestBuildAroundStackBuffer builds results on both sides of the stack
// buffer's size, where Build switches from writing in one pass under a
// bound to measuring first, and checks each against the single edits and
// the promise of one allocation at any length, for text to escape and for
// raw text (written at its exact length, without the buffer).
func TestBuildAroundStackBuffer(t *testing.T) {
	base := MustParse("http://u@example.com:8080/p?q#f")
	for n := 100; n <= 300; n++ {
		// Half the octets need encoding, so the bound is well above the
		// length.
		path := "/" + strings.Repeat("a ", n)[:n]
		want, err := base.WithDecodedPath(path)
		if err != nil {
			t.Fatal(err)
		}
		if want, err = want.WithDecodedQuery("x y"); err != nil {
			t.Fatal(err)
		}
		b := base.Builder().SetDecodedPath(path).SetDecodedQuery("x y")
		got, err := b.Build()
		if err != nil || got != want {
			t.Fatalf("n=%d: Build() = %q, %v, want %q", n, got, err, want)
		}
		checkLayout(t, got)
		if a := testing.AllocsPerRun(10, func() { _, _ = b.Build() }); a != 1 {
			t.Errorf("n=%d (%d bytes): %v allocations, want 1", n, len(got.String()), a)
		}
		raw := want.Path()
		b = base.Builder().SetPath(raw).SetPortNumber(uint16(n))
		got, err = b.Build()
		if want, _ := base.WithPath(raw); err != nil || got.Path() != want.Path() || got.Port() != strconv.Itoa(n) {
			t.Fatalf("n=%d: raw Build() = %q, %v", n, got, err)
		}
		checkLayout(t, got)
		if a := testing.AllocsPerRun(10, func() { _, _ = b.Build() }); a != 1 {
			t.Errorf("n=%d: raw Build() with a port number: %v allocations, want 1", n, a)
		}
		// Raw text only: written at its exact length.
		b = base.Builder().SetPath(raw).SetQuery("x")
		if got, err := b.Build(); err != nil || got.Path() != raw || got.Query() != "x" || len(got.String()) != len(base.String())-len("/p?q")+len(raw)+len("?x") {
			t.Fatalf("n=%d: raw Build() = %q, %v", n, got, err)
		}
		if a := testing.AllocsPerRun(10, func() { _, _ = b.Build() }); a != 1 {
			t.Errorf("n=%d: raw Build(): %v allocations, want 1", n, a)
		}
	}
}
