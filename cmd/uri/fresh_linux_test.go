package main

import "testing"

// TestMakeFresh checks that a long line's array starts on a huge page
// boundary, which MADV_HUGEPAGE needs to back it with huge pages, and that
// it is the length asked for, zeroed, with at least the capacity asked for.
func TestMakeFresh(t *testing.T) {
	for _, tc := range []struct{ n, c int }{{0, 1 << 20}, {1 << 20, 1<<20 + 1}, {5 << 20, 9 << 20}, {4 << 20, 4 << 20}} {
		b := makeFresh(tc.n, tc.c)
		if len(b) != tc.n || cap(b) < tc.c {
			t.Errorf("makeFresh(%d, %d): len %d cap %d", tc.n, tc.c, len(b), cap(b))
		}
		if p := address(b); p%hugePage != 0 {
			t.Errorf("makeFresh(%d, %d): array at %#x, not on a %d-byte boundary", tc.n, tc.c, p, hugePage)
		}
		b = b[:cap(b)]
		for i := range b {
			if b[i] != 0 {
				t.Fatalf("makeFresh(%d, %d): byte %d is %d", tc.n, tc.c, i, b[i])
			}
			b[i] = 1
		}
	}
}
