package uri

import (
	"bytes"
	"errors"
	"io"
	"math"
	"runtime"
	"strings"
	"sync"
	"testing"
	"testing/iotest"
	"unsafe"
)

// An extractCase is a text and the URIs that must be found in it, in order.
// Each wanted entry is the URI, or "URI @ span" when the span of the input
// differs from the URI (a line-broken URI, an abbreviated reference).
type extractCase struct {
	name string
	text string
	want []string
}

func runExtractCases(t *testing.T, x Extractor, tests []extractCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkExtract(t, x, tt.text, tt.want)
		})
	}
}

// checkExtract checks what x finds in text against want (see extractCase),
// with All, Extract and Stream.
func checkExtract(t *testing.T, x Extractor, text string, want []string) {
	t.Helper()
	got := x.Extract(text)
	var gotS []string
	for _, m := range got {
		s := m.URI.String()
		if span := text[m.Start:m.End]; span != s {
			s += " @ " + span
		}
		gotS = append(gotS, s)
	}
	if strings.Join(gotS, "\n") != strings.Join(want, "\n") || len(gotS) != len(want) {
		t.Errorf("in %q found\n\t%s\nwant\n\t%s", text, strings.Join(gotS, "\n\t"), strings.Join(want, "\n\t"))
	}
	checkMatches(t, text, got)
	var streamed []Match
	for m, err := range x.Stream(strings.NewReader(text)) {
		if err != nil {
			t.Fatalf("Stream: %v", err)
		}
		streamed = append(streamed, m)
	}
	if !sameMatches(got, streamed) {
		t.Errorf("in %q Stream found %v, All %v", text, streamed, got)
	}
}

// checkMatches checks the properties every result has: spans inside the
// input, in order and apart, and each URI valid.
func checkMatches(t *testing.T, text string, ms []Match) {
	t.Helper()
	var prev int64
	for _, m := range ms {
		if m.Start < prev || m.End <= m.Start || m.End > int64(len(text)) {
			t.Fatalf("in %q: span [%d,%d) after %d is out of order or outside the input", text, m.Start, m.End, prev)
		}
		prev = m.End
		s := m.URI.String()
		u, err := Parse(s)
		if err != nil || u != m.URI {
			t.Fatalf("in %q: %q does not parse back: %v", text, s, err)
		}
		if m.Abbreviated == m.URI.HasScheme() {
			t.Fatalf("in %q: %q Abbreviated=%v", text, s, m.Abbreviated)
		}
		// The URI is the span, less whitespace, "//" before an abbreviation.
		span := strings.Join(strings.Fields(text[m.Start:m.End]), "")
		if m.Abbreviated {
			span = "//" + span
		}
		if isASCII(span) && span != s {
			t.Fatalf("in %q: URI %q, span %q", text, s, text[m.Start:m.End])
		}
	}
}

func sameMatches(a, b []Match) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// The example of RFC 3986, Appendix C, verbatim: exactly its three URI
// references, the second and third rejoined across their line breaks.
func TestExtractAppendixC(t *testing.T) {
	const text = `      Yes, Jim, I found it under "http://www.w3.org/Addressing/",
      but you can probably pick it up from <ftp://foo.example.
      com/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/
      ietf/uri/historical.html#WARNING>.
`
	checkExtract(t, Extractor{}, text, []string{
		"http://www.w3.org/Addressing/",
		"ftp://foo.example.com/rfc/ @ ftp://foo.example.\n      com/rfc/",
		"http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING @ http://www.ics.uci.edu/pub/\n      ietf/uri/historical.html#WARNING",
	})
	// The same with the abbreviations on: the host names inside the URIs
	// are not found again.
	checkExtract(t, Extractor{Abbreviated: true}, text, []string{
		"http://www.w3.org/Addressing/",
		"ftp://foo.example.com/rfc/ @ ftp://foo.example.\n      com/rfc/",
		"http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING @ http://www.ics.uci.edu/pub/\n      ietf/uri/historical.html#WARNING",
	})
}

