package oracles

import (
	"os/exec"
	"testing"
)

// TestDifferentialNodeURL runs the legacy url.parse of the installed Node
// beside readers.NodeURL.
func TestDifferentialNodeURL(t *testing.T) {
	node := findTool(t, "node")
	out, err := exec.Command(node, "--version").Output()
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("node: %s %s", node, out)
	differential(t, "node_url", []string{node, "node_url/read.js"}, tableInputs(t, "node_url_test.go"))
}
