package uri

import (
	"errors"
	"math/rand/v2"
	"net/netip"
	"slices"
	"strings"
	"testing"
)

// opt is an optional component as RFC 3986, section 5.3 sees it: defined
// (its delimiter is present, the value possibly empty) or undefined.
type opt struct {
	v  string
	ok bool
}

// def is a defined component with value v; the zero opt is undefined.
func def(v string) opt { return opt{v, true} }

// want is what a valid input must give, written by hand from the RFC.
type want struct {
	scheme    opt
	authority opt
	userinfo  opt
	host      string
	kind      HostKind
	addr      netip.Addr
	port      opt
	portNum   uint16 // with portOK, the expected PortNumber result
	portOK    bool
	path      string
	segments  []string
	query     opt
	fragment  opt
}

// checkWant compares every accessor of u, parsed from in, with w.
func checkWant(t *testing.T, in string, u URI, w want) {
	t.Helper()
	eq := func(name string, got, want any) {
		t.Helper()
		if got != want {
			t.Errorf("%q: %s() = %#v, want %#v", in, name, got, want)
		}
	}
	eq("String", u.String(), in)
	eq("IsRelative", u.IsRelative(), !w.scheme.ok)
	eq("Scheme", u.Scheme(), w.scheme.v)
	eq("HasAuthority", u.HasAuthority(), w.authority.ok)
	eq("Authority", u.Authority(), w.authority.v)
	eq("HasUserinfo", u.HasUserinfo(), w.userinfo.ok)
	eq("Userinfo", u.Userinfo(), w.userinfo.v)
	eq("Host", hostInside(u), w.host)
	eq("HostKind", u.HostKind(), w.kind)
	eq("Addr", u.Addr(), w.addr)
	eq("HasPort", u.HasPort(), w.port.ok)
	eq("Port", u.Port(), w.port.v)
	n, ok := u.PortNumber()
	eq("PortNumber", [2]any{n, ok}, [2]any{w.portNum, w.portOK})
	eq("Path", u.Path(), w.path)
	eq("IsAbsolutePath", u.IsAbsolutePath(), strings.HasPrefix(w.path, "/"))
	if got := u.Segments(); !slices.Equal(got, w.segments) || (got == nil) != (len(w.segments) == 0) {
		t.Errorf("%q: Segments() = %q, want %q", in, got, w.segments)
	}
	eq("HasQuery", u.HasQuery(), w.query.ok)
	eq("Query", u.Query(), w.query.v)
	eq("HasFragment", u.HasFragment(), w.fragment.ok)
	eq("Fragment", u.Fragment(), w.fragment.v)
}

// mustParse parses in with Parse and fails the test on error.
func mustParse(t *testing.T, in string) URI {
	t.Helper()
	u, err := Parse(in)
	if err != nil {
		t.Fatalf("Parse(%q): unexpected error %v", in, err)
	}
	return u
}

// v4 and v6 spell addresses byte by byte, so that expectations do not come
// from any address parser.
func v4(a, b, c, d byte) netip.Addr { return netip.AddrFrom4([4]byte{a, b, c, d}) }

func v6(g ...uint16) netip.Addr {
	if len(g) != 8 {
		panic("v6 needs 8 groups")
	}
	var a [16]byte
	for i, x := range g {
		a[2*i], a[2*i+1] = byte(x>>8), byte(x)
	}
	return netip.AddrFrom16(a)
}

// TestRFCExamples: the example URIs of RFC 3986, section 1.1.2 and section 3,
// verbatim, with their components as the RFC's grammar assigns them.
func TestRFCExamples(t *testing.T) {
	tests := []struct {
		in string
		w  want
	}{
		{"ftp://ftp.is.co.za/rfc/rfc1808.txt", want{
			scheme: def("ftp"), authority: def("ftp.is.co.za"), host: "ftp.is.co.za", kind: HostRegName,
			path: "/rfc/rfc1808.txt", segments: []string{"", "rfc", "rfc1808.txt"}}},
		{"http://www.ietf.org/rfc/rfc2396.txt", want{
			scheme: def("http"), authority: def("www.ietf.org"), host: "www.ietf.org", kind: HostRegName,
			path: "/rfc/rfc2396.txt", segments: []string{"", "rfc", "rfc2396.txt"}}},
		{"ldap://[2001:db8::7]/c=GB?objectClass?one", want{
			scheme: def("ldap"), authority: def("[2001:db8::7]"), host: "2001:db8::7", kind: HostIPv6,
			addr: v6(0x2001, 0xdb8, 0, 0, 0, 0, 0, 7),
			path: "/c=GB", segments: []string{"", "c=GB"}, query: def("objectClass?one")}},
		{"mailto:John.Doe@example.com", want{
			scheme: def("mailto"), path: "John.Doe@example.com", segments: []string{"John.Doe@example.com"}}},
		{"news:comp.infosystems.www.servers.unix", want{
			scheme: def("news"), path: "comp.infosystems.www.servers.unix",
			segments: []string{"comp.infosystems.www.servers.unix"}}},
		{"tel:+1-816-555-1212", want{
			scheme: def("tel"), path: "+1-816-555-1212", segments: []string{"+1-816-555-1212"}}},
		{"telnet://192.0.2.16:80/", want{
			scheme: def("telnet"), authority: def("192.0.2.16:80"), host: "192.0.2.16", kind: HostIPv4,
			addr: v4(192, 0, 2, 16), port: def("80"), portNum: 80, portOK: true,
			path: "/", segments: []string{"", ""}}},
		{"urn:oasis:names:specification:docbook:dtd:xml:4.1.2", want{
			scheme: def("urn"), path: "oasis:names:specification:docbook:dtd:xml:4.1.2",
			segments: []string{"oasis:names:specification:docbook:dtd:xml:4.1.2"}}},
		// Section 3.
		{"foo://example.com:8042/over/there?name=ferret#nose", want{
			scheme: def("foo"), authority: def("example.com:8042"), host: "example.com", kind: HostRegName,
			port: def("8042"), portNum: 8042, portOK: true,
			path: "/over/there", segments: []string{"", "over", "there"},
			query: def("name=ferret"), fragment: def("nose")}},
		{"urn:example:animal:ferret:nose", want{
			scheme: def("urn"), path: "example:animal:ferret:nose", segments: []string{"example:animal:ferret:nose"}}},
		// Appendix B's example.
		{"http://www.ics.uci.edu/pub/ietf/uri/#Related", want{
			scheme: def("http"), authority: def("www.ics.uci.edu"), host: "www.ics.uci.edu", kind: HostRegName,
			path: "/pub/ietf/uri/", segments: []string{"", "pub", "ietf", "uri", ""}, fragment: def("Related")}},
	}
	for _, tt := range tests {
		for _, p := range []struct {
			name  string
			parse func(string) (URI, error)
		}{{"Parse", Parse}, {"ParseURI", ParseURI}} {
			u, err := p.parse(tt.in)
			if err != nil {
				t.Errorf("%s(%q): %v", p.name, tt.in, err)
				continue
			}
			checkWant(t, tt.in, u, tt.w)
		}
		// Only the one with a fragment is not an absolute-URI.
		_, err := ParseAbsolute(tt.in)
		if tt.w.fragment.ok != (err != nil) {
			t.Errorf("ParseAbsolute(%q): err = %v", tt.in, err)
		}
		if _, err := ParseRelative(tt.in); !errors.Is(err, ErrUnexpectedScheme) {
			t.Errorf("ParseRelative(%q): err = %v, want ErrUnexpectedScheme", tt.in, err)
		}
	}
}

