package lint

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestBadPortsAreFetch: badPort is the Fetch Standard's table of bad ports
// (testdata/fetch-bad-ports.txt, the table as the standard has it), port
// for port over every port; and Lint reports each under http, none of
// the others.
func TestBadPortsAreFetch(t *testing.T) {
	f, err := os.Open("testdata/fetch-bad-ports.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	table := map[int]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		port, _, _ := strings.Cut(line, " ")
		n, err := strconv.Atoi(port)
		if err != nil || n < 0 || n > 65535 || table[n] {
			t.Fatalf("testdata/fetch-bad-ports.txt: bad line %q", line)
		}
		table[n] = true
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(table) < 80 {
		t.Fatalf("testdata/fetch-bad-ports.txt: %d ports", len(table))
	}
	for n := 0; n <= 65535; n++ {
		if badPort(n) != table[n] {
			t.Errorf("badPort(%d) = %v, the Fetch Standard: %v", n, badPort(n), table[n])
		}
		if !table[n] && n%97 != 0 && !table[n-1] && !table[n+1] {
			continue // Lint on a sample of the others, and each neighbour
		}
		found := false
		for _, fd := range Lint("http://a:" + strconv.Itoa(n) + "/") {
			found = found || fd.Code == CodeUnexpectedPort
		}
		if found != table[n] {
			t.Errorf("Lint(http://a:%d/): unexpected-port %v, the Fetch Standard's bad port: %v", n, found, table[n])
		}
	}
}
