package bench

// Finding URIs in running text (RFC 3986, Appendix C): uri.Extractor against
// the regular expressions Go programs use today, mvdan.cc/xurls/v2 and a
// hand-written one, on the same texts in the same run. See README.md.

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/ferret-go/uri"
	"mvdan.cc/xurls/v2"
)

// rfcDir returns the directory of the RFC texts: $URI_BENCH_RFC, or
// ../../shared/rfc.
func rfcDir() string {
	if d := os.Getenv("URI_BENCH_RFC"); d != "" {
		return d
	}
	return "../../shared/rfc"
}

// extractText is one input of BenchmarkExtract.
type extractText struct{ name, text string }

var (
	extractOnce  sync.Once
	extractTexts []extractText
	extractErr   error
)

// textSize is the size of each text. The regular expressions read prose at
// well under 1 MB/s (xurls.Strict matches all its schemes and top-level
// domains at every byte), so the texts are small enough for one op of each
// to take seconds, not minutes; uri's own benchmark in the main module
// reads 16 MiB texts.
const textSize = 256 << 10

// loadExtractTexts builds the texts, once:
//
//   - rfc: the RFC texts of ../../shared/rfc, repeated; prose with a URI
//     every few hundred lines;
//   - prose: the lines of those texts in which no extractor here finds a
//     URI (uri with abbreviations, xurls.Relaxed, the regexp), repeated:
//     text without URIs, colons and slashes and "www" included;
//   - urls: the lines of the URL lists of ../../shared/data/urls, one of
//     each list in turn, each in a sentence, delimited in turn by spaces,
//     parentheses, angle brackets and double quotes: URI-dense text.
func loadExtractTexts(tb testing.TB) []extractText {
	tb.Helper()
	extractOnce.Do(func() {
		files, err := filepath.Glob(filepath.Join(rfcDir(), "*.txt"))
		if err == nil && len(files) == 0 {
			err = os.ErrNotExist
		}
		if err != nil {
			extractErr = err
			return
		}
		var rfc, prose strings.Builder
		abbrev := uri.Extractor{Abbreviated: true}
		relaxed := xurls.Relaxed()
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				extractErr = err
				return
			}
			rfc.Write(data)
			for line := range strings.Lines(string(data)) {
				if len(abbrev.Extract(line)) == 0 && !relaxed.MatchString(line) && !typicalRegexp.MatchString(line) {
					prose.WriteString(line)
				}
			}
		}
		// The lines of the lists in turn, one of each.
		var lists [][][]byte
		for _, name := range datasets {
			data, err := os.ReadFile(filepath.Join(dataDir(), name+".txt"))
			if err != nil {
				extractErr = err
				return
			}
			lists = append(lists, bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n")))
		}
		var urls strings.Builder
		for i := 0; urls.Len() < textSize; i++ {
			l := lists[i%len(lists)]
			line := l[i/len(lists)%len(l)]
			switch i % 4 {
			case 0:
				urls.WriteString("See ")
				urls.Write(line)
				urls.WriteString(" for the details.\n")
			case 1:
				urls.WriteString("The page (")
				urls.Write(line)
				urls.WriteString(") moved, ")
			case 2:
				urls.WriteString("try <")
				urls.Write(line)
				urls.WriteString(">.\n")
			default:
				urls.WriteString(`Also at "`)
				urls.Write(line)
				urls.WriteString(`", with thanks. `)
			}
		}
		extractTexts = []extractText{
			{"prose", repeatTo(prose.String(), textSize)},
			{"rfc", repeatTo(rfc.String(), textSize)},
			{"urls", urls.String()[:textSize]},
		}
	})
	if extractErr != nil {
		tb.Fatalf("benchmark texts: %v", extractErr)
	}
	return extractTexts
}

// typicalRegexp is a URL pattern as Go programs write it: a scheme, "://"
// and what is not whitespace or a delimiter of Appendix C.
var typicalRegexp = regexp.MustCompile(`[a-zA-Z][a-zA-Z0-9+.\-]*://[^\s<>"]+`)

// extractors are the implementations compared; each returns the number of
// URIs it found in the text.
var extractors = []struct {
	name string
	fn   func(string) int
}{
	// uri.Extract: URIs with "//" or of the schemes written without it.
	{"uri", func(s string) int { return len(uri.Extract(s)) }},
	// The iterator, which makes no slice.
	{"uri-all", func(s string) int {
		n := 0
		for range (uri.Extractor{}).All(s) {
			n++
		}
		return n
	}},
	// Stream over the text as an io.Reader.
	{"uri-stream", func(s string) int {
		n := 0
		for range (uri.Extractor{}).Stream(strings.NewReader(s)) {
			n++
		}
		return n
	}},
	// Abbreviations too: the match for xurls.Relaxed.
	{"uri-abbrev", func(s string) int { return len((uri.Extractor{Abbreviated: true}).Extract(s)) }},
	{"xurls-strict", func(s string) int { return len(xurlsStrict.FindAllStringIndex(s, -1)) }},
	{"xurls-relaxed", func(s string) int { return len(xurlsRelaxed.FindAllStringIndex(s, -1)) }},
	{"regexp", func(s string) int { return len(typicalRegexp.FindAllStringIndex(s, -1)) }},
	// The floor: reading the text for ":" at the speed of
	// strings.IndexByte, the search every extraction of URIs needs.
	{"count", func(s string) int { return strings.Count(s, ":") }},
}

var (
	xurlsStrict  = xurls.Strict()
	xurlsRelaxed = xurls.Relaxed()
)

// BenchmarkExtract finds every URI of each text once per op: MB/s is the
// throughput on the text (SetBytes), cpu-MB/s the same on the process's CPU
// time (steadier on a shared machine), uris/op how many each finds.
func BenchmarkExtract(b *testing.B) {
	for _, t := range loadExtractTexts(b) {
		for _, x := range extractors {
			b.Run("data="+t.name+"/lib="+x.name, func(b *testing.B) {
				b.SetBytes(int64(len(t.text)))
				b.ReportAllocs()
				runtime.GC()
				n := 0
				cpu0 := cpuTime()
				b.ResetTimer()
				for range b.N {
					n = x.fn(t.text)
				}
				b.StopTimer()
				if cpu := cpuTime() - cpu0; cpu > 0 {
					b.ReportMetric(float64(len(t.text))*float64(b.N)/cpu.Seconds()/1e6, "cpu-MB/s")
				}
				b.ReportMetric(float64(n), "uris/op")
			})
		}
	}
}

// TestExtractTexts checks the texts: prose holds no URI for any of the
// extractors, and each finds URIs in the others. It logs how many.
func TestExtractTexts(t *testing.T) {
	if _, err := os.Stat(rfcDir()); err != nil {
		t.Skip("no RFC texts beside the repository:", err) // a clone alone
	}
	for _, text := range loadExtractTexts(t) {
		s := text.text[:min(len(text.text), 32<<10)]
		for _, x := range extractors {
			n := x.fn(s)
			t.Logf("%s, first 32 KiB: %s finds %d", text.name, x.name, n)
			if x.name != "count" && (n == 0) != (text.name == "prose") {
				t.Errorf("%s: %s finds %d URIs", text.name, x.name, n)
			}
		}
	}
}
