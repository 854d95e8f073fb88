package template

import (
	"strings"
	"unicode/utf8"

	"github.com/ferret-go/uri/internal/pctenc"
)

// Template is a parsed URI Template (RFC 6570). It is immutable: one value
// may be shared by any number of goroutines, expanding and matching at once.
// The zero Template is the empty template, which expands to "".
type Template struct {
	raw    string
	parts  []part
	litLen int    // bytes of literal text after expansion, for the Router's ranking
	prefix string // the expanded literal text before the first expression
	match  matcher
	inv    error // nil, or why Match cannot invert the template
	small  smallBufs
}

// smallBufs holds the slices of a small template in the Template itself, so
// that parsing one is a single allocation.
type smallBufs struct {
	parts [6]part
	vars  [4]varspec
	units [6]unit
}

// part is a literal or an expression of a template.
type part struct {
	lit  string    // a literal, already as expansion writes it (op == nil)
	op   *operator // an expression's operator; nil for a literal
	vars []varspec // an expression's variables
	off  int       // offset of the literal or of the expression's "{"
}

// varspec is one variable of an expression (section 2.3) with its modifier
// (section 2.4).
type varspec struct {
	name    string
	maxLen  int  // the prefix modifier's max-length, 0 without one
	explode bool // the explode modifier
	off     int  // offset of the name in the template
}

// operator is a row of the table of Appendix A: what an expression's
// operator writes before its first defined variable (first), between
// variables and exploded members (sep), whether variables are written as
// name=value (named), what a named empty value gets (ifemp is "=" when
// true), and which characters stay as they are (reserved: U+R, else U).
type operator struct {
	char     byte // the operator, 0 for none
	first    byte // 0 for none
	sep      byte
	named    bool
	ifemp    bool
	reserved bool
}

// operators holds the rows of Appendix A's table, by operator character.
var operators = [8]operator{
	{0, 0, ',', false, false, false},
	{'+', 0, ',', false, false, true},
	{'.', '.', '.', false, false, false},
	{'/', '/', '/', false, false, false},
	{';', ';', ';', true, false, false},
	{'?', '?', '&', true, true, false},
	{'&', '&', '&', true, true, false},
	{'#', '#', ',', false, false, true},
}

// Parse parses a URI Template as RFC 6570, section 2 defines it, at any
// level up to 4. Its error is an [*Error] with the offset of the first
// offending character and the rule broken.
//
// One departure from the ABNF of section 2.1: "'" is accepted in literals.
// The ABNF leaves it out, but the prose above it copies every character a
// URI allows, and "'" is a sub-delim (RFC 3986, section 2.2); the RFC's own
// test suite expands "'{var}'" to "'value'".
func Parse(s string) (*Template, error) {
	t := &Template{raw: s}
	// The slices begin in the Template and move out only if they grow.
	t.parts = t.small.parts[:0]
	vars := t.small.vars[:0] // every varspec, shared by the parts
	var lit []byte           // a literal with non-ASCII characters, expanded
	litStart := 0            // where the current literal begins
	first := true            // no expression yet: literals go to the prefix
	for i := 0; i <= len(s); {
		if i < len(s) && s[i] != '{' {
			n, err := appendLiteral(&lit, s, litStart, i)
			if err != nil {
				return nil, t.errorAt(n, err)
			}
			i = n
			continue
		}
		if i > litStart {
			// A literal that only copies is a piece of the template;
			// lit is its expansion only if it had non-ASCII characters.
			text := s[litStart:i]
			if lit != nil {
				text = string(lit)
				lit = nil
			}
			t.parts = append(t.parts, part{lit: text, off: litStart})
			t.litLen += len(text)
			if first {
				t.prefix = text
			}
		}
		if i == len(s) {
			break
		}
		end := strings.IndexByte(s[i:], '}')
		if end < 0 {
			return nil, t.errorAt(i, ErrUnclosedExpression)
		}
		p, err := t.parseExpression(s, i, i+end, &vars)
		if err != nil {
			return nil, err
		}
		t.parts = append(t.parts, p)
		first = false
		i += end + 1
		litStart = i
	}
	// The varspecs were appended to one slice that may have moved as it
	// grew: give each expression its final subslice.
	k := 0
	for i := range t.parts {
		if p := &t.parts[i]; p.op != nil {
			n := len(p.vars)
			p.vars = vars[k : k+n : k+n]
			k += n
		}
	}
	t.inv = t.compileMatcher()
	return t, nil
}

// MustParse is Parse for templates known to be valid, such as constants: it
// panics if s is not a valid template.
func MustParse(s string) *Template {
	t, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return t
}

// String returns the template as it was parsed.
func (t *Template) String() string { return t.raw }

// Varnames returns the names of the template's variables in the order they
// appear, each once.
func (t *Template) Varnames() []string {
	var names []string
	seen := make(map[string]bool)
	for _, p := range t.parts {
		for _, v := range p.vars {
			if !seen[v.name] {
				seen[v.name] = true
				names = append(names, v.name)
			}
		}
	}
	return names
}

func (t *Template) errorAt(off int, err error) *Error {
	return errorAt(t.raw, off, err)
}

// errorAt returns the error err at offset off of the template s.
func errorAt(s string, off int, err error) *Error {
	return &Error{Template: s, Offset: off, Err: err}
}

