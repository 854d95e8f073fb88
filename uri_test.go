package uri

import (
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
)

// The interfaces URI documents.
var (
	_ encoding.TextMarshaler   = URI{}
	_ encoding.TextAppender    = URI{}
	_ encoding.TextUnmarshaler = (*URI)(nil)
	_ fmt.Stringer             = URI{}
	_ fmt.GoStringer           = URI{}
)

// TestZeroURI: the zero URI is the empty relative reference (section 4.4).
func TestZeroURI(t *testing.T) {
	var z URI
	checkWant(t, "", z, want{})
	if u := mustParse(t, ""); u != z {
		t.Errorf("Parse(\"\") = %#v, want the zero URI", u)
	}
	if z.GoString() != `uri.MustParse("")` {
		t.Errorf("GoString() = %s", z.GoString())
	}
}

// TestSegments: the path split at every "/", as Segments documents.
func TestSegments(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"s:", nil},
		{"s://h", nil},
		{"s://h?q", nil},
		{"/", []string{"", ""}},
		{"s://h/", []string{"", ""}},
		{"/a/b", []string{"", "a", "b"}},
		{"a/", []string{"a", ""}},
		{"a", []string{"a"}},
		{"a//b", []string{"a", "", "b"}},
		{"s://h//", []string{"", "", ""}},
		{"s:a/b/c/", []string{"a", "b", "c", ""}},
		{"/%2F/x", []string{"", "%2F", "x"}}, // an encoded "/" does not split
		{"s:/a?b/c#d/e", []string{"", "a"}},
	} {
		u := mustParse(t, tt.in)
		got := u.Segments()
		if !slices.Equal(got, tt.want) || (got == nil) != (tt.want == nil) {
			t.Errorf("%q: Segments() = %q, want %q", tt.in, got, tt.want)
		}
		wantAbs := len(tt.want) > 0 && tt.want[0] == ""
		if u.IsAbsolutePath() != wantAbs {
			t.Errorf("%q: IsAbsolutePath() = %v", tt.in, u.IsAbsolutePath())
		}
	}
}

// TestAbsentEmpty: absent and empty components are told apart (section 5.3).
func TestAbsentEmpty(t *testing.T) {
	for _, tt := range []struct {
		in                                    string
		auth, userinfo, port, query, fragment bool
	}{
		{"s:", false, false, false, false, false},
		{"s://", true, false, false, false, false},
		{"s://@", true, true, false, false, false},
		{"s://:", true, false, true, false, false},
		{"s://@:", true, true, true, false, false},
		{"s:?", false, false, false, true, false},
		{"s:#", false, false, false, false, true},
		{"s://@:/?#", true, true, true, true, true},
		{"", false, false, false, false, false},
		{"?#", false, false, false, true, true},
	} {
		u := mustParse(t, tt.in)
		got := [5]bool{u.HasAuthority(), u.HasUserinfo(), u.HasPort(), u.HasQuery(), u.HasFragment()}
		if got != [5]bool{tt.auth, tt.userinfo, tt.port, tt.query, tt.fragment} {
			t.Errorf("%q: Has{Authority,Userinfo,Port,Query,Fragment} = %v", tt.in, got)
		}
		// Whatever is present here is empty (the authority holds only delimiters).
		if u.Userinfo()+u.Host()+u.Port()+u.Query()+u.Fragment() != "" {
			t.Errorf("%q: a component is not empty", tt.in)
		}
	}
}

// TestText: MarshalText, AppendText and UnmarshalText round trips, and
// encoding/json through them.
func TestText(t *testing.T) {
	const in = "foo://example.com:8042/over/there?name=ferret#nose"
	u := MustParse(in)
	b, err := u.MarshalText()
	if err != nil || string(b) != in {
		t.Errorf("MarshalText() = %q, %v", b, err)
	}
	b, err = u.AppendText([]byte("x="))
	if err != nil || string(b) != "x="+in {
		t.Errorf("AppendText() = %q, %v", b, err)
	}
	var v URI
	if err := v.UnmarshalText([]byte(in)); err != nil || v != u {
		t.Errorf("UnmarshalText(%q) = %#v, %v", in, v, err)
	}
	// On error the value is left as it was.
	err = v.UnmarshalText([]byte("http://a b"))
	var e *Error
	if !errors.As(err, &e) || e.Offset != 8 || v != u {
		t.Errorf("UnmarshalText(bad): %v, value now %#v", err, v)
	}

	type doc struct {
		Base URI   `json:"base"`
		Refs []URI `json:"refs"`
	}
	d := doc{Base: MustParse("http://a/b/c/d;p?q"), Refs: []URI{MustParse("../g"), MustParse("#s"), {}}}
	j, err := json.Marshal(d)
	if err != nil || string(j) != `{"base":"http://a/b/c/d;p?q","refs":["../g","#s",""]}` {
		t.Fatalf("json.Marshal = %s, %v", j, err)
	}
	var d2 doc
	if err := json.Unmarshal(j, &d2); err != nil || d2.Base != d.Base || !slices.Equal(d2.Refs, d.Refs) {
		t.Errorf("json round trip: %#v, %v", d2, err)
	}
	err = json.Unmarshal([]byte(`{"base":"http://[::1"}`), &d2)
	if !errors.Is(err, ErrUnterminatedIPLiteral) {
		t.Errorf("json.Unmarshal(bad) = %v, want ErrUnterminatedIPLiteral", err)
	}
}