// TestReferenceExamples: the base URI and every reference of RFC 3986,
// section 5.4 parse as URI-references, with their components.
func TestReferenceExamples(t *testing.T) {
	p := func(path string, segs ...string) want { return want{path: path, segments: segs} }
	tests := []struct {
		in string
		w  want
	}{
		{"http://a/b/c/d;p?q", want{scheme: def("http"), authority: def("a"), host: "a", kind: HostRegName,
			path: "/b/c/d;p", segments: []string{"", "b", "c", "d;p"}, query: def("q")}},
		// 5.4.1
		{"g:h", want{scheme: def("g"), path: "h", segments: []string{"h"}}},
		{"g", p("g", "g")},
		{"./g", p("./g", ".", "g")},
		{"g/", p("g/", "g", "")},
		{"/g", p("/g", "", "g")},
		{"//g", want{authority: def("g"), host: "g", kind: HostRegName}},
		{"?y", want{query: def("y")}},
		{"g?y", want{path: "g", segments: []string{"g"}, query: def("y")}},
		{"#s", want{fragment: def("s")}},
		{"g#s", want{path: "g", segments: []string{"g"}, fragment: def("s")}},
		{"g?y#s", want{path: "g", segments: []string{"g"}, query: def("y"), fragment: def("s")}},
		{";x", p(";x", ";x")},
		{"g;x", p("g;x", "g;x")},
		{"g;x?y#s", want{path: "g;x", segments: []string{"g;x"}, query: def("y"), fragment: def("s")}},
		{"", want{}},
		{".", p(".", ".")},
		{"./", p("./", ".", "")},
		{"..", p("..", "..")},
		{"../", p("../", "..", "")},
		{"../g", p("../g", "..", "g")},
		{"../..", p("../..", "..", "..")},
		{"../../", p("../../", "..", "..", "")},
		{"../../g", p("../../g", "..", "..", "g")},
		// 5.4.2
		{"../../../g", p("../../../g", "..", "..", "..", "g")},
		{"../../../../g", p("../../../../g", "..", "..", "..", "..", "g")},
		{"/./g", p("/./g", "", ".", "g")},
		{"/../g", p("/../g", "", "..", "g")},
		{"g.", p("g.", "g.")},
		{".g", p(".g", ".g")},
		{"g..", p("g..", "g..")},
		{"..g", p("..g", "..g")},
		{"./../g", p("./../g", ".", "..", "g")},
		{"./g/.", p("./g/.", ".", "g", ".")},
		{"g/./h", p("g/./h", "g", ".", "h")},
		{"g/../h", p("g/../h", "g", "..", "h")},
		{"g;x=1/./y", p("g;x=1/./y", "g;x=1", ".", "y")},
		{"g;x=1/../y", p("g;x=1/../y", "g;x=1", "..", "y")},
		{"g?y/./x", want{path: "g", segments: []string{"g"}, query: def("y/./x")}},
		{"g?y/../x", want{path: "g", segments: []string{"g"}, query: def("y/../x")}},
		{"g#s/./x", want{path: "g", segments: []string{"g"}, fragment: def("s/./x")}},
		{"g#s/../x", want{path: "g", segments: []string{"g"}, fragment: def("s/../x")}},
		{"http:g", want{scheme: def("http"), path: "g", segments: []string{"g"}}},
	}
	for _, tt := range tests {
		checkWant(t, tt.in, mustParse(t, tt.in), tt.w)
		_, errRel := ParseRelative(tt.in)
		if tt.w.scheme.ok != (errRel != nil) {
			t.Errorf("ParseRelative(%q): err = %v", tt.in, errRel)
		}
	}
}

