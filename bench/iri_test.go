package bench

import (
	"bufio"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/ferret-go/uri"
	"golang.org/x/net/idna"
)

// IRIs to URIs (RFC 3987, section 3.1) and repair, against what a Go
// program does without this library: net/url to split, x/net/idna for the
// host by hand, and net/url's String to escape (see README.md, "IRIs and
// repair").

// typicalIRIs are IRIs of the usual shapes: an IDN host with a path, all
// components non-ASCII, Cyrillic, a non-BMP path, and ASCII ones.
var typicalIRIs = []string{
	"http://r\u00e9sum\u00e9.example.org/D\u00fcrst",
	"https://\u4f8b\u3048.\u30c6\u30b9\u30c8/\u30d1\u30b9?\u30af\u30a8\u30ea=\u5024#\u7247",
	"http://\u043f\u0440\u0438\u043c\u0435\u0440.\u0440\u0444/\u0441\u0442\u0440\u0430\u043d\u0438\u0446\u0430",
	"https://b\u00fccher.example/kategorie/k\u00fcche?sort=preis&q=k\u00e4se",
	"https://ja.wikipedia.org/wiki/\u65e5\u672c\u8a9e",
	"http://example.com/\U00010300\U00010301\U00010302",
	"https://www.example.com/search/results?q=uniform+resource+identifier&lang=en",
	"foo://example.com:8042/over/there?name=ferret#nose",
}

// idnaBrowser is x/net/idna with the flags uri.IDNABrowser documents.
var idnaBrowser = idna.New(idna.MapForLookup(), idna.Transitional(false),
	idna.BidiRule(), idna.CheckJoiners(true), idna.CheckHyphens(false),
	idna.StrictDomainName(false), idna.VerifyDNSLength(false))

// netURLToURI is IRI to URI done by hand: net/url splits and escapes the
// path and fragment in String, x/net/idna maps a non-ASCII host, and the
// query, which String writes as it is, has its non-ASCII octets escaped
// by a loop.
func netURLToURI(s string) (string, error) {
	p, err := url.Parse(s)
	if err != nil {
		return "", err
	}
	if h := p.Hostname(); !isASCII(h) {
		a, err := idnaBrowser.ToASCII(h)
		if err != nil {
			return "", err
		}
		if port := p.Port(); port != "" {
			a += ":" + port
		}
		p.Host = a
	}
	if !isASCII(p.RawQuery) {
		p.RawQuery = escapeNonASCII(p.RawQuery)
	}
	return p.String(), nil
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func escapeNonASCII(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf {
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		} else {
			b.WriteByte(c)
		}
	}
	return b.String()
}

func uriToURI(s string) (string, error) {
	i, err := uri.ParseIRI(s)
	if err != nil {
		return "", err
	}
	u, err := i.ToURI()
	return u.String(), err
}

// TestToURIAgrees checks that the two sides of BenchmarkToURI do the same
// work: the same URI from each typical IRI.
func TestToURIAgrees(t *testing.T) {
	for _, s := range typicalIRIs {
		a, err1 := uriToURI(s)
		b, err2 := netURLToURI(s)
		if err1 != nil || err2 != nil || a != b {
			t.Errorf("%q: uri %q %v, net/url %q %v", s, a, err1, b, err2)
		}
	}
}

// BenchmarkToURI maps typicalIRIs to URIs, one IRI per operation.
func BenchmarkToURI(b *testing.B) {
	libs := []struct {
		name string
		fn   func(string) (string, error)
	}{{"neturl", netURLToURI}, {"uri", uriToURI}}
	for _, l := range libs {
		b.Run("data=typical/lib="+l.name, func(b *testing.B) {
			measure(b, func(i int) { sink, _ = l.fn(typicalIRIs[i%len(typicalIRIs)]) })
		})
	}
}

// repairLists are the lists Repair is timed on: web pages, phishing URLs
// (some dirty) and the web-platform-tests inputs (many dirty).
var repairLists = []string{"kasztp", "userbait", "wpt_urltestdata_inputs"}

func readLines(tb testing.TB, name string) []string {
	f, err := os.Open(filepath.Join(dataDir(), name+".txt"))
	if err != nil {
		tb.Skip(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	return lines
}

// netURLClean is how Go programs clean a pasted URL without this library:
// trim, net/url.Parse, String (which escapes what it must in the path and
// fragment).
func netURLClean(s string) (string, error) {
	p, err := url.Parse(strings.TrimSpace(s))
	if err != nil {
		return "", err
	}
	return p.String(), nil
}

func uriRepair(s string) (string, error) {
	u, _, err := uri.Repair(s)
	return u.String(), err
}

// BenchmarkRepair repairs every line of repairLists, one line per
// operation, against netURLClean.
func BenchmarkRepair(b *testing.B) {
	libs := []struct {
		name string
		fn   func(string) (string, error)
	}{{"neturl", netURLClean}, {"uri", uriRepair}}
	for _, name := range repairLists {
		lines := readLines(b, name)
		for _, l := range libs {
			b.Run("data="+name+"/lib="+l.name, func(b *testing.B) {
				measure(b, func(i int) { sink, _ = l.fn(lines[i%len(lines)]) })
			})
		}
	}
}
