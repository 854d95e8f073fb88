package whatwg

import (
	"iter"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/ferret-go/uri/internal/pctenc"
	"github.com/ferret-go/uri/internal/stable"
	"github.com/ferret-go/uri/internal/utf8dec"
)

// Param is one name-value tuple of a SearchParams list.
type Param struct {
	Name, Value string
}

// SearchParams is the list of name-value tuples of the URLSearchParams
// class (section "URLSearchParams class"), in order, names repeating as
// they come. Its methods follow the class's; String serializes the list
// with the application/x-www-form-urlencoded serializer. The zero value is
// an empty list. Unlike the class, a SearchParams is not tied to a URL:
// URL.SearchParams reads one and URL.WithSearchParams writes one back (the
// class's "update" steps).
type SearchParams struct {
	list []Param
}

// ParseSearchParams returns the tuples of query, read with the
// application/x-www-form-urlencoded parser (section
// "application/x-www-form-urlencoded parsing") after removing one leading
// "?", as new URLSearchParams(query) does.
func ParseSearchParams(query string) SearchParams {
	return parseForm(strings.TrimPrefix(query, "?"))
}

func parseForm(query string) SearchParams {
	var sp SearchParams
	for part := range strings.SplitSeq(query, "&") {
		if part == "" {
			continue
		}
		name, value, _ := strings.Cut(part, "=")
		sp.list = append(sp.list, Param{formDecode(name), formDecode(value)})
	}
	return sp
}

// formDecode replaces "+" with a space, percent-decodes and UTF-8 decodes
// (without BOM, invalid bytes becoming U+FFFD).
func formDecode(s string) string {
	if strings.IndexByte(s, '+') >= 0 {
		s = strings.ReplaceAll(s, "+", " ")
	}
	// URL Standard, application/x-www-form-urlencoded parsing: "UTF-8
	// decode without BOM" of the percent-decoded bytes (Encoding
	// Standard).
	return utf8dec.Decode(pctenc.Decode(s))
}

// NewSearchParams returns a list holding params, in order.
func NewSearchParams(params ...Param) SearchParams {
	return SearchParams{list: slices.Clone(params)}
}

// Len returns the number of tuples (the size getter).
func (sp SearchParams) Len() int { return len(sp.list) }

// Append adds a tuple at the end (append).
func (sp *SearchParams) Append(name, value string) {
	sp.list = append(sp.list, Param{scalar(name), scalar(value)})
}

// Delete removes every tuple named name (delete with one argument).
func (sp *SearchParams) Delete(name string) {
	sp.list = slices.DeleteFunc(sp.list, func(p Param) bool { return p.Name == name })
}

// DeleteValue removes every tuple named name whose value is value (delete
// with two arguments).
func (sp *SearchParams) DeleteValue(name, value string) {
	sp.list = slices.DeleteFunc(sp.list, func(p Param) bool { return p.Name == name && p.Value == value })
}

// Get returns the value of the first tuple named name, and whether there is
// one (get, which returns null for none).
func (sp SearchParams) Get(name string) (string, bool) {
	for _, p := range sp.list {
		if p.Name == name {
			return p.Value, true
		}
	}
	return "", false
}

// GetAll returns the values of the tuples named name, in order (getAll).
func (sp SearchParams) GetAll(name string) []string {
	var vs []string
	for _, p := range sp.list {
		if p.Name == name {
			vs = append(vs, p.Value)
		}
	}
	return vs
}

// Has reports whether a tuple is named name (has with one argument).
func (sp SearchParams) Has(name string) bool {
	_, ok := sp.Get(name)
	return ok
}

// HasValue reports whether a tuple is named name and has value value (has
// with two arguments).
func (sp SearchParams) HasValue(name, value string) bool {
	return slices.Contains(sp.list, Param{name, value})
}

