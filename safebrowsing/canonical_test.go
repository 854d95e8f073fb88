package safebrowsing

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"unsafe"
)

// docV4 is the v4 "URLs and Hashing" document
// (https://developers.google.com/safe-browsing/v4/urls-hashing), whose
// "Canonicalization" section lists these tests, as the Web Risk copy
// (https://cloud.google.com/web-risk/docs/urls-hashing) does. The current
// document (https://developers.google.com/safe-browsing/reference/URLs.and.Hashing)
// has the same canonicalization steps and no list of tests; the Safe
// Browsing API v2 developer's guide had the same list with one difference,
// the port (see the package documentation).
const docV4 = "URLs and Hashing v4, Canonicalization tests"

var canonicalTests = []struct{ in, want, source string }{
	{"http://host/%25%32%35", "http://host/%25", docV4},
	{"http://host/%25%32%35%25%32%35", "http://host/%25%25", docV4},
	{"http://host/%2525252525252525", "http://host/%25", docV4},
	{"http://host/asdf%25%32%35asd", "http://host/asdf%25asd", docV4},
	{"http://host/%%%25%32%35asd%%", "http://host/%25%25%25asd%25%25", docV4},
	{"http://www.google.com/", "http://www.google.com/", docV4},
	{"http://%31%36%38%2e%31%38%38%2e%39%39%2e%32%36/%2E%73%65%63%75%72%65/%77%77%77%2E%65%62%61%79%2E%63%6F%6D/", "http://168.188.99.26/.secure/www.ebay.com/", docV4},
	{"http://195.127.0.11/uploads/%20%20%20%20/.verify/.eBaysecure=updateuserdataxplimnbqmn-xplmvalidateinfoswqpcmlx=hgplmcx/", "http://195.127.0.11/uploads/%20%20%20%20/.verify/.eBaysecure=updateuserdataxplimnbqmn-xplmvalidateinfoswqpcmlx=hgplmcx/", docV4},
	{"http://host%23.com/%257Ea%2521b%2540c%2523d%2524e%25f%255E00%252611%252A22%252833%252944_55%252B", "http://host%23.com/~a!b@c%23d$e%25f^00&11*22(33)44_55+", docV4},
	{"http://3279880203/blah", "http://195.127.0.11/blah", docV4},
	{"http://www.google.com/blah/..", "http://www.google.com/", docV4},
	{"www.google.com/", "http://www.google.com/", docV4},
	{"www.google.com", "http://www.google.com/", docV4},
	{"http://www.evil.com/blah#frag", "http://www.evil.com/blah", docV4},
	{"http://www.GOOgle.com/", "http://www.google.com/", docV4},
	{"http://www.google.com.../", "http://www.google.com/", docV4},
	{"http://www.google.com/foo\tbar\rbaz\n2", "http://www.google.com/foobarbaz2", docV4},
	{"http://www.google.com/q?", "http://www.google.com/q?", docV4},
	{"http://www.google.com/q?r?", "http://www.google.com/q?r?", docV4},
	{"http://www.google.com/q?r?s", "http://www.google.com/q?r?s", docV4},
	{"http://evil.com/foo#bar#baz", "http://evil.com/foo", docV4},
	{"http://evil.com/foo;", "http://evil.com/foo;", docV4},
	{"http://evil.com/foo?bar;", "http://evil.com/foo?bar;", docV4},
	{"http://\x01\x80.com/", "http://%01%80.com/", docV4},
	{"http://notrailingslash.com", "http://notrailingslash.com/", docV4},
	// The v2 guide keeps the port; the v4 and Web Risk copies give
	// "http://www.gotaport.com/" (see the package documentation).
	{"http://www.gotaport.com:1234/", "http://www.gotaport.com:1234/", "Safe Browsing API v2 developer's guide, Canonicalization tests"},
	{"  http://www.google.com/  ", "http://www.google.com/", docV4},
	{"http:// leadingspace.com/", "http://%20leadingspace.com/", docV4},
	{"http://%20leadingspace.com/", "http://%20leadingspace.com/", docV4},
	{"%20leadingspace.com/", "http://%20leadingspace.com/", docV4},
	{"https://www.securesite.com/", "https://www.securesite.com/", docV4},
	{"http://host.com/ab%23cd", "http://host.com/ab%23cd", docV4},
	{"http://host.com//twoslashes?more//slashes", "http://host.com/twoslashes?more//slashes", docV4},
	// The examples in the text of the current document.
	{"http://google.com/#frag", "http://google.com/", "URLs and Hashing (current), Canonicalization, second step"},
	{"http://[2001:0db8:0000::1]/", "http://[2001:db8::1]/", "URLs and Hashing (current), hostname step 4"},
	{"http://[::ffff:1.2.3.4]/", "http://1.2.3.4/", "URLs and Hashing (current), hostname step 4"},
	{"http://[64:ff9b::1.2.3.4]/", "http://1.2.3.4/", "URLs and Hashing (current), hostname step 4"},
	// The Yandex Safe Browsing copy of the document
	// (https://yandex.com/dev/safebrowsing/doc/en/concepts/url-hash), whose
	// example escapes a "/" in the path.
	{"http://%32%31%33%2e%31%38%30%2e%32%31%30%2e5/%2e%73%65%63%75%72%65%2f%77%77%77%2e%6d%6f%69%6b%72%75%67%2e%72%75/", "http://213.180.210.5/.secure/www.moikrug.ru/", "Yandex Safe Browsing, URL and hashing, Example"},
	// GoogleURLCanonicalizerTest.java as internetarchive/surt
	// tests/test_surt.py copies it (IP forms; inet_aton's reading).
	{"http://017.0.0.1/", "http://15.0.0.1/", "internetarchive/surt test_attemptIPFormats"},
	{"http://10.0.258/", "http://10.0.1.2/", "internetarchive/surt test_attemptIPFormats"},
	{"http://1.2.3.256/", "http://1.2.3.256/", "internetarchive/surt test_attemptIPFormats (not an address)"},
	// This package's documented choices: default ports, userinfo.
	{"http://a.com:80/", "http://a.com/", "package doc (default port)"},
	{"https://a.com:443/", "https://a.com/", "package doc (default port)"},
	{"http://a.com:/", "http://a.com/", "package doc (empty port)"},
	{"http://user:pw@a.com/", "http://a.com/", "package doc (userinfo)"},
	{"HTTP://0x7f.1/", "http://127.0.0.1/", "package doc (inet_aton forms)"},
	// A name that IDNA maps to "%41" is kept as it is, so that the
	// canonical form is its own.
	{"http://%ef%bc%85%ef%bc%94%ef%bc%91.com/", "http://%EF%BC%85%EF%BC%94%EF%BC%91.com/", "package doc (step 6)"},
	// What IDNA gives goes through the dots and the IPv4 step again:
	// subscript two is "2", the address 0.0.0.2 (found by
	// FuzzCanonicalize).
	{"%e2\x82\x82", "http://0.0.0.2/", "package doc (step 6)"},
	{"http://1.%e2%82%82/", "http://1.0.0.2/", "package doc (step 6)"},
}

