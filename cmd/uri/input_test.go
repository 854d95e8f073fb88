package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"
	"time"
)

// inputsOf returns the inputs the command sees on stdin, as "check --json"
// reports them.
func inputsOf(t *testing.T, r io.Reader) []string {
	t.Helper()
	var out, errb strings.Builder
	run([]string{"check", "--json"}, r, &out, &errb)
	if errb.Len() > 0 {
		t.Fatalf("stderr: %q", errb.String())
	}
	var inputs []string
	for _, line := range strings.SplitAfter(out.String(), "\n") {
		if line == "" {
			continue
		}
		var v struct{ Input string }
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			t.Fatalf("line %q: %v", line, err)
		}
		inputs = append(inputs, v.Input)
	}
	return inputs
}

func TestStdinLines(t *testing.T) {
	long := "http://a/" + strings.Repeat("x", 200<<10) // longer than the read buffer
	tests := []struct {
		name  string
		stdin string
		want  []string
	}{
		{"nothing", "", nil},
		{"one line", "a\n", []string{"a"}},
		{"last line without newline", "a\nb", []string{"a", "b"}},
		{"only a line without newline", "a", []string{"a"}},
		{"empty line", "\n", []string{""}},
		{"empty lines", "a\n\n\nb\n", []string{"a", "", "", "b"}},
		{"crlf", "a\r\nb\r\n", []string{"a", "b"}},
		{"crlf empty line", "\r\n", []string{""}},
		{"cr only at the end is stripped", "a\rb\r\nc\r", []string{"a\rb", "c"}},
		{"mixed", "a\r\nb\nc", []string{"a", "b", "c"}},
		{"long line", "a\n" + long + "\nb\n", []string{"a", long, "b"}},
		{"long last line without newline", long, []string{long}},
		{"long crlf line", long + "\r\n", []string{long}},
		{"two long lines", long + "\n" + long + "y\n", []string{long, long + "y"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, r := range []io.Reader{
				strings.NewReader(tt.stdin),
				iotest.OneByteReader(strings.NewReader(tt.stdin)),
				iotest.DataErrReader(strings.NewReader(tt.stdin)),
			} {
				got := inputsOf(t, r)
				if len(got) != len(tt.want) {
					t.Fatalf("got %d inputs, want %d", len(got), len(tt.want))
				}
				for i := range got {
					if got[i] != tt.want[i] {
						t.Errorf("input %d: got %.40q (%d bytes), want %.40q (%d bytes)",
							i, got[i], len(got[i]), tt.want[i], len(tt.want[i]))
					}
				}
			}
		})
	}
}

// Inputs are handled as they come: the answer to a line is written before the
// next line is read, so a program can talk to the command line by line, on
// one core or several.
func TestStdinStreams(t *testing.T) {
	for _, jobs := range []string{"1", "2"} {
		testStdinStreams(t, jobs)
	}
}

func testStdinStreams(t *testing.T, jobs string) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan int)
	go func() {
		done <- run([]string{"check", "--json", "-j", jobs}, inR, outW, io.Discard)
		outW.Close()
	}()
	out := bufio.NewReader(outR)
	for _, in := range []string{"a", "b c", "", "d\ne", "f"} {
		lines := make(chan string)
		go func() {
			line, _ := out.ReadString('\n')
			lines <- line
		}()
		io.WriteString(inW, in+"\n")
		if first, _, two := strings.Cut(in, "\n"); two {
			in = first // and the second line's answer is read next
		}
		select {
		case line := <-lines:
			var v struct{ Input string }
			if err := json.Unmarshal([]byte(line), &v); err != nil || v.Input != in {
				t.Fatalf("-j %s: answer to %q: %q (%v)", jobs, in, line, err)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("-j %s: no answer to %q while the input stays open", jobs, in)
		}
		if in == "d" {
			if line, _ := out.ReadString('\n'); !strings.HasPrefix(line, `{"input":"e",`) {
				t.Fatalf("-j %s: answer to %q: %q", jobs, "e", line)
			}
		}
	}
	inW.Close()
	if code := <-done; code != exitRejected {
		t.Errorf("exit status %d, want %d", code, exitRejected)
	}
}

// TestGrowFresh holds growFresh to what slices.Grow promises: the same
// bytes, the same length, room for n more, below and above the megabyte
// past which it makes the array itself.
func TestGrowFresh(t *testing.T) {
	for _, tc := range []struct{ len, cap, n int }{
		{0, 0, 0}, {0, 0, 10}, {5, 8, 2}, {5, 8, 100},
		{1 << 19, 1 << 19, 1 << 19}, {1 << 20, 1 << 20, 1}, {3 << 20, 3<<20 + 7, 5 << 20}, {0, 16, 2 << 20},
	} {
		b := make([]byte, tc.len, tc.cap)
		for i := range b {
			b[i] = byte(i * 7)
		}
		g := growFresh(b, tc.n)
		if len(g) != tc.len || cap(g)-len(g) < tc.n {
			t.Errorf("growFresh(len %d cap %d, %d): len %d cap %d", tc.len, tc.cap, tc.n, len(g), cap(g))
			continue
		}
		for i := range g {
			if g[i] != byte(i*7) {
				t.Errorf("growFresh(len %d cap %d, %d): byte %d changed", tc.len, tc.cap, tc.n, i)
				break
			}
		}
	}
}

