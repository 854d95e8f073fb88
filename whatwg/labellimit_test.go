package whatwg

import (
	"errors"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/idna"

	"github.com/ferret-go/uri/internal/shapes"
)

// aceOf returns the A-labels of the most distinct CJK ideographs whose
// Punycode (after "xn--") is at most n characters long, and of one more:
// fewer than 1024 code points, all golang.org/x/net/idna decodes.
func aceOf(n int) (within, over string) {
	for m := 950; m < 1024; m++ {
		a, err := idna.Punycode.ToASCII(shapes.Distinct(0x4e00, m))
		if err != nil {
			panic(err)
		}
		if len(a)-len("xn--") > n {
			return within, a
		}
		within = a
	}
	panic("aceOf")
}

// TestLabelTooLong: the boundary of ErrLabelTooLong, each row as Chromium
// 156 answered new URL("http://" + host + "/") on 2026-11-29 (ICU4C's
// Punycode caps, ICU-13727: 1000 UTF-16 code units after UTS #46 mapping;
// e2e/TestLabelLimitMatchesChromium asks Chromium again), and the decoding
// cap of ICU4C (2000 units after "xn--"), which Chromium never reaches as
// it refuses a non-ASCII host of more than 1265 units first.
func TestLabelTooLong(t *testing.T) {
	rep := strings.Repeat
	within, over := aceOf(2000)
	tests := []struct {
		name, host string
		ok         bool
		off        int // offset in the host of the label refused
	}{
		{"é×999", rep("é", 999), true, 0},
		{"é×1000", rep("é", 1000), true, 0},
		{"é×1001", rep("é", 1001), false, 0},
		{"CJK×1000", shapes.Distinct(0x4e00, 1000), true, 0},
		{"CJK×1001", shapes.Distinct(0x4e00, 1001), false, 0},
		{"astral×500", shapes.Distinct(0x20000, 500), true, 0},
		{"astral×501", shapes.Distinct(0x20000, 501), false, 0},
		{"a×999+é", rep("a", 999) + "é", true, 0},
		{"a×1000+é", rep("a", 1000) + "é", false, 0},
		{"second label", "a." + rep("é", 1001) + ".com", false, 2},
		{"two labels of 1000", rep("é", 500) + "." + rep("é", 501), true, 0},
		// UTS #46 mapping first: ﬀ becomes "ff", É "é", a soft hyphen
		// nothing, full-width "ａ" an ASCII "a" (no Punycode at all).
		{"ﬀ×499+é", rep("\ufb00", 499) + "é", true, 0},
		{"ﬀ×500+é", rep("\ufb00", 500) + "é", false, 0},
		{"É×1001", rep("É", 1001), false, 0},
		{"a+soft hyphen×1100+é", "a" + rep("\u00ad", 1100) + "é", true, 0},
		{"full-width a×1001", rep("\uff41", 1001), true, 0},
		{"ideographic full stop", "é。" + rep("é", 1001), false, len("é。")},
		// An A-label is decoded, up to 2000 units after "xn--".
		{"A-label of at most 2000", "é." + within, true, 0},
		{"A-label of over 2000", "é." + over, false, len("é.")},
		// An ASCII domain is given to no Punycode (Chromium takes
		// http://xn--aaa….com/ with 3000 "a" as it is).
		{"xn--a×3000 ASCII", "xn--" + rep("a", 3000) + ".com", true, 0},
		{"a×5000 ASCII", rep("a", 5000), true, 0},
	}
	for _, tt := range tests {
		in := "http://" + tt.host + "/"
		u, err := Parse(in)
		if tt.ok {
			if err != nil {
				t.Errorf("%s: %v", tt.name, err)
			} else if !strings.HasPrefix(u.Hostname(), "xn--") && strings.ContainsFunc(tt.host, func(r rune) bool { return r > 0x7f && r != 0xff41 }) {
				t.Errorf("%s: host %.40q…, want an A-label", tt.name, u.Hostname())
			}
			continue
		}
		var e *Error
		if !errors.Is(err, ErrLabelTooLong) || !errors.Is(err, ErrDomainToASCII) || !errors.As(err, &e) {
			t.Errorf("%s: error %v, want ErrLabelTooLong", tt.name, err)
			continue
		}
		if e.Offset != len("http://")+tt.off || e.Reason != "domain-to-ASCII" {
			t.Errorf("%s: offset %d reason %q, want %d domain-to-ASCII", tt.name, e.Offset, e.Reason, len("http://")+tt.off)
		}
	}
}

// TestLongLabelLinear: Parse's time on one long label (of distinct CJK
// ideographs, the worst case of RFC 3492's encoder, and of an "xn--"
// label) grows at most linearly: at 8n it takes less than 8·3 times what
// it takes at n (quadratic would be 64). Each time is the least of 5 runs.
func TestLongLabelLinear(t *testing.T) {
	labels := map[string]func(n int) string{
		"CJK label": func(n int) string { return shapes.Distinct(0x4e00, n) },
		"CJK labels of 1000": func(n int) string {
			return strings.TrimSuffix(strings.Repeat(shapes.Distinct(0x4e00, 1000)+".", n/1000), ".")
		},
		"xn-- label": func(n int) string { return "é.xn--" + strings.Repeat("a", 3*n) },
		"é label":    func(n int) string { return strings.Repeat("é", n) },
	}
	for name, shape := range labels {
		for _, validate := range []bool{false, true} {
			cost := func(n int) time.Duration {
				in := "http://" + shape(n) + "/"
				best := time.Duration(1 << 62)
				for range 5 {
					start := time.Now()
					if validate {
						Validate(in, URL{})
					} else {
						Parse(in)
					}
					best = min(best, time.Since(start))
				}
				return best
			}
			if small, large, bad := shapes.NotLinear(cost, 1000, 8); bad {
				t.Errorf("%s (validation %v): %v at 8000, %v at 1000: not linear", name, validate, large, small)
			}
		}
	}
}
