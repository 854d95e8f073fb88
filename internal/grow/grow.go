// Package grow makes room in byte slices that may be long: the packages
// that write a text as long as their input (escaping, repair, keys) share
// it, so that a line of megabytes costs about what the same bytes in short
// lines cost.
package grow

// Bytes returns b with room for n more bytes, as slices.Grow does, but in
// memory from make: slices.Grow clears the new room in one call that
// cannot be preempted, and when that memory comes fresh from the system
// its page faults held the garbage collector, which waits to stop every
// goroutine, up for milliseconds (uri key on 4 MiB lines of "[" took up
// to 4.7 times the time per byte of 16 KiB lines). make clears large
// memory in chunks that can be preempted, or not at all when it is fresh.
// As with append, a slice that must grow at least doubles.
func Bytes(b []byte, n int) []byte {
	if cap(b)-len(b) >= n {
		return b
	}
	nb := make([]byte, len(b), max(2*cap(b), len(b)+n))
	copy(nb, b)
	return nb
}
