package uri

import (
	"errors"
	"slices"
	"testing"
)

// pairsOf collects q's pairs in order.
func pairsOf(q Query) []Pair {
	var ps []Pair
	for k, v := range q.All() {
		ps = append(ps, Pair{k, v})
	}
	return ps
}

func TestParseQueryPairs(t *testing.T) {
	tests := []struct {
		raw  string
		mode QueryMode
		want []Pair
	}{
		{"", QueryRFC3986, nil},
		{"a=1", QueryRFC3986, []Pair{{"a", "1"}}},
		{"a=1&b=2&a=3", QueryRFC3986, []Pair{{"a", "1"}, {"b", "2"}, {"a", "3"}}}, // order and duplicates kept
		{"a", QueryRFC3986, []Pair{{"a", ""}}},
		{"a=", QueryRFC3986, []Pair{{"a", ""}}},
		{"=v", QueryRFC3986, []Pair{{"", "v"}}},
		{"=", QueryRFC3986, []Pair{{"", ""}}},
		{"a==b=", QueryRFC3986, []Pair{{"a", "=b="}}}, // split at the first "="
		{"&&a=1&&", QueryRFC3986, []Pair{{"a", "1"}}}, // empty fields hold no pair
		{"&", QueryRFC3986, nil},
		{"k%3D=v%26w", QueryRFC3986, []Pair{{"k=", "v&w"}}}, // split before decoding
		{"a+b=c+d", QueryRFC3986, []Pair{{"a+b", "c+d"}}},
		{"a+b=c+d", QueryForm, []Pair{{"a b", "c d"}}},
		{"a%2Bb=%20", QueryForm, []Pair{{"a+b", " "}}},
		{"q=caf%C3%A9&x=%FF", QueryRFC3986, []Pair{{"q", "café"}, {"x", "\xff"}}},
		{"/path?x=:@!$'()*,;", QueryRFC3986, []Pair{{"/path?x", ":@!$'()*,;"}}},
	}
	for _, tt := range tests {
		q, err := ParseQuery(tt.mode, tt.raw)
		if err != nil {
			t.Errorf("ParseQuery(%q) error %v", tt.raw, err)
			continue
		}
		if got := pairsOf(q); !slices.Equal(got, tt.want) {
			t.Errorf("ParseQuery(%q, %d) pairs = %q, want %q", tt.raw, tt.mode, got, tt.want)
		}
		if q.Len() != len(tt.want) {
			t.Errorf("ParseQuery(%q).Len() = %d, want %d", tt.raw, q.Len(), len(tt.want))
		}
		if q.String() != tt.raw || q.Mode() != tt.mode {
			t.Errorf("ParseQuery(%q) = %q mode %d", tt.raw, q, q.Mode())
		}
	}
}

func TestParseQueryError(t *testing.T) {
	tests := []struct {
		raw   string
		cause error
		off   int
	}{
		{"a=b c", ErrInvalidCharacter, 3},
		{"a#b", ErrInvalidCharacter, 1},
		{"a=%2", ErrInvalidPercentEncoding, 2},
		{"a=[x]", ErrInvalidCharacter, 2},
	}
	for _, tt := range tests {
		_, err := ParseQuery(QueryRFC3986, tt.raw)
		var e *Error
		if !errors.Is(err, tt.cause) || !errors.As(err, &e) || e.Offset != tt.off || e.Component != ComponentQuery {
			t.Errorf("ParseQuery(%q) error %v, want %v at %d in query", tt.raw, err, tt.cause, tt.off)
		}
	}
}