// parseExpression parses the expression s[open:close+1], where s[open] is
// "{" and s[close] the first "}" after it (section 2.2):
//
//	expression    =  "{" [ operator ] variable-list "}"
//	variable-list =  varspec *( "," varspec )
//	varspec       =  varname [ modifier-level4 ]
//
// The expression's varspecs are appended to *all; its part gets them in
// Parse, once all are read.
func (t *Template) parseExpression(s string, open, close int, all *[]varspec) (part, error) {
	p := part{op: &operators[0], off: open}
	i := open + 1
	switch c := s[i]; c {
	case '+', '.', '/', ';', '?', '&', '#':
		p.op = &operators[strings.IndexByte("\x00+./;?&#", c)]
		i++
	case '=', ',', '!', '@', '|':
		return p, t.errorAt(i, ErrReservedOperator)
	}
	start := len(*all)
	for {
		v, n, err := parseVarspec(s, i, close)
		if err != nil {
			return p, err
		}
		*all = append(*all, v)
		i = n
		if i == close {
			break
		}
		i++ // the ","
	}
	p.vars = (*all)[start:] // a placeholder for its length; see Parse
	return p, nil
}

// parseVarspec parses the varspec at s[i:] up to close (section 2.3 and
// 2.4), and returns the offset after it, where s has "," or "}".
//
//	varname  =  varchar *( ["."] varchar )
//	varchar  =  ALPHA / DIGIT / "_" / pct-encoded
//	modifier-level4 =  prefix / explode
//	prefix   =  ":" max-length
//	max-length =  %x31-39 0*3DIGIT
//	explode  =  "*"
func parseVarspec(s string, i, close int) (varspec, int, error) {
	v := varspec{off: i}
	start := i
	dot := true // the previous character was a dot, or there is none
	for i < close {
		c := s[i]
		switch {
		case isAlnum(c) || c == '_':
			i++
		case c == '%':
			if i+2 >= close || !pctenc.IsHex(s[i+1]) || !pctenc.IsHex(s[i+2]) {
				return v, i, errorAt(s, i, ErrInvalidVarname)
			}
			i += 3
		case c == '.' && !dot:
			i++
			dot = true
			continue
		default:
			goto end
		}
		dot = false
	}
end:
	if i == start || dot {
		return v, i, errorAt(s, i, ErrInvalidVarname)
	}
	v.name = s[start:i]
	switch s[i] {
	case '*':
		v.explode = true
		i++
		if s[i] == ':' {
			return v, i, errorAt(s, i, ErrExplodeWithPrefix)
		}
	case ':':
		i++
		j := i
		for j < close && isDigit(s[j]) && j-i < 5 {
			j++
		}
		if j == i || j-i > 4 || s[i] == '0' {
			return v, i, errorAt(s, i, ErrInvalidPrefix)
		}
		for _, d := range s[i:j] {
			v.maxLen = v.maxLen*10 + int(d-'0')
		}
		i = j
		if s[i] == '*' {
			return v, i, errorAt(s, i, ErrExplodeWithPrefix)
		}
	}
	if s[i] != ',' && s[i] != '}' {
		return v, i, errorAt(s, i, ErrInvalidVarname)
	}
	if s[i] == ',' && i+1 == close {
		return v, i + 1, errorAt(s, i+1, ErrInvalidVarname)
	}
	return v, i, nil
}

// appendLiteral checks the literal character at s[i] (section 2.1) and
// returns the offset after it. Expansion copies the characters a URI allows
// and pct-encoded triplets, and writes ucschar and iprivate characters as
// the pct-encoded triplets of their UTF-8 octets (section 3.1): from the
// first of those in the literal that begins at start, *lit holds the
// literal's expansion, and until then it is nil (the literal is s as it is).
func appendLiteral(lit *[]byte, s string, start, i int) (int, error) {
	c := s[i]
	n := 1
	switch {
	case c < utf8.RuneSelf && literalASCII[c]:
	case c == '%':
		if i+2 >= len(s) || !pctenc.IsHex(s[i+1]) || !pctenc.IsHex(s[i+2]) {
			return i, ErrInvalidLiteral
		}
		n = 3
	case c >= utf8.RuneSelf:
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || !isUCS(r) {
			return i, ErrInvalidLiteral
		}
		if *lit == nil {
			*lit = append(make([]byte, 0, 2*(i-start)+16), s[start:i]...)
		}
		for _, b := range []byte(s[i : i+size]) {
			*lit = pctenc.AppendTriplet(*lit, b)
		}
		return i + size, nil
	default:
		return i, ErrInvalidLiteral
	}
	if *lit != nil {
		*lit = append(*lit, s[i:i+n]...)
	}
	return i + n, nil
}

// literalASCII marks the ASCII characters of literals (section 2.1): every
// printable character but DQUOTE, "%" (taken on its own), "<", ">", "\",
// "^", "`", "{", "|" and "}". "'" is in: see [Parse].
var literalASCII = func() (t [128]bool) {
	for c := 0x21; c < 0x7f; c++ {
		t[c] = !strings.ContainsRune("\"%<>\\^`{|}", rune(c))
	}
	return t
}()

// isUCS reports whether r is a ucschar or an iprivate, the non-ASCII
// characters section 2.1 allows in literals (from RFC 3987).
func isUCS(r rune) bool {
	switch {
	case r >= 0xA0 && r <= 0xD7FF, r >= 0xF900 && r <= 0xFDCF, r >= 0xFDF0 && r <= 0xFFEF:
		return true
	case r >= 0xE000 && r <= 0xF8FF, r >= 0xF0000 && r <= 0xFFFFD, r >= 0x100000 && r <= 0x10FFFD:
		return true // iprivate
	case r >= 0x10000 && r < 0xF0000:
		// %x10000-1FFFD / ... / %xD0000-DFFFD / %xE1000-EFFFD
		return r&0xFFFF <= 0xFFFD && (r < 0xE0000 || r >= 0xE1000)
	}
	return false
}

func isAlnum(c byte) bool { return isDigit(c) || c|0x20 >= 'a' && c|0x20 <= 'z' }
func isDigit(c byte) bool { return c >= '0' && c <= '9' }
