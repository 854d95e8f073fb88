package uri

import (
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"testing"
)

// TestInlining checks, as net/netip's inlining test does, that the compiler
// still inlines the small functions the parser's speed and the accessors'
// cost depend on. A change that pushes one over the inlining budget fails
// here, not only as a slower benchmark.
func TestInlining(t *testing.T) {
	t.Parallel()
	out, err := exec.Command(goTool(t), "build", "-gcflags=-m", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build -gcflags=-m: %v\n%s", err, out)
	}
	got := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m): can inline (\S+)`).FindAllSubmatch(out, -1) {
		got[string(m[1])] = true
	}
	want := []string{
		// The character classes and scan (its wrapper over the byte sets),
		// called for every component of every input.
		"isAlpha",
		"isDigit",
		"isHex",
		"scan",
		// The host: the ends of an authority, and IPv6 groups.
		"isAuthorityEnd",
		"unhex",
		// The entry points, so that the caller's frame receives the result
		// that parseRule writes in place.
		"Parse",
		"ParseURI",
		"ParseAbsolute",
		"ParseRelative",
		// The one writer: its marks, which the parser and every writer of
		// a value call for each component.
		"(*offsets).endScheme",
		"(*offsets).endUserinfo",
		"(*offsets).endHost",
		"(*offsets).endAuthority",
		"(*offsets).endPath",
		"(*offsets).endQuery",
		"(*offsets).shift",
		"(*writer).put",
		"(*writer).done",
		// The accessors: offsets and a slice expression each.
		"URI.String",
		"URI.IsRelative",
		"URI.Scheme",
		"URI.HasAuthority",
		"URI.Authority",
		"URI.HasUserinfo",
		"URI.Userinfo",
		"URI.Host",
		"URI.HostKind",
		"URI.Addr",
		"URI.HasPort",
		"URI.Port",
		"URI.Path",
		"URI.IsAbsolutePath",
		"URI.HasQuery",
		"URI.Query",
		"URI.HasFragment",
		"URI.Fragment",
		// Escaping and decoding: the step of both unsafe fill loops, and
		// the scan that spares short texts a call.
		"putEscaped",
		"firstDecodeShort",
	}
	for _, name := range want {
		if !got[name] {
			t.Errorf("%s is no longer inlinable", name)
		}
	}
	if t.Failed() {
		t.Logf("compiler output:\n%s", out)
	}
}

// goTool returns the path of the go command: the one beside the GOROOT the
// test was built with, else the one on PATH (go test puts its own first).
// go test runs where a go command is, so not finding one is a failure.
func goTool(t testing.TB) string {
	t.Helper()
	if root := runtime.GOROOT(); root != "" {
		if p, err := exec.LookPath(filepath.Join(root, "bin", "go")); err == nil {
			return p
		}
	}
	p, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("no go command: %v", err)
	}
	return p
}