func TestQueryLookup(t *testing.T) {
	q, _ := ParseQuery(QueryRFC3986, "a=1&%62=2&a=3&c&a%20b=4&d=x%2By+z")
	f, _ := ParseQuery(QueryForm, "a+b=form&x=1+2")
	tests := []struct {
		q      Query
		key    string
		want   string
		ok     bool
		values []string
	}{
		{q, "a", "1", true, []string{"1", "3"}},
		{q, "b", "2", true, []string{"2"}}, // keys compare decoded
		{q, "%62", "", false, nil},         // ... and the given key is plain
		{q, "c", "", true, []string{""}},
		{q, "a b", "4", true, []string{"4"}},
		{q, "a+b", "", false, nil},
		{q, "d", "x+y+z", true, []string{"x+y+z"}},
		{q, "", "", false, nil},
		{q, "zz", "", false, nil},
		{f, "a b", "form", true, []string{"form"}},
		{f, "a+b", "", false, nil},
		{f, "x", "1 2", true, []string{"1 2"}},
		{Query{}, "a", "", false, nil},
	}
	for _, tt := range tests {
		got, ok := tt.q.Lookup(tt.key)
		if got != tt.want || ok != tt.ok {
			t.Errorf("%q.Lookup(%q) = %q, %v, want %q, %v", tt.q, tt.key, got, ok, tt.want, tt.ok)
		}
		if g := tt.q.Get(tt.key); g != tt.want {
			t.Errorf("%q.Get(%q) = %q, want %q", tt.q, tt.key, g, tt.want)
		}
		if h := tt.q.Has(tt.key); h != tt.ok {
			t.Errorf("%q.Has(%q) = %v, want %v", tt.q, tt.key, h, tt.ok)
		}
		if vs := tt.q.Values(tt.key); !slices.Equal(vs, tt.values) || (vs == nil) != (tt.values == nil) {
			t.Errorf("%q.Values(%q) = %q, want %q", tt.q, tt.key, vs, tt.values)
		}
	}
}

func TestQueryEdit(t *testing.T) {
	base, _ := ParseQuery(QueryRFC3986, "a=1&b=%7e&a=2&&c")
	form, _ := ParseQuery(QueryForm, "x=1+2")
	tests := []struct {
		name string
		got  Query
		want string
	}{
		// Untouched pairs keep their text ("%7e", lowercase and needless).
		{"Set first of two", base.Set("a", "9"), "a=9&b=%7e&&c"},
		{"Set single", base.Set("b", "x y"), "a=1&b=x%20y&a=2&&c"},
		{"Set new", base.Set("d", "&=+"), "a=1&b=%7e&a=2&&c&d=%26%3D%2B"},
		{"Set key by decoded match", base.Set("~", "v"), "a=1&b=%7e&a=2&&c&~=v"},
		{"Set empty value", base.Set("c", ""), "a=1&b=%7e&a=2&&c="},
		{"Add", base.Add("a", "3"), "a=1&b=%7e&a=2&&c&a=3"},
		{"Add to empty", Query{}.Add("k", "v"), "k=v"},
		{"Add after trailing &", mustQuery(t, "a=1&").Add("k", "v"), "a=1&k=v"},
		{"Set after trailing &", mustQuery(t, "a=1&").Set("k", "v"), "a=1&k=v"},
		{"Set on &", mustQuery(t, "&").Set("k", "v"), "&k=v"},
		{"Set on empty", Query{}.Set("k", "v"), "k=v"},
		{"Del all", base.Del("a"), "b=%7e&&c"},
		{"Del keyless", base.Del("c"), "a=1&b=%7e&a=2&"},
		{"Del missing", base.Del("zz"), "a=1&b=%7e&a=2&&c"},
		{"Del every pair", mustQuery(t, "a=1&a=2").Del("a"), ""},
		{"Del by decoded key", mustQuery(t, "%61=1&b=2").Del("a"), "b=2"},
		{"Form Set", form.Set("y", "a b+c"), "x=1+2&y=a+b%2Bc"},
		{"Form Add", form.Add("z z", ""), "x=1+2&z+z="},
		{"Form Set by decoded key", mustForm(t, "a+b=1").Set("a b", "2"), "a+b=2"},
	}
	for _, tt := range tests {
		if tt.got.String() != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, tt.got, tt.want)
		}
		if _, err := ParseQuery(tt.got.Mode(), tt.got.String()); err != nil {
			t.Errorf("%s: %q is not a valid query: %v", tt.name, tt.got, err)
		}
	}
	if base.String() != "a=1&b=%7e&a=2&&c" {
		t.Errorf("edits changed the receiver: %q", base)
	}
}

