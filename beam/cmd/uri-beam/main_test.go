package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"flag"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
)

func TestMain(m *testing.M) {
	ptest.MainWithDefault(m, "prism")
}

// uriCommand builds the single-process command, cmd/uri of the root
// module, once for the tests that compare with it.
func uriCommand(t *testing.T) string {
	t.Helper()
	exe := filepath.Join(t.TempDir(), "uri")
	cmd := exec.Command("go", "build", "-o", exe, "./cmd/uri")
	cmd.Dir = filepath.Join("..", "..", "..")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building cmd/uri: %v\n%s", err, out)
	}
	return exe
}

// runJob runs uri-beam with args on prism, in this process, and returns
// its output directory.
func runJob(t *testing.T, args ...string) string {
	t.Helper()
	out := t.TempDir()
	fs := flag.NewFlagSet("uri-beam", flag.ContinueOnError)
	j := &job{}
	j.define(fs)
	if err := fs.Parse(append(args, "--output", out)); err != nil {
		t.Fatal(err)
	}
	if err := j.check(fs); err != nil {
		t.Fatal(err)
	}
	p, err := j.pipeline()
	if err != nil {
		t.Fatal(err)
	}
	if err := ptest.Run(p); err != nil {
		t.Fatalf("uri-beam %s: %v", strings.Join(args, " "), err)
	}
	return out
}

// readFile returns a file's bytes, gunzipped when its name ends in .gz.
func readFile(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if strings.HasSuffix(name, ".gz") {
		zr, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		if b, err = io.ReadAll(zr); err != nil {
			t.Fatal(err)
		}
	}
	return b
}

// commandJSON runs the single-process command with args on stdin and
// returns its JSON lines.
func commandJSON(t *testing.T, exe string, stdin []byte, args ...string) []map[string]any {
	t.Helper()
	cmd := exec.Command(exe, args...)
	cmd.Stdin = bytes.NewReader(stdin)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	// Exit status 1: some input was rejected.
	if ee, ok := err.(*exec.ExitError); err != nil && !(ok && ee.ExitCode() == 1) {
		t.Fatalf("uri %s: %v\n%s", strings.Join(args, " "), err, stderr.Bytes())
	}
	return decodeLines(t, out)
}

func decodeLines(t *testing.T, b []byte) []map[string]any {
	t.Helper()
	var objs []map[string]any
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var o map[string]any
		if err := json.Unmarshal(sc.Bytes(), &o); err != nil {
			t.Fatalf("%q: %v", sc.Text(), err)
		}
		objs = append(objs, o)
	}
	return objs
}

// outputLines returns the JSON lines of every file of dir matching
// pattern.
func outputLines(t *testing.T, dir, pattern string) []map[string]any {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, pattern))
	if err != nil || len(files) == 0 {
		t.Fatalf("no %s in %s: %v", pattern, dir, err)
	}
	var objs []map[string]any
	for _, f := range files {
		objs = append(objs, decodeLines(t, readFile(t, f))...)
	}
	return objs
}

// input returns the line of a JSON object of uri's output: its bytes in
// base64 when they are not UTF-8, else its text.
func input(o map[string]any, key string) string {
	if s, ok := o[key+"_b64"].(string); ok {
		return "b64:" + s
	}
	return o[key].(string)
}

// expected is what the single-process command gives for a set of lines.
type expected struct {
	unique   map[string]string // "count example" by normal form
	rejected []string          // "input offset error", sorted
	hosts    string            // hosts.tsv: host, count, most first
}

// group groups the results of uri normalize --json (or uri repair --json
// and then normalize) by normal form, as uri normalize | sort | uniq -c
// does, keeping the least line of each group; examples are the lines as
// read.
func group(t *testing.T, exe string, results []map[string]any, examples []string) expected {
	t.Helper()
	e := expected{unique: map[string]string{}}
	count := map[string]int{}
	least := map[string]string{}
	var normals []string
	for i, o := range results {
		if o["ok"] != true {
			e.rejected = append(e.rejected, rejectedKey(o, input(o, "input")))
			continue
		}
		n := o["result"].(string)
		if c, seen := least[n]; !seen || examples[i] < c {
			least[n] = examples[i]
		}
		count[n]++
		normals = append(normals, n)
	}
	for n, c := range count {
		e.unique[n] = strconv.Itoa(c) + " " + strconv.Quote(b64Key(least[n]))
	}
	slices.Sort(e.rejected)

	// The hosts of the normal forms, as uri parse --json reads them: as
	// RFC 3986's grammar has them (section 3.2.2: host = IP-literal /
	// IPv4address / reg-name, IP-literal = "[" ... "]"), as hosts.tsv has.
	hostCount := map[string]int{}
	for _, o := range commandJSON(t, exe, []byte(strings.Join(normals, "\n")+"\n"), "parse", "--json") {
		h, ok := o["host"].(string)
		if !ok || h == "" {
			continue
		}
		hostCount[h]++
	}
	hosts := slices.Collect(maps.Keys(hostCount))
	slices.SortFunc(hosts, func(a, b string) int {
		if hostCount[a] != hostCount[b] {
			return hostCount[b] - hostCount[a]
		}
		return strings.Compare(a, b)
	})
	var b strings.Builder
	for _, h := range hosts {
		b.WriteString(h + "\t" + strconv.Itoa(hostCount[h]) + "\n")
	}
	e.hosts = b.String()
	return e
}

