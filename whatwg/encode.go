package whatwg

import "github.com/ferret-go/uri/internal/pctenc"

// Percent-encode sets of the URL Standard, section "Percent-encoded bytes".
// Each set is one bit of encodeTable; a byte b belongs to set s when
// encodeTable[b]&s != 0. Every set holds the C0 controls and every byte
// above U+007E (~): a non-ASCII code point is UTF-8 encoded and each of its
// bytes is percent-encoded, which is the same as UTF-8 percent-encoding the
// code point.
const (
	setC0           = 1 << iota // C0 control percent-encode set
	setFragment                 // fragment percent-encode set
	setQuery                    // query percent-encode set
	setSpecialQuery             // special-query percent-encode set
	setPath                     // path percent-encode set
	setUserinfo                 // userinfo percent-encode set
	setComponent                // component percent-encode set
	setForm                     // application/x-www-form-urlencoded percent-encode set
)

var encodeTable = func() (t [256]uint8) {
	for b := 0; b < 256; b++ {
		var s uint8
		if b < 0x20 || b > 0x7e {
			s = 0xff
		}
		t[b] = s
	}
	add := func(set uint8, chars string) {
		for i := 0; i < len(chars); i++ {
			t[chars[i]] |= set
		}
	}
	// Each set is a superset of the one it is defined from.
	add(setFragment, " \"<>`")
	add(setQuery|setSpecialQuery|setPath|setUserinfo|setComponent|setForm, " \"#<>")
	add(setSpecialQuery, "'")
	add(setPath|setUserinfo|setComponent|setForm, "?^`{}")
	add(setUserinfo|setComponent|setForm, "/:;=@[\\]|")
	add(setComponent|setForm, "$%&+,")
	add(setForm, "!'()~")
	return t
}()

// firstToEncode returns the index of the first byte of s in set, or -1.
func firstToEncode(s string, set uint8) int {
	for i := 0; i < len(s); i++ {
		if encodeTable[s[i]]&set != 0 {
			return i
		}
	}
	return -1
}

// appendEncoded appends s to dst, UTF-8 percent-encoding the bytes in set.
func appendEncoded(dst []byte, s string, set uint8) []byte {
	for i := 0; i < len(s); i++ {
		b := s[i]
		if encodeTable[b]&set != 0 {
			dst = pctenc.AppendTriplet(dst, b)
		} else {
			dst = append(dst, b)
		}
	}
	return dst
}

// encode returns s UTF-8 percent-encoded with set; s itself when no byte
// needs it (no allocation).
func encode(s string, set uint8) string {
	i := firstToEncode(s, set)
	if i < 0 {
		return s
	}
	b := make([]byte, 0, len(s)+16)
	b = append(b, s[:i]...)
	return string(appendEncoded(b, s[i:], set))
}