func TestCanonicalize(t *testing.T) {
	for _, c := range canonicalTests {
		got, err := Canonicalize(c.in)
		if err != nil || got != c.want {
			t.Errorf("Canonicalize(%q) = %q, %v; want %q (%s)", c.in, got, err, c.want, c.source)
		}
	}
}

// Canonicalizing a canonical URL changes nothing.
func TestCanonicalIdempotent(t *testing.T) {
	for _, c := range canonicalTests {
		got, err := Canonicalize(c.want)
		if err != nil || got != c.want {
			t.Errorf("Canonicalize(%q) = %q, %v; want it unchanged", c.want, got, err)
		}
	}
}

func TestCanonicalizeErrors(t *testing.T) {
	for _, c := range []struct {
		in     string
		err    error
		offset int
	}{
		{"http:///path", ErrNoHost, 7},
		{"http://.../", ErrNoHost, 7},
		{"", ErrNoHost, 0},
		{"http://a:99999/", ErrInvalidPort, 7},
		{"  http://a:x/", ErrInvalidPort, 9},
	} {
		_, err := Parse(c.in)
		var e *Error
		if !errors.Is(err, c.err) || !errors.As(err, &e) || e.Offset != c.offset {
			t.Errorf("Parse(%q) = %v, want %v at offset %d", c.in, err, c.err, c.offset)
		}
	}
}

