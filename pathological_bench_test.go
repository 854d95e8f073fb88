package uri_test

// BenchmarkPathological runs every entry point of the module (parsers,
// repair, normalization, resolution, decoding, lint) on the pathological
// inputs of issue 11, from 1 KiB to 16 MiB, and reports ns/B: nanoseconds
// per input byte, which must stay flat as the size grows (linear time), and
// cpu-ns/B, the same in CPU time of the process, steadier on a busy machine.
// Names are shape=/op=/size= so that benchstat can tabulate by size:
//
//	go test -run '^$' -bench Pathological -cpu 1 -benchtime 0.2s -count 3 | tee p.txt
//	benchstat -col /size -row /shape,/op p.txt
//
// Timing is measured, never asserted: the table is in SECURITY.md.

import (
	"testing"

	"github.com/ferret-go/uri"
	"github.com/ferret-go/uri/internal/shapes"
	"github.com/ferret-go/uri/lint"
)

var pathSizes = []struct {
	name string
	n    int
}{{"1KiB", 1 << 10}, {"64KiB", 64 << 10}, {"1MiB", 1 << 20}, {"16MiB", 16 << 20}}

var pathBase = uri.MustParse("http://a/b/c/d;p?q")

var pathOps = []struct {
	name string
	run  func(s string)
}{
	{"parse", func(s string) { uri.Parse(s) }},
	{"parse-iri", func(s string) { uri.ParseIRI(s) }},
	{"repair", func(s string) { uri.Repair(s) }},
	{"normalize", func(s string) {
		// With the query sorted: the costliest normalization.
		if u, _, err := uri.Repair(s); err == nil {
			uri.Normalizer{Flags: uri.SortQuery | uri.CollapseSlashes}.Normalize(u)
		}
	}},
	{"resolve", func(s string) {
		if u, _, err := uri.Repair(s); err == nil {
			pathBase.Resolve(u)
		}
	}},
	{"unescape", func(s string) { uri.Unescape(s, uri.EscapeQuery) }},
	{"escape", func(s string) { uri.Escape(s, uri.EscapeSegment) }},
	{"lint", func(s string) { lint.Options{SSRF: true, Navigation: true}.Lint(s) }},
}

func BenchmarkPathological(b *testing.B) {
	for _, sh := range shapes.Pathological() {
		for _, op := range pathOps {
			for _, sz := range pathSizes {
				b.Run("shape="+sh.Name+"/op="+op.name+"/size="+sz.name, func(b *testing.B) {
					s := sh.Make(sz.n)
					b.SetBytes(int64(len(s)))
					b.ReportAllocs()
					cpu := cpuTime()
					for b.Loop() {
						op.run(s)
					}
					perByte := float64(b.N) * float64(len(s))
					b.ReportMetric(float64(b.Elapsed().Nanoseconds())/perByte, "ns/B")
					if cpu != 0 {
						// The process's CPU time, which other work on
						// a shared machine does not inflate.
						b.ReportMetric(float64((cpuTime()-cpu).Nanoseconds())/perByte, "cpu-ns/B")
					}
				})
			}
		}
	}
}