// The delimiters of Appendix C: double quotes, angle brackets (with "URL:")
// and whitespace. "These wrappers do not form part of the URI."
func TestExtractDelimiters(t *testing.T) {
	runExtractCases(t, Extractor{}, []extractCase{
		{"alone", "http://example.com/", []string{"http://example.com/"}},
		{"whitespace", "a http://example.com/ b\thttp://a/\nhttp://b/\r\n", []string{"http://example.com/", "http://a/", "http://b/"}},
		{"double quotes", `"http://example.com/"`, []string{"http://example.com/"}},
		{"angle brackets", "<http://example.com/>", []string{"http://example.com/"}},
		{"URL: prefix", "<URL:http://example.com/>", []string{"http://example.com/"}},
		{"URL: prefix and a space", "<URL: http://example.com/>", []string{"http://example.com/"}},
		{"url: in lower case", "<url:http://example.com/>", []string{"http://example.com/"}},
		{"space inside angle brackets", "< http://example.com/ >", []string{"http://example.com/"}},
		{"comparison", "x < http://a/ and b > c", []string{"http://a/"}},
		{"space inside a URI in angle brackets", "<http://a/ and b>", []string{"http://a/andb @ http://a/ and b"}},
		{"adjacent", "<http://a/><http://b/>", []string{"http://a/", "http://b/"}},
		{"quotes keep punctuation", `"http://a/b."`, []string{"http://a/b."}},
		{"quotes keep parentheses", `"http://a/b)"`, []string{"http://a/b)"}},
		{"angle brackets keep punctuation", "<http://a/b.>", []string{"http://a/b."}},
		{"angle brackets keep parentheses", "<http://a/b)>", []string{"http://a/b)"}},
		{"unclosed quote", `"http://a/b. c`, []string{"http://a/b"}},
		{"unclosed angle bracket", "<http://a/b. c", []string{"http://a/b"}},
		{"single quotes", "'http://a/b'", []string{"http://a/b"}},
		{"characters no URI holds", "http://a/b<c http://c/d>e http://e/f\\g http://g/{h} http://h/|i", []string{
			"http://a/b", "http://c/d", "http://e/f", "http://g/", "http://h/"}},
		{"control character", "http://a/b\x00c", []string{"http://a/b"}},
		{"non-ASCII without the IRI hook", "http://a/b\u00e9c http://a/”", []string{"http://a/b", "http://a/"}},
		{"smart quotes", "“http://a/b”", []string{"http://a/b"}},
		{"scheme in upper case", "HTTP://A/", []string{"HTTP://A/"}},
		{"IP literal", "http://[::1]:80/a and http://[v7.x]/", []string{"http://[::1]:80/a", "http://[v7.x]/"}},
		{"userinfo, query, fragment", "ftp://u:p@h:21/a/b;type=a?q=1&r#f/g?h", []string{"ftp://u:p@h:21/a/b;type=a?q=1&r#f/g?h"}},
		{"percent-encoding", "http://a/%7Eb%20c", []string{"http://a/%7Eb%20c"}},
		{"after a word", "seehttp://a/", []string{"seehttp://a/"}},
		{"after digits", "1.http://a/", []string{"http://a/"}},
		{"one after the other", "http://a/ http://b/,http://c/", []string{"http://a/", "http://b/,http://c/"}},
	})
}

