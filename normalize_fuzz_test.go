package uri

import (
	"strconv"
	"strings"
	"testing"
)

// allNormalizeFlags is every flag, for the fuzz tests.
const allNormalizeFlags = SyntaxOnly | DropEmptyQuery | DropEmptyFragment | DropFragment | SortQuery |
	DropTrailingSlash | DropDirectoryIndex | DecodeSafe | CollapseSlashes

// normalizeSeeds are inputs for the fuzz tests: the RFC's examples and the
// shapes that broke, or could break, the normal forms (dot segments in
// relative references, paths that could turn into an authority, encoded
// dots, hosts that decode to an IPv4address).
var normalizeSeeds = []string{
	"example://a/b/c/%7Bfoo%7D",
	"eXAMPLE://a/./b/../b/%63/%7bfoo%7d",
	"http://example.com", "http://example.com/", "http://example.com:/", "http://example.com:80/",
	"HTTP://www.EXAMPLE.com/", "http://example.com/?", "http://example.com/#",
	"http://a/b/c/d;p?q", "mailto:Joe@Example.COM", "foo://info.example.com?fred",
	"foo:/.//bar", "foo:a/..//b", "foo:.//a", "/.//a", "//h/.//a", "/a/..//b",
	"a/../../b", "a/..", "..", ".", "./", "../", "./a:b", ".//a", "a/..//b", "x/../a%3Ab",
	"../a:b", "a/./b/.", "%2e", "%2E%2e/a", "/.%2e/b", "a/%2E%2E/..", "",
	"http://%31.2.3.4/", "http://%31%32%37.0.0.1:8080/", "http://1.2.3.4/", "http://a:0080/",
	"http://[2001:DB8:0:0:1::1]/", "http://[::FFFF:1.2.3.4]:/", "//[v1F.AbC]/", "file://LocalHost/x",
	"http://U%3aP@H%41ST:0/%7Efoo?%7e=%2a&b=%3A#%2F%7E", "ftp://a:21", "wss://a:443?x",
	"?b=2&a=1&a=0&&c", "#", "?", "http://a/index.html", "index.html", "a/index.html/", "/a//b//",
	"foo:index.html", "foo:a/index.HTML", "%3A", "./%3A", "a/..%2F", "//a:/", "http://a/b/../../../c",
}

func FuzzNormalize(f *testing.F) {
	for _, s := range normalizeSeeds {
		f.Add(s, uint16(0))
		f.Add(s, uint16(allNormalizeFlags&^SyntaxOnly))
	}
	f.Fuzz(func(t *testing.T, s string, flags uint16) {
		u, err := Parse(s)
		if err != nil {
			return
		}
		for _, n := range []Normalizer{
			{},
			{Flags: SyntaxOnly},
			{Flags: NormalizeFlags(flags) & allNormalizeFlags},
		} {
			checkNormalizer(t, n, u)
		}
		checkSyntaxBased(t, u)
		checkResolution(t, u)
	})
}

// resolutionBases are base URIs with a hierarchical path (an authority, or
// a path that begins with "/"), against which a reference and its normal
// form must resolve alike.
var resolutionBases = []URI{
	MustParse("http://a/b/c/d;p?q"), // RFC 3986, section 5.4
	MustParse("foo:/x/y/z/w/v/u?q"),
	MustParse("foo://h"),
	MustParse("foo://h/"),
	MustParse("foo:/"),
}

// checkResolution checks that normalizing a reference does not change its
// target URI (RFC 3986, section 5.2), up to normalization of the target:
// this is what section 6.1 means by comparing references after resolving
// them. Bases with a rootless path ("foo:a/b") or none ("foo:") are left out:
// on a rootless path remove_dot_segments does not treat ".." the same at
// the start and further on (it turns "a/../b" into "/b" but "b" into "b"),
// so no normal form of a relative path can resolve alike against them.
// Neither are references with an encoded dot segment ("%2E%2E"): section
// 2.3 makes it equivalent to "..", which normalization removes, but
// resolution does not decode, so it takes "%2E%2E" for a plain segment.
func checkResolution(t *testing.T, u URI) {
	t.Helper()
	if hasEncodedDotSegment(u.Path()) {
		return
	}
	for _, n := range []Normalizer{{}, {Flags: SyntaxOnly}} {
		r := n.Normalize(u)
		for _, base := range resolutionBases {
			a, err1 := base.Resolve(u)
			b, err2 := base.Resolve(r)
			if err1 != nil || err2 != nil {
				t.Fatalf("Resolve(%q, %q / %q): %v / %v", base, u, r, err1, err2)
			}
			if n.Key(a) != n.Key(b) {
				t.Fatalf("flags %v: %q normalizes to %q; against %q they resolve to %q and %q, which normalize to %q and %q",
					n.Flags, u, r, base, a, b, n.Key(a), n.Key(b))
			}
		}
	}
}

// checkNormalizer checks the properties that every normal form must have.
func checkNormalizer(t *testing.T, n Normalizer, u URI) {
	t.Helper()
	r := n.Normalize(u)
	checkLayout(t, r)
	// The text parses, to exactly the components (and host kind and
	// address) the normal form was built with.
	v, err := Parse(r.String())
	if err != nil {
		t.Fatalf("flags %v: %q normalizes to %q, which does not parse: %v", n.Flags, u, r, err)
	}
	if v != r {
		t.Fatalf("flags %v: %q normalizes to %#v, which parses to different components: %#v", n.Flags, u, r, v)
	}
	// Idempotent.
	if rr := n.Normalize(r); rr != r {
		t.Fatalf("flags %v: not idempotent: %q -> %q -> %q", n.Flags, u, r, rr)
	}
	// The read-only pass agrees with the building pass, both ways.
	built := n.appendNormal(nil, u, nil)
	if got := n.isNormal(u); got != (string(built) == u.s) {
		t.Fatalf("flags %v: isNormal(%q) = %v, but the normal form is %q", n.Flags, u, got, built)
	}
	if n.isNormal(u) && r != u {
		t.Fatalf("flags %v: %q is normal, Normalize gave a different value %#v", n.Flags, u, r)
	}
	if !n.Equal(u, r) || !n.Equal(r, u) {
		t.Fatalf("flags %v: %q is not Equal to its normal form %q", n.Flags, u, r)
	}
	if k := n.Key(u); k != r.String() {
		t.Fatalf("flags %v: Key(%q) = %q, want %q", n.Flags, u, k, r)
	}
}

