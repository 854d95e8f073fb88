// Package pctenc holds the percent-encoding helpers that the packages
// beside the root one share (the scheme packages, whatwg, template, lint,
// the key makers): each has its own set of bytes that stand for themselves,
// but the triplets are written and read alike.
package pctenc

import "strings"

// HexValue returns the value of the hexadecimal digit c (HEXDIG of RFC
// 3986, section 2.1, in either case), or 255 when c is none: so
// HexValue(c) < 16 tests it and a caller that has tested it reads the value.
func HexValue(c byte) byte {
	switch {
	case '0' <= c && c <= '9':
		return c - '0'
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10
	}
	return 255
}

// IsHex reports whether c is a hexadecimal digit.
func IsHex(c byte) bool { return HexValue(c) < 16 }

// Unhex returns the value of the hexadecimal digit c and whether it is one.
func Unhex(c byte) (byte, bool) {
	v := HexValue(c)
	return v, v < 16
}

// AppendTriplet appends the percent-encoded triplet of c: "%" and two
// uppercase hexadecimal digits (RFC 3986, section 2.1, which recommends
// uppercase).
func AppendTriplet(dst []byte, c byte) []byte {
	const hexDigits = "0123456789ABCDEF"
	return append(dst, '%', hexDigits[c>>4], hexDigits[c&15])
}

// Write writes s to b with every byte for which keep is false as "%" and
// two uppercase hexadecimal digits (RFC 3986, section 2.1).
func Write(b *strings.Builder, s string, keep func(byte) bool) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if keep(c) {
			b.WriteByte(c)
			continue
		}
		var t [3]byte
		b.Write(AppendTriplet(t[:0], c))
	}
}
