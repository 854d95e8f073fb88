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

// IndexTriplet returns the index of the first "%" of s that begins a
// triplet ("%" and two hexadecimal digits), or -1.
func IndexTriplet(s string) int {
	for i := 0; ; i++ {
		k := strings.IndexByte(s[i:], '%')
		if k < 0 {
			return -1
		}
		i += k
		if i+2 >= len(s) {
			return -1
		}
		if IsHex(s[i+1]) && IsHex(s[i+2]) {
			return i
		}
	}
}

// AppendDecoded appends s to dst with each triplet decoded to the octet it
// names; a "%" that begins no triplet stays as it is (the URL Standard's
// percent-decode, and a lenient reading of RFC 3986, section 2.1).
func AppendDecoded(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' && i+2 < len(s) && IsHex(s[i+1]) && IsHex(s[i+2]) {
			c = HexValue(s[i+1])<<4 | HexValue(s[i+2])
			i += 2
		}
		dst = append(dst, c)
	}
	return dst
}

// Decode is AppendDecoded to a string: s itself, with no copy, when it
// holds no triplet.
func Decode(s string) string {
	i := IndexTriplet(s)
	if i < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	return string(AppendDecoded(append(b, s[:i]...), s[i:]))
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
