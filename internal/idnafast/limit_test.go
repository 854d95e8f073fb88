package idnafast

import (
	"strings"
	"testing"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	"golang.org/x/net/idna"

	"github.com/ferret-go/uri/internal/shapes"
)

// TestMaxGrowth: no code point maps (UTS #46, golang.org/x/net/idna's
// table) to more than 6 UTF-16 code units for each of its UTF-8 bytes, the
// bound that lets LongLabel pass short labels over unmapped.
func TestMaxGrowth(t *testing.T) {
	for r := rune(0x80); r <= utf8.MaxRune; r++ {
		if 0xD800 <= r && r < 0xE000 {
			continue
		}
		s := string(r)
		u, _ := mapOnly.ToUnicode(s)
		if n := len(utf16.Encode([]rune(u))); n > 6*len(s) {
			t.Fatalf("%U maps to %q, %d UTF-16 units for %d bytes", r, u, n, len(s))
		}
	}
}

// TestIdentityRanges: UTS #46 maps every code point of identityRanges to
// itself (golang.org/x/net/idna's table), and identity finds exactly them.
func TestIdentityRanges(t *testing.T) {
	in := func(r rune) bool {
		for _, g := range identityRanges {
			if g[0] <= r && r <= g[1] {
				return true
			}
		}
		return false
	}
	for i := 1; i < len(identityRanges); i++ {
		if identityRanges[i-1][1] >= identityRanges[i][0] {
			t.Fatalf("ranges %d and %d out of order", i-1, i)
		}
	}
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if identity(r) != in(r) {
			t.Fatalf("identity(%U) = %v", r, !in(r))
		}
		if in(r) {
			if u, err := mapOnly.ToUnicode(string(r)); err != nil || u != string(r) {
				t.Fatalf("%U maps to %+q (%v), not itself", r, u, err)
			}
		}
	}
}

// TestLongLabel: the rules of LongLabel, from ICU4C's punycode.cpp
// (ENCODE_MAX_CODE_UNITS 1000 after mapping, DECODE_MAX_CHARS 2000) and
// from the DNS (RFC 1034, 63 octets; an A-label is "xn--" and at least one
// character a code point, RFC 3492 section 6.3).
func TestLongLabel(t *testing.T) {
	rep := strings.Repeat
	tests := []struct {
		host       string
		dns        bool
		start, end int // of the label found; 0, 0: none
	}{
		{rep("é", 1000), false, 0, 0},
		{rep("é", 1001), false, 0, 2002},
		{"a." + rep("é", 1001) + ".b", false, 2, 2004},
		{"a\u3002" + rep("é", 1001) + "\uff61b", false, 4, 2006},
		{shapes.Distinct(0x20000, 500), false, 0, 0},
		{shapes.Distinct(0x20000, 501), false, 0, 2004},
		{rep("a", 999) + "é", false, 0, 0},
		{rep("A", 1000) + "é", false, 0, 1002},
		{rep("\ufb00", 499) + "é", false, 0, 0},        // ﬀ is "ff"
		{rep("\ufb00", 500) + "é", false, 0, 1502},     // 1001 units
		{"a" + rep("\u00ad", 2000) + "é", false, 0, 0}, // soft hyphens are ignored
		{rep("\uff41", 5000), false, 0, 0},             // full-width a: ASCII, no Punycode
		{rep("e\u0301", 1000), false, 0, 0},            // NFC: 1000 "é"
		{rep("e\u0301", 1001), false, 0, 3003},
		{"xn--" + rep("a", 2000), false, 0, 0},
		{"xn--" + rep("a", 2001), false, 0, 2005},
		{"XN--" + rep("a", 2001), false, 0, 2005},
		{rep("a", 5000), false, 0, 0},
		// DNS: at most 59 code points of a non-ASCII label, 63 octets
		// of an ASCII one.
		{rep("é", 59), true, 0, 0},
		{rep("é", 60), true, 0, 120},
		{"b." + rep("a", 63), true, 0, 0},
		{"b." + rep("a", 64), true, 2, 66},
		{"b." + rep("\uff41", 64), true, 2, 194},
		{"b." + rep("\u00ad", 64) + "é", true, 0, 0},
		{"xn--" + rep("a", 59), true, 0, 0},
		{"xn--" + rep("a", 60), true, 0, 64},
	}
	var m Mapper
	for _, tt := range tests {
		start, end, found := m.LongLabel(tt.host, tt.dns)
		s2, e2, f2 := FindLongLabel(tt.host, tt.dns)
		if s2 != start || e2 != end || f2 != found {
			t.Errorf("FindLongLabel(%.30q…, dns %v) = %d, %d, %v, LongLabel %d, %d, %v", tt.host, tt.dns, s2, e2, f2, start, end, found)
		}
		if found != (tt.end != 0) || start != tt.start || end != tt.end {
			t.Errorf("LongLabel(%.30q… (%d bytes), dns %v) = %d, %d, %v, want %d, %d", tt.host, len(tt.host), tt.dns, start, end, found, tt.start, tt.end)
		}
	}
}

// TestLongLabelLinear: LongLabel's time on a long label (of distinct code
// points, each mapped; of one repeated) grows linearly: at 4n less than
// 4·3 times what at n.
func TestLongLabelLinear(t *testing.T) {
	for name, shape := range map[string]func(int) string{
		"distinct": func(n int) string { return shapes.Distinct(0x4e00, n) },
		"repeated": func(n int) string { return strings.Repeat("É", n) },
	} {
		cost := func(n int) time.Duration {
			s := shape(n)
			best := time.Duration(1 << 62)
			for range 5 {
				var m Mapper
				start := time.Now()
				m.LongLabel(s, false)
				best = min(best, time.Since(start))
			}
			return best
		}
		if small, large, bad := shapes.NotLinear(cost, 4000, 4); bad {
			t.Errorf("%s: %v at 16000, %v at 4000", name, large, small)
		}
	}
}

// lookup is the IDNALookup profile of the root package (VerifyDnsLength).
var lookup = idna.New(idna.MapForLookup(), idna.Transitional(false),
	idna.BidiRule(), idna.CheckJoiners(true), idna.CheckHyphens(true),
	idna.StrictDomainName(true), idna.VerifyDNSLength(true))

// FuzzLongLabel: passing short labels over unmapped changes no answer of
// LongLabel, and a label it finds too long for DNS is one that ToASCII
// under the lookup profile (VerifyDnsLength) refuses.
func FuzzLongLabel(f *testing.F) {
	for _, s := range []string{"a.é", strings.Repeat("é", 60), strings.Repeat("\ufdfa", 4),
		strings.Repeat("e\u0301", 40), "xn--" + strings.Repeat("a", 60), strings.Repeat("\u3300", 20) + "\u3002b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, host string) {
		if !utf8.ValidString(host) {
			return
		}
		var m Mapper
		for _, dns := range []bool{false, true} {
			s1, e1, f1 := m.longLabel(host, dns, true)
			s2, e2, f2 := m.longLabel(host, dns, false)
			if s1 != s2 || e1 != e2 || f1 != f2 {
				t.Fatalf("%+q (dns %v): %d, %d, %v skipping short labels, %d, %d, %v mapping all", host, dns, s1, e1, f1, s2, e2, f2)
			}
		}
		if start, end, found := m.LongLabel(host, true); found {
			if a, err := lookup.ToASCII(host[start:end]); err == nil {
				t.Fatalf("%+q: label %+q found too long for DNS, but ToASCII gives %q", host, host[start:end], a)
			}
		}
	})
}
