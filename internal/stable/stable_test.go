package stable

import (
	"slices"
	"testing"
)

type item struct{ key, pos int }

// At lengths on both sides of small, SortFunc orders by key and keeps the
// first order of equal keys; the expectation is built by bucketing, not by
// sorting.
func TestSortFunc(t *testing.T) {
	for _, n := range []int{0, 1, 2, small, small + 1, 100, 10000} {
		for _, keys := range []int{1, 3, 50} {
			s := make([]item, n)
			x := uint32(n*7 + keys)
			buckets := make([][]item, keys)
			for i := range s {
				x = x*1664525 + 1013904223
				s[i] = item{int(x>>8) % keys, i}
				buckets[s[i].key] = append(buckets[s[i].key], s[i])
			}
			var want []item
			for _, b := range buckets {
				want = append(want, b...)
			}
			SortFunc(s, func(a, b item) int { return a.key - b.key })
			if !slices.Equal(s, want) {
				t.Errorf("n %d, %d keys: not sorted stably", n, keys)
			}
		}
	}
}

// A reversed list, the order a long query's parameters may come in.
func TestSortFuncReversed(t *testing.T) {
	s := make([]item, 5000)
	for i := range s {
		s[i] = item{(len(s) - i) / 2, i}
	}
	SortFunc(s, func(a, b item) int { return a.key - b.key })
	for i := 1; i < len(s); i++ {
		if s[i-1].key > s[i].key || s[i-1].key == s[i].key && s[i-1].pos > s[i].pos {
			t.Fatalf("at %d: %v then %v", i, s[i-1], s[i])
		}
	}
}
