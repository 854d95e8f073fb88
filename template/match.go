package template

import (
	"math/bits"
	"strings"

	"github.com/ferret-go/uri/internal/pctenc"
)

// Matching inverts expansion: given a URI, it finds variables whose
// expansion is that URI. Parse compiles each template into a list of units,
// each a literal, an unnamed expression ("{x}", "{+x}", "{/x,y}", ...) or a
// group of consecutive named expressions ("{?a,b}{&c}", "{;x}{;y}"), and
// decides there whether the template can be inverted without guessing.
//
// An expression's text ends where the next unit begins. Each unit knows the
// set of bytes its text can hold after its operator's first character (its
// alphabet): the unreserved characters and "%", the separators and "=" it
// writes, and everything a URI allows for "+" and "#". The text is the
// longest run of those bytes, which is unambiguous when no byte that can
// begin the rest of the template (a literal's first byte, an optional
// expression's first character) is in the alphabet. When one is, and the
// rest of the template is only literal text, the text ends where that
// literal suffix begins. Otherwise the template is ambiguous. All of this is
// decided at parse time, so that matching is one pass over the URI.

// matcher is a template compiled for matching.
type matcher struct {
	units []unit
}

// unit is a literal, or one or more expressions whose text is read as one.
type unit struct {
	lit    string // a literal unit's text (parts == nil)
	parts  []part // an unnamed expression, or a group of named ones
	first  byte   // the first character of the unit's text when present, or 0
	first2 byte   // another it may begin with: "&" for "{?a}{&b}" without a
	alpha  *[256]bool
	atEnd  bool // the text ends where the literal suffix begins...
	suffix int  // ...suffix bytes before the end of the URI
	named  bool
	sep    byte // a named group's separator between parameters
}

// Alphabets of the units' texts, after the first character.
var (
	alphaPlain      = alphabet(&allowU, "%,")   // {x} {.x} {/x}
	alphaPlainEq    = alphabet(&allowU, "%,=")  // {x*}
	alphaSlashMulti = alphabet(&allowU, "%,/")  // {/x,y}
	alphaSlashEq    = alphabet(&allowU, "%,/=") // {/x*}
	alphaReserved   = alphabet(&allowUR, "%")   // {+x} {#x}
	alphaSemicolon  = alphabet(&allowU, "%,=;") // {;x}
	alphaQuery      = alphabet(&allowU, "%,=&") // {?x} {&x}
)

func alphabet(base *[256]bool, more string) *[256]bool {
	a := *base
	for i := 0; i < len(more); i++ {
		a[more[i]] = true
	}
	return &a
}

// Invertible returns nil if [Template.Match] can invert the template, and
// otherwise why not, as an [*Error] that wraps [ErrAmbiguous] or
// [ErrRepeatedVariable] with the offset of the expression or variable at
// fault. It is decided once, by Parse.
func (t *Template) Invertible() error { return t.inv }

