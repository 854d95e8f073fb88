package dataurl

import (
	"encoding/base64"
	"strings"

	"github.com/ferret-go/uri/internal/pctenc"
)

// isPathByte reports whether c may stand for itself in the path of a data:
// URL: an RFC 3986 pchar other than pct-encoded, or "/".
func isPathByte(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	return strings.IndexByte("-._~!$&'()*+,;=:@/", c) >= 0
}

// Build writes a data: URL holding body with the MIME type m (RFC 2397,
// section 3: data:[<mediatype>][;base64],<data>), with the body in base64 or
// percent-encoded, whichever is shorter (percent-encoded on a tie). The MIME
// type is written as its serialization (MIMEType.String) after parsing, or
// left out when it is the default text/plain;charset=US-ASCII. The result
// parses strictly as an RFC 3986 URI, and Parse reads back the same body and
// the MIME type as ParseMIMEType reads m.String().
//
// A MIME type that ParseMIMEType rejects gives an *Error wrapping
// ErrMIMEType; one whose serialization holds a character that a URI path
// cannot hold literally (a space or '"' in a quoted value, a '#', '^', '`', '|',
// a ',' that would end it, a '%' not followed by two hex digits) gives
// ErrUnrepresentable, with the offset in the serialization: the data: URL
// processor does not percent-decode the MIME type, so it cannot be escaped.
func Build(m MIMEType, body []byte) (string, error) {
	pm, err := ParseMIMEType(m.String())
	if err != nil {
		return "", err
	}
	mime := pm.String()
	if mime == DefaultMIMEType().String() {
		mime = ""
	}
	for i := 0; i < len(mime); i++ {
		c := mime[i]
		if c == '%' && i+2 < len(mime) && pctenc.IsHex(mime[i+1]) && pctenc.IsHex(mime[i+2]) {
			continue
		}
		if !isPathByte(c) || c == ',' {
			return "", &Error{Input: mime, Offset: i, Err: ErrUnrepresentable}
		}
	}
	pctLen := 0
	for _, c := range body {
		if isPathByte(c) {
			pctLen++
		} else {
			pctLen += 3
		}
	}
	b64Len := len(";base64") + base64.StdEncoding.EncodedLen(len(body))
	var b strings.Builder
	b.WriteString("data:")
	b.WriteString(mime)
	if b64Len < pctLen {
		b.Grow(b64Len + 1)
		b.WriteString(";base64,")
		b.WriteString(base64.StdEncoding.EncodeToString(body))
		return b.String(), nil
	}
	b.Grow(pctLen + 1)
	b.WriteByte(',')
	pctenc.Write(&b, string(body), isPathByte)
	return b.String(), nil
}
