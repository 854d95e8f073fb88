// Package pctenc holds the percent-encoding helpers that the scheme
// packages (dataurl, fileuri, mailto) share: each has its own set of bytes
// that stand for themselves, but the triplets are written and read alike.
package pctenc

import "strings"

// Unhex returns the value of the hexadecimal digit c and whether it is one.
func Unhex(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// Write writes s to b with every byte for which keep is false as "%" and
// two uppercase hexadecimal digits (RFC 3986, section 2.1).
func Write(b *strings.Builder, s string, keep func(byte) bool) {
	const hexDigits = "0123456789ABCDEF"
	for i := 0; i < len(s); i++ {
		c := s[i]
		if keep(c) {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hexDigits[c>>4])
		b.WriteByte(hexDigits[c&15])
	}
}
