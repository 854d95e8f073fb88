package pctenc

import (
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
