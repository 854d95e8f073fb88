// Package mailto reads and builds mailto: URIs as RFC 6068 defines them:
// addresses in the path and in "to" header fields, the other header fields
// in order, and "subject" and "body" decoded as UTF-8 (section 2).
//
//	mailtoURI = "mailto:" [ to ] [ hfields ]
//	to        = addr-spec *("," addr-spec )
//	hfields   = "?" hfield *( "&" hfield )
//	hfield    = hfname "=" hfvalue
package mailto

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/ferret-go/uri/internal/pctenc"
)

// The sentinel errors that an *Error wraps; match them with errors.Is.
var (
	ErrNotMailto        = errors.New(`scheme is not "mailto"`)
	ErrInvalidCharacter = errors.New("invalid character")
	ErrEscape           = errors.New("invalid percent-encoding")
	ErrUTF8             = errors.New("decoded text is not UTF-8")
	ErrField            = errors.New(`header field without "="`)
	// ErrAddress: an address of the path or of a "to" field, decoded, is
	// not an addr-spec (RFC 6068, section 2: local-part "@" domain, as RFC
	// 5322 has them without comments). The *Error's Err wraps it with the
	// reason, and its offset is the address's first byte.
	ErrAddress = errors.New("invalid address")
)

// Error is a mailto: URI that is not valid: the text, the byte offset of
// the first offending byte, and the cause (one of the Err sentinels).
type Error struct {
	Input  string
	Offset int
	Err    error
}

func (e *Error) Error() string {
	return fmt.Sprintf("mailto: %v at offset %d", e.Err, e.Offset)
}

// Unwrap returns Err.
func (e *Error) Unwrap() error { return e.Err }

// Header is one header field of a mailto: URI other than to, subject and
// body, decoded, its name as written.
type Header struct {
	Name, Value string
}

// Message is what a mailto: URI holds, decoded.
type Message struct {
	To      []string // the addresses of the path, then those of each "to" field, in order
	Subject string
	Body    string   // line breaks as written (RFC 6068 asks for %0D%0A)
	Headers []Header // the other fields, in order
}

// isQchar reports whether c is a qchar of RFC 6068 (section 2) other than
// pct-encoded: unreserved or one of !$'()*+,;:@.
func isQchar(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	return strings.IndexByte("-._~!$'()*+,;:@", c) >= 0
}

// decode percent-decodes s[from:to], which must hold qchars only, and checks
// that the result is UTF-8.
func decode(s string, from, to int) (string, error) {
	var b strings.Builder
	for i := from; i < to; i++ {
		c := s[i]
		if c == '%' {
			if i+2 >= to {
				return "", &Error{s, i, ErrEscape}
			}
			h, ok1 := pctenc.Unhex(s[i+1])
			l, ok2 := pctenc.Unhex(s[i+2])
			if !ok1 || !ok2 {
				return "", &Error{s, i, ErrEscape}
			}
			b.WriteByte(h<<4 | l)
			i += 2
			continue
		}
		if !isQchar(c) {
			return "", &Error{s, i, ErrInvalidCharacter}
		}
		b.WriteByte(c)
	}
	if !utf8.ValidString(b.String()) {
		return "", &Error{s, from, ErrUTF8}
	}
	return b.String(), nil
}

// addresses decodes the comma-separated addresses of s[from:to] onto to.
// An empty list adds nothing.
func addresses(s string, from, to int, list []string) ([]string, error) {
	if from == to {
		return list, nil
	}
	for from <= to {
		end := strings.IndexByte(s[from:to], ',')
		if end < 0 {
			end = to
		} else {
			end += from
		}
		a, err := decode(s, from, end)
		if err != nil {
			return nil, err
		}
		if why := checkAddrSpec(a); why != "" {
			return nil, &Error{s, from, fmt.Errorf("%w %q: %s", ErrAddress, a, why)}
		}
		list = append(list, a)
		from = end + 1
	}
	return list, nil
}

