// Package idnafast maps the common host to A-labels without allocating per
// label: UTS #46 ToASCII (section 4.2) under the profile of the URL
// Standard's "domain to ASCII" with beStrict false (non-transitional,
// CheckBidi and CheckJoiners on; CheckHyphens, UseSTD3ASCIIRules and
// VerifyDnsLength off), which the root package calls IDNABrowser and
// package whatwg uses for every special URL's host.
//
// golang.org/x/net/idna allocates for every label it maps (its list of
// labels, each A-label, the joined result), about 21 bytes for each byte of
// a host of short labels. This package handles only labels whose answer
// under that profile it can give for certain, and says so; for any other
// host the caller asks golang.org/x/net/idna, so that the answers are the
// same (TestSameAsXNetIDNA, FuzzSameAsXNetIDNA).
//
// It also keeps Punycode (RFC 3492) from costing time quadratic in a
// label's length: [Mapper.LongLabel] and [FindLongLabel] find a label
// longer than the real readers give to Punycode (ICU4C's bounds, or DNS's),
// which callers refuse before any Punycode work, and [ToASCII] encodes the
// long labels that remain in O(n log n) time.
package idnafast

import (
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/idna"
	"golang.org/x/text/unicode/bidi"
	"golang.org/x/text/unicode/norm"
)

// mapOnly is UTS #46's mapping step (section 4, step 1, non-transitional)
// with the validity of each code point (section 4.1, criterion 6), without
// the Bidi and CONTEXTJ rules: a code point alone that comes back unchanged
// and without error is "valid" (or a deviation, kept) in the mapping table.
var mapOnly = idna.New(idna.MapForLookup(), idna.Transitional(false),
	idna.StrictDomainName(false), idna.CheckHyphens(false), idna.CheckJoiners(false))

// MaxLabel is the longest label, in bytes, that a Mapper maps itself. Up
// to it, Punycode's delta (RFC 3492, section 6.3) stays far below the
// overflow that golang.org/x/net/idna reports (at most 0x110000 times 257
// before the last step), and so no label it maps is one that fails there.
const MaxLabel = 256

// A Mapper maps hosts label by label into the caller's buffer. Its zero
// value is ready; it keeps a cache of the code points it has found valid
// and scratch space, so one Mapper serves one goroutine at a time.
type Mapper struct {
	// valid is a direct-mapped cache: valid[r%len] == r once r was found
	// valid in the mapping table (0, which is ASCII, marks an empty slot).
	valid   [256]rune
	scratch []byte         // an A-label, for Len and Matches
	label   [MaxLabel]byte // a label mapped, for AppendLabel
}

// Len returns the length of the ToASCII of host (labels separated by "."),
// and whether the Mapper can tell it: false when any label is outside what
// it maps (see [Mapper.AppendLabel]).
func (m *Mapper) Len(host string) (int, bool) {
	n := 0
	for k := 0; ; {
		j := nextDot(host, k)
		var ok bool
		m.scratch, ok = m.AppendLabel(m.scratch[:0], host[k:j])
		if !ok {
			return 0, false
		}
		n += len(m.scratch)
		if j == len(host) {
			return n, true
		}
		n++ // the "."
		k = j + 1
	}
}

// Matches reports whether the ToASCII of host is want, without writing it
// out, and whether the Mapper could tell: ok false as for [Mapper.Len].
func (m *Mapper) Matches(host, want string) (match, ok bool) {
	pos := 0
	for k := 0; ; {
		j := nextDot(host, k)
		m.scratch, ok = m.AppendLabel(m.scratch[:0], host[k:j])
		if !ok {
			return false, false
		}
		if len(want)-pos < len(m.scratch) || want[pos:pos+len(m.scratch)] != string(m.scratch) {
			match = false
		} else {
			pos += len(m.scratch)
			match = true
		}
		if j == len(host) {
			return match && pos == len(want), true
		}
		if match {
			if match = pos < len(want) && want[pos] == '.'; match {
				pos++
			}
		}
		if !match {
			// The rest must still be mapped for ok to mean what
			// Len's does.
			_, ok = m.Len(host[j+1:])
			return false, ok
		}
		k = j + 1
	}
}

// AppendHost appends the ToASCII of host to dst, and reports whether the
// Mapper could: when ok is false, dst beyond its original length holds
// nothing of use and the caller asks golang.org/x/net/idna.
func (m *Mapper) AppendHost(dst []byte, host string) ([]byte, bool) {
	for k := 0; ; {
		j := nextDot(host, k)
		var ok bool
		if dst, ok = m.AppendLabel(dst, host[k:j]); !ok {
			return dst, false
		}
		if j == len(host) {
			return dst, true
		}
		dst = append(dst, '.')
		k = j + 1
	}
}

func nextDot(s string, k int) int {
	for ; k < len(s); k++ {
		if s[k] == '.' {
			return k
		}
	}
	return k
}

