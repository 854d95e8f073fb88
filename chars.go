package uri

import "math/bits"

// Character classes of RFC 3986, section 2 and Appendix A.
//
// Every byte maps to a set of class bits; a grammar rule that accepts "one of
// these classes" tests the byte against the OR of their bits, so each scan loop
// costs one table load and one AND per byte.

const (
	cUnreserved = 1 << iota // ALPHA / DIGIT / "-" / "." / "_" / "~" (section 2.3)
	cSubDelim               // "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "=" (section 2.2)
	cColon                  // ":"
	cAt                     // "@"
	cSlash                  // "/"
	cQuestion               // "?"
	cScheme                 // ALPHA / DIGIT / "+" / "-" / "." (section 3.1)
	cHex                    // HEXDIG
)

// Masks for the grammar rules of Appendix A. A "%" is in no class: every scan
// stops on it and checks the pct-encoded triplet (section 2.1) by hand.
const (
	mRegName  = cUnreserved | cSubDelim                // reg-name (section 3.2.2)
	mUserinfo = cUnreserved | cSubDelim | cColon       // userinfo (section 3.2.1)
	mFuture   = cUnreserved | cSubDelim | cColon       // the tail of IPvFuture (section 3.2.2)
	mSegNC    = cUnreserved | cSubDelim | cAt          // segment-nz-nc (section 3.3)
	mPchar    = cUnreserved | cSubDelim | cColon | cAt // pchar (section 3.3)
	mPath     = mPchar | cSlash                        // a path: segments and "/" (section 3.3)
	mQuery    = mPchar | cSlash | cQuestion            // query and fragment (sections 3.4, 3.5)
)

// class is the character table. It is computed once and never written after.
var class = func() (t [256]uint8) {
	set := func(chars string, bits uint8) {
		for i := 0; i < len(chars); i++ {
			t[chars[i]] |= bits
		}
	}
	const (
		alpha = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
		digit = "0123456789"
	)
	set(alpha+digit+"-._~", cUnreserved)
	set("!$&'()*+,;=", cSubDelim)
	set(":", cColon)
	set("@", cAt)
	set("/", cSlash)
	set("?", cQuestion)
	set(alpha+digit+"+-.", cScheme)
	set(digit+"ABCDEFabcdef", cHex)
	return t
}()

func isAlpha(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }
func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isHex(c byte) bool   { return class[c]&cHex != 0 }

// Byte sets for the masks the grammar scans most. A set is eight tables,
// one for each byte of a word: t[k][c] is 1<<k when c is allowed and 0
// otherwise, so that the OR of the eight lookups of a word is a mask with
// bit k set for each allowed byte k, and the first byte that stops the scan
// is the mask's lowest zero bit. That costs the loop the instructions of the
// AND chain it replaced (a load a byte, a table load a byte, seven ORs), and
// the scan ends without a loop of a byte at a time, whose exit the
// processor mispredicts: on userbait the scans' loop exits were 5 of the
// 5.8 mispredicted branches a URL (callgrind --branch-sim), against the
// floor's one.
type byteSet = [8][256]uint8

var (
	setRegName  = makeSet(mRegName)
	setUserinfo = makeSet(mUserinfo)
	setSegNC    = makeSet(mSegNC)
	setPchar    = makeSet(mPchar)
	setPath     = makeSet(mPath)
	setQuery    = makeSet(mQuery)
)

func makeSet(mask uint8) (t byteSet) {
	for k := range t {
		for c := range t[k] {
			if class[c]&mask != 0 {
				t[k][c] = 1 << k
			}
		}
	}
	return t
}

// setOf maps a mask to its byte set, or to nil for a mask without one. It is
// a table, not a switch, so that scan stays small enough to be inlined and
// costs one load instead of a chain of compares.
var setOf = func() (m [256]*byteSet) {
	m[mRegName] = &setRegName
	m[mUserinfo] = &setUserinfo
	m[mSegNC] = &setSegNC
	m[mPchar] = &setPchar
	m[mPath] = &setPath
	m[mQuery] = &setQuery
	return m
}()

