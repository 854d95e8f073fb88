package uri

import "testing"

func TestRelative(t *testing.T) {
	for _, tc := range []struct{ base, target, want string }{
		// Inverses of RFC 3986, section 5.4.1, base "http://a/b/c/d;p?q".
		{"http://a/b/c/d;p?q", "g:h", "g:h"},
		{"http://a/b/c/d;p?q", "http://a/b/c/g", "g"},
		{"http://a/b/c/d;p?q", "http://a/b/c/g/", "g/"},
		{"http://a/b/c/d;p?q", "http://a/g", "/g"},
		{"http://a/b/c/d;p?q", "http://g", "//g"},
		{"http://a/b/c/d;p?q", "http://a/b/c/d;p?y", "?y"},
		{"http://a/b/c/d;p?q", "http://a/b/c/g?y", "g?y"},
		{"http://a/b/c/d;p?q", "http://a/b/c/d;p?q#s", "#s"},
		{"http://a/b/c/d;p?q", "http://a/b/c/g#s", "g#s"},
		{"http://a/b/c/d;p?q", "http://a/b/c/;x", ";x"},
		{"http://a/b/c/d;p?q", "http://a/b/c/d;p?q", ""},
		{"http://a/b/c/d;p?q", "http://a/b/c/", "."},
		{"http://a/b/c/d;p?q", "http://a/b/", ".."},
		{"http://a/b/c/d;p?q", "http://a/b/g", "../g"},
		{"http://a/b/c/d;p?q", "http://a/", "/"},
		{"http://a/b/c/d;p?q", "http://a/g?y#s", "/g?y#s"},
		// A relative target is resolved first.
		{"http://a/b/c/d;p?q", "../../../g", "/g"},
		{"http://a/b/c/d;p?q", "g/../h", "h"},
		{"http://a/b/c/d;p?q", "", ""},
		{"http://a/b/c/d;p?q", "?", "?"},
		{"http://a/b/c/d;p?q", "#", "#"},
		// A first segment with ":" needs "./".
		{"http://a/b/c", "http://a/b/x:y", "./x:y"},
		{"urn:a:b", "urn:c:d", "./c:d"},
		{"mailto:a@b", "mailto:c@d", "c@d"},
		// "//" at the start of a path: never an authority.
		{"foo:/a", "foo:/.//bar", ".//bar"},
		{"foo:/a", ".//bar", ".//bar"},
		{"foo:/a/b", "foo:/.//bar", "..//bar"}, // as short as "/.//bar"
		{"http://a/b/c", "http://a//x", "..//x"},
		{"http://a/b/c", "http://a/b//x", ".//x"},
		{"http://x/a/b", "http://x//c", "..//c"}, // as short as "/.//c",
		// Same path, different query or fragment.
		{"http://a/b?q", "http://a/b?r", "?r"},
		{"http://a/b?q", "http://a/b", "b"},
		{"http://a/b/?q", "http://a/b/", "."},
		{"http://a/b?q#f", "http://a/b?q", ""},
		{"http://a/b?q", "http://a/b?q#", "#"},
		{"http://a/b", "http://a/b?", "?"},
		// An empty target path.
		{"http://a/b", "http://a", "//a"},
		{"http://a/b", "http://a?q", "//a?q"},
		{"foo:x", "foo:", "."},
		{"foo:x", "foo:?q#f", ".?q#f"},
		{"foo:x", ".", "."},
		{"foo:a/b", "foo:", "foo:"},
		{"foo:/a", "foo:", "foo:"},
		{"http://a", "http://a?q", "?q"},
		// Different authority or scheme.
		{"http://a/b", "http://u@a/b", "//u@a/b"},
		{"http://a/b", "http://a:80/b", "//a:80/b"},
		{"http://a/b", "https://a/b", "https://a/b"},
		{"http://a/b", "HTTP://a/b", "HTTP://a/b"},
		{"http://a/b", "http:/b", "http:/b"},
		{"foo:/a/b", "foo://h/b", "//h/b"},
		// A base without a path, or without a "/" in it.
		{"http://a", "http://a/b/c", "b/c"},
		{"http://a?q", "http://a/", "."}, // merges to "/.",
		{"foo:", "foo:x/y", "x/y"},
		{"foo:a/b", "foo:a/c", "c"},
		{"foo:a/b", "foo:c", "foo:c"},
		{"foo:a/b/c", "foo:a/x", "../x"},
		{"A:0//", "..#", "..#"},
		{"A:/.//", "0", "0"},
		{"foo:/a/b", "foo:c", "foo:c"},
		{"foo:a", "foo:/b", "/b"},
		// A base whose path has dot segments.
		{"A:./", "0", "0"},
		{"foo:a/../b", "foo:/c", "c"},
		{"http://a/b/./c/../d", "http://a/b/e", "e"},
		// A base that ends, or does not end, in "/".
		{"http://a/b/", "http://a/b/c", "c"},
		{"http://a/b", "http://a/b/c", "b/c"},
		{"http://a/b/c/", "http://a/b/", ".."},
		{"http://a/b/c/d/", "http://a/b/", "/b/"},
		{"http://a/b/c/d/", "http://a/b/c/", ".."},
		{"http://a/bbbb/cccc/d/", "http://a/bbbb/", "../.."},
		{"http://a/b/c/d/e", "http://a/x", "/x"},
		{"http://a/b/c/d/e", "http://a/b/x", "/b/x"},
		{"http://a/bbbb/cccc/d/e", "http://a/bbbb/x", "../../x"},
		// Dot segments in the target go away; the base's fragment is ignored.
		{"http://a/b#f", "http://a/./x/../b", ""},
		{"http://a/b#f", "http://a/b#f", "#f"},
	} {
		base, target := MustParse(tc.base), MustParse(tc.target)
		got, err := base.Relative(target)
		if err != nil || got.String() != tc.want {
			t.Errorf("Relative(%q, %q) = %q, %v; want %q", tc.base, tc.target, got, err, tc.want)
			continue
		}
		checkSameAsParse(t, got)
		a, _ := base.Resolve(got)
		b, _ := base.Resolve(target)
		if a != b {
			t.Errorf("Relative(%q, %q) = %q resolves to %q, target to %q", tc.base, tc.target, got, a, b)
		}
	}
	if _, err := MustParse("a").Relative(MustParse("b")); err == nil {
		t.Error("Relative with a relative base: no error")
	}
}