// TestScheme: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), section 3.1.
func TestScheme(t *testing.T) {
	valid := []struct{ in, scheme string }{
		{"a:", "a"},
		{"A:", "A"}, // case is kept as written
		{"z:x", "z"},
		{"a1:x", "a1"},
		{"a+b-c.d:x", "a+b-c.d"},
		{"HTTP://h", "HTTP"},
		{"a.:x", "a."},
		{"a+:x", "a+"},
		{"a-:x", "a-"},
		{"x0+-.:x", "x0+-."},
		{"a::", "a"},    // the path is ":"
		{"a:b:c", "a"},  // the first ":" ends the scheme
		{"ab:/:", "ab"}, // path-absolute holding ":"
		{"svn+ssh://h/", "svn+ssh"},
	}
	for _, tt := range valid {
		u, err := ParseURI(tt.in)
		if err != nil {
			t.Errorf("ParseURI(%q): %v", tt.in, err)
			continue
		}
		if u.Scheme() != tt.scheme || u.IsRelative() {
			t.Errorf("ParseURI(%q).Scheme() = %q, want %q", tt.in, u.Scheme(), tt.scheme)
		}
	}
	// Invalid: the first byte must be a letter, and a ":" with nothing before
	// it is an empty scheme. The offset is the first byte a scheme cannot hold.
	invalid := []struct {
		in   string
		off  int
		errs []error
	}{
		{"1a:b", 0, []error{ErrInvalidCharacter, ErrInvalidScheme}},
		{"1:b", 0, []error{ErrInvalidCharacter, ErrInvalidScheme}},
		{"+a:b", 0, []error{ErrInvalidCharacter, ErrInvalidScheme}},
		{"-a:b", 0, []error{ErrInvalidCharacter, ErrInvalidScheme}},
		{".a:b", 0, []error{ErrInvalidCharacter, ErrInvalidScheme}},
		{":", 0, []error{ErrEmptyScheme, ErrInvalidScheme}},
		{":a", 0, []error{ErrEmptyScheme, ErrInvalidScheme}},
		{"://h", 0, []error{ErrEmptyScheme, ErrInvalidScheme}},
		{"a_b:c", 1, []error{ErrInvalidCharacter, ErrInvalidScheme}},
		{"a~b:c", 1, []error{ErrInvalidCharacter, ErrInvalidScheme}},
		{"ab!:c", 2, []error{ErrInvalidCharacter, ErrInvalidScheme}},
		{"a@b:c", 1, []error{ErrInvalidCharacter, ErrInvalidScheme}},
		{"a%41:b", 1, []error{ErrInvalidCharacter, ErrInvalidScheme}},
		{"%41:b", 0, []error{ErrInvalidCharacter, ErrInvalidScheme}},
		{"_:b", 0, []error{ErrInvalidCharacter, ErrInvalidScheme}},
	}
	for _, tt := range invalid {
		_, err := Parse(tt.in)
		checkErr(t, tt.in, err, tt.off, ComponentScheme, tt.errs...)
	}
}

// TestWebPrefix: the parser reads "http://" and "https://" as one word and
// a reg-name that is the whole authority without the general authority
// path; around those shortcuts every input must still parse as the Appendix
// A grammar says (checkAgainstGrammar: validity, components, host kind).
// Each base is also tried with each of its first ten bytes replaced by each
// of a set of bytes that end, continue or break a scheme or a host.
func TestWebPrefix(t *testing.T) {
	t.Parallel()
	bases := []string{
		"http://a/b", "https://a/b", "http://example.com", "https://example.com/",
		"https://a:443/b", "http://u@h/", "https://u:p@h:1/p?q#f", "http://[::1]/",
		"https://[v1.x]/", "https://1.2.3.4/", "http://1.2.3.4", "https://1.2.3.4.5/",
		"https://1.2.3/", "https://09.1.1.1/", "http://", "https://", "http:///p",
		"https:///", "http:/p", "https:p", "HTTPS://a/", "Http://a/", "httpsx://a/",
		"http:x//a", "https://a%41b/", "https://a%4/", "https://a b/", "https://a?q",
		"https://a#f", "https://a[/", "https://[::1/", "https://@/", "https://ä/",
	}
	subs := []byte(":/sSx0?#@%[]. \x80")
	check := func(s string) {
		checkAgainstGrammar(t, s)
		// The same text, at every length, so that the word read meets
		// texts of fewer than eight bytes.
		for n := range len(s) {
			checkAgainstGrammar(t, s[:n])
		}
	}
	for _, b := range bases {
		check(b)
		for i := range min(10, len(b)) {
			for _, c := range subs {
				check(b[:i] + string(c) + b[i+1:])
			}
		}
	}
}

// checkErr checks that err is an *Error at off in comp that matches every
// one of errs, and that it matches none of the sentinels not listed.
func checkErr(t *testing.T, in string, err error, off int, comp Component, errs ...error) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) {
		t.Errorf("%q: error = %v, want an *Error", in, err)
		return
	}
	if e.Offset != off || e.Component != comp || e.Input != in {
		t.Errorf("%q: error %q at offset %d in %v (input %q), want offset %d in %v",
			in, e.Error(), e.Offset, e.Component, e.Input, off, comp)
	}
	for _, s := range allSentinels {
		if listed := slices.Contains(errs, s); errors.Is(err, s) != listed {
			t.Errorf("%q: errors.Is(%q, %q) = %v", in, e.Error(), s, !listed)
		}
	}
}

