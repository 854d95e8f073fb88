package main

import (
	"io"
	"runtime"
	"strings"
	"testing"
	"time"
)

// runCmd runs the command in-process with stdin as its standard input.
func runCmd(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb strings.Builder
	code = run(args, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

// cmdTest is one run of the command: its standard input and arguments, and
// what it must write and return.
type cmdTest struct {
	name           string
	stdin          string
	args           []string
	stdout, stderr string
	code           int
}

// runCmdTests runs each test as a subtest and compares everything it did.
func runCmdTests(t *testing.T, tests []cmdTest) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stdout, stderr, code := runCmd(t, tt.stdin, tt.args...)
			if stdout != tt.stdout {
				t.Errorf("stdout:\n%s\nwant:\n%s", stdout, tt.stdout)
			}
			if stderr != tt.stderr {
				t.Errorf("stderr:\n%s\nwant:\n%s", stderr, tt.stderr)
			}
			if code != tt.code {
				t.Errorf("exit status %d, want %d", code, tt.code)
			}
		})
	}
}

func TestUsage(t *testing.T) {
	tests := []struct {
		name      string
		args      []string
		code      int
		toStdout  bool   // the usage goes to stdout (else to stderr)
		usageHead string // how the usage printed begins
		message   string // what stderr must also say, if anything
	}{
		{"no command", nil, 2, false, "Usage: uri <command>", ""},
		{"--help", []string{"--help"}, 0, true, "Usage: uri <command>", ""},
		{"-h", []string{"-h"}, 0, true, "Usage: uri <command>", ""},
		{"-help", []string{"-help"}, 0, true, "Usage: uri <command>", ""},
		{"help", []string{"help"}, 0, true, "Usage: uri <command>", ""},
		{"help help", []string{"help", "help"}, 0, true, "Usage: uri <command>", ""},
		{"help parse", []string{"help", "parse"}, 0, true, "Usage: uri parse ", ""},
		{"help check", []string{"help", "check"}, 0, true, "Usage: uri check ", ""},
		{"help unknown", []string{"help", "nope"}, 2, false, "", `unknown command "nope"`},
		{"help too many", []string{"help", "parse", "check"}, 2, false, "", "at most one"},
		{"unknown command", []string{"nope", "a"}, 2, false, "", `uri: unknown command "nope"`},
		{"unknown command escaped", []string{"\x1b[31m"}, 2, false, "", `uri: unknown command "\x1b[31m"`},
		{"flag before command", []string{"--json", "parse"}, 2, false, "", `unknown command "--json"`},
		{"parse --help", []string{"parse", "--help"}, 0, true, "Usage: uri parse [--json] [--rule rule] [--zone] [--iri] [--whatwg [--base URL]] [--max-line n] [-j n] [input...]", ""},
		{"parse -h", []string{"parse", "-h"}, 0, true, "Usage: uri parse ", ""},
		{"parse -h after flags", []string{"parse", "--json", "-h", "a"}, 0, true, "Usage: uri parse ", ""},
		{"check --help", []string{"check", "--help"}, 0, true, "Usage: uri check [--json] [--rule rule] [--zone] [--max-line n] [-j n] [input...]", ""},
		{"check -h", []string{"check", "-h"}, 0, true, "Usage: uri check ", ""},
		{"parse unknown flag", []string{"parse", "--nope", "a"}, 2, false, "Usage: uri parse ", "flag provided but not defined: -nope"},
		{"check unknown flag", []string{"check", "-x"}, 2, false, "Usage: uri check ", "flag provided but not defined: -x"},
		{"parse bad rule", []string{"parse", "--rule", "strict", "a"}, 2, false, "Usage: uri parse ", "must be reference, uri, absolute or relative"},
		{"check missing rule", []string{"check", "--rule"}, 2, false, "Usage: uri check ", "flag needs an argument: -rule"},
		{"check bad --json value", []string{"check", "--json=maybe", "a"}, 2, false, "Usage: uri check ", "invalid boolean value"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stdout, stderr, code := runCmd(t, "", tt.args...)
			if code != tt.code {
				t.Errorf("exit status %d, want %d", code, tt.code)
			}
			usage, other := stderr, stdout
			if tt.toStdout {
				usage, other = stdout, stderr
			}
			if other != "" {
				t.Errorf("unexpected output on the other stream: %q", other)
			}
			if tt.message != "" {
				if !strings.Contains(stderr, tt.message) {
					t.Errorf("stderr %q does not say %q", stderr, tt.message)
				}
				usage = usage[strings.Index(usage, "Usage:"):]
			}
			if tt.usageHead != "" && !strings.HasPrefix(usage, tt.usageHead) {
				t.Errorf("output does not begin with %q:\n%s", tt.usageHead, usage)
			}
			if !strings.HasSuffix(stdout+stderr, "\n") {
				t.Errorf("output does not end with a newline")
			}
		})
	}
}