// Outside delimiters, sentence punctuation ends a URI, and so does a ")" or
// "]" whose opening partner is not in the URI; balanced ones are part of it.
func TestExtractPunctuation(t *testing.T) {
	runExtractCases(t, Extractor{}, []extractCase{
		{"period", "see http://x.org/a.", []string{"http://x.org/a"}},
		{"comma", "http://x.org/a, and", []string{"http://x.org/a"}},
		{"semicolon", "http://x.org/a; and", []string{"http://x.org/a"}},
		{"colon", "http://x.org/a: and", []string{"http://x.org/a"}},
		{"exclamation", "http://x.org/a!", []string{"http://x.org/a"}},
		{"question", "is it http://x.org/a?", []string{"http://x.org/a"}},
		{"quote", "'http://x.org/a'", []string{"http://x.org/a"}},
		{"several", "(http://x.org/a?!).", []string{"http://x.org/a"}},
		{"inside the URI", "http://x.org/a.b,c;d:e!f?g'h", []string{"http://x.org/a.b,c;d:e!f?g'h"}},
		{"closing parenthesis", "see http://x/a).", []string{"http://x/a"}},
		{"parenthesized", "(see http://x.org/a)", []string{"http://x.org/a"}},
		{"balanced", "https://en.wikipedia.org/wiki/Go_(language)", []string{"https://en.wikipedia.org/wiki/Go_(language)"}},
		{"balanced in parentheses", "(https://en.wikipedia.org/wiki/Go_(language))", []string{"https://en.wikipedia.org/wiki/Go_(language)"}},
		{"balanced then period", "https://en.wikipedia.org/wiki/Go_(language).", []string{"https://en.wikipedia.org/wiki/Go_(language)"}},
		{"nested", "http://a/b((c)d)e)", []string{"http://a/b((c)d)e"}},
		{"closing bracket", "[http://x/a]", []string{"http://x/a"}},
		{"IP literal in brackets", "[http://[::1]/]", []string{"http://[::1]/"}},
		{"sentence ends", "It was delivered.The http://a.b/c. Next", []string{"http://a.b/c"}},
		{"only punctuation after the scheme", "http://.", nil},
	})
}

// Inside angle brackets a URI may be broken across lines; the whitespace is
// removed. A break right after a hyphen keeps the hyphen (see Extractor).
func TestExtractLineBreaks(t *testing.T) {
	runExtractCases(t, Extractor{}, []extractCase{
		{"LF", "<http://a.example/b/\nc>", []string{"http://a.example/b/c @ http://a.example/b/\nc"}},
		{"CRLF and indentation", "<http://a.example/b/\r\n    c>", []string{"http://a.example/b/c @ http://a.example/b/\r\n    c"}},
		{"tab and spaces", "<http://a.example/ b\t/c>", []string{"http://a.example/b/c @ http://a.example/ b\t/c"}},
		{"several breaks", "<http://a.\nexample/\nb/\nc>", []string{"http://a.example/b/c @ http://a.\nexample/\nb/\nc"}},
		{"break before the >", "<http://a/b\n>", []string{"http://a/b"}},
		{"break after <", "<\n   http://a/b>", []string{"http://a/b"}},
		{"break after URL:", "<URL:\n   http://a/b>", []string{"http://a/b"}},
		{"hyphen kept", "<http://a.example/long-\n  name>", []string{"http://a.example/long-name @ http://a.example/long-\n  name"}},
		{"not across lines without brackets", "http://a.example/b/\nc", []string{"http://a.example/b/"}},
		{"not inside quotes", "\"http://a.example/b/\nc\"", []string{"http://a.example/b/"}},
		{"not in the scheme", "<ht\ntp://a/b>", []string{"tp://a/b"}},
	})
	for _, tt := range []struct {
		text   string
		hyphen bool
	}{
		{"<http://a/long-\nname>", true},
		{"<http://a/long-\r\n name>", true},
		{"<http://a/long- \n name>", true},
		{"<http://a/long- name>", false}, // no line break
		{"<http://a/long\n-name>", false},
		{"<http://a/long-name>", false},
	} {
		ms := Extract(tt.text)
		if len(ms) != 1 || ms[0].HyphenBreak != tt.hyphen || ms[0].URI.String() != "http://a/long-name" {
			t.Errorf("Extract(%q) = %v, want http://a/long-name with HyphenBreak %v", tt.text, ms, tt.hyphen)
		}
	}
}

