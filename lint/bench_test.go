package lint

// BenchmarkLint runs Lint on the real URL lists of ../../shared/data/urls
// (see its README), one URL per op, beside net/url.Parse on the same lines
// in the same run: lib=lint against lib=neturl. data=X-clean holds only
// the lines of X on which Lint finds nothing, the case the target of issue
// 11 is about (a clean URL costs no more than two net/url.Parse calls).
// Besides ns/op each reports cpu-ns/op, the process's CPU time per URL,
// steadier than wall time on a shared machine. Only benchmarks read the
// lists, which are not in testdata/. The same comparison in instructions,
// which do not depend on the machine: bench/lintinstr.sh.
//
//	go test -run '^$' -bench Lint -cpu 1 -count 8 ./lint | tee l.txt
//	benchstat -col /lib l.txt

import (
	"bytes"
	"net/url"
	"os"
	"path/filepath"
	"testing"
)

func loadLists(b *testing.B) map[string][]string {
	dir := os.Getenv("URI_BENCH_DATA")
	if dir == "" {
		dir = filepath.Join("..", "..", "shared", "data", "urls")
	}
	out := map[string][]string{}
	for _, f := range []struct{ name, file string }{
		{"node", "node_files.txt"}, {"isaacs", "isaacs_files.txt"}, {"kasztp", "kasztp.txt"},
		{"userbait", "userbait.txt"}, {"wpt", "wpt_urltestdata_inputs.txt"},
	} {
		data, err := os.ReadFile(filepath.Join(dir, f.file))
		if err != nil {
			b.Fatal(err)
		}
		for _, line := range bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n")) {
			s := string(line)
			out[f.name] = append(out[f.name], s)
			if len(Lint(s)) == 0 {
				out[f.name+"-clean"] = append(out[f.name+"-clean"], s)
			}
		}
	}
	return out
}

var benchSink int

func BenchmarkLint(b *testing.B) {
	lists := loadLists(b)
	for _, name := range []string{"node", "isaacs", "kasztp", "kasztp-clean", "userbait", "userbait-clean", "wpt"} {
		list := lists[name]
		var size int64
		for _, s := range list {
			size += int64(len(s))
		}
		for _, lib := range []string{"lint", "neturl"} {
			b.Run("data="+name+"/lib="+lib, func(b *testing.B) {
				b.SetBytes(size / int64(len(list)))
				b.ReportAllocs()
				i := 0
				cpu := processCPU()
				for b.Loop() {
					s := list[i]
					if i++; i == len(list) {
						i = 0
					}
					if lib == "lint" {
						benchSink += len(Lint(s))
					} else if u, err := url.Parse(s); err == nil {
						benchSink += len(u.Host)
					}
				}
				if cpu != 0 {
					b.ReportMetric(float64(processCPU()-cpu)/float64(b.N), "cpu-ns/op")
				}
			})
		}
	}
}
