package whatwg

// Benchmarks of Parse against net/url.Parse and the parent package's
// uri.Parse (RFC 3986) on the URL lists of the shared corpus
// (../../shared/data/urls from this directory, see its README), or on the
// repository's samples in ../testdata/urls when the corpus is absent, or on
// the directory named by $URI_BENCH_DATA. One op is one URL: iteration i
// parses line i mod len(list), so ns/op is nanoseconds per URL and
// exact-allocs/op the unrounded allocations per URL. Sub-benchmark names are
// key=value pairs for benchstat -col /lib.

import (
	"bytes"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	"github.com/ferret-go/uri"
)

var benchSets = []struct{ name, file string }{
	{"node", "node_files.txt"},
	{"isaacs", "isaacs_files.txt"},
	{"kasztp", "kasztp.txt"},
	{"userbait", "userbait.txt"},
	{"wpt", "wpt_urltestdata_inputs.txt"}, // edge cases, not traffic
}

type urlList struct {
	name string
	all  []string
}

var (
	benchOnce  sync.Once
	benchLists []urlList
	benchDir   string
)

func loadBenchData(b *testing.B) []urlList {
	b.Helper()
	benchOnce.Do(func() {
		dirs := []string{os.Getenv("URI_BENCH_DATA"), filepath.Join("..", "..", "shared", "data", "urls"), filepath.Join("..", "testdata", "urls")}
		for _, dir := range dirs {
			if dir == "" {
				continue
			}
			var lists []urlList
			for _, set := range benchSets {
				data, err := os.ReadFile(filepath.Join(dir, set.file))
				if err != nil {
					lists = nil
					break
				}
				l := urlList{name: set.name}
				for _, line := range bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n")) {
					l.all = append(l.all, string(line))
				}
				lists = append(lists, l)
			}
			if lists != nil {
				benchLists, benchDir = lists, dir
				return
			}
		}
	})
	if benchLists == nil {
		b.Skip("no URL lists found")
	}
	return benchLists
}

type benchLib struct {
	name string
	run  func(list []string, n int) (ok int)
}

var benchLibs = []benchLib{
	{"neturl", func(list []string, n int) (ok int) {
		j := 0
		for i := 0; i < n; i++ {
			if _, err := url.Parse(list[j]); err == nil {
				ok++
			}
			if j++; j == len(list) {
				j = 0
			}
		}
		return ok
	}},
	{"whatwg", func(list []string, n int) (ok int) {
		j := 0
		for i := 0; i < n; i++ {
			if _, err := Parse(list[j]); err == nil {
				ok++
			}
			if j++; j == len(list) {
				j = 0
			}
		}
		return ok
	}},
	{"uri", func(list []string, n int) (ok int) {
		j := 0
		for i := 0; i < n; i++ {
			if _, err := uri.Parse(list[j]); err == nil {
				ok++
			}
			if j++; j == len(list) {
				j = 0
			}
		}
		return ok
	}},
}

func benchParse(b *testing.B, list []string, run func([]string, int) int) {
	total := 0
	for _, s := range list {
		total += len(s)
	}
	b.SetBytes(int64((total + len(list)/2) / len(list)))
	b.ReportAllocs()
	var m0, m1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	cpu0 := cpuTime()
	b.ResetTimer()
	ok := run(list, b.N)
	b.StopTimer()
	cpu := cpuTime() - cpu0
	runtime.ReadMemStats(&m1)
	b.ReportMetric(float64(m1.Mallocs-m0.Mallocs)/float64(b.N), "exact-allocs/op")
	b.ReportMetric(float64(ok)/float64(b.N), "ok/op")
	if cpu > 0 {
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}

// BenchmarkParse runs net/url.Parse, whatwg.Parse and uri.Parse back to
// back on every line of every list.
func BenchmarkParse(b *testing.B) {
	for _, l := range loadBenchData(b) {
		for _, lib := range benchLibs {
			b.Run("data="+l.name+"/lib="+lib.name, func(b *testing.B) {
				benchParse(b, l.all, lib.run)
			})
		}
	}
}
