package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// buildCommand builds the command into a temporary directory of t.
func buildCommand(t *testing.T) string {
	t.Helper()
	goCmd, err := exec.LookPath("go") // go test puts its own on PATH first
	if err != nil {
		t.Fatal("no go command:", err)
	}
	bin := filepath.Join(t.TempDir(), "uri")
	if out, err := exec.Command(goCmd, "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// tmuxPane is a shell in a tmux pane of its own server: a real terminal,
// driven from the test without any module outside the standard library.
type tmuxPane struct {
	t      *testing.T
	socket string
}

func newTmuxPane(t *testing.T) *tmuxPane {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("no tmux to give the command a terminal:", err)
	}
	p := &tmuxPane{t: t, socket: fmt.Sprintf("uri-test-%d-%d", os.Getpid(), time.Now().UnixNano())}
	// A plain sh without NO_COLOR, with a prompt that is easy to see.
	p.tmux("-f", "/dev/null", "new-session", "-d", "-x", "200", "-y", "50", "-s", "t",
		"env -u NO_COLOR PS1='$ ' TERM=xterm sh")
	t.Cleanup(func() { exec.Command("tmux", "-L", p.socket, "kill-server").Run() })
	return p
}

func (p *tmuxPane) tmux(args ...string) string {
	p.t.Helper()
	out, err := exec.Command("tmux", append([]string{"-L", p.socket}, args...)...).CombinedOutput()
	if err != nil {
		p.t.Fatalf("tmux %q: %v\n%s", args, err, out)
	}
	return string(out)
}

// send types line and Enter.
func (p *tmuxPane) send(line string) {
	p.t.Helper()
	p.tmux("send-keys", "-t", "t", "-l", line)
	p.tmux("send-keys", "-t", "t", "Enter")
}

// screen returns what the pane shows, with its colors as escapes.
func (p *tmuxPane) screen() string { return p.tmux("capture-pane", "-p", "-e", "-J", "-t", "t") }

// waitFor waits until the screen holds s, and returns the screen.
func (p *tmuxPane) waitFor(s string) string {
	p.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		sc := p.screen()
		if strings.Contains(sc, s) {
			return sc
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("the terminal never showed %q:\n%s", s, sc)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// On a terminal: carets under the offending byte, color unless NO_COLOR is
// set, answers to lines as they are typed, and a progress line while a slow
// pipe is read, which is gone at the end.
func TestTerminal(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and drives tmux")
	}
	bin := buildCommand(t)
	p := newTmuxPane(t)

	caret := "          ^ uri: invalid character ' ' in host at offset 10"
	p.send("clear; " + bin + " check 'http://exa mple.com'; echo END1:$?")
	sc := p.waitFor("END1:1")
	if !strings.Contains(sc, "http://exa mple.com\n") || !strings.Contains(stripEscapes(sc), caret) {
		t.Errorf("no caret under the space:\n%s", sc)
	}
	if !strings.Contains(sc, "\x1b[1m\x1b[31m") && !strings.Contains(sc, "\x1b[1;31m") {
		t.Errorf("the caret line is not bold red:\n%q", sc)
	}

	p.send("clear; NO_COLOR=1 " + bin + " check 'http://exa mple.com'; echo END2:$?")
	sc = p.waitFor("END2:1")
	if !strings.Contains(sc, caret) || strings.Contains(sc, "31m") {
		t.Errorf("with NO_COLOR: want the caret line without color:\n%q", sc)
	}

	// parse's blocks are on standard output, colored there too.
	p.send("clear; " + bin + " parse 'a%2'; echo END3:$?")
	sc = p.waitFor("END3:1")
	if !strings.Contains(stripEscapes(sc), "a%2\n ^\nuri: invalid percent-encoding") || !strings.Contains(sc, "31m") {
		t.Errorf("parse on a terminal:\n%q", sc)
	}

	// Lines typed are answered one by one, while standard input stays open.
	p.send("clear; " + bin + " check --json; echo END4:$?")
	p.send("http://a/")
	p.waitFor(`{"input":"http://a/","ok":true}`)
	p.send("b c")
	p.waitFor(`{"input":"b c","ok":false,"error":"uri: invalid character ' ' in path at offset 1","offset":1}`)
	p.tmux("send-keys", "-t", "t", "C-d")
	p.waitFor("END4:1")

	// A progress line while a pipe is read with standard error on the
	// terminal, erased at the end.
	dir := t.TempDir()
	var b strings.Builder
	for i := range 20000 {
		fmt.Fprintf(&b, "http://h%d.example/\n", i)
	}
	chunk := filepath.Join(dir, "chunk.txt")
	if err := os.WriteFile(chunk, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	p.send("clear; for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do cat " + chunk +
		"; sleep 0.2; done | " + bin + " check -j 2 >/dev/null; echo END6:$?")
	sc = p.waitFor(" 0 rejected")
	if plain := stripEscapes(sc); !strings.Contains(plain, " inputs, ") || !strings.Contains(plain, "/s, ") {
		t.Errorf("progress line:\n%s", plain)
	}
	sc = p.waitFor("END6:0")
	if strings.Contains(sc, " inputs, ") {
		t.Errorf("the progress line stays after the end:\n%s", stripEscapes(sc))
	}
}

// stripEscapes removes the ANSI escapes (ESC [ ... letter) from s.
func stripEscapes(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == 0x1b && i+1 < len(s) && s[i+1] == '[' {
			j := i + 2
			for j < len(s) && (s[j] < 0x40 || s[j] > 0x7e) {
				j++
			}
			i = j
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// What the command writes when it is told where terminals are, in process:
// carets on standard error for a person, color only with NO_COLOR unset,
// the one-line form for an error that points at no byte of the input.
func TestTerminalForms(t *testing.T) {
	tests := []struct {
		name   string
		term   terminal
		args   []string
		stderr string
	}{
		{"pipe", terminal{}, []string{"check", "http://exa mple.com"},
			"http://exa mple.com: uri: invalid character ' ' in host at offset 10\n"},
		{"terminal", terminal{stderr: true, noColor: true}, []string{"check", "http://exa mple.com"},
			"http://exa mple.com\n          ^ uri: invalid character ' ' in host at offset 10\n"},
		{"terminal in color", terminal{stderr: true}, []string{"check", "http://exa mple.com"},
			"http://exa mple.com\n          " + sgrRed + "^ uri: invalid character ' ' in host at offset 10" + sgrReset + "\n"},
		{"an escaped byte gets the caret under its escape", terminal{stderr: true, noColor: true}, []string{"check", "ab\x00"},
			"ab\\x00\n  ^ uri: invalid character '\\x00' in path at offset 2\n"},
		{"edit error has no caret", terminal{stderr: true, noColor: true}, []string{"edit", "--set", "port=x", "http://a/"},
			"http://a/: --set port=x: uri: invalid character 'x' in port at offset 0\n"},
	}
	for _, tt := range tests {
		var out, errb strings.Builder
		runTerm(tt.args, strings.NewReader(""), &out, &errb, tt.term)
		if errb.String() != tt.stderr {
			t.Errorf("%s: stderr %q, want %q", tt.name, errb.String(), tt.stderr)
		}
	}
	// On a terminal, standard input is read on one core by default.
	e := &env{stdinTTY: true}
	l := cmdCheck.newCmdLine(quietEnv())
	if n := e.jobs(cmdCheck, l); n != 1 {
		t.Errorf("jobs with standard input on a terminal: %d, want 1", n)
	}
	e.stdinTTY = false
	if n := e.jobs(cmdCheck, l); n < 1 {
		t.Errorf("jobs from a pipe: %d", n)
	}
	e.jobsFlag = 3
	if n := e.jobs(cmdCheck, l); n != 3 {
		t.Errorf("jobs with -j 3: %d", n)
	}
	if n := e.jobs(cmdMan, cmdMan.newCmdLine(quietEnv())); n != 1 {
		t.Errorf("jobs of man, which reads no lines: %d", n)
	}
}