// compileMatcher builds t.match and returns nil, or the reason the template
// cannot be inverted.
func (t *Template) compileMatcher() error {
	// A variable appearing twice would need its two texts compared.
	if v := t.repeated(); v != nil {
		e := t.errorAt(v.off, ErrRepeatedVariable)
		e.Var = v.name
		return e
	}
	units := t.small.units[:0]
	for i := 0; i < len(t.parts); i++ {
		p := t.parts[i]
		if p.op == nil {
			units = append(units, unit{lit: p.lit})
			continue
		}
		u := unit{parts: t.parts[i : i+1], first: p.op.first, named: p.op.named, sep: p.op.sep}
		op := p.op.char
		explode := false
		for _, v := range p.vars {
			explode = explode || v.explode
		}
		multi := len(p.vars) > 1
		switch op {
		case 0:
			// "," separates both variables and a list's members, so
			// which variable an item belongs to is free, unless a
			// prefix modifier says a value cannot be a list.
			for _, v := range p.vars {
				if multi && v.maxLen > 0 {
					return t.errorAt(v.off, ErrAmbiguous)
				}
			}
			u.alpha = alphaPlain
			if explode {
				u.alpha = alphaPlainEq
			}
		case '+', '#':
			if multi {
				return t.errorAt(p.vars[1].off, ErrAmbiguous)
			}
			u.alpha = alphaReserved
		case '.':
			// "." is unreserved: a value may hold it, so only one value
			// can be read back.
			if multi || explode {
				return t.errorAt(p.off, ErrAmbiguous)
			}
			u.alpha = alphaPlain
		case '/':
			switch {
			case explode:
				u.alpha = alphaSlashEq
			case multi:
				u.alpha = alphaSlashMulti
			default:
				u.alpha = alphaPlain
			}
		case ';', '?', '&':
			u.alpha = alphaQuery
			if op == ';' {
				u.alpha = alphaSemicolon
			}
			// Consecutive expressions of the same group read as one
			// set of parameters.
			more := byte('&') // "{?a}{&b}", "{&a}{&b}"
			if op == ';' {
				more = ';'
			}
			n := i + 1
			for n < len(t.parts) && t.parts[n].op != nil && t.parts[n].op.char == more {
				n++
			}
			u.parts = t.parts[i:n]
			if op == '?' && n > i+1 {
				u.first2 = '&'
			}
			i = n - 1
		}
		if !u.named && multi {
			// Only the last variable can take a variable number of items.
			for _, v := range p.vars[:len(p.vars)-1] {
				if v.explode {
					return t.errorAt(v.off, ErrAmbiguous)
				}
			}
		}
		units = append(units, u)
	}
	// Where does each unit's text end? Walking back from the end, next
	// describes what can begin the rest of the template after unit i.
	next := follow{bare: -1, literalOnly: true}
	for i := len(units) - 1; i >= 0; i-- {
		u := &units[i]
		if u.parts == nil {
			next = follow{bare: -1, literalOnly: next.literalOnly, tail: next.tail + len(u.lit), lit: u.lit[0]}
			next.set(u.lit[0])
			continue
		}
		if next.bare >= 0 {
			// Two expressions with nothing between them but
			// expressions that may be empty.
			return t.errorAt(next.bare, ErrAmbiguous)
		}
		if next.meets(u.alpha) {
			if !next.literalOnly {
				return t.errorAt(t.clashOffset(units, i), ErrAmbiguous)
			}
			u.suffix, u.atEnd = next.tail, true
		}
		if u.first != 0 && (next.lit == u.first || u.first2 != 0 && next.lit == u.first2) {
			// "{/x}/a": the literal could begin where an empty
			// expression is, or after a non-empty one.
			if !next.literalOnly {
				return t.errorAt(u.parts[0].off, ErrAmbiguous)
			}
			u.suffix, u.atEnd = next.tail, true
		}
		if u.named && next.first[u.first>>6]&(1<<(u.first&63)) != 0 {
			// "{?a}{?b}": the parameters' names, not their places,
			// would say where each group's text ends.
			return t.errorAt(u.parts[0].off, ErrAmbiguous)
		}
		if u.first == 0 {
			next = follow{bare: u.parts[0].off}
		} else {
			// The expression may be empty: what follows it may begin
			// where the text before it ends, as well as its own first
			// character.
			next.set(u.first)
			if u.first2 != 0 {
				next.set(u.first2)
			}
			next.literalOnly = false
		}
	}
	t.match.units = units
	return nil
}

// repeated returns the second occurrence of the first variable that
// appears twice, or nil.
func (t *Template) repeated() *varspec {
	var seen map[string]bool // for long templates; short ones look back
	var buf [16]*varspec
	prev := buf[:0]
	for i := range t.parts {
		for j := range t.parts[i].vars {
			v := &t.parts[i].vars[j]
			if seen != nil {
				if seen[v.name] {
					return v
				}
				seen[v.name] = true
				continue
			}
			for _, w := range prev {
				if w.name == v.name {
					return v
				}
			}
			prev = append(prev, v)
			if len(prev) == 16 {
				seen = make(map[string]bool)
				for _, w := range prev {
					seen[w.name] = true
				}
			}
		}
	}
	return nil
}

// follow is what can begin the part of a template after a unit.
type follow struct {
	first       [4]uint64 // the bytes that can begin it
	bare        int       // the offset of an expression without a first character that can begin it, or -1
	lit         byte      // the first byte of the literal that can begin it, or 0
	literalOnly bool      // it is only literal text...
	tail        int       // ...of this length
}