// TestPaths: the five path rules of section 3.3 and where each applies.
func TestPaths(t *testing.T) {
	tests := []struct {
		in   string
		w    want
		rule string // the rule the path matches, for the message
	}{
		// path-abempty = *( "/" segment ), after an authority.
		{"s://h", want{scheme: def("s"), authority: def("h"), host: "h", kind: HostRegName}, "path-abempty"},
		{"s://h/", want{scheme: def("s"), authority: def("h"), host: "h", kind: HostRegName,
			path: "/", segments: []string{"", ""}}, "path-abempty"},
		{"s://h//", want{scheme: def("s"), authority: def("h"), host: "h", kind: HostRegName,
			path: "//", segments: []string{"", "", ""}}, "path-abempty"},
		{"s://h//a//b/", want{scheme: def("s"), authority: def("h"), host: "h", kind: HostRegName,
			path: "//a//b/", segments: []string{"", "", "a", "", "b", ""}}, "path-abempty"},
		{"s://h/a:b@c", want{scheme: def("s"), authority: def("h"), host: "h", kind: HostRegName,
			path: "/a:b@c", segments: []string{"", "a:b@c"}}, "path-abempty"},
		{"//h/:", want{authority: def("h"), host: "h", kind: HostRegName,
			path: "/:", segments: []string{"", ":"}}, "path-abempty"},
		// path-absolute = "/" [ segment-nz *( "/" segment ) ]
		{"s:/", want{scheme: def("s"), path: "/", segments: []string{"", ""}}, "path-absolute"},
		{"s:/a", want{scheme: def("s"), path: "/a", segments: []string{"", "a"}}, "path-absolute"},
		{"s:/a//b", want{scheme: def("s"), path: "/a//b", segments: []string{"", "a", "", "b"}}, "path-absolute"},
		{"s:/:@", want{scheme: def("s"), path: "/:@", segments: []string{"", ":@"}}, "path-absolute"},
		{"/", want{path: "/", segments: []string{"", ""}}, "path-absolute"},
		{"/a:b", want{path: "/a:b", segments: []string{"", "a:b"}}, "path-absolute"},
		{"/a/", want{path: "/a/", segments: []string{"", "a", ""}}, "path-absolute"},
		// path-noscheme = segment-nz-nc *( "/" segment ), in relative-ref.
		{"a", want{path: "a", segments: []string{"a"}}, "path-noscheme"},
		{"a@b", want{path: "a@b", segments: []string{"a@b"}}, "path-noscheme"},
		{"a/b:c", want{path: "a/b:c", segments: []string{"a", "b:c"}}, "path-noscheme"},
		{"a//", want{path: "a//", segments: []string{"a", "", ""}}, "path-noscheme"},
		{"./a:b", want{path: "./a:b", segments: []string{".", "a:b"}}, "path-noscheme"},
		{"%3A", want{path: "%3A", segments: []string{"%3A"}}, "path-noscheme"},
		{"1a", want{path: "1a", segments: []string{"1a"}}, "path-noscheme"},
		{"!$&'()*+,;=-._~@", want{path: "!$&'()*+,;=-._~@", segments: []string{"!$&'()*+,;=-._~@"}}, "path-noscheme"},
		// path-rootless = segment-nz *( "/" segment ), after a scheme.
		{"s:a", want{scheme: def("s"), path: "a", segments: []string{"a"}}, "path-rootless"},
		{"s::", want{scheme: def("s"), path: ":", segments: []string{":"}}, "path-rootless"},
		{"s:a:b/c:d", want{scheme: def("s"), path: "a:b/c:d", segments: []string{"a:b", "c:d"}}, "path-rootless"},
		{"s:@/", want{scheme: def("s"), path: "@/", segments: []string{"@", ""}}, "path-rootless"},
		// path-empty = 0<pchar>
		{"s:", want{scheme: def("s")}, "path-empty"},
		{"s:?q", want{scheme: def("s"), query: def("q")}, "path-empty"},
		{"s:#f", want{scheme: def("s"), fragment: def("f")}, "path-empty"},
		{"", want{}, "path-empty"},
		{"?", want{query: def("")}, "path-empty"},
		{"#", want{fragment: def("")}, "path-empty"},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			checkWant(t, tt.in, mustParse(t, tt.in), tt.w)
		})
	}

	// A path cannot begin with "//" without an authority: "//" always
	// starts one, so "s:////" has an empty authority and the path "//".
	u := mustParse(t, "s:////")
	checkWant(t, "s:////", u, want{scheme: def("s"), authority: def(""), kind: HostRegName,
		path: "//", segments: []string{"", "", ""}})

	// path-noscheme: a ":" in the first segment of a relative reference.
	for _, tt := range []struct {
		in  string
		off int
	}{
		{"a_b:c/d", 1}, {"~:", 0}, {"a@:", 1}, {"a!b:", 1},
	} {
		_, err := Parse(tt.in)
		checkErr(t, tt.in, err, tt.off, ComponentScheme, ErrInvalidCharacter, ErrInvalidScheme)
	}
	// Bytes no path may hold.
	for _, tt := range []struct {
		in  string
		off int
		err error
	}{
		{"s://h/a b", 7, ErrInvalidCharacter},
		{"s:/[", 3, ErrInvalidCharacter},
		{"s:a]", 3, ErrInvalidCharacter},
		{"/%", 1, ErrInvalidPercentEncoding},
		{"/%g0", 1, ErrInvalidPercentEncoding},
		{"a b", 1, ErrInvalidCharacter},
		{"\\", 0, ErrInvalidCharacter},
		{"a\\b", 1, ErrInvalidCharacter},
	} {
		_, err := Parse(tt.in)
		checkErr(t, tt.in, err, tt.off, ComponentPath, tt.err)
	}
}

