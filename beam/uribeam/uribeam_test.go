package uribeam

import (
	"strconv"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/passert"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/ferret-go/uri"
)

func TestMain(m *testing.M) {
	ptest.MainWithDefault(m, "prism")
}

// The invalid lines and where RFC 3986's grammar first fails on them.
var invalidLines = []Rejected{
	// A space is not allowed anywhere (section 2); here it is the 9th byte,
	// inside the reg-name of the host (section 3.2.2).
	{Input: "http://a b/", Offset: 8, Component: uri.ComponentHost.String(), Error: uri.ErrInvalidCharacter.Error()},
	// "%" must start a triplet of two hex digits (section 2.1): "%zz" in the
	// path, at byte 11.
	{Input: "http://a/b/%zz", Offset: 11, Component: uri.ComponentPath.String(), Error: uri.ErrInvalidPercentEncoding.Error()},
	// A port is digits only (section 3.2.3): "x" at byte 10, a character
	// the port's grammar does not allow.
	{Input: "http://a:8x/", Offset: 10, Component: uri.ComponentPort.String(), Error: uri.ErrInvalidCharacter.Error()},
}

func TestParse(t *testing.T) {
	p, s := beam.NewPipelineWithRoot()
	in := []string{"http://example.com/", "a/b?c#d", "urn:isbn:0451450523", ""}
	lines := in
	for _, r := range invalidLines {
		lines = append(lines, r.Input)
	}
	valid, rejected := Parse(s, beam.CreateList(s, lines))
	// The empty string is a valid relative reference (section 4.2).
	passert.Equals(s, valid, toAny(in)...)
	checkRejected(t, s, rejected)
	ptest.RunAndValidate(t, p)
}

func toAny[T any](xs []T) []any {
	out := make([]any, len(xs))
	for i, x := range xs {
		out[i] = x
	}
	return out
}

// checkRejected asserts the offsets, components and causes of
// invalidLines, and the count of rejected lines per cause.
func checkRejected(t *testing.T, s beam.Scope, rejected beam.PCollection) {
	t.Helper()
	var want []any
	for _, r := range invalidLines {
		want = append(want, whereRejected(r))
	}
	passert.Equals(s, beam.ParDo(s, whereRejected, rejected), want...)
	perCause := map[string]int64{}
	for _, r := range invalidLines {
		perCause[r.Error]++
	}
	var causes []any
	for c, n := range perCause {
		causes = append(causes, formatCount(c, n))
	}
	passert.Equals(s, beam.ParDo(s, formatCount, CountCauses(s, rejected)), causes...)
}

// whereRejected writes a Rejected's line, offset, component and cause as
// text.
func whereRejected(r Rejected) string {
	return strconv.Quote(r.Input) + " " + strconv.Itoa(r.Offset) + " " + r.Component + ": " + r.Error
}

// Equivalent spellings from RFC 3986, section 6, each group with the one
// normal form the section gives it.
var equivalent = []struct {
	normal string
	lines  []string
}{
	// Section 6.2.2: case (6.2.2.1), percent-encoding (6.2.2.2) and dot
	// segments (6.2.2.3) at once.
	{"example://a/b/c/%7Bfoo%7D", []string{
		"example://a/b/c/%7Bfoo%7D",
		"eXAMPLE://a/./b/../b/%63/%7bfoo%7d",
	}},
	// Section 6.2.2.1: scheme and host are case-insensitive, the
	// hexadecimal digits of a triplet are uppercase.
	{"http://www.example.com/%3A", []string{
		"HTTP://www.EXAMPLE.com/%3a",
		"http://www.example.com/%3A",
	}},
	// Section 6.2.2.2: an encoded unreserved character is decoded.
	{"http://example.com/~user/", []string{
		"http://example.com/%7Euser/",
		"http://example.com/%7euser/",
		"http://example.com/~user/",
	}},
	// Section 6.2.2.3 (and 5.2.4): dot segments are removed.
	{"http://example.com/a/g", []string{
		"http://example.com/a/b/c/./../../g",
		"http://example.com/a/g",
	}},
	// Section 6.2.3: for http, an empty path is "/", and an empty or the
	// default port is dropped; all four are one resource.
	{"http://example.com/", []string{
		"http://example.com",
		"http://example.com/",
		"http://example.com:/",
		"http://example.com:80/",
	}},
	// Section 6.2.3: the port is the default of https only when it is 443.
	{"https://example.com:80/", []string{"https://example.com:80/"}},
}

func TestNormalizeAndDedupe(t *testing.T) {
	p, s := beam.NewPipelineWithRoot()
	var lines []string
	var want []any
	for _, g := range equivalent {
		lines = append(lines, g.lines...)
		least := g.lines[0]
		for _, l := range g.lines {
			if l < least {
				least = l
			}
		}
		want = append(want, Unique{URI: g.normal, Count: int64(len(g.lines)), Example: least})
	}
	for _, r := range invalidLines {
		lines = append(lines, r.Input)
	}
	refs, rejected := Normalize(s, 0, beam.CreateList(s, lines))
	passert.Equals(s, Dedupe(s, refs), want...)
	checkRejected(t, s, rejected)
	passert.Count(s, rejected, "rejected", len(invalidLines))

	// Hosts are counted per line, after normalization: case does not split
	// a host (section 3.2.2).
	passert.Equals(s, beam.ParDo(s, formatCount, CountHosts(s, refs)),
		kv("a", 2), kv("www.example.com", 2), kv("example.com", 10))
	passert.Equals(s, beam.ParDo(s, formatCount, CountSchemes(s, refs)),
		kv("example", 2), kv("http", 11), kv("https", 1))
	ptest.RunAndValidate(t, p)
}

func init() {
	beam.RegisterFunction(formatCount)
	beam.RegisterFunction(whereRejected)
}

// formatCount writes a key and its count as "key=count", so that counts
// can be compared as plain strings.
func formatCount(k string, n int64) string { return k + "=" + strconv.FormatInt(n, 10) }

func kv(k string, v int64) any { return formatCount(k, v) }