func rejectedKey(o map[string]any, in string) string {
	return strconv.Quote(in) + " " + strconv.FormatFloat(o["offset"].(float64), 'f', -1, 64) + " " + o["error"].(string)
}

// check compares a run's output directory with e.
func (e expected) check(t *testing.T, dir string, extraRejected ...string) {
	t.Helper()
	got := map[string]string{}
	for _, o := range outputLines(t, dir, "unique*.jsonl") {
		n := o["uri"].(string)
		if _, dup := got[n]; dup {
			t.Errorf("normal form %q twice", n)
		}
		ex := input(o, "example")
		got[n] = strconv.FormatFloat(o["count"].(float64), 'f', -1, 64) + " " + strconv.Quote(ex)
	}
	for n, w := range e.unique {
		if got[n] != w {
			t.Errorf("%q: got %q, want %q (count, example)", n, got[n], w)
		}
	}
	for n, g := range got {
		if _, ok := e.unique[n]; !ok {
			t.Errorf("%q: got %q, uri normalize has no such result", n, g)
		}
	}

	var rejected []string
	for _, o := range outputLines(t, dir, "rejected*.jsonl") {
		in := input(o, "input")
		if strings.HasPrefix(in, "b64:") {
			if o["input"] != strings.ToValidUTF8(mustB64(t, in[4:]), "\uFFFD") {
				t.Errorf("input %q is not the text of %s", o["input"], in)
			}
		}
		if _, ok := o["component"].(string); !ok {
			t.Errorf("%v: no component", o)
		}
		rejected = append(rejected, rejectedKey(o, in))
	}
	slices.Sort(rejected)
	want := slices.Sorted(slices.Values(append(slices.Clone(e.rejected), extraRejected...)))
	if !slices.Equal(rejected, want) {
		t.Errorf("rejected lines:\ngot  %q\nwant %q", rejected, want)
	}

	hosts := string(readFile(t, filepath.Join(dir, "hosts-00000-of-00001.tsv")))
	if hosts != e.hosts {
		t.Errorf("hosts:\ngot\n%s\nwant\n%s", hosts, e.hosts)
	}
}