func mustQuery(t *testing.T, raw string) Query {
	t.Helper()
	q, err := ParseQuery(QueryRFC3986, raw)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

func mustForm(t *testing.T, raw string) Query {
	t.Helper()
	q, err := ParseQuery(QueryForm, raw)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

func TestNewQuery(t *testing.T) {
	tests := []struct {
		mode  QueryMode
		pairs []Pair
		want  string
	}{
		{QueryRFC3986, nil, ""},
		{QueryRFC3986, []Pair{{"", ""}}, "="},
		{QueryRFC3986, []Pair{{"a", "1"}, {"a", "2"}, {"b", ""}}, "a=1&a=2&b="},
		{QueryRFC3986, []Pair{{"a b", "c&d=e+f"}}, "a%20b=c%26d%3De%2Bf"},
		{QueryRFC3986, []Pair{{"q", "/?:@!$'()*,;"}}, "q=/?:@!$'()*,;"},
		{QueryRFC3986, []Pair{{"é", "#%"}}, "%C3%A9=%23%25"},
		{QueryForm, []Pair{{"a b", "c d+e"}}, "a+b=c+d%2Be"},
	}
	for _, tt := range tests {
		q := NewQuery(tt.mode, tt.pairs...)
		if q.String() != tt.want {
			t.Errorf("NewQuery(%q) = %q, want %q", tt.pairs, q, tt.want)
		}
		if got := pairsOf(q); !slices.Equal(got, tt.pairs) {
			t.Errorf("pairs of NewQuery(%q) = %q", tt.pairs, got)
		}
	}
}

func TestQueryParamsOnURI(t *testing.T) {
	u := MustParse("http://a/s?q=caf%C3%A9+au+lait&page=2#top")
	if got := u.QueryParams(QueryForm).Get("q"); got != "café au lait" {
		t.Errorf("form Get(q) = %q", got)
	}
	if got := u.QueryParams(QueryRFC3986).Get("q"); got != "café+au+lait" {
		t.Errorf("RFC 3986 Get(q) = %q", got)
	}
	v, err := u.WithQueryParams(u.QueryParams(QueryForm).Set("page", "3"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "http://a/s?q=caf%C3%A9+au+lait&page=3#top"; v.String() != want {
		t.Errorf("WithQueryParams = %q, want %q", v, want)
	}
	checkReparse(t, "WithQueryParams", v)
	w, err := u.WithQueryParams(u.QueryParams(QueryForm).Del("q").Del("page"))
	if err != nil {
		t.Fatal(err)
	}
	// An empty list is an empty query, as WithQuery("") gives: absent
	// and empty differ (RFC 3986, section 3.4), and WithoutQuery removes it.
	if want := "http://a/s?#top"; w.String() != want {
		t.Errorf("WithQueryParams(empty) = %q, want %q", w, want)
	}
	if got := MustParse("http://a/").QueryParams(QueryRFC3986).Len(); got != 0 {
		t.Errorf("no query: Len = %d", got)
	}
}

func TestQueryAllocs(t *testing.T) {
	q, _ := ParseQuery(QueryRFC3986, "utm_source=news&utm_medium=mail&id=12345&lang=en")
	enc, _ := ParseQuery(QueryRFC3986, "k%65y=v")
	checks := []struct {
		name string
		max  float64
		f    func()
	}{
		{"ParseQuery", 0, func() { _, _ = ParseQuery(QueryForm, "a=1&b=2") }},
		{"Get", 0, func() { _ = q.Get("lang") }},
		{"Get missing", 0, func() { _ = q.Get("nope") }},
		{"Get encoded key", 0, func() { _ = enc.Get("key") }},
		{"Has", 0, func() { _ = q.Has("id") }},
		{"Len", 0, func() { _ = q.Len() }},
		{"All", 0, func() {
			for k, v := range q.All() {
				_, _ = k, v
			}
		}},
		{"Set", 1, func() { _ = q.Set("id", "9") }},
		{"Add", 1, func() { _ = q.Add("x", "a b") }},
		{"Del", 1, func() { _ = q.Del("id") }},
		{"Del missing", 0, func() { _ = q.Del("nope") }},
		{"NewQuery", 1, func() { _ = NewQuery(QueryForm, Pair{"a", "b c"}, Pair{"d", "e"}) }},
	}
	for _, c := range checks {
		if n := testing.AllocsPerRun(100, c.f); n > c.max {
			t.Errorf("%s: %v allocations, want at most %v", c.name, n, c.max)
		}
	}
}
