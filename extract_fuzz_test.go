package uri

import (
	"math"
	"strings"
	"testing"
	"testing/iotest"
)

// FuzzExtract checks the properties every extraction has, on any text:
// it never panics; every span lies inside the input, in order, apart from
// the others; every URI parses back to itself and is its span less
// whitespace (with "//" before an abbreviation); Stream, in pieces of any
// size, finds exactly what All finds; and the bytes read stay within a
// constant times the input (linear time, counted, not timed).
//
// The options come from opts: bit 0 Abbreviated, bit 1 a small MaxLength,
// bit 2 Schemes http and mailto, bits 3-5 the stream's piece size, bit 6
// the largest MaxLength, bit 7 an IRI hook (percentIRI).
func FuzzExtract(f *testing.F) {
	for _, s := range []string{
		"",
		"      Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\n      but you can probably pick it up from <ftp://foo.example.\n      com/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/\n      ietf/uri/historical.html#WARNING>.\n",
		"see http://x.org/a). delivered.The https://en.wikipedia.org/wiki/Go_(language)",
		"[t](http://x/y) <a href=\"http://x/y\"> <URL: http://a/long-\n name> www.example.com/a golang.org/x:",
		"mailto:a@b.example, urn:isbn:1; Note: std::vector http://[::1]:80/ http://a/%zz",
		"<http://a/\r\n b> \"http://a/b.\" 'http://a' example.com:8080/x a@b.com/x",
		"«http://example.com/\u65e5\u672c»、http://b/\u00e9\u3002 www.example.com/\u00e9 http://a/\xff",
	} {
		for _, opts := range []uint8{0, 1, 2, 3, 4, 5, 6, 7, 64, 128, 129, 255} {
			f.Add(s, opts)
		}
	}
	f.Fuzz(func(t *testing.T, text string, opts uint8) {
		var x Extractor
		x.Abbreviated = opts&1 != 0
		if opts&2 != 0 {
			x.MaxLength = 16
		}
		if opts&4 != 0 {
			x.Schemes = []string{"http", "MAILTO"}
		}
		chunk := 1 + int(opts>>3&7)*5
		if opts&64 != 0 {
			x.MaxLength = math.MaxInt
		}
		if opts&128 != 0 {
			x.IRI = percentIRI
		}

		var e engine
		e.init(&x)
		e.window(text, true)
		var all []Match
		for {
			c, st := e.next()
			if st == done {
				break
			}
			all = append(all, c.match(0))
		}
		if e.work > 8*len(text)+8 {
			t.Errorf("%d bytes read for %d of input", e.work, len(text))
		}
		if got := x.Extract(text); !sameMatches(got, all) {
			t.Fatalf("Extract %v, the engine %v", got, all)
		}
		checkMatches(t, text, all)
		for _, m := range all {
			if n := m.End - m.Start; x.MaxLength > 0 && n > int64(x.MaxLength) {
				t.Errorf("a match of %d bytes, MaxLength %d", n, x.MaxLength)
			}
			if len(x.Schemes) > 0 && !m.Abbreviated {
				if s := strings.ToLower(m.URI.Scheme()); s != "http" && s != "mailto" {
					t.Errorf("scheme %q found, not one of %v", s, x.Schemes)
				}
			}
		}
		var streamed []Match
		for m, err := range x.stream(iotest.HalfReader(strings.NewReader(text)), chunk) {
			if err != nil {
				t.Fatal(err)
			}
			streamed = append(streamed, m)
		}
		if !sameMatches(streamed, all) {
			t.Fatalf("Stream (pieces of %d) found %v, All %v", chunk, streamed, all)
		}
	})
}
