package uri

import (
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"
)

// resolutionExample is one row of testdata/resolution-examples.tsv: the
// example tables of RFC 3986 (5.4), RFC 2396 (Appendix C) and RFC 1808 (5).
type resolutionExample struct {
	resolver                Resolver
	base, reference, target string
}

func loadResolutionExamples(tb testing.TB) []resolutionExample {
	tb.Helper()
	data, err := os.ReadFile("testdata/resolution-examples.tsv")
	if err != nil {
		tb.Fatal(err)
	}
	var out []resolutionExample
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 4 {
			tb.Fatalf("bad line %q", line)
		}
		std, mode, _ := strings.Cut(f[0], "/")
		n, err := strconv.Atoi(std)
		if err != nil {
			tb.Fatalf("bad standard in %q", line)
		}
		r := Resolver{Standard: Standard(n), NonStrict: mode == "non-strict"}
		out = append(out, resolutionExample{r, f[1], f[2], f[3]})
	}
	return out
}

func TestResolveExamples(t *testing.T) {
	examples := loadResolutionExamples(t)
	count := map[Standard]int{}
	for _, ex := range examples {
		got, err := ex.resolver.Resolve(MustParse(ex.base), MustParse(ex.reference))
		if err != nil {
			t.Errorf("%+v: %v", ex, err)
			continue
		}
		if got.String() != ex.target {
			t.Errorf("%v: resolve %q against %q = %q, want %q", ex.resolver, ex.reference, ex.base, got, ex.target)
		}
		checkSameAsParse(t, got)
		count[ex.resolver.Standard]++
	}
	// Every row of the three tables, and the non-strict variants.
	if count[RFC3986] != 43 || count[RFC2396] != 43 || count[RFC1808] != 39 {
		t.Errorf("examples per standard: %v", count)
	}
	// The zero Resolver is strict RFC 3986.
	for _, ex := range examples {
		if ex.resolver == (Resolver{Standard: RFC3986}) {
			got, _ := MustParse(ex.base).Resolve(MustParse(ex.reference))
			if got.String() != ex.target {
				t.Errorf("URI.Resolve(%q, %q) = %q, want %q", ex.base, ex.reference, got, ex.target)
			}
		}
	}
}

// checkSameAsParse fails when u differs from what parsing its text gives:
// the offsets a resolution computes must be the parser's.
func checkSameAsParse(t *testing.T, u URI) {
	t.Helper()
	p, err := Parse(u.String())
	if err != nil {
		t.Errorf("result %q does not parse: %v", u, err)
		return
	}
	if p != u {
		t.Errorf("result %q: value %#v differs from its parse %#v", u, u, p)
	}
}

func TestResolveNonStrict(t *testing.T) {
	base := MustParse("http://a/b/c/d;p?q")
	for _, tc := range []struct {
		std       Standard
		ref, want string
	}{
		// RFC 3986, section 5.4.2: "for backward compatibility".
		{RFC3986, "http:g", "http://a/b/c/g"},
		// RFC 2396, Appendix C.2: "for backwards compatibility".
		{RFC2396, "http:g", "http://a/b/c/g"},
		{RFC1808, "http:g", "http://a/b/c/g"},
		{RFC3986, "HTTP:g", "http://a/b/c/g"}, // schemes are case-insensitive
		{RFC3986, "https:g", "https:g"},
		{RFC3986, "http://x/y", "http://x/y"},
		{RFC3986, "http:?y", "http://a/b/c/d;p?y"},
	} {
		got, err := Resolver{NonStrict: true, Standard: tc.std}.Resolve(base, MustParse(tc.ref))
		if err != nil || got.String() != tc.want {
			t.Errorf("%v non-strict: %q = %q, %v; want %q", tc.std, tc.ref, got, err, tc.want)
		}
	}
}

