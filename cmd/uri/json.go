package main

import (
	"errors"
	"strconv"
	"unicode/utf8"

	"github.com/ferret-go/uri"
)

// jsonLine builds one line of --json output, an object whose first member is
// "input", in a buffer reused from one input to the next.
type jsonLine struct{ b []byte }

// jsonKey is the text that introduces a member after the first: its key with
// the punctuation around it, as in `,"path":`. Subcommands declare theirs as
// constants, so that writing one is a single copy.
type jsonKey string

// Keys of the members that every subcommand writes.
const (
	keyOK     jsonKey = `,"ok":`
	keyError  jsonKey = `,"error":`
	keyOffset jsonKey = `,"offset":`
)

// beginJSON starts the object of one input.
func (e *env) beginJSON(input string) *jsonLine {
	j := &e.json
	j.b = append(j.b[:0], `{"input":`...)
	j.b = appendJSONString(j.b, input)
	return j
}

// endJSON closes the object and writes it as one line.
func (e *env) endJSON(j *jsonLine) {
	j.b = append(j.b, '}', '\n')
	e.out.Write(j.b)
}

// key writes the key of the next member; its value must follow.
func (j *jsonLine) key(k jsonKey) { j.b = append(j.b, k...) }

// str writes a string, escaped as needed.
func (j *jsonLine) str(k jsonKey, v string) {
	j.b = append(j.b, k...)
	j.b = appendJSONString(j.b, v)
}

// strOrNull writes v, or null when it is absent.
func (j *jsonLine) strOrNull(k jsonKey, v string, present bool) {
	if !present {
		j.null(k)
		return
	}
	j.str(k, v)
}

// plain writes v as it is: it must be printable ASCII without '"' or '\'.
// Every component of a valid URI reference is (RFC 3986, section 2 and
// Appendix A allow only unreserved and reserved characters and "%"), so the
// subcommands write them without looking at each byte.
func (j *jsonLine) plain(k jsonKey, v string) {
	j.b = append(j.b, k...)
	j.b = append(j.b, '"')
	j.b = append(j.b, v...)
	j.b = append(j.b, '"')
}

// plainOrNull writes v as plain does, or null when it is absent.
func (j *jsonLine) plainOrNull(k jsonKey, v string, present bool) {
	if !present {
		j.null(k)
		return
	}
	j.plain(k, v)
}

func (j *jsonLine) null(k jsonKey) {
	j.b = append(j.b, k...)
	j.b = append(j.b, "null"...)
}

func (j *jsonLine) boolean(k jsonKey, v bool) {
	j.b = append(j.b, k...)
	j.b = strconv.AppendBool(j.b, v)
}

func (j *jsonLine) integer(k jsonKey, v int) {
	j.b = append(j.b, k...)
	j.b = strconv.AppendInt(j.b, int64(v), 10)
}

// writeRejectedJSON writes the line of a rejected input, the same for every
// subcommand: {"input":...,"ok":false,"error":...,"offset":...}. The offset
// is null if err is not a *uri.Error, which the parsers never return.
func (e *env) writeRejectedJSON(input string, err error) {
	j := e.beginJSON(input)
	j.boolean(keyOK, false)
	j.str(keyError, err.Error())
	var ue *uri.Error
	if errors.As(err, &ue) {
		j.integer(keyOffset, ue.Offset)
	} else {
		j.null(keyOffset)
	}
	e.endJSON(j)
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
	const hex = "0123456789abcdef"
	b = append(b, '"')
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
	b = append(b, s[start:]...)
	return append(b, '"')
}
