// Package bench compares github.com/ferret-go/uri with the Go packages a
// user would otherwise pick, on the real URL lists of ../../shared/data/urls.
// It is a module of its own so that the main module needs no third-party
// code; see README.md for how to run it.
package bench

import (
	"bufio"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/PuerkitoBio/purell"
	"github.com/ferret-go/uri"
)

// dataDir returns the directory of the URL lists (see its README.md): that
// of $URI_BENCH_DATA, as for the parser benchmarks of the main module, or
// ../../shared/data/urls.
func dataDir() string {
	if d := os.Getenv("URI_BENCH_DATA"); d != "" {
		return d
	}
	const shared = "../../shared/data/urls"
	if _, err := os.Stat(shared); err == nil {
		return shared
	}
	// A clone alone: the samples the main module's tests read, so that
	// the tests here run too (the benchmarks want the whole lists).
	return "../testdata/urls"
}

// datasets are the lists benchmarked, by name: the four real lists and the
// web-platform-tests inputs as an edge-case mix.
var datasets = []string{"node_files", "isaacs_files", "kasztp", "userbait", "wpt_urltestdata_inputs"}

// purellFlags is purell's closest match to RFC 3986 syntax-based and
// scheme-based normalization: case, percent-encodings, default and empty
// port, dot segments.
const purellFlags = purell.FlagsSafe | purell.FlagRemoveDotSegments | purell.FlagRemoveEmptyPortSeparator

// normalizers are the implementations compared, string in, string out.
var normalizers = []struct {
	name string
	fn   func(string) (string, error)
}{
	{"uri", normalizeURI},
	{"purell", func(s string) (string, error) { return purell.NormalizeURLString(s, purellFlags) }},
	{"neturl", normalizeNetURL},
}

// normalizeURI parses s and returns its normal form (RFC 3986, 6.2.2 and
// 6.2.3).
func normalizeURI(s string) (string, error) {
	u, err := uri.Parse(s)
	if err != nil {
		return "", err
	}
	return u.Normalize().String(), nil
}

// normalizeNetURL is what a user of net/url alone would write: parse, fold
// the host, remove dot segments (ResolveReference does), drop an empty or
// default http(s) port, "/" for an empty http(s) path, recompose. It does
// less than the other two: net/url keeps percent-encodings as written.
func normalizeNetURL(s string) (string, error) {
	u, err := url.Parse(s)
	if err != nil {
		return "", err
	}
	u.Host = strings.ToLower(u.Host)
	if strings.HasSuffix(u.Host, ":") {
		u.Host = u.Host[:len(u.Host)-1]
	}
	switch p := u.Port(); {
	case u.Scheme == "http" && p == "80", u.Scheme == "https" && p == "443":
		u.Host = u.Host[:len(u.Host)-len(p)-1]
	}
	if u.Opaque == "" && strings.Contains(u.Path, ".") {
		u = u.ResolveReference(&url.URL{})
	}
	if u.Path == "" && u.Host != "" && (u.Scheme == "http" || u.Scheme == "https") {
		u.Path = "/"
	}
	return u.String(), nil
}

// corpus is one URL list: the lines that are URI references by RFC 3986
// (which every implementation gets), and their normal forms (to measure the
// already-normal case).
type corpus struct {
	lines, normal []string
}

var (
	corpora     = map[string]*corpus{}
	corporaOnce sync.Once
	corporaErr  error
)

// loadCorpora reads every list once.
func loadCorpora(tb testing.TB) map[string]*corpus {
	tb.Helper()
	corporaOnce.Do(func() {
		for _, name := range datasets {
			f, err := os.Open(filepath.Join(dataDir(), name+".txt"))
			if err != nil {
				corporaErr = err
				return
			}
			c := &corpus{}
			sc := bufio.NewScanner(f)
			sc.Buffer(nil, 1<<20)
			for sc.Scan() {
				u, err := uri.Parse(sc.Text())
				if err != nil {
					continue
				}
				c.lines = append(c.lines, u.String())
				c.normal = append(c.normal, u.Normalize().String())
			}
			f.Close()
			if err := sc.Err(); err != nil {
				corporaErr = err
				return
			}
			corpora[name] = c
		}
	})
	if corporaErr != nil {
		tb.Fatal(corporaErr)
	}
	return corpora
}

