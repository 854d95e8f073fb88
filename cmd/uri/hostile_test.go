package main

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os/exec"
	"strings"
	"testing"
	"unicode/utf8"
)

// streamingRuns are the commands that read lines, each with the arguments
// before its inputs.
var streamingRuns = [][]string{
	{"parse"}, {"check"}, {"normalize"}, {"to-uri"}, {"to-iri"}, {"repair"},
	{"resolve", "http://a/b/c"}, {"relative", "http://a/b/c"},
	{"edit", "--set", "fragment=x"}, {"get", "{host}"},
}

// hostileLines are lines as issue 15 lists them: invalid UTF-8, NUL bytes,
// a lone "\r" inside a line, control bytes, and a line longer than every
// buffer.
var hostileLines = []string{
	"http://a/\xff\xfe",
	"\xc3",
	"http://a/\x00b",
	"a\x00",
	"http://a/\rb",
	"\r\rx",
	"http://\x1b[31mred/",
	"",
	"http://a/" + strings.Repeat("x", 300<<10),
	"http://a/" + strings.Repeat("\xff", 100<<10),
	"http://ok/",
}

// recoverInput returns the exact bytes of the input that a JSON line
// stands for: input_b64 when it is there, else input.
func recoverInput(t *testing.T, v map[string]any) string {
	t.Helper()
	if b, ok := v["input_b64"].(string); ok {
		raw, err := base64.StdEncoding.DecodeString(b)
		if err != nil {
			t.Fatalf("input_b64 %q: %v", b, err)
		}
		return string(raw)
	}
	s, _ := v["input"].(string)
	return s
}

// Each hostile line is an input like any other for every streaming command:
// one valid JSON line each, in order, from which the exact line can be
// recovered, on one core and on several.
func TestHostileLines(t *testing.T) {
	stdin := strings.Join(hostileLines, "\n") + "\n"
	for _, r := range streamingRuns {
		for _, jobs := range []string{"1", "3"} {
			name := strings.Join(r, " ") + " -j " + jobs
			t.Run(name, func(t *testing.T) {
				args := append([]string{r[0], "--json", "-j", jobs}, r[1:]...)
				stdout, stderr, code := runCmd(t, stdin, args...)
				if stderr != "" {
					t.Errorf("stderr: %.200q", stderr)
				}
				if code != exitRejected && r[0] != "repair" { // repair mends them all
					t.Errorf("exit status %d, want %d", code, exitRejected)
				}
				lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
				if len(lines) != len(hostileLines) {
					t.Fatalf("%d lines of output for %d inputs", len(lines), len(hostileLines))
				}
				for i, line := range lines {
					var v map[string]any
					if err := json.Unmarshal([]byte(line), &v); err != nil {
						t.Fatalf("line %d is not JSON: %v: %.200q", i, err, line)
					}
					if got := recoverInput(t, v); got != hostileLines[i] {
						t.Errorf("line %d: recovered %.60q, want %.60q", i, got, hostileLines[i])
					}
					if _, ok := v["input_b64"]; ok == utf8.ValidString(hostileLines[i]) {
						t.Errorf("line %d: input_b64 present: %v, for input %.60q", i, ok, hostileLines[i])
					}
				}
				if !strings.HasPrefix(lines[len(lines)-1], `{"input":"http://ok/","ok":true`) {
					t.Errorf("the line after the hostile ones: %q", lines[len(lines)-1])
				}
			})
		}
	}
}

// --max-line rejects a longer line, keeps only its first bytes, and goes on
// with the next line; the same on one core and on several.
func TestMaxLine(t *testing.T) {
	long := "http://a/" + strings.Repeat("y", 200<<10)
	stdin := "http://a/\n" + long + "\r\nhttp://b/\n" + strings.Repeat("z", 11) + "\n" + strings.Repeat("z", 10) + "\n"
	for _, jobs := range []string{"1", "2"} {
		stdout, stderr, code := runCmd(t, stdin, "check", "--json", "--max-line", "10", "-j", jobs)
		want := `{"input":"http://a/","ok":true}
{"input":"http://a/y","ok":false,"error":"uri: line of 204809 bytes is longer than --max-line 10; input holds its first 10","offset":null,"truncated":true}
{"input":"http://b/","ok":true}
{"input":"zzzzzzzzzz","ok":false,"error":"uri: line of 11 bytes is longer than --max-line 10; input holds its first 10","offset":null,"truncated":true}
{"input":"zzzzzzzzzz","ok":true}
`
		if stdout != want || stderr != "" || code != exitRejected {
			t.Errorf("-j %s: exit status %d, stdout:\n%s\nwant:\n%s\nstderr %q", jobs, code, stdout, want, stderr)
		}
		_, stderr, _ = runCmd(t, stdin, "check", "--max-line", "10", "-j", jobs)
		wantErr := "http://a/y: uri: line of 204809 bytes is longer than --max-line 10; input holds its first 10\n" +
			"zzzzzzzzzz: uri: line of 11 bytes is longer than --max-line 10; input holds its first 10\n"
		if stderr != wantErr {
			t.Errorf("-j %s: text stderr %q, want %q", jobs, stderr, wantErr)
		}
	}
	_, stderr, code := runCmd(t, "", "check", "--max-line", "-1")
	if code != exitUsage || !strings.Contains(stderr, "-j and --max-line take a number from 0 up") {
		t.Errorf("--max-line -1: exit status %d, stderr %q", code, stderr)
	}
}

