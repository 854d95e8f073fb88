// Package dataurl reads and writes data: URLs: the Fetch Standard's data: URL
// processor (https://fetch.spec.whatwg.org/#data-urls), the reading of
// browsers, with its MIME type parsing and serialization (MIME Sniffing
// Standard), ";base64" detection, forgiving-base64 decoding and
// percent-decoding of the body; and a builder whose results are RFC 2397
// data URLs that parse strictly as RFC 3986 URIs.
//
// The processor reads the URL as the URL Standard does (package
// github.com/ferret-go/uri/whatwg), then the URL's serialization without
// its fragment: so "data:text/plain;base64,SGk=#x" holds "Hi", a MIME type
// that is not valid falls back to text/plain;charset=US-ASCII, and the
// MIME type is never percent-decoded ("data:text/plain%20,X" has the MIME
// type "text/plain%20").
package dataurl

import (
	"strings"

	"github.com/ferret-go/uri/internal/pctenc"
	"github.com/ferret-go/uri/whatwg"
)

// DataURL is what a data: URL holds: its MIME type and its body.
type DataURL struct {
	MIMEType MIMEType
	Body     []byte
}

// Parse reads input as a URL (the URL Standard's basic URL parser, without
// a base) and runs the data: URL processor on it. A failure is an *Error:
// ErrInvalidURL (wrapping the parser's *whatwg.Error), ErrNotData, ErrNoComma
// or ErrBase64.
func Parse(input string) (DataURL, error) {
	u, err := whatwg.Parse(input)
	if err != nil {
		off := 0
		if we, ok := err.(*whatwg.Error); ok {
			off = we.Offset
		}
		return DataURL{}, &Error{Input: input, Offset: off, Err: ErrInvalidURL, Cause: err}
	}
	return FromURL(u)
}

// FromURL runs the data: URL processor (Fetch Standard, section 4.2 "data:
// URLs") on u. Offsets in an *Error are in u's serialization without its
// fragment; for ErrBase64, the offset is that of the body's start.
func FromURL(u whatwg.URL) (DataURL, error) {
	href := u.Href()
	if frag, ok := u.Fragment(); ok {
		href = href[:len(href)-len(frag)-1]
	}
	if u.Protocol() != "data:" {
		return DataURL{}, &Error{Input: href, Offset: 0, Err: ErrNotData}
	}
	const prefix = len("data:")
	input := href[prefix:]
	comma := strings.IndexByte(input, ',')
	if comma < 0 {
		return DataURL{}, &Error{Input: href, Offset: len(href), Err: ErrNoComma}
	}
	mime := trimASCIISpace(input[:comma])
	data := input[comma+1:]
	body := pctenc.AppendDecoded(make([]byte, 0, len(data)), data)
	if rest, ok := cutBase64(mime); ok {
		dec, err := DecodeBase64(string(body))
		if err != nil {
			e := err.(*Error)
			return DataURL{}, &Error{Input: href, Offset: prefix + comma + 1, Err: ErrBase64, Reason: e.Reason}
		}
		body = dec
		mime = rest
	}
	if strings.HasPrefix(mime, ";") {
		mime = "text/plain" + mime
	}
	m, err := ParseMIMEType(mime)
	if err != nil {
		m = DefaultMIMEType()
	}
	return DataURL{MIMEType: m, Body: body}, nil
}

// cutBase64 reports whether mime (already stripped of ASCII whitespace)
// ends with ";base64" in any case, and returns mime without it. No space is
// allowed between ';' and "base64": web-platform-tests' data-urls.json reads
// "data:; base64,WA" as the text "WA" of type text/plain.
func cutBase64(mime string) (string, bool) {
	const b64 = ";base64"
	if len(mime) < len(b64) || !strings.EqualFold(mime[len(mime)-len(b64):], b64) {
		return mime, false
	}
	return mime[:len(mime)-len(b64)], true
}

func trimASCIISpace(s string) string {
	for len(s) > 0 && isASCIISpace(s[0]) {
		s = s[1:]
	}
	for len(s) > 0 && isASCIISpace(s[len(s)-1]) {
		s = s[:len(s)-1]
	}
	return s
}
