package grow

import (
	"strconv"
	"testing"
)

func TestBytes(t *testing.T) {
	for _, c := range []struct{ len, cap, n int }{
		{0, 0, 0}, {0, 0, 1}, {3, 8, 5}, {3, 8, 6}, {8, 8, 1}, {5, 100, 1 << 20}, {1 << 20, 1 << 20, 3},
	} {
		b := make([]byte, c.len, c.cap)
		for i := range b {
			b[i] = byte(i)
		}
		g := Bytes(b, c.n)
		if len(g) != c.len || cap(g)-len(g) < c.n {
			t.Errorf("Bytes(len %d cap %d, %d): len %d cap %d", c.len, c.cap, c.n, len(g), cap(g))
		}
		for i := range g {
			if g[i] != byte(i) {
				t.Fatalf("Bytes(len %d cap %d, %d): byte %d changed", c.len, c.cap, c.n, i)
			}
		}
		switch fits := c.cap-c.len >= c.n; {
		case fits && c.cap > 0 && &g[:1][0] != &b[:1][0]:
			t.Errorf("Bytes(len %d cap %d, %d) made new memory for room it had", c.len, c.cap, c.n)
		case !fits && cap(g) < 2*c.cap:
			// Amortized growth: a run of small appends copies each byte a
			// constant number of times.
			t.Errorf("Bytes(len %d cap %d, %d): cap %d, not doubled", c.len, c.cap, c.n, cap(g))
		}
	}
}

// Slice grows a slice of any element type as Bytes does: keeping its
// elements, and doubling when it must grow.
func TestSlice(t *testing.T) {
	type rec struct {
		n int
		s string
	}
	var s []rec
	allocs := 0
	for i := range 1000 {
		before := cap(s)
		s = Slice(s, 1)
		if cap(s) != before {
			allocs++
			if before > 0 && cap(s) < 2*before {
				t.Fatalf("grew from %d to %d, not doubled", before, cap(s))
			}
		}
		s = append(s, rec{i, strconv.Itoa(i)})
	}
	for i, r := range s {
		if r.n != i || r.s != strconv.Itoa(i) {
			t.Fatalf("element %d is %v", i, r)
		}
	}
	if allocs > 11 { // 1, 2, 4, ... 1024
		t.Errorf("%d arrays for 1000 elements", allocs)
	}
}
