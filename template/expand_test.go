package template

import (
	"errors"
	"testing"

	"github.com/ferret-go/uri"
)

// Cases the shared suite does not cover, each derived from RFC 6570's
// Appendix A and sections 1.6, 2.3 and 2.4.1.
func TestExpand(t *testing.T) {
	vars := Vars{
		"e":      String("é"),          // U+00E9: two UTF-8 octets
		"g":      String("\U0001F600"), // four octets, one character
		"mix":    String("aé😀b"),       // four characters
		"empty":  String(""),           // defined and empty
		"nolist": List(),               // section 2.3: undefined
		"nomap":  Pairs(),              // section 2.3: undefined
		"zero":   Value{},              // undefined
		"elist":  List(""),             // one empty member
		"pct":    String("%41%zz%"),    // a triplet, then two bare "%"
		"sp":     String("a b+c"),      // "+" is reserved
		"pairs":  Pairs(Pair{"b", "2"}, Pair{"a", "1"}),
		"m":      Map(map[string]string{"z": "26", "a": "1"}),
		"keysp":  Pairs(Pair{"a b", "x&y"}),
		"keysr":  Pairs(Pair{"a#b:c", "x"}),
		"bad":    String("\xff\xfe"),  // not UTF-8: octet by octet
		"triple": String("%C3%A9xyz"), // a pct-encoded character for "+"
		"list":   List("a", "b/c"),
	}
	tests := []struct{ tmpl, want string }{
		{"{e}", "%C3%A9"},
		{"{+e}", "%C3%A9"},
		{"{g}", "%F0%9F%98%80"}, // not UTF-16 surrogates
		{"{mix:2}", "a%C3%A9"},  // characters, not octets
		{"{mix:3}", "a%C3%A9%F0%9F%98%80"},
		{"{mix:4}", "a%C3%A9%F0%9F%98%80b"},
		{"{mix:9999}", "a%C3%A9%F0%9F%98%80b"},
		{"{+triple:2}", "%C3%A9x"}, // one character: the triplets of é
		{"{+pct:1}", "%41"},        // a triplet is not split
		{"{bad}", "%FF%FE"},
		{"{bad:1}", "%FF"},
		{"{pct}", "%2541%25zz%25"},
		{"{+pct}", "%41%25zz%25"},
		{"{#pct}", "#%41%25zz%25"},
		{"{sp}", "a%20b%2Bc"},
		{"{+sp}", "a%20b+c"},
		// Empty and undefined (section 2.3 and 3.2.1).
		{"x{empty}y", "xy"},
		{"{/empty}", "/"},
		{"{.empty}", "."},
		{"{;empty}", ";empty"},
		{"{?empty}", "?empty="},
		{"{&empty}", "&empty="},
		{"{#empty}", "#"},
		{"{?nolist,nomap,zero,missing}", ""},
		{"{/nolist*}{;nomap*}", ""},
		{"{?zero,empty}", "?empty="},
		{"{elist}", ""},
		{"{?elist}", "?elist="},
		{"{?elist*}", "?elist="},
		{"{;elist*}", ";elist"},
		{"{/elist*}", "/"},
		// Ordered pairs keep their order; Map sorts by name.
		{"{pairs}", "b,2,a,1"},
		{"{pairs*}", "b=2,a=1"},
		{"{?pairs*}", "?b=2&a=1"},
		{"{;pairs}", ";pairs=b,2,a,1"},
		{"{m*}", "a=1,z=26"},
		// A named exploded pair's name is encoded as a string value is
		// (section 3.2.1), not as a literal.
		{"{?keysp*}", "?a%20b=x%26y"},
		{"{;keysr*}", ";a%23b%3Ac=x"},
		{"{/list}", "/a,b%2Fc"},
		{"{/list*}", "/a/b%2Fc"},
		{"{+list*}", "a,b/c"},
		{"{.list*}", ".a.b%2Fc"},
		{"{;list*}", ";list=a;list=b%2Fc"},
	}
	for _, tt := range tests {
		tmpl, err := Parse(tt.tmpl)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.tmpl, err)
			continue
		}
		got, err := tmpl.Expand(vars)
		if got != tt.want || err != nil {
			t.Errorf("%q expands to %q, %v; want %q", tt.tmpl, got, err, tt.want)
		}
		if _, err := uri.Parse(got); err != nil {
			t.Errorf("%q: %q is not a URI reference: %v", tt.tmpl, got, err)
		}
	}
}

// Section 2.4.1: a prefix modifier does not apply to composite values.
func TestExpandCompositePrefix(t *testing.T) {
	for _, v := range []Value{List("abc"), Pairs(Pair{"a", "b"})} {
		tmpl := MustParse("x/{y}{/v:2}")
		dst := []byte("keep")
		got, err := tmpl.AppendExpand(dst, Vars{"y": String("1"), "v": v})
		var e *Error
		if !errors.Is(err, ErrCompositePrefix) || !errors.As(err, &e) || e.Offset != 7 || e.Var != "v" {
			t.Errorf("prefix on %v: %v", v.Kind(), err)
		}
		if string(got) != "keep" {
			t.Errorf("AppendExpand on error gives %q, want dst unchanged", got)
		}
		if s, err := tmpl.Expand(Vars{"v": v}); s != "" || err == nil {
			t.Errorf("Expand = %q, %v", s, err)
		}
	}
}

func TestAppendExpandAllocs(t *testing.T) {
	tmpl := MustParse("https://api.example.com/users/{user}/repos{?page,sort}")
	vars := Vars{"user": String("ferret go"), "page": String("2"), "sort": String("name")}
	buf := make([]byte, 0, 128)
	if n := testing.AllocsPerRun(100, func() { buf, _ = tmpl.AppendExpand(buf[:0], vars) }); n != 0 {
		t.Errorf("AppendExpand allocates %v times", n)
	}
	if n := testing.AllocsPerRun(100, func() { tmpl.Expand(vars) }); n != 1 {
		t.Errorf("Expand allocates %v times, want 1", n)
	}
}

func TestValue(t *testing.T) {
	if (Value{}).Kind() != Undefined || String("").Kind() != StringKind || !String("").Defined() {
		t.Error("kinds")
	}
	if List().Defined() || Pairs().Defined() || Map(nil).Defined() {
		t.Error("empty composites are defined")
	}
	if !List().Equal(Value{}) || List("a").Equal(String("a")) || !Map(map[string]string{"a": "b"}).Equal(Pairs(Pair{"a", "b"})) {
		t.Error("Equal")
	}
	for v, s := range map[string]string{String("a").String(): "a", List("a", "b").String(): "[a b]",
		Pairs(Pair{"a", "1"}).String(): "[a=1]", Value{}.String(): "<undefined>"} {
		if v != s {
			t.Errorf("String() = %q, want %q", v, s)
		}
	}
	for k, s := range map[Kind]string{Undefined: "undefined", StringKind: "string", ListKind: "list", PairsKind: "pairs"} {
		if k.String() != s {
			t.Errorf("%d.String() = %q", k, k.String())
		}
	}
}
