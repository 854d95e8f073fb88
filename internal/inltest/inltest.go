// Package inltest checks, for the tests of the module's packages, that the
// compiler still inlines the functions a package's speed depends on, as
// net/netip's inlining test does: a change that pushes one over the
// inlining budget fails a test, not only a benchmark.
package inltest

import (
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"testing"
)

// GoTool returns the path of the go command: the one beside the GOROOT the
// test was built with, else the one on PATH (go test puts its own first).
// go test runs where a go command is, so not finding one fails t.
func GoTool(t testing.TB) string {
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

// canInline matches the compiler's report of an inlinable function.
var canInline = regexp.MustCompile(`(?m): can inline (\S+)`)

// Check builds the package in the current directory (the package under
// test) with -gcflags=-m and fails t for every name of want that the
// compiler no longer reports as inlinable ("Parse", "URI.Host",
// "(*offsets).endScheme"), logging the compiler's output when one is
// missing.
func Check(t testing.TB, want ...string) {
	t.Helper()
	CheckDir(t, ".", want...)
}

// CheckDir is Check for the package in dir.
func CheckDir(t testing.TB, dir string, want ...string) {
	t.Helper()
	out, err := exec.Command(GoTool(t), "build", "-gcflags=-m", dir).CombinedOutput()
	if err != nil {
		t.Fatalf("go build -gcflags=-m: %v\n%s", err, out)
	}
	got := map[string]bool{}
	for _, m := range canInline.FindAllSubmatch(out, -1) {
		got[string(m[1])] = true
	}
	missing := false
	for _, name := range want {
		if !got[name] {
			t.Errorf("%s is no longer inlinable", name)
			missing = true
		}
	}
	if missing {
		t.Logf("compiler output:\n%s", out)
	}
}
