package template

import (
	"maps"
	"slices"
	"strings"
)

// Kind is the type of a variable's value (RFC 6570, section 2.3): a string,
// a list of strings, or an associative array of (name, value) pairs.
type Kind uint8

const (
	// Undefined is the kind of the zero Value. Expansion skips an undefined
	// variable (section 2.3), as it does a variable missing from [Vars].
	Undefined Kind = iota
	// StringKind is a string value, possibly empty.
	StringKind
	// ListKind is a list of strings.
	ListKind
	// PairsKind is an ordered associative array: (name, value) pairs.
	PairsKind
)

// String returns "undefined", "string", "list" or "pairs".
func (k Kind) String() string {
	switch k {
	case StringKind:
		return "string"
	case ListKind:
		return "list"
	case PairsKind:
		return "pairs"
	}
	return "undefined"
}

// Pair is one (name, value) member of an associative array.
type Pair struct {
	Name, Value string
}

// Value is the value of a variable: a string, a list or an ordered list of
// pairs. Its zero value is undefined. A Value is immutable once made: the
// constructors keep the slices they are given, which the caller must not
// change afterwards.
//
// Section 2.3 says a list with no members and an associative array with
// none are undefined: [List] and [Pairs] with no arguments, and [Map] of an
// empty map, return a Value that expands as undefined.
type Value struct {
	s    string     // a string's text
	comp *composite // a list's or an associative array's members
	kind Kind
}

// composite holds the members of a list or associative array, out of the
// Value so that a Value (and a Vars map) stays small.
type composite struct {
	list  []string
	pairs []Pair
}

// String returns a string value. The empty string is defined: "{x}" expands
// to "" and "{?x}" to "?x=" (section 3.2.1).
func String(s string) Value { return Value{kind: StringKind, s: s} }

// List returns a list value. It keeps items.
func List(items ...string) Value { return Value{kind: ListKind, comp: &composite{list: items}} }

// Pairs returns an associative array in the order given. It keeps pairs.
func Pairs(pairs ...Pair) Value { return Value{kind: PairsKind, comp: &composite{pairs: pairs}} }

// Map returns an associative array of the pairs of m, sorted by name: a Go
// map has no order, and a sorted one gives the same URI every time. For
// another order, use [Pairs].
func Map(m map[string]string) Value {
	pairs := make([]Pair, 0, len(m))
	for _, k := range slices.Sorted(maps.Keys(m)) {
		pairs = append(pairs, Pair{k, m[k]})
	}
	return Pairs(pairs...)
}

// Kind returns the kind of v.
func (v Value) Kind() Kind { return v.kind }

// Defined reports whether v is defined (section 2.3): not the zero Value,
// not an empty list, not an empty associative array.
func (v Value) Defined() bool {
	switch v.kind {
	case StringKind:
		return true
	case ListKind:
		return len(v.comp.list) > 0
	case PairsKind:
		return len(v.comp.pairs) > 0
	}
	return false
}

// Text returns the string of a string value, and "" for the other kinds.
func (v Value) Text() string { return v.s }

// Items returns the members of a list value, and nil for the other kinds.
// The caller must not change them.
func (v Value) Items() []string {
	if v.kind != ListKind {
		return nil
	}
	return v.comp.list
}

// Members returns the pairs of an associative array, and nil for the other
// kinds. The caller must not change them.
func (v Value) Members() []Pair {
	if v.kind != PairsKind {
		return nil
	}
	return v.comp.pairs
}

// String formats v for people: a string as it is, a list as [a b], pairs
// as [a=1 b=2], and an undefined value as <undefined>.
func (v Value) String() string {
	switch v.kind {
	case StringKind:
		return v.s
	case ListKind:
		return "[" + strings.Join(v.comp.list, " ") + "]"
	case PairsKind:
		var b strings.Builder
		b.WriteByte('[')
		for i, p := range v.comp.pairs {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(p.Name + "=" + p.Value)
		}
		return b.String() + "]"
	}
	return "<undefined>"
}

// Equal reports whether v and w are of the same kind with the same contents.
// Two undefined values are equal whatever made them.
func (v Value) Equal(w Value) bool {
	if !v.Defined() || !w.Defined() {
		return v.Defined() == w.Defined()
	}
	return v.kind == w.kind && v.s == w.s && slices.Equal(v.Items(), w.Items()) && slices.Equal(v.Members(), w.Members())
}

// Vars maps variable names to their values. A name that is missing is
// undefined. Names are as written in the template, pct-encoded triplets and
// dots included ("a.b", "caf%C3%A9").
type Vars map[string]Value
