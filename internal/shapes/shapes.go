// Package shapes makes the pathological inputs that the module's tests and
// benchmarks share: the shapes of BenchmarkPathological, whose table
// SECURITY.md gives, and the shapes on which Repair makes a change every few
// bytes. Each makes an input of about n bytes (a repeated unit is cut to
// whole units).
package shapes

import (
	"strconv"
	"strings"
	"time"
)

// A Shape is a named way to make an input of about n bytes.
type Shape struct {
	Name string
	Make func(n int) string
}

// Pathological returns the shapes of BenchmarkPathological: runs of one
// delimiter in each component, dot segments, dotted numbers, and a query of
// pairs whose keys come in decreasing order (so that sorting it moves every
// pair).
func Pathological() []Shape {
	return []Shape{
		{"pct", func(n int) string { return strings.Repeat("%", n) }},
		{"bracket", func(n int) string { return "http://" + strings.Repeat("[", n-7) }},
		{"colon", func(n int) string { return strings.Repeat(":", n) }},
		{"a-colon", func(n int) string { return strings.Repeat("a:", n/2) }},
		{"dot-slash", func(n int) string { return "http://h" + strings.Repeat("/.", (n-8)/2) }},
		{"dotdot", func(n int) string { return strings.Repeat("../", n/3) }},
		{"at", func(n int) string { return "http://" + strings.Repeat("@", n-7) }},
		{"question", func(n int) string { return "http://h/" + strings.Repeat("?", n-9) }},
		{"hash", func(n int) string { return "http://h/" + strings.Repeat("#", n-9) }},
		{"ipv4-dots", func(n int) string { return "http://" + strings.Repeat("1.", (n-7)/2) + "1/" }},
		{"query", func(n int) string {
			var b strings.Builder
			b.WriteString("http://h/?")
			for i := 0; b.Len() < n; i++ {
				b.WriteString("k" + strconv.Itoa(1e9-i) + "=v&")
			}
			return b.String()
		}},
	}
}

// Changes returns the shapes on which Repair makes a change every third,
// every second or every byte (issue 34: its list of changes took 68 and 132
// bytes a byte of them), and a host of short labels that IDNA maps.
func Changes() []Shape {
	return []Shape{
		{"brace-a", func(n int) string { return strings.Repeat("{a}", n/3) }},
		{"a-space", func(n int) string { return "http://h/" + strings.Repeat("a ", n/2) }},
		{"pct-space", func(n int) string { return "http://h/" + strings.Repeat("% ", n/2) }},
		{"host-pct", func(n int) string { return "http://h" + strings.Repeat("%", n) }},
		{"userinfo-at", func(n int) string { return "http://" + strings.Repeat("a@", n/2) + "h/" }},
		{"fragment", func(n int) string { return "http://h#" + strings.Repeat("#a", n/2) }},
		{"non-utf8", func(n int) string { return "http://h/" + strings.Repeat("\xff.", n/2) }},
		{"idna-host", IDNAHost},
	}
}

// IDNAHost makes a host of "éa." labels, each of which IDNA maps.
func IDNAHost(n int) string { return "http://" + strings.Repeat("\u00e9a.", (n-8)/4) + "/" }

// Distinct returns n distinct code points from first on: a label that
// Punycode cannot encode in less than time quadratic in n unless it sorts
// them.
func Distinct(first rune, n int) string {
	var b strings.Builder
	for i := range n {
		b.WriteRune(first + rune(i))
	}
	return b.String()
}

// NotLinear reports whether cost grows more than 3 times linearly from n to
// k·n, asked up to three times: a machine busy with other work can slow one
// series of runs, not three. The cost at n and at k·n is returned for the
// test's message.
func NotLinear(cost func(int) time.Duration, n, k int) (small, large time.Duration, bad bool) {
	for range 3 {
		small, large = cost(n), cost(k*n)
		if large <= time.Duration(3*k)*small+time.Millisecond {
			return small, large, false
		}
	}
	return small, large, true
}
