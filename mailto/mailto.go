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
		list = append(list, a)
		from = end + 1
	}
	return list, nil
}

// Parse reads s as a mailto: URI (RFC 6068, section 2). "mailto:" and the
// field names are matched in any case; the addresses of the path and of
// every "to" field, split at ',', make Message.To. Each part must be made of
// qchars and valid pct-encoded triplets and decode to UTF-8; a failure is an
// *Error with the offset in s. A fragment is not allowed.
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
// strictly as an RFC 3986 URI. An empty address, a header field named to,
// subject or body (in any case), or text that is not UTF-8 gives an *Error
// (Offset is the index of the address or header in m).
func Build(m Message) (string, error) {
	var b strings.Builder
	b.WriteString("mailto:")
	for i, a := range m.To {
		if a == "" || !utf8.ValidString(a) {
			return "", &Error{a, i, ErrInvalidCharacter}
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
