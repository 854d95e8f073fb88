package main

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

// readmeExample is one "$ ..." line of a console block of the README and
// the output under it.
type readmeExample struct {
	line   int // in README.md, from 1
	cmd    string
	output string
}

// readmeExamples returns the examples of the README's ```console blocks.
func readmeExamples(t *testing.T) []readmeExample {
	t.Helper()
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	var ex []readmeExample
	in := false
	for i, l := range strings.Split(string(b), "\n") {
		switch {
		case l == "```console":
			in = true
		case in && l == "```":
			in = false
		case in && strings.HasPrefix(l, "$ "):
			ex = append(ex, readmeExample{line: i + 1, cmd: l[2:]})
		case in && len(ex) > 0:
			ex[len(ex)-1].output += l + "\n"
		case in:
			t.Fatalf("README.md:%d: output before any command", i+1)
		}
	}
	return ex
}

// shellWords splits a command line as sh would, for the quoting the README
// uses: '...', "..." (with \" and \\), a backslash outside quotes, and "|"
// between commands. Each command is a list of words.
func shellWords(s string) ([][]string, error) {
	var cmds [][]string
	var words []string
	var w strings.Builder
	inWord := false
	end := func() {
		if inWord {
			words = append(words, w.String())
			w.Reset()
			inWord = false
		}
	}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case ' ', '\t':
			end()
		case '|':
			end()
			cmds = append(cmds, words)
			words = nil
		case '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, strconv.ErrSyntax
			}
			w.WriteString(s[i+1 : i+1+j])
			inWord = true
			i += j + 1
		case '"':
			inWord = true
			for i++; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\') {
					i++
				}
				w.WriteByte(s[i])
			}
			if i == len(s) {
				return nil, strconv.ErrSyntax
			}
		case '\\':
			if i+1 < len(s) {
				i++
				w.WriteByte(s[i])
				inWord = true
			}
		default:
			w.WriteByte(c)
			inWord = true
		}
	}
	end()
	return append(cmds, words), nil
}

// printfText is what printf writes for a format without conversions: the
// escapes \n, \t, \\ and \NNN (octal) replaced.
func printfText(f string) string {
	var b strings.Builder
	for i := 0; i < len(f); i++ {
		if f[i] != '\\' || i+1 == len(f) {
			b.WriteByte(f[i])
			continue
		}
		i++
		switch c := f[i]; {
		case c == 'n':
			b.WriteByte('\n')
		case c == 't':
			b.WriteByte('\t')
		case c >= '0' && c <= '7':
			n := 0
			for k := 0; k < 3 && i < len(f) && f[i] >= '0' && f[i] <= '7'; k++ {
				n = n*8 + int(f[i]-'0')
				i++
			}
			i--
			b.WriteByte(byte(n))
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// Every example of the README runs as written: each "uri" of a pipeline in
// process, "printf" as the shell's, and what it prints (standard output of
// the last command, then every standard error) is the text under it.
func TestReadmeExamples(t *testing.T) {
	examples := readmeExamples(t)
	if len(examples) < 20 {
		t.Fatalf("only %d examples in README.md's console blocks", len(examples))
	}
	for _, ex := range examples {
		cmds, err := shellWords(ex.cmd)
		if err != nil {
			t.Errorf("README.md:%d: cannot split %q: %v", ex.line, ex.cmd, err)
			continue
		}
		stdin, stderr, stdout := "", "", ""
		for k, words := range cmds {
			switch {
			case len(words) == 2 && words[0] == "printf" && k == 0:
				stdout = printfText(words[1])
			case len(words) > 0 && words[0] == "uri":
				var errOut string
				stdout, errOut, _ = runCmd(t, stdin, words[1:]...)
				stderr += errOut
			default:
				t.Fatalf("README.md:%d: only printf and uri may run, not %q", ex.line, words)
			}
			stdin = stdout
		}
		if got := stdout + stderr; got != ex.output {
			t.Errorf("README.md:%d: $ %s\ngave:\n%s\nthe README says:\n%s", ex.line, ex.cmd, got, ex.output)
		}
	}
}