// A long line is gathered in memory that grows four times at a step, but no
// larger than the file it is read from can fill, and comes back whole; the
// same lines come from a pipe, where the size is not known.
func TestLongLineGrowth(t *testing.T) {
	long := strings.Repeat("a:", 5<<20/2) + "x" // 5 MiB and a byte
	content := "http://short/\n" + long + "\n" + long[:3<<20] + "\n"
	path := filepath.Join(t.TempDir(), "lines")
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, src := range []struct {
		name string
		r    io.Reader
		file bool
	}{{"file", f, true}, {"pipe", strings.NewReader(content), false}} {
		var l lineReader
		l.reset(src.r)
		if (l.file != nil) != src.file {
			t.Errorf("%s: regular file %v, want %v", src.name, l.file != nil, src.file)
		}
		for i, want := range strings.SplitAfter(content, "\n")[:3] {
			line, _, err := l.next()
			if err != nil || string(line) != strings.TrimSuffix(want, "\n") {
				t.Fatalf("%s: line %d: %d bytes, err %v; want %d bytes", src.name, i+1, len(line), err, len(want)-1)
			}
			if i == 1 && src.file && cap(line) > len(content)+hugePage {
				// Four times the 4 MiB step before it would be 16 MiB.
				t.Errorf("%s: a line of %d bytes gathered in %d, more than the file (%d)", src.name, len(line), cap(line), len(content))
			}
		}
		if _, _, err := l.next(); err != io.EOF {
			t.Errorf("%s: after the last line: %v", src.name, err)
		}
	}
}

// TestOutBufferSplit checks that writeSplit puts the newline at its offset
// of the whole output, whichever piece (given or written) holds it: the
// same bytes as the output with "\n" inserted there.
func TestOutBufferSplit(t *testing.T) {
	pieces := []string{"abc", "", "defg", "h"}
	for given := 0; given <= len(pieces); given++ {
		var o outBuffer
		whole := ""
		for i, p := range pieces {
			if i < given {
				o.give([]byte(p))
			} else {
				o.Write([]byte(p))
			}
			whole += p
		}
		for at := 0; at <= len(whole); at++ {
			var got bytes.Buffer
			w := bufio.NewWriter(&got)
			o.writeSplit(w, at)
			w.Flush()
			if want := whole[:at] + "\n" + whole[at:]; got.String() != want {
				t.Errorf("%d pieces given, at %d: %q, want %q", given, at, got.String(), want)
			}
		}
	}
}

// TestOutBuffer checks the chunk's output buffer against bytes.Buffer on
// writes that cross the megabyte.
func TestOutBuffer(t *testing.T) {
	var o outBuffer
	var want bytes.Buffer
	for i, n := range []int{0, 3, 1 << 10, 300 << 10, 1 << 20, 2 << 20, 5} {
		p := bytes.Repeat([]byte{byte('a' + i)}, n)
		o.Write(p)
		want.Write(p)
	}
	var got bytes.Buffer
	o.writeTo(&got)
	if !bytes.Equal(got.Bytes(), want.Bytes()) {
		t.Fatalf("outBuffer holds %d bytes, bytes.Buffer %d, or they differ", got.Len(), want.Len())
	}
	o.Reset()
	got.Reset()
	if o.writeTo(&got); got.Len() != 0 {
		t.Errorf("after Reset: %d bytes", got.Len())
	}
	// Pieces given between writes come out in order.
	want.Reset()
	got.Reset()
	for i, n := range []int{5, 1 << 20, 0, 7, 3 << 20, 2} {
		p := bytes.Repeat([]byte{byte('a' + i)}, n)
		if i%2 == 1 {
			o.give(p)
		} else {
			o.Write(p)
		}
		want.Write(p)
	}
	o.writeTo(&got)
	if !bytes.Equal(got.Bytes(), want.Bytes()) {
		t.Errorf("writeTo wrote %d bytes, want %d, or they differ", got.Len(), want.Len())
	}
}

// grow bounds a long line's buffer by what is left of a regular file only
// when the file's size says something: a size below the offset read to (a
// /proc file, whose size is 0, or a file truncated while it is read) once
// made a capacity below the line's length, and a panic; a file that grew
// after a bound was taken is not bounded again for the same line.
func TestLongLineGrowthFileLies(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(path, []byte("0123456789"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var l lineReader
	l.reset(f)
	if l.file == nil {
		t.Fatal("a regular file not taken as one")
	}
	// The offset past the size, as a truncated file or /proc leaves it.
	if _, err := f.Seek(1<<20, io.SeekStart); err != nil {
		t.Fatal(err)
	}
	l.long = make([]byte, 3<<20)
	b := l.grow(5000)
	if len(b) != 3<<20 || cap(b) < 3<<20+5000 {
		t.Fatalf("size below the offset: len %d cap %d, want room for 5000 more after %d", len(b), cap(b), 3<<20)
	}
	// A file that says 100 bytes are left, then grew: the first step is
	// bounded, the second is not.
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(100); err != nil {
		t.Fatal(err)
	}
	l.long, l.bounded = make([]byte, 2<<20), false
	b = l.grow(10)
	if c := cap(b); c < 2<<20+10 || c > 2<<20+100+10+hugePage {
		// Fresh memory comes in whole huge pages.
		t.Fatalf("first step: cap %d, want the line and what is left, %d, to a huge page more", c, 2<<20+110)
	}
	l.long = b[:cap(b)]
	b = l.grow(10)
	if c := cap(b); c < 4*len(l.long) {
		t.Errorf("second step for the same line: cap %d, want the unbounded step, %d", c, 4*len(l.long))
	}
}
