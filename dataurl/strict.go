package dataurl

import (
	"encoding/base64"
	"errors"
	"strings"

	"github.com/ferret-go/uri"

	"github.com/ferret-go/uri/internal/pctenc"
)

// ErrRFC2397 is wrapped by the errors of Check: the text is not a data URL
// of RFC 2397's grammar.
var ErrRFC2397 = errors.New("not an RFC 2397 data URL")

// isRFC2045Token reports whether c may appear in a token of RFC 2045,
// section 5.1: an ASCII character other than space, controls and tspecials
// ( ) < > @ , ; : \ " / [ ] ? =. In a URI, '%' starts a triplet and is checked
// by the URI parser.
func isRFC2045Token(c byte) bool {
	return c > 0x20 && c < 0x7f && strings.IndexByte(`()<>@,;:\"/[]?=`, c) < 0
}

func checkToken(s string, at int, input string) error {
	if s == "" {
		return &Error{Input: input, Offset: at, Err: ErrRFC2397, Reason: "empty token"}
	}
	for i := 0; i < len(s); i++ {
		if !isRFC2045Token(s[i]) {
			return &Error{Input: input, Offset: at + i, Err: ErrRFC2397, Reason: "not a token character"}
		}
	}
	return nil
}

// Check reports whether s is a data URL as RFC 2397, section 3 writes it,
// and is a URI as RFC 3986 writes it (uri.ParseURI): the strict check, where
// Parse is the browsers' forgiving reading.
//
//	dataurl   := "data:" [ mediatype ] [ ";base64" ] "," data
//	mediatype := [ type "/" subtype ] *( ";" parameter )
//	parameter := attribute "=" value
//
// type, subtype, attribute and value are RFC 2045 tokens (a value may hold
// percent-encoded triplets, RFC 2397's own example name=golang%20favicon
// style); with ";base64" the percent-decoded data must be padded base64. A
// failure is an *Error wrapping ErrRFC2397 (or a *uri.Error for a text that is
// not an RFC 3986 URI), with the offset in s.
func Check(s string) error {
	u, err := uri.ParseURI(s)
	if err != nil {
		return err
	}
	if !strings.EqualFold(u.Scheme(), "data") || u.HasAuthority() {
		return &Error{Input: s, Offset: 0, Err: ErrRFC2397, Reason: `not "data:" and a path`}
	}
	const start = len("data:")
	path := u.Path()
	comma := strings.IndexByte(path, ',')
	if comma < 0 {
		return &Error{Input: s, Offset: start + len(path), Err: ErrNoComma}
	}
	meta := path[:comma]
	b64 := false
	if strings.HasSuffix(meta, ";base64") {
		b64, meta = true, meta[:len(meta)-len(";base64")]
	}
	params := meta
	if meta != "" && meta[0] != ';' {
		end := strings.IndexByte(meta, ';')
		if end < 0 {
			end = len(meta)
		}
		typ, sub, ok := strings.Cut(meta[:end], "/")
		if !ok {
			return &Error{Input: s, Offset: start + end, Err: ErrRFC2397, Reason: `no "/" in the media type`}
		}
		if err := checkToken(typ, start, s); err != nil {
			return err
		}
		if err := checkToken(sub, start+len(typ)+1, s); err != nil {
			return err
		}
		params = meta[end:]
	}
	at := start + len(meta) - len(params)
	for params != "" {
		params = params[1:] // the ';'
		at++
		p, rest, _ := strings.Cut(params, ";")
		name, value, ok := strings.Cut(p, "=")
		if !ok {
			return &Error{Input: s, Offset: at + len(p), Err: ErrRFC2397, Reason: `parameter without "="`}
		}
		if err := checkToken(name, at, s); err != nil {
			return err
		}
		if err := checkToken(value, at+len(name)+1, s); err != nil {
			return err
		}
		at += len(p)
		if rest == "" && len(params) == len(p) {
			break
		}
		params = params[len(p):]
	}
	if b64 {
		// RFC 2397's data is *urlchar, which holds "?" (RFC 2396's reserved):
		// the data runs past the path through the query, up to a fragment.
		end := len(s)
		if u.HasFragment() {
			end -= len(u.Fragment()) + 1
		}
		data := pctenc.Decode(s[start+comma+1 : end])
		if _, err := base64.StdEncoding.DecodeString(data); err != nil {
			return &Error{Input: s, Offset: start + comma + 1, Err: ErrBase64, Reason: err.Error()}
		}
	}
	return nil
}
