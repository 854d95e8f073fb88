package main

import (
	"cmp"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// streamingRun is a run of a command that reads lines: the command and
// the arguments before the inputs (after which the tests put their flags),
// the arguments after them, whether "http://ok/" is accepted, the exit
// status on hostileLines, and a line that is not rejected for its length
// ("http://ok/" when empty).
type streamingRun struct {
	cmd, rest  []string
	okAccepted bool
	hostile    int
	line       string
}

// args returns the command line of r with flags.
func (r streamingRun) args(flags ...string) []string {
	return append(append(append([]string{}, r.cmd...), flags...), r.rest...)
}

func (r streamingRun) String() string { return strings.Join(r.args(), " ") }

// streamingRuns are the commands that read lines: every command whose
// record has the stream flags, and each verb or profile that reads lines
// its own way. TestStreamingRunsCover holds it to the records.
var streamingRuns = []streamingRun{
	{[]string{"parse"}, nil, true, exitRejected, ""},
	{[]string{"check"}, nil, true, exitRejected, ""},
	{[]string{"normalize"}, nil, true, exitRejected, ""},
	// A line is a pair, and one that is not is rejected, as a
	// reference that does not parse.
	{[]string{"equal"}, nil, false, exitRejected, "a: b:"},
	{[]string{"to-uri"}, nil, true, exitRejected, ""},
	{[]string{"to-iri"}, nil, true, exitRejected, ""},
	// As RFC 3986 reads them, repair mends them all; where browsers go,
	// "http://\x1b[31mred/" goes nowhere (a control in the host).
	{[]string{"repair", "--rfc3986"}, nil, true, exitOK, ""},
	{[]string{"repair"}, nil, true, exitRejected, ""},
	{[]string{"resolve"}, []string{"http://a/b/c"}, true, exitRejected, ""},
	{[]string{"relative"}, []string{"http://a/b/c"}, true, exitRejected, ""},
	{[]string{"edit", "--set", "fragment=x"}, nil, true, exitRejected, ""},
	{[]string{"get"}, []string{"{host}"}, true, exitRejected, ""},
	{[]string{"compare"}, nil, true, exitRejected, ""},
	// The SURT key maker takes any string, as the Wayback's does.
	{[]string{"key"}, nil, true, exitOK, ""},
	{[]string{"key", "--profile", "safebrowsing", "--hash"}, nil, true, exitRejected, ""},
	{[]string{"site"}, nil, true, exitRejected, ""},
	{[]string{"lint"}, nil, true, exitRejected, ""},
	{[]string{"template", "expand"}, nil, true, exitRejected, ""},
	{[]string{"template", "match"}, []string{"http://{host}/"}, true, exitRejected, ""},
	{[]string{"file-path", "--os", "posix"}, nil, false, exitRejected, ""},
	{[]string{"from-path", "--os", "posix"}, nil, false, exitRejected, ""},
	{[]string{"data"}, nil, false, exitRejected, ""},
	{[]string{"mailto"}, nil, false, exitRejected, ""},
	{[]string{"urn"}, nil, false, exitRejected, ""},
}

// Every command whose record has the stream flags is in streamingRuns,
// and no other.
func TestStreamingRunsCover(t *testing.T) {
	in := map[string]bool{}
	for _, r := range streamingRuns {
		in[r.cmd[0]] = true
	}
	for _, c := range commands {
		if stream := c.shared&flagStream != 0; stream != in[c.name] {
			t.Errorf("%s: stream flags %v, in streamingRuns %v", c.name, stream, in[c.name])
		}
	}
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
			t.Run(r.String()+" -j "+jobs, func(t *testing.T) {
				stdout, stderr, code := runCmd(t, stdin, r.args("--json", "-j", jobs)...)
				if stderr != "" {
					t.Errorf("stderr: %.200q", stderr)
				}
				if code != r.hostile {
					t.Errorf("exit status %d, want %d", code, r.hostile)
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
				// The line after the hostile ones is read as ever.
				var last map[string]any
				json.Unmarshal([]byte(lines[len(lines)-1]), &last)
				if r.cmd[0] == "compare" {
					last, _ = last["rfc3986"].(map[string]any)
				}
				if ok, _ := last["ok"].(bool); ok != r.okAccepted {
					t.Errorf("the line after the hostile ones: %q, want ok %v", lines[len(lines)-1], r.okAccepted)
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
		switch i % 13 {
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
		case 6:
			fmt.Fprintf(&b, "urn:x:%d\r\n", i)
		case 7:
			fmt.Fprintf(&b, "file:///tmp/%d%%20x\n", i)
		case 8:
			fmt.Fprintf(&b, "/abs/p a%d\n", i)
		case 9:
			fmt.Fprintf(&b, "data:text/plain,%d%%41\n", i)
		case 10:
			fmt.Fprintf(&b, "mailto:a%d@example.org?subject=s%d&body=b\n", i, i)
		case 11:
			fmt.Fprintf(&b, "http://u:p@127.0.0.1:22/{x%d}\n", i)
		default:
			fmt.Fprintf(&b, "http://a/%d http://a/%%%X\n", i, i%256)
		}
	}
	stdin := b.String()
	for _, r := range streamingRuns {
		for _, form := range []string{"--json", "--json=false"} {
			want, wantErr, wantCode := runCmd(t, stdin, r.args(form, "-j", "1")...)
			for _, jobs := range []string{"2", "5"} {
				args := r.args(form, "-j", jobs)
				got, gotErr, gotCode := runCmd(t, stdin, args...)
				if got != want || gotErr != wantErr || gotCode != wantCode {
					t.Errorf("%q differs from -j 1: exit status %d (want %d), stdout equal %v, stderr equal %v",
						args, gotCode, wantCode, got == want, gotErr == wantErr)
				}
			}
		}
	}
}

// Long lines in a parallel run (each goes in a chunk of its own, in the
// memory the reader gathered it in, and its JSON line is given to the
// chunk's output): the output is what a run on one core writes, with long
// lines alone, in a row, between short ones, and cut by --max-line, and
// with a line whose JSON line alone is long.
func TestParallelLongLines(t *testing.T) {
	if testing.Short() {
		t.Skip("writes lines of megabytes through every streaming command")
	}
	long := func(n int, seg string) string {
		return "http://a/" + strings.Repeat(seg, n/len(seg)) + "\n"
	}
	stdin := "http://first/\n" + long(3<<20/2, "b/") + long(5<<20/2, "%41x/") + "http://h/ x\n" +
		long(1<<20+7, "c") + "\n../r\n" + long(2<<20, "bad host/") +
		// Shorter than a long line, but with a JSON line as long as one,
		// after short lines in the same chunk.
		"http://s/\n" + long(600<<10, "%41/") + "http://t/\n"
	for _, r := range streamingRuns {
		for _, extra := range [][]string{{"--json"}, {"--json=false"}, {"--json", "--max-line", "1200000"}} {
			want, wantErr, wantCode := runCmd(t, stdin, r.args(append(extra, "-j", "1")...)...)
			if extra[0] == "--json" {
				// Written in parts (see jsonLine.spill), each line is
				// still one JSON value, of its input.
				ins := strings.Split(strings.TrimSuffix(stdin, "\n"), "\n")
				outs := strings.Split(strings.TrimSuffix(want, "\n"), "\n")
				for i, line := range outs {
					var v struct{ Input string }
					if err := json.Unmarshal([]byte(line), &v); err != nil {
						t.Errorf("%q: line %d is not JSON: %v", r.args(extra...), i+1, err)
					} else if i < len(ins) && len(extra) == 1 && v.Input != ins[i] && !strings.Contains(ins[i], " ") {
						t.Errorf("%q: line %d has the input of another line", r.args(extra...), i+1)
					}
				}
			}
			args := r.args(append(extra, "-j", "2")...)
			got, gotErr, gotCode := runCmd(t, stdin, args...)
			if got != want || gotErr != wantErr || gotCode != wantCode {
				t.Errorf("%q differs from -j 1: exit status %d (want %d), stdout equal %v, stderr equal %v",
					args, gotCode, wantCode, got == want, gotErr == wantErr)
			}
		}
	}
}

// Blocks of text are separated by one empty line in a parallel run too,
// also when a chunk has no block and the next one has (mailto writes a block
// only for a message of several lines).
func TestParallelBlocks(t *testing.T) {
	var b strings.Builder
	for i := range 20000 {
		if i%9000 == 8999 {
			fmt.Fprintf(&b, "mailto:a@example.org?subject=%d\n", i)
		} else {
			fmt.Fprintf(&b, "mailto:a%d@example.org\n", i)
		}
	}
	want, _, _ := runCmd(t, b.String(), "mailto", "-j", "1")
	if n := strings.Count(want, "\n\n"); n != 1 {
		t.Fatalf("-j 1: %d empty lines, want 1 (between the two blocks)", n)
	}
	for _, jobs := range []string{"2", "5"} {
		if got, _, _ := runCmd(t, b.String(), "mailto", "-j", jobs); got != want {
			t.Errorf("-j %s differs from -j 1: %d empty lines", jobs, strings.Count(got, "\n\n"))
		}
	}
}

// Every streaming command rejects a line longer than --max-line with the
// "truncated" object, holding its first bytes, and reads the next line as
// ever, on one core and on several.
func TestMaxLineEveryCommand(t *testing.T) {
	for _, r := range streamingRuns {
		line := cmp.Or(r.line, "http://ok/")
		stdin := line + "\n" + line + strings.Repeat("y", 100<<10) + "\n" + line + "\n"
		wantLong := `{"input":"` + (line + "yyyyyyyyyy")[:10] + `","ok":false,"error":"uri: line of ` + strconv.Itoa(len(line)+100<<10) +
			` bytes is longer than --max-line 10; input holds its first 10","offset":null,"truncated":true}`
		for _, jobs := range []string{"1", "2"} {
			args := r.args("--json", "--max-line", "10", "-j", jobs)
			stdout, stderr, code := runCmd(t, stdin, args...)
			lines := strings.Split(stdout, "\n")
			want := exitRejected
			if len(lines) != 4 || lines[1] != wantLong || lines[0] != lines[2] || stderr != "" || code != want {
				t.Errorf("%q: exit status %d, stderr %q, stdout:\n%.300s\nwant the line between the others:\n%s", args, code, stderr, stdout, wantLong)
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

// A usage error in a parallel run, or a bad argument before the inputs, is
// reported once.
func TestParallelUsageError(t *testing.T) {
	usage := func(c *command) string {
		return "Usage: uri " + c.name + " " + c.synopsis + "\nRun \"uri " + c.name + " --help\" for more.\n"
	}
	tests := []struct {
		args   []string
		stderr string
		code   int
	}{
		{[]string{"resolve", "-j", "4"}, "uri resolve: missing BASE\n" + usage(cmdResolve), exitUsage},
		{[]string{"template", "match", "-j", "4"}, "uri template: missing TEMPLATE\n" + usage(cmdTemplate), exitUsage},
		{[]string{"template", "match", "-j", "4", "{x}{y}"}, "{x}{y}: template: ambiguous for matching at offset 3\n", exitRejected},
		{[]string{"template", "expand", "-j", "3", "--var", "x"}, "invalid value \"x\" for flag -var: want name=value\n" + usage(cmdTemplate), exitUsage},
	}
	for _, tt := range tests {
		stdout, stderr, code := runCmd(t, "a\n", tt.args...)
		if stdout != "" || stderr != tt.stderr || code != tt.code {
			t.Errorf("%q: exit status %d, stdout %q, stderr %q, want %d and %q", tt.args, code, stdout, stderr, tt.code, tt.stderr)
		}
	}
}

// The built command, for every command: --help exits 0, an unknown flag 2,
// and each command that reads lines answers the hostile lines from a pipe
// with one JSON line each and its exit status.
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
		cmd := exec.Command(bin, r.args("--json")...)
		cmd.Stdin = strings.NewReader(stdin)
		out, err := cmd.Output()
		if got := status(err); got != r.hostile {
			t.Errorf("%s: exit status %d, want %d", r, got, r.hostile)
		}
		lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
		if len(lines) != len(hostileLines) {
			t.Errorf("%s: %d lines for %d inputs", r, len(lines), len(hostileLines))
			continue
		}
		for i, line := range lines {
			var v map[string]any
			if err := json.Unmarshal([]byte(line), &v); err != nil {
				t.Errorf("%s: line %d: %v", r, i, err)
			} else if got := recoverInput(t, v); got != hostileLines[i] {
				t.Errorf("%s: line %d recovers %.40q, want %.40q", r, i, got, hostileLines[i])
			}
		}
	}
}
