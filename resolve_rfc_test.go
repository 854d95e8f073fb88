package uri

import (
	"strings"
	"testing"
)

// RFC 3986, section 5.2, transcribed as written, as the oracle for Resolve:
// the components by the regular expression of Appendix B (appendixB), the pseudocode of
// 5.2.2, the merge of 5.2.3, the loop of 5.2.4 on an input and an output
// buffer, and the recomposition of 5.3. It shares no code with resolve.go.

// rfcParts are the five components of Appendix B, each with whether it is
// defined (a path always is).
type rfcParts struct {
	scheme, authority, path, query, fragment       string
	hasScheme, hasAuthority, hasQuery, hasFragment bool
}

func rfcSplit(s string) rfcParts {
	m := appendixB.FindStringSubmatchIndex(s)
	group := func(n int) (string, bool) {
		if m[2*n] < 0 {
			return "", false
		}
		return s[m[2*n]:m[2*n+1]], true
	}
	var p rfcParts
	p.scheme, p.hasScheme = group(2)
	p.authority, p.hasAuthority = group(4)
	p.path, _ = group(5)
	p.query, p.hasQuery = group(7)
	p.fragment, p.hasFragment = group(9)
	return p
}

// rfcRemoveDotSegments is the loop of section 5.2.4, step by step.
func rfcRemoveDotSegments(in string) string {
	out := ""
	popOut := func() { // "removing the last segment and its preceding "/" (if any)"
		if i := strings.LastIndexByte(out, '/'); i >= 0 {
			out = out[:i]
		} else {
			out = ""
		}
	}
	for in != "" {
		switch {
		case strings.HasPrefix(in, "../"): // A
			in = in[3:]
		case strings.HasPrefix(in, "./"): // A
			in = in[2:]
		case strings.HasPrefix(in, "/./"): // B
			in = "/" + in[3:]
		case in == "/.": // B
			in = "/"
		case strings.HasPrefix(in, "/../"): // C
			in = "/" + in[4:]
			popOut()
		case in == "/..": // C
			in = "/"
			popOut()
		case in == "." || in == "..": // D
			in = ""
		default: // E
			start := 0
			if in[0] == '/' {
				start = 1
			}
			j := strings.IndexByte(in[start:], '/')
			if j < 0 {
				j = len(in)
			} else {
				j += start
			}
			out += in[:j]
			in = in[j:]
		}
	}
	return out
}

// rfcMerge is section 5.2.3.
func rfcMerge(base rfcParts, refPath string) string {
	if base.hasAuthority && base.path == "" {
		return "/" + refPath
	}
	if i := strings.LastIndexByte(base.path, '/'); i >= 0 {
		return base.path[:i+1] + refPath
	}
	return refPath
}

// rfcResolve is section 5.2.2 (strict) and the recomposition of 5.3, with
// the one addition that Resolve documents: a path that would begin with
// "//" without an authority gets "/." before it.
func rfcResolve(baseText, refText string) string {
	b, r := rfcSplit(baseText), rfcSplit(refText)
	var t rfcParts
	if r.hasScheme {
		t.scheme, t.hasScheme = r.scheme, true
		t.authority, t.hasAuthority = r.authority, r.hasAuthority
		t.path = rfcRemoveDotSegments(r.path)
		t.query, t.hasQuery = r.query, r.hasQuery
	} else {
		if r.hasAuthority {
			t.authority, t.hasAuthority = r.authority, true
			t.path = rfcRemoveDotSegments(r.path)
			t.query, t.hasQuery = r.query, r.hasQuery
		} else {
			if r.path == "" {
				t.path = b.path
				if r.hasQuery {
					t.query, t.hasQuery = r.query, true
				} else {
					t.query, t.hasQuery = b.query, b.hasQuery
				}
			} else {
				if strings.HasPrefix(r.path, "/") {
					t.path = rfcRemoveDotSegments(r.path)
				} else {
					t.path = rfcRemoveDotSegments(rfcMerge(b, r.path))
				}
				t.query, t.hasQuery = r.query, r.hasQuery
			}
			t.authority, t.hasAuthority = b.authority, b.hasAuthority
		}
		t.scheme, t.hasScheme = b.scheme, b.hasScheme
	}
	t.fragment, t.hasFragment = r.fragment, r.hasFragment

	// 5.3
	var s strings.Builder
	if t.hasScheme {
		s.WriteString(t.scheme + ":")
	}
	if t.hasAuthority {
		s.WriteString("//" + t.authority)
	} else if strings.HasPrefix(t.path, "//") {
		s.WriteString("/.")
	}
	s.WriteString(t.path)
	if t.hasQuery {
		s.WriteString("?" + t.query)
	}
	if t.hasFragment {
		s.WriteString("#" + t.fragment)
	}
	return s.String()
}

