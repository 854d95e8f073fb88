// Package ascii holds the byte scans that several packages of this module
// share: whether a text is ASCII, and the scan eight bytes a step for a
// byte below a bound or outside ASCII. Each takes a string or a byte slice,
// so that neither has to be converted to the other.
package ascii

import "encoding/binary"

// Is reports whether every byte of s is below 0x80: whether s is US-ASCII
// (RFC 20), an ASCII string in the URL Standard's words.
func Is[T ~string | ~[]byte](s T) bool { return !stops(s, 0, high) }

// InRange reports whether every byte of s is at least lo and below 0x80:
// InRange(s, 0x20) tells a text with neither a C0 control nor a non-ASCII
// byte. lo must be at most 0x80; InRange(s, 0) is Is(s).
func InRange[T ~string | ~[]byte](s T, lo byte) bool { return !stops(s, lo, high) }

// HasBelow reports whether some byte of s is below lo; a byte at or above
// 0x80 is not. lo must be at most 0x80.
func HasBelow[T ~string | ~[]byte](s T, lo byte) bool { return stops(s, lo, 0) }

const (
	ones = 0x0101010101010101
	high = 0x8080808080808080
)

// stops reports whether a byte of s is below lo or has a bit of stop set,
// which is high (a non-ASCII byte stops) or 0 (none does). It reads eight
// bytes at a time, as one little-endian word x (the conversion of a string
// to []byte that is only read and does not escape copies nothing):
// x - lo*ones sets the high bit of each byte below lo (a byte below lo
// borrows from the next, which may then be flagged wrongly, but only after
// one rightly flagged: the answer is still right); &^ x clears it where the
// byte is non-ASCII, so not below lo (lo <= 0x80); x&stop flags the
// non-ASCII bytes. It is small enough to be inlined, wrapper and all, so
// that lo and stop are constants where the callers' are.
func stops[T ~string | ~[]byte](s T, lo byte, stop uint64) bool {
	for len(s) >= 8 {
		x := binary.LittleEndian.Uint64([]byte(s[:8]))
		if ((x-uint64(lo)*ones)&^x|x&stop)&high != 0 {
			return true
		}
		s = s[8:]
	}
	for i := range len(s) {
		if s[i] < lo || s[i]&byte(stop) != 0 {
			return true
		}
	}
	return false
}
