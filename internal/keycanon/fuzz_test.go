package keycanon

import (
	"strconv"
	"strings"
	"testing"
)

// unescapeByPasses is the documents' own wording: decode every "%XY" once,
// left to right, and again until a pass changes nothing. Quadratic, so for
// short inputs only.
func unescapeByPasses(s string) string {
	for {
		var b strings.Builder
		for i := 0; i < len(s); i++ {
			if s[i] == '%' && i+2 < len(s) {
				if v, err := strconv.ParseUint(s[i+1:i+3], 16, 8); err == nil {
					b.WriteByte(byte(v))
					i += 2
					continue
				}
			}
			b.WriteByte(s[i])
		}
		if b.String() == s {
			return s
		}
		s = b.String()
	}
}

// FuzzUnescapeRepeatedly checks that the one-pass unescaping gives what
// the passes give, and that it is idempotent.
func FuzzUnescapeRepeatedly(f *testing.F) {
	for _, s := range []string{"%252525", "%%32%35", "%2%35", "%25%32%35", "a%41%", "%%%25%32%35asd%%"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 256 {
			return
		}
		got := string(UnescapeRepeatedly([]byte(s)))
		if want := unescapeByPasses(s); got != want {
			t.Fatalf("UnescapeRepeatedly(%q) = %q, passes give %q", s, got, want)
		}
		if again := string(UnescapeRepeatedly([]byte(got))); again != got {
			t.Fatalf("not idempotent: %q -> %q -> %q", s, got, again)
		}
	})
}
