package oracles

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

// tableInputs returns the inputs of a reader's table test in the main
// module (../readers/<file>), so that the real parser runs on the same
// table the emulation's test records: every line that starts, after
// indentation, with `{in: ` followed by a Go string literal.
func tableInputs(t *testing.T, file string) []string {
	t.Helper()
	b, err := os.ReadFile("../readers/" + file)
	if err != nil {
		t.Fatal(err)
	}
	var ins []string
	for _, line := range strings.Split(string(b), "\n") {
		rest, ok := strings.CutPrefix(strings.TrimLeft(line, "\t "), "{in: ")
		if !ok {
			continue
		}
		lit, err := strconv.QuotedPrefix(rest)
		if err != nil {
			t.Fatalf("%s: %q: %v", file, line, err)
		}
		s, _ := strconv.Unquote(lit)
		ins = append(ins, s)
	}
	if len(ins) == 0 {
		t.Fatalf("%s: no table inputs", file)
	}
	return ins
}