func (f *follow) set(c byte) { f.first[c>>6] |= 1 << (c & 63) }

// meets reports whether a byte that can begin the rest is in alpha.
func (f *follow) meets(alpha *[256]bool) bool {
	for w, word := range f.first {
		for ; word != 0; word &= word - 1 {
			if alpha[w<<6|bits.TrailingZeros64(word)] {
				return true
			}
		}
	}
	return false
}

// clashOffset returns the offset to report for a unit i whose text may run
// into what follows it: the first expression after it whose first
// character it can hold, or else the unit itself (its text can hold the
// first byte of the literal after it).
func (t *Template) clashOffset(units []unit, i int) int {
	for _, r := range units[i+1:] {
		if r.parts == nil {
			break
		}
		if units[i].alpha[r.first] || r.first2 != 0 && units[i].alpha[r.first2] {
			return r.parts[0].off
		}
	}
	return units[i].parts[0].off
}

// matchState is what one match collects: the variables, made on the first
// one found, and the extra parameters.
type matchState struct {
	vars  Vars
	extra []Pair
}

// Match returns the variables whose expansion is s, and whether there are
// any. It returns false if the template is not invertible (see
// [Template.Invertible]) or s is not an expansion of it.
//
// How each expression is read back (RFC 6570, section 3.2):
//   - "{x}", "{.x}", "{/x}": a string, pct-decoded; a value holding an
//     unencoded "," is a list. The values of "{x,y}" and "{/x,y}" are the
//     items in order, the last variable taking what remains (a list when
//     several), and variables without an item are undefined.
//   - "{x*}", "{/x*}": a list, or (name, value) pairs when every item
//     holds "=".
//   - "{+x}", "{#x}": a string, where only the triplets that expansion
//     would have written are decoded (those of characters outside the
//     unreserved and reserved sets, "%" excepted), so that expanding it
//     again gives s back.
//   - "{;x}", "{?x}", "{&x}", and consecutive ones as "{?a}{&b}": the
//     parameters are taken as a set, in any order; a missing one leaves its
//     variable undefined, "x=a,b" gives a list, and an exploded variable
//     collects every parameter of its name. Parameters that name no
//     variable are what [Template.MatchExtra] returns.
//   - A variable with a prefix modifier matches only a value no longer than
//     its max-length.
//
// Variables in this canonical form are given back: Match(Expand(vars)) is
// vars. For every URI u the template produces, in the form expansion writes
// (uppercase triplets, parameters in template order), Expand(Match(u)) is
// u; the fuzz tests check both.
func (t *Template) Match(s string) (Vars, bool) {
	vars, _, ok := t.MatchExtra(s)
	return vars, ok
}

// MatchExtra is [Template.Match] that also returns the query (or ";")
// parameters that name none of the template's variables, in order,
// pct-decoded.
func (t *Template) MatchExtra(s string) (Vars, []Pair, bool) {
	var st matchState
	if !t.matchFrom(s, 0, &st) {
		return nil, nil, false
	}
	return st.result(), st.extra, true
}

// result returns the variables found, never a nil map.
func (st *matchState) result() Vars {
	if st.vars == nil {
		return Vars{}
	}
	return st.vars
}

// matchFrom matches s, collecting into st. With from > 0 the template's
// first unit, its literal prefix, is taken as matched: the Router has
// checked it.
func (t *Template) matchFrom(s string, from int, st *matchState) bool {
	if t.inv != nil {
		return false
	}
	clear(st.vars) // what a template tried before this one found
	st.extra = st.extra[:0]
	pos := 0
	units := t.match.units
	if from > 0 {
		pos = len(units[0].lit)
		units = units[1:]
	}
	for i := range units {
		u := &units[i]
		if u.parts == nil {
			if !strings.HasPrefix(s[pos:], u.lit) {
				return false
			}
			pos += len(u.lit)
			continue
		}
		// Find the unit's text.
		present := true
		var text string
		if u.atEnd {
			end := len(s) - u.suffix
			if end < pos {
				return false
			}
			text = s[pos:end]
			if u.first != 0 {
				if text == "" {
					present = false
				} else if text[0] != u.first && (text[0] != u.first2 || u.first2 == 0) {
					return false
				} else {
					text = text[1:]
				}
			}
			for j := 0; j < len(text); j++ {
				if !u.alpha[text[j]] {
					return false
				}
			}
			pos = end
		} else {
			if u.first != 0 {
				if pos < len(s) && (s[pos] == u.first || u.first2 != 0 && s[pos] == u.first2) {
					pos++
				} else {
					present = false
				}
			}
			start := pos
			if present {
				for pos < len(s) && u.alpha[s[pos]] {
					pos++
				}
			}
			text = s[start:pos]
		}
		var ok bool
		if u.named {
			ok = st.matchNamed(u, text, present)
		} else {
			ok = st.matchUnnamed(&u.parts[0], text, present)
		}
		if !ok {
			return false
		}
	}
	return pos == len(s)
}