// Repeated unescaping is linear: a long "%252525..." chain unescapes to
// "%" in one pass.
func TestUnescapeChainLinear(t *testing.T) {
	in := "http://host/%25" + strings.Repeat("25", 1<<20)
	got, err := Canonicalize(in)
	if err != nil || got != "http://host/%25" {
		t.Fatalf("Canonicalize(chain) = %.40q, %v", got, err)
	}
	// Nested triplets: %25 then the digits of %41 escaped.
	got, _ = Canonicalize("http://host/%25%34%31")
	if got != "http://host/A" {
		t.Errorf("got %q", got)
	}
}

var expressionTests = []struct {
	in   string
	want []string
}{
	// The current document's "Host-Suffix Path-Prefix Expressions"
	// examples. (Its page could be read here only in part; the examples
	// are as four independent clients' test suites quote them, all
	// alike, and the host rule as the page's text gives it: the exact
	// host and up to four hosts from the registrable domain up.)
	{"http://a.b.com/1/2.html?param=1", []string{
		"a.b.com/1/2.html?param=1", "a.b.com/1/2.html", "a.b.com/", "a.b.com/1/",
		"b.com/1/2.html?param=1", "b.com/1/2.html", "b.com/", "b.com/1/"}},
	{"http://a.b.c.d.e.f.com/1.html", []string{
		"a.b.c.d.e.f.com/1.html", "a.b.c.d.e.f.com/",
		"c.d.e.f.com/1.html", "c.d.e.f.com/", "d.e.f.com/1.html", "d.e.f.com/",
		"e.f.com/1.html", "e.f.com/", "f.com/1.html", "f.com/"}},
	{"http://example.co.uk/1", []string{"example.co.uk/1", "example.co.uk/"}},
	// The text's example of the host rule: "a.b.example.com" checks
	// example.com, b.example.com and itself.
	{"http://a.b.example.com/", []string{"a.b.example.com/", "b.example.com/", "example.com/"}},
	// The rule where it parts from v4's last five components: a
	// two-label public suffix is never a host, and the four hosts are
	// counted from the registrable domain; a public suffix, in either
	// section of the list, has only itself.
	{"http://a.b.c.d.e.example.co.uk/x", []string{
		"a.b.c.d.e.example.co.uk/x", "a.b.c.d.e.example.co.uk/",
		"c.d.e.example.co.uk/x", "c.d.e.example.co.uk/", "d.e.example.co.uk/x", "d.e.example.co.uk/",
		"e.example.co.uk/x", "e.example.co.uk/", "example.co.uk/x", "example.co.uk/"}},
	{"http://co.uk/a", []string{"co.uk/a", "co.uk/"}},
	{"http://tenant.blogspot.com/", []string{"tenant.blogspot.com/"}},
	// URLs and Hashing v4, Suffix/Prefix Expressions: its three
	// examples, in its order (the current rule gives the same).
	{"http://a.b.c/1/2.html?param=1", []string{
		"a.b.c/1/2.html?param=1", "a.b.c/1/2.html", "a.b.c/", "a.b.c/1/",
		"b.c/1/2.html?param=1", "b.c/1/2.html", "b.c/", "b.c/1/"}},
	{"http://a.b.c.d.e.f.g/1.html", []string{
		"a.b.c.d.e.f.g/1.html", "a.b.c.d.e.f.g/",
		"c.d.e.f.g/1.html", "c.d.e.f.g/", "d.e.f.g/1.html", "d.e.f.g/",
		"e.f.g/1.html", "e.f.g/", "f.g/1.html", "f.g/"}},
	{"http://1.2.3.4/1/", []string{"1.2.3.4/1/", "1.2.3.4/"}},
	// The limits: 5 hosts, the path with and without the query and 4
	// directories from the root; the port is no part of an expression.
	{"http://a.b.c.d.e.f/1/2/3/4/5.html?q", []string{
		"a.b.c.d.e.f/1/2/3/4/5.html?q", "a.b.c.d.e.f/1/2/3/4/5.html", "a.b.c.d.e.f/", "a.b.c.d.e.f/1/", "a.b.c.d.e.f/1/2/", "a.b.c.d.e.f/1/2/3/",
		"b.c.d.e.f/1/2/3/4/5.html?q", "b.c.d.e.f/1/2/3/4/5.html", "b.c.d.e.f/", "b.c.d.e.f/1/", "b.c.d.e.f/1/2/", "b.c.d.e.f/1/2/3/",
		"c.d.e.f/1/2/3/4/5.html?q", "c.d.e.f/1/2/3/4/5.html", "c.d.e.f/", "c.d.e.f/1/", "c.d.e.f/1/2/", "c.d.e.f/1/2/3/",
		"d.e.f/1/2/3/4/5.html?q", "d.e.f/1/2/3/4/5.html", "d.e.f/", "d.e.f/1/", "d.e.f/1/2/", "d.e.f/1/2/3/",
		"e.f/1/2/3/4/5.html?q", "e.f/1/2/3/4/5.html", "e.f/", "e.f/1/", "e.f/1/2/", "e.f/1/2/3/"}},
	{"http://www.gotaport.com:1234/x?y", []string{
		"www.gotaport.com/x?y", "www.gotaport.com/x", "www.gotaport.com/",
		"gotaport.com/x?y", "gotaport.com/x", "gotaport.com/"}},
	{"http://[2001:db8::1]/a/", []string{"[2001:db8::1]/a/", "[2001:db8::1]/"}},
	{"http://localhost/", []string{"localhost/"}},
}

