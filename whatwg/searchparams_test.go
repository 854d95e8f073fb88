package whatwg

import (
	"slices"
	"testing"
)

// Cases of web-platform-tests url/urlsearchparams-sort.any.js: the tuples
// after sort(), names compared by UTF-16 code units, equal names stable.
func TestSearchParamsSort(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []Param
	}{
		{"z=b&a=b&z=a&a=a", []Param{{"a", "b"}, {"a", "a"}, {"z", "b"}, {"z", "a"}}},
		{"\uFFFD=x&\uFFFC&\uFFFD=a", []Param{{"\uFFFC", ""}, {"\uFFFD", "x"}, {"\uFFFD", "a"}}},
		{"ﬃ&🌈", []Param{{"🌈", ""}, {"ﬃ", ""}}},
		{"é&e\uFFFD&e\u0301", []Param{{"e\u0301", ""}, {"e\uFFFD", ""}, {"é", ""}}},
		{"z=z&a=a&z=y&a=b&z=x&a=c&z=w&a=d&z=v&a=e&z=u&a=f&z=t&a=g",
			[]Param{{"a", "a"}, {"a", "b"}, {"a", "c"}, {"a", "d"}, {"a", "e"}, {"a", "f"}, {"a", "g"},
				{"z", "z"}, {"z", "y"}, {"z", "x"}, {"z", "w"}, {"z", "v"}, {"z", "u"}, {"z", "t"}}},
		{"bbb&bb&aaa&aa=x&aa=y", []Param{{"aa", "x"}, {"aa", "y"}, {"aaa", ""}, {"bb", ""}, {"bbb", ""}}},
		{"z=z&=f&=t&=x", []Param{{"", "f"}, {"", "t"}, {"", "x"}, {"z", "z"}}},
		{"a🌈&a💩", []Param{{"a🌈", ""}, {"a💩", ""}}},
	} {
		sp := ParseSearchParams(c.in)
		sp.Sort()
		if got := sp.Params(); !slices.Equal(got, c.want) {
			t.Errorf("sort %q = %q, want %q", c.in, got, c.want)
		}
	}
}

// The examples of section "URLSearchParams class" and of
// application/x-www-form-urlencoded parsing and serializing.
func TestSearchParamsSpecExamples(t *testing.T) {
	u := MustParse("https://example.com/?a=b ~")
	if u.Href() != "https://example.com/?a=b%20~" {
		t.Fatalf("href %q", u.Href())
	}
	sp := u.SearchParams()
	sp.Sort()
	if got := u.WithSearchParams(sp).Href(); got != "https://example.com/?a=b+%7E" {
		t.Errorf("after sort: %q", got)
	}

	u = MustParse("https://example.com/?a=~&b=%7E")
	sp = u.SearchParams()
	if u.Search() != "?a=~&b=%7E" {
		t.Errorf("search %q", u.Search())
	}
	if a, _ := sp.Get("a"); a != "~" {
		t.Errorf("get a %q", a)
	}
	if b, _ := sp.Get("b"); b != "~" {
		t.Errorf("get b %q", b)
	}

	u = MustParse("https://example.org/?q=🏳️‍🌈&key=e1f7bc78")
	sp = u.SearchParams()
	sp.Sort()
	if got := u.WithSearchParams(sp).Search(); got != "?key=e1f7bc78&q=%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88" {
		t.Errorf("sorted search %q", got)
	}

	if got := NewSearchParams(Param{"key", "730d67"}).String(); got != "key=730d67" {
		t.Errorf("String %q", got)
	}
}

// Behaviour of the methods, from the class's method steps.
func TestSearchParamsMethods(t *testing.T) {
	sp := ParseSearchParams("?a=1&b=2&a=3&&c&=4&d=x+y%20z%zz")
	want := []Param{{"a", "1"}, {"b", "2"}, {"a", "3"}, {"c", ""}, {"", "4"}, {"d", "x y z%zz"}}
	if got := sp.Params(); !slices.Equal(got, want) {
		t.Fatalf("parse = %q, want %q", got, want)
	}
	if v, ok := sp.Get("a"); !ok || v != "1" {
		t.Errorf("Get a = %q %v", v, ok)
	}
	if _, ok := sp.Get("zz"); ok {
		t.Errorf("Get zz found")
	}
	if got := sp.GetAll("a"); !slices.Equal(got, []string{"1", "3"}) {
		t.Errorf("GetAll a = %q", got)
	}
	if !sp.Has("c") || sp.Has("e") || !sp.HasValue("a", "3") || sp.HasValue("a", "2") {
		t.Errorf("Has/HasValue wrong")
	}
	sp.Set("a", "9")
	if got := sp.String(); got != "a=9&b=2&c=&=4&d=x+y+z%25zz" {
		t.Errorf("after Set: %q", got)
	}
	sp.Append("e", "é &=+")
	sp.DeleteValue("b", "3")
	sp.Delete("c")
	if got := sp.String(); got != "a=9&b=2&=4&d=x+y+z%25zz&e=%C3%A9+%26%3D%2B" {
		t.Errorf("after Append/Delete: %q", got)
	}
	if sp.Len() != 5 {
		t.Errorf("Len %d", sp.Len())
	}
	n := 0
	for range sp.All() {
		n++
	}
	if n != 5 {
		t.Errorf("All yields %d", n)
	}
	// The form serializer leaves only alphanumerics and *-._ unencoded.
	if got := NewSearchParams(Param{"!'()~*-._", "\x00/"}).String(); got != "%21%27%28%29%7E*-._=%00%2F" {
		t.Errorf("form encode %q", got)
	}
	// The update steps: an empty list makes the query null.
	u := MustParse("http://h/p?x=1#f")
	if got := u.WithSearchParams(SearchParams{}).Href(); got != "http://h/p#f" {
		t.Errorf("empty update: %q", got)
	}
	// A URL's query is parsed without removing a leading "?".
	u = MustParse("http://h/??a=b")
	if got := u.SearchParams().Params(); !slices.Equal(got, []Param{{"?a", "b"}}) {
		t.Errorf("query ??a=b: %q", got)
	}
}
