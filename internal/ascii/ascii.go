// Package ascii holds the byte scans that several packages of this module
// share: whether a text is ASCII, and the scan eight bytes a step for a
// byte below a bound or outside ASCII. Each entry point is small enough to
// be inlined with the scan, so that its bound is a constant at the call.
package ascii

import "encoding/binary"

// Is reports whether every byte of s is below 0x80: whether s is US-ASCII
// (RFC 20), an ASCII string in the URL Standard's words.
func Is(s string) bool { return !stops(s, 0, true) }

// IsBytes is [Is] for a byte slice.
func IsBytes(b []byte) bool { return !stops(b, 0, true) }

// InRange reports whether every byte of s is at least lo and below 0x80:
// InRange(s, 0x20) tells a text with neither a C0 control nor a non-ASCII
// byte. lo must be at most 0x80; InRange(s, 0) is Is(s).
func InRange(s string, lo byte) bool { return !stops(s, lo, true) }

// HasBelow reports whether some byte of s is below lo; a byte at or above
// 0x80 is not. lo must be at most 0x80.
func HasBelow(s string, lo byte) bool { return stops(s, lo, false) }

const (
	ones = 0x0101010101010101
	high = 0x8080808080808080
)

// stops reports whether a byte of s is below lo or, when nonASCII is set,
// at or above 0x80. It reads eight bytes at a time as one little-endian
// word x (a string converted to []byte that is only read and does not
// escape is not copied): x - lo*ones sets the high bit of each byte below
// lo (a byte below lo borrows from the next, which may then be flagged
// wrongly, but only after one rightly flagged: the answer is still right);
// OR x adds the non-ASCII bytes, AND NOT x drops them instead (a byte at
// or above 0x80 is not below lo, lo <= 0x80).
//
// The entry points above are not generic, and inline stops where they are
// instantiated, in this package: an instance of a generic function that
// another package makes does not inline encoding/binary unless that
// package imports it, and a call to Uint64 for each word cost whatwg's
// preprocess 37% more instructions. stops stays within the inlining
// budget with its callers; TestInlining holds them there.
func stops[T ~string | ~[]byte](s T, lo byte, nonASCII bool) bool {
	for len(s) >= 8 {
		x := binary.LittleEndian.Uint64([]byte(s[:8]))
		d := x - uint64(lo)*ones
		if nonASCII {
			d |= x
		} else {
			d &^= x
		}
		if d&high != 0 {
			return true
		}
		s = s[8:]
	}
	for i := range len(s) {
		if s[i] < lo || nonASCII && s[i] >= 0x80 {
			return true
		}
	}
	return false
}
