package whatwg

import (
	"testing"

	"github.com/ferret-go/uri/internal/inltest"
)

// TestInlining checks, as net/netip's inlining test does, that the compiler
// still inlines the small functions whose speed the parser relies on: a
// change that pushes one over the inlining budget fails here, not only as a
// slower benchmark (bench/ada.sh).
func TestInlining(t *testing.T) {
	t.Parallel()
	inltest.Check(t,
		// assemble's separators: one byte compared with the input, no call,
		// while the href equals the input (addByte is at the budget, 80:
		// testing o.b in it too made 85).
		"(*out).addByte",
		"(*out).pos",
		// parseFast's no-scheme answer (fastNoScheme) tests the first
		// byte with isAlpha, on the way of every input.
		"isAlpha",
		// The IPv6 parser's byte and failure helpers are closures, free
		// only while inlined; failAt builds every failure of the host
		// parsers (the fail-ipv6 and fail-ipv4 WPT inputs, BENCHMARKS.md).
		"(*parser).parseIPv6.func1",
		"(*parser).parseIPv6.func2",
		"failAt",
		"ipv4Failure",
	)
}
