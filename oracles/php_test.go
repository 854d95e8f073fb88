package oracles

import (
	"os/exec"
	"testing"
)

// TestDifferentialPHP runs parse_url of the installed PHP beside
// readers.PHP.
func TestDifferentialPHP(t *testing.T) {
	php := findTool(t, "php")
	out, err := exec.Command(php, "-r", "echo PHP_VERSION;").Output()
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("php: %s %s", php, out)
	differential(t, "php", []string{php, "-n", "php/read.php"}, tableInputs(t, "php_test.go"))
}
