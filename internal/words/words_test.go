package words

import (
	"bytes"
	"encoding/binary"
	"strings"
	"testing"

	"github.com/ferret-go/uri/internal/inltest"
)

// filled returns n bytes of a pattern no test writes, to see what a write
// left alone.
func filled(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(0xa0 + i%31)
	}
	return b
}

// TestPutWord writes words of every length at several places: the word's
// text, then zeros to WordSize bytes, and nothing outside them.
func TestPutWord(t *testing.T) {
	for _, s := range []string{"", "x", `","ok":true,"scheme":"`, strings.Repeat("k", WordSize)} {
		w := MakeWord(s)
		for _, i := range []int{0, 1, 7, 16, 33} {
			b := filled(i + WordSize + 5)
			want := filled(len(b))
			copy(want[i:], s)
			clear(want[i+len(s) : i+WordSize])
			RoomOf(b).PutWord(i, &w)
			if !bytes.Equal(b, want) {
				t.Errorf("PutWord(%d, %q):\n got %q\nwant %q", i, s, b, want)
			}
		}
	}
}

// TestMakeWordTooLong checks that a text longer than a word is refused,
// not cut.
func TestMakeWordTooLong(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("MakeWord of 49 bytes did not panic")
		}
	}()
	MakeWord(strings.Repeat("k", WordSize+1))
}

// TestCopy16 copies every length up to 70 bytes forward, as the line's
// components are copied from the input's copy to the line's end: the n
// bytes arrive, what is before them is left alone, and the result is the
// index after them. The bytes written past them (up to 15) are not
// promised.
func TestCopy16(t *testing.T) {
	for n := 0; n <= 70; n++ {
		for _, from := range []int{0, 3, 16} {
			to := from + n + 5
			b := filled(to + n + 15 + 3)
			src := append([]byte(nil), b[from:from+n]...)
			before := append([]byte(nil), b[:to]...)
			if got := RoomOf(b).Copy16(to, from, n); got != to+n {
				t.Fatalf("Copy16(%d, %d, %d) = %d, want %d", to, from, n, got, to+n)
			}
			if !bytes.Equal(b[to:to+n], src) || !bytes.Equal(b[:to], before) {
				t.Fatalf("Copy16(%d, %d, %d): %q", to, from, n, b)
			}
		}
	}
}

// TestWordsLittleEndian holds Put64, Put32 and Load64 to
// encoding/binary's little-endian order, on any machine, at unaligned
// places.
func TestWordsLittleEndian(t *testing.T) {
	const w = 0x0807060504030201
	for _, i := range []int{0, 1, 3, 8} {
		b := filled(i + 12)
		want := filled(len(b))
		binary.LittleEndian.PutUint64(want[i:], w)
		RoomOf(b).Put64(i, w)
		if !bytes.Equal(b, want) {
			t.Errorf("Put64(%d): %x, want %x", i, b, want)
		}
		binary.LittleEndian.PutUint32(want[i+2:], '"'|','<<8|'"'<<16)
		RoomOf(b).Put32(i+2, '"'|','<<8|'"'<<16)
		if !bytes.Equal(b, want) {
			t.Errorf("Put32(%d): %x, want %x", i+2, b, want)
		}
	}
	s := "/over/there/index.html"
	for i := 0; i+8 <= len(s); i++ {
		if got, want := Load64(s, i), binary.LittleEndian.Uint64([]byte(s[i:])); got != want {
			t.Errorf("Load64(%q, %d) = %#x, want %#x", s, i, got, want)
		}
	}
}

// TestInlining checks that the compiler inlines every function of the
// package, in the default build: a call for each word would cost more
// than the bounds checks the package saves (see the package's
// documentation), and would put its callers' own helpers over the
// inlining budget.
func TestInlining(t *testing.T) {
	if Checked {
		// The checked build (-tags wordschecked) trades speed for bounds
		// checks: what it inlines does not matter.
		return
	}
	inltest.Check(t, "MakeWord", "RoomOf", "Room.PutWord", "Room.Copy16", "Room.Put64", "Room.Put32", "Load64")
}
