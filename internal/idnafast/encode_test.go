package idnafast

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/ferret-go/uri/internal/shapes"
)

// sameToASCII fails when toASCII (the Fenwick-tree encoder after
// ToUnicode, whatever the labels' length) and golang.org/x/net/idna's
// ToASCII disagree on host: on failing, or on the result.
func sameToASCII(t *testing.T, host string) {
	t.Helper()
	want, werr := browser.ToASCII(host)
	got, gerr := toASCII(browser, host)
	if (werr != nil) != (gerr != nil) || werr == nil && got != want {
		t.Fatalf("%+.60q: toASCII %.60q, %v; x/net/idna %.60q, %v", host, got, gerr, want, werr)
	}
}

// TestToASCIISameAsXNetIDNA: on every host of the web-platform-tests' IDNA
// tables and on long labels of many shapes, ToASCII's own path gives
// golang.org/x/net/idna's answer.
func TestToASCIISameAsXNetIDNA(t *testing.T) {
	for _, file := range []string{"IdnaTestV2.json", "toascii.json"} {
		data, err := os.ReadFile("../../whatwg/testdata/" + file)
		if err != nil {
			t.Fatal(err)
		}
		var entries []json.RawMessage
		if err := json.Unmarshal(data, &entries); err != nil {
			t.Fatal(err)
		}
		for _, raw := range entries {
			var e struct{ Input string }
			if json.Unmarshal(raw, &e) == nil {
				sameToASCII(t, e.Input)
			}
		}
	}
	rep := strings.Repeat
	for _, host := range []string{
		shapes.Distinct(0x4e00, 1000), shapes.Distinct(0x4e00, 300) + ".com", rep("é", 1000), shapes.Distinct(0x20000, 500),
		rep("a", 500) + shapes.Distinct(0x4e00, 400) + rep("b", 99), rep("ab中é", 250), shapes.Distinct(0x0100, 900),
		rep("\u0627\u0644", 400), rep("e\u0301", 700), rep("ß", 999) + "ς", rep("ﬀ", 400) + "é",
		"x." + shapes.Distinct(0xac00, 1000) + ".xn--bcher-kva." + rep("日本", 200), rep("a", 2000) + ".é",
		shapes.Distinct(0x10000, 400) + shapes.Distinct(0x4e00, 100) + shapes.Distinct(0x80, 90),
		"\U0010fffd" + shapes.Distinct(0x100000, 499), shapes.Distinct(0x4e00, 1000) + "\ufffd",
	} {
		sameToASCII(t, host)
	}
}

// TestToASCIIFast: a label of 1000 distinct code points (the most
// browsers encode) costs ToASCII no more than 10 ms: golang.org/x/net/idna
// takes 5 to 10 on this machine, the Fenwick tree well under 1.
func TestToASCIIFast(t *testing.T) {
	host := shapes.Distinct(0x4e00, 1000)
	best := time.Duration(1 << 62)
	for range 3 {
		start := time.Now()
		ToASCII(browser, host)
		best = min(best, time.Since(start))
	}
	if best > 10*time.Millisecond {
		t.Errorf("ToASCII of 1000 distinct ideographs: %v", best)
	}
}

// FuzzToASCII: toASCII and golang.org/x/net/idna's ToASCII agree on every
// host, its labels made longer by repeating the input.
func FuzzToASCII(f *testing.F) {
	for _, s := range []string{"bücher.de", "中文", "a\u0301b", "xn--bcher-kva", "ﬀé", "\u0627a", "a.b.é"} {
		f.Add(s, uint8(3))
	}
	f.Fuzz(func(t *testing.T, s string, times uint8) {
		if len(s)*int(times) > 4000 {
			return
		}
		sameToASCII(t, strings.Repeat(s, int(times)))
	})
}
