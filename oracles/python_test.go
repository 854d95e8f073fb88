package oracles

import (
	"os"
	"os/exec"
	"testing"
)

// pythonTool returns the Python to run: Debian's /usr/bin/python3 where it
// exists (readers.Python emulates Debian 12's 3.11.2, whose urlsplit has
// checks upstream 3.11.7 lacks, and a pyenv or venv python3 may come first
// on PATH), else python3 from PATH.
func pythonTool(t *testing.T) string {
	t.Helper()
	if p := "/usr/bin/python3"; fileExecutable(p) {
		return p
	}
	return findTool(t, "python3")
}

func fileExecutable(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0
}

// TestDifferentialPython runs urllib.parse.urlsplit of the installed
// Python beside readers.Python.
func TestDifferentialPython(t *testing.T) {
	py := pythonTool(t)
	out, err := exec.Command(py, "-c", "import sys; print(sys.version)").Output()
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("python: %s %s", py, out)
	differential(t, "python", []string{py, "python/read.py"}, tableInputs(t, "python_test.go"))
}
