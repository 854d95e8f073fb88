package uri

import (
	"errors"
	"fmt"
	"net/netip"
	"net/url"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Seeds shared by the fuzz tests below: every reserved character, "%",
// space, non-ASCII and invalid UTF-8, and texts that look like other things.
var buildSeeds = []string{
	"", "a", "a b", "/", "//", "//x", ":", "a:b", "a:b/c:d", "/a:b", "?", "#", "[", "]", "@",
	"!$&'()*+,;=", ":/?#[]@", "%", "%41", "%2F", "%zz", "100%", "+", "a+b", "a=b&c=d",
	"é", "日本", "\xff\xfe", "\x00\x7f", "::1", "2001:db8::7", "::ffff:1.2.3.4", "fe80::1%eth0",
	"1.2.3.4", "1.2.3.256", "v7.x", "[::1]", "[v7.x]", "..", ".", "~user", "a\tb\nc",
}

// escapeModes are all the modes, with an unknown one.
var escapeModes = []EscapeMode{
	EscapeUserinfo, EscapeHost, EscapePath, EscapePathNoScheme, EscapeSegment,
	EscapeQuery, EscapeQueryPart, EscapeForm, EscapeFragment, EscapeMode(0), EscapeMode(99),
}

// FuzzEscapeRoundTrip: for any string and any mode, decoding the encoding
// gives the string back, and the encoding holds only what the mode's
// component allows.
func FuzzEscapeRoundTrip(f *testing.F) {
	for _, s := range buildSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, m := range escapeModes {
			e := Escape(s, m)
			if d, err := Unescape(e, m); err != nil || d != s {
				t.Fatalf("Unescape(Escape(%q, %d)) = %q, %v", s, m, d, err)
			}
			if a := AppendEscape([]byte("x"), s, m); string(a) != "x"+e {
				t.Fatalf("AppendEscape(%q, %d) = %q, Escape gives %q", s, m, a, e)
			}
			for i := 0; i < len(e); i++ {
				c := e[i]
				if c == '%' || strings.IndexByte(escUnreserved, c) >= 0 {
					continue
				}
				if c == '+' && m == EscapeForm {
					continue
				}
				extra := escLiteral[m]
				if m == EscapePathNoScheme {
					extra = escLiteral[EscapePath]
					if j := strings.IndexByte(e, '/'); c == ':' && (j < 0 || i < j) {
						t.Fatalf("Escape(%q, no-scheme) = %q keeps a ':' in the first segment", s, e)
					}
				}
				if strings.IndexByte(extra, c) < 0 {
					t.Fatalf("Escape(%q, %d) = %q keeps %q", s, m, e, c)
				}
			}
		}
		// Unescape of arbitrary text: either an error at a malformed triplet,
		// or a value whose encoding decodes to it again.
		d, err := Unescape(s, EscapePath)
		if err != nil {
			e := err.(*Error)
			if s[e.Offset] != '%' || e.Offset+2 < len(s) && isHex(s[e.Offset+1]) && isHex(s[e.Offset+2]) {
				t.Fatalf("Unescape(%q) error at %d, which is no malformed triplet", s, e.Offset)
			}
			return
		}
		if strings.IndexByte(s, '%') < 0 && d != s {
			t.Fatalf("Unescape(%q) = %q, changed text without triplets", s, d)
		}
	})
}

