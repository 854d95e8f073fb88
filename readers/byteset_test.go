package readers

import (
	"strings"
	"testing"
)

// TestByteSets checks each constant set against the characters it stands
// for, byte by byte.
func TestByteSets(t *testing.T) {
	sets := []struct {
		set   byte
		chars string
	}{
		{setTabCRLF, "\t\n\r"},
		{setQH, "?#"},
		{setSQH, "/?#"},
		{setNodeCut, "/\\#?:"},
		{setNodeV6, "\x00\t\n\r #%/<>?@\\^|"},
		{setNodeHost, "\x00\t\n\r #%/:<>?@[\\]^|"},
		{setNodeEsc, "\t\n\r \"'<>\\^`{|}"},
		{setLatin1Upper, "ABCDEFGHIJKLMNOPQRSTUVWXYZ\xc0\xc1\xc2\xc3\xc4\xc5\xc6\xc7\xc8\xc9\xca\xcb\xcc\xcd\xce\xcf\xd0\xd1\xd2\xd3\xd4\xd5\xd6\xd8\xd9\xda\xdb\xdc\xdd\xde"},
	}
	if len(byteClass) != 256 {
		t.Fatalf("byteClass has %d bytes", len(byteClass))
	}
	for _, s := range sets {
		for c := 0; c < 256; c++ {
			want := strings.IndexByte(s.chars, byte(c)) >= 0
			if got := inSet(byte(c), s.set); got != want {
				t.Errorf("set %q: byte %#x: %v, want %v", s.chars, c, got, want)
			}
		}
		if got, want := indexSet("abc"+s.chars, s.set), 3; got != want {
			t.Errorf("set %q: indexSet = %d, want %d", s.chars, got, want)
		}
	}
}