func (st *matchState) bind(name string, v Value) {
	if st.vars == nil {
		st.vars = make(Vars)
	}
	st.vars[name] = v
}

// matchUnnamed reads back the variables of an expression of the operators
// "", "+", "#", "." or "/" from its text (after the first character).
func (st *matchState) matchUnnamed(p *part, text string, present bool) bool {
	if !present {
		return true // every variable undefined
	}
	op := p.op
	if op.reserved {
		v := &p.vars[0]
		val, ok := decodeReserved(text)
		if !ok || v.maxLen > 0 && prefixLen(val, v.maxLen, true) < len(val) {
			return false
		}
		st.bind(v.name, String(val))
		return true
	}
	last := len(p.vars) - 1
	v := &p.vars[last]
	if !v.explode {
		return st.items(p.vars, text, op.sep)
	}
	sep := string(op.sep)
	if e := strings.IndexByte(text, '='); e >= 0 {
		// Only an exploded associative array writes "=": its pairs
		// begin with the item that holds the first one, and the
		// variables before it take the items before that.
		start := strings.LastIndex(text[:e], sep) + 1
		if start > 0 && (last == 0 || !st.items(p.vars[:last], text[:start-1], op.sep)) {
			return false
		}
		return st.pairs(v, text[start:], sep)
	}
	rest := text
	for k := range p.vars[:last] {
		item, r, more := strings.Cut(rest, sep)
		if !st.item(&p.vars[k], item) {
			return false
		}
		if !more {
			return true
		}
		rest = r
	}
	if last == 0 && rest == "" && op.first == 0 {
		return true // an exploded variable with nothing: undefined
	}
	return st.bindList(v.name, rest, sep)
}

// bindList binds name to the list of the items of text separated by sep,
// each pct-decoded.
func (st *matchState) bindList(name, text, sep string) bool {
	list := make([]string, 0, strings.Count(text, sep)+1)
	for item := range strings.SplitSeq(text, sep) {
		d, ok := decodeUnreserved(item)
		if !ok {
			return false
		}
		list = append(list, d)
	}
	st.bind(name, List(list...))
	return true
}

// items reads back unexploded variables from text, one item (separated by
// sep) each, the last taking what remains: several items make a list when
// sep is ",", since a list's members are separated by ",".
func (st *matchState) items(vars []varspec, text string, sep byte) bool {
	last := len(vars) - 1
	for k := range vars[:last] {
		item, r, more := strings.Cut(text, string(sep))
		if !st.item(&vars[k], item) {
			return false
		}
		if !more {
			return true
		}
		text = r
	}
	if last > 0 && sep != ',' && strings.IndexByte(text, sep) >= 0 {
		return false
	}
	return st.item(&vars[last], text)
}

// pairs reads back an exploded associative array: name=value items
// separated by sep.
func (st *matchState) pairs(v *varspec, text, sep string) bool {
	pairs := make([]Pair, 0, strings.Count(text, sep)+1)
	for item := range strings.SplitSeq(text, sep) {
		name, value, ok := strings.Cut(item, "=")
		if !ok {
			return false
		}
		dn, ok1 := decodeUnreserved(name)
		dv, ok2 := decodeUnreserved(value)
		if !ok1 || !ok2 {
			return false
		}
		pairs = append(pairs, Pair{dn, dv})
	}
	st.bind(v.name, Pairs(pairs...))
	return true
}

