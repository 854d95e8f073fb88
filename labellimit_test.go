package uri

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/ferret-go/uri/internal/shapes"
)

// TestLabelTooLong: under IDNABrowser, a label is refused past the bound
// of browsers' Punycode, each row as Chromium 156 answered new
// URL("http://" + host + "/") on 2026-11-29 (ICU4C: 1000 UTF-16 code units
// after UTS #46 mapping; e2e/TestLabelLimitMatchesChromium asks it again);
// under IDNALookup, past what makes an A-label longer than 63 octets
// (RFC 3490, section 4.1, step 8: 59 code points and "xn--"), which the
// profile refuses in any case. The error names the label.
func TestLabelTooLong(t *testing.T) {
	rep := strings.Repeat
	tests := []struct {
		name    string
		p       IDNAProfile
		host    string
		ok      bool
		off     int // offset in the host of the label refused
		tooLong bool
	}{
		{"é×1000", IDNABrowser, rep("é", 1000), true, 0, false},
		{"é×1001", IDNABrowser, rep("é", 1001), false, 0, true},
		{"CJK×1000", IDNABrowser, shapes.Distinct(0x4e00, 1000), true, 0, false},
		{"CJK×1001", IDNABrowser, shapes.Distinct(0x4e00, 1001), false, 0, true},
		{"astral×500", IDNABrowser, shapes.Distinct(0x20000, 500), true, 0, false},
		{"astral×501", IDNABrowser, shapes.Distinct(0x20000, 501), false, 0, true},
		{"a×999+é", IDNABrowser, rep("a", 999) + "é", true, 0, false},
		{"a×1000+é", IDNABrowser, rep("a", 1000) + "é", false, 0, true},
		{"second label", IDNABrowser, "a." + rep("é", 1001) + ".com", false, 2, true},
		{"after %2E", IDNABrowser, "a%2E" + rep("é", 1001), false, 4, true},
		{"ﬀ×500+é", IDNABrowser, rep("\ufb00", 500) + "é", false, 0, true},
		{"full-width a×1001+.é", IDNABrowser, rep("\uff41", 1001) + ".é", true, 0, false},
		// A label that fails on its own before: the first wins.
		{"bidi first", IDNABrowser, "\u05d0a." + rep("é", 1001), false, 0, false},
		// "xn--9c" and n "a" is the A-label of n "é": 57 fit in 63
		// octets, 58 do not (x/net/idna says so), 60 are refused unseen.
		{"lookup é×57", IDNALookup, rep("é", 57) + ".com", true, 0, false},
		{"lookup é×58", IDNALookup, rep("é", 58) + ".com", false, 0, false},
		{"lookup é×60", IDNALookup, rep("é", 60) + ".com", false, 0, true},
		{"lookup CJK×16384", IDNALookup, "a." + shapes.Distinct(0x4e00, 16384), false, 2, true},
	}
	for _, tt := range tests {
		a, err := tt.p.HostToASCII(tt.host)
		if tt.ok {
			if err != nil || !strings.HasPrefix(a, "xn--") && !strings.Contains(a, ".xn--") {
				t.Errorf("%s: %.40q, %v", tt.name, a, err)
			}
			continue
		}
		var e *Error
		if !errors.Is(err, ErrIDNA) || !errors.As(err, &e) || e.Component != ComponentHost || e.Offset != tt.off {
			t.Errorf("%s: %v, want ErrIDNA at offset %d of the host", tt.name, err, tt.off)
			continue
		}
		if errors.Is(err, ErrLabelTooLong) != tt.tooLong {
			t.Errorf("%s: %v: ErrLabelTooLong %v, want %v", tt.name, err, !tt.tooLong, tt.tooLong)
		}
	}
}

// TestLongLabelLinear: the calls that map a host to A-labels or back take
// time at most linear in a long label (of distinct CJK ideographs, the worst
// case of RFC 3492's encoder; of labels of 1000 of them, the longest
// browsers encode; an "xn--" label): at 8n less than 8·3 times what they
// take at n (quadratic would be 64). Each time is the least of 5 runs.
func TestLongLabelLinear(t *testing.T) {
	calls := map[string]func(host string){
		"Repair": func(h string) { Repair("http://" + h + "/") },
		"Options.Repair/lookup": func(h string) {
			Options{IDNA: IDNALookup}.Repair("http://" + h + "/")
		},
		"IRI.ToURI": func(h string) {
			if i, err := ParseIRI("http://" + h + "/"); err == nil {
				i.ToURI()
			}
		},
		"Display": func(h string) {
			if u, err := Parse("http://" + h + "/"); err == nil {
				u.Display()
			}
		},
	}
	labels := map[string]func(n int) string{
		"CJK label": func(n int) string { return shapes.Distinct(0x4e00, n) },
		"CJK labels of 1000": func(n int) string {
			return strings.TrimSuffix(strings.Repeat(shapes.Distinct(0x4e00, 1000)+".", n/1000), ".")
		},
		"xn-- label":  func(n int) string { return "xn--" + strings.Repeat("9ca", n) },
		"xn-- labels": func(n int) string { return strings.Repeat("xn--9c"+strings.Repeat("a", 1000)+".", n/1000) + "com" },
	}
	for cname, call := range calls {
		for sname, shape := range labels {
			cost := func(n int) time.Duration {
				h := shape(n)
				best := time.Duration(1 << 62)
				for range 5 {
					start := time.Now()
					call(h)
					best = min(best, time.Since(start))
				}
				return best
			}
			if small, large, bad := shapes.NotLinear(cost, 1000, 8); bad {
				t.Errorf("%s on %s: %v at 8000, %v at 1000: not linear", cname, sname, large, small)
			}
		}
	}
}
