package uri

import (
	"errors"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/idna"
	"golang.org/x/text/unicode/bidi"
	"golang.org/x/text/unicode/norm"

	"github.com/ferret-go/uri/internal/idnafast"
	"github.com/ferret-go/uri/internal/idnspoof"
)

// IDNA for the reg-name hosts of IRIs (RFC 3987, section 3.1), through
// golang.org/x/net/idna: UTS #46 processing, whose Unicode tables follow the
// Go version (15.0 before Go 1.27, 17.0 from it).

// IDNAProfile names the rules by which a non-ASCII host becomes A-labels.
type IDNAProfile uint8

const (
	// IDNABrowser is UTS #46 non-transitional processing with the flags of
	// the URL Standard's "domain to ASCII" (beStrict false), as browsers
	// do: characters are mapped (case folded, width folded, "。" to "."),
	// ß, ς, ZWJ and ZWNJ are kept (not transitional), the Bidi rule (RFC
	// 5893) and the CONTEXTJ rules (RFC 5892, Appendix A) are checked,
	// hyphen positions, STD3 ASCII rules and DNS lengths are not. It is the
	// zero profile.
	IDNABrowser IDNAProfile = iota
	// IDNALookup is the stricter IDNA2008 lookup profile (RFC 5891,
	// section 5, through UTS #46 as golang.org/x/net/idna's Lookup does):
	// as IDNABrowser, plus the STD3 ASCII rules (letters, digits and "-"
	// only), no hyphen at either end of a label nor in its third and
	// fourth positions, and the DNS lengths (labels of 1 to 63 octets, so
	// no empty label and no final "."; a name of at most 253).
	IDNALookup
)

var (
	idnaBrowser = idna.New(idna.MapForLookup(), idna.Transitional(false),
		idna.BidiRule(), idna.CheckJoiners(true), idna.CheckHyphens(false),
		idna.StrictDomainName(false), idna.VerifyDNSLength(false))
	idnaLookup = idna.New(idna.MapForLookup(), idna.Transitional(false),
		idna.BidiRule(), idna.CheckJoiners(true), idna.CheckHyphens(true),
		idna.StrictDomainName(true), idna.VerifyDNSLength(true))

	// The mapping step alone, to tell a disallowed code point from the
	// rules on labels.
	idnaMapBrowser = idna.New(idna.MapForLookup(), idna.Transitional(false),
		idna.StrictDomainName(false), idna.CheckHyphens(false), idna.CheckJoiners(false))
)

func (p IDNAProfile) profile() *idna.Profile {
	if p == IDNALookup {
		return idnaLookup
	}
	return idnaBrowser
}

// toASCII is UTS #46 ToASCII under p: for IDNABrowser, whose labels may
// be as long as browsers take (up to 1000 UTF-16 code units), through
// idnafast.ToASCII, whose Punycode encoder takes O(n log n) time in a
// label's length where golang.org/x/net/idna's takes quadratic time; for
// IDNALookup, whose labels are at most 63 octets, golang.org/x/net/idna's.
func (p IDNAProfile) toASCII(s string) (string, error) {
	if p == IDNALookup {
		return idnaLookup.ToASCII(s)
	}
	return idnafast.ToASCII(idnaBrowser, s)
}

// String returns "browser" or "lookup".
func (p IDNAProfile) String() string {
	if p == IDNALookup {
		return "lookup"
	}
	return "browser"
}

// ErrIDNA: a host that IDNA processing rejects. The [*Error]'s cause is an
// [*IDNAError] that matches it with errors.Is and names the label and the
// rule.
var ErrIDNA = errors.New("host fails IDNA")

// IDNAError says why IDNA rejected a host: which label (as written, its
// triplets decoded), and which rule it breaks.
type IDNAError struct {
	Label string // the offending label, or the whole host for a rule on names
	Rule  string // the rule broken, with its source
	Err   error  // golang.org/x/net/idna's error
}

// Error returns a message such as `IDNA: label "a‍b" breaks the CONTEXTJ
// rule for ZERO WIDTH JOINER (RFC 5892, Appendix A.2)`.
func (e *IDNAError) Error() string {
	return "IDNA: label " + quoteLabel(e.Label) + " breaks " + e.Rule
}

