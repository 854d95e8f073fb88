package oracles

import (
	"path/filepath"
	"testing"
)

// javaOracle returns the command that runs oracles/java/Read.java with the
// installed Java (single-file source launch; Debian: default-jdk-headless,
// Java 17).
func javaOracle(t *testing.T) []string {
	t.Helper()
	return []string{findTool(t, "java"), filepath.Join("java", "Read.java")}
}

// TestDifferentialJava compares the java reader with java.net.URI.
func TestDifferentialJava(t *testing.T) {
	differential(t, "java", javaOracle(t), recordedInputs(t, "java"))
}
