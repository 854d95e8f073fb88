package template

import (
	"strings"
	"unicode/utf8"

	"github.com/ferret-go/uri/internal/pctenc"
)

// ExpandString expands the template s with vars: what [Parse] then
// [Template.Expand] return, in one call, for a template used once. It
// expands while it reads s, without building a [Template] or deciding
// whether s can be matched, so it costs less than Parse and Expand
// together; a program that expands one template more than once should
// parse it once and call [Template.Expand].
//
// Its errors are those of Parse (for an invalid template) and of Expand.
func ExpandString(s string, vars Vars) (string, error) {
	var buf [256]byte
	b, ok := appendExpandString(buf[:0], s, vars)
	if !ok {
		// An invalid template, or a value Expand refuses: Parse and
		// Expand say which, and where, as they would have.
		t, err := Parse(s)
		if err != nil {
			return "", err
		}
		return t.Expand(vars)
	}
	return string(b), nil
}

// appendExpandString appends the expansion of the template s with vars to
// dst, reading s once. It reports false, and what it appended is to be
// dropped, where Parse or Expand would return an error.
func appendExpandString(dst []byte, s string, vars Vars) ([]byte, bool) {
	for i := 0; i < len(s); {
		if s[i] != '{' {
			// A literal (section 2.1), copied in runs: see appendLiteral.
			run := i
		literal:
			for i < len(s) {
				c := s[i]
				switch {
				case c < utf8.RuneSelf && literalASCII[c]:
					i++
					continue
				case c == '%':
					if i+2 >= len(s) || !pctenc.IsHex(s[i+1]) || !pctenc.IsHex(s[i+2]) {
						return dst, false
					}
					i += 3
					continue
				case c == '{':
					break literal
				case c >= utf8.RuneSelf:
					r, size := utf8.DecodeRuneInString(s[i:])
					if r == utf8.RuneError && size == 1 || !isUCS(r) {
						return dst, false
					}
					dst = append(dst, s[run:i]...)
					for _, b := range []byte(s[i : i+size]) {
						dst = pctenc.AppendTriplet(dst, b)
					}
					i += size
					run = i
					continue
				default:
					return dst, false
				}
			}
			dst = append(dst, s[run:i]...)
			continue
		}
		end := strings.IndexByte(s[i:], '}')
		if end < 0 {
			return dst, false
		}
		var ok bool
		if dst, ok = appendExpression(dst, s, i, i+end, vars); !ok {
			return dst, false
		}
		i += end + 1
	}
	return dst, true
}

// appendExpression reads the expression s[open:close+1] as parseExpression
// does and appends its expansion as [Template.AppendExpand] does, varspec by
// varspec. It reports false where either would return an error.
func appendExpression(dst []byte, s string, open, close int, vars Vars) ([]byte, bool) {
	op := &operators[0]
	i := open + 1
	switch c := s[i]; c {
	case '+', '.', '/', ';', '?', '&', '#':
		op = &operators[strings.IndexByte("\x00+./;?&#", c)]
		i++
	case '=', ',', '!', '@', '|':
		return dst, false
	}
	defined := false
	for {
		v, n, err := parseVarspec(s, i, close)
		if err != nil {
			return dst, false
		}
		if val, ok := vars[v.name]; ok && val.Defined() {
			dst = appendSep(dst, op, !defined)
			defined = true
			switch {
			case val.kind == StringKind:
				dst = appendString(dst, op, &v, val.s)
			case v.maxLen > 0:
				return dst, false
			case !v.explode:
				dst = appendComposite(dst, op, &v, val)
			case op.named:
				dst = appendExplodedNamed(dst, op, &v, val)
			default:
				dst = appendExploded(dst, op, val)
			}
		}
		if n == close {
			return dst, true
		}
		i = n + 1 // the ","
	}
}