// checkRFCResolve fails when Resolve's target for bs and rs differs from
// the transcription's, or is not what parsing its text gives.
func checkRFCResolve(t *testing.T, bs, rs string) {
	t.Helper()
	base, err1 := Parse(bs)
	ref, err2 := Parse(rs)
	if err1 != nil || err2 != nil || base.IsRelative() {
		return
	}
	got, err := base.Resolve(ref)
	if err != nil {
		t.Fatalf("Resolve(%q, %q): %v", bs, rs, err)
	}
	if want := rfcResolve(bs, rs); got.String() != want {
		t.Fatalf("Resolve(%q, %q) = %q, RFC 3986 section 5.2 gives %q", bs, rs, got, want)
	}
	checkSameAsParse(t, got)
}

// TestRFCTranscription checks the oracle itself on the examples of RFC
// 3986, section 5.4, so that the differential tests below cannot pass by
// the two being wrong the same way.
func TestRFCTranscription(t *testing.T) {
	n := 0
	for _, ex := range loadResolutionExamples(t) {
		if ex.resolver != (Resolver{Standard: RFC3986}) {
			continue
		}
		if got := rfcResolve(ex.base, ex.reference); got != ex.target {
			t.Errorf("transcription: %q against %q = %q, want %q", ex.reference, ex.base, got, ex.target)
		}
		n++
	}
	if n == 0 {
		t.Fatal("no RFC 3986 examples")
	}
	// The two traces of section 5.2.4.
	for in, want := range map[string]string{"/a/b/c/./../../g": "/a/g", "mid/content=5/../6": "mid/6"} {
		if got := rfcRemoveDotSegments(in); got != want {
			t.Errorf("transcription: remove_dot_segments(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestResolveAgainstRFC: Resolve agrees with the transcription on every
// base of the URL lists of testdata/urls with the reference shapes of the
// benchmarks (built from the next line, as resolve_bench_test.go does) and
// the fixed references, and on references that climb above the root, mix
// "." and ".." with other segments, or leave a "//" at the path's start.
func TestResolveAgainstRFC(t *testing.T) {
	t.Parallel()
	last := func(p string) string { return p[strings.LastIndexByte(p, '/')+1:] }
	shapes := []func(next URI) string{
		func(u URI) string { return last(u.Path()) + "x" },
		func(u URI) string { return "../" + last(u.Path()) },
		func(u URI) string { return u.Path() + "?" + u.Query() },
		func(u URI) string { return "?" + u.Query() },
		func(u URI) string { return "#" + u.Fragment() },
		func(u URI) string { return "./a/../" + last(u.Path()) },
		func(u URI) string { return "//" + u.Authority() + u.Path() },
		func(u URI) string { return u.String() },
	}
	fixed := []string{
		"../g", "/path?q", "g;x", "?y", "#s", "", "#", "?", ".", "..", "./", "../", "../..",
		"../../../../g", "./g/.", "g/..", "..//g", ".//g", "/./g", "/../g", "/..//g", "a/./b/../c?q#f",
		"...", ".../g", "g/...", ".g", "..g", "./../.", "..;x", "%2E%2E/g", "g?y/./x#s/../t",
		"a/b/../g", "a/b/../../g", "a/../b/../g", "a/../../g", "g/..", "g/../", "a/b/..", "./a/./g",
		"a/..//g", "a//../g", "a/b/c/../../../../g",
	}
	for _, name := range urlLists {
		list := readURLList(t, name)
		for i, s := range list {
			next, err := Parse(list[(i+1)%len(list)])
			if err != nil {
				continue
			}
			for _, shape := range shapes {
				checkRFCResolve(t, s, shape(next))
			}
			for _, r := range fixed {
				checkRFCResolve(t, s, r)
			}
		}
	}
	bases := []string{
		"http://a/b/c/d;p?q", "http://a", "http://a?q#f", "http://a/", "http://a//", "http://a/b//c/",
		"http://a/./b/", "http://a/../b/c", "foo:", "foo:/", "foo:a", "foo:a/b/", "foo:/a/b", "foo:/.//a/b",
		"foo://", "foo:///a/b", "foo:?q", "mailto:a@b", "urn:a:b",
	}
	for _, b := range bases {
		for _, r := range fixed {
			checkRFCResolve(t, b, r)
		}
	}
}
