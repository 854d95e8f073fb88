package ascii

import (
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"testing"
)

// TestInlining checks that the entry points are still inlined, with the
// scan in them, so that their bound is a constant where they are called.
func TestInlining(t *testing.T) {
	goCmd := "go"
	if root := runtime.GOROOT(); root != "" {
		if p, err := exec.LookPath(filepath.Join(root, "bin", "go")); err == nil {
			goCmd = p
		}
	}
	out, err := exec.Command(goCmd, "build", "-gcflags=-m", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build -gcflags=-m: %v\n%s", err, out)
	}
	got := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m): can inline (\S+)`).FindAllSubmatch(out, -1) {
		got[string(m[1])] = true
	}
	for _, name := range []string{"Is", "IsBytes", "InRange", "HasBelow", "stops[go.shape.string]", "stops[go.shape.[]uint8]"} {
		if !got[name] {
			t.Errorf("%s is no longer inlinable", name)
		}
	}
	if t.Failed() {
		t.Logf("compiler output:\n%s", out)
	}
}