// FuzzEditComponents: any plain string set into any component gives a valid
// URI, exactly the one its text parses to, whose decoded component is the
// string.
func FuzzEditComponents(f *testing.F) {
	for _, s := range buildSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		abs := MustParse("http://user@example.com:8080/p/q?x=1#f")
		rel := MustParse("rel/p?x")
		check := func(what string, u URI, err error, got func(URI) string, want string) {
			t.Helper()
			if err != nil {
				t.Fatalf("%s(%q): %v", what, s, err)
			}
			checkReparse(t, what, u)
			checkLayout(t, u)
			if g := got(u); g != want {
				t.Fatalf("%s(%q) = %q: decoded component %q, want %q", what, s, u, g, want)
			}
		}
		u, err := abs.WithDecodedUserinfo(s)
		check("WithDecodedUserinfo", u, err, URI.DecodedUserinfo, s)
		u, err = abs.WithDecodedHost(s)
		check("WithDecodedHost", u, err, URI.DecodedHost, s)
		u, err = MustParse("/p?x#f").WithDecodedHost(s)
		check("WithDecodedHost(rel)", u, err, URI.DecodedHost, s)
		u, err = abs.WithDecodedPath("/" + s)
		check("WithDecodedPath", u, err, URI.DecodedPath, "/"+s)
		u, err = rel.WithDecodedPath(s)
		if strings.HasPrefix(s, "//") {
			if err == nil {
				t.Fatalf("WithDecodedPath(%q) on a relative reference = %q, want ErrPathDoubleSlash", s, u)
			}
		} else {
			check("WithDecodedPath(rel)", u, err, URI.DecodedPath, s)
		}
		u, err = abs.WithDecodedSegments("", s, s)
		check("WithDecodedSegments", u, err, func(u URI) string { return strings.Join(u.DecodedSegments(), "\x00") }, "\x00"+s+"\x00"+s)
		u, err = rel.WithDecodedSegments(s, s)
		check("WithDecodedSegments(rel)", u, err, func(u URI) string { return strings.Join(u.DecodedSegments(), "\x00") }, s+"\x00"+s)
		u, err = abs.AddDecodedSegment(s)
		check("AddDecodedSegment", u, err, func(u URI) string { return strings.Join(u.DecodedSegments(), "\x00") }, "\x00p\x00q\x00"+s)
		u, err = MustParse("").AddDecodedSegment(s)
		check("AddDecodedSegment(empty)", u, err, URI.DecodedPath, s)
		u, err = abs.WithDecodedQuery(s)
		check("WithDecodedQuery", u, err, URI.DecodedQuery, s)
		u, err = rel.WithDecodedFragment(s)
		check("WithDecodedFragment", u, err, URI.DecodedFragment, s)
		u, err = new(Builder).SetScheme("x").SetDecodedUserinfo(s).SetDecodedHost(s).SetDecodedPath("/" + s).SetDecodedFragment(s).Build()
		check("Build", u, err, func(u URI) string {
			return u.DecodedUserinfo() + "|" + u.DecodedHost() + "|" + u.DecodedPath() + "|" + u.DecodedFragment()
		}, s+"|"+s+"|/"+s+"|"+s)

		// Raw text: accepted exactly when it is valid, and then kept as is.
		for _, r := range []struct {
			name string
			u    URI // the zero URI when refused: abs has a scheme
			get  func(URI) string
		}{
			{"WithUserinfo", uriOrZero(abs.WithUserinfo(s)), URI.Userinfo},
			{"WithPath", uriOrZero(abs.WithPath("/" + s)), func(u URI) string { return u.Path()[1:] }},
			{"WithQuery", uriOrZero(abs.WithQuery(s)), URI.Query},
			{"WithFragment", uriOrZero(abs.WithFragment(s)), URI.Fragment},
			{"WithScheme", uriOrZero(abs.WithScheme(s)), URI.Scheme},
			{"WithPort", uriOrZero(abs.WithPort(s)), URI.Port},
		} {
			if r.u == (URI{}) {
				continue
			}
			checkReparse(t, r.name, r.u)
			checkLayout(t, r.u)
			if g := r.get(r.u); g != s {
				t.Fatalf("%s(%q) = %q, component %q", r.name, s, r.u, g)
			}
		}
		if u, err := abs.WithHost(s); err == nil {
			checkReparse(t, "WithHost", u)
			checkLayout(t, u)
		}
		// The oracle for raw text is the parser: a query is accepted alone
		// exactly when the parser reads it as a whole query.
		_, qerr := abs.WithQuery(s)
		p, perr := Parse("http://h?" + s)
		if (qerr == nil) != (perr == nil && p.Query() == s) {
			t.Fatalf("WithQuery(%q) error %v, but the parser says %v", s, qerr, perr)
		}
	})
}

func uriOrZero(u URI, err error) URI {
	if err != nil {
		return URI{}
	}
	return u
}

