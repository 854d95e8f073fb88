package template

import (
	"errors"
	"fmt"
	"slices"
	"testing"
)

func formatVars(v Vars) string {
	var keys []string
	for k := range v {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	s := ""
	for _, k := range keys {
		val := v[k]
		switch val.Kind() {
		case StringKind:
			s += fmt.Sprintf("%s=%q ", k, val.Text())
		case ListKind:
			s += fmt.Sprintf("%s=%q ", k, val.Items())
		case PairsKind:
			s += fmt.Sprintf("%s=%v ", k, val.Members())
		default:
			s += k + "=undefined "
		}
	}
	return s
}

func equalVars(a, b Vars) bool {
	for k, v := range a {
		if !v.Equal(b[k]) {
			return false
		}
	}
	for k, v := range b {
		if !v.Equal(a[k]) {
			return false
		}
	}
	return true
}

func TestMatch(t *testing.T) {
	tests := []struct {
		tmpl, in string
		want     Vars // nil: no match
		extra    []Pair
	}{
		{"/users/{id}", "/users/42", Vars{"id": String("42")}, nil},
		{"/users/{id}", "/users/", Vars{"id": String("")}, nil},
		{"/users/{id}", "/users/a%20b%C3%A9", Vars{"id": String("a bé")}, nil},
		{"/users/{id}", "/users/a/b", nil, nil}, // "/" is not in {id}
		{"/users/{id}", "/users/a%2", nil, nil}, // a broken triplet
		{"/users/{id}", "/user/42", nil, nil},   // the literal
		{"/users/{id}", "/users/a!b", nil, nil}, // "!" would be encoded
		{"/users/{id}", "/users/a,b", Vars{"id": List("a", "b")}, nil},
		{"{x}.json", "a.b.json", Vars{"x": String("a.b")}, nil}, // the literal suffix
		{"{x}/edit", "a/edit", Vars{"x": String("a")}, nil},
		{"{x:3}", "abc", Vars{"x": String("abc")}, nil},
		{"{x:3}", "abcd", nil, nil},
		{"{x:2}", "%C3%A9%C3%A9", Vars{"x": String("éé")}, nil},
		{"{x,y}", "1,2", Vars{"x": String("1"), "y": String("2")}, nil},
		{"{x,y}", "1", Vars{"x": String("1")}, nil},
		{"{x,y}", "1,2,3", Vars{"x": String("1"), "y": List("2", "3")}, nil},
		{"{x*}", "a,b", Vars{"x": List("a", "b")}, nil},
		{"{x*}", "a=1,b=2", Vars{"x": Pairs(Pair{"a", "1"}, Pair{"b", "2"})}, nil},
		{"{x*}", "a=1,b", nil, nil},
		{"{x*}", "", Vars{}, nil},
		{"{+path}", "/foo/bar", Vars{"path": String("/foo/bar")}, nil},
		{"{+path}/here", "/foo/bar/here", Vars{"path": String("/foo/bar")}, nil},
		{"here?ref={+path}", "here?ref=/foo/bar", Vars{"path": String("/foo/bar")}, nil},
		// Only what "+" would have encoded is decoded.
		{"{+p}", "a%20b%2Fc%25", Vars{"p": String("a b%2Fc%25")}, nil},
		{"{#frag}", "#a/b", Vars{"frag": String("a/b")}, nil},
		{"{#frag}", "", Vars{}, nil},
		{"{#frag}", "#", Vars{"frag": String("")}, nil},
		{"X{.var}", "X.value", Vars{"var": String("value")}, nil},
		{"X{.var}", "X", Vars{}, nil},
		{"{/var,x}/here", "/value/1024/here", Vars{"var": String("value"), "x": String("1024")}, nil},
		{"{/a}{/b}", "/x/y", Vars{"a": String("x"), "b": String("y")}, nil},
		{"{/a}{/b}", "/x", Vars{"a": String("x")}, nil},
		{"{x}{/y}/", "/", Vars{"x": String("")}, nil},
		{"{x}{/y}/", "a/b/", Vars{"x": String("a"), "y": String("b")}, nil},
		{"{/p*}", "/a/b/c", Vars{"p": List("a", "b", "c")}, nil},
		{"{/p*}{?q}", "/a/b?q=1", Vars{"p": List("a", "b"), "q": String("1")}, nil},
		{"{;x,y}", ";x=1024;y=768", Vars{"x": String("1024"), "y": String("768")}, nil},
		{"{;x,y,empty}", ";empty;x=1024", Vars{"x": String("1024"), "empty": String("")}, nil},
		{"{;list*}", ";list=red;list=green", Vars{"list": List("red", "green")}, nil},
		// Query parameters are a set: any order, missing ones allowed,
		// extras reported.
		{"/s{?a,b}", "/s?a=1&b=2", Vars{"a": String("1"), "b": String("2")}, nil},
		{"/s{?a,b}", "/s?b=2&a=1", Vars{"a": String("1"), "b": String("2")}, nil},
		{"/s{?a,b}", "/s?b=2", Vars{"b": String("2")}, nil},
		{"/s{?a,b}", "/s", Vars{}, nil},
		{"/s{?a,b}", "/s?", Vars{}, nil},
		{"/s{?a,b}", "/s?c=3&a=%20&d", Vars{"a": String(" ")}, []Pair{{"c", "3"}, {"d", ""}}},
		{"/s{?a,b}", "/s?a=1&a=2", Vars{"a": String("1")}, []Pair{{"a", "2"}}},
		{"/s{?a}", "/s?a=x,y", Vars{"a": List("x", "y")}, nil},
		{"/s{?a}", "/s?a", Vars{"a": String("")}, nil},
		{"/s{?a}", "/s?a=b/c", nil, nil}, // "/" ends the query text, then nothing matches it
		{"/s{?a*}", "/s?a=1&a=2", Vars{"a": List("1", "2")}, nil},
		{"/s{?a}{&b}", "/s?b=2&a=1", Vars{"a": String("1"), "b": String("2")}, nil},
		{"/s?fixed=yes{&x}", "/s?fixed=yes&x=1024", Vars{"x": String("1024")}, nil},
		{"/s{?a}#{b}", "/s?a=1#2", Vars{"a": String("1"), "b": String("2")}, nil},
		{"/s{?a:2}", "/s?a=abc", nil, nil},
	}
	for _, tt := range tests {
		tmpl := MustParse(tt.tmpl)
		if err := tmpl.Invertible(); err != nil {
			t.Errorf("%q: %v", tt.tmpl, err)
			continue
		}
		got, extra, ok := tmpl.MatchExtra(tt.in)
		if ok != (tt.want != nil) || ok && (!equalVars(got, tt.want) || !slices.Equal(extra, tt.extra)) {
			t.Errorf("%q.Match(%q) = %s %v %v; want %s %v", tt.tmpl, tt.in, formatVars(got), extra, ok, formatVars(tt.want), tt.extra)
			continue
		}
		if ok && tt.extra == nil && !notCanonical[tt.in] {
			// Section 3: the variables found expand to the input,
			// which is in the form expansion writes.
			if s, err := tmpl.Expand(got); err != nil || s != tt.in {
				t.Errorf("%q: %q expands back to %q, %v", tt.tmpl, tt.in, s, err)
			}
		}
	}
}

// notCanonical lists the inputs of TestMatch that expansion does not write:
// parameters out of order, a "?" with none, a query parameter without "=".
var notCanonical = map[string]bool{
	"/s?b=2&a=1":    true,
	"/s?":           true,
	"/s?a":          true,
	";empty;x=1024": true,
}

func TestInvertible(t *testing.T) {
	tests := []struct {
		tmpl   string
		offset int
		err    error
	}{
		{"{x}{y}", 3, ErrAmbiguous},     // two adjacent expressions
		{"{x}-{y}", 0, ErrAmbiguous},    // "-" is in x's text
		{"{x}.{y}", 0, ErrAmbiguous},    // so is "."
		{"{+x}/{y}", 0, ErrAmbiguous},   // "/" is in a reserved text
		{"{+x,y}", 4, ErrAmbiguous},     // "," is too
		{"{#x,y}", 4, ErrAmbiguous},     //
		{"{.x*}", 0, ErrAmbiguous},      // "." separates and is unreserved
		{"{.x,y}", 0, ErrAmbiguous},     //
		{"{/x*,y}", 2, ErrAmbiguous},    // an exploded variable not last
		{"{/x*}{/y}", 5, ErrAmbiguous},  // "/" is in x's text
		{"{x}{/y}{z}", 7, ErrAmbiguous}, // y may be empty: z follows x
		{"{x}{/y}-z", 0, ErrAmbiguous},  // y may be empty: "-" follows x
		{"{x}/{x}", 5, ErrRepeatedVariable},
		{"{x,x}", 3, ErrRepeatedVariable},
		{"{x,y:2}", 3, ErrAmbiguous},  // "a,b": is x a list, or y "b"?
		{"{/x}/{y}", 0, ErrAmbiguous}, // "/a": is x "a", or y?
		{"{?x}?{y}", 0, ErrAmbiguous}, //
		{"{?a}{?b}", 0, ErrAmbiguous}, // "?b=1": a's group would take b
		{"{?x}{&y}{&x:3}", 10, ErrRepeatedVariable},
	}
	for _, tt := range tests {
		tmpl := MustParse(tt.tmpl)
		err := tmpl.Invertible()
		var e *Error
		if !errors.Is(err, tt.err) || !errors.As(err, &e) || e.Offset != tt.offset {
			t.Errorf("%q.Invertible() = %v, want %v at offset %d", tt.tmpl, err, tt.err, tt.offset)
		}
		if _, ok := tmpl.Match(""); ok {
			t.Errorf("%q matches while not invertible", tt.tmpl)
		}
	}
	for _, s := range []string{"", "/a", "{x}", "{x}/{y}", "{/x}{/y}{?a,b}{&c}#{d}", "{+path}/edit", "/f{.ext}{?q}", "{x}{?y}", "{/p*}{?q*}", "{;a}{;b}", "{;a}/{;b}{;c}", "{?a}{&b}#{c}"} {
		if err := MustParse(s).Invertible(); err != nil {
			t.Errorf("%q.Invertible() = %v, want nil", s, err)
		}
	}
}