// checkAddrSpec returns why a, a decoded address, is not an addr-spec of
// RFC 6068, section 2, or "":
//
//	addr-spec    = local-part "@" domain
//	local-part   = dot-atom-text / quoted-string
//	domain       = dot-atom-text / "[" *dtext-no-obs "]"
//	dtext-no-obs = %d33-90 / %d94-126
//
// with dot-atom-text and quoted-string from RFC 5322, section 3.2.3 and
// 3.2.4, without the comments and folding white space around them that
// RFC 6068 excludes, and with the UTF-8 of RFC 6532, section 3.2 (which
// RFC 6068, section 2 lets a domain carry for an IDN) in atext, qtext and
// dtext. A quoted local-part may hold "@", so the domain follows the last
// one.
func checkAddrSpec(a string) string {
	at := strings.LastIndexByte(a, '@')
	if at < 0 {
		return `no "@"`
	}
	local, domain := a[:at], a[at+1:]
	if len(local) > 0 && local[0] == '"' {
		if !isQuotedString(local) {
			return "local-part is not a quoted-string"
		}
	} else if !isDotAtomText(local) {
		return "local-part is not a dot-atom"
	}
	if len(domain) > 0 && domain[0] == '[' {
		if len(domain) < 2 || domain[len(domain)-1] != ']' {
			return `domain literal without "]"`
		}
		for i := 1; i < len(domain)-1; i++ {
			if c := domain[i]; c < 0x80 && (c < 33 || c > 126 || c == '[' || c == ']' || c == '\\') {
				return "invalid character in domain literal"
			}
		}
		return ""
	}
	if !isDotAtomText(domain) {
		return "domain is not a dot-atom"
	}
	return ""
}

// isAtext reports whether c is atext (RFC 5322, section 3.2.3), or a byte
// of UTF-8 outside ASCII (RFC 6532, section 3.2).
func isAtext(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c >= 0x80:
		return true
	}
	return strings.IndexByte("!#$%&'*+-/=?^_`{|}~", c) >= 0
}

// isDotAtomText reports whether s is dot-atom-text: 1*atext *("." 1*atext).
func isDotAtomText(s string) bool {
	if s == "" || s[0] == '.' || s[len(s)-1] == '.' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] == '.' {
			if s[i-1] == '.' {
				return false
			}
		} else if !isAtext(s[i]) {
			return false
		}
	}
	return true
}

// isQuotedString reports whether s is DQUOTE *([FWS] qcontent) [FWS]
// DQUOTE (RFC 5322, section 3.2.4), qcontent being qtext or a
// quoted-pair, "\" and a VCHAR or WSP.
func isQuotedString(s string) bool {
	if len(s) < 2 || s[0] != '"' || s[len(s)-1] != '"' {
		return false
	}
	for i := 1; i < len(s)-1; i++ {
		switch c := s[i]; {
		case c == '\\':
			i++
			if i == len(s)-1 || s[i] < 0x80 && (s[i] < 32 && s[i] != '\t' || s[i] == 0x7f) {
				return false
			}
		case c == ' ' || c == '\t':
		case c == '\r':
			// FWS: CRLF then WSP.
			if i+2 >= len(s)-1 || s[i+1] != '\n' || s[i+2] != ' ' && s[i+2] != '\t' {
				return false
			}
			i++
		case c == '"' || c < 0x80 && (c < 33 || c == 0x7f):
			return false
		}
	}
	return true
}