// Text without URIs: words and numbers with colons, schemes without a
// resource, and URIs of schemes that are not found without "//".
func TestExtractNone(t *testing.T) {
	runExtractCases(t, Extractor{}, []extractCase{
		{"empty", "", nil},
		{"prose", "The quick brown fox jumps over the lazy dog.", nil},
		{"Note:", "Note: this is not a URI. Re:this neither.", nil},
		{"C++", "std::vector<int> and a::b", nil},
		{"time and ratio", "at 10:30, 3:4", nil},
		{"host and port", "localhost:8080 and example.com:80", nil},
		{"scheme alone", "http: and http:// and http://.", nil},
		{"opaque scheme alone", "mailto: and urn:", nil},
		{"colon first", ":// and ://a", nil},
		{"invalid URI", "http://a b http://a:b/ http://[::1/ http://a/%zz", []string{"http://a"}},
		{"scheme too long", strings.Repeat("a", 65) + "://b", nil},
		{"angle brackets, no scheme", "<a href> <b>", nil},
		{"abbreviations off", "www.example.com and example.com/a", nil},
	})
}

// The links of Markdown and the attributes of HTML.
func TestExtractMarkup(t *testing.T) {
	runExtractCases(t, Extractor{}, []extractCase{
		{"markdown link", "[t](http://x/y)", []string{"http://x/y"}},
		{"markdown link with title", `[t](http://x/y "Title")`, []string{"http://x/y"}},
		{"markdown link to a parenthesized page", "[Go](https://en.wikipedia.org/wiki/Go_(language)).", []string{"https://en.wikipedia.org/wiki/Go_(language)"}},
		{"markdown autolink", "<https://x/y>", []string{"https://x/y"}},
		{"markdown image", "![alt](http://x/y.png)", []string{"http://x/y.png"}},
		{"markdown reference", "[1]: http://x/y", []string{"http://x/y"}},
		{"markdown emphasis", "_http://x/y_", []string{"http://x/y_"}},
		{"markdown bold", "**https://bold.example/x**", []string{"https://bold.example/x"}},
		{"markdown italic then period", "*http://x/y*.", []string{"http://x/y"}},
		{"markdown bold around a phrase", "**see http://x/y**", []string{"http://x/y"}},
		{"a star inside the URI stays", "**http://x/a*b?q=*c**", []string{"http://x/a*b?q=*c"}},
		{"href", `<a href="http://x/y?a=1&amp;b=2">t</a>`, []string{"http://x/y?a=1&amp;b=2"}},
		{"href in single quotes", `<a href='http://x/y'>t</a>`, []string{"http://x/y"}},
		{"unquoted href", `<a href=http://x/y>t</a>`, []string{"http://x/y"}},
		{"src and text", `<img src="http://x/i.png" alt="http://x/">`, []string{"http://x/i.png", "http://x/"}},
	})
}

// The URIs that count: by default any with an authority, and those of the
// schemes written without one; Schemes chooses.
func TestExtractSchemes(t *testing.T) {
	const text = "http://a/ HTTPS://b/ mailto:a@b.example, urn:isbn:0451450523 " +
		"tel:+1-201-555-0123 javascript:alert(1) foo://c/ foo:d data:,x news:comp.lang.go file:/etc/hosts ftp://e/"
	runExtractCases(t, Extractor{}, []extractCase{{"default", text, []string{
		"http://a/", "HTTPS://b/", "mailto:a@b.example", "urn:isbn:0451450523", "tel:+1-201-555-0123",
		"foo://c/", "data:,x", "news:comp.lang.go", "file:/etc/hosts", "ftp://e/"}}})
	runExtractCases(t, Extractor{Schemes: []string{"http", "https", "mailto"}}, []extractCase{{"http, https, mailto", text, []string{
		"http://a/", "HTTPS://b/", "mailto:a@b.example"}}})
	runExtractCases(t, Extractor{Schemes: []string{"JavaScript", "foo"}}, []extractCase{{"any form", text, []string{
		"javascript:alert(1)", "foo://c/", "foo:d"}}})
	runExtractCases(t, Extractor{Schemes: []string{"http"}}, []extractCase{
		{"inner URI", "foo:http://a/", []string{"http://a/"}},
	})
}

