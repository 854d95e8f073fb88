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
// the fields, those tagged omitempty left out when empty.
func (r Report) JSON() []byte {
	w := &jsonWriter{b: make([]byte, 0, 2048)}
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
		w.b = append(w.b, "null"...)
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
				w.b = append(w.b, "null"...)
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
	return w.b
}

// jsonWriter appends JSON to b. first tells that the next member or element
// is the first of its object or array, so no comma goes before it.
type jsonWriter struct {
	b     []byte
	first bool
}

func (w *jsonWriter) open(c byte) *jsonWriter {
	w.sep()
	w.b = append(w.b, c)
	w.first = true
	return w
}

func (w *jsonWriter) close(c byte) {
	w.b = append(w.b, c)
	w.first = false
}

// sep writes the comma before a member or an element but the first.
func (w *jsonWriter) sep() {
	if !w.first && len(w.b) > 0 {
		switch w.b[len(w.b)-1] {
		case ':':
			return
		}
		w.b = append(w.b, ',')
	}
	w.first = false
}

func (w *jsonWriter) key(k string) *jsonWriter {
	w.str(k)
	w.b = append(w.b, ':')
	return w
}

func (w *jsonWriter) boolean(v bool) { w.sep(); w.b = strconv.AppendBool(w.b, v) }

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
	w.b = strconv.AppendInt(w.b, int64(e.Offset), 10)
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
// UTF-8 become U+FFFD, and <, >, &, U+2028 and U+2029 are escaped.
func (w *jsonWriter) str(s string) {
	const hex = "0123456789abcdef"
	w.sep()
	b := append(w.b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c == '\n':
				b = append(b, '\\', 'n')
			case c == '\r':
				b = append(b, '\\', 'r')
			case c == '\t':
				b = append(b, '\\', 't')
			case c == '\b':
				b = append(b, '\\', 'b')
			case c == '\f':
				b = append(b, '\\', 'f')
			case c < 0x20 || c == '<' || c == '>' || c == '&':
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xf])
		default:
			b = append(b, s[i:i+n]...)
		}
		i += n
	}
	w.b = append(b, '"')
}
