// Package stable sorts slices stably in O(n log n) comparisons and moves at
// any length. slices.SortStableFunc merges in place, with O(n log² n) swaps:
// on a query of a million parameters, most of the sort's time was spent
// rotating ranges in memmove. Lists that may be as long as the input (query
// parameters) are sorted here.
package stable

import "slices"

// small is the length up to which SortFunc leaves the work to
// slices.SortStableFunc, which sorts such a slice by insertion, without
// allocating.
const small = 32

// SortFunc sorts s by cmp, keeping the order of elements that compare
// equal, as slices.SortStableFunc does: an unstable sort (pdqsort) of the
// elements' positions, with the position as the last key, then one
// permutation. It takes memory for n positions and n elements.
func SortFunc[T any](s []T, cmp func(a, b T) int) {
	if len(s) <= small {
		slices.SortStableFunc(s, cmp)
		return
	}
	order := make([]int, len(s))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(i, j int) int {
		if c := cmp(s[i], s[j]); c != 0 {
			return c
		}
		return i - j
	})
	sorted := make([]T, len(s))
	for k, i := range order {
		sorted[k] = s[i]
	}
	copy(s, sorted)
}
