// Package grow makes room in slices that may be long: the packages that
// write a text as long as their input (escaping, repair, keys) share it, so
// that a line of megabytes costs about what the same bytes in short lines
// cost.
package grow

// Bytes returns b with room for n more bytes, as slices.Grow does, but in
// memory from make: slices.Grow clears the new room in one call that
// cannot be preempted, and when that memory comes fresh from the system
// its page faults held the garbage collector, which waits to stop every
// goroutine, up for milliseconds (uri key on 4 MiB lines of "[" took up
// to 4.7 times the time per byte of 16 KiB lines). make clears large
// memory in chunks that can be preempted, or not at all when it is fresh.
// As with append, a slice that must grow at least doubles.
func Bytes(b []byte, n int) []byte { return Slice(b, n) }

// Slice is Bytes for a slice of any element type, such as a list of records
// that may be as long as the input: growing by doubling, a slice has cost
// twice its final size in all, where append, which grows a long slice by a
// quarter, costs five times it (uri.Repair's list of changes on a path of
// "a a a ...": 175 times the input's length in memory).
func Slice[T any](s []T, n int) []T {
	if cap(s)-len(s) >= n {
		return s
	}
	ns := make([]T, len(s), max(2*cap(s), len(s)+n))
	copy(ns, s)
	return ns
}
