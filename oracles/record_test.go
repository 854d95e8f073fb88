package oracles

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

var record = flag.Bool("oracles.record", false, "rewrite the expected values of ../readers/testdata/table-<reader>.json from the real parsers (TestRecordTables)")

// A recordedTable is ../readers/testdata/table-<reader>.json: the readers
// package's table test, whose expected values are written by the real
// parser (TestRecordTables with -oracles.record), never by the emulation.
type recordedTable struct {
	Reader   string         `json:"reader"`
	Parser   string         `json:"parser"` // the real parser and version that wrote the expected values
	Recorded string         `json:"recorded"`
	Cases    []recordedCase `json:"cases"`
}

type recordedCase struct {
	Input  string       `json:"input"`
	Source string       `json:"source"`
	Want   recordedWant `json:"want"`
}

type recordedWant struct {
	OK       bool    `json:"ok"`
	Error    string  `json:"error,omitempty"`
	Scheme   *string `json:"scheme"`
	Userinfo *string `json:"userinfo"`
	Host     *string `json:"host"`
	Port     *string `json:"port"`
	Path     *string `json:"path"`
	Query    *string `json:"query"`
	Fragment *string `json:"fragment"`
}

func tablePath(reader string) string {
	return filepath.Join("..", "readers", "testdata", "table-"+reader+".json")
}

func readRecordedTable(t *testing.T, reader string) recordedTable {
	t.Helper()
	b, err := os.ReadFile(tablePath(reader))
	if err != nil {
		t.Fatal(err)
	}
	var tab recordedTable
	if err := json.Unmarshal(b, &tab); err != nil {
		t.Fatalf("%s: %v", tablePath(reader), err)
	}
	return tab
}

// recordedInputs returns the inputs of the reader's table test.
func recordedInputs(t *testing.T, reader string) []string {
	t.Helper()
	tab := readRecordedTable(t, reader)
	in := make([]string, len(tab.Cases))
	for i, c := range tab.Cases {
		in[i] = c.Input
	}
	return in
}

// A recorder is the real parser of one reader, for TestRecordTables.
type recorder struct {
	argv    func(t *testing.T) []string
	version func(t *testing.T) string
}

var recorders = map[string]recorder{
	"curl":       {func(t *testing.T) []string { return []string{curlOracle(t)} }, curlVersion},
	"curl_guess": {func(t *testing.T) []string { return []string{curlOracle(t), "guess"} }, curlVersion},
	"java":       {javaOracle, javaVersion},
}

func curlVersion(t *testing.T) string {
	out, err := exec.Command("dpkg-query", "-W", "-f", "${Version}", "libcurl4").Output()
	if err != nil {
		t.Fatalf("dpkg-query libcurl4: %v", err)
	}
	return "libcurl " + strings.SplitN(string(out), "-", 2)[0] + " (Debian package libcurl4 " + string(out) + ")"
}

func javaVersion(t *testing.T) string {
	out, err := exec.Command(findTool(t, "java"), "-version").CombinedOutput()
	if err != nil {
		t.Fatalf("java -version: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	return "java.net.URI of " + strings.TrimSpace(lines[len(lines)-1])
}

// TestRecordTables, with -oracles.record, runs each real parser on its
// table's inputs and writes the parser's answers into the table as the
// expected values, with the parser's version.
func TestRecordTables(t *testing.T) {
	if !*record {
		t.Skip("records the readers' tables only with -oracles.record")
	}
	for name, rec := range recorders {
		t.Run(name, func(t *testing.T) {
			tab := readRecordedTable(t, name)
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			res, err := Run(ctx, rec.argv(t), recordedInputs(t, name))
			if err != nil {
				t.Fatal(err)
			}
			tab.Parser = rec.version(t)
			tab.Recorded = "expected values written by the real parser: cd oracles && go test -run TestRecordTables -oracles.record"
			for i, r := range res {
				w := recordedWant(r)
				for _, p := range []*string{w.Scheme, w.Userinfo, w.Host, w.Port, w.Path, w.Query, w.Fragment} {
					if p != nil && !utf8.ValidString(*p) {
						t.Fatalf("input %q: the parser's answer is not UTF-8; the table keeps to UTF-8", tab.Cases[i].Input)
					}
				}
				tab.Cases[i].Want = w
			}
			var b bytes.Buffer
			enc := json.NewEncoder(&b)
			enc.SetEscapeHTML(false)
			enc.SetIndent("", "\t")
			if err := enc.Encode(tab); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(tablePath(name), b.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
		})
	}
}
