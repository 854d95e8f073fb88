package main

import (
	"bufio"
	"errors"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/width"

	"github.com/ferret-go/uri"
)

// Helpers for the sink's text form, shared by the commands.

// beginBlock starts the block of text of one input: blocks are separated by
// an empty line.
func (s *sink) beginBlock() {
	if s.blocks > 0 {
		s.out.WriteByte('\n')
	} else if s.chunked {
		s.firstBlock = s.outw.n + s.out.Buffered()
	}
	s.blocks++
}

// writeRejectedText writes the block of a rejected input: the input, a caret
// under the offending byte and the error message.
//
//	http://a b/
//	        ^
//	uri: invalid character ' ' in host at offset 8
func (s *sink) writeRejectedText(input string, err error) {
	off := 0
	var ue *uri.Error
	if errors.As(err, &ue) {
		off = ue.Offset
	}
	s.text = appendCaret(s.textRoom(2*len(input)+64), input, off, "^\n", err, s.term.colorOut())
	s.out.Write(s.text)
}

// appendCaret appends the input, then under it caret at the column of the
// byte at off, followed by the error message, in red when color is set.
func appendCaret(b []byte, input string, off int, caret string, err error, color bool) []byte {
	b, col := appendVisible(b, input, off)
	b = append(b, '\n')
	b = appendSpaces(b, col)
	if color {
		b = append(b, sgrRed...)
	}
	b = append(b, caret...)
	b = append(b, err.Error()...)
	if color {
		b = append(b, sgrReset...)
	}
	return append(b, '\n')
}

// writeCaret writes a rejected input for a person at a terminal, on w: the
// input, then a caret under the offending byte followed by the message (in
// red when color is set). An error that is not a *uri.Error has no byte to
// point at: the message follows the input on its line.
//
//	http://exa mple.com
//	          ^ uri: invalid character ' ' in host at offset 10
func (s *sink) writeCaret(w *bufio.Writer, input string, err error, color bool) {
	var ue *uri.Error
	if !errors.As(err, &ue) || ue.Input != input {
		b, _ := appendVisible(s.textRoom(len(input)+64), input, 0)
		b = append(b, ": "...)
		if color {
			b = append(b, sgrRed...)
		}
		b = append(b, err.Error()...)
		if color {
			b = append(b, sgrReset...)
		}
		s.text = append(b, '\n')
		w.Write(s.text)
		return
	}
	s.text = appendCaret(s.textRoom(2*len(input)+64), input, ue.Offset, "^ ", err, color)
	w.Write(s.text)
}

// appendVisible appends s with every byte that is not printable ASCII written
// as a Go escape: \t, \n, \r, \x00 for other control bytes and DEL, \u00e9
// (or \U0001f600) for a character outside ASCII, \xff for a byte that is not
// part of valid UTF-8. What it appends is printable ASCII, so a terminal
// shows it as it is, one column per byte, and marks under it line up even
// for wide or combining characters. It also returns the column at which the
// byte s[off] is shown, or, when off is past the end, where it would be.
func appendVisible(b []byte, s string, off int) ([]byte, int) {
	const hex = "0123456789abcdef"
	start := len(b)
	col := -1
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c < 0x7f {
			if i == off {
				col = len(b) - start
			}
			b = append(b, c)
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if off >= i && off < i+n {
			col = len(b) - start
		}
		switch {
		case c == '\t':
			b = append(b, '\\', 't')
		case c == '\n':
			b = append(b, '\\', 'n')
		case c == '\r':
			b = append(b, '\\', 'r')
		case c < utf8.RuneSelf || r == utf8.RuneError && n == 1:
			b = append(b, '\\', 'x', hex[c>>4], hex[c&15])
		default:
			b = appendRuneEscape(b, r)
		}
		i += n
	}
	if col < 0 {
		col = len(b) - start + max(0, off-len(s))
	}
	return b, col
}

func appendSpaces(b []byte, n int) []byte {
	const spaces = "                                                                "
	for ; n > len(spaces); n -= len(spaces) {
		b = append(b, spaces...)
	}
	return append(b, spaces[:max(n, 0)]...)
}

// appendIRIText appends the text s of a valid IRI for a terminal: its
// characters as they are, but those that would not show or would move the
// text around (format characters such as joiners, line and paragraph
// separators, and any other that is not graphic) as Go escapes. textWidth
// measures what it writes.
func appendIRIText(b []byte, s string) []byte {
	for _, r := range s {
		if iriShown(r) {
			b = utf8.AppendRune(b, r)
		} else {
			b = appendRuneEscape(b, r)
		}
	}
	return b
}

// appendDecodedText appends decoded text s, such as a mailto: field, for a
// person: its characters as they are, as appendIRIText writes them, but
// ASCII control bytes and DEL, and bytes that are not part of valid UTF-8,
// as appendVisible escapes them (\t, \x1b, \xff), so that no byte of the
// input moves the terminal's cursor or changes its state.
func appendDecodedText(b []byte, s string) []byte {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		shown := r >= 0x20 && r < 0x7f || r >= utf8.RuneSelf && n > 1 && iriShown(r)
		if shown {
			b = append(b, s[i:i+n]...)
		} else {
			b, _ = appendVisible(b, s[i:i+n], -1)
		}
		i += n
	}
	return b
}

// textWidth returns how many terminal columns appendIRIText writes for s:
// East Asian wide and full-width characters take two, combining marks none.
func textWidth(s string) int {
	n := 0
	for _, r := range s {
		switch {
		case r < utf8.RuneSelf:
			n++
		case !iriShown(r):
			n += len(appendRuneEscape(nil, r))
		case unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Me, r):
		default:
			switch width.LookupRune(r).Kind() {
			case width.EastAsianWide, width.EastAsianFullwidth:
				n += 2
			default:
				n++
			}
		}
	}
	return n
}

// iriShown reports whether appendIRIText writes r as it is.
func iriShown(r rune) bool {
	return r < utf8.RuneSelf || unicode.IsGraphic(r) && !unicode.Is(unicode.Zs, r) || r == ' '
}

// appendRuneEscape appends r as a Go escape: \u00a0 or \U000e0001.
func appendRuneEscape(b []byte, r rune) []byte {
	const hex = "0123456789abcdef"
	if r <= 0xFFFF {
		b = append(b, '\\', 'u')
		for k := 12; k >= 0; k -= 4 {
			b = append(b, hex[r>>k&15])
		}
		return b
	}
	b = append(b, '\\', 'U')
	for k := 28; k >= 0; k -= 4 {
		b = append(b, hex[r>>k&15])
	}
	return b
}