// checkSyntaxBased checks syntax-based normalization (RFC 3986, section
// 6.2.2) component by component against a direct reading of the RFC: it
// must not change what the reference means.
func checkSyntaxBased(t *testing.T, u URI) {
	t.Helper()
	r := Normalizer{Flags: SyntaxOnly}.Normalize(u)
	fail := func(what string, got, want any) {
		t.Helper()
		t.Fatalf("%q -> %q: %s is %q, want %q", u, r, what, got, want)
	}
	if got, want := r.Scheme(), strings.ToLower(u.Scheme()); got != want {
		fail("scheme", got, want)
	}
	if r.HasAuthority() != u.HasAuthority() || r.HasUserinfo() != u.HasUserinfo() || r.HasPort() != u.HasPort() ||
		r.HasQuery() != u.HasQuery() || r.HasFragment() != u.HasFragment() {
		t.Fatalf("%q -> %q: a component appeared or disappeared", u, r)
	}
	if got, want := r.Userinfo(), refPct(u.Userinfo(), false); got != want {
		fail("userinfo", got, want)
	}
	switch u.HostKind() {
	case HostIPv6:
		if got, want := r.Host(), "["+u.Addr().String()+"]"; got != want || r.Addr() != u.Addr() {
			fail("IPv6 host", got, want)
		}
	default:
		if got, want := r.Host(), refPct(u.Host(), true); got != want {
			fail("host", got, want)
		}
	}
	if r.Port() != u.Port() {
		fail("port", r.Port(), u.Port())
	}
	if got, want := r.Query(), refPct(u.Query(), false); got != want {
		fail("query", got, want)
	}
	if got, want := r.Fragment(), refPct(u.Fragment(), false); got != want {
		fail("fragment", got, want)
	}
	// The path must resolve the same (RFC 3986, section 5.2): for a URI or
	// an absolute path, remove_dot_segments gives the same; for a relative
	// path, so does merging with any base directory first.
	got, want := r.Path(), refPct(u.Path(), false)
	relative := u.IsRelative() && !u.HasAuthority() && want != "" && want[0] != '/'
	rest := got // what must be free of dot segments
	if relative {
		for strings.HasPrefix(rest, "../") {
			rest = rest[3:]
		}
		rest = strings.TrimPrefix(rest, "./")
	} else if !u.HasAuthority() && strings.HasPrefix(rest, "/.//") {
		rest = rest[2:]
	}
	if hasDotSegment(rest) {
		fail("path (dot segments left)", got, want)
	}
	if !relative {
		if RemoveDotSegments(got) != RemoveDotSegments(want) {
			fail("path", got, want)
		}
		return
	}
	if got == "" {
		fail("relative path", got, want)
	}
	dir := "/"
	for range strings.Count(want, "..") + 2 {
		if g, w := RemoveDotSegments(dir+got), RemoveDotSegments(dir+want); g != w {
			t.Fatalf("%q -> %q: against base directory %q the path resolves to %q, want %q", u, r, dir, g, w)
		}
		dir += "d" + strconv.Itoa(len(dir)) + "/"
	}
}

// refPct normalizes the percent-encodings of s as RFC 3986, sections
// 6.2.2.1 and 6.2.2.2 say, written independently of the package's code:
// decode the unreserved characters (section 2.3), uppercase the hexadecimal
// digits of the other triplets; with lowercase (a host), fold letters too.
func refPct(s string, lowercase bool) string {
	const unreserved = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' {
			v, err := strconv.ParseUint(s[i+1:i+3], 16, 8)
			if err != nil {
				panic(err)
			}
			if strings.IndexByte(unreserved, byte(v)) < 0 {
				b.WriteString("%" + strings.ToUpper(s[i+1:i+3]))
				i += 2
				continue
			}
			c = byte(v)
			i += 2
		}
		if lowercase && c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		b.WriteByte(c)
	}
	return b.String()
}

func FuzzEqual(f *testing.F) {
	for i, s := range normalizeSeeds {
		f.Add(s, normalizeSeeds[(i+1)%len(normalizeSeeds)], uint16(0))
		f.Add(s, s, uint16(allNormalizeFlags))
	}
	f.Add("example://a/b/c/%7Bfoo%7D", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d", uint16(0))
	f.Fuzz(func(t *testing.T, a, b string, flags uint16) {
		u, err1 := Parse(a)
		v, err2 := Parse(b)
		if err1 != nil || err2 != nil {
			return
		}
		n := Normalizer{Flags: NormalizeFlags(flags) & allNormalizeFlags}
		eq := n.Equal(u, v)
		if want := n.Key(u) == n.Key(v); eq != want {
			t.Fatalf("flags %v: Equal(%q, %q) = %v, but the keys are %q and %q", n.Flags, a, b, eq, n.Key(u), n.Key(v))
		}
		if eq != n.Equal(v, u) {
			t.Fatalf("flags %v: Equal(%q, %q) is not symmetric", n.Flags, a, b)
		}
	})
}
