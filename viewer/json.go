package viewer

import (
	"strconv"
	"unicode/utf8"
)

// The JSON of a Report, written by hand: encoding/json would add 0.7 MB
// of reflection to the page's WebAssembly, and the page calls this at
// every keystroke. It writes the JSON value json.Marshal writes of the
// same Report, field for field (report_test.go holds it to that).

// JSON returns the report as the page reads it: the members in the order of
// the fields, those tagged omitempty left out when empty. It is written
// twice, first only counted, so that its array is made once at its length:
// grown by append, the arrays came to about five times the JSON (322 bytes
// allocated a byte of an input of 64 KiB of "\\" after "http://a", for a
// JSON of 57 bytes a byte).
func (r Report) JSON() []byte {
	c := &jsonWriter{count: true}
	c.report(r)
	w := &jsonWriter{b: make([]byte, 0, c.n)}
	w.report(r)
	return w.b
}

// report writes r.
func (w *jsonWriter) report(r Report) {
	w.open('{')
	w.key("input").str(r.Input)
	w.key("ok").boolean(r.OK)
	w.optStr("kind", r.Kind)
	w.optStr("form", r.Form)
	if r.Error != nil {
		w.key("error").errorObj(r.Error)
	}
	if len(r.Diagram) > 0 {
		w.key("diagram").pieces(r.Diagram)
	}
	if len(r.Components) > 0 {
		w.key("components").open('[')
		for _, c := range r.Components {
			w.open('{')
			w.key("name").str(c.Name)
			w.key("present").boolean(c.Present)
			w.key("raw").str(c.Raw)
			if c.Decoded != nil {
				w.key("decoded").str(*c.Decoded)
			}
			if c.Escaped {
				w.key("escaped").boolean(true)
			}
			w.optStr("note", c.Note)
			w.close('}')
		}
		w.close(']')
	}
	if r.Host != nil {
		w.key("host").open('{')
		w.key("kind").str(r.Host.Kind)
		w.optStr("address", r.Host.Address)
		w.close('}')
	}
	if r.Base != nil {
		w.key("base").open('{')
		w.key("input").str(r.Base.Input)
		w.key("ok").boolean(r.Base.OK)
		if r.Base.Error != nil {
			w.key("error").errorObj(r.Base.Error)
		}
		w.close('}')
	}
	w.key("panels")
	if r.Panels == nil {
		w.raw("null")
	} else {
		w.open('[')
		for _, p := range r.Panels {
			w.open('{')
			w.key("id").str(p.ID)
			w.key("title").str(p.Title)
			w.optStr("group", p.Group)
			w.optStr("against", p.Against)
			w.key("rows")
			if p.Rows == nil {
				w.raw("null")
			} else {
				w.open('[')
				for _, row := range p.Rows {
					w.open('{')
					w.key("key").str(row.Key)
					w.key("label").str(row.Label)
					w.key("value").str(row.Value)
					w.optStr("state", row.State)
					if row.Absent {
						w.key("absent").boolean(true)
					}
					w.close('}')
				}
				w.close(']')
			}
			w.optStr("note", p.Note)
			w.close('}')
		}
		w.close(']')
	}
	w.close('}')
}

// jsonWriter appends JSON to b, or with count set only counts its length
// in n. first tells that the next member or element is the first of its
// object or array, so no comma goes before it; last is the last byte
// written.
type jsonWriter struct {
	b     []byte
	count bool
	n     int
	last  byte
	first bool
}

// raw writes s as it is.
func (w *jsonWriter) raw(s string) {
	if len(s) == 0 {
		return
	}
	w.n += len(s)
	w.last = s[len(s)-1]
	if !w.count {
		w.b = append(w.b, s...)
	}
}

// byte writes c.
func (w *jsonWriter) byte(c byte) {
	w.n++
	w.last = c
	if !w.count {
		w.b = append(w.b, c)
	}
}

func (w *jsonWriter) open(c byte) *jsonWriter {
	w.sep()
	w.byte(c)
	w.first = true
	return w
}

func (w *jsonWriter) close(c byte) {
	w.byte(c)
	w.first = false
}

// sep writes the comma before a member or an element but the first.
func (w *jsonWriter) sep() {
	if !w.first && w.n > 0 && w.last != ':' {
		w.byte(',')
	}
	w.first = false
}

func (w *jsonWriter) key(k string) *jsonWriter {
	w.str(k)
	w.byte(':')
	return w
}

func (w *jsonWriter) boolean(v bool) {
	w.sep()
	if v {
		w.raw("true")
	} else {
		w.raw("false")
	}
}

func (w *jsonWriter) optStr(k, v string) {
	if v != "" {
		w.key(k).str(v)
	}
}

func (w *jsonWriter) errorObj(e *Error) {
	w.open('{')
	w.key("message").str(e.Message)
	w.key("cause").str(e.Cause)
	w.key("component").str(e.Component)
	w.key("offset")
	w.sep()
	var digits [20]byte
	d := strconv.AppendInt(digits[:0], int64(e.Offset), 10)
	w.raw(string(d))
	w.key("before").str(e.Before)
	w.key("bad").str(e.Bad)
	w.key("after").str(e.After)
	w.close('}')
}

func (w *jsonWriter) pieces(ps []Piece) {
	w.open('[')
	for _, p := range ps {
		w.open('{')
		w.optStr("name", p.Name)
		w.key("text").str(p.Text)
		if len(p.Parts) > 0 {
			w.key("parts").pieces(p.Parts)
		}
		w.close('}')
	}
	w.close(']')
}

// str writes s as a JSON string as encoding/json does: bytes that are not
// UTF-8 become U+FFFD, and <, >, &, U+2028 and U+2029 are escaped. A run of
// bytes that stand for themselves is written at once.
func (w *jsonWriter) str(s string) {
	const hex = "0123456789abcdef"
	w.sep()
	w.byte('"')
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && s[j] < utf8.RuneSelf && jsonPlain[s[j]] {
			j++
		}
		w.raw(s[i:j])
		if i = j; i == len(s) {
			break
		}
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				w.byte('\\')
				w.byte(c)
			case c == '\n':
				w.raw(`\n`)
			case c == '\r':
				w.raw(`\r`)
			case c == '\t':
				w.raw(`\t`)
			case c == '\b':
				w.raw(`\b`)
			case c == '\f':
				w.raw(`\f`)
			default: // c < 0x20, '<', '>' or '&'
				w.raw(`\u00`)
				w.byte(hex[c>>4])
				w.byte(hex[c&0xf])
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			w.raw(`\ufffd`)
		case r == '\u2028' || r == '\u2029':
			w.raw(`\u202`)
			w.byte(hex[r&0xf])
		default:
			w.raw(s[i : i+n])
		}
		i += n
	}
	w.byte('"')
}

// jsonPlain marks the ASCII bytes that str writes as they are.
var jsonPlain = func() (t [utf8.RuneSelf]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return
}()
