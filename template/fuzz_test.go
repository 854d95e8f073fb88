package template

import (
	"strings"
	"testing"
	"unicode/utf8"
)

var fuzzTemplates = []string{
	"", "{var}", "{+path}/here", "{/a,b}{?q,r*}{&s}#{f}", "{x}.json", "/users/{id}{/rest*}{?page:3}",
	"{;x,y*}", "X{.var}", "{x*}", "{x,y,z}", "{#x:2}", "{a}/{b}/{+c}", "%41{x}é{?a.b,%41}",
	"{", "{x", "{x:0}", "{x:3*}", "{=x}", "a}b", "{x}{y}", "{?a}{&b}{&c*}",
}

// Parsing never panics; a template that parses gives back its text, and
// expanding and matching it never panic either.
func FuzzParse(f *testing.F) {
	for _, s := range fuzzTemplates {
		f.Add(s, "a/b c,é")
	}
	f.Fuzz(func(t *testing.T, s, value string) {
		tmpl, err := Parse(s)
		if err != nil {
			var e *Error
			if !asError(err, &e) || e.Offset < 0 || e.Offset > len(s) {
				t.Fatalf("Parse(%q): %v", s, err)
			}
			return
		}
		if tmpl.String() != s {
			t.Fatalf("String() = %q", tmpl.String())
		}
		vars := fuzzVars(tmpl, []byte(value), value)
		out, err := tmpl.Expand(vars)
		if err == nil {
			if !utf8.ValidString(out) {
				t.Fatalf("%q expands to %q: not ASCII", s, out)
			}
			for i := 0; i < len(out); i++ {
				if out[i] <= ' ' || out[i] >= 0x7f {
					t.Fatalf("%q expands to %q: not ASCII", s, out)
				}
			}
		}
		tmpl.Match(value)
		tmpl.Match(out)
	})
}

func asError(err error, e **Error) bool {
	x, ok := err.(*Error)
	*e = x
	return ok
}

// fuzzVars makes values for the template's variables from b: a string, a
// list or pairs for each, cut from text. Associative arrays go only where
// Match can read them back: in unnamed exploded expressions.
func fuzzVars(tmpl *Template, b []byte, text string) Vars {
	vars := Vars{}
	next := func() byte {
		if len(b) == 0 {
			return 0
		}
		c := b[0]
		b = b[1:]
		return c
	}
	piece := func() string {
		if text == "" {
			return ""
		}
		i := int(next()) % (len(text) + 1)
		j := i + int(next())%4
		if j > len(text) {
			j = len(text)
		}
		return text[i:j]
	}
	for _, p := range tmpl.parts {
		for _, v := range p.vars {
			switch k := next() % 8; {
			case k == 0:
				// undefined
			case k < 5:
				vars[v.name] = String(piece())
			case k < 7 || p.op.named || !v.explode:
				var items []string
				for range int(next()%3) + 1 {
					items = append(items, piece())
				}
				vars[v.name] = List(items...)
			default:
				var pairs []Pair
				for range int(next()%3) + 1 {
					pairs = append(pairs, Pair{piece(), piece()})
				}
				vars[v.name] = Pairs(pairs...)
			}
		}
	}
	return vars
}

// For every invertible template and variables, Match finds the expansion,
// the variables it finds expand to the same URI (RFC 6570, section 3), and
// they are in canonical form: matching their expansion gives them back.
func FuzzMatchExpand(f *testing.F) {
	for _, s := range fuzzTemplates {
		f.Add(s, []byte{1, 2, 3, 4, 5, 6, 7, 8, 9}, "a/b c,=é%41;&?#")
	}
	f.Fuzz(func(t *testing.T, s string, b []byte, text string) {
		tmpl, err := Parse(s)
		if err != nil || tmpl.Invertible() != nil {
			return
		}
		vars := fuzzVars(tmpl, b, text)
		u, err := tmpl.Expand(vars)
		if err != nil {
			return
		}
		got, extra, ok := tmpl.MatchExtra(u)
		if !ok {
			t.Fatalf("%q with %s expands to %q, which it does not match", s, formatVars(vars), u)
		}
		if len(extra) > 0 {
			return // exploded pairs of a named expression: extras
		}
		u2, err := tmpl.Expand(got)
		if err != nil || u2 != u {
			t.Fatalf("%q: %q matches %s, which expands to %q, %v", s, u, formatVars(got), u2, err)
		}
		again, ok := tmpl.Match(u2)
		if !ok || !equalVars(again, got) {
			t.Fatalf("%q: %q matches %s, then %s", s, u, formatVars(got), formatVars(again))
		}
	})
}

// Match never panics on any input, and what it finds expands back to a
// URI that matches the same way.
func FuzzMatch(f *testing.F) {
	for _, s := range fuzzTemplates {
		f.Add(s, "/users/a,b?x=1&q=2#f")
	}
	f.Fuzz(func(t *testing.T, s, in string) {
		tmpl, err := Parse(s)
		if err != nil {
			return
		}
		got, ok := tmpl.Match(in)
		if !ok {
			return
		}
		u, err := tmpl.Expand(got)
		if err != nil {
			t.Fatalf("%q: %q matches %s, which does not expand: %v", s, in, formatVars(got), err)
		}
		if again, ok := tmpl.Match(u); !ok || !equalVars(again, got) {
			t.Fatalf("%q: %q matches %s, expands to %q, which matches %s", s, in, formatVars(got), u, formatVars(again))
		}
	})
}

// Expansion is linear in the size of its output: values 16 times as long
// cost about 16 times as much, far from the 256 of a quadratic algorithm.
func TestExpandLinear(t *testing.T) {
	tmpl := MustParse("{/a*}{?b,c}{+d}")
	cost := func(n int) float64 {
		v := strings.Repeat("é/x", n)
		vars := Vars{"a": List(v, v), "b": String(v), "c": List(v), "d": String(v)}
		r := testing.Benchmark(func(b *testing.B) {
			buf := make([]byte, 0, 64*n)
			for b.Loop() {
				buf, _ = tmpl.AppendExpand(buf[:0], vars)
			}
		})
		return float64(r.T) / float64(r.N)
	}
	small, big := cost(1000), cost(16000)
	if ratio := big / small; ratio > 64 {
		t.Errorf("16 times the output costs %.0f times as much", ratio)
	}
}
