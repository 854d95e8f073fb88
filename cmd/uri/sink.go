package main

import (
	"bufio"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"reflect"
	"unicode/utf8"

	"github.com/ferret-go/uri"
	"github.com/ferret-go/uri/safebrowsing"
	"github.com/ferret-go/uri/surt"
	"github.com/ferret-go/uri/whatwg"
)

// sink is where a command writes what it made of each input: the text form
// for a person, or with --json one JSON object per input on a line of its
// own. Both are built in buffers reused from one input to the next, so that
// writing a result costs no allocation.
type sink struct {
	json     bool          // --json: write the JSON form
	out, err *bufio.Writer // standard output and standard error
	outw     stickyWriter  // under out: remembers a write error
	errw     stickyWriter  // under err
	line     jsonLine      // the JSON line being built
	spare    chan []byte   // in a worker, written parts to build more in (parallel.go)
	// In a worker, the run's pipeline and the chunk being run, to know
	// when the chunk's output may go straight to standard output (see
	// headOut).
	pipe   *pipeline
	cur    *chunk
	text   []byte // a human-readable line or block being built
	blocks int    // human-readable blocks written so far
	// In a worker of a parallel run blocks counts a chunk's blocks, and
	// the chunk's first block writes no separator: firstBlock records
	// where in the chunk's output it begins, and the writer puts the
	// separator there when a block came before (parallel.go), or is -1
	// when the worker wrote it (flushHead).
	chunked    bool
	firstBlock int
	term       terminal // which streams are terminals, and color
	progress   progress // the progress line on standard error
}

// stickyWriter passes writes on and remembers the first error, so that the
// input loop can stop once output is failing.
type stickyWriter struct {
	w   io.Writer
	err error
	n   int // bytes written
}

func (s *stickyWriter) Write(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	n, err := s.w.Write(p)
	s.n += n
	s.err = err
	return n, err
}

// failed reports whether writing to standard output or error has failed.
func (s *sink) failed() bool { return s.outw.err != nil || s.errw.err != nil }

// finish flushes the outputs. A write error is reported on standard error
// (if that still works) and fails the run.
func (s *sink) finish(code int) int {
	s.progress.clear(s.err)
	if err := s.out.Flush(); err != nil {
		fmt.Fprintf(s.err, "uri: writing standard output: %v\n", err)
	}
	s.err.Flush()
	if s.failed() && code == exitOK {
		code = exitRejected
	}
	return code
}

// beginJSON starts the JSON object of one input, whose first member is
// "input"; the caller adds the others and ends it with endJSON. An input
// that is not valid UTF-8 cannot be written exactly as a JSON string (its
// bad bytes become U+FFFD), so its bytes follow in "input_b64", in base64
// (RFC 4648, section 4).
func (s *sink) beginJSON(input string) *jsonLine {
	j := s.startLine(8*len(input) + 1024)
	j.b = append(j.b, '{')
	j.key(keyInput).str(input)
	if !utf8.ValidString(input) {
		j.key(keyInputB64).sep()
		j.b = append(j.b, '"')
		j.b = base64.StdEncoding.AppendEncode(j.b, []byte(input))
		j.b = append(j.b, '"')
	}
	return j
}

// beginJSONURI is beginJSON for an input that parsed as a URI reference:
// that is printable ASCII without '"' or '\' (RFC 3986, section 2), which
// JSON takes as it is, so the input is copied without looking at its bytes.
func (s *sink) beginJSONURI(input string) *jsonLine {
	j := s.startLine(8*len(input) + 1024)
	if len(input) >= giveLine {
		// In parts, spilled between (see jsonLine.spill).
		j.b = append(j.b, '{')
		j.key(keyInput).plainParts(input)
		return j
	}
	j.b = append(j.b, keyStartInput...)
	j.b = append(j.b, input...)
	j.b = append(j.b, '"')
	return j
}

// startLine begins a JSON line of about size bytes (more only costs a copy):
// in the free space of the output's buffer, flushed first if it has not
// room enough, or in the line's own buffer when the line is longer than
// the output's buffer. endJSON writes it.
func (s *sink) startLine(size int) *jsonLine {
	j := &s.line
	j.iri, j.s = false, s
	if s.out.Available() < size && size <= s.out.Size() {
		s.out.Flush()
	}
	j.inOut = s.out.Available() >= size
	if j.inOut {
		// bufio.Writer.Write copies nothing when given this slice.
		j.b = s.out.AvailableBuffer()
		if cap(j.own) > keepAfterLongLine {
			j.own = nil // a short line after long ones: let their memory go
		}
	} else {
		j.b = j.own[:0]
	}
	return j
}

