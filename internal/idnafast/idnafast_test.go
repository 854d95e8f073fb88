package idnafast

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"golang.org/x/net/idna"
)

// browser is the profile this package stands in for, built as the root
// package's IDNABrowser and whatwg's idnaLenient are.
var browser = idna.New(idna.MapForLookup(), idna.Transitional(false),
	idna.BidiRule(), idna.CheckJoiners(true), idna.CheckHyphens(false),
	idna.StrictDomainName(false), idna.VerifyDNSLength(false))

// check fails when the Mapper gives an answer for host that is not
// golang.org/x/net/idna's, and reports whether it gave one.
func check(t *testing.T, m *Mapper, host string) bool {
	t.Helper()
	got, ok := m.AppendHost([]byte("prefix"), host)
	n, lok := m.Len(host)
	if ok != lok {
		t.Fatalf("%+q: AppendHost ok %v, Len ok %v", host, ok, lok)
	}
	if !ok {
		return false
	}
	want, err := browser.ToASCII(host)
	if err != nil {
		t.Fatalf("%+q: mapped to %q, but x/net/idna fails: %v", host, got[6:], err)
	}
	if string(got) != "prefix"+want || n != len(want) {
		t.Fatalf("%+q: mapped to %q (Len %d), x/net/idna to %q", host, got[6:], n, want)
	}
	if match, ok := m.Matches(host, want); !match || !ok {
		t.Fatalf("%+q: Matches(%q) = %v, %v", host, want, match, ok)
	}
	for _, other := range []string{want + "x", want + ".", "x" + want, "", strings.ToUpper(want), strings.Replace(want, ".", "", 1)} {
		if other == want {
			continue
		}
		if match, ok := m.Matches(host, other); match || !ok {
			t.Fatalf("%+q: Matches(%q) = %v, %v, want false, true", host, other, match, ok)
		}
	}
	return true
}

// TestSameAsXNetIDNA: on the hosts of the web-platform-tests' IDNA tables
// (IdnaTestV2.json, from Unicode's IdnaTestV2.txt, and toascii.json, in
// whatwg/testdata), every host the Mapper maps gets the expected output of
// the table (the URL Standard's "domain to ASCII") and x/net/idna's
// ToASCII; and it maps a fair share of them.
func TestSameAsXNetIDNA(t *testing.T) {
	mapped := 0
	for _, file := range []string{"IdnaTestV2.json", "toascii.json"} {
		data, err := os.ReadFile("../../whatwg/testdata/" + file)
		if err != nil {
			t.Fatal(err)
		}
		var entries []json.RawMessage
		if err := json.Unmarshal(data, &entries); err != nil {
			t.Fatal(err)
		}
		var m Mapper
		for _, raw := range entries {
			var e struct {
				Input  string
				Output *string
			}
			if json.Unmarshal(raw, &e) != nil {
				continue // a comment line
			}
			if !check(t, &m, e.Input) {
				continue
			}
			mapped++
			if e.Output == nil {
				t.Errorf("%+q: mapped, but %s says domain to ASCII fails", e.Input, file)
				continue
			}
			got, _ := m.AppendHost(nil, e.Input)
			if string(got) != *e.Output {
				t.Errorf("%+q: %q, %s says %q", e.Input, got, file, *e.Output)
			}
		}
	}
	if mapped < 80 {
		t.Errorf("only %d hosts of the tables mapped", mapped)
	}
}

// TestAppendLabel: what the Mapper maps and what it leaves to x/net/idna,
// with A-labels from the URL Standard's examples ("faß.de") and others
// whose Punycode Python's "punycode" codec gives (RFC 3492).
func TestAppendLabel(t *testing.T) {
	for _, c := range []struct {
		host, want string // want "": left to x/net/idna
	}{
		{"faß.de", "xn--fa-hia.de"},
		{"Bücher.example", "xn--bcher-kva.example"},
		{"éa.éa.", "xn--a-9fa.xn--a-9fa."},
		{"..é", "..xn--9ca"},
		{"日本語.jp", "xn--wgv71a119e.jp"},
		{"ПРИМЕР.рф", ""}, // Cyrillic capitals: mapped, not valid
		{"例え.テスト", "xn--r8jz45g.xn--zckzah"},
		{"a_b.é", ""},                             // "_": outside the ASCII mapped here
		{"xn--9ca.é", ""},                         // an A-label: decoded and checked
		{"XN--é", ""},                             // "xn--" after mapping
		{"a\u0301.com", ""},                       // a combining mark
		{"\u05d0.com", ""},                        // Hebrew: a Bidi label
		{"a\u200db.com", ""},                      // ZWJ
		{"ｅ.com", ""},                             // full-width: mapped
		{"é。com", ""},                             // U+3002: a separator after mapping
		{"é\u00ad.com", ""},                       // soft hyphen: ignored
		{"\xff.com", ""},                          // not UTF-8
		{"é" + strings.Repeat("a", MaxLabel), ""}, // longer than MaxLabel
	} {
		var m Mapper
		got, ok := m.AppendHost(nil, c.host)
		if c.want == "" {
			if ok {
				t.Errorf("%+q: mapped to %q, want it left to x/net/idna", c.host, got)
			}
			continue
		}
		if !ok || string(got) != c.want {
			t.Errorf("%+q: %q, %v; want %q", c.host, got, ok, c.want)
		}
		check(t, &m, c.host)
	}
}

// TestNoAllocation: mapping a host of many short labels allocates nothing
// per label once the Mapper has seen its code points.
func TestNoAllocation(t *testing.T) {
	host := strings.Repeat("éa.", 1000)
	var m Mapper
	dst := make([]byte, 0, 16<<10)
	if _, ok := m.AppendHost(dst, host); !ok {
		t.Fatal("not mapped")
	}
	// AllocsPerRun averages the count of allocations over runs with
	// GOMAXPROCS at 1; one TotalAlloc difference across a call also
	// caught the runtime's own allocations, and failed under load.
	if a := testing.AllocsPerRun(10, func() {
		if _, ok := m.Len(host); !ok {
			t.Fatal("not mapped")
		}
		m.AppendHost(dst, host)
	}); a != 0 {
		t.Errorf("%v allocations for a host of %d bytes, want 0", a, len(host))
	}
}

// FuzzSameAsXNetIDNA: whatever the Mapper maps, it maps as x/net/idna does.
func FuzzSameAsXNetIDNA(f *testing.F) {
	for _, s := range []string{"faß.de", "éa.éa.", "Bücher.example", "日本語.jp", "a-é-.x", "ÀÉ.com", "ǅ.x", "ᄀ\u1161.kr", "가.kr"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, host string) {
		var m Mapper
		check(t, &m, host)
	})
}
