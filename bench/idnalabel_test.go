package bench

import (
	"strconv"
	"strings"
	"testing"

	"github.com/ferret-go/uri"
	"github.com/ferret-go/uri/lint"
	"github.com/ferret-go/uri/whatwg"
)

// BenchmarkLongLabel measures what one long non-ASCII label of a host
// costs the calls that map it to A-labels (UTS #46 ToASCII, then Punycode,
// RFC 3492, whose encoder walks the label once for each distinct code
// point: time quadratic in the label's length). The label is n distinct
// CJK ideographs, 3 bytes each, in "http://<label>/": 1000, the longest
// label browsers (ICU4C) give to Punycode and so the most a label costs,
// then 1024 to 16384, which every call refuses before Punycode
// (uri.ErrLabelTooLong, whatwg.ErrLabelTooLong). It reports CPU
// nanoseconds of the process per input byte (cpu-ns/B), which is steadier
// than the wall time on a shared machine; a row that grows with n is not
// linear. See SECURITY.md, "What is guaranteed".
//
//	cd bench && go test -run '^$' -bench LongLabel -benchtime 1x -count 1
func BenchmarkLongLabel(b *testing.B) {
	calls := []struct {
		name string
		run  func(string)
	}{
		{"uri.Repair", func(s string) { uri.Repair(s) }},
		{"uri.Options.Repair/MaxHostLength=1000", func(s string) { uri.Options{MaxHostLength: 1000}.Repair(s) }},
		{"uri.IRI.ToURI", func(s string) {
			if i, err := uri.ParseIRI(s); err == nil {
				i.ToURI()
			}
		}},
		{"whatwg.Parse", func(s string) { whatwg.Parse(s) }},
		{"lint.Lint", func(s string) { lint.Lint(s) }},
	}
	for _, c := range calls {
		for _, n := range []int{1000, 1 << 10, 4 << 10, 16 << 10} {
			var label strings.Builder
			for i := range n {
				label.WriteRune(rune(0x4e00 + i))
			}
			s := "http://" + label.String() + "/"
			b.Run(c.name+"/runes="+strconv.Itoa(n), func(b *testing.B) {
				b.SetBytes(int64(len(s)))
				cpu := cpuTime()
				for b.Loop() {
					c.run(s)
				}
				b.ReportMetric(float64((cpuTime()-cpu).Nanoseconds())/float64(b.N)/float64(len(s)), "cpu-ns/B")
			})
		}
	}
}