// Abbreviated references are reported as such: network-path references,
// never given a scheme.
func TestExtractAbbreviated(t *testing.T) {
	runExtractCases(t, Extractor{Abbreviated: true}, []extractCase{
		{"www", "go to www.example.com.", []string{"//www.example.com @ www.example.com"}},
		{"www with a path", "(www.example.com/a/b?c#d)", []string{"//www.example.com/a/b?c#d @ www.example.com/a/b?c#d"}},
		{"host and path", "see golang.org/x/net, or example.com/.", []string{
			"//golang.org/x/net @ golang.org/x/net", "//example.com/ @ example.com/"}},
		{"port", "example.com:8080/a", []string{"//example.com:8080/a @ example.com:8080/a"}},
		{"quoted", `"www.example.com/a"`, []string{"//www.example.com/a @ www.example.com/a"}},
		{"with URIs", "http://a/ www.b.example c.example/d http://e/", []string{
			"http://a/", "//www.b.example @ www.b.example", "//c.example/d @ c.example/d", "http://e/"}},
		{"host name alone", "example.com and www", nil},
		{"words with a slash", "and/or, TCP/IP, 1/2, e.g./i.e., v1.2/3", nil},
		{"e-mail address", "a@www.example.com a@example.com/x", nil},
		{"inside a path", "a/example.com/b /www.example.com", nil},
		{"empty label", "www..example.com a..example.com/b", nil},
		{"numeric top label", "1.2.3.4/x", nil},
		{"www only", "www.", nil},
	})
}

// The IRI hook: candidates with non-ASCII characters go to it, and the match
// holds the URI it returns. Here a stand-in for RFC 3987, section 3.1:
// percent-encode the UTF-8 of every non-ASCII character.
func TestExtractIRIHook(t *testing.T) {
	var calls []string
	x := Extractor{Abbreviated: true, IRI: func(s string) (URI, error) {
		calls = append(calls, s)
		return percentIRI(s)
	}}
	text := "Voir http://example.com/caf\u00e9. Et «http://example.com/\u65e5\u672c»、http://a/ (http://b/\u00e9)\u3002 www.example.com/\u00e9"
	got := x.Extract(text)
	want := []struct{ uri, span string }{
		{"http://example.com/caf%C3%A9", "http://example.com/caf\u00e9"},
		{"http://example.com/%E6%97%A5%E6%9C%AC", "http://example.com/\u65e5\u672c"},
		{"http://a/", "http://a/"},
		{"http://b/%C3%A9", "http://b/\u00e9"},
		{"//www.example.com/%C3%A9", "www.example.com/\u00e9"},
	}
	if len(got) != len(want) {
		t.Fatalf("found %v, want %v", got, want)
	}
	for i, m := range got {
		if m.URI.String() != want[i].uri || text[m.Start:m.End] != want[i].span {
			t.Errorf("match %d: %q at %q, want %q at %q", i, m.URI, text[m.Start:m.End], want[i].uri, want[i].span)
		}
	}
	if len(calls) != 4 {
		t.Errorf("the hook was called for %q, want the 4 non-ASCII candidates", calls)
	}
	// A hook that rejects drops the candidate.
	x.IRI = func(string) (URI, error) { return URI{}, ErrInvalidCharacter }
	checkExtract(t, x, "http://a/\u00e9 http://b/", []string{"http://b/"})
}

// percentIRI is a stand-in for an IRI parser: it percent-encodes every byte
// from 0x80 up (RFC 3987, section 3.1, step 2, without the IDNA of hosts).
func percentIRI(s string) (URI, error) {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 0x80 {
			b.Write([]byte{'%', hex[c>>4], hex[c&15]})
		} else {
			b.WriteByte(c)
		}
	}
	return Parse(b.String())
}

func TestExtractMaxLength(t *testing.T) {
	long := "http://a/" + strings.Repeat("b", 100)
	checkExtract(t, Extractor{MaxLength: len(long)}, long+" x", []string{long})
	checkExtract(t, Extractor{MaxLength: len(long) - 1}, long+" http://c/", []string{"http://c/"})
	checkExtract(t, Extractor{MaxLength: len(long) - 1}, "<"+long+">", nil)
	checkExtract(t, Extractor{MaxLength: math.MaxInt}, long+" <http://c/\nd>", []string{long, "http://c/d @ http://c/\nd"})
	huge := "http://a/" + strings.Repeat("b", DefaultMaxLength)
	checkExtract(t, Extractor{}, huge+" http://c/", []string{"http://c/"})
}