// TestQueryFragment: query = fragment = *( pchar / "/" / "?" ), sections 3.4
// and 3.5, with absent and empty told apart.
func TestQueryFragment(t *testing.T) {
	tests := []struct {
		in              string
		query, fragment opt
	}{
		{"s:", opt{}, opt{}},
		{"s:?", def(""), opt{}},
		{"s:#", opt{}, def("")},
		{"s:?#", def(""), def("")},
		{"s:??", def("?"), opt{}},
		{"s:?a=b&c=d;e", def("a=b&c=d;e"), opt{}},
		{"s:?/a/?b:c@d", def("/a/?b:c@d"), opt{}},
		{"s:#/a/?b:c@d", opt{}, def("/a/?b:c@d")},
		{"s:?#?", def(""), def("?")},
		{"s:?%20%7e", def("%20%7e"), opt{}},
		{"s:#%23", opt{}, def("%23")},
		{"s:?!$&'()*+,;=-._~", def("!$&'()*+,;=-._~"), opt{}},
		{"s:#!$&'()*+,;=-._~", opt{}, def("!$&'()*+,;=-._~")},
		{"?a#b", def("a"), def("b")},
		{"#?", opt{}, def("?")},
		{"s://h?q", def("q"), opt{}},
		{"s://h#f", opt{}, def("f")},
		{"s://h:1?q#f", def("q"), def("f")},
	}
	for _, tt := range tests {
		u := mustParse(t, tt.in)
		if u.HasQuery() != tt.query.ok || u.Query() != tt.query.v {
			t.Errorf("%q: query %q (%v), want %q (%v)", tt.in, u.Query(), u.HasQuery(), tt.query.v, tt.query.ok)
		}
		if u.HasFragment() != tt.fragment.ok || u.Fragment() != tt.fragment.v {
			t.Errorf("%q: fragment %q (%v), want %q (%v)", tt.in, u.Fragment(), u.HasFragment(), tt.fragment.v, tt.fragment.ok)
		}
	}
	for _, tt := range []struct {
		in   string
		off  int
		comp Component
		err  error
	}{
		{"s:?a b", 4, ComponentQuery, ErrInvalidCharacter},
		{"s:?[", 3, ComponentQuery, ErrInvalidCharacter},
		{"s:?%", 3, ComponentQuery, ErrInvalidPercentEncoding},
		{"s:?%a", 3, ComponentQuery, ErrInvalidPercentEncoding},
		{"s:#a#b", 4, ComponentFragment, ErrInvalidCharacter},
		{"s:##", 3, ComponentFragment, ErrInvalidCharacter},
		{"s:?a#b#", 6, ComponentFragment, ErrInvalidCharacter},
		{"s:#]", 3, ComponentFragment, ErrInvalidCharacter},
		{"s:#%zz", 3, ComponentFragment, ErrInvalidPercentEncoding},
		{"#%", 1, ComponentFragment, ErrInvalidPercentEncoding},
	} {
		_, err := Parse(tt.in)
		checkErr(t, tt.in, err, tt.off, tt.comp, tt.err)
	}
}

// TestPctEncoded: pct-encoded = "%" HEXDIG HEXDIG (section 2.1), in every
// component that allows it; HEXDIG is case-insensitive.
func TestPctEncoded(t *testing.T) {
	valid := []string{
		"s://%41%7a@%2D%2d:1/%00%ff%FF%fF?%3f#%23",
		"%20", "/%aB", "?%0a", "#%C3%A9",
	}
	for _, in := range valid {
		u := mustParse(t, in)
		if u.String() != in {
			t.Errorf("%q: String() = %q", in, u.String())
		}
	}
	u := mustParse(t, valid[0])
	checkWant(t, valid[0], u, want{scheme: def("s"), authority: def("%41%7a@%2D%2d:1"), userinfo: def("%41%7a"),
		host: "%2D%2d", kind: HostRegName, port: def("1"), portNum: 1, portOK: true,
		path: "/%00%ff%FF%fF", segments: []string{"", "%00%ff%FF%fF"}, query: def("%3f"), fragment: def("%23")})

	// A "%" not followed by two hex digits, in each component; the offset is
	// that of the "%".
	for _, tt := range []struct {
		in   string
		off  int
		comp Component
	}{
		{"%zz", 0, ComponentPath},
		{"%4", 0, ComponentPath},
		{"%", 0, ComponentPath},
		{"%4g", 0, ComponentPath},
		{"%g4", 0, ComponentPath},
		{"a%", 1, ComponentPath},
		{"s://%zz@h", 4, ComponentUserinfo},
		{"s://a%4@h", 5, ComponentUserinfo},
		{"s://h%", 5, ComponentHost},
		{"s://h%4/", 5, ComponentHost},
		{"s://h%%41", 5, ComponentHost},
		{"s:/%2", 3, ComponentPath},
		{"s:?%-1", 3, ComponentQuery},
		{"s:#%", 3, ComponentFragment},
		{"%%41", 0, ComponentPath},
	} {
		_, err := Parse(tt.in)
		errs := []error{ErrInvalidPercentEncoding}
		if tt.comp == ComponentHost {
			errs = append(errs, ErrInvalidHost)
		}
		checkErr(t, tt.in, err, tt.off, tt.comp, errs...)
	}
}

// The character classes of RFC 3986, section 2 and Appendix A, written out
// from the ABNF here, independently of chars.go.
func isALPHA(b byte) bool  { return 'A' <= b && b <= 'Z' || 'a' <= b && b <= 'z' }
func isDIGIT(b byte) bool  { return '0' <= b && b <= '9' }
func isHEXDIG(b byte) bool { return isDIGIT(b) || 'A' <= b && b <= 'F' || 'a' <= b && b <= 'f' }
func isUnreserved(b byte) bool {
	return isALPHA(b) || isDIGIT(b) || b == '-' || b == '.' || b == '_' || b == '~'
}
func isGenDelim(b byte) bool { return b != 0 && strings.IndexByte(":/?#[]@", b) >= 0 }
func isSubDelim(b byte) bool { return b != 0 && strings.IndexByte("!$&'()*+,;=", b) >= 0 }
func isReserved(b byte) bool { return isGenDelim(b) || isSubDelim(b) }
func isPchar(b byte) bool    { return isUnreserved(b) || isSubDelim(b) || b == ':' || b == '@' }

