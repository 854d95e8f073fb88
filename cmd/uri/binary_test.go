package main

import (
	"errors"
	"os/exec"
	"strings"
	"testing"
)

// The real binary, end to end: exit statuses, standard input and the streams
// the output goes to.
func TestBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	bin := buildCommand(t)
	tests := []struct {
		stdin          string
		args           []string
		code           int
		stdout, stderr string // what they begin with
	}{
		{"", nil, 2, "", "Usage: uri <command>"},
		{"", []string{"--help"}, 0, "Usage: uri <command>", ""},
		{"", []string{"parse", "-h"}, 0, "Usage: uri parse", ""},
		{"", []string{"check", "--bogus"}, 2, "", "flag provided but not defined"},
		{"", []string{"frobnicate"}, 2, "", `uri: unknown command "frobnicate"`},
		{"", []string{"parse", "--json", "http://a:/"}, 0, `{"input":"http://a:/","ok":true,`, ""},
		{"http://a/\n\r\nb c", []string{"parse", "--json"}, 1,
			`{"input":"http://a/","ok":true,`, ""},
		{"http://a/\nb c\n", []string{"check"}, 1, "", "b c: uri: invalid character ' ' in path at offset 1\n"},
		{"http://a/\n", []string{"check"}, 0, "", ""},
	}
	for _, tt := range tests {
		cmd := exec.Command(bin, tt.args...)
		cmd.Stdin = strings.NewReader(tt.stdin)
		var stdout, stderr strings.Builder
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		code := 0
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			code = exit.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		if code != tt.code {
			t.Errorf("uri %q: exit status %d, want %d", tt.args, code, tt.code)
		}
		if !strings.HasPrefix(stdout.String(), tt.stdout) || tt.stdout == "" && stdout.Len() > 0 {
			t.Errorf("uri %q: stdout %q, want it to begin with %q", tt.args, stdout.String(), tt.stdout)
		}
		if !strings.HasPrefix(stderr.String(), tt.stderr) || tt.stderr == "" && stderr.Len() > 0 {
			t.Errorf("uri %q: stderr %q, want it to begin with %q", tt.args, stderr.String(), tt.stderr)
		}
	}
	// Three lines in, three lines out, for the empty one too.
	cmd := exec.Command(bin, "parse", "--json")
	cmd.Stdin = strings.NewReader("http://a/\n\r\nb c")
	out, _ := cmd.Output()
	if n := strings.Count(string(out), "\n"); n != 3 {
		t.Errorf("%d lines of output for 3 lines of input:\n%s", n, out)
	}
}
