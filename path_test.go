package uri

import (
	"strings"
	"testing"
)

func TestHasDotSegment(t *testing.T) {
	for p, want := range map[string]bool{
		".": true, "..": true, "/.": true, "/..": true, "./": true, "../": true, "a/.": true, "a/..": true,
		"/a/./b": true, "/a/../b": true, "//.": true, ".//": true, "/x/.y/..": true,
		"": false, "...": false, "/": false, "/...": false, ".../": false, "a/...": false, "/a/.../b": false,
		"/.a/b": false, "/a./b": false, "a.b/c.d": false, "/x/..y": false, "/%2E/a": false,
	} {
		if got := hasDotSegment(p); got != want {
			t.Errorf("hasDotSegment(%q) = %v, want %v", p, got, want)
		}
	}
	// Every path of up to seven bytes of ".", "/" and "a", against the
	// definition: some segment, between "/"s, is "." or "..".
	var walk func(p string)
	walk = func(p string) {
		want := false
		for _, seg := range strings.Split(p, "/") {
			want = want || seg == "." || seg == ".."
		}
		if got := hasDotSegment(p); got != want {
			t.Errorf("hasDotSegment(%q) = %v, want %v", p, got, want)
		}
		if len(p) < 7 {
			for _, c := range []string{".", "/", "a"} {
				walk(p + c)
			}
		}
	}
	walk("")
}

// FuzzMerge checks appendMerge, which removes the dot segments of a merged
// path without writing the merge first, against the RFC's order of steps:
// merge (RFC 3986, section 5.2.3), then remove_dot_segments (5.2.4).
func FuzzMerge(f *testing.F) {
	for _, s := range [][2]string{
		{"/b/c/", "../g"}, {"/b/c/", "g/./h/.."}, {"", "../a"}, {"a/b/", "../../../x"},
		{"../", "x"}, {"./../", "/x"}, {"/a/./", ".."}, {"/", "."}, {"a/../", "b"}, {"/a/b/", ""},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, dir, path string) {
		dir = dir[:len(dir)-len(lastSegment(dir))] // empty or ending in "/"
		got := string(appendMerge([]byte("x:"), dir, path))
		if want := "x:" + RemoveDotSegments(dir+path); got != want {
			t.Errorf("appendMerge(%q, %q) = %q, want %q", dir, path, got, want)
		}
	})
}