// Unwrap returns ErrIDNA and the error of golang.org/x/net/idna.
func (e *IDNAError) Unwrap() []error { return []error{ErrIDNA, e.Err} }

func quoteLabel(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		if unicode.IsPrint(r) && r != '"' && r != '\\' {
			b.WriteRune(r)
		} else {
			b.WriteString(strings.Trim(strconv.QuoteRuneToASCII(r), "'"))
		}
	}
	b.WriteByte('"')
	return b.String()
}

// HostToASCII returns host, the raw text of a reg-name that may hold
// non-ASCII characters (an ireg-name, RFC 3987, section 2.2), written as
// [IRI.ToURI] writes it: its triplets decoded and its labels made A-labels
// under p, with what a reg-name does not allow percent-encoded. An ASCII
// host comes back as it is. Text that is not an ireg-name (a ":" or "@", an
// IP-literal, invalid UTF-8...) or that IDNA rejects gives an [*Error] with
// its offset in host.
func (p IDNAProfile) HostToASCII(host string) (string, error) {
	if end := scanF(host, 0, mRegName, pIRI); end < len(host) {
		if k := firstInvalidUTF8(host); k >= 0 && k <= end {
			return "", newError(host, k, ComponentHost, ErrInvalidUTF8)
		}
		return "", badByte(host, end, ComponentHost)
	}
	if firstNonASCII(host) == len(host) {
		return host, nil
	}
	a, err := p.hostToASCII(host, 0, len(host))
	if err != nil {
		return "", err
	}
	return string(appendEscape(nil, a, charset(EscapeHost))), nil
}

// hostToASCII returns the A-label form of the reg-name s[start:end] under
// p, or an [*Error] at the offending label's offset in s.
func (p IDNAProfile) hostToASCII(s string, start, end int) (string, *Error) {
	host := s[start:end]
	dec := unescapeValid(host, false)
	if k := firstInvalidUTF8(dec); k >= 0 {
		return "", newError(s, start+rawOffset(host, k), ComponentHost, ErrInvalidUTF8)
	}
	// A label too long for Punycode (RFC 3492, whose time is quadratic
	// in a label's length) is refused before any Punycode work: see
	// [ErrLabelTooLong].
	dns := p == IDNALookup
	var err error = ErrLabelTooLong
	if _, _, long := idnafast.FindLongLabel(dec, dns); !long {
		a, e := p.toASCII(dec)
		if e == nil {
			return a, nil
		}
		err = e
	}
	off, label, rule := start, dec, ""
	// The first label that fails alone is the culprit; a rule on the
	// whole name (its length, or Bidi across labels) names the host.
	for k := 0; k < len(host); {
		j := nextLabel(host, k)
		l := unescapeValid(host[k:j], false)
		if _, _, long := idnafast.FindLongLabel(l, dns); long {
			off, label, err, rule = start+k, l, ErrLabelTooLong, p.lengthRule()
			break
		}
		if _, e := p.toASCII(l); e != nil {
			off, label, err = start+k, l, e
			break
		}
		k = j + labelSepLen(host, j)
	}
	if rule == "" {
		rule = p.rule(label)
	}
	return "", newError(s, off, ComponentHost, &IDNAError{Label: label, Rule: rule, Err: err})
}

// ErrLabelTooLong is the [IDNAError.Err] of a label longer than IDNA
// under the profile ever gives to Punycode (RFC 3492, whose encoder walks
// a label once for each distinct code point in it: time quadratic in its
// length), refused before that work. Under [IDNALookup], that is a label
// whose A-label would be longer than DNS allows, 63 octets (RFC 1034,
// section 3.1; RFC 3490, section 4.1, ToASCII step 8; RFC 3987, section
// 3.1, applies ToASCII to each label), which the profile refuses in any
// case: more than 59 code points, one of them not ASCII, since an A-label
// is "xn--" and at least one character a code point. Under
// [IDNABrowser], which follows the URL Standard (no DNS length), it is
// the bound of browsers' IDNA, ICU4C (ICU-13727), which Chromium and
// rust-url follow and whatwg/url issue 824 discusses: more than 1000
// UTF-16 code units after UTS #46 mapping, or an "xn--" label of more than
// 2000 after its prefix (see package whatwg's ErrLabelTooLong).
var ErrLabelTooLong = errors.New("idna: label too long for Punycode")

