package uri_test

// Benchmarks of the parser against net/url.Parse, on the real URL lists of
// ../shared/data/urls (see its README) and on a few typical references.
// bench/parse.sh runs them and compares with benchstat; BENCHMARKS.md has the
// numbers. Sub-benchmark names are key=value pairs so that benchstat can put
// the two libraries side by side with -col /lib.
//
// One op is one URL: iteration i parses line i mod len(list), so ns/op is
// nanoseconds per URL, MB/s counts the input bytes and allocs/op is averaged
// over the list (it is fractional when only some lines allocate, such as the
// *uri.Error of an invalid line).
//
// No Test function here reads the data: it is loaded only by benchmarks, once.

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

// benchDataEnv names a directory holding the URL lists, to use instead of
// ../shared/data/urls (relative to the module root, where go test runs).
const benchDataEnv = "URI_BENCH_DATA"

// benchSets are the files of the URL corpus, under short names.
var benchSets = []struct{ name, file string }{
	{"node", "node_files.txt"},
	{"isaacs", "isaacs_files.txt"},
	{"kasztp", "kasztp.txt"},
	{"userbait", "userbait.txt"},
	{"wpt", "wpt_urltestdata_inputs.txt"}, // edge cases, not traffic
}

type urlList struct {
	name                string
	all, valid, invalid []string
}

var (
	benchOnce  sync.Once
	benchLists []urlList
	benchErr   error
)

// loadBenchData reads every list once and splits it by uri.Parse into the
// lines that are valid RFC 3986 URI-references and those that are not.
func loadBenchData(b *testing.B) []urlList {
	b.Helper()
	benchOnce.Do(func() {
		dir := os.Getenv(benchDataEnv)
		if dir == "" {
			dir = filepath.Join("..", "shared", "data", "urls")
		}
		for _, set := range benchSets {
			data, err := os.ReadFile(filepath.Join(dir, set.file))
			if err != nil {
				benchErr = err
				return
			}
			l := urlList{name: set.name}
			for _, line := range bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n")) {
				s := string(line)
				l.all = append(l.all, s)
				if _, err := uri.Parse(s); err == nil {
					l.valid = append(l.valid, s)
				} else {
					l.invalid = append(l.invalid, s)
				}
			}
			benchLists = append(benchLists, l)
		}
	})
	if benchErr != nil {
		b.Skipf("URL corpus not found (set %s to its directory): %v", benchDataEnv, benchErr)
	}
	return benchLists
}

// benchLib is one parser under test. run parses n URLs, cycling through
// list, and returns how many it accepted; the loop calls the parser directly
// (no function value per URL) so that only the parser is measured, and the
// count uses the result so that the call cannot be dropped.
type benchLib struct {
	name string
	run  func(list []string, n int) (ok int)
}

var benchLibs = []benchLib{
	// net/url first, as the base of the comparison.
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

// benchParse runs run over list for b.N URLs and reports bytes per URL, the
// exact (fractional) allocations per URL and the share of accepted URLs.
func benchParse(b *testing.B, list []string, run func([]string, int) int) {
	if len(list) == 0 {
		b.Skip("empty list")
	}
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
	// The framework prints allocs/op as a truncated integer (even when set
	// with ReportMetric), which hides the allocations of a few invalid lines
	// among many valid ones; exact-allocs/op is the unrounded average.
	b.ReportMetric(float64(m1.Mallocs-m0.Mallocs)/float64(b.N), "exact-allocs/op")
	b.ReportMetric(float64(ok)/float64(b.N), "ok/op")
	// Wall time counts the time the process waits for a core; on a busy
	// machine the process's CPU time is the steadier measure.
	if cpu > 0 {
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}

// BenchmarkParse compares uri.Parse and net/url.Parse on every URL list:
// lines=valid holds the lines that are valid RFC 3986 URI-references (the
// accept path), lines=all every line, and lines=invalid only the others (the
// reject path of uri; net/url accepts many of them).
func BenchmarkParse(b *testing.B) {
	lists := loadBenchData(b)
	for _, l := range lists {
		for _, sel := range []struct {
			name string
			list []string
		}{{"valid", l.valid}, {"all", l.all}, {"invalid", l.invalid}} {
			if len(sel.list) == 0 {
				continue
			}
			// The libraries run back to back on each list, so that they
			// meet the same load on a shared machine.
			for _, lib := range benchLibs {
				b.Run("data="+l.name+"/lines="+sel.name+"/lib="+lib.name, func(b *testing.B) {
					benchParse(b, sel.list, lib.run)
				})
			}
		}
	}
}

// typicalURIs are single references of the usual shapes; all are valid
// RFC 3986 URI-references.
var typicalURIs = []struct{ name, s string }{
	{"rfc-sec3", "foo://example.com:8042/over/there?name=ferret#nose"},
	{"long-query", "https://www.example.com/search/results?q=uniform+resource+identifier&lang=en&page=3&sort=relevance&utm_source=newsletter&utm_medium=email&utm_campaign=2024-spring&sessionid=9f8e7d6c5b4a39281706#top"},
	{"ipv6", "ldap://[2001:db8::7]:389/c=GB?objectClass?one"},
	{"relative", "../../g;x/y?q=1#s"},
	{"urn", "urn:oasis:names:specification:docbook:dtd:xml:4.1.2"},
	{"file", "file:///home/user/My%20Documents/report-2024.pdf"},
	{"userinfo", "https://user:pa%24%24@api.example.org:8443/v1/items/42"},
}

// BenchmarkParseTypical compares the two parsers on typicalURIs.
func BenchmarkParseTypical(b *testing.B) {
	for _, t := range typicalURIs {
		for _, lib := range benchLibs {
			b.Run("uri="+t.name+"/lib="+lib.name, func(b *testing.B) {
				list := []string{t.s}
				if lib.run(list, 1) != 1 {
					b.Fatalf("%s rejects %q", lib.name, t.s)
				}
				benchParse(b, list, lib.run)
			})
		}
	}
}

// BenchmarkEntryPoint measures the four uri parsers and ParseIRI on the
// valid lines of the web-page lists (all absolute URIs without fragments, so
// every entry point but ParseRelative accepts them; ParseRelative measures
// the reject path of the scheme check, with its *Error). ParseIRI against
// Parse shows what IRI support costs ASCII input.
func BenchmarkEntryPoint(b *testing.B) {
	lists := loadBenchData(b)
	fns := []struct {
		name string
		fn   func(string) (uri.URI, error)
	}{
		{"Parse", uri.Parse},
		{"ParseURI", uri.ParseURI},
		{"ParseAbsolute", uri.ParseAbsolute},
		{"ParseRelative", uri.ParseRelative},
		// ASCII input pays nothing for IRI support (issue 10).
		{"ParseIRI", func(s string) (uri.URI, error) { _, err := uri.ParseIRI(s); return uri.URI{}, err }},
	}
	for _, f := range fns {
		for _, l := range lists {
			if l.name != "kasztp" && l.name != "userbait" {
				continue
			}
			b.Run("fn="+f.name+"/data="+l.name, func(b *testing.B) {
				benchParse(b, l.valid, func(list []string, n int) (ok int) {
					j := 0
					for i := 0; i < n; i++ {
						if _, err := f.fn(list[j]); err == nil {
							ok++
						}
						if j++; j == len(list) {
							j = 0
						}
					}
					return ok
				})
			})
		}
	}
}