// keyStartInput begins the object of every input.
const keyStartInput = `{"input":"`

// validURI is valid for an input that parsed as a URI reference.
func (s *sink) validURI(input string) {
	if s.json {
		j := s.beginJSONURI(input)
		j.key(keyOK).boolean(true)
		s.endJSON(j)
	}
}

// endJSON closes the object and writes it as one line.
func (s *sink) endJSON(j *jsonLine) {
	j.b = append(j.b, '}', '\n')
	switch {
	case j.inOut || len(j.b) < giveLine:
		s.out.Write(j.b)
	case s.writeLong(j.b):
		// Given to the chunk's output: the next long line takes new
		// memory.
		j.own, j.b = nil, nil
		return
	}
	if !j.inOut {
		// Kept for the next line that needs it, however large: a
		// short line lets it go (startLine).
		j.own = j.b
	}
	j.b = nil
}

// writeLong writes p, a long line or a part of one that is built in its own
// memory, and reports whether p was given away (to a chunk's output, which
// writes it later) rather than written: in a worker whose chunk is not the
// next to be written. Otherwise p is written at once, and its memory is
// free again: on one core to the output, in a worker whose chunk the
// writer is waiting for straight to standard output, after what the chunk
// wrote before, which goes first (see flushHead).
func (s *sink) writeLong(p []byte) (given bool) {
	o, ok := s.outw.w.(*outBuffer)
	if !ok || s.outw.err != nil {
		s.out.Write(p)
		return false
	}
	s.out.Flush() // what the chunk's tail holds comes first
	if w := s.headOut(); w != nil {
		s.flushHead(o, w)
		w.Write(p)
		return false
	}
	s.outw.n += len(p)
	o.give(p)
	return true
}

// spillText writes b, a block of text built so far in the memory of
// s.text, once it is long, and returns where the block goes on: b emptied,
// or new memory when b was given to the chunk's output. A long block is so
// never held whole; writeText writes the rest.
func (s *sink) spillText(b []byte) []byte {
	if len(b) < giveLine {
		return b
	}
	if s.writeLong(b) {
		s.text = nil
		return nil
	}
	return b[:0]
}

// writeString writes v, a long text that the caller keeps (a library's
// result), on standard output, as writeLong writes: straight to standard
// output when the chunk is the writer's next, so that it is not copied into
// the chunk's output; never given away, as its memory is not the sink's.
func (s *sink) writeString(v string) {
	if o, ok := s.outw.w.(*outBuffer); ok && s.outw.err == nil && len(v) >= giveLine {
		if w := s.headOut(); w != nil {
			s.out.Flush()
			s.flushHead(o, w)
			w.WriteString(v)
			return
		}
	}
	s.out.WriteString(v)
}

// flushHead writes o, what the chunk wrote so far, to w, the output of the
// writer, which is waiting for this chunk: with the blank line the writer
// would have put before the chunk's first block when a block came before
// the chunk, which the writer then does not put. The chunk's output starts
// anew after it, and the offset of a first block begun later is counted
// from there.
func (s *sink) flushHead(o *outBuffer, w *bufio.Writer) {
	if s.blocks > 0 && s.firstBlock >= 0 && s.pipe.blocked.Load() {
		o.writeSplit(w, s.firstBlock)
	} else {
		o.writeTo(w)
	}
	if s.blocks > 0 {
		s.firstBlock = -1 // its blank line written, or none needed
	}
	s.pipe.reuse(o.given)
	o.Reset()
	s.outw.n = 0
}

// writeText writes b, a line or a block of the text form built in the
// memory of s.text, and keeps that memory for the next line: unless b is
// long and writeLong gave it to the chunk's output, which spares copying it
// there into fresh memory.
func (s *sink) writeText(b []byte) {
	switch {
	case len(b) < giveLine:
		s.out.Write(b)
	case s.writeLong(b):
		s.text = nil
		return
	}
	s.text = b
}

// headOut returns the output of the writer of a parallel run when the chunk
// this worker runs is the one the writer waits for (the chunks before it
// are written, and the writer writes nothing until this one is done), and
// nil otherwise.
func (s *sink) headOut() *bufio.Writer {
	if s.pipe == nil || s.cur == nil || s.pipe.head.Load() != int64(s.cur.index) {
		return nil
	}
	return s.pipe.out
}