// lengthRule names the rule of [ErrLabelTooLong] under p.
func (p IDNAProfile) lengthRule() string {
	if p == IDNALookup {
		return "the DNS length limits: 1 to 63 octets a label, 253 a name (UTS #46, section 4.2, step 4)"
	}
	return "the length limit of browsers' Punycode: 1000 UTF-16 code units a label after mapping, 2000 after \"xn--\" (ICU4C, ICU-13727)"
}

// rawOffset returns the offset in the raw text s of the byte at offset k of
// its decoding.
func rawOffset(s string, k int) int {
	i := 0
	for ; i < len(s) && k > 0; k-- {
		if s[i] == '%' {
			i += 3
		} else {
			i++
		}
	}
	return i
}

// nextLabel returns the end of the label of the raw host s that begins at
// k: the next label separator of UTS #46 (".", "%2E", or the ideographic
// and full-width full stops U+3002, U+FF0E, U+FF61), or len(s).
func nextLabel(s string, k int) int {
	for ; k < len(s); k++ {
		if labelSepLen(s, k) > 0 {
			return k
		}
	}
	return k
}

// labelSepLen returns the length of the label separator at s[k], or 0.
func labelSepLen(s string, k int) int {
	switch {
	case k >= len(s):
		return 0
	case s[k] == '.':
		return 1
	case s[k] == '%' && k+2 < len(s) && s[k+1] == '2' && s[k+2]|0x20 == 'e':
		return 3
	case strings.HasPrefix(s[k:], "\u3002"), strings.HasPrefix(s[k:], "\uFF0E"),
		strings.HasPrefix(s[k:], "\uFF61"):
		return 3
	}
	return 0
}

// rule names the rule that label breaks under p, checked in the order of
// UTS #46, section 4 (processing, then the validity criteria of section
// 4.1, then the Bidi and CONTEXTJ rules, then the DNS lengths of ToASCII,
// section 4.2). golang.org/x/net/idna has said that it fails; this says
// why, for people.
func (p IDNAProfile) rule(label string) string {
	prof := p.profile()
	if hasACEPrefix(label) {
		if _, err := prof.ToUnicode(label); err != nil {
			return `the A-label rules: "xn--" must begin valid Punycode of a U-label (RFC 5891, section 5.4; RFC 3492)`
		}
	}
	for _, r := range label {
		switch {
		case r < utf8.RuneSelf:
			if p == IDNALookup && !isAlpha(byte(r)) && !isDigit(byte(r)) && r != '-' && r != '.' {
				return "the STD3 ASCII rules: " + codePoint(r) + " is not a letter, digit or hyphen (UTS #46, section 4, step 1; RFC 1123)"
			}
		case r == '\u200C' || r == '\u200D' || unicode.Is(unicode.M, r):
			// judged in context below
		default:
			if _, err := idnaMapBrowser.ToASCII(string(r)); err != nil {
				return "the mapping table: " + codePoint(r) + " is disallowed (UTS #46, section 4, step 1)"
			}
		}
	}
	if r, _ := utf8.DecodeRuneInString(label); unicode.Is(unicode.M, r) {
		return "the validity criteria: a label must not begin with a combining mark, here " + codePoint(r) + " (UTS #46, section 4.1, criterion 6)"
	}
	if p == IDNALookup {
		if strings.HasPrefix(label, "-") || strings.HasSuffix(label, "-") {
			return "the validity criteria: a label must not begin or end with a hyphen (UTS #46, section 4.1, criterion 3)"
		}
		if len(label) >= 4 && label[2:4] == "--" && !hasACEPrefix(label) {
			return `the validity criteria: a label must not have "--" in its third and fourth positions (UTS #46, section 4.1, criterion 2)`
		}
	}
	for _, r := range label {
		if r == '\u200C' || r == '\u200D' {
			return "the CONTEXTJ rule for " + codePoint(r) + " (RFC 5892, Appendix A.1 and A.2)"
		}
	}
	for _, r := range label {
		if c := bidiClass(r); c == bidi.R || c == bidi.AL || c == bidi.AN {
			return "the Bidi rule (RFC 5893, section 2)"
		}
	}
	if p == IDNALookup {
		return "the DNS length limits: 1 to 63 octets a label, 253 a name (UTS #46, section 4.2, step 4)"
	}
	return "the validity criteria (UTS #46, section 4.1)"
}