// BenchmarkNormalize normalizes one URL per operation, string to string,
// cycling through each list, as written (data=name) and already normal
// (data=name-normal). Sub-benchmark names are key=value pairs, so that
//
//	benchstat -col /lib results.txt
//
// puts the implementations side by side. Besides ns/op it reports
// cpu-ns/op, the process's CPU time per URL (steadier when other work
// shares the machine, and it counts the garbage collector's work on other
// threads), and exact-allocs/op, the unrounded average.
func BenchmarkNormalize(b *testing.B) {
	cs := loadCorpora(b)
	for _, name := range datasets {
		for _, normal := range []bool{false, true} {
			lines, data := cs[name].lines, name
			if normal {
				lines, data = cs[name].normal, name+"-normal"
			}
			for _, impl := range normalizers {
				b.Run("data="+data+"/lib="+impl.name, func(b *testing.B) {
					var bytes int64
					for _, s := range lines {
						bytes += int64(len(s))
					}
					b.SetBytes(bytes / int64(len(lines)))
					measure(b, func(i int) { sink, _ = impl.fn(lines[i%len(lines)]) })
				})
			}
		}
	}
}

// BenchmarkEqual compares each URL with its normal form, as a cache would
// on a lookup.
func BenchmarkEqual(b *testing.B) {
	cs := loadCorpora(b)
	for _, name := range datasets {
		c := cs[name]
		us := make([]uri.URI, len(c.lines))
		ns := make([]uri.URI, len(c.lines))
		for i := range c.lines {
			us[i], ns[i] = uri.MustParse(c.lines[i]), uri.MustParse(c.normal[i])
		}
		b.Run("data="+name+"/lib=uri", func(b *testing.B) {
			measure(b, func(i int) {
				j := i % len(us)
				sinkBool = us[j].Equal(ns[j])
			})
		})
	}
}

// measure runs op(i) for i in [0, b.N) and reports allocations, CPU time
// and exact allocations per operation.
func measure(b *testing.B, op func(i int)) {
	b.ReportAllocs()
	// Start from a collected heap, so that no benchmark pays for the
	// garbage of the one before it (or for loading the lists, the first).
	runtime.GC()
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	cpu0 := cpuTime()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		op(i)
	}
	b.StopTimer()
	cpu := cpuTime() - cpu0
	runtime.ReadMemStats(&m1)
	b.ReportMetric(float64(m1.Mallocs-m0.Mallocs)/float64(b.N), "exact-allocs/op")
	if cpu > 0 {
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}

var (
	sink     string
	sinkBool bool
)

// TestCorpus runs every implementation over every list and checks uri's
// normal forms: they parse back, normalizing them again changes nothing,
// and each compares Equal to its input. It logs how often purell and
// net/url give the same text as uri.
func TestCorpus(t *testing.T) {
	cs := loadCorpora(t)
	for _, name := range datasets {
		c := cs[name]
		if len(c.lines) == 0 {
			t.Fatalf("%s: no valid lines", name)
		}
		same := map[string]int{}
		for i, s := range c.lines {
			n := c.normal[i]
			v, err := uri.Parse(n)
			if err != nil {
				t.Fatalf("%s: %q normalizes to %q, which does not parse: %v", name, s, n, err)
			}
			if again := v.Normalize().String(); again != n {
				t.Fatalf("%s: %q -> %q -> %q", name, s, n, again)
			}
			if !uri.MustParse(s).Equal(v) {
				t.Fatalf("%s: %q is not Equal to its normal form %q", name, s, n)
			}
			for _, impl := range normalizers[1:] {
				if out, err := impl.fn(s); err == nil && out == n {
					same[impl.name]++
				}
			}
		}
		t.Logf("%-24s %6d URLs; same text as uri: purell %5.1f%%, net/url %5.1f%%", name, len(c.lines),
			100*float64(same["purell"])/float64(len(c.lines)), 100*float64(same["neturl"])/float64(len(c.lines)))
	}
}
