package uri

import (
	"net/url"
	"reflect"
	"testing"
)

// Benchmarks of escaping and query handling side by side with net/url, on
// the same inputs in the same run. Each benchmark has sub-benchmarks
// impl=neturl and impl=uri doing the same work, so that
//
//	go test -run '^$' -bench 'VsNetURL' -count 10 | benchstat -col /impl -
//
// prints them in two columns. TestBenchmarksAgree checks that both sides
// give the same results, so the comparison is like for like.

var escapeInputs = []struct{ name, s string }{
	{"clean", "some-path_segment.v2~final.html"},                           // nothing to encode
	{"spaces", "quarterly report (final) 2024.pdf"},                        // a few bytes to encode
	{"utf8", "caf\u00e9-cr\u00e8me/\u65e5\u672c\u8a9e \u30d3\u30c7\u30aa"}, // non-ASCII and "/"
}

func BenchmarkPathEscapeVsNetURL(b *testing.B) {
	for _, in := range escapeInputs {
		b.Run("in="+in.name+"/impl=neturl", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = url.PathEscape(in.s)
			}
		})
		b.Run("in="+in.name+"/impl=uri", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = Escape(in.s, EscapeSegment)
			}
		})
	}
}

func BenchmarkQueryEscapeVsNetURL(b *testing.B) {
	for _, in := range escapeInputs {
		b.Run("in="+in.name+"/impl=neturl", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = url.QueryEscape(in.s)
			}
		})
		b.Run("in="+in.name+"/impl=uri", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = Escape(in.s, EscapeForm)
			}
		})
	}
}

var queryInputs = []struct{ name, raw string }{
	// Tracking parameters: nothing encoded.
	{"clean", "utm_source=newsletter&utm_medium=email&utm_campaign=spring_sale&id=12345&lang=en&page=2"},
	// Encoded values, "+" for spaces, an empty value and a key alone.
	{"encoded", "q=caf%C3%A9+au+lait&tags=a%2Cb%2Cc&redirect=https%3A%2F%2Fexample.com%2Fp%3Fx%3D1&empty=&flag&lang=en"},
}

// BenchmarkParseQueryVsNetURL parses a query and reads every pair decoded,
// which is what url.ParseQuery does to build its map.
func BenchmarkParseQueryVsNetURL(b *testing.B) {
	for _, in := range queryInputs {
		b.Run("in="+in.name+"/impl=neturl", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				v, _ := url.ParseQuery(in.raw)
				_ = v
			}
		})
		b.Run("in="+in.name+"/impl=uri", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				q, _ := ParseQuery(QueryForm, in.raw)
				for k, v := range q.All() {
					_, _ = k, v
				}
			}
		})
	}
}

// BenchmarkQueryGetVsNetURL parses a query and looks one key up.
func BenchmarkQueryGetVsNetURL(b *testing.B) {
	for _, in := range queryInputs {
		b.Run("in="+in.name+"/impl=neturl", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				v, _ := url.ParseQuery(in.raw)
				_ = v.Get("lang")
			}
		})
		b.Run("in="+in.name+"/impl=uri", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				q, _ := ParseQuery(QueryForm, in.raw)
				_ = q.Get("lang")
			}
		})
	}
}

var encodeInputs = []struct {
	name  string
	pairs []Pair // sorted by key, as Values.Encode sorts
}{
	{"clean", []Pair{{"id", "12345"}, {"lang", "en"}, {"page", "2"}, {"utm_campaign", "spring_sale"}, {"utm_medium", "email"}, {"utm_source", "newsletter"}}},
	{"encoded", []Pair{{"lang", "en"}, {"q", "caf\u00e9 au lait"}, {"redirect", "https://example.com/p?x=1"}, {"tags", "a,b,c"}}},
}

func valuesOf(pairs []Pair) url.Values {
	v := url.Values{}
	for _, p := range pairs {
		v.Add(p.Key, p.Value)
	}
	return v
}

// BenchmarkEncodeVsNetURL writes a query from pairs: Values.Encode against
// NewQuery (one allocation, the result) and AppendEscape into a reused buffer.
func BenchmarkEncodeVsNetURL(b *testing.B) {
	for _, in := range encodeInputs {
		vals := valuesOf(in.pairs)
		b.Run("in="+in.name+"/impl=neturl", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = vals.Encode()
			}
		})
		b.Run("in="+in.name+"/impl=uri", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = NewQuery(QueryForm, in.pairs...)
			}
		})
		b.Run("in="+in.name+"/impl=uri-append", func(b *testing.B) {
			b.ReportAllocs()
			buf := make([]byte, 0, 256)
			for b.Loop() {
				buf = appendFormPairs(buf[:0], in.pairs)
			}
		})
	}
}

// appendFormPairs is how a caller builds a query into its own buffer with
// AppendEscape, allocating nothing.
func appendFormPairs(dst []byte, pairs []Pair) []byte {
	for i, p := range pairs {
		if i > 0 {
			dst = append(dst, '&')
		}
		dst = AppendEscape(dst, p.Key, EscapeForm)
		dst = append(dst, '=')
		dst = AppendEscape(dst, p.Value, EscapeForm)
	}
	return dst
}

// TestBenchmarksAgree checks that each pair of benchmarked functions does
// the same work on the benchmark inputs. The texts differ where net/url
// encodes more than RFC 3986 requires (sub-delims such as "(" and ","), so
// the check is that net/url decodes both to the same data.
func TestBenchmarksAgree(t *testing.T) {
	for _, in := range escapeInputs {
		got, want := Escape(in.s, EscapeSegment), url.PathEscape(in.s)
		if d, err := url.PathUnescape(got); err != nil || d != in.s {
			t.Errorf("Escape(%q, EscapeSegment) = %q, which net/url decodes to %q, %v (url.PathEscape gives %q)", in.s, got, d, err, want)
		}
		got, want = Escape(in.s, EscapeForm), url.QueryEscape(in.s)
		if d, err := url.QueryUnescape(got); err != nil || d != in.s {
			t.Errorf("Escape(%q, EscapeForm) = %q, which net/url decodes to %q, %v (url.QueryEscape gives %q)", in.s, got, d, err, want)
		}
	}
	for _, in := range queryInputs {
		want, err := url.ParseQuery(in.raw)
		if err != nil {
			t.Fatal(err)
		}
		q, err := ParseQuery(QueryForm, in.raw)
		if err != nil {
			t.Fatal(err)
		}
		got := url.Values{}
		for k, v := range q.All() {
			got.Add(k, v)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%q: pairs %q, url.ParseQuery gives %q", in.raw, got, want)
		}
		if q.Get("lang") != want.Get("lang") {
			t.Errorf("%q: Get(lang) = %q, url gives %q", in.raw, q.Get("lang"), want.Get("lang"))
		}
	}
	for _, in := range encodeInputs {
		want := valuesOf(in.pairs)
		for _, text := range []string{NewQuery(QueryForm, in.pairs...).String(), string(appendFormPairs(nil, in.pairs))} {
			got, err := url.ParseQuery(text)
			if err != nil || !reflect.DeepEqual(got, want) {
				t.Errorf("%q: net/url reads %q, %v, want %q (Values.Encode gives %q)", text, got, err, want, want.Encode())
			}
		}
	}
}
