package site

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/ferret-go/uri"
	"golang.org/x/net/publicsuffix"
)

// toASCII maps a Unicode domain to A-labels with the uri package's IDNA, so
// that the list's Unicode expectations compare with this package's A-label
// results.
func toASCII(t *testing.T, d string) string {
	t.Helper()
	i, err := uri.ParseIRI("//" + d)
	if err != nil {
		t.Fatal(err)
	}
	u, err := i.ToURI()
	if err != nil {
		t.Fatal(err)
	}
	return u.Host()
}

// TestPSL runs every case of the Public Suffix List's tests/test_psl.txt
// (testdata/README.md): checkPublicSuffix(domain, registrable domain or null).
func TestPSL(t *testing.T) {
	f, err := os.Open("testdata/test_psl.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line, ok := strings.CutPrefix(sc.Text(), "checkPublicSuffix(")
		if !ok {
			continue
		}
		line = strings.TrimSuffix(line, ");")
		in, want, ok := strings.Cut(line, ", ")
		if !ok {
			t.Fatalf("bad line %q", sc.Text())
		}
		n++
		unquote := func(s string) (string, bool) {
			if s == "null" {
				return "", false
			}
			return strings.Trim(s, "'"), true
		}
		in, inOK := unquote(in)
		want, wantOK := unquote(want)
		if !inOK {
			in = "" // null input: the empty host
		}
		got, ok := HostRegistrableDomain(in)
		if wantOK {
			want = toASCII(t, want)
		}
		if ok != wantOK || got != want {
			t.Errorf("HostRegistrableDomain(%q) = %q, %v; want %q, %v", in, got, ok, want, wantOK)
		}
	}
	if n != 78 {
		t.Errorf("read %d cases, want the file's 78", n)
	}
}

func TestHostPublicSuffix(t *testing.T) {
	for _, c := range []struct {
		in, want  string
		icann, ok bool
	}{
		// x/net/publicsuffix's table: ICANN rules, private rules and the
		// implicit "*" rule.
		{"www.example.com", "com", true, true},
		{"foo.github.io", "github.io", false, true},
		{"a.b.example", "example", false, true},
		{"WWW.Example.CO.UK", "co.uk", true, true},
		{"example.com.", "com.", true, true},
		{"食狮.公司.cn", "xn--55qx5d.cn", true, true},
		{"192.168.0.1", "", false, false},
		{"[::1]", "", false, false},
		{"", "", false, false},
		{"a..com", "", false, false},
		{".com", "", false, false},
		// UTS #46 maps U+200B (zero width space) to nothing: no name is
		// left (found by FuzzSite, which saw an index out of range).
		{"\u200b", "", false, false},
		{"\u200b.", "", false, false},
	} {
		got, icann, ok := HostPublicSuffix(c.in)
		if got != c.want || icann != c.icann || ok != c.ok {
			t.Errorf("HostPublicSuffix(%q) = %q, %v, %v; want %q, %v, %v", c.in, got, icann, ok, c.want, c.icann, c.ok)
		}
	}
}

func TestRegistrableDomainURI(t *testing.T) {
	for _, c := range []struct {
		in, want string
		ok       bool
	}{
		{"https://www.Example.COM:8080/a", "example.com", true},
		{"https://foo.github.io/", "foo.github.io", true},
		{"https://github.io/", "", false},
		{"http://127.0.0.1/", "", false},
		{"http://[2001:db8::1]/", "", false},
		{"mailto:a@example.com", "", false},
		{"http://ex%61mple.com/", "example.com", true},
		{"file:///etc/passwd", "", false},
	} {
		got, ok := RegistrableDomain(uri.MustParse(c.in))
		if got != c.want || ok != c.ok {
			t.Errorf("RegistrableDomain(%q) = %q, %v; want %q, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

// The examples of RFC 6454, section 3.2.1.
func TestSameOriginRFC6454(t *testing.T) {
	same := []string{"http://example.com/", "http://example.com:80/", "http://example.com/path/file"}
	for _, a := range same {
		for _, b := range same {
			if !SameOrigin(uri.MustParse(a), uri.MustParse(b)) {
				t.Errorf("SameOrigin(%q, %q) = false", a, b)
			}
		}
	}
	different := []string{"http://example.com/", "http://example.com:8080/", "http://www.example.com/",
		"https://example.com:80/", "https://example.com/", "http://example.org/", "http://ietf.org/"}
	for i, a := range different {
		for j, b := range different {
			if got := SameOrigin(uri.MustParse(a), uri.MustParse(b)); got != (i == j) {
				t.Errorf("SameOrigin(%q, %q) = %v", a, b, got)
			}
		}
	}
}

func TestOriginString(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		// RFC 6454, section 6.2: scheme "://" host [":" port], the port
		// omitted when it is the default.
		{"http://example.com/", "http://example.com"},
		{"HTTP://EXAMPLE.com:80/x", "http://example.com"},
		{"https://example.com:8443/", "https://example.com:8443"},
		{"http://[2001:DB8::1]:81/", "http://[2001:db8::1]:81"},
		{"foo://example.com/", "foo://example.com"},
		{"foo://example.com:7/", "foo://example.com:7"},
		// Opaque origins (section 4): no authority, a file URI, a relative
		// reference, an empty host, a port too large.
		{"mailto:a@example.com", "null"},
		{"file:///etc/passwd", "null"},
		{"//example.com/", "null"},
		{"http:///x", "null"},
		{"http://a:99999/", "null"},
	} {
		if got := OriginOf(uri.MustParse(c.in)).String(); got != c.want {
			t.Errorf("OriginOf(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	o := OriginOf(uri.MustParse("data:,x"))
	if o.Same(o) {
		t.Error("an opaque origin is the same as itself by Same")
	}
}

// The HTML Standard's examples of schemeful same-site ("same site", section
// 7.1.1 "Sites"): same scheme and registrable domain; ports do not count.
func TestSameSite(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"https://example.com/", "https://sub.example.com/", true},
		{"https://example.com/", "https://sub.other.example/", false},
		{"https://example.com/", "http://example.com/", false},
		{"https://example.com:443/", "https://example.com:8443/", true},
		{"https://a.github.io/", "https://b.github.io/", false},
		{"https://a.example.co.uk/", "https://b.example.co.uk/", true},
		{"http://127.0.0.1/", "http://127.0.0.1:81/", true},
		{"http://127.0.0.1/", "http://127.0.0.2/", false},
		{"data:,a", "data:,a", false},
	} {
		if got := SameSite(uri.MustParse(c.a), uri.MustParse(c.b)); got != c.want {
			t.Errorf("SameSite(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
	s, ok := SiteOf(uri.MustParse("https://www.example.co.uk:8443/x"))
	if !ok || s.String() != "https://example.co.uk" {
		t.Errorf("SiteOf = %v, %v", s, ok)
	}
}

// TestListVersion holds ListVersion, and the package documentation that
// repeats it, to the list that golang.org/x/net/publicsuffix embeds in this
// build (its List's String names the list's git revision and date) and to
// the x/net version that go.mod requires: when x/net is updated, this fails
// until both say the new version.
func TestListVersion(t *testing.T) {
	embedded := fmt.Sprint(publicsuffix.List)
	m := regexp.MustCompile(`git revision ([0-9a-f]{40}) \((\d{4}-\d{2}-\d{2})`).FindStringSubmatch(embedded)
	if m == nil {
		t.Fatalf("publicsuffix.List is %q: no git revision and date in it", embedded)
	}
	rev, date := m[1], m[2]
	// The x/net version the module requires (test binaries carry no
	// dependency list in their build information).
	mod, err := os.ReadFile("../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	mv := regexp.MustCompile(`(?m)^\s*(?:require\s+)?golang\.org/x/net\s+(v\S+)`).FindSubmatch(mod)
	if mv == nil {
		t.Fatal("go.mod does not require golang.org/x/net")
	}
	xnet := string(mv[1])
	for _, want := range []string{rev, "(" + date + ")", "golang.org/x/net " + xnet} {
		if !strings.Contains(ListVersion, want) {
			t.Errorf("ListVersion = %q, but the build embeds %q from golang.org/x/net %s: it lacks %q", ListVersion, embedded, xnet, want)
		}
	}
	src, err := os.ReadFile("site.go")
	if err != nil {
		t.Fatal(err)
	}
	doc := strings.Join(strings.Fields(strings.ReplaceAll(string(src), "\n//", "\n")), " ")
	if want := "golang.org/x/net " + xnet + ", carries public_suffix_list.dat at git revision " + rev + " (" + date + ")"; !strings.Contains(doc, want) {
		t.Errorf("the package documentation lacks %q", want)
	}
}

// Hosts of a few megabytes built against each step (the labels, the list's
// lookup, IDNA, lowercasing): quadratic time would not finish.
func TestHostLinearWorstCases(t *testing.T) {
	for _, h := range []string{
		strings.Repeat("a.", 500000) + "com",
		strings.Repeat("A.", 500000) + "CO.UK",
		strings.Repeat("ü.", 200000) + "de",
		strings.Repeat("x", 1000000) + ".kobe.jp",
		strings.Repeat("*.", 300000) + "ck",
	} {
		HostPublicSuffix(h)
		HostRegistrableDomain(h)
		if u, err := uri.Parse("http://" + h + "/"); err == nil {
			OriginOf(u)
			SiteOf(u)
		}
	}
}

// HostRegistrableDomain allocates no more than x/net/publicsuffix's own
// lookup does (one, for the error of its IP-address check), also for a
// host that is a public suffix.
func TestHostRegistrableDomainAllocs(t *testing.T) {
	for _, h := range []string{"www.example.com", "com", "github.io", "example.co.uk."} {
		if n := testing.AllocsPerRun(10, func() { HostRegistrableDomain(h) }); n > 1 {
			t.Errorf("HostRegistrableDomain(%q): %v allocations, want at most 1", h, n)
		}
	}
}