// TestCharacterSets checks the test's own sets against the counts and
// relations the RFC states, so that the exhaustive tests below rest on sets
// that are right.
func TestCharacterSets(t *testing.T) {
	count := func(f func(byte) bool) (n int) {
		for b := 0; b < 256; b++ {
			if f(byte(b)) {
				n++
			}
		}
		return n
	}
	for _, c := range []struct {
		name string
		f    func(byte) bool
		n    int
	}{
		{"ALPHA", isALPHA, 52}, {"DIGIT", isDIGIT, 10}, {"HEXDIG", isHEXDIG, 22},
		{"unreserved", isUnreserved, 66}, {"gen-delims", isGenDelim, 7}, {"sub-delims", isSubDelim, 11},
		{"reserved", isReserved, 18}, {"pchar", isPchar, 79},
	} {
		if got := count(c.f); got != c.n {
			t.Errorf("%s has %d bytes, want %d", c.name, got, c.n)
		}
	}
	for b := 0; b < 256; b++ {
		c := byte(b)
		if isUnreserved(c) && isReserved(c) {
			t.Errorf("%q is both unreserved and reserved", c)
		}
		// Section 2: the characters allowed in a URI are the reserved, the
		// unreserved and "%"; all are printable US-ASCII.
		if (isUnreserved(c) || isReserved(c)) && (c <= 0x20 || c >= 0x7f) {
			t.Errorf("%q: allowed character outside printable ASCII", c)
		}
	}
	// The table of chars.go, bit by bit, against the sets above.
	for b := 0; b < 256; b++ {
		c := byte(b)
		for _, k := range []struct {
			name string
			bit  uint8
			want bool
		}{
			{"cUnreserved", cUnreserved, isUnreserved(c)},
			{"cSubDelim", cSubDelim, isSubDelim(c)},
			{"cColon", cColon, c == ':'},
			{"cAt", cAt, c == '@'},
			{"cSlash", cSlash, c == '/'},
			{"cQuestion", cQuestion, c == '?'},
			{"cScheme", cScheme, isALPHA(c) || isDIGIT(c) || c == '+' || c == '-' || c == '.'},
			{"cHex", cHex, isHEXDIG(c)},
		} {
			if got := class[c]&k.bit != 0; got != k.want {
				t.Errorf("class[%q] has %s = %v, want %v", c, k.name, got, k.want)
			}
		}
		if isAlpha(c) != isALPHA(c) || isDigit(c) != isDIGIT(c) || isHex(c) != isHEXDIG(c) {
			t.Errorf("%q: isAlpha/isDigit/isHex disagree with the ABNF", c)
		}
	}
}

// TestEveryByte puts every byte 0..255 into every component position and
// checks that it is accepted exactly when the component's ABNF allows it.
// A rejected byte that does not end or reshape the component (one not in
// "structural") must be reported at its own offset, in the component it was
// in, with the cause the position implies.
func TestEveryByte(t *testing.T) {
	type position struct {
		name       string
		prefix     string
		suffix     string
		parse      func(string) (URI, error)
		got        func(URI) string // the component that should hold the byte
		piece      string           // what got must return, with "*" for the byte
		allowed    func(byte) bool
		structural string    // bytes that end or reshape the component
		comp       Component // where a rejected, non-structural byte is reported
		off        int       // where it is reported; -1: at the byte itself
		cause      error     // nil: ErrInvalidCharacter, or ErrInvalidPercentEncoding for "%"
	}
	scheme := func(u URI) string { return u.Scheme() }
	hostOf := func(k HostKind) func(URI) string {
		return func(u URI) string {
			if u.HostKind() != k {
				return "kind " + u.HostKind().String()
			}
			return hostInside(u)
		}
	}
	relPath := func(u URI) string {
		if !u.IsRelative() || u.HasAuthority() {
			return "not a relative path"
		}
		return u.Path()
	}
	pathNoAuth := func(u URI) string {
		if u.HasAuthority() {
			return "authority"
		}
		return u.Path()
	}
	schemeChar := func(b byte) bool { return isALPHA(b) || isDIGIT(b) || b == '+' || b == '-' || b == '.' }
	segNC := func(b byte) bool { return isUnreserved(b) || isSubDelim(b) || b == '@' }
	userinfo := func(b byte) bool { return isUnreserved(b) || isSubDelim(b) || b == ':' }
	regName := func(b byte) bool { return isUnreserved(b) || isSubDelim(b) }
	pathChar := func(b byte) bool { return isPchar(b) || b == '/' }
	noschemeChar := func(b byte) bool { return segNC(b) || b == '/' }
	queryChar := func(b byte) bool { return isPchar(b) || b == '/' || b == '?' }
	positions := []position{
		// Every non-letter first byte fails at offset 0, in a component that
		// depends on the byte (see "scheme later").
		{"scheme first", "", "a:x", ParseAbsolute, scheme, "*a", isALPHA, "", 0, 0, nil},
		// A byte that segment-nz-nc allows means a scheme was meant (section
		// 3.3: such a first segment cannot hold ":"), and the error names the
		// scheme; any other byte is a path error.
		{"scheme later", "a", "c:x", ParseAbsolute, scheme, "a*c", schemeChar, "/?#:", ComponentPath, -1, nil},
		{"userinfo", "s://a", "c@h/", Parse, (URI).Userinfo, "a*c", userinfo, "@/?#", ComponentUserinfo, -1, nil},
		{"reg-name", "s://a", "c/", Parse, hostOf(HostRegName), "a*c", regName, ":@/?#", ComponentHost, -1, nil},
		{"reg-name first", "s://", "c/", Parse, hostOf(HostRegName), "*c", regName, ":@/?#[", ComponentHost, -1, nil},
		{"port", "s://h:1", "2/", Parse, (URI).Port, "1*2", isDIGIT, "@/?#", ComponentPort, -1, nil},
		{"IPv6 h16", "s://[::", "]/", Parse, hostOf(HostIPv6), "::*", isHEXDIG, "@/?#]", ComponentHost, -1, ErrInvalidIPv6},
		{"IPvFuture version", "s://[v", ".x]/", Parse, hostOf(HostIPvFuture), "v*.x", isHEXDIG, "@/?#", ComponentHost, -1, ErrInvalidIPvFuture},
		{"IPvFuture text", "s://[v1.a", "c]/", Parse, hostOf(HostIPvFuture), "v1.a*c", userinfo, "@/?#]", ComponentHost, -1, ErrInvalidIPvFuture},
		{"path-abempty", "s://h/a", "c", Parse, (URI).Path, "/a*c", pathChar, "?#", ComponentPath, -1, nil},
		{"path-absolute segment-nz", "s:/", "c", Parse, pathNoAuth, "/*c", isPchar, "/?#", ComponentPath, -1, nil},
		{"path-absolute", "s:/a", "c", Parse, (URI).Path, "/a*c", pathChar, "?#", ComponentPath, -1, nil},
		{"path-rootless", "s:a", "c", Parse, (URI).Path, "a*c", pathChar, "?#", ComponentPath, -1, nil},
		{"path-rootless first", "s:", "c", Parse, pathNoAuth, "*c", pathChar, "?#", ComponentPath, -1, nil},
		{"path-noscheme segment-nz-nc", "a", "c", Parse, relPath, "a*c", noschemeChar, ":?#", ComponentPath, -1, nil},
		{"path-noscheme first", "", "c", Parse, relPath, "*c", noschemeChar, ":?#", ComponentPath, -1, nil},
		{"path-noscheme later segment", "./a", "c", Parse, relPath, "./a*c", pathChar, "?#", ComponentPath, -1, nil},
		{"relative path-absolute", "/a", "c", Parse, relPath, "/a*c", pathChar, "?#", ComponentPath, -1, nil},
		{"query", "s:?a", "c", Parse, (URI).Query, "a*c", queryChar, "#", ComponentQuery, -1, nil},
		{"relative query", "?", "", Parse, (URI).Query, "*", queryChar, "#", ComponentQuery, -1, nil},
		{"fragment", "s:#a", "c", Parse, (URI).Fragment, "a*c", queryChar, "", ComponentFragment, -1, nil},
		{"relative fragment", "#", "", Parse, (URI).Fragment, "*", queryChar, "", ComponentFragment, -1, nil},
		{"pct-encoded first HEXDIG", "s:/%", "0", Parse, (URI).Path, "/%*0", isHEXDIG, "", ComponentPath, 3, ErrInvalidPercentEncoding},
		{"pct-encoded second HEXDIG", "s:/%0", "", Parse, (URI).Path, "/%0*", isHEXDIG, "", ComponentPath, 3, ErrInvalidPercentEncoding},
	}
	for _, p := range positions {
		t.Run(p.name, func(t *testing.T) {
			for b := 0; b < 256; b++ {
				c := string([]byte{byte(b)})
				in := p.prefix + c + p.suffix
				u, err := p.parse(in)
				accepted := err == nil && p.got(u) == strings.Replace(p.piece, "*", c, 1)
				if accepted != p.allowed(byte(b)) {
					t.Errorf("%q: accepted = %v (err %v, component %q), ABNF allows = %v",
						in, accepted, err, p.got(u), p.allowed(byte(b)))
					continue
				}
				if accepted || strings.Contains(p.structural, c) {
					continue
				}
				var e *Error
				if !errors.As(err, &e) {
					t.Errorf("%q: err = %v, want an *Error", in, err)
					continue
				}
				off, comp, cause := p.off, p.comp, p.cause
				if off < 0 {
					off = len(p.prefix)
				}
				if p.name == "scheme later" && segNC(byte(b)) {
					comp = ComponentScheme
				}
				switch {
				case cause != nil:
				case c == "%":
					cause = ErrInvalidPercentEncoding
				default:
					cause = ErrInvalidCharacter
				}
				if p.name == "scheme first" {
					comp, cause = e.Component, e.Err // only the offset is fixed
				}
				if e.Offset != off || e.Component != comp || e.Err != cause {
					t.Errorf("%q: error %q (%v in %v at %d), want %v in %v at %d",
						in, e.Error(), e.Err, e.Component, e.Offset, cause, comp, off)
				}
			}
		})
	}
}