// Stream finds what All finds, with spans counted from the start of the
// stream, whatever the reader's pieces and wherever the windows fall.
func TestStream(t *testing.T) {
	var text strings.Builder
	for i := 0; text.Len() < 3*streamChunk; i++ {
		text.WriteString("Some text, then <http://example.com/a/\n  b> and (https://en.wikipedia.org/wiki/Go_(language)), " +
			"\"http://x/\" www.example.com/a " + strings.Repeat("z", i%300) + " mailto:a@b.example.\n")
	}
	long := "http://a/" + strings.Repeat("b", 2*streamChunk)
	inputs := []string{
		text.String(),
		text.String() + long,
		long + " " + text.String(),
		strings.Repeat("x", streamChunk-2) + "http://a/",
		strings.Repeat("x", streamChunk-5) + "www.example.com",
		strings.Repeat(" ", streamChunk-1) + "<http://a/\nb>",
	}
	for _, x := range []Extractor{{}, {Abbreviated: true}, {MaxLength: 100}} {
		for _, in := range inputs {
			want := x.Extract(in)
			readers := map[string]io.Reader{
				"whole":    strings.NewReader(in),
				"one byte": iotest.OneByteReader(strings.NewReader(in)),
				"half":     iotest.HalfReader(strings.NewReader(in)),
				"data+EOF": iotest.DataErrReader(strings.NewReader(in)),
			}
			for name, r := range readers {
				var got []Match
				for m, err := range x.Stream(r) {
					if err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					got = append(got, m)
				}
				if !sameMatches(got, want) {
					t.Errorf("%s reader, %d bytes: Stream found %d matches, All %d", name, len(in), len(got), len(want))
				}
			}
		}
	}
}

// A read error ends the stream after the matches before it, as an *Error
// that wraps both ErrRead and the reader's error.
func TestStreamReadError(t *testing.T) {
	boom := errors.New("boom")
	r := io.MultiReader(strings.NewReader("http://a/ b"), iotest.ErrReader(boom))
	var got []Match
	var gotErr error
	for m, err := range (Extractor{}).Stream(r) {
		if err != nil {
			gotErr = err
			continue
		}
		got = append(got, m)
	}
	if len(got) != 1 || got[0].URI.String() != "http://a/" {
		t.Errorf("matches %v, want http://a/", got)
	}
	var ue *Error
	if !errors.Is(gotErr, ErrRead) || !errors.Is(gotErr, boom) || !errors.As(gotErr, &ue) || ue.Offset != 11 {
		t.Fatalf("error %#v, want an *Error at offset 11 wrapping ErrRead and the reader's", gotErr)
	}
	if want := "uri: reading text: boom at offset 11"; gotErr.Error() != want {
		t.Errorf("message %q, want %q", gotErr.Error(), want)
	}
	// A URI that the failure may have cut is not reported.
	got, gotErr = nil, nil
	r = io.MultiReader(strings.NewReader("http://a/ http://b/c"), iotest.ErrReader(boom))
	for m, err := range (Extractor{}).Stream(r) {
		if err != nil {
			gotErr = err
			continue
		}
		got = append(got, m)
	}
	if len(got) != 1 || got[0].URI.String() != "http://a/" || !errors.Is(gotErr, boom) {
		t.Errorf("matches %v and error %v, want http://a/ and the reader's error", got, gotErr)
	}
	// Breaking out of the loop stops the reading.
	n := 0
	for range (Extractor{}).Stream(strings.NewReader("http://a/ http://b/")) {
		n++
		break
	}
	if n != 1 {
		t.Errorf("%d iterations after break", n)
	}
}

