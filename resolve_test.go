package uri

import (
	"errors"
	"testing"
)

// The examples of RFC 3986, sections 5.4.1 and 5.4.2, verbatim, against the
// base "http://a/b/c/d;p?q".
var rfc3986Examples = [][2]string{
	// 5.4.1.  Normal Examples
	{"g:h", "g:h"},
	{"g", "http://a/b/c/g"},
	{"./g", "http://a/b/c/g"},
	{"g/", "http://a/b/c/g/"},
	{"/g", "http://a/g"},
	{"//g", "http://g"},
	{"?y", "http://a/b/c/d;p?y"},
	{"g?y", "http://a/b/c/g?y"},
	{"#s", "http://a/b/c/d;p?q#s"},
	{"g#s", "http://a/b/c/g#s"},
	{"g?y#s", "http://a/b/c/g?y#s"},
	{";x", "http://a/b/c/;x"},
	{"g;x", "http://a/b/c/g;x"},
	{"g;x?y#s", "http://a/b/c/g;x?y#s"},
	{"", "http://a/b/c/d;p?q"},
	{".", "http://a/b/c/"},
	{"./", "http://a/b/c/"},
	{"..", "http://a/b/"},
	{"../", "http://a/b/"},
	{"../g", "http://a/b/g"},
	{"../..", "http://a/"},
	{"../../", "http://a/"},
	{"../../g", "http://a/g"},
	// 5.4.2.  Abnormal Examples
	{"../../../g", "http://a/g"},
	{"../../../../g", "http://a/g"},
	{"/./g", "http://a/g"},
	{"/../g", "http://a/g"},
	{"g.", "http://a/b/c/g."},
	{".g", "http://a/b/c/.g"},
	{"g..", "http://a/b/c/g.."},
	{"..g", "http://a/b/c/..g"},
	{"./../g", "http://a/b/g"},
	{"./g/.", "http://a/b/c/g/"},
	{"g/./h", "http://a/b/c/g/h"},
	{"g/../h", "http://a/b/c/h"},
	{"g;x=1/./y", "http://a/b/c/g;x=1/y"},
	{"g;x=1/../y", "http://a/b/c/y"},
	{"g?y/./x", "http://a/b/c/g?y/./x"},
	{"g?y/../x", "http://a/b/c/g?y/../x"},
	{"g#s/./x", "http://a/b/c/g#s/./x"},
	{"g#s/../x", "http://a/b/c/g#s/../x"},
	{"http:g", "http:g"}, // for strict parsers
}

// RFC 2396, Appendix C, base "http://a/b/c/d;p?q". "(current document)" is
// the base without its fragment.
var rfc2396Examples = [][2]string{
	// C.1.  Normal Examples
	{"g:h", "g:h"},
	{"g", "http://a/b/c/g"},
	{"./g", "http://a/b/c/g"},
	{"g/", "http://a/b/c/g/"},
	{"/g", "http://a/g"},
	{"//g", "http://g"},
	{"?y", "http://a/b/c/?y"},
	{"g?y", "http://a/b/c/g?y"},
	{"#s", "http://a/b/c/d;p?q#s"}, // (current document)#s
	{"g#s", "http://a/b/c/g#s"},
	{"g?y#s", "http://a/b/c/g?y#s"},
	{";x", "http://a/b/c/;x"},
	{"g;x", "http://a/b/c/g;x"},
	{"g;x?y#s", "http://a/b/c/g;x?y#s"},
	{".", "http://a/b/c/"},
	{"./", "http://a/b/c/"},
	{"..", "http://a/b/"},
	{"../", "http://a/b/"},
	{"../g", "http://a/b/g"},
	{"../..", "http://a/"},
	{"../../", "http://a/"},
	{"../../g", "http://a/g"},
	// C.2.  Abnormal Examples
	{"", "http://a/b/c/d;p?q"}, // (current document)
	{"../../../g", "http://a/../g"},
	{"../../../../g", "http://a/../../g"},
	{"/./g", "http://a/./g"},
	{"/../g", "http://a/../g"},
	{"g.", "http://a/b/c/g."},
	{".g", "http://a/b/c/.g"},
	{"g..", "http://a/b/c/g.."},
	{"..g", "http://a/b/c/..g"},
	{"./../g", "http://a/b/g"},
	{"./g/.", "http://a/b/c/g/"},
	{"g/./h", "http://a/b/c/g/h"},
	{"g/../h", "http://a/b/c/h"},
	{"g;x=1/./y", "http://a/b/c/g;x=1/y"},
	{"g;x=1/../y", "http://a/b/c/y"},
	{"g?y/./x", "http://a/b/c/g?y/./x"},
	{"g?y/../x", "http://a/b/c/g?y/../x"},
	{"g#s/./x", "http://a/b/c/g#s/./x"},
	{"g#s/../x", "http://a/b/c/g#s/../x"},
	{"http:g", "http:g"}, // for validating parsers
}

