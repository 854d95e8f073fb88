// Package utf8dec is the UTF-8 decoder of the Encoding Standard
// (https://encoding.spec.whatwg.org/, section "UTF-8 decoder"), which the URL
// Standard runs on its byte input ("UTF-8 decode without BOM"): a byte
// sequence that is not UTF-8 becomes one U+FFFD for each maximal subpart of
// it, as the Unicode Standard, chapter 3 ("U+FFFD Substitution of Maximal
// Subparts") recommends. That is not what strings.ToValidUTF8 does (one
// replacement for a whole run of invalid bytes) nor what a range loop does
// (one for each invalid byte): "\xe3\x80" is one U+FFFD, "\x80\x80" two.
// The URL Standard and lint share it.
package utf8dec

import (
	"unicode/utf8"

	"github.com/ferret-go/uri/internal/bytestr"
)

// Replacement is U+FFFD in UTF-8, what each maximal subpart becomes.
const Replacement = "\uFFFD"

// Subpart returns the length of the maximal subpart that s begins with
// (1 to 3 bytes), or 0 when s begins with a UTF-8 encoded scalar value or
// is empty. A maximal subpart is the longest prefix of s that is a prefix
// of a well-formed sequence, or its first byte when none is: the bytes the
// Encoding Standard's UTF-8 decoder takes in before it returns an error
// (it restores the byte that breaks the sequence to the stream).
func Subpart(s string) int {
	if len(s) == 0 {
		return 0
	}
	if s[0] < utf8.RuneSelf {
		return 0
	}
	if r, n := utf8.DecodeRuneInString(s); r != utf8.RuneError || n > 1 {
		return 0
	}
	// The decoder's steps: the lead byte sets how many bytes are needed
	// and the bounds of the first continuation byte; the later ones are
	// 0x80 to 0xBF.
	b := s[0]
	var need int
	lower, upper := byte(0x80), byte(0xBF)
	switch {
	case 0xC2 <= b && b <= 0xDF:
		need = 1
	case 0xE0 <= b && b <= 0xEF:
		need = 2
		if b == 0xE0 {
			lower = 0xA0
		} else if b == 0xED {
			upper = 0x9F
		}
	case 0xF0 <= b && b <= 0xF4:
		need = 3
		if b == 0xF0 {
			lower = 0x90
		} else if b == 0xF4 {
			upper = 0x8F
		}
	default:
		// 0x80 to 0xC1 and 0xF5 to 0xFF begin no sequence.
		return 1
	}
	n := 1
	for seen := 0; seen < need && n < len(s); seen++ {
		if c := s[n]; c < lower || c > upper {
			break
		}
		lower, upper = 0x80, 0xBF
		n++
	}
	// All the bytes needed would have made a scalar value, which
	// DecodeRuneInString took: fewer were there.
	return n
}

// Decode returns s as the Encoding Standard's "UTF-8 decode without BOM"
// decodes it (a BOM is kept as U+FEFF), written in UTF-8 again: s itself
// when it is valid UTF-8, otherwise a copy with each maximal subpart
// replaced by U+FFFD.
func Decode(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	// Made at its length, and the string is that memory (bytestr: no
	// copy): from an array of 1.5 times s grown by append and then
	// copied, 64 KiB of 0xff bytes (3 bytes each decoded) took 15.5
	// bytes a byte, and viewer.Analyze, which decodes it four times, 174
	// bytes a byte of input where it now takes 136.
	return bytestr.String(Append(make([]byte, 0, decodedLen(s)), s))
}

// decodedLen returns len(Decode(s)).
func decodedLen(s string) int {
	n := 0
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			n++
			i++
			continue
		}
		if k := Subpart(s[i:]); k > 0 {
			n += len(Replacement)
			i += k
			continue
		}
		_, k := utf8.DecodeRuneInString(s[i:])
		n += k
		i += k
	}
	return n
}

// Append appends Decode(s) to dst.
func Append(dst []byte, s string) []byte {
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			dst = append(dst, s[i])
			i++
			continue
		}
		if n := Subpart(s[i:]); n > 0 {
			dst = append(dst, Replacement...)
			i += n
			continue
		}
		_, n := utf8.DecodeRuneInString(s[i:])
		dst = append(dst, s[i:i+n]...)
		i += n
	}
	return dst
}

// Offset returns the offset in s of the byte at offset off of Decode(s):
// the start of the maximal subpart that a U+FFFD replaced, for a byte of
// one; len(s) for off at or past the end.
func Offset(s string, off int) int {
	i, j := 0, 0 // offsets in s and in Decode(s)
	for i < len(s) {
		n, m := 1, 1 // bytes in s, bytes in Decode(s)
		replaced := false
		if s[i] >= utf8.RuneSelf {
			if k := Subpart(s[i:]); k > 0 {
				n, m, replaced = k, len(Replacement), true
			} else {
				_, n = utf8.DecodeRuneInString(s[i:])
				m = n
			}
		}
		if off < j+m {
			if replaced {
				return i
			}
			return i + (off - j)
		}
		i, j = i+n, j+m
	}
	return len(s)
}

// Offsets returns Offset(s, k) for each k from 0 to len(Decode(s)), in one
// pass over s: a caller with many offsets to map (whatwg's validation
// errors) takes them from the table rather than walk s for each, which
// took time quadratic in the input.
func Offsets(s string) []int {
	out := make([]int, 0, len(s)+len(s)/2+1)
	for i := 0; i < len(s); {
		n, m := 1, 1 // bytes in s, bytes in Decode(s)
		replaced := false
		if s[i] >= utf8.RuneSelf {
			if k := Subpart(s[i:]); k > 0 {
				n, m, replaced = k, len(Replacement), true
			} else {
				_, n = utf8.DecodeRuneInString(s[i:])
				m = n
			}
		}
		for x := 0; x < m; x++ {
			if replaced {
				out = append(out, i)
			} else {
				out = append(out, i+x)
			}
		}
		i += n
	}
	return append(out, len(s))
}
