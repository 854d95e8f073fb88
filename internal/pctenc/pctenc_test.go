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