// FuzzQueryRoundTrip: a query built from pairs parses back to the same pairs,
// and building from the parsed pairs reproduces the text.
func FuzzQueryRoundTrip(f *testing.F) {
	f.Add("a", "1", "b", "2", false)
	f.Add("a b", "c&d", "a b", "=+", true)
	f.Add("", "", "", "", false)
	f.Add("é", "%", "\xff", "#", true)
	f.Fuzz(func(t *testing.T, k1, v1, k2, v2 string, form bool) {
		mode := QueryRFC3986
		if form {
			mode = QueryForm
		}
		pairs := []Pair{{k1, v1}, {k2, v2}, {k1, v2}}
		q := NewQuery(mode, pairs...)
		p, err := ParseQuery(mode, q.String())
		if err != nil {
			t.Fatalf("NewQuery(%q) = %q does not parse: %v", pairs, q, err)
		}
		if got := pairsOf(p); !slices.Equal(got, pairs) {
			t.Fatalf("NewQuery(%q) = %q parses to %q", pairs, q, got)
		}
		if again := NewQuery(mode, pairsOf(p)...); again != q {
			t.Fatalf("building %q again gives %q", q, again)
		}
		if got := q.Get(k1); got != v1 {
			t.Fatalf("%q.Get(%q) = %q, want %q", q, k1, got, v1)
		}
		u, err := MustParse("http://h/").WithQueryParams(q)
		if err != nil {
			t.Fatal(err)
		}
		checkReparse(t, "WithQueryParams", u)
		checkLayout(t, u)
		if u.QueryParams(mode) != q {
			t.Fatalf("WithQueryParams(%q) = %q", q, u)
		}
		checkQueryEdits(t, q, pairs, k2, v1)
	})
}

// FuzzQueryParse: any valid query text reads as pairs that build a query
// reading the same, and edits act on the pairs as a list would.
func FuzzQueryParse(f *testing.F) {
	for _, s := range []string{"", "a=1&b=2&a=3", "&&", "=", "a", "a+b=c+d", "%61=%62&a=c", "k%3D=v%26", "a=1&", "x=%zz", "a b", "q=#"} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, raw string, form bool) {
		mode := QueryRFC3986
		if form {
			mode = QueryForm
		}
		q, err := ParseQuery(mode, raw)
		p, perr := Parse("http://h?" + raw)
		if (err == nil) != (perr == nil && p.Query() == raw) {
			t.Fatalf("ParseQuery(%q) error %v, but the parser says %v", raw, err, perr)
		}
		if err != nil {
			return
		}
		pairs := pairsOf(q)
		if q.Len() != len(pairs) {
			t.Fatalf("%q.Len() = %d, pairs %q", raw, q.Len(), pairs)
		}
		if got := pairsOf(NewQuery(mode, pairs...)); !slices.Equal(got, pairs) {
			t.Fatalf("pairs %q of %q built and parsed again give %q", pairs, raw, got)
		}
		for _, pr := range pairs {
			checkQueryEdits(t, q, pairs, pr.Key, "new")
		}
		checkQueryEdits(t, q, pairs, "absent-key", "v")
	})
}

// checkQueryEdits checks Get, Values, Set, Add and Del on q against the same
// operations done on the list of pairs.
func checkQueryEdits(t *testing.T, q Query, pairs []Pair, key, val string) {
	t.Helper()
	var values []string
	for _, p := range pairs {
		if p.Key == key {
			values = append(values, p.Value)
		}
	}
	if got := q.Values(key); !slices.Equal(got, values) {
		t.Fatalf("%q.Values(%q) = %q, want %q", q, key, got, values)
	}
	if got, ok := q.Lookup(key); ok != (values != nil) || ok && got != values[0] {
		t.Fatalf("%q.Lookup(%q) = %q, %v", q, key, got, ok)
	}
	var set, del []Pair
	replaced := false
	for _, p := range pairs {
		if p.Key != key {
			set, del = append(set, p), append(del, p)
		} else if !replaced {
			set, replaced = append(set, Pair{key, val}), true
		}
	}
	if !replaced {
		set = append(set, Pair{key, val})
	}
	add := append(slices.Clip(pairs), Pair{key, val})
	for _, e := range []struct {
		name string
		got  Query
		want []Pair
	}{{"Set", q.Set(key, val), set}, {"Del", q.Del(key), del}, {"Add", q.Add(key, val), add}} {
		if _, err := ParseQuery(e.got.Mode(), e.got.String()); err != nil {
			t.Fatalf("%q.%s(%q) = %q, invalid: %v", q, e.name, key, e.got, err)
		}
		if got := pairsOf(e.got); !slices.Equal(got, e.want) {
			t.Fatalf("%q.%s(%q, %q) = %q with pairs %q, want %q", q, e.name, key, val, e.got, got, e.want)
		}
	}
}