// Keys of the members that every command writes.
const (
	keyInput  jsonKey = `"input":`
	keyOK     jsonKey = `"ok":`
	keyError  jsonKey = `"error":`
	keyOffset jsonKey = `"offset":`
	keyResult jsonKey = `"result":` // what a transforming command made of the input
	// keyInputB64 is the input's bytes in base64, when they are not UTF-8.
	keyInputB64 jsonKey = `"input_b64":`
	// keyTruncated is true when input holds only the first --max-line bytes.
	keyTruncated jsonKey = `"truncated":`
)

// valid writes that input was accepted and there is nothing more to say:
// {"input":...,"ok":true}, or in the text form nothing at all.
func (s *sink) valid(input string) {
	if s.json {
		j := s.beginJSON(input)
		j.key(keyOK).boolean(true)
		s.endJSON(j)
	}
}

// rejected writes that input was rejected with err. The JSON form is the
// same for every command: {"input":...,"ok":false,"error":...,"offset":...},
// where offset is null if err is not a *uri.Error, which the parsers never
// return. The text form is "<input>: <message>" on standard error, with the
// input's bytes that are not printable ASCII escaped.
func (s *sink) rejected(input string, err error) {
	if s.json {
		j := s.beginJSON(input)
		j.key(keyOK).boolean(false)
		j.key(keyError).str(err.Error())
		j.key(keyOffset)
		var ue *uri.Error
		var we *whatwg.Error
		var se *surt.Error
		var be *safebrowsing.Error
		switch {
		case errors.As(err, &ue):
			j.integer(ue.Offset)
		case errors.As(err, &we):
			j.integer(we.Offset)
		case errors.As(err, &se):
			j.integer(se.Offset)
		case errors.As(err, &be):
			j.integer(be.Offset)
		default:
			if off, ok := fieldOffset(err); ok {
				j.integer(off)
			} else {
				j.null()
			}
		}
		s.endJSON(j)
		return
	}
	s.progress.clear(s.err)
	if s.term.stderr {
		s.writeCaret(s.err, input, err, s.term.colorErr())
		return
	}
	msg := err.Error()
	b, _ := appendVisible(s.textRoom(len(input)+len(msg)+3), input, 0)
	b = append(b, ": "...)
	b = append(b, msg...)
	s.writeErrText(append(b, '\n'))
}

// writeErrText writes b, a line of text built in the memory of s.text, on
// standard error, and keeps that memory for the next line, unless b is a
// long line that a chunk's standard error takes as it is (give), which
// spares copying it there into fresh memory. The writer passes a chunk's
// standard error on after its output; no block spans the two.
func (s *sink) writeErrText(b []byte) {
	if o, ok := s.errw.w.(*outBuffer); ok && len(b) >= giveLine && s.errw.err == nil {
		s.err.Flush()
		s.errw.n += len(b)
		o.give(b)
		s.text = nil
		return
	}
	s.err.Write(b)
	s.text = b
}

// textRoom returns s.text emptied, with room for n bytes. A long input's
// text is thus written in memory made once and touched first (growFresh),
// not grown by doubling into fresh memory: that cost the text form of a
// rejected 4 MiB line four times the time per byte of 16 KiB lines. The
// memory of a long text is kept for the next long one, as a JSON line's
// is (startLine): a short text lets it go.
func (s *sink) textRoom(n int) []byte {
	if n < giveLine && cap(s.text) > keepAfterLongLine {
		s.text = nil
	}
	return growFresh(s.text[:0], n)
}

// result writes what a transforming command (resolve, relative, normalize)
// made of one input: {"input":...,"ok":true,"result":...} or the result on a
// line, or the rejection when err is not nil. It reports whether the input
// was accepted.
func (s *sink) result(input string, res string, err error) bool {
	switch {
	case err != nil:
		s.rejected(input, err)
	case s.json:
		j := s.beginJSON(input)
		j.key(keyOK).boolean(true)
		j.key(keyResult).str(res)
		s.endJSON(j)
	default:
		s.writeText(append(append(s.textRoom(len(res)+1), res...), '\n'))
	}
	return err == nil
}

// fieldOffset finds, along err's chain, an error of the module's scheme
// packages (fileuri, dataurl, mailto, urn...): a pointer to a struct with an
// int field Offset, as every error of this module has. It runs only on the
// way to writing a rejection.
func fieldOffset(err error) (int, bool) {
	for e := err; e != nil; e = errors.Unwrap(e) {
		v := reflect.ValueOf(e)
		if v.Kind() != reflect.Pointer || v.IsNil() || v.Elem().Kind() != reflect.Struct {
			continue
		}
		if f := v.Elem().FieldByName("Offset"); f.IsValid() && f.Kind() == reflect.Int {
			return int(f.Int()), true
		}
	}
	return 0, false
}
