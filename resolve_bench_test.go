package uri_test

// Benchmarks of reference resolution against net/url's ResolveReference, on
// base/reference pairs built from the URL lists (see bench_test.go for the
// data and the measuring conventions: one op is one resolution).

import (
	"net/url"
	"strings"
	"testing"

	"github.com/ferret-go/uri"
)

// resolvePair is one base and reference, parsed by both libraries outside
// the timed loop, so that only resolution is measured.
type resolvePair struct {
	base, ref     uri.URI
	nbase, nref   *url.URL
	baseS, refStr string
}

// refForms turn a URL of the list into the kinds of references pages carry,
// each under the name of its shape: a sibling file, a climb, an absolute
// path with query, a query, a fragment, a dot segment, a network path and a
// whole URI.
var refForms = []struct {
	shape string
	make  func(u uri.URI) string
}{
	{"sibling", func(u uri.URI) string { return lastSegment(u.Path()) + "x" }},
	{"up", func(u uri.URI) string { return "../" + lastSegment(u.Path()) }},
	{"abspath", func(u uri.URI) string { return u.Path() + "?" + u.Query() }},
	{"query", func(u uri.URI) string { return "?" + u.Query() }},
	{"fragment", func(u uri.URI) string { return "#" + u.Fragment() }},
	{"dot", func(u uri.URI) string { return "./a/../" + lastSegment(u.Path()) }},
	{"netpath", func(u uri.URI) string { return "//" + u.Authority() + u.Path() }},
	{"whole", func(u uri.URI) string { return u.String() }},
}

func lastSegment(p string) string { return p[strings.LastIndexByte(p, '/')+1:] }

// resolvePairs pairs each valid URL, as the base, with a reference built from
// the next URL of the list, cycling through refForms; shape, when not "",
// keeps only the pairs of that shape. Pairs that either library cannot parse
// are left out.
func resolvePairs(list []string, shape string) []resolvePair {
	var pairs []resolvePair
	for i, s := range list {
		base, err := uri.Parse(s)
		next, err2 := uri.Parse(list[(i+1)%len(list)])
		if err != nil || err2 != nil || base.IsRelative() {
			continue
		}
		form := refForms[i%len(refForms)]
		if shape != "" && form.shape != shape {
			continue
		}
		refStr := form.make(next)
		ref, err := uri.Parse(refStr)
		nbase, err2 := url.Parse(s)
		nref, err3 := url.Parse(refStr)
		if err != nil || err2 != nil || err3 != nil {
			continue
		}
		pairs = append(pairs, resolvePair{base, ref, nbase, nref, s, refStr})
	}
	return pairs
}

// BenchmarkResolve compares uri's Resolve with net/url's ResolveReference,
// on every list, for all shapes mixed (shape=mix) and for each one alone.
func BenchmarkResolve(b *testing.B) {
	shapes := []string{"mix"}
	for _, f := range refForms {
		shapes = append(shapes, f.shape)
	}
	for _, l := range loadBenchData(b) {
		if l.name == "wpt" {
			continue // edge cases, not pages
		}
		for _, shape := range shapes {
			pairs := resolvePairs(l.valid, strings.TrimPrefix(shape, "mix"))
			name := "data=" + l.name + "/shape=" + shape
			b.Run(name+"/lib=neturl", func(b *testing.B) {
				benchResolve(b, len(pairs), func(n int) int {
					return cycle(n, len(pairs), func(j int) int {
						return len(pairs[j].nbase.ResolveReference(pairs[j].nref).Path)
					})
				})
			})
			b.Run(name+"/lib=uri", func(b *testing.B) {
				benchResolve(b, len(pairs), func(n int) int {
					return cycle(n, len(pairs), func(j int) int {
						t, _ := pairs[j].base.Resolve(pairs[j].ref)
						return len(t.Path())
					})
				})
			})
		}
	}
}

func benchResolve(b *testing.B, pairs int, run func(n int) int) {
	if pairs == 0 {
		b.Skip("no pairs")
	}
	b.ReportAllocs()
	cpu0 := cpuTime()
	b.ResetTimer()
	sink = run(b.N)
	b.StopTimer()
	if cpu := cpuTime() - cpu0; cpu > 0 {
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}

var sink int

// cycle calls op on the pair indexes 0, 1, ... pairs-1, 0, 1... n times in
// all and sums what it returns, so that the work cannot be dropped. It is
// small enough to be inlined, and op with it: no call through a function
// value per operation.
func cycle(n, pairs int, op func(j int) int) (sum int) {
	for i, j := 0, 0; i < n; i++ {
		sum += op(j)
		if j++; j == pairs {
			j = 0
		}
	}
	return sum
}

// TestResolvePairsAgree checks, on a few hand-made pairs, that the benchmark
// compares like with like: both libraries give the same target for them.
func TestResolvePairsAgree(t *testing.T) {
	pairs := resolvePairs([]string{
		"http://a/b/c/d;p?q", "https://x.example/p/q.html?z=1#f", "http://h:8/dir/file", "file:///u/v/w.js",
	}, "")
	if len(pairs) != 4 {
		t.Fatalf("%d pairs, want 4", len(pairs))
	}
	for _, p := range pairs {
		got, err := p.base.Resolve(p.ref)
		want := p.nbase.ResolveReference(p.nref).String()
		if err != nil || got.String() != want {
			t.Errorf("resolve %q against %q: uri %q, net/url %q", p.refStr, p.baseS, got, want)
		}
	}
}