// FuzzURLRoundTrip: URL gives url.Parse's value whenever url.Parse accepts
// the text, and whatever URL gives comes back through FromURL as the same
// URI or with one of the documented losses.
func FuzzURLRoundTrip(f *testing.F) {
	for _, s := range netURLExamples {
		f.Add(s)
	}
	for _, s := range []string{"HTTP://%41:8@[v7.x]/a%2Fb?#", "//", "foo://", "http://h%c3%bc/", "x:/a", "file:///x", "a:b%20c", "*", "http://[::1.2.3.4]/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := Parse(s)
		if err != nil {
			return
		}
		v, err := u.URL()
		if w, werr := url.Parse(s); werr == nil && (err != nil || !reflect.DeepEqual(v, w)) {
			t.Fatalf("URL(%q) = %#v, %v; url.Parse gives %#v", s, v, err, w)
		}
		if err != nil {
			return
		}
		back, err := FromURL(v)
		if err != nil {
			t.Fatalf("FromURL(URL(%q)) = %v (%#v)", s, err, v)
		}
		checkLayout(t, back)
		if back != u && !documentedLoss(u, back) {
			t.Fatalf("%q came back from net/url as %q", s, back)
		}
	})
}

// FuzzIdentityEdits: for every valid reference u and every component X,
// u.WithX(u.X()) is u, byte for byte and offset for offset; so is removing a
// component and setting it back, and a Builder that sets every component to
// what u has. The raw getters and setters are one form.
func FuzzIdentityEdits(f *testing.F) {
	for _, s := range fuzzSeeds() {
		f.Add(s)
	}
	for _, s := range buildSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := Parse(s)
		if err != nil {
			return
		}
		same := func(what string) func(URI, error) {
			return func(v URI, err error) {
				t.Helper()
				if err != nil || v != u {
					t.Fatalf("%q.%s = %#v, %v; want the same value", s, what, v, err)
				}
			}
		}
		if u.HasScheme() {
			same("WithScheme(Scheme())")(u.WithScheme(u.Scheme()))
			v, err := u.WithoutScheme()
			if err == nil {
				same("WithoutScheme().WithScheme(Scheme())")(v.WithScheme(u.Scheme()))
			}
		}
		if u.HasAuthority() {
			same("WithAuthority(Authority())")(u.WithAuthority(u.Authority()))
			same("WithHost(Host())")(u.WithHost(u.Host()))
			if a := u.Addr(); a.IsValid() {
				// An address has many texts: the same address, not the same text.
				v, err := u.WithAddr(a)
				if err != nil || v.Addr() != a || v.HostKind() != u.HostKind() {
					t.Fatalf("%q.WithAddr(Addr()) = %q, %v", s, v, err)
				}
				checkReparse(t, "WithAddr", v)
			}
			if v, err := u.WithoutAuthority(); err == nil {
				same("WithoutAuthority().WithAuthority(Authority())")(v.WithAuthority(u.Authority()))
			}
			if u.HasUserinfo() {
				same("WithUserinfo(Userinfo())")(u.WithUserinfo(u.Userinfo()))
				same("WithoutUserinfo().WithUserinfo(Userinfo())")(u.WithoutUserinfo().WithUserinfo(u.Userinfo()))
			}
			if u.HasPort() {
				same("WithPort(Port())")(u.WithPort(u.Port()))
				same("WithoutPort().WithPort(Port())")(u.WithoutPort().WithPort(u.Port()))
				if p, ok := u.PortNumber(); ok && strconv.Itoa(int(p)) == u.Port() {
					same("WithPortNumber(PortNumber())")(u.WithPortNumber(p))
				}
			}
		}
		same("WithPath(Path())")(u.WithPath(u.Path()))
		same("WithSegments(Segments()...)")(u.WithSegments(u.Segments()...))
		if u.HasQuery() {
			same("WithQuery(Query())")(u.WithQuery(u.Query()))
			same("WithoutQuery().WithQuery(Query())")(u.WithoutQuery().WithQuery(u.Query()))
			same("WithQueryParams(QueryParams())")(u.WithQueryParams(u.QueryParams(QueryForm)))
		}
		if u.HasFragment() {
			same("WithFragment(Fragment())")(u.WithFragment(u.Fragment()))
			same("WithoutFragment().WithFragment(Fragment())")(u.WithoutFragment().WithFragment(u.Fragment()))
		}
		same("Builder().Build()")(u.Builder().Build())

		// A Builder from nothing that sets what u has.
		b := new(Builder).SetPath(u.Path())
		if u.HasScheme() {
			b.SetScheme(u.Scheme())
		}
		if u.HasAuthority() {
			b.SetHost(u.Host())
			if u.HasUserinfo() {
				b.SetUserinfo(u.Userinfo())
			}
			if u.HasPort() {
				b.SetPort(u.Port())
			}
		}
		if u.HasQuery() {
			b.SetQuery(u.Query())
		}
		if u.HasFragment() {
			b.SetFragment(u.Fragment())
		}
		same("Builder with every component")(b.Build())

		// The decoded forms: setting what DecodedX returns gives a valid
		// reference whose DecodedX is the same (the raw text may differ,
		// as "%41" decodes to "A").
		for _, e := range []struct {
			name string
			v    URI
			get  func(URI) string
		}{
			{"WithDecodedPath", uriOrZero(u.WithDecodedPath(u.DecodedPath())), URI.DecodedPath},
			{"WithDecodedQuery", uriOrZero(u.WithDecodedQuery(u.DecodedQuery())), URI.DecodedQuery},
			{"WithDecodedFragment", uriOrZero(u.WithDecodedFragment(u.DecodedFragment())), URI.DecodedFragment},
		} {
			if e.v == (URI{}) {
				continue // a decoded "/" or ":" that the path cannot take back
			}
			checkReparse(t, e.name, e.v)
			if e.get(e.v) != e.get(u) {
				t.Fatalf("%q.%s: decoded %q, want %q", s, e.name, e.get(e.v), e.get(u))
			}
		}
		if u.HasAuthority() {
			v, err := u.WithDecodedHost(u.DecodedHost())
			if err != nil {
				t.Fatalf("%q.WithDecodedHost(DecodedHost()): %v", s, err)
			}
			checkReparse(t, "WithDecodedHost", v)
			if v.DecodedHost() != u.DecodedHost() {
				t.Fatalf("%q.WithDecodedHost(DecodedHost()) = %q", s, v)
			}
			v, err = u.WithDecodedSegments(u.DecodedSegments()...)
			if err != nil {
				t.Fatalf("%q.WithDecodedSegments(DecodedSegments()...): %v", s, err)
			}
			checkReparse(t, "WithDecodedSegments", v)
			if !slices.Equal(v.DecodedSegments(), u.DecodedSegments()) {
				t.Fatalf("%q.WithDecodedSegments(DecodedSegments()...) = %q", s, v)
			}
		}
	})
}