// item reads back the value of one unexploded variable from its text: a
// string, or a list when the text holds "," (which a string's expansion
// would have encoded).
func (st *matchState) item(v *varspec, text string) bool {
	if strings.IndexByte(text, ',') < 0 {
		s, ok := decodeUnreserved(text)
		if !ok || v.maxLen > 0 && prefixLen(s, v.maxLen, false) < len(s) {
			return false
		}
		st.bind(v.name, String(s))
		return true
	}
	if v.maxLen > 0 {
		return false // a composite value cannot have a prefix
	}
	return st.bindList(v.name, text, ",")
}

// matchNamed reads back the variables of a group of named expressions
// (";", or "?" and "&") from its parameters, taken as a set.
func (st *matchState) matchNamed(u *unit, text string, present bool) bool {
	if !present {
		return true
	}
	for text != "" {
		param, rest, _ := strings.Cut(text, string(u.sep))
		text = rest
		if param == "" {
			continue
		}
		name, value, eq := strings.Cut(param, "=")
		v := findVar(u.parts, name)
		if v == nil {
			st.extra = append(st.extra, Pair{pctenc.Decode(name), pctenc.Decode(value)})
			continue
		}
		// Has the variable a value already? (Only from this group: a
		// variable appears once in an invertible template.)
		prev, seen := st.vars[name]
		if v.explode {
			d, ok := decodeUnreserved(value)
			if !ok {
				return false
			}
			if seen {
				prev.comp.list = append(prev.comp.list, d)
			} else {
				st.bind(name, List(d))
			}
			continue
		}
		if seen {
			st.extra = append(st.extra, Pair{pctenc.Decode(name), pctenc.Decode(value)})
			continue
		}
		if eq && value == "" && !u.parts[0].op.ifemp && v.maxLen == 0 {
			// ";x=": a list of one empty member, since an empty
			// string is written ";x" (Appendix A).
			st.bind(name, List(""))
			continue
		}
		if !st.item(v, value) {
			return false
		}
	}
	return true
}

// findVar returns the varspec called name in the expressions, or nil.
func findVar(parts []part, name string) *varspec {
	for i := range parts {
		for j := range parts[i].vars {
			if v := &parts[i].vars[j]; v.name == name {
				return v
			}
		}
	}
	return nil
}

// decodeUnreserved decodes the text of a value expanded with the
// unreserved set (section 3.2.1): unreserved characters and pct-encoded
// triplets only, every triplet decoded.
func decodeUnreserved(s string) (string, bool) {
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if allowU[c] {
			continue
		}
		if c != '%' || i+2 >= len(s) || !pctenc.IsHex(s[i+1]) || !pctenc.IsHex(s[i+2]) {
			return "", false
		}
		n++
		i += 2
	}
	if n == 0 {
		return s, true
	}
	b := make([]byte, 0, len(s)-2*n)
	for i := 0; i < len(s); i++ {
		if s[i] == '%' {
			b = append(b, pctenc.HexValue(s[i+1])<<4|pctenc.HexValue(s[i+2]))
			i += 2
		} else {
			b = append(b, s[i])
		}
	}
	return string(b), true
}

// decodeReserved decodes the text of a value expanded with the unreserved
// and reserved sets: those characters and triplets only, and only the
// triplets expansion would have written: those of an octet not in U+R and
// not "%" (a "%" that begins a triplet is copied), in uppercase. The others
// stay encoded, so that expanding the value gives the text back.
func decodeReserved(s string) (string, bool) {
	var b []byte
	run := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if allowUR[c] {
			continue
		}
		if c != '%' || i+2 >= len(s) || !pctenc.IsHex(s[i+1]) || !pctenc.IsHex(s[i+2]) {
			return "", false
		}
		d := pctenc.HexValue(s[i+1])<<4 | pctenc.HexValue(s[i+2])
		if allowUR[d] || d == '%' || s[i+1] >= 'a' || s[i+2] >= 'a' {
			i += 2 // kept as it is
			continue
		}
		b = append(b, s[run:i]...)
		b = append(b, d)
		i += 2
		run = i + 1
	}
	if b == nil {
		return s, true
	}
	return string(append(b, s[run:]...)), true
}