// TestEntryPoints: the rules of Parse (URI-reference, 4.1), ParseURI (URI,
// 3), ParseAbsolute (absolute-URI, 4.3) and ParseRelative (relative-ref, 4.2).
func TestEntryPoints(t *testing.T) {
	type result struct {
		off  int
		comp Component
		err  error // nil: accepted
	}
	ok := result{}
	missing := result{0, ComponentScheme, ErrMissingScheme}
	unexpected := result{0, ComponentScheme, ErrUnexpectedScheme}
	tests := []struct {
		in                      string
		ref, uri, absolute, rel result
	}{
		{"s:", ok, ok, ok, unexpected},
		{"s://h/p?q", ok, ok, ok, unexpected},
		{"s://h/p?q#f", ok, ok, result{9, ComponentFragment, ErrUnexpectedFragment}, unexpected},
		{"s:#", ok, ok, result{2, ComponentFragment, ErrUnexpectedFragment}, unexpected},
		{"s:?#f", ok, ok, result{3, ComponentFragment, ErrUnexpectedFragment}, unexpected},
		{"", ok, missing, missing, ok},
		{"//h/p", ok, missing, missing, ok},
		{"p#f", ok, missing, missing, ok},
		{"/p?q#f", ok, missing, missing, ok},
		{"#f", ok, missing, missing, ok},
		{"./1a:b", ok, missing, missing, ok},
		// A syntax error is reported as such by every parser.
		{"1a:b", result{0, ComponentScheme, ErrInvalidCharacter}, result{0, ComponentScheme, ErrInvalidCharacter},
			result{0, ComponentScheme, ErrInvalidCharacter}, result{0, ComponentScheme, ErrInvalidCharacter}},
		{"a b", result{1, ComponentPath, ErrInvalidCharacter}, result{1, ComponentPath, ErrInvalidCharacter},
			result{1, ComponentPath, ErrInvalidCharacter}, result{1, ComponentPath, ErrInvalidCharacter}},
	}
	for _, tt := range tests {
		for _, p := range []struct {
			name  string
			parse func(string) (URI, error)
			want  result
		}{
			{"Parse", Parse, tt.ref}, {"ParseURI", ParseURI, tt.uri},
			{"ParseAbsolute", ParseAbsolute, tt.absolute}, {"ParseRelative", ParseRelative, tt.rel},
		} {
			u, err := p.parse(tt.in)
			if p.want.err == nil {
				if err != nil {
					t.Errorf("%s(%q): %v", p.name, tt.in, err)
				} else if u.String() != tt.in {
					t.Errorf("%s(%q).String() = %q", p.name, tt.in, u.String())
				}
				continue
			}
			if u != (URI{}) {
				t.Errorf("%s(%q): returned %#v with the error", p.name, tt.in, u)
			}
			errs := []error{p.want.err}
			if p.want.comp == ComponentScheme && p.want.err == ErrInvalidCharacter {
				errs = append(errs, ErrInvalidScheme)
			}
			checkErr(t, p.name+" "+tt.in, errWithInput(err, p.name+" "+tt.in), p.want.off, p.want.comp, errs...)
		}
	}
}