// Parse reads s as a mailto: URI (RFC 6068, section 2). "mailto:" and the
// field names are matched in any case; the addresses of the path and of
// every "to" field, split at ',', make Message.To, and each must decode to
// an addr-spec ([ErrAddress]). Each part must be made of qchars and valid
// pct-encoded triplets and decode to UTF-8; a failure is an *Error with the
// offset in s. A fragment is not allowed.
func Parse(s string) (Message, error) {
	const scheme = "mailto:"
	if len(s) < len(scheme) || !strings.EqualFold(s[:len(scheme)], scheme) {
		return Message{}, &Error{s, 0, ErrNotMailto}
	}
	var m Message
	i := len(scheme)
	q := strings.IndexByte(s[i:], '?')
	end := len(s)
	if q >= 0 {
		end = i + q
	}
	var err error
	if m.To, err = addresses(s, i, end, nil); err != nil {
		return Message{}, err
	}
	if q < 0 {
		return m, nil
	}
	i = end + 1
	for i <= len(s) {
		e := strings.IndexByte(s[i:], '&')
		fend := len(s)
		if e >= 0 {
			fend = i + e
		}
		eq := strings.IndexByte(s[i:fend], '=')
		if eq < 0 {
			if i == fend && fend == len(s) && e < 0 && i == end+1 {
				return m, nil // "mailto:a@b?" : no field
			}
			return Message{}, &Error{s, i, ErrField}
		}
		name, err := decode(s, i, i+eq)
		if err != nil {
			return Message{}, err
		}
		vfrom := i + eq + 1
		switch strings.ToLower(name) {
		case "to":
			if m.To, err = addresses(s, vfrom, fend, m.To); err != nil {
				return Message{}, err
			}
		case "subject":
			if m.Subject, err = decode(s, vfrom, fend); err != nil {
				return Message{}, err
			}
		case "body":
			if m.Body, err = decode(s, vfrom, fend); err != nil {
				return Message{}, err
			}
		default:
			v, err := decode(s, vfrom, fend)
			if err != nil {
				return Message{}, err
			}
			m.Headers = append(m.Headers, Header{name, v})
		}
		i = fend + 1
	}
	return m, nil
}

// appendEscaped writes s with every byte that is not a qchar
// percent-encoded, and ',' too when comma is set (inside one address).
func appendEscaped(b *strings.Builder, s string, comma bool) {
	pctenc.Write(b, s, func(c byte) bool { return isQchar(c) && !(comma && c == ',') })
}

// Build writes m as a mailto: URI: the addresses in the path, joined by
// ',', then the subject and the body when not empty, then the other header
// fields in order. Every byte outside qchar (section 2: '%', '?', '&', '=',
// '#', space, non-ASCII and the rest) is percent-encoded, and ',' inside an
// address, so that Parse reads back the same fields. The result parses
// strictly as an RFC 3986 URI. An address that is not an addr-spec
// ([ErrAddress]), a header field named to, subject or body (in any case), or
// text that is not UTF-8 gives an *Error (Offset is the index of the address
// or header in m).
func Build(m Message) (string, error) {
	var b strings.Builder
	b.WriteString("mailto:")
	for i, a := range m.To {
		if !utf8.ValidString(a) {
			return "", &Error{a, i, ErrInvalidCharacter}
		}
		if why := checkAddrSpec(a); why != "" {
			return "", &Error{a, i, fmt.Errorf("%w %q: %s", ErrAddress, a, why)}
		}
		if i > 0 {
			b.WriteByte(',')
		}
		appendEscaped(&b, a, true)
	}
	sep := byte('?')
	field := func(name, value string) {
		b.WriteByte(sep)
		sep = '&'
		appendEscaped(&b, name, false)
		b.WriteByte('=')
		appendEscaped(&b, value, false)
	}
	if !utf8.ValidString(m.Subject) || !utf8.ValidString(m.Body) {
		return "", &Error{"", 0, ErrUTF8}
	}
	if m.Subject != "" {
		field("subject", m.Subject)
	}
	if m.Body != "" {
		field("body", m.Body)
	}
	for i, h := range m.Headers {
		switch strings.ToLower(h.Name) {
		case "to", "subject", "body":
			return "", &Error{h.Name, i, ErrField}
		}
		if !utf8.ValidString(h.Name) || !utf8.ValidString(h.Value) {
			return "", &Error{h.Name, i, ErrUTF8}
		}
		field(h.Name, h.Value)
	}
	return b.String(), nil
}
