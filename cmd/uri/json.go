package main

import (
	"strconv"
	"unicode/utf8"
)

// jsonLine builds one line of JSON output in a buffer reused from one input
// to the next, with no reflection and no allocation once the buffer has
// grown. Values may nest: objects hold members, a key and then a value, and
// arrays hold values. The separators follow from the last byte written: a
// value or a key that comes after a '{', a '[' or a key's ':' is the first of
// its container, and any other is preceded by a ','. (No value ends in one of
// those three bytes: a string ends in '"'.)
type jsonLine struct {
	b   []byte
	iri bool // plain text may be an IRI's: escape it as str does

	// The line is built in the free space of the output's buffer when it
	// fits there (inOut), so that writing it copies nothing; else in own,
	// which is kept from one line to the next.
	inOut bool
	own   []byte

	// A line that grows past spillAt in its own memory goes to the
	// output in parts as it is built (see spill); s is the sink it goes
	// to.
	s *sink
}

// spillAt is the length from which a JSON line built in its own memory is
// written out in parts: the line of a long input is then never held whole,
// and never copied to grow (a 4 MiB query made 30 MB of JSON, which grew
// by doubling through 1, 2, ... 32 MB of new memory).
const spillAt = 1 << 20

// spillBlock is the size of the memory a line's next part is built in.
const spillBlock = 2 * spillAt

// jsonKey is the text of a member's key with its quotes and colon, as in
// `"path":`. Commands declare theirs as constants, so that writing one is a
// single copy.
type jsonKey string

// sep writes the ',' that separates a value or member from the previous one.
func (j *jsonLine) sep() {
	if len(j.b) >= spillAt && !j.inOut {
		j.spill()
	}
	if n := len(j.b); n > 0 {
		switch j.b[n-1] {
		case '{', '[', ':':
		default:
			j.b = append(j.b, ',')
		}
	}
}

// key writes the key of the next member of the current object; a value must
// follow. It returns j, to write the value: j.key(keyOK).boolean(true).
func (j *jsonLine) key(k jsonKey) *jsonLine {
	j.sep()
	j.b = append(j.b, k...)
	return j
}

// str writes a string, escaped as needed.
func (j *jsonLine) str(v string) {
	if len(v) > spillAt && !j.inOut {
		j.parts(v, spillAt/8, appendJSONText) // six bytes written for one at most
		return
	}
	j.sep()
	j.b = appendJSONString(growFresh(j.b, len(v)+2), v)
}

// parts writes v between quotes as f writes it, f(b, part) for parts of v of
// at most n bytes, spilling the line between them, so that a long value is
// not held whole in the line. A part ends before a byte that begins a UTF-8
// sequence (or after four that do not), so that the parts decode as the
// whole does; in ASCII text any byte begins one. The line must be in its
// own memory (not inOut).
func (j *jsonLine) parts(v string, n int, f func(b []byte, s string) []byte) {
	j.sep()
	j.b = append(j.b, '"')
	for len(v) > 0 {
		if len(j.b) >= spillAt {
			j.spill()
		}
		k := len(v)
		if k > n {
			k = n
			m := k
			for i := 0; i < utf8.UTFMax && m > 0 && !utf8.RuneStart(v[m]); i++ {
				m--
			}
			if utf8.RuneStart(v[m]) {
				k = m
			}
		}
		j.b = f(growFresh(j.b, k), v[:k])
		v = v[k:]
	}
	j.b = append(j.b, '"')
}

// plain writes v as it is: it must be printable ASCII without '"' or '\'.
// Every component of a valid URI reference is (RFC 3986, section 2 and
// Appendix A allow only unreserved and reserved characters and "%"), so the
// commands write them without looking at each byte.
func (j *jsonLine) plain(v string) {
	if j.iri {
		j.str(v)
		return
	}
	j.sep()
	j.b = append(growFresh(j.b, len(v)+2), '"')
	j.b = append(j.b, v...)
	j.b = append(j.b, '"')
}

// plainParts writes v as plain does, in parts that a long line spills
// between (see parts).
func (j *jsonLine) plainParts(v string) {
	if j.iri || j.inOut {
		j.plain(v)
		return
	}
	j.parts(v, spillAt, appendText)
}

// appendText appends s as it is.
func appendText(b []byte, s string) []byte { return append(b, s...) }

// partsOrNull writes v as plainParts does, or null when it is absent.
func (j *jsonLine) partsOrNull(v string, present bool) {
	if !present {
		j.null()
		return
	}
	j.plainParts(v)
}

// plainOrNull writes v as plain does, or null when it is absent.
func (j *jsonLine) plainOrNull(v string, present bool) {
	if !present {
		j.null()
		return
	}
	j.plain(v)
}

func (j *jsonLine) null() {
	j.sep()
	j.b = append(j.b, "null"...)
}

func (j *jsonLine) boolean(v bool) {
	j.sep()
	j.b = strconv.AppendBool(j.b, v)
}

func (j *jsonLine) integer(v int) {
	j.sep()
	j.b = strconv.AppendInt(j.b, int64(v), 10)
}

// beginObject opens an object, as a member's value or an array's element;
// its members follow, then endObject.
func (j *jsonLine) beginObject() {
	j.sep()
	j.b = append(j.b, '{')
}

func (j *jsonLine) endObject() { j.b = append(j.b, '}') }

// beginArray opens an array, as a member's value or an array's element; its
// elements follow, then endArray.
func (j *jsonLine) beginArray() {
	j.sep()
	j.b = append(j.b, '[')
}

func (j *jsonLine) endArray() { j.b = append(j.b, ']') }

// spill writes the line built so far but its last byte, which the next
// separator depends on, and goes on in memory of its own: the same, after a
// write to the output, or other memory after the part is given to a chunk's
// output (see sink.writeLong).
func (j *jsonLine) spill() {
	s := j.s
	n := len(j.b) - 1
	last := j.b[n]
	if s.writeLong(j.b[:n]) {
		select {
		case j.b = <-s.spare:
		default:
			j.b = makeFresh(0, spillBlock)
		}
	} else {
		j.b = j.b[:0]
	}
	j.b = append(j.b, last)
}

// jsonPlain marks the bytes that stand for themselves in a JSON string:
// printable ASCII other than '"' and '\'. Other ASCII bytes are escaped, and
// bytes from 0x80 up begin UTF-8 sequences, which are checked.
var jsonPlain = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// appendJSONString appends s as a JSON string (RFC 8259, section 7). '"',
// '\' and control characters are escaped (\n, \r, \t, \b, \f, else \u00XX);
// each byte that is not part of valid UTF-8 becomes U+FFFD, as encoding/json
// does. U+2028 and U+2029 are escaped too, so the line is also a valid
// JavaScript literal.
func appendJSONString(b []byte, s string) []byte {
	return append(appendJSONText(append(b, '"'), s), '"')
}

// appendJSONText appends s escaped as the text of a JSON string, as
// appendJSONString does, without the quotes.
func appendJSONText(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	start := 0 // s[start:i] is still to be copied
	for i := 0; i < len(s); {
		c := s[i]
		if jsonPlain[c] {
			i++
			continue
		}
		if c < utf8.RuneSelf {
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
			}
			i++
			start = i
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&15])
		default:
			i += n
			continue
		}
		i += n
		start = i
	}
	return append(b, s[start:]...)
}