// Hostile inputs: the work (bytes read by the scan) stays within a constant
// times the input, whatever its shape. No timing: the count is exact.
func TestExtractLinear(t *testing.T) {
	const n = 1 << 20
	inputs := map[string]string{
		"(":             strings.Repeat("(", n),
		"<":             strings.Repeat("<", n),
		"http://(":      "http://" + strings.Repeat("(", n),
		"http://)":      "http://a" + strings.Repeat(")", n),
		"colons":        strings.Repeat("a:", n/2),
		"schemes":       strings.Repeat("http:", n/5),
		"authorities":   strings.Repeat("http://", n/7),
		"angles":        strings.Repeat("<http:", n/6),
		"angle spaces":  "<http://" + strings.Repeat(" a", n/2),
		"URL:":          strings.Repeat("<URL:", n/5),
		"quotes":        strings.Repeat(`"http://a`, n/9),
		"bad percent":   strings.Repeat("http://%", n/8),
		"slashes":       strings.Repeat("a.bc/", n/5),
		"bad hosts":     strings.Repeat("!a.bc/%", n/7),
		"www":           strings.Repeat("www.", n/4),
		"www dots":      strings.Repeat("www.a/%", n/7),
		"long scheme":   strings.Repeat("a", n) + "://",
		"long host":     strings.Repeat("a.", n/2) + "co/",
		"spaces":        strings.Repeat(" ", n) + "<http://a/>",
		"parens in URI": "http://a/" + strings.Repeat("(a)", n/3),
	}
	for name, in := range inputs {
		for _, x := range []Extractor{{}, {Abbreviated: true}} {
			var e engine
			e.init(&x)
			e.window(in, true)
			for {
				if _, st := e.next(); st == done {
					break
				}
			}
			if e.work > 8*len(in) {
				t.Errorf("%s (Abbreviated %v): %d bytes read for %d of input", name, x.Abbreviated, e.work, len(in))
			}
		}
	}
}

// One Extractor serves many goroutines (run with -race).
func TestExtractConcurrent(t *testing.T) {
	x := Extractor{Schemes: []string{"http"}, Abbreviated: true}
	const text = "http://a/ www.b.example <http://c/\nd> ftp://e/"
	want := x.Extract(text)
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 100 {
				if got := x.Extract(text); !sameMatches(got, want) {
					t.Errorf("got %v, want %v", got, want)
					return
				}
			}
		}()
	}
	wg.Wait()
}

// A URI in a string shares its memory; one that had to be rejoined or made
// into a network-path reference does not; a streamed one never does.
func TestExtractShares(t *testing.T) {
	text := []byte("see http://example.com/a now")
	s := string(text)
	ms := Extract(s)
	if len(ms) != 1 || !sameMemory(ms[0].URI.String(), s[4:24]) {
		t.Fatalf("Extract(%q) = %v, want a URI sharing the input", s, ms)
	}
	for m := range (Extractor{}).Stream(bytes.NewReader(text)) {
		text[4] = 'X' // the reader's bytes change; the URI must not
		if m.URI.String() != "http://example.com/a" {
			t.Errorf("streamed URI %q changed with the input", m.URI)
		}
	}
}

func sameMemory(a, b string) bool {
	return a == b && unsafe.StringData(a) == unsafe.StringData(b)
}

// Stream holds a bounded window whatever the input: a candidate that runs on
// for megabytes is dropped at MaxLength, and the memory allocated stays far
// below the input's size.
func TestStreamBoundedMemory(t *testing.T) {
	const n = 4 << 20
	for _, tt := range []struct {
		name, in string
		want     int
	}{
		{"long candidate", "http://a/" + strings.Repeat("b", n), 0},
		// No ">" within MaxLength: the URI is delimited by the space.
		{"long angle", "<http://a/" + strings.Repeat(" b", n/2), 1},
		{"no needle", strings.Repeat("x", n), 0},
		{"needles", strings.Repeat("a:b/", n/4), 0},
	} {
		name, in := tt.name, tt.in
		var m0, m1 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m0)
		found := 0
		for _, err := range (Extractor{Abbreviated: true}).Stream(strings.NewReader(in)) {
			if err != nil {
				t.Fatal(err)
			}
			found++
		}
		runtime.ReadMemStats(&m1)
		if alloc := m1.TotalAlloc - m0.TotalAlloc; found != tt.want || alloc > 1<<20 {
			t.Errorf("%s: %d matches, %d bytes allocated for %d of input", name, found, alloc, len(in))
		}
	}
}
