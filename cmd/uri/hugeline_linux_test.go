//go:build linux

package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// A line of 64 MiB is an input like any other: answered, then the next
// line, with peak memory a small constant times the line (Linux: getrusage's
// ru_maxrss, in KiB).
func TestHugeLine(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and feeds it 128 MiB")
	}
	bin := buildCommand(t)
	const size = 64 << 20
	path := filepath.Join(t.TempDir(), "huge.txt")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	w.WriteString("http://a/")
	for range size / 64 {
		w.WriteString("0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcde/")
	}
	w.WriteString(" x\nhttp://next/\n")
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	// Peak RSS is read by /usr/bin/time: the rusage of a child that Go
	// starts counts the memory of the test process it was cloned from.
	timeCmd, err := exec.LookPath("/usr/bin/time")
	if err != nil {
		t.Log("no /usr/bin/time: peak memory is not checked")
	}
	for _, args := range [][]string{
		{"check", "--json"},
		{"check", "--json", "--max-line", "1000"},
	} {
		in, _ := os.Open(path)
		outPath := filepath.Join(t.TempDir(), "out")
		out, _ := os.Create(outPath)
		rssPath := filepath.Join(t.TempDir(), "rss")
		cmd := exec.Command(bin, args...)
		if timeCmd != "" {
			cmd = exec.Command(timeCmd, append([]string{"-f", "%M", "-o", rssPath, bin}, args...)...)
		}
		cmd.Stdin, cmd.Stdout = in, out
		err := cmd.Run()
		in.Close()
		out.Close()
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
			t.Fatalf("%q: %v, want exit status 1", args, err)
		}
		first, last := firstAndLastLine(t, outPath)
		var v struct{ OK bool }
		if err := json.Unmarshal(first, &v); err != nil || v.OK {
			t.Errorf("%q: first line: %v, ok %v", args, err, v.OK)
		}
		if !bytes.HasPrefix(last, []byte(`{"input":"http://next/","ok":true`)) {
			t.Errorf("%q: second line %.100q", args, last)
		}
		if timeCmd == "" {
			continue
		}
		b, err := os.ReadFile(rssPath)
		if err != nil {
			t.Fatal(err)
		}
		fields := strings.Fields(string(b)) // after "Command exited with non-zero status 1"
		kib, err := strconv.ParseInt(fields[len(fields)-1], 10, 64)
		if err != nil {
			t.Fatalf("/usr/bin/time wrote %q: %v", b, err)
		}
		rss := kib << 10
		// 1.8 times the line measured (the line, the memory it grew
		// in, and the output's parts); 3.2 times when its buffer
		// still doubled.
		limit := int64(5 * size / 2)
		if args[len(args)-2] == "--max-line" {
			limit = 32 << 20 // the line is never held
		}
		t.Logf("%q: peak RSS %d MiB for a line of %d MiB", args, rss>>20, size>>20)
		if rss > limit {
			t.Errorf("%q: peak RSS %d MiB, more than %d MiB", args, rss>>20, limit>>20)
		}
	}
}

// firstAndLastLine returns the first and last lines of a file of two
// lines, the first one huge.
func firstAndLastLine(t *testing.T, path string) (first, last []byte) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := bytes.Split(bytes.TrimSuffix(b, []byte("\n")), []byte("\n"))
	if len(lines) != 2 {
		t.Fatalf("%d lines of output, want 2", len(lines))
	}
	return lines[0], lines[1]
}
