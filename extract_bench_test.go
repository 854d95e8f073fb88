package uri_test

// BenchmarkExtract measures finding URIs in running text (RFC 3986,
// Appendix C) on texts of 16 MiB, larger than the caches, against the floor
// in the same run: strings.Count of ":", which reads the text at the speed
// of strings.IndexByte (the needle search every extraction needs). The
// comparison with the regular expressions Go programs use (mvdan.cc/xurls,
// a typical pattern) is bench/extract_test.go's, on smaller texts because
// they are slow; BENCHMARKS.md has the numbers.

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/ferret-go/uri"
)

// extractBenchRFC names a directory of RFC texts to use instead of
// ../shared/rfc.
const extractBenchRFC = "URI_BENCH_RFC"

var (
	extractBenchOnce sync.Once
	extractBenchData map[string]string
	extractBenchErr  error
)

// typicalURLRegexp is a URL pattern as Go programs write it.
var typicalURLRegexp = regexp.MustCompile(`[a-zA-Z][a-zA-Z0-9+.\-]*://[^\s<>"]+`)

// loadExtractBench reads the RFC texts, once, into two texts of 16 MiB:
// "rfc", the texts repeated, and "prose", their lines in which neither
// uri (with abbreviations) nor the regular expression finds a URI.
func loadExtractBench(b *testing.B) map[string]string {
	b.Helper()
	extractBenchOnce.Do(func() {
		dir := os.Getenv(extractBenchRFC)
		if dir == "" {
			dir = filepath.Join("..", "shared", "rfc")
		}
		files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
		if err == nil && len(files) == 0 {
			err = os.ErrNotExist
		}
		if err != nil {
			extractBenchErr = err
			return
		}
		var rfc, prose strings.Builder
		x := uri.Extractor{Abbreviated: true}
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				extractBenchErr = err
				return
			}
			rfc.Write(data)
			for line := range strings.Lines(string(data)) {
				if len(x.Extract(line)) == 0 && !typicalURLRegexp.MatchString(line) {
					prose.WriteString(line)
				}
			}
		}
		const size = 16 << 20
		extractBenchData = map[string]string{
			"prose": strings.Repeat(prose.String(), size/prose.Len()+1)[:size],
			"rfc":   strings.Repeat(rfc.String(), size/rfc.Len()+1)[:size],
		}
	})
	if extractBenchErr != nil {
		b.Fatalf("RFC texts: %v", extractBenchErr)
	}
	return extractBenchData
}

func BenchmarkExtract(b *testing.B) {
	texts := loadExtractBench(b)
	libs := []struct {
		name string
		fn   func(string) int
	}{
		{"count", func(s string) int { return strings.Count(s, ":") }},
		{"uri", func(s string) int { return len(uri.Extract(s)) }},
		{"uri-abbrev", func(s string) int { return len((uri.Extractor{Abbreviated: true}).Extract(s)) }},
	}
	for _, data := range []string{"prose", "rfc"} {
		text := texts[data]
		for _, lib := range libs {
			b.Run("data="+data+"/lib="+lib.name, func(b *testing.B) {
				b.SetBytes(int64(len(text)))
				b.ReportAllocs()
				cpu0 := cpuTime()
				for range b.N {
					lib.fn(text)
				}
				if cpu := cpuTime() - cpu0; cpu > 0 {
					b.ReportMetric(float64(len(text))*float64(b.N)/cpu.Seconds()/1e6, "cpu-MB/s")
				}
			})
		}
	}
}
