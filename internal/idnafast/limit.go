package idnafast

import (
	"unicode/utf16"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// The lengths past which a label is refused before any Punycode work
// (RFC 3492), whose encoder walks a label once for each distinct code point
// it holds and whose decoder inserts each code point into the output: time
// quadratic in the label's length. Neither the URL Standard nor UTS #46
// bounds a label when DNS lengths are not verified; these are the bounds of
// the real readers.
const (
	// MaxEncodeUnits is the longest label, in UTF-16 code units after UTS
	// #46 mapping and normalization (its ASCII characters included), that
	// ICU4C's u_strToPunycode encodes (ENCODE_MAX_CODE_UNITS, ICU-13727),
	// and so Chromium's and Node's host parsers; rust-url's idna has the
	// same bound (PUNYCODE_ENCODE_MAX_INPUT_LENGTH). whatwg/url issue 824
	// discusses it. Chromium 156: 1000 "é", 1000 CJK ideographs, 500
	// astral characters (two units each) are accepted, one more is not.
	MaxEncodeUnits = 1000
	// MaxDecodeChars is the longest Punycode text (an A-label after its
	// "xn--", in UTF-16 code units) that ICU4C's u_strFromPunycode
	// decodes (DECODE_MAX_CHARS, ICU-13727).
	MaxDecodeChars = 2000
	// MaxDNSLabel is the longest label of a name in the DNS, in octets
	// (RFC 1034, section 3.1; RFC 5890, section 2.3.2.1).
	MaxDNSLabel = 63
)

// maxGrowth bounds the UTF-16 code units that one byte of UTF-8 can become
// through UTS #46 mapping and NFC: the mapping table makes at most 6 units
// of a byte (U+FDFA, 3 bytes, maps to 18 code points; TestMaxGrowth checks
// every code point), and NFC expands text at most 3 times (UAX #15, section
// 9, "Stream-Safe Text Format": maximum expansion factor of NFC, UTF-16).
const maxGrowth = 6 * 3

// LongLabel returns the first label of host that is too long to be given
// to Punycode, as the byte range [start, end) of a label of host (labels
// separated by ".", U+3002, U+FF0E or U+FF61, which UTS #46 maps to ".";
// host's triplets already decoded), or found false when none is. A label is
// too long when, after UTS #46 mapping (non-transitional, STD3 rules off)
// and NFC (sections 4 and 4.1), any of the labels it becomes
//
//   - begins with "xn--" and has more than [MaxDecodeChars] UTF-16 units
//     after it (ICU4C refuses to decode it);
//   - holds a non-ASCII character and is more than [MaxEncodeUnits] UTF-16
//     units long (ICU4C refuses to encode it);
//   - with dns set, would make an A-label longer than [MaxDNSLabel]
//     octets: an "xn--" or ASCII label longer than that, or a label of more
//     than MaxDNSLabel-4 code points of which one is not ASCII, since
//     Punycode writes at least one character for each code point (RFC
//     3492, section 6.3) after the "xn--" (so ToASCII's DNS length check,
//     UTS #46 section 4.2 step 4, RFC 3490 section 4.1 step 8, fails).
//
// Its time and memory are linear in the length of host, and a label of at
// most MaxEncodeUnits/18 bytes (MaxDNSLabel/18 with dns) is passed over
// without being mapped.
func (m *Mapper) LongLabel(host string, dns bool) (start, end int, found bool) {
	return m.longLabel(host, dns, true)
}

// FindLongLabel is [Mapper.LongLabel] for a caller without a Mapper: one
// is made (1.3 KB zeroed) only when a label is long enough to be mapped.
func FindLongLabel(host string, dns bool) (start, end int, found bool) {
	limit := MaxEncodeUnits
	if dns {
		limit = MaxDNSLabel - 4
	}
	if len(host)*maxGrowth <= limit {
		return 0, 0, false
	}
	for k := 0; k <= len(host); {
		j, sep := nextSep(host, k)
		if (j-k)*maxGrowth > limit {
			var m Mapper
			return m.longLabel(host, dns, true)
		}
		if j == len(host) {
			break
		}
		k = j + sep
	}
	return 0, 0, false
}

// longLabel is LongLabel; with skip false it maps every label, however
// short (FuzzLongLabel checks that skipping changes no answer).
func (m *Mapper) longLabel(host string, dns, skip bool) (start, end int, found bool) {
	limit := MaxEncodeUnits
	if dns {
		limit = MaxDNSLabel - 4
	}
	if skip && len(host)*maxGrowth <= limit {
		return 0, 0, false
	}
	for k := 0; k <= len(host); {
		j, sep := nextSep(host, k)
		if (!skip || (j-k)*maxGrowth > limit) && m.tooLong(host[k:j], dns) {
			return k, j, true
		}
		if j == len(host) {
			break
		}
		k = j + sep
	}
	return 0, 0, false
}

// nextSep returns the offset of the first label separator of s at or after
// k and its length, or len(s) and 0.
func nextSep(s string, k int) (int, int) {
	for ; k < len(s); k++ {
		switch c := s[k]; {
		case c == '.':
			return k, 1
		case c == 0xE3 && k+2 < len(s) && s[k+1] == 0x80 && s[k+2] == 0x82, // U+3002
			c == 0xEF && k+2 < len(s) && s[k+1] == 0xBC && s[k+2] == 0x8E, // U+FF0E
			c == 0xEF && k+2 < len(s) && s[k+1] == 0xBD && s[k+2] == 0xA1: // U+FF61
			return k, 3
		}
	}
	return len(s), 0
}

// tooLong maps the raw label s (UTS #46, section 4, steps 1 and 2) and
// tells whether one of the labels it becomes is too long (see LongLabel).
func (m *Mapper) tooLong(s string, dns bool) bool {
	// First the length of the label mapped, before NFC, which expands
	// text at most 3 times (see maxGrowth): a label short enough even so
	// is neither written out nor normalized.
	limit := MaxEncodeUnits
	if dns {
		limit = MaxDNSLabel - 4
	}
	units := 0
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			units++
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if identity(r) || m.valid[int(r)%len(m.valid)] == r {
			units += utf16.RuneLen(r)
		} else {
			u, err := mapOnly.ToUnicode(s[i : i+n])
			if err == nil && u == s[i:i+n] && r != utf8.RuneError {
				m.valid[int(r)%len(m.valid)] = r
			}
			for _, c := range u {
				units += utf16.RuneLen(c)
			}
		}
		i += n
	}
	if 3*units <= limit {
		return false
	}
	mapped := make([]byte, 0, len(s))
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			mapped = append(mapped, c)
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if identity(r) {
			mapped = append(mapped, s[i:i+n]...)
		} else if slot := &m.valid[int(r)%len(m.valid)]; *slot == r {
			mapped = append(mapped, s[i:i+n]...)
		} else {
			// A disallowed code point comes back as it is, with an
			// error; the host fails anyway, and its length is what
			// the reader would have measured.
			u, err := mapOnly.ToUnicode(s[i : i+n])
			if err == nil && u == s[i:i+n] && r != utf8.RuneError {
				*slot = r
			}
			mapped = append(mapped, u...)
		}
		i += n
	}
	if !norm.NFC.IsNormal(mapped) {
		mapped = norm.NFC.Bytes(mapped)
	}
	for k := 0; k <= len(mapped); {
		j := k
		for j < len(mapped) && mapped[j] != '.' {
			j++
		}
		if labelTooLong(mapped[k:j], dns) {
			return true
		}
		k = j + 1
	}
	return false
}

