package uri

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkNormalizeNormal measures what isNormal, the read-only pass before
// appendNormal, is worth: normalizing URIs that are already normal (the
// normal forms of the valid lines of each URL list, as a program stores
// them), with the check (check=on, Normalize) and without it (check=off,
// what Normalize does when the check says no). One op is one URL. The lists
// are those of bench_test.go (URI_BENCH_DATA, or ../shared/data/urls).
func BenchmarkNormalizeNormal(b *testing.B) {
	dir := os.Getenv("URI_BENCH_DATA")
	if dir == "" {
		dir = filepath.Join("..", "shared", "data", "urls")
	}
	for _, name := range []string{"node_files", "isaacs_files", "kasztp", "userbait"} {
		data, err := os.ReadFile(filepath.Join(dir, name+".txt"))
		if err != nil {
			b.Skipf("URL list not found (set URI_BENCH_DATA to its directory): %v", err)
		}
		var list []URI
		for _, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
			if u, err := Parse(line); err == nil {
				list = append(list, u.Normalize())
			}
		}
		var n Normalizer
		b.Run("data="+strings.TrimSuffix(name, "_files")+"/check=on", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				sinkURI = n.Normalize(list[i%len(list)])
			}
		})
		b.Run("data="+strings.TrimSuffix(name, "_files")+"/check=off", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				var buf [512]byte
				var v URI
				w := writer{t: buf[:0]}
				w.t = n.appendNormal(w.t, list[i%len(list)], &w.o)
				w.doneCopy(&v)
				sinkURI = v
			}
		})
	}
}

var sinkURI URI
