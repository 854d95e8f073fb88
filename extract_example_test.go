package uri_test

import (
	"fmt"
	"strings"

	"github.com/ferret-go/uri"
)

// The example of RFC 3986, Appendix C: a URI in double quotes and two in
// angle brackets, broken across lines.
func ExampleExtract() {
	text := `Yes, Jim, I found it under "http://www.w3.org/Addressing/",
but you can probably pick it up from <ftp://foo.example.
com/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/
ietf/uri/historical.html#WARNING>.`
	for _, m := range uri.Extract(text) {
		fmt.Println(m.URI, m.Start, m.End)
	}
	// Output:
	// http://www.w3.org/Addressing/ 28 57
	// ftp://foo.example.com/rfc/ 98 125
	// http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING 150 210
}

// Sentence punctuation and unbalanced parentheses end a URI; balanced ones
// are part of it.
func ExampleExtractor_All() {
	text := "See http://x.org/a). Or (https://en.wikipedia.org/wiki/Go_(language)), mailto:a@b.example, javascript:void(0)."
	for m := range (uri.Extractor{}).All(text) {
		fmt.Println(m.URI)
	}
	// Output:
	// http://x.org/a
	// https://en.wikipedia.org/wiki/Go_(language)
	// mailto:a@b.example
}

// Only some schemes, and the abbreviations that user agents accept, which
// come without a scheme.
func ExampleExtractor_Extract() {
	x := uri.Extractor{Schemes: []string{"https"}, Abbreviated: true}
	for _, m := range x.Extract("http://a.example/ https://b.example/ www.c.example golang.org/x/net") {
		fmt.Println(m.URI, m.Abbreviated)
	}
	// Output:
	// https://b.example/ false
	// //www.c.example true
	// //golang.org/x/net true
}

// Stream reads text of any length in pieces; spans count from the start of
// the stream.
func ExampleExtractor_Stream() {
	r := strings.NewReader("a <http://a.example/very-\n   long/path> b\n")
	for m, err := range (uri.Extractor{}).Stream(r) {
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(m.URI, m.Start, m.End, m.HyphenBreak)
	}
	// Output:
	// http://a.example/very-long/path 3 38 true
}

func ExampleExtractor_iri() {
	x := uri.Extractor{IRI: uri.Options{}.IRIToURI}
	for _, m := range x.Extract("Lire https://fr.wikipedia.org/wiki/Café_(boisson), puis http://例え.jp/.") {
		fmt.Println(m.URI)
	}
	// Output:
	// https://fr.wikipedia.org/wiki/Caf%C3%A9_(boisson)
	// http://xn--r8jz45g.jp/
}
