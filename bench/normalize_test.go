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
	"strings"
	"sync"
	"testing"

	"github.com/PuerkitoBio/purell"
	"github.com/ferret-go/uri"
)

// dataDir holds the URL lists (see its README.md).
const dataDir = "../../shared/data/urls"

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
			f, err := os.Open(filepath.Join(dataDir, name+".txt"))
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
// (data=name-normal). Compare the implementations with
//
//	benchstat -col /impl results.txt
func BenchmarkNormalize(b *testing.B) {
	cs := loadCorpora(b)
	for _, name := range datasets {
		for _, normal := range []bool{false, true} {
			lines, data := cs[name].lines, name
			if normal {
				lines, data = cs[name].normal, name+"-normal"
			}
			for _, impl := range normalizers {
				b.Run("data="+data+"/impl="+impl.name, func(b *testing.B) {
					b.ReportAllocs()
					var bytes int64
					for _, s := range lines {
						bytes += int64(len(s))
					}
					b.SetBytes(bytes / int64(len(lines)))
					b.ResetTimer()
					for i := 0; i < b.N; i++ {
						sink, _ = impl.fn(lines[i%len(lines)])
					}
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
		b.Run("data="+name+"/impl=uri", func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				j := i % len(us)
				sinkBool = us[j].Equal(ns[j])
			}
		})
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
