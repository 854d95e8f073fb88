package template

import (
	"errors"
	"testing"
)

// Errors of section 2: the offset of the first offending byte and the rule.
func TestParseErrors(t *testing.T) {
	tests := []struct {
		in     string
		offset int
		err    error
	}{
		{"{", 0, ErrUnclosedExpression},
		{"a{b", 1, ErrUnclosedExpression},
		{"{a}{b", 3, ErrUnclosedExpression},
		{"a}", 1, ErrInvalidLiteral},            // "}" outside an expression
		{"a b", 1, ErrInvalidLiteral},           // SP (section 2.1)
		{"a\"", 1, ErrInvalidLiteral},           // DQUOTE
		{"<x>", 0, ErrInvalidLiteral},           // "<"
		{"x|y", 1, ErrInvalidLiteral},           // "|"
		{"x^", 1, ErrInvalidLiteral},            // "^"
		{"x\\", 1, ErrInvalidLiteral},           // "\"
		{"x`", 1, ErrInvalidLiteral},            // "`"
		{"x\x7f", 1, ErrInvalidLiteral},         // CTL
		{"%", 0, ErrInvalidLiteral},             // "%" not pct-encoded
		{"a%2", 1, ErrInvalidLiteral},           // a short triplet
		{"a%zz", 1, ErrInvalidLiteral},          // not hexadecimal
		{"ab\xff", 2, ErrInvalidLiteral},        // invalid UTF-8
		{"a\u0085", 1, ErrInvalidLiteral},       // a C1 control is no ucschar
		{"a\ufffe", 1, ErrInvalidLiteral},       // a non-character
		{"\U000E0001{x}", 0, ErrInvalidLiteral}, // a tag: outside ucschar
		{"{}", 1, ErrInvalidVarname},
		{"{=x}", 1, ErrReservedOperator},
		{"{,x}", 1, ErrReservedOperator},
		{"{!x}", 1, ErrReservedOperator},
		{"{@x}", 1, ErrReservedOperator},
		{"{|x}", 1, ErrReservedOperator},
		{"{$x}", 1, ErrInvalidVarname}, // neither operator nor varchar
		{"{+}", 2, ErrInvalidVarname},
		{"{x,}", 3, ErrInvalidVarname},
		{"{x,,y}", 3, ErrInvalidVarname},
		{"{.x.}", 4, ErrInvalidVarname},
		{"{x..y}", 3, ErrInvalidVarname}, // the second dot
		{"{x y}", 2, ErrInvalidVarname},
		{"{x-y}", 2, ErrInvalidVarname},
		{"{x%2}", 2, ErrInvalidVarname},
		{"{x{y}", 2, ErrInvalidVarname},
		{"{x:}", 3, ErrInvalidPrefix},
		{"{x:0}", 3, ErrInvalidPrefix},
		{"{x:01}", 3, ErrInvalidPrefix},
		{"{x:10000}", 3, ErrInvalidPrefix},
		{"{x:a}", 3, ErrInvalidPrefix},
		{"{x:3*}", 4, ErrExplodeWithPrefix},
		{"{x*:3}", 3, ErrExplodeWithPrefix},
		{"{x**}", 3, ErrInvalidVarname},
		{"{x:3:4}", 4, ErrInvalidVarname},
	}
	for _, tt := range tests {
		tmpl, err := Parse(tt.in)
		var e *Error
		if !errors.As(err, &e) || !errors.Is(err, tt.err) || e.Offset != tt.offset || e.Template != tt.in || tmpl != nil {
			t.Errorf("Parse(%q) = %v, %v; want %v at offset %d", tt.in, tmpl, err, tt.err, tt.offset)
		}
	}
}

// Templates of the grammar that parse, and their literals' expansion
// (section 3.1): characters a URI allows are copied, pct-encoded triplets
// too, and other characters are pct-encoded as UTF-8.
func TestParseValid(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"http://example.com/~a/b?c=d#e", "http://example.com/~a/b?c=d#e"},
		{"'x'!$&()*+,;=:@[]", "'x'!$&()*+,;=:@[]"},
		{"%2f%C3%a9", "%2f%C3%a9"}, // triplets are copied as written
		{"café", "caf%C3%A9"},
		{"\U0001F600", "%F0%9F%98%80"}, // not two UTF-16 units
		{"\ue000", "%EE%80%80"},        // iprivate
		{"{x:9999}", ""},
		{"{x:1,y*,z}", ""},
		{"{%41_b.c9}", ""},
		{"{x.y.z}", ""},
	}
	for _, tt := range tests {
		tmpl, err := Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.in, err)
			continue
		}
		if got, err := tmpl.Expand(nil); got != tt.want || err != nil {
			t.Errorf("Parse(%q).Expand(nil) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
		if tmpl.String() != tt.in {
			t.Errorf("Parse(%q).String() = %q", tt.in, tmpl.String())
		}
	}
}

func TestVarnames(t *testing.T) {
	got := MustParse("{a}/{+b,a}{?c*,d:3}").Varnames()
	want := []string{"a", "b", "c", "d"}
	if len(got) != len(want) {
		t.Fatalf("Varnames = %q, want %q", got, want)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("Varnames = %q, want %q", got, want)
		}
	}
}

func TestErrorMessage(t *testing.T) {
	_, err := Parse("/a/{b")
	if got, want := err.Error(), "template: unclosed expression at offset 3"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	_, err = MustParse("{x:2}").Expand(Vars{"x": List("a")})
	if got, want := err.Error(), `template: prefix modifier on a composite value "x" at offset 1`; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}