// TestGoString: %#v prints a Go expression that rebuilds the value.
func TestGoString(t *testing.T) {
	for in, want := range map[string]string{
		"s://h/p": `uri.MustParse("s://h/p")`,
		"":        `uri.MustParse("")`,
		"s:#%22":  `uri.MustParse("s:#%22")`,
	} {
		if got := fmt.Sprintf("%#v", MustParse(in)); got != want {
			t.Errorf("%%#v of %q = %s, want %s", in, got, want)
		}
	}
}

// TestComparable: values parsed from the same text are ==, and usable as
// map keys; different texts differ even when equivalent (no normalization).
func TestComparable(t *testing.T) {
	a, b := MustParse("http://a/b"), MustParse("http://a/"+"b")
	if a != b {
		t.Error("same text, different values")
	}
	if MustParse("http://a/b") == MustParse("HTTP://a/b") {
		t.Error("different text, equal values")
	}
	m := map[URI]int{a: 1}
	if m[b] != 1 {
		t.Error("map lookup by an equal value fails")
	}
}

// TestParts: the internal parts layout of uri.go, and building a URI from
// known-valid pieces without parsing.
func TestParts(t *testing.T) {
	u := MustParse("http://user@[::1]:80/p/q?x#f")
	p := u.parts()
	wantParts := parts{scheme: "http:", userinfo: "user@", host: "[::1]", port: ":80", path: "/p/q", query: "?x",
		fragment: "#f", auth: true, kind: HostIPv6}
	if p != wantParts {
		t.Errorf("parts() = %+v, want %+v", p, wantParts)
	}
	if got := p.build(); got != u {
		t.Errorf("build() = %#v, want %#v", got, u)
	}
	// Dropping the authority drops the host kind with it.
	p.auth, p.userinfo, p.host, p.port = false, "", "", ""
	v := p.build()
	checkWant(t, "http:/p/q?x#f", v, want{scheme: def("http"), path: "/p/q", segments: []string{"", "p", "q"},
		query: def("x"), fragment: def("f")})
	if v != MustParse("http:/p/q?x#f") {
		t.Errorf("build() without authority = %#v", v)
	}
	// An empty host with "//" written.
	p = parts{scheme: "file:", path: "/x", auth: true, kind: HostRegName}
	if got := p.build(); got != MustParse("file:///x") {
		t.Errorf("build() = %#v, want file:///x", got)
	}
	// Relative, query only.
	p = parts{query: "?"}
	if got := p.build(); got != MustParse("?") {
		t.Errorf("build() = %#v, want ?", got)
	}
}

// TestConcurrentUse reads one value from many goroutines; with -race this
// checks that accessors do not write.
func TestConcurrentUse(t *testing.T) {
	u := MustParse("foo://u@example.com:8042/over/there?name=ferret#nose")
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 100 {
				if u.Host() != "example.com" || len(u.Segments()) != 3 || u.String() == "" {
					t.Error("inconsistent read")
					return
				}
				_, _ = u.PortNumber()
				_, _ = u.MarshalText()
			}
		}()
	}
	wg.Wait()
}

// parts holds a reference's components as text, each with its delimiter, in
// the layout of URI's offsets: "http:", "user@", "[::1]", ":80", "/p", "?q",
// "#f". An absent component is "". auth tells whether "//" is written, which
// an empty host alone cannot tell ("file:///x"). The tests use it to check
// that a value recomposes from its components and that the writer lays
// out any combination of them.
type parts struct {
	scheme, userinfo, host, port, path, query, fragment string
	auth                                                bool
	kind                                                HostKind
}

// parts returns u's components.
func (u URI) parts() parts {
	p := parts{
		scheme:   u.s[:u.schemeEnd],
		path:     u.s[u.pathStart:u.queryStart],
		query:    u.s[u.queryStart:u.fragStart],
		fragment: u.s[u.fragStart:],
		kind:     u.kind,
	}
	if u.HasAuthority() {
		p.auth = true
		p.userinfo = u.s[u.schemeEnd+2 : u.hostStart]
		p.host = u.s[u.hostStart:u.hostEnd]
		p.port = u.s[u.hostEnd:u.pathStart]
	}
	return p
}

// join recomposes the text (RFC 3986, section 5.3) with one allocation.
func (p *parts) join() string {
	slashes := ""
	if p.auth {
		slashes = "//"
	}
	return p.scheme + slashes + p.userinfo + p.host + p.port + p.path + p.query + p.fragment
}

// uri returns the URI whose text is s, which must be p joined.
func (p *parts) uri(s string) (u URI) {
	var w writer
	w.put(p.scheme)
	w.endScheme()
	if p.auth {
		w.slashes()
		w.put(p.userinfo)
		w.endUserinfo()
		w.put(p.host)
		w.endHost(p.kind)
		w.put(p.port)
		w.endAuthority()
	}
	w.put(p.path)
	w.endPath()
	w.put(p.query)
	w.endQuery()
	w.put(p.fragment)
	if string(w.t) != s {
		panic("parts.uri: the text is not the parts joined")
	}
	w.t = []byte(s)
	w.done(&u)
	u.s = s
	return u
}

// build joins p into a new URI.
func (p *parts) build() URI { return p.uri(p.join()) }
