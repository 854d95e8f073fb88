package bytestr

import (
	"strings"
	"testing"
	"unsafe"
)

// TestString holds String to string(b): the same text, for empty, nil and
// longer slices, and a slice of part of an array.
func TestString(t *testing.T) {
	long := []byte(strings.Repeat("http://example.com/a?b#c ", 1000))
	for _, b := range [][]byte{nil, {}, []byte("x"), []byte("http://a/b"), long, long[7:20], long[:0]} {
		if got, want := String(b), string(b); got != want {
			t.Errorf("String(%.20q) = %.20q, want %.20q", b, got, want)
		}
	}
}

// TestStringShares checks that the string is b's memory, not a copy: it
// makes no allocation, and a byte written to b after the call is seen in
// the string (which is why a caller must not write to b while the string
// is in use).
func TestStringShares(t *testing.T) {
	b := []byte("http://example.com/")
	var s string
	if n := testing.AllocsPerRun(100, func() { s = String(b) }); n != 0 {
		t.Errorf("String allocates %v times", n)
	}
	b[0] = 'H'
	if s != "Http://example.com/" {
		t.Errorf("after b[0] = 'H', the string is %q: not b's memory", s)
	}
}

// TestBytes holds Bytes to []byte(s): the same bytes, for empty and longer
// strings and a substring, with the capacity of the length.
func TestBytes(t *testing.T) {
	long := strings.Repeat("http://example.com/a?b#c ", 1000)
	for _, s := range []string{"", "x", "http://a/b", long, long[7:20], long[:0]} {
		b := Bytes(s)
		if string(b) != s || cap(b) != len(s) {
			t.Errorf("Bytes(%.20q) = %.20q (cap %d), want %.20q (cap %d)", s, b, cap(b), s, len(s))
		}
	}
}

// TestBytesShares checks that the slice is s's memory, not a copy: it makes
// no allocation and starts at s's first byte.
func TestBytesShares(t *testing.T) {
	s := strings.Repeat("http://example.com/", 4)
	var b []byte
	if n := testing.AllocsPerRun(100, func() { b = Bytes(s) }); n != 0 {
		t.Errorf("Bytes allocates %v times", n)
	}
	if unsafe.SliceData(b) != unsafe.StringData(s) {
		t.Error("Bytes(s) is not s's memory")
	}
}
