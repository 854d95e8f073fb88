package dataurl

import "strings"

// Param is one parameter of a MIME type: its name (lowercase once parsed)
// and its value.
type Param struct {
	Name, Value string
}

// MIMEType is a MIME type record of the MIME Sniffing Standard (section 4.1):
// a type, a subtype and parameters in order, each name at most once.
type MIMEType struct {
	Type    string  // "text" in text/plain;charset=utf-8, lowercase once parsed
	Subtype string  // "plain", lowercase once parsed
	Params  []Param // charset=utf-8, in the order read
}

// DefaultMIMEType is the MIME type of a data: URL that names none or an
// invalid one: text/plain;charset=US-ASCII.
func DefaultMIMEType() MIMEType {
	return MIMEType{Type: "text", Subtype: "plain", Params: []Param{{"charset", "US-ASCII"}}}
}

// Essence is type "/" subtype.
func (m MIMEType) Essence() string { return m.Type + "/" + m.Subtype }

// Param returns the value of the parameter named name (compared
// ASCII case-insensitively) and whether there is one.
func (m MIMEType) Param(name string) (string, bool) {
	for _, p := range m.Params {
		if strings.EqualFold(p.Name, name) {
			return p.Value, true
		}
	}
	return "", false
}

// String serializes m as the MIME Sniffing Standard's "serialize a MIME
// type" does: a value that is empty or not made of HTTP token code points
// is quoted, with '"' and '\' escaped by a '\'.
func (m MIMEType) String() string {
	var b strings.Builder
	b.WriteString(m.Type)
	b.WriteByte('/')
	b.WriteString(m.Subtype)
	for _, p := range m.Params {
		b.WriteByte(';')
		b.WriteString(p.Name)
		b.WriteByte('=')
		if p.Value != "" && isToken(p.Value) {
			b.WriteString(p.Value)
			continue
		}
		b.WriteByte('"')
		for i := 0; i < len(p.Value); i++ {
			if c := p.Value[i]; c == '"' || c == '\\' {
				b.WriteByte('\\')
			}
			b.WriteByte(p.Value[i])
		}
		b.WriteByte('"')
	}
	return b.String()
}

func isTokenByte(c byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	}
	return strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0
}

func isToken(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isTokenByte(s[i]) {
			return false
		}
	}
	return true
}

// isQuotedTokenString reports whether s holds only HTTP quoted-string token
// code points: U+0009, U+0020 to U+007E, U+0080 to U+00FF. s is read as
// UTF-8; a byte that is not valid UTF-8 does not qualify.
func isQuotedTokenString(s string) bool {
	for _, r := range s {
		if !(r == '\t' || 0x20 <= r && r <= 0x7E || 0x80 <= r && r <= 0xFF) || r == 0xFFFD {
			return false
		}
	}
	return true
}

func isHTTPSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func trimRightHTTPSpace(s string) string {
	for len(s) > 0 && isHTTPSpace(s[len(s)-1]) {
		s = s[:len(s)-1]
	}
	return s
}

// ParseMIMEType parses s as the MIME Sniffing Standard's "parse a MIME type"
// (section 4.4) does: HTTP whitespace around it is ignored, type and subtype
// must be HTTP tokens and are lowercased, parameter names are lowercased,
// and a parameter that is malformed, empty or repeats a name is skipped. A failure
// is an *Error (ErrMIMEType) with the offset in s where it was found.
func ParseMIMEType(s string) (MIMEType, error) {
	start := 0
	for start < len(s) && isHTTPSpace(s[start]) {
		start++
	}
	in := trimRightHTTPSpace(s)
	if len(in) < start {
		in = s[:start]
	}
	fail := func(off int, why string) (MIMEType, error) {
		return MIMEType{}, &Error{Input: s, Offset: off, Err: ErrMIMEType, Reason: why}
	}
	pos := start
	slash := strings.IndexByte(in[pos:], '/')
	if slash < 0 {
		if !isToken(in[pos:]) || pos == len(in) {
			return fail(pos, "type is not an HTTP token")
		}
		return fail(len(in), "no '/' after the type")
	}
	typ := in[pos : pos+slash]
	if typ == "" || !isToken(typ) {
		return fail(pos, "type is not an HTTP token")
	}
	pos += slash + 1
	end := strings.IndexByte(in[pos:], ';')
	if end < 0 {
		end = len(in)
	} else {
		end += pos
	}
	sub := trimRightHTTPSpace(in[pos:end])
	if sub == "" || !isToken(sub) {
		return fail(pos, "subtype is not an HTTP token")
	}
	m := MIMEType{Type: strings.ToLower(typ), Subtype: strings.ToLower(sub)}
	pos = end
	seen := map[string]bool{}
	for pos < len(in) {
		pos++ // the ';'
		for pos < len(in) && isHTTPSpace(in[pos]) {
			pos++
		}
		n := pos
		for pos < len(in) && in[pos] != ';' && in[pos] != '=' {
			pos++
		}
		name := strings.ToLower(in[n:pos])
		if pos < len(in) {
			if in[pos] == ';' {
				continue
			}
			pos++ // the '='
		}
		if pos >= len(in) {
			break
		}
		var value string
		if in[pos] == '"' {
			value, pos = collectQuoted(in, pos)
			for pos < len(in) && in[pos] != ';' {
				pos++
			}
		} else {
			v := pos
			for pos < len(in) && in[pos] != ';' {
				pos++
			}
			value = trimRightHTTPSpace(in[v:pos])
			if value == "" {
				continue
			}
		}
		// An empty value is skipped in both branches: data-urls.json of
		// web-platform-tests wants "text/plain" for text/plain;a=" (an empty
		// quoted value), which the standard's text reads otherwise.
		if name != "" && value != "" && isToken(name) && isQuotedTokenString(value) && !seen[name] {
			seen[name] = true
			m.Params = append(m.Params, Param{name, value})
		}
	}
	return m, nil
}

// collectQuoted runs "collect an HTTP quoted string" with extract-value set
// (Fetch Standard, section 2.2) from the '"' at in[pos]; it returns the value
// and the position after it.
func collectQuoted(in string, pos int) (string, int) {
	pos++
	var b strings.Builder
	for {
		n := pos
		for pos < len(in) && in[pos] != '"' && in[pos] != '\\' {
			pos++
		}
		b.WriteString(in[n:pos])
		if pos >= len(in) {
			break
		}
		c := in[pos]
		pos++
		if c == '\\' {
			if pos >= len(in) {
				b.WriteByte('\\')
				break
			}
			b.WriteByte(in[pos])
			pos++
			continue
		}
		break
	}
	return b.String(), pos
}