// FuzzBuilderAgrees: a Builder makes the same URI, offsets, kind and
// address included, as the single edits chained in the same order, for the
// setters whose text does not depend on the other components (a decoded
// path's first ":" does, by design: see Builder). ops picks the setters, and
// long repeats s so that results are written on every side of Build's
// stack buffer.
func FuzzBuilderAgrees(f *testing.F) {
	bases := []string{"", "http://u@example.com:8080/p/q?x=1#f", "rel/p?x", "s:a:b", "//h", "/abs", "http://[::1]/"}
	for i, s := range buildSeeds {
		f.Add(bases[i%len(bases)], s, uint32(i)*2654435761, uint8(i%3*50))
	}
	f.Fuzz(func(t *testing.T, base, s string, ops uint32, long uint8) {
		u, err := Parse(base)
		if err != nil {
			return
		}
		if len(s) > 1<<10 {
			return // long enough alone; repeats of it only slow the fuzzer down
		}
		if r := 1 + int(long)%64; len(s)*r <= 1<<10 {
			s = strings.Repeat(s, r)
		}
		type op struct {
			with func(URI) (URI, error)
			set  func(*Builder)
		}
		n := uint16(len(s))
		all := []op{
			{func(u URI) (URI, error) { return u.WithScheme(s) }, func(b *Builder) { b.SetScheme(s) }},
			{func(u URI) (URI, error) { return u.WithUserinfo(s) }, func(b *Builder) { b.SetUserinfo(s) }},
			{func(u URI) (URI, error) { return u.WithDecodedUserinfo(s) }, func(b *Builder) { b.SetDecodedUserinfo(s) }},
			{func(u URI) (URI, error) { return u.WithHost(s) }, func(b *Builder) { b.SetHost(s) }},
			{func(u URI) (URI, error) { return u.WithDecodedHost(s) }, func(b *Builder) { b.SetDecodedHost(s) }},
			{func(u URI) (URI, error) { return u.WithPort(s) }, func(b *Builder) { b.SetPort(s) }},
			{func(u URI) (URI, error) { return u.WithPortNumber(n) }, func(b *Builder) { b.SetPortNumber(n) }},
			{func(u URI) (URI, error) { return u.WithPath(s) }, func(b *Builder) { b.SetPath(s) }},
			{func(u URI) (URI, error) { return u.WithPath("/" + s) }, func(b *Builder) { b.SetPath("/" + s) }},
			{func(u URI) (URI, error) { return u.WithQuery(s) }, func(b *Builder) { b.SetQuery(s) }},
			{func(u URI) (URI, error) { return u.WithDecodedQuery(s) }, func(b *Builder) { b.SetDecodedQuery(s) }},
			{func(u URI) (URI, error) { return u.WithFragment(s) }, func(b *Builder) { b.SetFragment(s) }},
			{func(u URI) (URI, error) { return u.WithDecodedFragment(s) }, func(b *Builder) { b.SetDecodedFragment(s) }},
			{func(u URI) (URI, error) { return u.WithoutUserinfo(), nil }, func(b *Builder) { b.RemoveUserinfo() }},
			{func(u URI) (URI, error) { return u.WithoutPort(), nil }, func(b *Builder) { b.RemovePort() }},
			{func(u URI) (URI, error) { return u.WithoutQuery(), nil }, func(b *Builder) { b.RemoveQuery() }},
			{func(u URI) (URI, error) { return u.WithoutFragment(), nil }, func(b *Builder) { b.RemoveFragment() }},
			{func(u URI) (URI, error) { return u.WithDecodedSegments("", s, s) }, func(b *Builder) { b.SetDecodedSegments("", s, s) }},
			{func(u URI) (URI, error) { return u.AddDecodedSegment(s) }, nil},
		}
		want := u
		b := u.Builder()
		for i, o := range all {
			if ops&(1<<i) == 0 {
				continue
			}
			if o.set == nil { // an edit the Builder has no setter for: a new base
				if v, err := o.with(want); err == nil {
					want, b = v, v.Builder()
				}
				continue
			}
			v, err := o.with(want)
			if err != nil {
				continue // refused alone: not asked of the Builder either
			}
			want = v
			o.set(b)
		}
		got, err := b.Build()
		if err != nil || got != want {
			t.Fatalf("base %q, s %q, ops %#x: Build() = %#v, %v; the edits give %#v", base, s, ops, got, err, want)
		}
		checkLayout(t, got)
	})
}

