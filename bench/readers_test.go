package bench

import (
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ferret-go/uri/readers"
)

// BenchmarkReaders reads every line of the URL lists with each reader of
// package readers and with net/url.Parse (the named peer of issue 35's
// target: each emulation at most one net/url.Parse, 0 or 1 allocation per
// URL). Instructions, the steadier measure on this machine, are counted by
// readersinstr.sh.
func BenchmarkReaders(b *testing.B) {
	lines := readerLines(b)
	b.Run("reader=net_url", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, s := range lines {
				u, _ := url.Parse(s)
				_ = u
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(lines)), "ns/url")
	})
	for _, r := range readers.All() {
		b.Run("reader="+r.Name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, s := range lines {
					_ = r.Read(s)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(lines)), "ns/url")
			b.ReportMetric(testing.AllocsPerRun(1, func() {
				for _, s := range lines {
					_ = r.Read(s)
				}
			})/float64(len(lines)), "allocs/url")
		})
	}
}

// readerLines returns every line of the four real URL lists (dataDir).
func readerLines(tb testing.TB) []string {
	tb.Helper()
	var lines []string
	for _, name := range []string{"node_files", "isaacs_files", "kasztp", "userbait"} {
		b, err := os.ReadFile(filepath.Join(dataDir(), name+".txt"))
		if err != nil {
			tb.Fatal(err)
		}
		lines = append(lines, strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")...)
	}
	return lines
}
