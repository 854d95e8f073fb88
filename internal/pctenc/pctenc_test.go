package pctenc

import (
	"fmt"
	"strings"
	"testing"
)

func TestWriteUnhex(t *testing.T) {
	var b strings.Builder
	Write(&b, "a b%\xff", func(c byte) bool { return c == 'a' })
	if got := b.String(); got != "a%20%62%25%FF" {
		t.Errorf("Write = %q", got)
	}
	for c, want := range map[byte]int{'0': 0, '9': 9, 'a': 10, 'F': 15, 'g': -1, '%': -1} {
		v, ok := Unhex(c)
		if ok != (want >= 0) || ok && int(v) != want {
			t.Errorf("Unhex(%q) = %d, %v", c, v, ok)
		}
	}
}

// TestHexValue checks every byte against HEXDIG (RFC 3986, section 2.1:
// DIGIT and "A" to "F" in either case) and its value.
func TestHexValue(t *testing.T) {
	want := [256]byte{}
	for i := range want {
		want[i] = 255
	}
	for i, c := range "0123456789" {
		want[c] = byte(i)
	}
	for i, c := range "abcdef" {
		want[c], want[c-'a'+'A'] = byte(10+i), byte(10+i)
	}
	for c := 0; c < 256; c++ {
		b, w := byte(c), want[c]
		if got := HexValue(b); got != w {
			t.Errorf("HexValue(%q) = %d, want %d", b, got, w)
		}
		if got := IsHex(b); got != (w < 16) {
			t.Errorf("IsHex(%q) = %v", b, got)
		}
		if v, ok := Unhex(b); ok != (w < 16) || ok && v != w {
			t.Errorf("Unhex(%q) = %d, %v", b, v, ok)
		}
	}
}

// TestAppendTriplet checks every byte's triplet: "%" and two uppercase
// hexadecimal digits (RFC 3986, section 2.1).
func TestAppendTriplet(t *testing.T) {
	for c := 0; c < 256; c++ {
		want := fmt.Sprintf("x%%%02X", c)
		if got := string(AppendTriplet([]byte("x"), byte(c))); got != want {
			t.Errorf("AppendTriplet(%#x) = %q, want %q", c, got, want)
		}
	}
}

// TestDecode takes the URL Standard's percent-decode examples (section
// "Percent-encoded bytes") and the edges of a triplet.
func TestDecode(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		first    int // IndexTriplet
	}{
		{"%25%s%1G", "%%s%1G", 0},
		{"‽%25%2E", "\xE2\x80\xBD\x25\x2E", 3},
		{"", "", -1},
		{"abc", "abc", -1},
		{"%", "%", -1},
		{"%4", "%4", -1},
		{"a%41", "aA", 1},
		{"%%41", "%A", 1},
		{"%zz%7e%7E", "%zz~~", 3},
	} {
		if got := Decode(tc.in); got != tc.want {
			t.Errorf("Decode(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if got := string(AppendDecoded([]byte("x"), tc.in)); got != "x"+tc.want {
			t.Errorf("AppendDecoded(x, %q) = %q, want %q", tc.in, got, "x"+tc.want)
		}
		if got := IndexTriplet(tc.in); got != tc.first {
			t.Errorf("IndexTriplet(%q) = %d, want %d", tc.in, got, tc.first)
		}
	}
	if n := testing.AllocsPerRun(10, func() { Decode("plain%zz") }); n != 0 {
		t.Errorf("Decode of a text without a triplet: %v allocations, want none", n)
	}
}