func bidiClass(r rune) bidi.Class {
	props, _ := bidi.LookupRune(r)
	return props.Class()
}

// codePoint writes r as "U+00DF (ß)".
func codePoint(r rune) string {
	s := strings.ToUpper(strconv.FormatInt(int64(r), 16))
	for len(s) < 4 {
		s = "0" + s
	}
	s = "U+" + s
	if unicode.IsPrint(r) {
		s += " (" + string(r) + ")"
	}
	return s
}

// hasACEPrefix reports whether s has a label that begins with "xn--" in
// any case (RFC 5890, section 2.3.2.1).
func hasACEPrefix(s string) bool {
	for k := 0; k+4 <= len(s); k++ {
		if (k == 0 || s[k-1] == '.') && strings.EqualFold(s[k:k+4], "xn--") {
			return true
		}
	}
	return false
}

// appendULabels appends the raw host s of kind to b with its A-labels as
// U-labels (IDNA ToUnicode, RFC 3987, section 3.2), where the U-label is
// fit for an IRI, may be shown by the IDN display policy of browsers
// (package internal/idnspoof) and maps back to the same A-label, and the
// host as a whole maps back to s.
func appendULabels(b []byte, s string, kind HostKind) []byte {
	if kind != HostRegName || !hasACEPrefix(s) {
		return append(b, s...)
	}
	n := len(b)
	asciiTLD := idnspoof.TLDIsASCII(s)
	for k := 0; k <= len(s); {
		j := strings.IndexByte(s[k:], '.')
		if j < 0 {
			j = len(s)
		} else {
			j += k
		}
		label := s[k:j]
		if u, ok := uLabel(label, asciiTLD); ok {
			b = append(b, u...)
		} else {
			b = append(b, label...)
		}
		if j < len(s) {
			b = append(b, '.')
		}
		k = j + 1
	}
	// IDNA maps the whole name, other labels too ("A" to "a"): keep the
	// U-labels only when the host as a whole maps back exactly.
	if back, err := IDNABrowser.hostToASCII(string(b[n:]), 0, len(b)-n); err != nil || back != s {
		return append(b[:n], s...)
	}
	return b
}

// uLabel returns the U-label of the A-label a when it is fit for an IRI,
// browsers would show it (UTS #39 at the highly restrictive level, no
// confusables, deviation or hidden characters: [idnspoof.Check]; asciiTLD
// tells whether the name ends in an ASCII top-level domain) and it maps
// back to a exactly.
func uLabel(a string, asciiTLD bool) (string, bool) {
	if !hasACEPrefix(a) {
		return "", false
	}
	// An A-label longer than browsers decode, or whose U-label is longer
	// than they encode, stays (see ErrLabelTooLong); the U-label is then
	// short enough for ToASCII below to cost little.
	if _, _, long := idnafast.FindLongLabel(a, false); long {
		return "", false
	}
	u, err := idnaBrowser.ToUnicode(a)
	if err != nil {
		return "", false
	}
	if _, _, long := idnafast.FindLongLabel(u, false); long {
		return "", false
	}
	for _, r := range u {
		if r >= utf8.RuneSelf && !iriFit(r, false) {
			return "", false
		}
	}
	if !idnspoof.Check(u, asciiTLD, idnspoof.HighlyRestrictive).Safe() {
		return "", false
	}
	if back, err := IDNABrowser.toASCII(u); err != nil || back != a {
		return "", false
	}
	return u, true
}

// iriFit reports whether the non-ASCII character r may stand decoded in an
// IRI made from a URI (RFC 3987, section 3.2, step 4): a ucschar (or, in the
// query, an iprivate), and none of the characters sections 4.1 and 6.1 warn
// about: bidirectional formatting characters, other format characters
// (Cf: invisible), white space, and compatibility look-alikes (characters
// that NFKC changes, such as full-width Latin letters).
func iriFit(r rune, query bool) bool {
	if !isUCS(r) && !(query && isPrivate(r)) || isBidiFormat(r) {
		return false
	}
	if unicode.Is(unicode.Cf, r) || unicode.Is(unicode.White_Space, r) {
		return false
	}
	var buf [utf8.UTFMax]byte
	return norm.NFKC.IsNormal(buf[:utf8.EncodeRune(buf[:], r)])
}
