package ascii

import (
	"testing"

	"github.com/ferret-go/uri/internal/inltest"
)

// TestInlining checks that the entry points are still inlined, with the
// scan in them, so that their bound is a constant where they are called.
func TestInlining(t *testing.T) {
	inltest.Check(t, "Is", "IsBytes", "InRange", "HasBelow", "stops[go.shape.string]", "stops[go.shape.[]uint8]")
}