// RFC 1808, section 5, base "http://a/b/c/d;p?q#f".
var rfc1808Examples = [][2]string{
	// 5.1.  Normal Examples
	{"g:h", "g:h"},
	{"g", "http://a/b/c/g"},
	{"./g", "http://a/b/c/g"},
	{"g/", "http://a/b/c/g/"},
	{"/g", "http://a/g"},
	{"//g", "http://g"},
	{"?y", "http://a/b/c/d;p?y"},
	{"g?y", "http://a/b/c/g?y"},
	{"g?y/./x", "http://a/b/c/g?y/./x"},
	{"#s", "http://a/b/c/d;p?q#s"},
	{"g#s", "http://a/b/c/g#s"},
	{"g#s/./x", "http://a/b/c/g#s/./x"},
	{"g?y#s", "http://a/b/c/g?y#s"},
	{";x", "http://a/b/c/d;x"},
	{"g;x", "http://a/b/c/g;x"},
	{"g;x?y#s", "http://a/b/c/g;x?y#s"},
	{".", "http://a/b/c/"},
	{"./", "http://a/b/c/"},
	{"..", "http://a/b/"},
	{"../", "http://a/b/"},
	{"../g", "http://a/b/g"},
	{"../..", "http://a/"},
	{"../../", "http://a/"},
	{"../../g", "http://a/g"},
	// 5.2.  Abnormal Examples
	{"", "http://a/b/c/d;p?q#f"},
	{"../../../g", "http://a/../g"},
	{"../../../../g", "http://a/../../g"},
	{"/./g", "http://a/./g"},
	{"/../g", "http://a/../g"},
	{"g.", "http://a/b/c/g."},
	{".g", "http://a/b/c/.g"},
	{"g..", "http://a/b/c/g.."},
	{"..g", "http://a/b/c/..g"},
	{"./../g", "http://a/b/g"},
	{"./g/.", "http://a/b/c/g/"},
	{"g/./h", "http://a/b/c/g/h"},
	{"g/../h", "http://a/b/c/h"},
	{"http:g", "http:g"},
	{"http:", "http:"},
}

func TestResolve1808Params(t *testing.T) {
	r := Resolver{Standard: RFC1808}
	for _, tc := range []struct{ base, ref, want string }{
		// Params follow the first ";" of the path (RFC 1808, 2.4.5).
		{"http://a/b;p/c", "g", "http://a/g"},
		{"http://a/b/c;p", ";", "http://a/b/c;p"},
		{"http://a/b/c;p?q", "?", "http://a/b/c;p?q"},
		// An empty path beside an authority keeps its "/".
		{"http://a", ";x", "http://a/;x"},
		{"A://", ";", "A:///;"},
		// A network location is inherited unless the reference's is non-empty.
		{"http://a/b", "///g", "http://a/g"},
	} {
		got, err := r.Resolve(MustParse(tc.base), MustParse(tc.ref))
		if err != nil || got.String() != tc.want {
			t.Errorf("RFC 1808: resolve %q against %q = %q, %v; want %q", tc.ref, tc.base, got, err, tc.want)
		}
		checkSameAsParse(t, got)
	}
}

func TestResolveExamples(t *testing.T) {
	for _, tc := range []struct {
		std      Standard
		base     string
		examples [][2]string
	}{
		{0, "http://a/b/c/d;p?q", rfc3986Examples},
		{RFC3986, "http://a/b/c/d;p?q", rfc3986Examples},
		{RFC2396, "http://a/b/c/d;p?q", rfc2396Examples},
		{RFC1808, "http://a/b/c/d;p?q#f", rfc1808Examples},
	} {
		r := Resolver{Standard: tc.std}
		base := MustParse(tc.base)
		for _, ex := range tc.examples {
			got, err := r.Resolve(base, MustParse(ex[0]))
			if err != nil {
				t.Errorf("%v: %q: %v", tc.std, ex[0], err)
				continue
			}
			if got.String() != ex[1] {
				t.Errorf("%v: resolve %q against %q = %q, want %q", tc.std, ex[0], tc.base, got, ex[1])
			}
			checkSameAsParse(t, got)
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
	if !errors.Is(err, ErrUnknownStandard) {
		t.Errorf("unknown standard: err = %v", err)
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