// The command's usage lists every subcommand with its summary, and each
// subcommand's --help names its flags.
func TestUsageLists(t *testing.T) {
	stdout, _, _ := runCmd(t, "", "--help")
	for _, c := range commands {
		if !strings.Contains(stdout, "  "+c.name+"  ") || !strings.Contains(stdout, c.summary+"\n") {
			t.Errorf("usage does not list %s with %q:\n%s", c.name, c.summary, stdout)
		}
		help, _, code := runCmd(t, "", c.name, "--help")
		if code != 0 {
			t.Errorf("%s --help: exit status %d", c.name, code)
		}
		flags := []string{"--help, -h"}
		for _, s := range []struct {
			flag sharedFlags
			line string
		}{{flagJSON, "--json"}, {flagRule, "--rule rule"}, {flagNormalize, "--flags list"}} {
			if c.shared&s.flag != 0 {
				flags = append(flags, s.line)
			}
		}
		for _, flag := range flags {
			if !strings.Contains(help, "\n  "+flag+"\n") {
				t.Errorf("%s --help does not list %s:\n%s", c.name, flag, help)
			}
		}
	}
	// The JSON output's treatment of invalid UTF-8 is documented.
	for _, c := range commands {
		if c.shared&flagJSON == 0 {
			continue
		}
		help, _, _ := runCmd(t, "", c.name, "--help")
		if !strings.Contains(help, "U+FFFD") {
			t.Errorf("%s --help does not say that invalid UTF-8 becomes U+FFFD", c.name)
		}
		// Every command that writes an object per input says that
		// "input_b64" holds the bytes of an input that is not UTF-8.
		if c.shared&flagStream != 0 && !strings.Contains(help, `"input_b64", the input's exact bytes in base64`) {
			t.Errorf("%s --help does not say what input_b64 holds", c.name)
		}
	}
}

func TestExitStatus(t *testing.T) {
	tests := []struct {
		stdin string
		args  []string
		code  int
	}{
		{"", []string{"parse", "a", "b"}, 0},
		{"", []string{"parse", "a", "b c"}, 1},
		{"", []string{"parse", "--json", "a b", "c"}, 1},
		{"", []string{"check", "a", "http://x/"}, 0},
		{"", []string{"check", "a", "%"}, 1},
		{"", []string{"check", "--json", "%", "a"}, 1},
		{"", []string{"check", "--", "-a"}, 0}, // "-a" is a relative reference
		{"", []string{"check", ""}, 0},
		{"a\nb\n", []string{"check"}, 0},
		{"a\nb c\n", []string{"check"}, 1},
		{"", []string{"check"}, 0}, // no input at all
		{"", []string{"check", "--rule", "uri", "a"}, 1},
		{"", []string{"check", "--rule=absolute", "a:b#c"}, 1},
		{"", []string{"check", "--rule", "relative", "a:b"}, 1},
		{"", []string{"check", "--rule", "relative", "a/b:c"}, 0},
	}
	for _, tt := range tests {
		_, _, code := runCmd(t, tt.stdin, tt.args...)
		if code != tt.code {
			t.Errorf("%q with stdin %q: exit status %d, want %d", tt.args, tt.stdin, code, tt.code)
		}
	}
}

// failWriter fails every write.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, io.ErrClosedPipe }

// A failing standard output is reported and fails the run, even when every
// input was valid, and stops reading the input.
func TestWriteError(t *testing.T) {
	var errb strings.Builder
	in := strings.NewReader(strings.Repeat("http://a/\n", 100000))
	code := run([]string{"parse", "--json"}, in, failWriter{}, &errb)
	if code != exitRejected {
		t.Errorf("exit status %d, want %d", code, exitRejected)
	}
	if !strings.Contains(errb.String(), "uri: writing standard output: io: read/write on closed pipe") {
		t.Errorf("stderr %q does not report the write error", errb.String())
	}
	if in.Len() == 0 {
		t.Errorf("the whole input was read after output had failed")
	}
}

// A parallel run whose output fails while long lines are in the input (each
// runs alone: the reader waits for the chunks before it to be written)
// stops too, without waiting for chunks that will never be written.
func TestWriteErrorLongLines(t *testing.T) {
	long := "http://a/" + strings.Repeat("b/", 1<<20) + "\n"
	for _, args := range [][]string{{"parse", "--json", "-j", "2"}, {"parse", "-j", "3"}} {
		var errb strings.Builder
		in := strings.NewReader(strings.Repeat("http://a/\n", 50000) + strings.Repeat(long, 4))
		code := run(args, in, failWriter{}, &errb)
		if code != exitRejected {
			t.Errorf("%q: exit status %d, want %d", args, code, exitRejected)
		}
		if !strings.Contains(errb.String(), "uri: writing standard output") {
			t.Errorf("%q: stderr %q does not report the write error", args, errb.String())
		}
		if in.Len() == 0 {
			t.Errorf("%q: the whole input was read after output had failed", args)
		}
	}
}

