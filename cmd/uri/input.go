package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strconv"

	"github.com/ferret-go/uri/internal/bytestr"
)

// eachInput calls fn for every input: the arguments when there are any,
// otherwise the lines of standard input, read as they come. fn reports whether
// the input was valid; eachInput returns exitOK when every input was,
// exitRejected when one was not or when reading or writing failed.
//
// A line from standard input is given to fn without its "\n" and without a
// "\r" before it; a last line without "\n" counts, and an empty line is an
// input (the empty relative reference). A line longer than --max-line is
// rejected without calling fn. The string given to fn is only valid during
// the call: it may share memory with a buffer that the next line overwrites,
// so fn must copy it (strings.Clone) to keep it.
//
// In a worker of a parallel run (see parallel.go) the lines come in chunks
// from the run's reader instead, and what fn writes goes to the chunk.
func (e *env) eachInput(args []string, fn func(in string) bool) int {
	code := exitOK
	if len(args) > 0 {
		for _, in := range args {
			if !fn(in) {
				code = exitRejected
			}
			if e.failed() {
				return exitRejected
			}
		}
		return code
	}
	if e.par != nil {
		return e.eachChunk(fn)
	}
	e.lines.reset(e.stdin)
	e.lines.max = e.maxLine
	for {
		if e.lines.drained() {
			// The next read may wait for input: show what is done so far,
			// for a person typing lines or a program waiting for answers.
			e.out.Flush()
			e.err.Flush()
		}
		line, total, err := e.lines.next()
		if err == io.EOF {
			return code
		}
		if err != nil {
			e.progress.clear(e.err)
			fmt.Fprintf(e.err, "uri: reading standard input: %v\n", err)
			return exitRejected
		}
		if len(line) >= giveLine && e.process {
			collectBeforeLongLine()
		}
		ok := false
		if total > len(line) {
			e.tooLong(bytesToString(line), total)
		} else {
			ok = fn(bytesToString(line))
		}
		if !ok {
			code = exitRejected
		}
		e.progress.count(1, !ok, e.err)
		if e.failed() {
			return exitRejected
		}
	}
}

// eachParsed runs a command that reads each input with parse and writes,
// for a valid one, the members json writes after "ok":true, or the text
// that text appends; a rejected input is written as every command does.
func eachParsed[T any](e *env, l *cmdLine, parse func(string) (T, error), json func(*jsonLine, T), text func([]byte, T) []byte) int {
	return e.eachInput(l.args, func(in string) bool {
		v, err := parse(in)
		switch {
		case err != nil:
			e.rejected(in, err)
		case e.json:
			j := e.beginJSON(in)
			j.key(keyOK).boolean(true)
			json(j, v)
			e.endJSON(j)
		default:
			t := text(e.textRoom(2*len(in)+64), v)
			if bytes.Count(t, []byte("\n")) > 1 {
				e.beginBlock() // a block of lines, apart from the next
			}
			e.text = t
			e.out.Write(t)
		}
		return err == nil
	})
}

// collectBeforeLongLine runs the garbage collector before a line of a
// megabyte or more is run (in the process, not in a test's call): the
// memory the lines before it left, a long line's above all, is then free
// for this one, where the collector would otherwise start only once the
// heap had doubled, with this line's memory taken fresh from the system.
// It costs a collection of a heap that is mostly arrays without pointers,
// which the collector does not look into, per line of a megabyte or more.
// compare on two 4 MiB lines of "#": peak RSS 22.5 -> 14 times a line, CPU
// per byte 56-66 -> 35-40 ns (3 alternating runs); repair --json on "%":
// 13.9 -> 9.6 times.
func collectBeforeLongLine() { runtime.GC() }

// errLineTooLong is the error of a line longer than --max-line.
type errLineTooLong struct{ length, max int }

func (e *errLineTooLong) Error() string {
	return "uri: line of " + strconv.Itoa(e.length) + " bytes is longer than --max-line " + strconv.Itoa(e.max) +
		"; input holds its first " + strconv.Itoa(e.max)
}

// tooLong rejects a line of total bytes, of which prefix is the first
// --max-line.
func (e *env) tooLong(prefix string, total int) {
	e.cut++
	err := &errLineTooLong{total, e.maxLine}
	if !e.json {
		e.rejected(prefix, err)
		return
	}
	j := e.beginJSON(prefix)
	j.key(keyOK).boolean(false)
	j.key(keyError).str(err.Error())
	j.key(keyOffset).null()
	j.key(keyTruncated).boolean(true)
	e.endJSON(j)
}

// lineReader splits its input into lines with bounded memory: a line that
// fits the bufio.Reader's buffer is returned in place, a longer one is
// gathered into long, which is reused for the next long line. With max set,
// only the first max bytes of a longer line are kept.
type lineReader struct {
	r    *bufio.Reader
	src  pacedReader // under r
	long []byte
	max  int      // 0, or the most bytes of a line to keep
	file *os.File // r when it is a regular file, whose size bounds a line
	// bounded records that the long line being read grew to no more than
	// the file's size said was left (see grow).
	bounded bool
}

func (l *lineReader) reset(r io.Reader) {
	l.src = pacedReader{r: r}
	l.file = nil
	if f, ok := r.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
			l.file = f
		}
	}
	if l.r == nil {
		l.r = bufio.NewReaderSize(&l.src, 64<<10)
	} else {
		l.r.Reset(&l.src)
	}
}

// drained reports whether the lines read so far are all the input there
// was when it was last read: nothing is buffered, and the last read
// returned less than it asked for. The next read may then wait, for a
// person typing or a program writing slowly, and what is done should be
// shown first. A file or a fast pipe fills each read, so that its lines go
// on in big pieces.
func (l *lineReader) drained() bool { return l.r.Buffered() == 0 && l.src.short }

