package whatwg

import (
	"strings"
	"testing"
	"time"
)

// TestLinearInputs parses large inputs of the shapes that would make a
// quadratic step show (dot segments, removed tabs, many validation errors, in UTF-8 or not,
// many "@", long hosts and IPv6 literals): at 256 KiB each, quadratic work
// would take minutes, linear work milliseconds.
func TestLinearInputs(t *testing.T) {
	const n = 1 << 18
	rep := func(s string) string { return strings.Repeat(s, n/len(s)) }
	inputs := []string{
		"http://h/" + rep("a/../"),
		"http://h/" + rep("aa/") + rep("../"),
		"file:///" + rep("c|/..\\"),
		"http://h/" + rep("\t\n"),
		rep("\t") + "http://h/" + rep(" %"),
		"http://" + rep("@") + "h/",
		"http://" + rep("a.") + "com/",
		"http://" + rep("1."),
		"http://[" + rep(":") + "]/",
		"sc://" + rep("a:") + "@h/",
		"sc:" + rep("\\ ") + "?" + rep("`") + "#" + rep("<"),
		"http://h/?" + rep("a=b&"),
		"http://ö" + rep("ö") + "/",
		// Not UTF-8, with an error a byte: the errors' offsets mapped
		// back through the decoding.
		"http://h/\xff" + rep("^"),
	}
	start := time.Now()
	for _, s := range inputs {
		u, _ := Parse(s)
		Validate(s, URL{})
		ParseRef(s, MustParse("file:///c:/a/b"))
		sp := u.SearchParams()
		sp.Sort()
		_ = sp.String()
		u.SetPathname(s)
		u.SetHost(s)
	}
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("%d inputs of %d bytes took %v", len(inputs), n, d)
	}
}
