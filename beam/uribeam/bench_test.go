//go:build unix

package uribeam

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/ferret-go/uri"
)

// benchLines returns the lines of the shared URL lists (see
// ../../../shared/data/urls/README.md, or $URI_BENCH_DATA), or skips: the
// benchmark alone reads them, the tests never do.
func benchLines(b *testing.B) []string {
	dir := os.Getenv("URI_BENCH_DATA")
	if dir == "" {
		dir = filepath.Join("..", "..", "..", "shared", "data", "urls")
	}
	var lines []string
	for _, name := range []string{"node_files", "isaacs_files", "kasztp", "userbait", "wpt_urltestdata_inputs"} {
		data, err := os.ReadFile(filepath.Join(dir, name+".txt"))
		if err != nil {
			b.Skipf("the shared URL lists: %v", err)
		}
		lines = append(lines, strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")...)
	}
	return lines
}

// BenchmarkNormalize compares the per-line work of Normalize's DoFn (parse,
// normalize, the Reference or Rejected it emits) with the library's own
// Parse and Normalizer.Normalize on the same lines: the pipeline's cost
// per line beyond the library's should be small (issue 18: within 1.5x).
// One op is one pass over all the lines; run both in one binary, with
// -count, and compare with benchstat.
func BenchmarkNormalize(b *testing.B) {
	lines := benchLines(b)
	var size int64
	for _, l := range lines {
		size += int64(len(l))
	}
	b.Run("impl=dofn", func(b *testing.B) {
		var fn normalizeFn
		var nref, nrej int
		var keep Reference
		refs := func(r Reference) { nref++; keep = r }
		rejected := func(r Rejected) { nrej++ }
		b.SetBytes(size)
		b.ReportAllocs()
		cpu := cpuTime()
		for b.Loop() {
			for _, l := range lines {
				fn.ProcessElement(l, refs, rejected)
			}
		}
		reportCPU(b, cpu)
		_ = keep
	})
	b.Run("impl=library", func(b *testing.B) {
		var n uri.Normalizer
		var nref, nrej int
		var keep string
		b.SetBytes(size)
		b.ReportAllocs()
		cpu := cpuTime()
		for b.Loop() {
			for _, l := range lines {
				u, err := uri.Parse(l)
				if err != nil {
					nrej++
					continue
				}
				keep = n.Normalize(u).String()
				nref++
			}
		}
		reportCPU(b, cpu)
		_ = keep
	})
}

// cpuTime returns the process's user and system CPU time in nanoseconds:
// on a loaded machine it is steadier than the wall time.
func cpuTime() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// reportCPU reports the CPU time per op since start as cpu-ns/op.
func reportCPU(b *testing.B, start int64) {
	b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
}