// AppendLabel appends the ToASCII of one label (no "." in it) to dst and
// reports whether it could. It maps a label of at most [MaxLabel] bytes
// made of ASCII letters, digits and "-", and of non-ASCII code points that
// are, each, a letter or decimal digit (Unicode general category L or Nd),
// of Bidi class L (so that the label is no Bidi label and the Bidi rule of
// RFC 5893 applies to none, and no ZWJ or ZWNJ, whose class is BN, is
// there for the CONTEXTJ rules), no combining mark (so the label does not
// begin with one, UTS #46 section 4.1 criterion 5) and valid in the
// mapping table (UTS #46, section 5); the label with its ASCII letters
// lowercased (their mapping) must be in NFC (so the normalization of
// section 4, step 2 changes nothing) and not begin with "xn--" (an A-label,
// which section 4, step 4 decodes and checks). Then ToASCII is that
// lowercased label, and for a label with non-ASCII code points "xn--" and
// its Punycode (RFC 3492). The empty label is kept as it is (VerifyDnsLength
// off). Any other label: ok false.
func (m *Mapper) AppendLabel(dst []byte, label string) (out []byte, ok bool) {
	if len(label) > MaxLabel {
		return dst, false
	}
	// The label mapped (ASCII letters lowercased) in m.label, of which
	// the Punycode is then written to dst: dst gets only the result, so
	// that a caller that made it at the result's length (Repair) never
	// sees it grow.
	mapped := m.label[:0]
	ascii := true
	for i := 0; i < len(label); {
		c := label[i]
		if c < utf8.RuneSelf {
			switch {
			case 'a' <= c && c <= 'z', '0' <= c && c <= '9', c == '-':
			case 'A' <= c && c <= 'Z':
				c += 'a' - 'A'
			default:
				return dst, false
			}
			mapped = append(mapped, c)
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(label[i:])
		if r == utf8.RuneError && n == 1 || !m.plain(r, label[i:i+n]) {
			return dst, false
		}
		ascii = false
		mapped = append(mapped, label[i:i+n]...)
		i += n
	}
	if len(mapped) >= 4 && string(mapped[:4]) == "xn--" {
		return dst, false
	}
	if ascii {
		return append(dst, mapped...), true
	}
	if !norm.NFC.IsNormal(mapped) {
		return dst, false
	}
	dst = append(dst, "xn--"...)
	return appendPunycode(dst, mapped), true
}

// plain reports whether the non-ASCII code point r, written s, is one that
// AppendLabel maps itself (see there).
func (m *Mapper) plain(r rune, s string) bool {
	if !unicode.In(r, unicode.L, unicode.Nd) || unicode.Is(unicode.M, r) {
		return false
	}
	if p, _ := bidi.LookupRune(r); p.Class() != bidi.L {
		return false
	}
	slot := &m.valid[int(r)%len(m.valid)]
	if *slot == r {
		return true
	}
	if u, err := mapOnly.ToUnicode(s); err != nil || u != s {
		return false
	}
	*slot = r
	return true
}

// The parameters of Punycode for IDNA (RFC 3492, section 5).
const (
	base        = 36
	tmin        = 1
	tmax        = 26
	skew        = 38
	damp        = 700
	initialBias = 72
	initialN    = 0x80
)

// appendDelta appends the delta q as a generalized variable-length integer
// (RFC 3492, section 3.3), with thresholds from the bias: the step of both
// Punycode encoders.
func appendDelta(dst []byte, q, bias int) []byte {
	for k := base; ; k += base {
		t := min(max(k-bias, tmin), tmax)
		if q < t {
			break
		}
		dst = append(dst, digit(t+(q-t)%(base-t)))
		q = (q - t) / (base - t)
	}
	return append(dst, digit(q))
}

// appendPunycode appends the Punycode of the UTF-8 text u (RFC 3492,
// section 6.3, the encoding procedure) to dst: the basic code points in
// order, a "-" after them when there are any, then for each non-basic code
// point, in increasing order, the variable-length integer of its delta.
// Digits are written in lowercase, as ToASCII's A-labels are. The caller
// keeps u short enough that no delta overflows ([MaxLabel]).
func appendPunycode(dst []byte, u []byte) []byte {
	basic, points := 0, 0
	for _, r := range string(u) {
		points++
		if r < initialN {
			dst = append(dst, byte(r))
			basic++
		}
	}
	if basic > 0 {
		dst = append(dst, '-')
	}
	n, delta, bias := rune(initialN), 0, initialBias
	for h := basic; h < points; {
		// The smallest code point not yet handled.
		next := rune(unicode.MaxRune + 1)
		for _, r := range string(u) {
			if r >= n && r < next {
				next = r
			}
		}
		delta += int(next-n) * (h + 1)
		n = next
		for _, r := range string(u) {
			if r < n {
				delta++
				continue
			}
			if r > n {
				continue
			}
			dst = appendDelta(dst, delta, bias)
			bias = adapt(delta, h+1, h == basic)
			delta = 0
			h++
		}
		delta++
		n++
	}
	return dst
}

// digit returns the basic code point of the Punycode digit d, 0 to 35:
// "a" to "z", then "0" to "9" (RFC 3492, section 5).
func digit(d int) byte {
	if d < 26 {
		return byte('a' + d)
	}
	return byte('0' + d - 26)
}

// adapt is the bias adaptation function of RFC 3492, section 6.1.
func adapt(delta, points int, first bool) int {
	if first {
		delta /= damp
	} else {
		delta /= 2
	}
	delta += delta / points
	k := 0
	for delta > (base-tmin)*tmax/2 {
		delta /= base - tmin
		k += base
	}
	return k + (base-tmin+1)*delta/(delta+skew)
}