// laterFailWriter takes the first n bytes, then fails every write.
type laterFailWriter struct{ n int }

func (w *laterFailWriter) Write(p []byte) (int, error) {
	if len(p) > w.n {
		w.n = 0
		return 0, io.ErrClosedPipe
	}
	w.n -= len(p)
	return len(p), nil
}

// Output that fails in a worker's own write of a long line, straight to
// standard output as the writer's next chunk, stops the run as a failure
// in the writer's write does: the reader once read on to the end.
func TestWriteErrorInLongLine(t *testing.T) {
	head := strings.Repeat("http://a/\n", 100) + "http://a/" + strings.Repeat("b", 1<<20) + "\n"
	rest := strings.Repeat("http://a/b\n", 300000)
	for _, args := range [][]string{{"repair", "-j", "2"}, {"parse", "--json", "-j", "2"}, {"parse", "-j", "3"}} {
		in := strings.NewReader(head + rest)
		var errb strings.Builder
		code := run(args, in, &laterFailWriter{n: 200 << 10}, &errb)
		if code != exitRejected || !strings.Contains(errb.String(), "uri: writing standard output") {
			t.Errorf("%q: exit status %d, stderr %q; want %d and the write error", args, code, errb.String(), exitRejected)
		}
		if in.Len() < len(rest)/2 {
			t.Errorf("%q: read on to %d bytes of %d after output had failed", args, in.Size()-int64(in.Len()), in.Size())
		}
	}
}

// blockingWriter blocks its first write until release is closed, and says
// so on blocked.
type blockingWriter struct {
	blocked, release chan struct{}
	once             bool
}

func (w *blockingWriter) Write(p []byte) (int, error) {
	if !w.once {
		w.once = true
		close(w.blocked)
		<-w.release
	}
	return len(p), nil
}

// While the writer is held up writing the chunks before a long line (a
// slow pipe, a pager), the reader waits for it blocked, not spinning: every
// look at its stack while output is held finds it in a select.
func TestLongLineReaderWaits(t *testing.T) {
	// One short line: its output is written when the writer has nothing
	// more at hand (bufio flushes a larger one as it comes), after its
	// chunk is free again, so that the reader goes on to the long line.
	in := "http://a/\n" + "http://a/" + strings.Repeat("b", 1<<20) + "\n"
	w := &blockingWriter{blocked: make(chan struct{}), release: make(chan struct{})}
	done := make(chan int)
	go func() {
		var errb strings.Builder
		done <- run([]string{"repair", "-j", "2"}, strings.NewReader(in), w, &errb)
	}()
	<-w.blocked
	buf := make([]byte, 1<<20)
	seen := 0
	for range 20 {
		time.Sleep(time.Millisecond)
		stacks := string(buf[:runtime.Stack(buf, true)])
		for _, g := range strings.Split(stacks, "\n\n") {
			if strings.Contains(g, "(*pipeline).read(") {
				seen++
				if first, _, _ := strings.Cut(g, "\n"); !strings.Contains(first, "[select") && !strings.Contains(first, "[chan send") {
					close(w.release)
					<-done
					t.Fatalf("the reader is not waiting while output is held: %s", first)
				}
			}
		}
	}
	close(w.release)
	if seen == 0 {
		t.Error("the reader's goroutine was not found in the stacks")
	}
	if code := <-done; code != exitOK {
		t.Errorf("exit status %d after output was released", code)
	}
}

// errReader returns some data, then an error.
type errReader struct{ data string }

func (r *errReader) Read(p []byte) (int, error) {
	if r.data == "" {
		return 0, io.ErrUnexpectedEOF
	}
	n := copy(p, r.data)
	r.data = r.data[n:]
	return n, nil
}

func TestReadError(t *testing.T) {
	var out, errb strings.Builder
	code := run([]string{"check", "--json"}, &errReader{"a\nb"}, &out, &errb)
	if code != exitRejected {
		t.Errorf("exit status %d, want %d", code, exitRejected)
	}
	if want := `{"input":"a","ok":true}` + "\n"; out.String() != want {
		t.Errorf("stdout %q, want %q", out.String(), want)
	}
	if want := "uri: reading standard input: unexpected EOF\n"; errb.String() != want {
		t.Errorf("stderr %q, want %q", errb.String(), want)
	}
}
