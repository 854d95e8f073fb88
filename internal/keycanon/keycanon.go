// Package keycanon holds what the lookup-key packages, surt and
// safebrowsing, share: the repeated percent-unescaping both documents ask
// for, in one linear pass; the escaping both apply afterwards; and reading
// an IPv4 address as inet_aton does. It imports nothing of this module, as
// internal packages must not (the map in README.md).
package keycanon

import (
	"bytes"
	"encoding/binary"
	"net/netip"

	"github.com/ferret-go/uri/internal/ascii"
	"github.com/ferret-go/uri/internal/pctenc"
)

// UnescapeRepeatedly decodes percent-encoded octets in b until none is
// left, in place, and returns the result: what decoding "%XY" triplets pass
// after pass until a pass changes nothing gives ("%252525" is "%"), in one
// pass. Decoding a triplet can only make a new one end where it was, so the
// top of the output is checked again after each decoding: each byte is
// looked at a bounded number of times. The result is that of the passes
// because no two triplets overlap ("%" is no hexadecimal digit), so the
// order of the decodings does not change what is left.
func UnescapeRepeatedly(b []byte) []byte {
	// Up to the first "%" nothing changes: skip it at once.
	i := bytes.IndexByte(b, '%')
	if i < 0 {
		return b
	}
	out := b[:i]
	for _, c := range b[i:] {
		out = append(out, c)
		for n := len(out); n >= 3 && out[n-3] == '%' && pctenc.HexValue(out[n-2]) < 16 && pctenc.HexValue(out[n-1]) < 16; n = len(out) {
			out[n-3] = pctenc.HexValue(out[n-2])<<4 | pctenc.HexValue(out[n-1])
			out = out[:n-2]
		}
	}
	return out
}

// UnescapeOnce decodes each "%XY" of b once, left to right, in place, and
// returns the result: the text of a host that IDNA has written as a URI
// host, with "%" as "%25".
func UnescapeOnce(b []byte) []byte {
	i := bytes.IndexByte(b, '%')
	if i < 0 {
		return b
	}
	out := b[:i]
	for ; i < len(b); i++ {
		if b[i] == '%' && i+2 < len(b) && pctenc.HexValue(b[i+1]) < 16 && pctenc.HexValue(b[i+2]) < 16 {
			out = append(out, pctenc.HexValue(b[i+1])<<4|pctenc.HexValue(b[i+2]))
			i += 2
			continue
		}
		out = append(out, b[i])
	}
	return out
}

// MustEscape reports whether the key documents escape c: every byte at or
// below 0x20 (space and controls), at or above 0x7F, "#" and "%".
func MustEscape(c byte) bool { return c <= ' ' || c >= 0x7f || c == '#' || c == '%' }

// EscapedLen returns the length of b once escaped.
func EscapedLen(b []byte) int {
	n := len(b)
	i := 0
	for ; i+8 <= len(b); i += 8 {
		if MustEscape8(binary.LittleEndian.Uint64(b[i:])) {
			for _, c := range b[i : i+8] {
				if MustEscape(c) {
					n += 2
				}
			}
		}
	}
	for _, c := range b[i:] {
		if MustEscape(c) {
			n += 2
		}
	}
	return n
}

const (
	ones8 = 0x0101010101010101
	high8 = 0x8080808080808080
)

// hasZero8 reports whether one of the eight bytes of x is 0.
func hasZero8(x uint64) bool { return (x-ones8)&^x&high8 != 0 }

// MustEscape8 reports whether one of the eight bytes of x is one that
// MustEscape escapes: at or above 0x7F, at or below 0x20, "#" or "%".
func MustEscape8(x uint64) bool {
	if x&high8 != 0 {
		return true
	}
	// Each byte is below 0x80 now: x - 0x21 borrows into its high bit
	// where it is below 0x21.
	return (x-0x21*ones8)&^x&high8 != 0 ||
		hasZero8(x^0x7f*ones8) || hasZero8(x^'#'*ones8) || hasZero8(x^'%'*ones8)
}

// HasControl reports whether s may hold a tab, "\n" or "\r": whether a
// byte of it is below 0x0E (more bytes than those three, which only sends
// s to the slower copy that drops them), eight bytes at a time.
func HasControl(s string) bool { return ascii.HasBelow(s, 0x0e) }

// AppendEscaped appends b to dst with the bytes of MustEscape
// percent-encoded, in uppercase hexadecimal.
func AppendEscaped(dst, b []byte) []byte {
	for {
		i := 0
		for i+8 <= len(b) && !MustEscape8(binary.LittleEndian.Uint64(b[i:])) {
			i += 8
		}
		for i < len(b) && !MustEscape(b[i]) {
			i++
		}
		dst = append(dst, b[:i]...) // a run that needs nothing, at once
		if i == len(b) {
			return dst
		}
		c := b[i]
		dst = pctenc.AppendTriplet(dst, c)
		b = b[i+1:]
	}
}

// InetAton reads h as inet_aton does: one to four parts separated by dots,
// each decimal, octal (a leading "0") or hexadecimal ("0x"); the last part
// fills the bytes the others leave ("10.0.258" is 10.0.1.2, "3279880203"
// is 195.127.0.11).
func InetAton(h []byte) (netip.Addr, bool) {
	var parts [4]uint64
	n := 0
	i := 0
	for {
		if n == 4 || i >= len(h) {
			return netip.Addr{}, false
		}
		base := uint64(10)
		if h[i] == '0' {
			base = 8
			i++
			if i < len(h) && (h[i] == 'x' || h[i] == 'X') {
				base = 16
				i++
			}
		}
		var v uint64
		digits := 0
		for ; i < len(h) && h[i] != '.'; i++ {
			d := uint64(pctenc.HexValue(h[i]))
			if d >= base {
				return netip.Addr{}, false
			}
			v = v*base + d
			digits++
			if v > 0xffffffff {
				return netip.Addr{}, false
			}
		}
		if digits == 0 && base != 8 {
			return netip.Addr{}, false // "", "0x"
		}
		parts[n] = v
		n++
		if i == len(h) {
			break
		}
		i++ // the dot
	}
	var a uint64
	for k := 0; k < n-1; k++ {
		if parts[k] > 255 {
			return netip.Addr{}, false
		}
		a |= parts[k] << (24 - 8*k)
	}
	if parts[n-1] >= 1<<(8*(5-n)) {
		return netip.Addr{}, false
	}
	a |= parts[n-1]
	return netip.AddrFrom4([4]byte{byte(a >> 24), byte(a >> 16), byte(a >> 8), byte(a)}), true
}

// NoEscape reports whether s has no byte that MustEscape escapes, eight
// bytes at a time.
func NoEscape(s string) bool {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		x := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
			uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
		if MustEscape8(x) {
			return false
		}
	}
	for ; i < len(s); i++ {
		if MustEscape(s[i]) {
			return false
		}
	}
	return true
}