// pacedReader remembers whether its last read returned less than asked.
type pacedReader struct {
	r     io.Reader
	short bool
}

func (p *pacedReader) Read(b []byte) (int, error) {
	n, err := p.r.Read(b)
	p.short = n < len(b)
	return n, err
}

// growFresh returns b with room for n more bytes, as slices.Grow does. Past
// a megabyte it makes the new array itself and touches its new pages, one
// byte in each, before it copies b there: fresh memory faults on its first
// touch (13 µs a page on some virtual machines), and inside the copy
// (runtime.memmove, which cannot be preempted) those faults kept a
// goroutine unstoppable for milliseconds while the garbage collector, on
// another processor, spun and signalled until it could stop it. In this
// loop it stops at once.
func growFresh(b []byte, n int) []byte {
	if cap(b)-len(b) >= n {
		return b // inlined: the common case costs a comparison
	}
	return growFreshSlow(b, n)
}

// growFreshSlow is growFresh when b has not room enough.
func growFreshSlow(b []byte, n int) []byte {
	return growFreshCap(b, n, max(2*cap(b), len(b)+n))
}

// growFreshCap is growFresh with the capacity to make, c, at least
// len(b)+n, chosen by the caller.
func growFreshCap(b []byte, n, c int) []byte {
	if len(b)+n < 1<<20 {
		return slices.Grow(b, n)
	}
	nb := makeFresh(len(b), c)
	// The pages the copy writes too: touching only the new room left the
	// copy's faults in memmove.
	t := nb[:len(b)+n]
	for i := 0; i < len(t); i += 4096 {
		t[i] = 0
	}
	copy(nb, b)
	return nb
}

// dropLong lets the memory of the last long line go when it is larger than
// keepAfterLongLine. It is called on a line that does not need it, so that
// a run of long lines gathers each in the memory of the one before.
func (l *lineReader) dropLong() {
	if cap(l.long) > keepAfterLongLine {
		l.long = nil
	}
}

// isLong reports whether line, which next returned, is in the memory next
// gathers long lines in.
func (l *lineReader) isLong(line []byte) bool {
	return len(line) > 0 && cap(l.long) > 0 && &line[0] == &l.long[:1][0]
}

// takeLong returns line, which next returned, as the caller's to keep:
// the next long line is gathered in new memory.
func (l *lineReader) takeLong(line []byte) []byte {
	if l.isLong(line) {
		l.long = nil
	}
	return line
}

// grow returns l.long with room for n more bytes, as growFresh makes it,
// but no larger than the rest of the input can fill when that is a regular
// file, whose size says how long the line can still be: a line of 64 MiB
// that was the whole file grew to 128 MiB for its last bytes, and took
// three times its length in memory.
func (l *lineReader) grow(n int) []byte {
	b := l.long
	if cap(b)-len(b) >= n {
		return b
	}
	c := max(4*cap(b), len(b)+n)
	if l.file == nil {
		return growFreshCap(b, n, c)
	}
	fi, err1 := l.file.Stat()
	pos, err2 := l.file.Seek(0, io.SeekCurrent)
	if err1 != nil || err2 != nil {
		return growFreshCap(b, n, c)
	}
	// What is left of the file: what it holds past the offset read to,
	// and what the bufio.Reader holds, of which n bytes are at hand. A
	// size below the offset (a /proc file, whose size is 0, or a file
	// truncated while it is read) bounds nothing, nor does a second bound
	// for the same line (a file that grew while it was read): each bounded
	// step may be short, and repeated they would copy the line again and
	// again.
	rest := fi.Size() - pos
	if rest < 0 || rest >= int64(c) || l.bounded {
		return growFreshCap(b, n, c)
	}
	l.bounded = true
	return growFreshCap(b, n, min(c, len(b)+int(rest)+l.r.Buffered()+n))
}

// keepAfterLongLine is the largest buffer kept from one long line to the
// next: a line of 64 MiB does not hold its memory for the rest of the run.
const keepAfterLongLine = 4 << 20

// next returns the next line without its "\n" or "\r\n", and its length.
// The line is shorter than the length when max cut it. The slice is valid
// until the next call. At the end of the input it returns io.EOF.
func (l *lineReader) next() (line []byte, length int, err error) {
	var last2 [2]byte // the last two bytes read, for a "\r\n" after a cut
	track := func(piece []byte) {
		switch n := len(piece); {
		case n >= 2:
			last2 = [2]byte{piece[n-2], piece[n-1]}
		case n == 1:
			last2 = [2]byte{last2[1], piece[0]}
		}
	}
	line, err = l.r.ReadSlice('\n')
	track(line)
	length = len(line)
	if err == bufio.ErrBufferFull {
		l.long = append(l.long[:0], line...)
		l.bounded = false
		for err == bufio.ErrBufferFull {
			line, err = l.r.ReadSlice('\n')
			track(line)
			length += len(line)
			if l.max == 0 || len(l.long) <= l.max+2 {
				l.long = append(l.grow(len(line)), line...)
			}
		}
		line = l.long
	} else {
		l.dropLong()
	}
	switch {
	case err == io.EOF && length > 0:
		// A last line without "\n" is still a line.
	case err != nil:
		return nil, 0, err
	default:
		length--
		last2 = [2]byte{0, last2[0]}
	}
	if length > 0 && last2[1] == '\r' {
		length--
	}
	if l.max > 0 && length > l.max {
		return line[:l.max], length, nil
	}
	return line[:length], length, nil
}

// bytesToString returns b as a string without copying it (see package
// bytestr). The string is only valid while b is not written to, which is
// what eachInput promises its callback.
func bytesToString(b []byte) string { return bytestr.String(b) }