// Set gives the first tuple named name the value value and removes the
// other tuples of that name, or appends a tuple when there is none (set).
func (sp *SearchParams) Set(name, value string) {
	name, value = scalar(name), scalar(value)
	i := slices.IndexFunc(sp.list, func(p Param) bool { return p.Name == name })
	if i < 0 {
		sp.list = append(sp.list, Param{name, value})
		return
	}
	sp.list[i].Value = value
	rest := slices.DeleteFunc(sp.list[i+1:], func(p Param) bool { return p.Name == name })
	sp.list = sp.list[:i+1+len(rest)]
}

// Sort orders the tuples by name, comparing names by UTF-16 code units as
// the standard says, and keeps the order of tuples with equal names (sort).
func (sp *SearchParams) Sort() {
	stable.SortFunc(sp.list, func(a, b Param) int { return compareUTF16(a.Name, b.Name) })
}

// All yields the tuples in order (the class's iterable).
func (sp SearchParams) All() iter.Seq2[string, string] {
	return func(yield func(string, string) bool) {
		for _, p := range sp.list {
			if !yield(p.Name, p.Value) {
				return
			}
		}
	}
}

// Params returns a copy of the tuples.
func (sp SearchParams) Params() []Param { return slices.Clone(sp.list) }

// String serializes the tuples with the application/x-www-form-urlencoded
// serializer (section "application/x-www-form-urlencoded serializing"):
// names and values percent-encoded with that percent-encode set, a space
// as "+", joined by "&" (the stringifier).
func (sp SearchParams) String() string {
	var b []byte
	for i, p := range sp.list {
		if i > 0 {
			b = append(b, '&')
		}
		b = appendForm(b, p.Name)
		b = append(b, '=')
		b = appendForm(b, p.Value)
	}
	return string(b)
}

func appendForm(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ':
			b = append(b, '+')
		case encodeTable[c]&setForm != 0:
			b = pctenc.AppendTriplet(b, c)
		default:
			b = append(b, c)
		}
	}
	return b
}

// scalar makes s a scalar value string, as the USVString conversion of the
// class's arguments does.
func scalar(s string) string {
	return utf8dec.Decode(s)
}

// compareUTF16 compares a and b by their UTF-16 code units ("code unit
// less than"), which orders a code point above U+FFFF (a surrogate pair,
// from 0xD800) before U+E000..U+FFFF, unlike UTF-8 byte order.
func compareUTF16(a, b string) int {
	for a != "" && b != "" {
		ra, na := utf8.DecodeRuneInString(a)
		rb, nb := utf8.DecodeRuneInString(b)
		if ra != rb {
			ua, ub := utf16Key(ra), utf16Key(rb)
			if ua < ub {
				return -1
			}
			return 1
		}
		a, b = a[na:], b[nb:]
	}
	switch {
	case a == "" && b == "":
		return 0
	case a == "":
		return -1
	}
	return 1
}

// utf16Key orders code points as their UTF-16 encodings: a supplementary
// code point sorts as its surrogate pair (high surrogate first).
func utf16Key(r rune) uint32 {
	if r < 0x10000 {
		return uint32(r) << 16
	}
	r -= 0x10000
	return (0xD800+uint32(r>>10))<<16 | (0xDC00 + uint32(r&0x3ff))
}

// SearchParams returns the URL's query read as a SearchParams (the
// searchParams getter's list); an empty list for a null query.
func (u URL) SearchParams() SearchParams {
	q, ok := u.query()
	if !ok {
		return SearchParams{}
	}
	return parseForm(q)
}

// WithSearchParams returns u with its query set to sp serialized, or null
// when that is empty (the URLSearchParams "update" steps); u itself when
// the query would be longer than MaxInput less the href's length.
func (u URL) WithSearchParams(sp SearchParams) URL {
	if u.href == "" {
		return u
	}
	q := sp.String()
	if len(q) > MaxInput-len(u.href) {
		return u
	}
	r := u.toRec()
	r.query, r.hasQuery = q, q != ""
	return r.assemble(u.href, nil)
}