func TestResolveEdges(t *testing.T) {
	for _, tc := range []struct{ base, ref, want string }{
		// Section 5.2.3: a base with an authority and an empty path.
		{"http://a", "g", "http://a/g"},
		{"http://a", "", "http://a"},
		{"http://a", "?q", "http://a?q"},
		{"http://a?b", "#f", "http://a?b#f"},
		// The base's fragment is ignored (section 5.1).
		{"http://a/b#frag", "", "http://a/b"},
		{"http://a/b#frag", "#g", "http://a/b#g"},
		{"http://a/b?q#frag", "#", "http://a/b?q#"},
		// Absent and empty stay apart.
		{"http://a/b?q", "?", "http://a/b?"},
		{"http://a/b?q", "#", "http://a/b?q#"},
		{"http://a/b", "c?#", "http://a/c?#"},
		{"http://a/b", "//", "http:" + "//"},
		{"http://u@a:8/b", "c", "http://u@a:8/c"},
		{"http://a:/b", "//h:/c", "http://h:/c"},
		// A path that would begin with "//" without an authority.
		{"foo:/a", ".//b", "foo:/.//b"},
		{"foo:/a/", "..//b", "foo:/.//b"},
		{"foo:a", "/.//bar", "foo:/.//bar"},
		{"foo:/", ".//", "foo:/.//"},
		{"foo:", "/.//x", "foo:/.//x"},
		// With an authority, "//" in the path is fine.
		{"http://a/b", ".//c", "http://a//c"},
		// Bases without authority.
		{"mailto:a@b", "c@d", "mailto:c@d"},
		{"urn:a:b", "c:d", "c:d"},
		{"urn:a:b", "./c:d", "urn:c:d"},
		{"foo:a/b", "c", "foo:a/c"},
		{"foo:a/b", "../c", "foo:/c"}, // 5.2.4 step 2C on a rootless merged path
		{"foo:", "x", "foo:x"},
		{"foo:?q", "", "foo:?q"},
		// IP literals travel with the authority.
		{"http://[::1]:80/a", "b", "http://[::1]:80/b"},
		{"http://a/b", "//[v7.x]/c", "http://[v7.x]/c"},
		{"http://a/b", "//10.0.0.1/c", "http://10.0.0.1/c"},
		// A reference with a scheme is taken as it is, dot segments removed.
		{"http://a/b", "ftp://x/./y/../z", "ftp://x/z"},
		{"http://a/b", "ftp:/./y/../z", "ftp:/z"},
		{"http://a/b", "ftp:.//x", "ftp:/x"}, // step 2A removes "./"
		// Long merged paths, longer than the stack buffer.
		{"http://a/" + repeat("x/", 200), "../y", "http://a/" + repeat("x/", 199) + "y"},
	} {
		base, ref := MustParse(tc.base), MustParse(tc.ref)
		got, err := base.Resolve(ref)
		if err != nil || got.String() != tc.want {
			t.Errorf("resolve %q against %q = %q, %v; want %q", tc.ref, tc.base, got, err, tc.want)
			continue
		}
		checkSameAsParse(t, got)
	}
}

func repeat(s string, n int) string {
	b := make([]byte, 0, len(s)*n)
	for range n {
		b = append(b, s...)
	}
	return string(b)
}

func TestResolveErrors(t *testing.T) {
	_, err := MustParse("a/b").Resolve(MustParse("c"))
	var e *Error
	if !errors.As(err, &e) || !errors.Is(err, ErrMissingScheme) || e.Input != "a/b" {
		t.Errorf("relative base: err = %v, want *Error with ErrMissingScheme on the base", err)
	}
	_, err = Resolver{Standard: 2616}.Resolve(MustParse("http://a"), MustParse("b"))
	if !errors.Is(err, ErrUnknownStandard) || !errors.As(err, &e) || e.Input != "2616" ||
		err.Error() != "uri: unknown resolution standard 2616" {
		t.Errorf("unknown standard: err = %v, want an *Error matching ErrUnknownStandard", err)
	}
}

func TestResolveAllocs(t *testing.T) {
	base := MustParse("http://a/b/c/d;p?q")
	for _, tc := range []struct {
		ref  string
		want float64
	}{
		{"g", 1}, {"../g", 1}, {"../../../g", 1}, {"?y", 1}, {"#s", 1}, {"//g/./x", 1},
		{"", 0}, {"http://x/y", 0},
	} {
		ref := MustParse(tc.ref)
		if n := testing.AllocsPerRun(100, func() { _, _ = base.Resolve(ref) }); n != tc.want {
			t.Errorf("resolve %q: %v allocations, want %v", tc.ref, n, tc.want)
		}
	}
}

func TestRemoveDotSegments(t *testing.T) {
	for _, tc := range [][2]string{
		// The two traces of RFC 3986, section 5.2.4.
		{"/a/b/c/./../../g", "/a/g"},
		{"mid/content=5/../6", "mid/6"},
		{"", ""}, {"/", "/"}, {".", ""}, {"..", ""}, {"./", ""}, {"../", ""},
		{"/.", "/"}, {"/..", "/"}, {"/./", "/"}, {"/../", "/"},
		{"a/..", "/"}, {"a/.", "a/"}, {"../a", "a"}, {"./a", "a"}, {".././a", "a"},
		{"/a/b/..", "/a/"}, {"/a/./b/", "/a/b/"}, {"/a/b/../../..", "/"},
		{"/a//../b", "/a/b"}, {"/a/.../b", "/a/.../b"}, {"/a/.b/..c/", "/a/.b/..c/"},
		{"/%2E/a", "/%2E/a"}, // not a dot segment until decoded
		{"a/b/c", "a/b/c"},
	} {
		if got := RemoveDotSegments(tc[0]); got != tc[1] {
			t.Errorf("RemoveDotSegments(%q) = %q, want %q", tc[0], got, tc[1])
		}
	}
	if n := testing.AllocsPerRun(100, func() { RemoveDotSegments("/a/b/c") }); n != 0 {
		t.Errorf("RemoveDotSegments of a clean path allocates %v times", n)
	}
}