// errWithInput relabels an *Error's Input so that checkErr's message names
// the parser as well; the offset and cause are untouched.
func errWithInput(err error, label string) error {
	var e *Error
	if errors.As(err, &e) {
		c := *e
		c.Input = label
		return &c
	}
	return err
}

// TestNoAllocs: parsing a valid input allocates nothing, with every kind of
// host and every component (an allocation count, not a timing).
func TestNoAllocs(t *testing.T) {
	inputs := []string{
		"foo://example.com:8042/over/there?name=ferret#nose",
		"ldap://[2001:db8::7]/c=GB?objectClass?one",
		"telnet://192.0.2.16:80/",
		"s://u:p@[v1.x]:1/%41?q#f",
		"http://[::ffff:1.2.3.4]/",
		"../../g;x?y#s",
		"",
	}
	for _, in := range inputs {
		for _, p := range []struct {
			name  string
			parse func(string) (URI, error)
		}{{"Parse", Parse}, {"ParseURI", ParseURI}, {"ParseRelative", ParseRelative}, {"ParseAbsolute", ParseAbsolute}} {
			if _, err := p.parse(in); err != nil {
				continue // a rule the input does not meet; errors may allocate
			}
			if n := testing.AllocsPerRun(100, func() { _, _ = p.parse(in) }); n != 0 {
				t.Errorf("%s(%q): %v allocations, want 0", p.name, in, n)
			}
		}
	}
	// The accessors do not allocate either, except Segments (a slice).
	u := MustParse("s://u@[::1]:80/a/b?q#f")
	sink := 0
	n := testing.AllocsPerRun(100, func() {
		sink += len(u.Scheme()) + len(u.Userinfo()) + len(u.Host()) + len(u.Port()) + len(u.Path()) +
			len(u.Query()) + len(u.Fragment()) + len(u.Authority())
		p, _ := u.PortNumber()
		sink += int(p)
		if u.Addr().Is6() {
			sink++
		}
	})
	if n != 0 {
		t.Errorf("accessors: %v allocations, want 0", n)
	}
}

// TestScan checks chars.go's scan, for every rule mask, against
// *( allowed / pct-encoded ) over the sets written above: every byte at
// every position of a run (across the eight-byte blocks of the fast loop
// and the last eight bytes of the text, which the scan reads as one word
// whatever its start), from several starts, and random strings dense in
// "%" triplets.
func TestScan(t *testing.T) {
	schemeChar := func(b byte) bool { return isALPHA(b) || isDIGIT(b) || b == '+' || b == '-' || b == '.' }
	masks := []struct {
		name    string
		mask    uint8
		allowed func(byte) bool
	}{
		{"reg-name", mRegName, func(b byte) bool { return isUnreserved(b) || isSubDelim(b) }},
		{"userinfo", mUserinfo, func(b byte) bool { return isUnreserved(b) || isSubDelim(b) || b == ':' }},
		{"IPvFuture", mFuture, func(b byte) bool { return isUnreserved(b) || isSubDelim(b) || b == ':' }},
		{"segment-nz-nc", mSegNC, func(b byte) bool { return isUnreserved(b) || isSubDelim(b) || b == '@' }},
		{"pchar", mPchar, isPchar},
		{"path", mPath, func(b byte) bool { return isPchar(b) || b == '/' }},
		{"query", mQuery, func(b byte) bool { return isPchar(b) || b == '/' || b == '?' }},
		{"scheme characters", cScheme, schemeChar}, // a mask without a byte set
	}
	ref := func(s string, i int, allowed func(byte) bool) int {
		for i < len(s) {
			switch {
			case allowed(s[i]):
				i++
			case s[i] == '%' && i+2 < len(s) && isHEXDIG(s[i+1]) && isHEXDIG(s[i+2]):
				i += 3
			default:
				return i
			}
		}
		return i
	}
	r := rand.New(rand.NewPCG(1, 2))
	const alphabet = "xX09%%%%aF:/?#[]@!$&'()*+,;=-._~ \x00\x7f\xff"
	for _, m := range masks {
		for b := 0; b < 256; b++ {
			for p := 0; p < 20; p++ {
				for _, q := range []int{20, 0, 1, 2, 5, 7, 8, 9} {
					s := strings.Repeat("x", p) + string([]byte{byte(b)}) + strings.Repeat("x", q)
					for _, i := range []int{0, p / 2, p, p + 1} {
						if got, want := scan(s, i, m.mask), ref(s, i, m.allowed); got != want {
							t.Errorf("%s: scan(%q, %d) = %d, want %d", m.name, s, i, got, want)
						}
					}
				}
			}
		}
		for range 5000 {
			buf := make([]byte, r.IntN(40))
			for i := range buf {
				buf[i] = alphabet[r.IntN(len(alphabet))]
			}
			s := string(buf)
			i := r.IntN(len(s) + 1)
			if got, want := scan(s, i, m.mask), ref(s, i, m.allowed); got != want {
				t.Errorf("%s: scan(%q, %d) = %d, want %d", m.name, s, i, got, want)
			}
		}
	}
}