func TestExpressions(t *testing.T) {
	for _, c := range expressionTests {
		u, err := Parse(c.in)
		if err != nil {
			t.Fatal(err)
		}
		got := slices.Collect(u.Expressions())
		if !slices.Equal(got, c.want) {
			t.Errorf("Expressions(%q) =\n%q\nwant\n%q", c.in, got, c.want)
		}
	}
}

// The v4 document's "Hash Computations" unit tests (the FIPS 180-2
// examples, whose truncated prefixes of 4, 6 and 12 bytes the Web Risk
// copy's pseudo-C test gives), and the 4-byte prefixes, the hashes' first
// bytes.
func TestHashes(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
		{"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
		{strings.Repeat("a", 1000000), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"},
	} {
		h := HashExpression(c.in)
		if h.String() != c.want || h.Prefix().String() != c.want[:8] {
			t.Errorf("HashExpression(%.10q) = %v, prefix %v; want %s", c.in, h, h.Prefix(), c.want)
		}
	}
	// TruncatedSha256Prefix(input, bits): the Web Risk copy's expected
	// bytes, verbatim.
	for _, c := range []struct {
		in   string
		want []byte
	}{
		{"abc", []byte{0xba, 0x78, 0x16, 0xbf}},
		{"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", []byte{0x24, 0x8d, 0x6a, 0x61, 0xd2, 0x06}},
		{strings.Repeat("a", 1000000), []byte{0xcd, 0xc7, 0x6e, 0x5c, 0x99, 0x14, 0xfb, 0x92, 0x81, 0xa1, 0xc7, 0xe2}},
	} {
		if h := HashExpression(c.in); !slices.Equal(h[:len(c.want)], c.want) {
			t.Errorf("HashExpression(%.10q)[:%d] = %x, want %x", c.in, len(c.want), h[:len(c.want)], c.want)
		}
	}
	u, _ := Parse("http://a.b.c/1/2.html?param=1")
	n := 0
	for e, h := range u.Hashes() {
		if h != HashExpression(e) {
			t.Errorf("hash of %q", e)
		}
		n++
	}
	if n != 8 {
		t.Errorf("%d hashes, want 8", n)
	}
}

// Inputs of a few megabytes built against each step: quadratic time would
// not finish.
func TestParseLinearWorstCases(t *testing.T) {
	for _, s := range []string{
		"http://" + strings.Repeat("a.", 500000) + "/" + strings.Repeat("../x/", 200000),
		"http://a/" + strings.Repeat("/", 1000000),
		"http://a/" + strings.Repeat("%25%32%35", 300000),
		"http://" + strings.Repeat("%2e", 300000) + "a/",
		strings.Repeat(" \t", 500000) + "a" + strings.Repeat("#", 100000),
	} {
		u, err := Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		for range u.Hashes() {
		}
	}
}

// A URL already in canonical form is its own canonical form, without a
// copy; one that a step changes, however slightly, goes through every
// step. Both give what the steps give.
func TestCanonicalShortcut(t *testing.T) {
	for _, c := range []struct {
		in, want string
		own      bool // the canonical form is the input (its ends and fragment cut)
	}{
		{"http://www.google.com/", "http://www.google.com/", true},
		{"https://a.b.c/d/e/?f=g&h", "https://a.b.c/d/e/?f=g&h", true},
		{"http://a.b/c?d//./..", "http://a.b/c?d//./..", true}, // the query stays
		{"  http://a.b/c#d  ", "http://a.b/c", true},
		{"http://1.2.3.4/x", "http://1.2.3.4/x", true},
		{"http://a.b/.c/..d/", "http://a.b/.c/..d/", true},
		{"ftp://a/", "ftp://a/", true},
		{"http://01.2.3.4/x", "http://1.2.3.4/x", false},
		{"http://1.2.3.4./x", "http://1.2.3.4/x", false},
		{"http://a..b/", "http://a.b/", false},
		{"http://.a/", "http://a/", false},
		{"http://A.b/", "http://a.b/", false},
		{"Http://a.b/", "http://a.b/", false},
		{"http://a.b", "http://a.b/", false},
		{"http://a.b?c", "http://a.b/?c", false},
		{"http://a.b/c//d", "http://a.b/c/d", false},
		{"http://a.b/c/./d", "http://a.b/c/d", false},
		{"http://a.b/c/../d", "http://a.b/d", false},
		{"http://a.b/c/.", "http://a.b/c/", false},
		{"http://a.b/c/..", "http://a.b/", false},
		{"http://a.b/c%41", "http://a.b/cA", false},
		{"http://a.b/c d", "http://a.b/c%20d", false},
		{"http://a.b/c\td", "http://a.b/cd", false},
		{"http://u@a.b/", "http://a.b/", false},
		{"http://a.b:8080/", "http://a.b:8080/", false},
		{"http://[::1]/", "http://[::1]/", false},
		{"www.google.com/", "http://www.google.com/", false},
		// Over 32 bytes, where a copy of the canonical text would be a
		// second allocation: the one of the promise is the text itself.
		{"http://Example.com/a/long/path/with/segments?q=1", "http://example.com/a/long/path/with/segments?q=1", false},
	} {
		u, err := Parse(c.in)
		if err != nil || u.String() != c.want {
			t.Errorf("Parse(%q) = %q, %v; want %q", c.in, u.String(), err, c.want)
			continue
		}
		if slow, err := parseFull(c.in); err != nil || slow != u {
			t.Errorf("Parse(%q) = %+v; the full steps give %+v, %v", c.in, u, slow, err)
		}
		s := u.String()
		own := len(s) > 0 && strings.Contains(c.in, s) && unsafe.StringData(s) == unsafe.StringData(c.in[strings.Index(c.in, s):])
		if own != c.own {
			t.Errorf("Parse(%q): shares the input's memory: %v, want %v", c.in, own, c.own)
		}
		// Parse's promise: none for a canonical URL, one for any other
		// of up to 1 KiB whose host is no IPv6 literal (none needs IDNA).
		want := 1.0
		if c.own {
			want = 0
		}
		if strings.Contains(c.in, "[") {
			continue
		}
		if n := testing.AllocsPerRun(10, func() { u, _ = Parse(c.in) }); n != want {
			t.Errorf("Parse(%q): %v allocations, want %v", c.in, n, want)
		}
	}
}