// FuzzWithAgrees: every single edit of URI and the same request made of a
// Builder started from the same URI give the same value (text, offsets,
// kind) and the same error (its text, offset and cause), for every
// component and any text v: the two share one engine.
func FuzzWithAgrees(f *testing.F) {
	bases := []string{"", "http://u@example.com:8080/p/q?x=1#f", "rel/p?x", "s:a:b", "//h", "/abs", "http://[::1]/", "a:", "?q#f"}
	for i, s := range buildSeeds {
		f.Add(bases[i%len(bases)], s, uint8(i))
	}
	f.Fuzz(func(t *testing.T, base, v string, which uint8) {
		u, err := Parse(base)
		if err != nil {
			return
		}
		n := uint16(len(v) * 131)
		a, _ := netip.ParseAddr(v)
		q, _ := ParseQuery(QueryForm, v)
		ops := []struct {
			name string
			with func() (URI, error)
			set  func(*Builder) *Builder
		}{
			{"Scheme", func() (URI, error) { return u.WithScheme(v) }, func(b *Builder) *Builder { return b.SetScheme(v) }},
			{"-Scheme", u.WithoutScheme, (*Builder).RemoveScheme},
			{"Authority", func() (URI, error) { return u.WithAuthority(v) }, func(b *Builder) *Builder { return b.SetAuthority(v) }},
			{"-Authority", u.WithoutAuthority, (*Builder).RemoveAuthority},
			{"Userinfo", func() (URI, error) { return u.WithUserinfo(v) }, func(b *Builder) *Builder { return b.SetUserinfo(v) }},
			{"DecodedUserinfo", func() (URI, error) { return u.WithDecodedUserinfo(v) }, func(b *Builder) *Builder { return b.SetDecodedUserinfo(v) }},
			{"-Userinfo", func() (URI, error) { return u.WithoutUserinfo(), nil }, (*Builder).RemoveUserinfo},
			{"Host", func() (URI, error) { return u.WithHost(v) }, func(b *Builder) *Builder { return b.SetHost(v) }},
			{"DecodedHost", func() (URI, error) { return u.WithDecodedHost(v) }, func(b *Builder) *Builder { return b.SetDecodedHost(v) }},
			{"Addr", func() (URI, error) { return u.WithAddr(a) }, func(b *Builder) *Builder { return b.SetAddr(a) }},
			{"Port", func() (URI, error) { return u.WithPort(v) }, func(b *Builder) *Builder { return b.SetPort(v) }},
			{"PortNumber", func() (URI, error) { return u.WithPortNumber(n) }, func(b *Builder) *Builder { return b.SetPortNumber(n) }},
			{"-Port", func() (URI, error) { return u.WithoutPort(), nil }, (*Builder).RemovePort},
			{"Path", func() (URI, error) { return u.WithPath(v) }, func(b *Builder) *Builder { return b.SetPath(v) }},
			{"DecodedPath", func() (URI, error) { return u.WithDecodedPath(v) }, func(b *Builder) *Builder { return b.SetDecodedPath(v) }},
			{"Segments", func() (URI, error) { return u.WithSegments(v, v) }, func(b *Builder) *Builder { return b.SetSegments(v, v) }},
			{"DecodedSegments", func() (URI, error) { return u.WithDecodedSegments(v, "", v) }, func(b *Builder) *Builder { return b.SetDecodedSegments(v, "", v) }},
			{"Query", func() (URI, error) { return u.WithQuery(v) }, func(b *Builder) *Builder { return b.SetQuery(v) }},
			{"DecodedQuery", func() (URI, error) { return u.WithDecodedQuery(v) }, func(b *Builder) *Builder { return b.SetDecodedQuery(v) }},
			{"QueryParams", func() (URI, error) { return u.WithQueryParams(q) }, func(b *Builder) *Builder { return b.SetQueryParams(q) }},
			{"-Query", func() (URI, error) { return u.WithoutQuery(), nil }, (*Builder).RemoveQuery},
			{"Fragment", func() (URI, error) { return u.WithFragment(v) }, func(b *Builder) *Builder { return b.SetFragment(v) }},
			{"DecodedFragment", func() (URI, error) { return u.WithDecodedFragment(v) }, func(b *Builder) *Builder { return b.SetDecodedFragment(v) }},
			{"-Fragment", func() (URI, error) { return u.WithoutFragment(), nil }, (*Builder).RemoveFragment},
			// The component-keyed edits against the named setters.
			{"(ComponentHost)", func() (URI, error) { return u.With(ComponentHost, v) }, func(b *Builder) *Builder { return b.SetHost(v) }},
			{"Decoded(ComponentPath)", func() (URI, error) { return u.WithDecoded(ComponentPath, v) }, func(b *Builder) *Builder { return b.SetDecodedPath(v) }},
			{"out(ComponentHost)", func() (URI, error) { return u.Without(ComponentHost) }, (*Builder).RemoveAuthority},
			{"Decoded(ComponentUserinfo)", func() (URI, error) { return u.WithDecoded(ComponentUserinfo, v) }, func(b *Builder) *Builder { return b.SetDecoded(ComponentUserinfo, v) }},
		}
		for i, op := range ops {
			if which != 0 && int(which)%len(ops) != i {
				continue
			}
			want, werr := op.with()
			got, gerr := op.set(u.Builder()).Build()
			if got != want || fmt.Sprint(gerr) != fmt.Sprint(werr) || !sameError(gerr, werr) {
				t.Fatalf("%q: With%s(%q) = %#v, %v; the Builder gives %#v, %v", base, op.name, v, want, werr, got, gerr)
			}
			if werr == nil {
				checkLayout(t, want)
			}
		}
	})
}

// sameError reports whether a and b are both nil or both *Error with the
// same input, offset, component and cause.
func sameError(a, b error) bool {
	var ea, eb *Error
	if errors.As(a, &ea) != errors.As(b, &eb) {
		return false
	}
	if ea == nil {
		return (a == nil) == (b == nil)
	}
	return ea.Input == eb.Input && ea.Offset == eb.Offset && ea.Component == eb.Component && ea.Err == eb.Err
}