// scan advances from i over bytes of the mask and over well-formed pct-encoded
// triplets (RFC 3986, section 2.1). It returns the index of the first byte that
// is neither; at that index there may be a delimiter, an invalid byte or a
// malformed "%" triplet, which the caller tells apart.
func scan(s string, i int, mask uint8) int {
	return scanSet(s, i, setOf[mask], mask, 0)
}

// scanF is scan for a parse with flags f: with pIRI it goes on over the
// ucschar of RFC 3987 (and iprivate with pPrivate) where scan stopped on a
// non-ASCII byte. ASCII input pays the one test of f, inside scanSet: a
// wrapper small enough to be inlined, so that each component costs the
// parser one call (kasztp: 47 instructions a URL less than a scanF that
// called scan, then tested f).
func scanF(s string, i int, mask uint8, f pflags) int {
	return scanSet(s, i, setOf[mask], mask, f)
}

// lowBits[n] has the n low bits set: the bytes of the last word that a scan
// has passed already (n is 1 to 7; a table, as a shift by a variable count
// takes the compiler a guard).
var lowBits = [8]uint8{0, 1, 3, 7, 15, 31, 63, 127}

// scanSet is scanF for the byte set t of mask, or for mask when t is nil.
func scanSet(s string, i int, t *byteSet, mask uint8, f pflags) int {
	if t == nil || len(s) < 8 {
		i = scanClass(s, i, mask)
	} else {
		for {
			// Eight bytes at a time while all are allowed: most of a URI.
			for i+8 <= len(s) {
				w := s[i : i+8]
				m := t[0][w[0]] | t[1][w[1]] | t[2][w[2]] | t[3][w[3]] |
					t[4][w[4]] | t[5][w[5]] | t[6][w[6]] | t[7][w[7]]
				if m != 0xff {
					i += bits.TrailingZeros8(^m)
					goto stop
				}
				i += 8
			}
			// Fewer than eight bytes are left: read the last eight of s,
			// the ones before i counted as allowed (i-j is 1 to 7).
			if j := len(s) - 8; i < len(s) {
				w := s[j:]
				m := t[0][w[0]] | t[1][w[1]] | t[2][w[2]] | t[3][w[3]] |
					t[4][w[4]] | t[5][w[5]] | t[6][w[6]] | t[7][w[7]] |
					lowBits[(i-j)&7]
				i = j + bits.TrailingZeros8(^m)
			}
		stop:
			if i+2 < len(s) && s[i] == '%' && isHex(s[i+1]) && isHex(s[i+2]) {
				i += 3
				continue
			}
			break
		}
	}
	if f&pIRI != 0 && i < len(s) && s[i] >= 0x80 {
		i = scanUCS(s, i, mask, f&pPrivate != 0)
	}
	return i
}

// scanClass is scan for a mask without a byte set.
func scanClass(s string, i int, mask uint8) int {
	for i < len(s) {
		c := s[i]
		if class[c]&mask != 0 {
			i++
			continue
		}
		if c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			i += 3
			continue
		}
		break
	}
	return i
}

// ASCII case, for normalization (RFC 3986, sections 6.2.2.1 and 6.2.3) and
// case-insensitive comparison.

// hasUpper reports whether s holds an ASCII uppercase letter.
func hasUpper(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i]-'A' < 26 {
			return true
		}
	}
	return false
}

func lower(c byte) byte {
	if c-'A' < 26 {
		return c + ('a' - 'A')
	}
	return c
}

func upper(c byte) byte {
	if c-'a' < 26 {
		return c - ('a' - 'A')
	}
	return c
}

// appendLower appends s in ASCII lowercase.
func appendLower(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		b = append(b, lower(s[i]))
	}
	return b
}