// A parallel run writes exactly what a run on one core writes, in input
// order, for every streaming command and output form, with enough lines for
// many chunks.
func TestParallelOrder(t *testing.T) {
	var b strings.Builder
	for i := range 30000 {
		switch i % 7 {
		case 0:
			fmt.Fprintf(&b, "http://h%d.example/p/%d?q=%d#f\n", i, i, i)
		case 1:
			fmt.Fprintf(&b, "http://bad host %d/\n", i)
		case 2:
			fmt.Fprintf(&b, "../rel/%d\n", i)
		case 3:
			fmt.Fprintf(&b, "HTTP://X%d.EXAMPLE:80/a/./b/../c\n", i)
		case 4:
			fmt.Fprintf(&b, "\xff%d\n", i)
		case 5:
			b.WriteString("\n")
		default:
			fmt.Fprintf(&b, "urn:x:%d\r\n", i)
		}
	}
	stdin := b.String()
	for _, r := range streamingRuns {
		for _, form := range []string{"--json", "--json=false"} {
			args := func(jobs string) []string {
				return append([]string{r[0], form, "-j", jobs}, r[1:]...)
			}
			want, wantErr, wantCode := runCmd(t, stdin, args("1")...)
			for _, jobs := range []string{"2", "5"} {
				got, gotErr, gotCode := runCmd(t, stdin, args(jobs)...)
				if got != want || gotErr != wantErr || gotCode != wantCode {
					t.Errorf("%q differs from -j 1: exit status %d (want %d), stdout equal %v, stderr equal %v",
						args(jobs), gotCode, wantCode, got == want, gotErr == wantErr)
				}
			}
		}
	}
}

// A read error in a parallel run comes after the output of the lines read
// before it, as on one core.
func TestParallelReadError(t *testing.T) {
	for _, jobs := range []string{"1", "2"} {
		var out, errb strings.Builder
		code := run([]string{"check", "--json", "-j", jobs}, &errReader{"a\nb c\nd"}, &out, &errb)
		if code != exitRejected {
			t.Errorf("-j %s: exit status %d", jobs, code)
		}
		want := `{"input":"a","ok":true}` + "\n" +
			`{"input":"b c","ok":false,"error":"uri: invalid character ' ' in path at offset 1","offset":1}` + "\n"
		if out.String() != want {
			t.Errorf("-j %s: stdout %q, want %q", jobs, out.String(), want)
		}
		if errb.String() != "uri: reading standard input: unexpected EOF\n" {
			t.Errorf("-j %s: stderr %q", jobs, errb.String())
		}
	}
}

// A usage error in a parallel run is reported once.
func TestParallelUsageError(t *testing.T) {
	stdout, stderr, code := runCmd(t, "a\n", "resolve", "-j", "4")
	want := "uri resolve: missing BASE\nUsage: uri resolve " + cmdResolve.synopsis + "\nRun \"uri resolve --help\" for more.\n"
	if stdout != "" || stderr != want || code != exitUsage {
		t.Errorf("exit status %d, stdout %q, stderr %q, want %q", code, stdout, stderr, want)
	}
}

// The built command, for every command: --help exits 0, an unknown flag 2,
// and each command that reads lines answers the hostile lines from a pipe
// with one JSON line each and exit status 1 (repair mends them: 0).
func TestBuiltCommandHostile(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	bin := buildCommand(t)
	status := func(err error) int {
		if ee, ok := err.(*exec.ExitError); ok {
			return ee.ExitCode()
		}
		if err != nil {
			t.Fatal(err)
		}
		return 0
	}
	for _, c := range commands {
		if err := exec.Command(bin, c.name, "--help").Run(); status(err) != exitOK {
			t.Errorf("%s --help: %v", c.name, err)
		}
		if err := exec.Command(bin, c.name, "--no-such-flag").Run(); status(err) != exitUsage {
			t.Errorf("%s --no-such-flag: %v, want exit status 2", c.name, err)
		}
	}
	stdin := strings.Join(hostileLines, "\n") + "\n"
	for _, r := range streamingRuns {
		cmd := exec.Command(bin, append([]string{r[0], "--json"}, r[1:]...)...)
		cmd.Stdin = strings.NewReader(stdin)
		out, err := cmd.Output()
		want := exitRejected
		if r[0] == "repair" {
			want = exitOK
		}
		if got := status(err); got != want {
			t.Errorf("%q: exit status %d, want %d", r, got, want)
		}
		lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
		if len(lines) != len(hostileLines) {
			t.Errorf("%q: %d lines for %d inputs", r, len(lines), len(hostileLines))
			continue
		}
		for i, line := range lines {
			var v map[string]any
			if err := json.Unmarshal([]byte(line), &v); err != nil {
				t.Errorf("%q: line %d: %v", r, i, err)
			} else if got := recoverInput(t, v); got != hostileLines[i] {
				t.Errorf("%q: line %d recovers %.40q, want %.40q", r, i, got, hostileLines[i])
			}
		}
	}
}