// labelTooLong tells whether the mapped label l is too long (see LongLabel).
func labelTooLong(l []byte, dns bool) bool {
	ace := len(l) >= 4 && string(l[:4]) == "xn--"
	units, points, ascii := 0, 0, true
	for _, r := range string(l) {
		points++
		units += utf16.RuneLen(r)
		if r >= utf8.RuneSelf {
			ascii = false
		}
	}
	switch {
	case dns && (ace || ascii):
		return len(l) > MaxDNSLabel
	case dns:
		return points > MaxDNSLabel-4
	case ace:
		return units-4 > MaxDecodeChars
	default:
		return !ascii && units > MaxEncodeUnits
	}
}

// identityRanges are blocks of letters of common scripts that UTS #46
// maps each to itself ("valid" in its mapping table, section 5), so that
// tooLong needs no look-up for them (TestIdentityRanges checks every code
// point of them against golang.org/x/net/idna's table): sorted, inclusive.
var identityRanges = [...][2]rune{
	{0x00DF, 0x00F6},   // Latin-1 lowercase letters (ß kept: non-transitional)
	{0x00F8, 0x00FF},   // Latin-1 lowercase letters
	{0x03AC, 0x03CE},   // Greek lowercase letters
	{0x0430, 0x045F},   // Cyrillic lowercase letters
	{0x05D0, 0x05EA},   // Hebrew letters
	{0x0620, 0x064A},   // Arabic letters
	{0x3041, 0x3096},   // Hiragana
	{0x30A1, 0x30FA},   // Katakana
	{0x3400, 0x4DBF},   // CJK Unified Ideographs Extension A
	{0x4E00, 0x9FFF},   // CJK Unified Ideographs
	{0xAC00, 0xD7A3},   // Hangul syllables
	{0x20000, 0x2A6DF}, // CJK Unified Ideographs Extension B
}

// identity reports whether r is in identityRanges.
func identity(r rune) bool {
	if r < identityRanges[0][0] {
		return false
	}
	lo, hi := 0, len(identityRanges)
	for lo < hi {
		mid := (lo + hi) / 2
		switch {
		case r < identityRanges[mid][0]:
			hi = mid
		case r > identityRanges[mid][1]:
			lo = mid + 1
		default:
			return true
		}
	}
	return false
}
