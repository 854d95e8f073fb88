package bench

// The URL Standard's parsers: github.com/ferret-go/uri/whatwg against
// net/url (neither standard, the base) and github.com/nlnwa/whatwg-url
// (v0.6.2, the other pure-Go URL Standard parser), with uri.Parse (RFC 3986)
// beside them. Every line of every list, valid or not; one op is one URL.
// whatwg.sh runs the interleaved rounds and benchstat.

import (
	"bufio"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/ferret-go/uri"
	"github.com/ferret-go/uri/whatwg"
	nlnwa "github.com/nlnwa/whatwg-url/url"
)

var (
	allLines     = map[string][]string{}
	allLinesOnce sync.Once
	allLinesErr  error
)

// loadAllLines reads every line of every list once.
func loadAllLines(tb testing.TB) map[string][]string {
	tb.Helper()
	allLinesOnce.Do(func() {
		for _, name := range datasets {
			f, err := os.Open(filepath.Join(dataDir(), name+".txt"))
			if err != nil {
				allLinesErr = err
				return
			}
			sc := bufio.NewScanner(f)
			sc.Buffer(nil, 1<<20)
			for sc.Scan() {
				allLines[name] = append(allLines[name], sc.Text())
			}
			f.Close()
			if err := sc.Err(); err != nil {
				allLinesErr = err
				return
			}
		}
	})
	if allLinesErr != nil {
		tb.Fatal(allLinesErr)
	}
	return allLines
}

// whatwgParsers are the parsers compared; each reports acceptance only.
var whatwgParsers = []struct {
	name  string
	parse func(string) bool
}{
	{"neturl", func(s string) bool { _, err := url.Parse(s); return err == nil }},
	{"whatwg", func(s string) bool { _, err := whatwg.Parse(s); return err == nil }},
	{"nlnwa", func(s string) bool { _, err := nlnwa.Parse(s); return err == nil }},
	{"uri", func(s string) bool { _, err := uri.Parse(s); return err == nil }},
}

// BenchmarkWHATWG parses one line per op, cycling through each list.
func BenchmarkWHATWG(b *testing.B) {
	lists := loadAllLines(b)
	for _, name := range datasets {
		lines := lists[name]
		for _, p := range whatwgParsers {
			b.Run("data="+name+"/lib="+p.name, func(b *testing.B) {
				ok := 0
				j := 0
				measure(b, func(int) {
					if p.parse(lines[j]) {
						ok++
					}
					if j++; j == len(lines) {
						j = 0
					}
				})
				sinkBool = ok > 0
			})
		}
	}
}

// TestWHATWGCorpus logs, per list, how many lines each URL Standard parser
// accepts and how many hrefs the two give alike; whatwg's hrefs must
// reparse to themselves.
func TestWHATWGCorpus(t *testing.T) {
	for name, lines := range loadAllLines(t) {
		okW, okN, same := 0, 0, 0
		for _, s := range lines {
			u, errW := whatwg.Parse(s)
			v, errN := nlnwa.Parse(s)
			if errW == nil {
				okW++
				if w, err := whatwg.Parse(u.Href()); err != nil || w != u {
					t.Errorf("%s: %q: href %q does not reparse to itself", name, s, u.Href())
				}
			}
			if errN == nil {
				okN++
			}
			if errW == nil && errN == nil && u.Href() == v.Href(false) {
				same++
			}
		}
		t.Logf("%s: %d lines, whatwg accepts %d, nlnwa %d, same href %d", name, len(lines), okW, okN, same)
	}
}
