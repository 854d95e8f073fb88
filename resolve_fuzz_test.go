package uri

import (
	"strings"
	"testing"
)

// resolveSeeds are base and reference pairs for the fuzz tests' corpus.
var resolveSeeds = [][2]string{
	{"http://a/b/c/d;p?q", "../g"},
	{"http://a/b/c/d;p?q#f", ""},
	{"foo:/a", ".//b"},
	{"foo:a/b", "../../c"},
	{"foo:x", "."},
	{"http://a", "?q"},
	{"http://[::1]:8/a/", "..//x?y#z"},
	{"mailto:a@b", "c:d"},
	{"urn:a:b", "./c:d"},
	{"foo:", "/.//x"},
	{"http://a/b/./c/../d?q", "#s"},
	{"http://a/b/c", "//x/./y/../z"},
	{"file:///x/y", "z"},
	{"http://a/b/c/d;p?q", "g;x=1/../y"},
}

// FuzzResolve: every standard's target parses back to itself with a sound
// layout; the strict RFC 3986 target is the one that section 5.2, as
// transcribed in resolve_rfc_test.go, gives, and keeps no dot segment
// that was not copied from the base.
func FuzzResolve(f *testing.F) {
	for _, s := range resolveSeeds {
		f.Add(s[0], s[1], false)
		f.Add(s[0], s[1], true)
	}
	for _, ex := range loadResolutionExamples(f) {
		f.Add(ex.base, ex.reference, ex.resolver.NonStrict)
	}
	f.Fuzz(func(t *testing.T, bs, rs string, nonStrict bool) {
		base, err1 := Parse(bs)
		ref, err2 := Parse(rs)
		if err1 != nil || err2 != nil || base.IsRelative() {
			return
		}
		for _, std := range []Standard{RFC3986, RFC2396, RFC1808} {
			got, err := Resolver{NonStrict: nonStrict, Standard: std}.Resolve(base, ref)
			if err != nil {
				t.Fatalf("%v: Resolve(%q, %q): %v", std, bs, rs, err)
			}
			if got.IsRelative() {
				t.Fatalf("%v: Resolve(%q, %q) = %q has no scheme", std, bs, rs, got)
			}
			checkSameAsParse(t, got)
			checkLayout(t, got)
		}
		checkRFCResolve(t, bs, rs)
		got, _ := base.Resolve(ref)
		// Section 5.2.2: only a path copied from the base keeps dot
		// segments; the "/." that keeps "//" from reading as an
		// authority is not one.
		p := got.Path()
		if !got.HasAuthority() && strings.HasPrefix(p, "/.//") {
			p = p[2:]
		}
		copied := ref.Scheme() == "" && !ref.HasAuthority() && ref.Path() == ""
		if hasDotSegment(p) && !copied {
			t.Fatalf("Resolve(%q, %q) = %q keeps dot segments", bs, rs, got)
		}
	})
}

func FuzzRelative(f *testing.F) {
	for _, s := range resolveSeeds {
		f.Add(s[0], s[1])
	}
	for _, ex := range loadResolutionExamples(f) {
		f.Add(ex.base, ex.target)
	}
	f.Fuzz(func(t *testing.T, bs, ts string) {
		base, err1 := Parse(bs)
		target, err2 := Parse(ts)
		if err1 != nil || err2 != nil || base.IsRelative() {
			return
		}
		r, err := base.Relative(target)
		if err != nil {
			t.Fatalf("Relative(%q, %q): %v", bs, ts, err)
		}
		checkSameAsParse(t, r)
		checkLayout(t, r)
		a, _ := base.Resolve(r)
		b, _ := base.Resolve(target)
		if a != b {
			t.Fatalf("Relative(%q, %q) = %q resolves to %q, the target to %q", bs, ts, r, a, b)
		}
		if len(r.String()) > len(ts) {
			t.Fatalf("Relative(%q, %q) = %q is longer than the target", bs, ts, r)
		}
	})
}
