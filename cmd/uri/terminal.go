package main

import (
	"bufio"
	"io"
	"os"
	"strconv"
	"time"

	"golang.org/x/term"
)

// terminal is what the command knows of where it runs: which of its
// streams are terminals, and whether it may color them. Color is only ever
// written to a terminal, and never with NO_COLOR set to anything but the
// empty string (https://no-color.org).
type terminal struct {
	stdin, stdout, stderr bool // the stream is a terminal
	noColor               bool // NO_COLOR is set
}

// detectTerminal looks at the process's streams and environment.
func detectTerminal(stdin io.Reader, stdout, stderr io.Writer) terminal {
	return terminal{
		stdin:   isTerminal(stdin),
		stdout:  isTerminal(stdout),
		stderr:  isTerminal(stderr),
		noColor: os.Getenv("NO_COLOR") != "",
	}
}

// isTerminal reports whether v is a file that is a terminal. A character
// device is not enough: /dev/null is one, and output sent there must cost
// what output to a file costs (no carets, no progress line). The descriptor
// is read through SyscallConn, since Fd would put it in blocking mode.
func isTerminal(v any) bool {
	f, ok := v.(*os.File)
	if !ok {
		return false
	}
	c, err := f.SyscallConn()
	if err != nil {
		return false
	}
	tty := false
	if c.Control(func(fd uintptr) { tty = term.IsTerminal(int(fd)) }) != nil {
		return false
	}
	return tty
}

// ANSI escapes (ECMA-48 SGR) for the colors used.
const (
	sgrRed   = "\x1b[1;31m" // bold red: carets and error messages
	sgrBold  = "\x1b[1m"    // bold: the names of parse's listing
	sgrReset = "\x1b[0m"
)

// colorOut and colorErr report whether color may be written to standard
// output and error.
func (t terminal) colorOut() bool { return t.stdout && !t.noColor }
func (t terminal) colorErr() bool { return t.stderr && !t.noColor }

// progress is the line on standard error that tells, while a large file or
// pipe is read with standard error on a terminal, how many inputs are done,
// how fast, and how many were rejected. It appears after a second, is
// rewritten four times a second, and is erased before anything else is
// written on standard error and at the end.
type progress struct {
	on       bool // standard error is a terminal and standard input not
	done     int  // inputs done
	rejected int  // of which rejected
	check    int  // inputs until the clock is read again
	start    time.Time
	last     time.Time // when the line was last written
	shown    bool      // the line is on the screen
	b        []byte
}

// count adds n inputs done, one of them rejected if rej is set, and
// rewrites the line when it is time.
func (p *progress) count(n int, rej bool, w *bufio.Writer) {
	if !p.on {
		return
	}
	p.done += n
	if rej {
		p.rejected++
	}
	if p.check -= n; p.check > 0 {
		return
	}
	p.check = 1024
	now := time.Now()
	if p.start.IsZero() {
		p.start, p.last = now, now
		return
	}
	if now.Sub(p.start) < time.Second || now.Sub(p.last) < time.Second/4 {
		return
	}
	p.last = now
	rate := float64(p.done) / now.Sub(p.start).Seconds()
	b := append(p.b[:0], "\r\x1b[K"...)
	b = appendThousands(b, p.done)
	b = append(b, " inputs, "...)
	b = appendThousands(b, int(rate))
	b = append(b, "/s, "...)
	b = appendThousands(b, p.rejected)
	b = append(b, " rejected"...)
	p.b = b
	w.Write(b)
	w.Flush()
	p.shown = true
}

// clear erases the line, if it is shown, before other output on w.
func (p *progress) clear(w *bufio.Writer) {
	if p.shown {
		w.WriteString("\r\x1b[K")
		p.shown = false
	}
}

// appendThousands appends n with commas between groups of three digits.
func appendThousands(b []byte, n int) []byte {
	s := strconv.Itoa(n)
	for i, c := range []byte(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			b = append(b, ',')
		}
		b = append(b, c)
	}
	return b
}
