package oracles

import (
	"bufio"
	"context"
	"encoding/base64"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/ferret-go/uri/readers"
)

var (
	generated = flag.Int("oracles.n", 5000, "how many generated inputs each reader is checked on (the full set: 100000, see run-full.sh)")
	seed      = flag.Uint64("oracles.seed", 1, "the generator's seed")
)

// require reports whether a missing real parser fails the test (CI sets
// URI_ORACLES_REQUIRE=1) rather than skipping it.
func require() bool { return os.Getenv("URI_ORACLES_REQUIRE") == "1" }

// findTool returns the path of the named program, or skips (fails under
// URI_ORACLES_REQUIRE=1) when it is not installed.
func findTool(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		if require() {
			t.Fatalf("%s is not installed, and URI_ORACLES_REQUIRE=1: .ci/run installs it", name)
		}
		t.Skipf("%s is not installed: the real parser cannot be run (install it, or see .ci/run)", name)
	}
	return p
}

// listInputs returns the lines of the main module's URL samples
// (../testdata/urls).
func listInputs(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("../testdata/urls/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no URL lists in ../testdata/urls: %v", err)
	}
	var lines []string
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")...)
	}
	return lines
}

// A known difference: an input on which the emulation is allowed to differ
// from the real parser, with the fields and the cause.
type known struct {
	fields string // the fields, as Diff reports them, joined by ","
	cause  string
}

// readKnown reads testdata/known-<reader>.tsv: lines of base64 input, tab,
// fields, tab, cause; "#" starts a comment line. A missing file is an empty
// list.
func readKnown(t *testing.T, reader string) map[string]known {
	t.Helper()
	m := map[string]known{}
	f, err := os.Open(filepath.Join("testdata", "known-"+reader+".tsv"))
	if os.IsNotExist(err) {
		return m
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		parts := strings.SplitN(line, "\t", 3)
		if len(parts) != 3 {
			t.Fatalf("known-%s.tsv: bad line %q", reader, line)
		}
		in, err := base64.StdEncoding.DecodeString(parts[0])
		if err != nil {
			t.Fatalf("known-%s.tsv: %v", reader, err)
		}
		m[string(in)] = known{parts[1], parts[2]}
	}
	return m
}

// differential runs the real parser (argv, an oracle program of this
// module) and the emulation (the reader of that name) on the test table
// inputs, the URL lists and the generated inputs, and fails on every
// difference not listed in testdata/known-<name>.tsv, and when the
// generated inputs agree less than 99.9 % of the time.
func differential(t *testing.T, name string, argv []string, table []string) {
	t.Helper()
	rd, ok := readers.ByName(name)
	if !ok {
		t.Fatalf("readers has no reader %q", name)
	}
	knowns := readKnown(t, name)
	sets := []struct {
		what   string
		inputs []string
		exact  bool // every difference must be a listed one
	}{
		{"table", table, true},
		{"lists", listInputs(t), true},
		{"generated", Generate(*generated, *seed, listInputs(t)), false},
	}
	for _, set := range sets {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
		real, err := Run(ctx, argv, set.inputs)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		causes := map[string]int{}
		differed, unexplained := 0, 0
		for i, in := range set.inputs {
			d := Diff(real[i], FromReading(rd.Read(in)))
			if len(d) == 0 {
				continue
			}
			differed++
			k, listed := knowns[in]
			if listed && k.fields == strings.Join(d, ",") {
				causes[k.cause]++
				continue
			}
			unexplained++
			causes["unexplained"]++
			if set.exact || unexplained <= 20 {
				t.Errorf("%s, %s input %q: %s differ: real %s, emulation %s", name, set.what, in, strings.Join(d, ","),
					show(real[i]), show(FromReading(rd.Read(in))))
			}
		}
		agreed := len(set.inputs) - differed
		t.Logf("%s, %s: %d inputs, %d agreed, %d differed (%d unexplained)", name, set.what, len(set.inputs), agreed, differed, unexplained)
		keys := make([]string, 0, len(causes))
		for c := range causes {
			keys = append(keys, c)
		}
		sort.Strings(keys)
		for _, c := range keys {
			t.Logf("  %d: %s", causes[c], c)
		}
		if !set.exact && len(set.inputs) > 0 && float64(agreed)/float64(len(set.inputs)) < 0.999 {
			t.Errorf("%s, %s: agreement %.3f %% is under 99.9 %%", name, set.what, 100*float64(agreed)/float64(len(set.inputs)))
		}
	}
}

func show(r Result) string {
	if !r.OK {
		return fmt.Sprintf("error(%s)", r.Error)
	}
	var b strings.Builder
	for i, p := range r.fields() {
		if i > 0 {
			b.WriteByte(' ')
		}
		if *p == nil {
			fmt.Fprintf(&b, "%s=nil", Fields[i])
		} else {
			fmt.Fprintf(&b, "%s=%q", Fields[i], **p)
		}
	}
	return b.String()
}