func mustB64(t *testing.T, s string) string {
	t.Helper()
	var b []byte
	if err := json.Unmarshal([]byte(strconv.Quote(s)), &b); err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// b64Key is how input writes a line that is not UTF-8.
func b64Key(line string) string {
	if s := b64(line); s != "" {
		return "b64:" + s
	}
	return line
}

// splitLines splits text into lines as uri normalize reads them.
func splitLines(b []byte) []string {
	s := string(b)
	if s == "" {
		return nil
	}
	s = strings.TrimSuffix(s, "\n")
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	return lines
}

// TestPlainAndGzip runs uri-beam on the plain and gzip text files of
// testdata and compares with uri normalize --json on each file.
func TestPlainAndGzip(t *testing.T) {
	exe := uriCommand(t)
	files, _ := filepath.Glob("../../testdata/*.txt*")
	var results []map[string]any
	var lines []string
	for _, f := range files {
		b := readFile(t, f)
		results = append(results, commandJSON(t, exe, b, "normalize", "--json")...)
		lines = append(lines, splitLines(b)...)
	}
	if len(results) != len(lines) || len(lines) < 3000 {
		t.Fatalf("%d results for %d lines", len(results), len(lines))
	}
	e := group(t, exe, results, lines)
	// The RFC's own groups must be there (section 6.2.2, 6.2.3).
	for n, w := range map[string]string{
		"example://a/b/c/%7Bfoo%7D": `2 "eXAMPLE://a/./b/../b/%63/%7bfoo%7d"`,
		"http://example.com/":       `5 "HTTP://EXAMPLE.COM:80"`,
		"https://example.com/":      `2 "https://example.com"`,
		"https://example.com:80/":   `1 "https://example.com:80/"`,
		"http://[2001:db8::1]/":     `2 "http://[2001:DB8::1]:80/"`,
		"":                          `2 ""`,
	} {
		if e.unique[n] != w {
			t.Errorf("uri normalize: %q: %q, want %q", n, e.unique[n], w)
		}
	}
	if len(e.rejected) < 8 {
		t.Errorf("only %d rejected lines: %q", len(e.rejected), e.rejected)
	}
	e.check(t, runJob(t, "--input", "../../testdata/*.txt*"))
}

// TestJSONLines runs uri-beam --field on the JSON lines of testdata, with
// normalization flags, and compares with uri normalize --json --flags on
// the members' values.
func TestJSONLines(t *testing.T) {
	exe := uriCommand(t)
	const flags = "drop-fragment,sort-query,syntax-only"
	files, _ := filepath.Glob("../../testdata/*.jsonl*")
	var values []string
	var notJSON []string
	for _, f := range files {
		for _, l := range splitLines(readFile(t, f)) {
			var o map[string]any
			if json.Unmarshal([]byte(l), &o) != nil {
				notJSON = append(notJSON, l)
				continue
			}
			s, ok := o["url"].(string)
			if !ok {
				notJSON = append(notJSON, l)
				continue
			}
			values = append(values, s)
		}
	}
	results := commandJSON(t, exe, []byte(strings.Join(values, "\n")+"\n"), "normalize", "--json", "--flags", flags)
	if len(results) != len(values) {
		t.Fatalf("%d results for %d values", len(results), len(values))
	}
	e := group(t, exe, results, values)
	dir := runJob(t, "--input", "../../testdata/*.jsonl*", "--field", "url", "--normalize", flags)
	// The lines that hold no string "url" are rejected as JSON.
	var jsonRejected []string
	for _, o := range outputLines(t, dir, "rejected*.jsonl") {
		if o["component"] == "json" {
			jsonRejected = append(jsonRejected, o["input"].(string))
		}
	}
	slices.Sort(jsonRejected)
	slices.Sort(notJSON)
	if !slices.Equal(jsonRejected, notJSON) {
		t.Errorf("lines rejected as JSON:\ngot  %q\nwant %q", jsonRejected, notJSON)
	}
	e.check(t, dir, jsonRejectedKeys(t, dir)...)
}

// jsonRejectedKeys returns the keys of the lines dir's rejected files
// reject as JSON, after TestJSONLines has checked that they are the right
// lines.
func jsonRejectedKeys(t *testing.T, dir string) []string {
	var keys []string
	for _, o := range outputLines(t, dir, "rejected*.jsonl") {
		if o["component"] == "json" {
			keys = append(keys, rejectedKey(o, input(o, "input")))
		}
	}
	return keys
}

// TestRepair runs uri-beam --repair and compares with uri repair --json
// and then uri normalize --json on the repaired lines.
func TestRepair(t *testing.T) {
	exe := uriCommand(t)
	files, _ := filepath.Glob("../../testdata/*.txt*")
	var repairs []map[string]any
	var lines []string
	for _, f := range files {
		b := readFile(t, f)
		repairs = append(repairs, commandJSON(t, exe, b, "repair", "--json")...)
		lines = append(lines, splitLines(b)...)
	}
	if len(repairs) != len(lines) {
		t.Fatalf("%d results for %d lines", len(repairs), len(lines))
	}
	var results []map[string]any
	var examples []string
	var repaired []string
	var okResults []string
	for i, o := range repairs {
		if o["ok"] != true {
			results = append(results, o)
			examples = append(examples, lines[i])
			continue
		}
		if len(o["changes"].([]any)) > 0 {
			b, _ := json.Marshal(o["changes"])
			repaired = append(repaired, strconv.Quote(input(o, "input"))+" "+o["result"].(string)+" "+string(b))
		}
		okResults = append(okResults, o["result"].(string))
		examples = append(examples, lines[i])
		results = append(results, nil)
	}
	normal := commandJSON(t, exe, []byte(strings.Join(okResults, "\n")+"\n"), "normalize", "--json")
	k := 0
	for i := range results {
		if results[i] == nil {
			results[i] = normal[k]
			k++
		}
	}
	e := group(t, exe, results, examples)
	dir := runJob(t, "--input", "../../testdata/*.txt*", "--repair")
	e.check(t, dir)

	var got []string
	for _, o := range outputLines(t, dir, "repaired*.jsonl") {
		b, _ := json.Marshal(o["changes"])
		got = append(got, strconv.Quote(input(o, "input"))+" "+o["result"].(string)+" "+string(b))
	}
	slices.Sort(got)
	slices.Sort(repaired)
	if len(repaired) < 3 || !slices.Equal(got, repaired) {
		t.Errorf("repaired lines:\ngot  %q\nwant %q", got, repaired)
	}
}
