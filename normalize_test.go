package uri

import (
	"encoding"
	"net/netip"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

// normalizeCase is one row of a normalization table: in normalizes to want.
type normalizeCase struct{ in, want string }

// testNormalize runs a table through n and checks that the result is the
// value Parse gives for its text (components, host kind and address).
func testNormalize(t *testing.T, n Normalizer, cases []normalizeCase) {
	t.Helper()
	for _, c := range cases {
		u, err := Parse(c.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", c.in, err)
			continue
		}
		got := n.Normalize(u)
		if got.String() != c.want {
			t.Errorf("flags %v: Normalize(%q) = %q, want %q", n.Flags, c.in, got, c.want)
			continue
		}
		if want := MustParse(c.want); got != want {
			t.Errorf("flags %v: Normalize(%q) = %#v with kind %v, Parse gives kind %v", n.Flags, c.in, got, got.HostKind(), want.HostKind())
		}
	}
}

// The examples of RFC 3986, section 6, verbatim.
func TestNormalizeRFCExamples(t *testing.T) {
	// Section 6.2.2: "an application using this approach could reasonably
	// consider the following two URIs equivalent".
	a, b := MustParse("example://a/b/c/%7Bfoo%7D"), MustParse("eXAMPLE://a/./b/../b/%63/%7bfoo%7d")
	if !a.Equal(b) || !b.Equal(a) {
		t.Errorf("%q and %q are not Equal", a, b)
	}
	if got := b.Normalize().String(); got != "example://a/b/c/%7Bfoo%7D" {
		t.Errorf("Normalize(%q) = %q", b, got)
	}
	if n := a.Normalize(); n != a {
		t.Errorf("%q is in normal form, Normalize changed it to %q", a, n)
	}

	// Section 6.2.2.1: "the URI <HTTP://www.EXAMPLE.com/> is equivalent to
	// <http://www.example.com/>"; "%3a" versus "%3A".
	// Section 2.4: "the "%7E" can be replaced by "~"".
	// Section 6.2.3: the four http URIs, "the second URI above is the normal
	// form for the "http" scheme".
	equal := [][2]string{
		{"HTTP://www.EXAMPLE.com/", "http://www.example.com/"},
		{"http://a/%3a", "http://a/%3A"},
		{"http://a/%7E", "http://a/~"},
		{"http://a/%7e", "http://a/~"},
		{"http://example.com", "http://example.com/"},
		{"http://example.com:/", "http://example.com/"},
		{"http://example.com:80/", "http://example.com/"},
		{"http://example.com", "http://example.com:80/"},
	}
	for _, p := range equal {
		if !MustParse(p[0]).Equal(MustParse(p[1])) {
			t.Errorf("%q and %q are not Equal", p[0], p[1])
		}
	}
	for _, s := range []string{"http://example.com", "http://example.com/", "http://example.com:/", "http://example.com:80/"} {
		if got := MustParse(s).Normalize().String(); got != "http://example.com/" {
			t.Errorf("Normalize(%q) = %q, want the normal form %q", s, got, "http://example.com/")
		}
	}

	// Section 6.2.3: ""http://example.com/?" cannot be assumed to be
	// equivalent to any of the examples above"; "two URIs that differ only
	// by the suffix "#" are considered different regardless of the scheme".
	// Section 2.2 (via 6.2.2.2): only unreserved characters are decoded, so
	// an encoded "/" is a different URI. The mailto example of 6.2.3 needs
	// the mailto scheme's own rules, which are not in the table.
	different := [][2]string{
		{"http://example.com/?", "http://example.com/"},
		{"http://example.com/#", "http://example.com/"},
		{"http://a/b%2Fc", "http://a/b/c"},
		{"mailto:Joe@Example.COM", "mailto:Joe@example.com"},
	}
	for _, p := range different {
		if MustParse(p[0]).Equal(MustParse(p[1])) {
			t.Errorf("%q and %q are Equal", p[0], p[1])
		}
	}
}

// Syntax-based normalization (RFC 3986, section 6.2.2), step by step.
func TestNormalizeSyntax(t *testing.T) {
	t.Run("case", func(t *testing.T) { // 6.2.2.1
		testNormalize(t, Normalizer{}, []normalizeCase{
			{"HTTP://EXAMPLE.COM/", "http://example.com/"},
			{"Foo+Bar.-9:x", "foo+bar.-9:x"},
			{"http://User:PassWord@Host/Path?Query#Fragment", "http://User:PassWord@host/Path?Query#Fragment"},
			{"//EXAMPLE.com/A", "//example.com/A"},
			{"http://a/%3a%2f%c3%a9?%3d#%5b", "http://a/%3A%2F%C3%A9?%3D#%5B"},
			{"http://%C3%89X.COM/", "http://%C3%89x.com/"}, // hex digits up, letters down
			{"http://%c3%89x.com/", "http://%C3%89x.com/"},
		})
	})
	t.Run("percent-encoding", func(t *testing.T) { // 6.2.2.2, 2.3
		testNormalize(t, Normalizer{}, []normalizeCase{
			{"http://a/%41%5A%61%7A%30%39%2D%2E%5F%7E", "http://a/AZaz09-._~"},
			{"http://%75%73%65%72@a/", "http://user@a/"},
			{"http://%41%42.com/", "http://ab.com/"}, // decoded, then lowercased: a host is case-insensitive
			{"http://a/?%7e=%7E#%7e", "http://a/?~=~#~"},
			// Reserved characters, "%" itself and non-ASCII octets stay encoded.
			{"http://a/%2F%3F%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D%3A%25%20%FF",
				"http://a/%2F%3F%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D%3A%25%20%FF"},
			{"http://a/%252e%252E", "http://a/%252e%252E"}, // decoded once, not twice
			{"foo:%7e", "foo:~"},
			{"%7e", "~"},
		})
	})
	t.Run("dot segments", func(t *testing.T) { // 6.2.2.3, 5.2.4
		testNormalize(t, Normalizer{}, []normalizeCase{
			{"http://a/b/c/./../../g", "http://a/g"},
			{"http://a/b/c/.", "http://a/b/c/"},
			{"http://a/b/c/..", "http://a/b/"},
			{"http://a/../../g", "http://a/g"},
			{"http://a/b/%2e/%2E%2e/c", "http://a/c"}, // "%2E" is "." (2.3)
			{"http://a/b/.%2e", "http://a/"},
			{"http://a/.a/a./...", "http://a/.a/a./..."},
			{"/a/b/../c", "/a/c"},
			{"//h/a/../..", "//h/"},
			{"foo:a/b/../c", "foo:a/c"},
			{"foo:a/../b", "foo:/b"}, // what remove_dot_segments gives (5.2.4, as in resolution)
			{"foo:..", "foo:"},
			{"foo:./a:b", "foo:a:b"},
		})
	})
	t.Run("no authority", func(t *testing.T) {
		// A path without authority must not begin with "//" (3.3), or it
		// would read as an authority: "/." keeps it a path.
		testNormalize(t, Normalizer{}, []normalizeCase{
			{"foo:/.//bar", "foo:/.//bar"},
			{"foo:/./..//bar", "foo:/.//bar"},
			{"foo:a/..//b", "foo:/.//b"},
			{"foo:/a/..//b/./c", "foo:/.//b/c"},
			{"/a/..//b", "/.//b"},
			{"/.//", "/.//"},
			{"foo:/.//%7e", "foo:/.//~"},
			{"//h/.//a", "//h//a"}, // with an authority, "//" is fine
		})
	})
	t.Run("relative", func(t *testing.T) {
		// A relative reference keeps what it needs to resolve as before
		// (5.2.2, 5.4): leading "../", and "./" where the path would
		// otherwise be empty, absolute, or look like a scheme.
		testNormalize(t, Normalizer{}, []normalizeCase{
			{"", ""},
			{".", "./"},
			{"./", "./"},
			{"..", "../"},
			{"../", "../"},
			{"../..", "../../"},
			{"../../g", "../../g"},
			{"./g", "g"},
			{"g/", "g/"},
			{"g/.", "g/"},
			{"g/..", "./"},
			{"g/../..", "../"},
			{"a/../../b", "../b"},
			{"a/b/../../../c/./d", "../c/d"},
			{"../a/../b", "../b"},
			{".././../a", "../../a"},
			{"./a:b", "./a:b"},
			{"x/../a:b", "./a:b"},
			{"../a:b", "../a:b"},
			{".//a", ".//a"},
			{"a/..//b", ".//b"},
			{"..//b", "..//b"},
			{"a/../..//b", "..//b"},
			{"%2e%2E/a", "../a"},
			{"%2E", "./"},
			{"a/%2e", "a/"},
			{"?q", "?q"},
			{"#f", "#f"},
			{"/a/./b", "/a/b"},
		})
	})
	t.Run("IPv6", func(t *testing.T) { // RFC 5952 via RFC 3986, 3.2.2
		testNormalize(t, Normalizer{}, []normalizeCase{
			{"http://[::1]/", "http://[::1]/"},
			{"http://[0:0:0:0:0:0:0:1]/", "http://[::1]/"},
			{"http://[::FFFF:1.2.3.4]/", "http://[::ffff:1.2.3.4]/"},
			{"http://[::ffff:102:304]/", "http://[::ffff:1.2.3.4]/"},
			{"http://[V1F.AbC:D]/", "http://[v1f.abc:d]/"}, // IPvFuture: a host is case-insensitive
		})
	})
	t.Run("host kind", func(t *testing.T) {
		// Decoding a reg-name can make it an IPv4address, which then is one
		// (3.2.2, first match wins); testNormalize checks kind and address.
		testNormalize(t, Normalizer{}, []normalizeCase{
			{"http://%31.2.3.4/", "http://1.2.3.4/"},
			{"http://%31%32%37.0.0.%31:81/", "http://127.0.0.1:81/"},
			{"http://%30%31.2.3.4/", "http://01.2.3.4/"}, // a leading zero: still a reg-name
			{"http://1.2.3.256/", "http://1.2.3.256/"},
		})
		u := MustParse("http://%31.2.3.4/").Normalize()
		if u.HostKind() != HostIPv4 || u.Addr() != netip.MustParseAddr("1.2.3.4") {
			t.Errorf("%q: kind %v, address %v", u, u.HostKind(), u.Addr())
		}
	})
}

// The examples of RFC 5952 (sections 2, 4 and 5): every way of writing an
// address gives its one recommended text.
func TestNormalizeIPv6RFC5952(t *testing.T) {
	cases := []normalizeCase{
		// Section 2.1.
		{"2001:db8:0:0:1:0:0:1", "2001:db8::1:0:0:1"},
		{"2001:0db8:0:0:1:0:0:1", "2001:db8::1:0:0:1"},
		{"2001:db8::1:0:0:1", "2001:db8::1:0:0:1"},
		{"2001:db8::0:1:0:0:1", "2001:db8::1:0:0:1"},
		{"2001:0db8::1:0:0:1", "2001:db8::1:0:0:1"},
		{"2001:db8:0:0:1::1", "2001:db8::1:0:0:1"},
		{"2001:db8:0000:0:1::1", "2001:db8::1:0:0:1"},
		{"2001:DB8:0:0:1::1", "2001:db8::1:0:0:1"},
		// Section 2.2.
		{"2001:db8:aaaa:bbbb:cccc:dddd:eeee:0001", "2001:db8:aaaa:bbbb:cccc:dddd:eeee:1"},
		{"2001:db8:aaaa:bbbb:cccc:dddd:eeee:001", "2001:db8:aaaa:bbbb:cccc:dddd:eeee:1"},
		{"2001:db8:aaaa:bbbb:cccc:dddd:eeee:01", "2001:db8:aaaa:bbbb:cccc:dddd:eeee:1"},
		{"2001:db8:aaaa:bbbb:cccc:dddd:eeee:1", "2001:db8:aaaa:bbbb:cccc:dddd:eeee:1"},
		{"2001:db8:aaaa:bbbb:cccc:dddd::1", "2001:db8:aaaa:bbbb:cccc:dddd:0:1"},
		{"2001:db8:aaaa:bbbb:cccc:dddd:0:1", "2001:db8:aaaa:bbbb:cccc:dddd:0:1"},
		{"2001:db8:0:0:0::1", "2001:db8::1"},
		{"2001:db8:0:0::1", "2001:db8::1"},
		{"2001:db8:0::1", "2001:db8::1"},
		{"2001:db8::1", "2001:db8::1"},
		{"2001:db8::aaaa:0:0:1", "2001:db8::aaaa:0:0:1"},
		{"2001:db8:0:0:aaaa::1", "2001:db8::aaaa:0:0:1"},
		{"2001:db8:aaaa:bbbb:cccc:dddd:eeee:aaaa", "2001:db8:aaaa:bbbb:cccc:dddd:eeee:aaaa"},
		{"2001:db8:aaaa:bbbb:cccc:dddd:eeee:AAAA", "2001:db8:aaaa:bbbb:cccc:dddd:eeee:aaaa"},
		{"2001:db8:aaaa:bbbb:cccc:dddd:eeee:AaAa", "2001:db8:aaaa:bbbb:cccc:dddd:eeee:aaaa"},
		// Section 4.1: leading zeros suppressed.
		{"2001:0db8::0001", "2001:db8::1"},
		// Section 4.2.1: "::" used to its maximum.
		{"2001:db8:0:0:0:0:2:1", "2001:db8::2:1"},
		{"2001:db8::0:2:1", "2001:db8::2:1"},
		// Section 4.2.2: not for one 16-bit 0 field.
		{"2001:db8:0:1:1:1:1:1", "2001:db8:0:1:1:1:1:1"},
		{"2001:db8::1:1:1:1:1", "2001:db8:0:1:1:1:1:1"},
		// Section 4.2.3: the longest run, the first of equal runs.
		{"2001:0:0:1:0:0:0:1", "2001:0:0:1::1"},
		{"2001:db8:0:0:1:0:0:1", "2001:db8::1:0:0:1"},
		// Section 4.3: lowercase.
		{"2001:DB8::ABCD", "2001:db8::abcd"},
		// Section 5: IPv4-mapped addresses in mixed notation.
		{"::ffff:192.0.2.1", "::ffff:192.0.2.1"},
		{"0:0:0:0:0:ffff:c000:0201", "::ffff:192.0.2.1"},
		// Edges.
		{"0:0:0:0:0:0:0:0", "::"},
		{"1:0:0:0:0:0:0:0", "1::"},
	}
	for i := range cases {
		cases[i] = normalizeCase{"http://[" + cases[i].in + "]/", "http://[" + cases[i].want + "]/"}
	}
	testNormalize(t, Normalizer{}, cases)
	testNormalize(t, Normalizer{Flags: SyntaxOnly}, cases)
}

// Scheme-based normalization (RFC 3986, section 6.2.3).
func TestNormalizeScheme(t *testing.T) {
	testNormalize(t, Normalizer{}, []normalizeCase{
		// Default ports.
		{"http://a:80/", "http://a/"},
		{"https://a:443/", "https://a/"},
		{"ws://a:80/", "ws://a/"},
		{"wss://a:443/", "wss://a/"},
		{"ftp://a:21/", "ftp://a/"},
		{"ssh://a:22", "ssh://a"},
		{"HTTP://a:80/", "http://a/"}, // the lookup is on the lowercased scheme
		{"http://a:443/", "http://a:443/"},
		{"https://a:80/", "https://a:80/"},
		{"foo://a:80/", "foo://a:80/"},
		{"//a:80/", "//a:80/"}, // no scheme, no default
		{"http://a:8080/", "http://a:8080/"},
		{"http://a:99999/", "http://a:99999/"},
		{"http://a:0/", "http://a:0/"},
		// Leading zeros of the port number.
		{"http://a:0080/", "http://a/"},
		{"http://a:08080/", "http://a:8080/"},
		{"http://a:000/", "http://a:0/"},
		{"http://a:0000000000000000000080/", "http://a/"},
		// An empty port, whatever the scheme.
		{"http://a:/", "http://a/"},
		{"foo://h:/", "foo://h/"},
		{"//h:/", "//h/"},
		{"foo://@:", "foo://@"},
		// An empty path with an authority, for the http-like schemes only.
		{"http://a", "http://a/"},
		{"https://a?q", "https://a/?q"},
		{"ws://a#f", "ws://a/#f"},
		{"wss://a:443", "wss://a/"},
		{"foo://a", "foo://a"},
		{"ftp://a", "ftp://a"},
		{"http:", "http:"},
		{"http:x", "http:x"},
		// A default host: file's localhost (RFC 8089, section 2).
		{"file://localhost/etc/hosts", "file:///etc/hosts"},
		{"file://LOCALHOST/x", "file:///x"},
		{"file://localhost", "file://"},
		{"file://u@localhost/x", "file://u@localhost/x"}, // userinfo: the host stays
		{"file://localhost:1/x", "file://localhost:1/x"},
		{"file://localhost:/x", "file:///x"},
		{"file://localhost.example/x", "file://localhost.example/x"},
		{"http://localhost/", "http://localhost/"},
		// Delimiters of empty components stay.
		{"http://a/?", "http://a/?"},
		{"http://a/#", "http://a/#"},
		{"http://a?#", "http://a/?#"},
		{"http://@a/", "http://@a/"},
		{"http://:@a/", "http://:@a/"},
	})
	// SyntaxOnly climbs one rung less: none of the above.
	testNormalize(t, Normalizer{Flags: SyntaxOnly}, []normalizeCase{
		{"http://a:80/", "http://a:80/"},
		{"http://a:/", "http://a:/"},
		{"http://a:0080/", "http://a:0080/"},
		{"http://a", "http://a"},
		{"file://localhost/x", "file://localhost/x"},
		{"HTTP://A:80", "http://a:80"},
	})
}

func TestNormalizeSchemeTable(t *testing.T) {
	// The defaults, as the documentation lists them.
	d := DefaultSchemes()
	want := map[string]SchemeInfo{
		"http": {Port: 80, EmptyPathIsSlash: true}, "https": {Port: 443, EmptyPathIsSlash: true},
		"ws": {Port: 80, EmptyPathIsSlash: true}, "wss": {Port: 443, EmptyPathIsSlash: true},
		"ftp": {Port: 21}, "file": {DefaultHost: "localhost"}, "ssh": {Port: 22}, "gopher": {Port: 70},
		"telnet": {Port: 23}, "imap": {Port: 143}, "ldap": {Port: 389}, "coap": {Port: 5683},
	}
	for name, info := range want {
		if d[name] != info {
			t.Errorf("DefaultSchemes()[%q] = %+v, want %+v", name, d[name], info)
		}
	}
	// Every entry of the table is the one the zero Normalizer uses.
	for name, info := range d {
		if got, ok := defaultScheme(name); !ok || got != info {
			t.Errorf("%q: the table says %+v, the zero Normalizer uses %+v", name, info, got)
		}
	}
	if _, ok := d["mailto"]; ok {
		t.Errorf("mailto has no authority and no scheme facts")
	}

	// The table is a copy: changing it changes neither the defaults nor
	// the next copy.
	d["http"] = SchemeInfo{Port: 8080}
	delete(d, "https")
	if e := DefaultSchemes(); e["http"].Port != 80 || e["https"].Port != 443 {
		t.Errorf("DefaultSchemes shares its table: %+v", e)
	}
	testNormalize(t, Normalizer{}, []normalizeCase{{"http://a:80/", "http://a/"}})

	// A caller's table, extended; the lookup is case-insensitive.
	ext := DefaultSchemes()
	ext["myproto"] = SchemeInfo{Port: 7777, EmptyPathIsSlash: true}
	ext["x-"+strings.Repeat("long", 10)] = SchemeInfo{Port: 1}
	n := Normalizer{Schemes: ext}
	testNormalize(t, n, []normalizeCase{
		{"myproto://h:7777", "myproto://h/"},
		{"MyProto://h:7777", "myproto://h/"},
		{"x-" + strings.Repeat("LONG", 10) + "://h:01/", "x-" + strings.Repeat("long", 10) + "://h/"},
		{"http://h:80", "http://h/"},
		{"foo://h:7777", "foo://h:7777"},
	})
	for _, name := range []string{"myproto", "MYPROTO", "mYpRoTo", "HTTP", "x-" + strings.Repeat("lOnG", 10)} {
		if _, ok := ext.Lookup(name); !ok {
			t.Errorf("Lookup(%q) found nothing", name)
		}
	}
	if _, ok := ext.Lookup("nope"); ok {
		t.Errorf("Lookup(%q) found something", "nope")
	}

	// An empty table: no default ports, but an empty port still goes.
	testNormalize(t, Normalizer{Schemes: Schemes{}}, []normalizeCase{
		{"http://a:80", "http://a:80"},
		{"http://a:/", "http://a/"},
	})
}

// The opt-in flags, one by one and together.
func TestNormalizeFlags(t *testing.T) {
	tests := []struct {
		name  string
		flags NormalizeFlags
		cases []normalizeCase
	}{
		{"DropEmptyQuery", DropEmptyQuery, []normalizeCase{
			{"http://a/?", "http://a/"},
			{"http://a/?#f", "http://a/#f"},
			{"http://a/?q", "http://a/?q"},
			{"?", ""},
			{"http://a/#", "http://a/#"},
		}},
		{"DropEmptyFragment", DropEmptyFragment, []normalizeCase{
			{"http://a/#", "http://a/"},
			{"http://a/?#", "http://a/?"},
			{"http://a/#f", "http://a/#f"},
			{"#", ""},
		}},
		{"DropFragment", DropFragment, []normalizeCase{
			{"http://a/b#c", "http://a/b"},
			{"http://a/b?q#", "http://a/b?q"},
			{"#%7e", ""},
			{"http://a/b", "http://a/b"},
		}},
		{"SortQuery", SortQuery, []normalizeCase{
			{"http://a/?b=2&a=1", "http://a/?a=1&b=2"},
			{"http://a/?b&a&c=&a=0", "http://a/?a&a=0&b&c="},   // stable: "a" before "a=0"
			{"http://a/?a=2&b=1&a=1", "http://a/?a=2&a=1&b=1"}, // values keep their order
			{"http://a/?b=1&&a=1", "http://a/?&a=1&b=1"},       // an empty parameter sorts first
			{"http://a/?%62=1&a=%7e", "http://a/?a=~&b=1"},     // sorted after decoding
			{"http://a/?B=1&a=1&_=1", "http://a/?B=1&_=1&a=1"}, // byte order
			{"http://a/?a=1;b=2&A", "http://a/?A&a=1;b=2"},     // only "&" separates
			{"http://a/?a=1&b=2#z&y", "http://a/?a=1&b=2#z&y"}, // not the fragment
			{"http://a/?", "http://a/?"},
		}},
		{"DropTrailingSlash", DropTrailingSlash, []normalizeCase{
			{"http://a/b/", "http://a/b"},
			{"http://a/b//", "http://a/b"},
			{"http://a/", "http://a/"},
			{"http://a//", "http://a/"},
			{"http://a", "http://a/"}, // "/" for http, and "/" stays
			{"foo://a/", "foo://a/"},
			{"foo:a/", "foo:a"},
			{"/b/", "/b"},
			{"/", "/"},
			{"a/", "a"},
			{"./", "./"},
			{"../", "../"},
			{"..//", "../"},
			{".//", "./"},
			{"../a/", "../a"},
			{"foo:/.//", "foo:/"},
			{"http://a/b/?q", "http://a/b?q"},
		}},
		{"DropDirectoryIndex", DropDirectoryIndex, []normalizeCase{
			{"http://a/index.html", "http://a/"},
			{"http://a/b/Default.ASPX?q", "http://a/b/?q"},
			{"http://a/b/index.htm", "http://a/b/"},
			{"http://a/b/index.php/", "http://a/b/index.php/"},
			{"http://a/b/index.html/index.html", "http://a/b/index.html/"},
			{"http://a/b/myindex.html", "http://a/b/myindex.html"},
			{"http://a/b/index.txt", "http://a/b/index.txt"},
			{"http://a/b/index", "http://a/b/index"},
			{"foo:index.html", "foo:index.html"},
			{"foo:a/index.html", "foo:a/"},
			{"index.html", "./"},
			{"a/index.html", "a/"},
			{"../index.html", "../"},
			{"foo:/.//index.html", "foo:/.//"},
		}},
		{"DecodeSafe", DecodeSafe, []normalizeCase{
			{"http://a/%21%24%26%27%28%29%2A%2B%2C%3D%3A%40", "http://a/!$&'()*+,=:@"},
			{"http://a/%2F%3B%3F%23%25%20", "http://a/%2F%3B%3F%23%25%20"},
			{"http://a/?%21%24%27%28%29%2A%2C%3A%40%2F%3F", "http://a/?!$'()*,:@/?"},
			{"http://a/?%26%3D%2B%3B%23%25", "http://a/?%26%3D%2B%3B%23%25"},
			{"http://a/#%21%2F%3F", "http://a/#!/?"},
			{"http://a/#%26", "http://a/#%26"},
			{"http://%21@%21/", "http://%21@%21/"}, // not userinfo, not host
			{"a%3Ab", "./a:b"},                     // a relative path must not look like a scheme
			{"x/../a%3Ab", "./a:b"},
			{"../a%3Ab", "../a:b"},
			{"foo:a%3Ab", "foo:a:b"},
		}},
		{"CollapseSlashes", CollapseSlashes, []normalizeCase{
			{"http://a//b///c", "http://a/b/c"},
			{"http://a//", "http://a/"},
			{"http://a/b//", "http://a/b/"},
			{"http://a/b//../c", "http://a/b/c"}, // after dot removal
			{"foo:/.//bar", "foo:/bar"},
			{"foo:a//b", "foo:a/b"},
			{".//a", "a"},
			{"a//b", "a/b"},
			{"..//b", "../b"},
			{"http://a/?x//y#//", "http://a/?x//y#//"},
		}},
		{"all", allNormalizeFlags &^ SyntaxOnly, []normalizeCase{
			{"HTTP://A:80//b//index.html/?z=1&a=%7e&?#frag", "http://a/b??&a=~&z=1"},
			{"HTTP://A:80?", "http://a/"},
			{"..//index.html/", "../"},
			{"a%3A//index.html", "./a:"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			testNormalize(t, Normalizer{Flags: tt.flags}, tt.cases)
		})
	}
}

func TestNormalizeDefaultsOff(t *testing.T) {
	// No flag is on by default: each flag's first example is left alone.
	testNormalize(t, Normalizer{}, []normalizeCase{
		{"http://a/?", "http://a/?"},
		{"http://a/#", "http://a/#"},
		{"http://a/b#c", "http://a/b#c"},
		{"http://a/?b=2&a=1", "http://a/?b=2&a=1"},
		{"http://a/b/", "http://a/b/"},
		{"http://a/index.html", "http://a/index.html"},
		{"http://a/%21", "http://a/%21"},
		{"http://a//b", "http://a//b"},
	})
}

func TestNormalizeFlagsString(t *testing.T) {
	for f, want := range map[NormalizeFlags]string{
		0:                              "0",
		SyntaxOnly:                     "SyntaxOnly",
		DropFragment | SortQuery:       "DropFragment|SortQuery",
		CollapseSlashes | DecodeSafe:   "DecodeSafe|CollapseSlashes",
		allNormalizeFlags:              "SyntaxOnly|DropEmptyQuery|DropEmptyFragment|DropFragment|SortQuery|DropTrailingSlash|DropDirectoryIndex|DecodeSafe|CollapseSlashes",
		DropEmptyQuery | 1<<12 | 1<<15: "DropEmptyQuery|0x9000",
		1 << 10:                        "0x400",
	} {
		if got := f.String(); got != want {
			t.Errorf("NormalizeFlags(%#x).String() = %q, want %q", uint16(f), got, want)
		}
	}
}

func TestIsDirectoryIndex(t *testing.T) {
	for s, want := range map[string]bool{
		"index.html": true, "INDEX.HTM": true, "default.aspx": true, "Default.asp": true, "index.php": true,
		"index.shtml": true, "index.jsp": true, "default.shtml": true,
		"index": false, "index.": false, "index.txt": false, "xindex.html": false, "index.html5": false,
		"": false, "default.shtmlx": false, "index.html.bak": false,
	} {
		if got := isDirectoryIndex(s); got != want {
			t.Errorf("isDirectoryIndex(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestNormalizerEqual(t *testing.T) {
	tests := []struct {
		n    Normalizer
		a, b string
		want bool
	}{
		{Normalizer{}, "http://a/b", "http://a/b", true},
		{Normalizer{}, "http://a/b", "http://a/c", false},
		{Normalizer{}, "HTTP://A/b", "http://a/b", true},
		{Normalizer{}, "http://a/b", "HTTP://A/b", true},
		{Normalizer{}, "HTTP://A/b", "http://a:/%62", true},
		{Normalizer{}, "http://a/B", "http://a/b", false},
		{Normalizer{}, "http://a:80/", "http://a/", true},
		{Normalizer{Flags: SyntaxOnly}, "http://a:80/", "http://a/", false},
		{Normalizer{Flags: SyntaxOnly}, "HTTP://a/./b", "http://a/b", true},
		{Normalizer{}, "http://a/b#x", "http://a/b#y", false},
		{Normalizer{Flags: DropFragment}, "http://a/b#x", "http://a/b#y", true},
		{Normalizer{Flags: SortQuery}, "http://a/?x=1&y=2", "http://a/?y=2&x=1", true},
		{Normalizer{}, "a/../b", "b", true},
		{Normalizer{}, "../b", "b", false},
		{Normalizer{}, ".", "", false},
		{Normalizer{}, ".", "./", true},
	}
	for _, tt := range tests {
		a, b := MustParse(tt.a), MustParse(tt.b)
		if got := tt.n.Equal(a, b); got != tt.want {
			t.Errorf("flags %v: Equal(%q, %q) = %v, want %v", tt.n.Flags, tt.a, tt.b, got, tt.want)
		}
		if got := tt.n.Key(a) == tt.n.Key(b); got != tt.want {
			t.Errorf("flags %v: Key(%q) == Key(%q) is %v, want %v", tt.n.Flags, tt.a, tt.b, got, tt.want)
		}
		if tt.n.Flags == 0 && tt.n.Schemes == nil && a.Equal(b) != tt.want {
			t.Errorf("URI.Equal(%q, %q) = %v, want %v", tt.a, tt.b, !tt.want, tt.want)
		}
	}
}

// A normal URI comes back as it is, same text, no allocation; otherwise the
// text is allocated once.
func TestNormalizeAllocations(t *testing.T) {
	if testing.CoverMode() != "" {
		t.Skip("coverage instrumentation changes allocation counts")
	}
	normal := []string{
		"http://example.com/", "https://www.example.com/a/b/c.html?q=1&r=%C3%A9#top",
		"file:///usr/share/doc/index.html", "http://[2001:db8::1]:8080/", "mailto:someone@example.com",
		"../../a/b", "./a:b", "foo:/.//bar", "urn:isbn:0451450523", "http://1.2.3.4/%2F",
	}
	all := Normalizer{Flags: allNormalizeFlags &^ SyntaxOnly}
	for _, s := range normal {
		u := MustParse(s)
		var r URI
		if n := testing.AllocsPerRun(100, func() { r = u.Normalize() }); n != 0 {
			t.Errorf("Normalize(%q) (already normal) allocates %v times", s, n)
		}
		if r != u || unsafe.StringData(r.String()) != unsafe.StringData(u.String()) {
			t.Errorf("Normalize(%q) did not return the same value and string", s)
		}
		if n := testing.AllocsPerRun(100, func() { _ = u.Equal(u) }); n != 0 {
			t.Errorf("Equal(%q, itself) allocates %v times", s, n)
		}
		if n := testing.AllocsPerRun(100, func() { _ = all.Normalize(r) }); n != 0 && all.Normalize(r) == r {
			t.Errorf("Normalize(%q) with every flag (already normal) allocates %v times", s, n)
		}
	}
	changed := []string{
		"HTTP://EXAMPLE.COM", "http://example.com:80/a/./b/../c?%7e#%7e", "http://[0:0::1]/",
		"http://%31.2.3.4/", "a/../../b", "foo:a/..//b", "MyScheme://h:/",
		"http://a/" + strings.Repeat("x", 300) + "%7e", // long, still within the stack buffer
	}
	for _, s := range changed {
		u := MustParse(s)
		if n := testing.AllocsPerRun(100, func() { _ = u.Normalize() }); n != 1 {
			t.Errorf("Normalize(%q) allocates %v times, want 1", s, n)
		}
		v := u.Normalize()
		if len(s) > 256 {
			continue
		}
		if n := testing.AllocsPerRun(100, func() { _ = u.Equal(v) }); n != 0 {
			t.Errorf("Equal(%q, %q) allocates %v times", s, v, n)
		}
	}
	custom := Normalizer{Schemes: DefaultSchemes()}
	for _, s := range []string{"http://a/", "mailto:x@y", "HTTP://a:80"} {
		u := MustParse(s)
		want := 0.0
		if u.Normalize() != u {
			want = 1
		}
		if n := testing.AllocsPerRun(100, func() { _ = custom.Normalize(u) }); n != want {
			t.Errorf("Normalize(%q) with a caller's table allocates %v times, want %v", s, n, want)
		}
	}
	sorted := Normalizer{Flags: SortQuery | DropTrailingSlash | DropDirectoryIndex | CollapseSlashes}
	u := MustParse("http://a//b/index.html/?c=3&b=2&a=1")
	if n := testing.AllocsPerRun(100, func() { _ = sorted.Normalize(u) }); n != 1 {
		t.Errorf("Normalize(%q) with flags allocates %v times, want 1", u, n)
	}
}

var (
	_ encoding.TextMarshaler   = NormalizeFlags(0)
	_ encoding.TextUnmarshaler = (*NormalizeFlags)(nil)
)

// TestNormalizeFlagsText checks the text form of every flag by its
// documented name, lists in both directions, and the errors.
func TestNormalizeFlagsText(t *testing.T) {
	for _, tc := range []struct {
		f    NormalizeFlags
		text string
	}{
		{0, ""},
		{SyntaxOnly, "syntax-only"},
		{DropEmptyQuery, "drop-empty-query"},
		{DropEmptyFragment, "drop-empty-fragment"},
		{DropFragment, "drop-fragment"},
		{SortQuery, "sort-query"},
		{DropTrailingSlash, "drop-trailing-slash"},
		{DropDirectoryIndex, "drop-directory-index"},
		{DecodeSafe, "decode-safe"},
		{CollapseSlashes, "collapse-slashes"},
		{SortQuery | DropFragment, "drop-fragment,sort-query"},
	} {
		b, err := tc.f.MarshalText()
		if err != nil || string(b) != tc.text {
			t.Errorf("%v.MarshalText() = %q, %v; want %q", tc.f, b, err, tc.text)
		}
		var g NormalizeFlags
		if err := g.UnmarshalText([]byte(tc.text)); err != nil || g != tc.f {
			t.Errorf("UnmarshalText(%q) = %v, %v; want %v", tc.text, g, err, tc.f)
		}
	}
	g := DecodeSafe
	if err := g.UnmarshalText([]byte(" sort-query ,, drop-fragment,")); err != nil || g != SortQuery|DropFragment {
		t.Errorf("UnmarshalText with spaces and empty items = %v, %v; want the two flags only", g, err)
	}
	g = DecodeSafe
	if err := g.UnmarshalText([]byte("sort-query,SortQuery")); err == nil || g != DecodeSafe {
		t.Errorf("UnmarshalText of an unknown name = %v, %v; want an error and no change", g, err)
	}
	if _, err := (CollapseSlashes << 1).MarshalText(); err == nil {
		t.Errorf("MarshalText of an unknown bit: no error")
	}
}

// SortQuery is a stable sort by name at any length: a query of many
// parameters with a few names in a scrambled order comes out with the names
// in byte order and, under each name, the values in their first order. The
// expectation is built by bucketing, not by sorting.
func TestSortQueryStableLong(t *testing.T) {
	names := []string{"k", "a", "kk", "", "b", "a0", "_", "Z"}
	for _, n := range []int{13, 33, 500, 5000} {
		var in strings.Builder
		in.WriteString("http://h/?")
		byName := map[string][]string{}
		x := uint32(n)
		for i := range n {
			x = x*1664525 + 1013904223 // a fixed scramble, the same every run
			name := names[x>>29]
			if i > 0 {
				in.WriteByte('&')
			}
			p := name + "=" + strconv.Itoa(i)
			in.WriteString(p)
			byName[name] = append(byName[name], p)
		}
		var want []string
		for _, name := range []string{"", "Z", "_", "a", "a0", "b", "k", "kk"} { // byte order
			want = append(want, byName[name]...)
		}
		u := MustParse(in.String())
		got := Normalizer{Flags: SortQuery}.Normalize(u).Query()
		if w := strings.Join(want, "&"); got != w {
			t.Errorf("%d parameters: sorted query differs\n got %.200s\nwant %.200s", n, got, w)
		}
	}
}
