package uribeam

import (
	"strconv"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/passert"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/ferret-go/uri"
	"github.com/ferret-go/uri/whatwg"
)

func init() {
	beam.RegisterFunction(formatRepaired)
}

// formatRepaired writes a Repaired as one line of text: the input, the
// result and each change, so that Repaired values compare as strings.
func formatRepaired(r Repaired) string {
	var b strings.Builder
	b.WriteString(strconv.Quote(r.Input) + " -> " + strconv.Quote(r.URI))
	for _, c := range r.Changes {
		b.WriteString(" | " + strconv.Itoa(c.Offset) + " " + c.Component + " " +
			strconv.Quote(c.Old) + "->" + strconv.Quote(c.New) + " (" + c.Kind.String() + ")")
	}
	return b.String()
}

func TestRepair(t *testing.T) {
	path := uri.ComponentPath.String()
	cases := []Repaired{
		// A valid reference is left alone, with no change.
		{Input: "http://example.com/a%20b", URI: "http://example.com/a%20b"},
		// A space is allowed in no component (RFC 3986, section 2): it is
		// percent-encoded as its octet (section 2.1).
		{Input: "http://example.com/a b", URI: "http://example.com/a%20b", Changes: []Change{
			{Offset: 20, Old: " ", New: "%20", Component: path, Kind: uri.RepairEncode},
		}},
		// RFC 3987, section 3.1: a non-ASCII character becomes the
		// percent-encoded octets of its UTF-8 form ("é" is C3 A9).
		{Input: "http://example.com/caf\u00e9", URI: "http://example.com/caf%C3%A9", Changes: []Change{
			{Offset: 22, Old: "\u00e9", New: "%C3%A9", Component: path, Kind: uri.RepairNonASCII},
		}},
		// A "%" that begins no triplet (section 2.1) is itself encoded.
		{Input: "http://example.com/100%", URI: "http://example.com/100%25", Changes: []Change{
			{Offset: 22, Old: "%", New: "%25", Component: path, Kind: uri.RepairPercent},
		}},
		// White space around a reference is not part of it (Appendix C).
		{Input: " http://example.com/\t", URI: "http://example.com/", Changes: []Change{
			{Offset: 0, Old: " ", Kind: uri.RepairTrim, Component: uri.Component(0).String()},
			{Offset: 20, Old: "\t", Kind: uri.RepairTrim, Component: uri.Component(0).String()},
		}},
	}
	// A port is digits (RFC 3986, section 3.2.3): nothing to repair there;
	// and a browser rejects the URL (the URL Standard's port state: a
	// port-invalid validation error, then failure), so Repair says so.
	bad := Rejected{Input: "http://a:8x/", Offset: 10, Component: uri.ComponentPort.String(),
		Error: whatwg.ErrRejected.Error() + ": port-invalid"}

	p, s := beam.NewPipelineWithRoot()
	var lines []string
	var want []any
	for _, c := range cases {
		lines = append(lines, c.Input)
		want = append(want, formatRepaired(c))
	}
	lines = append(lines, bad.Input)
	repaired, rejected := Repair(s, beam.CreateList(s, lines))
	passert.Equals(s, beam.ParDo(s, formatRepaired, repaired), want...)
	passert.Equals(s, beam.ParDo(s, whereRejected, rejected), whereRejected(bad))

	// The repaired lines normalize as their results do, and keep the line
	// as read for Dedupe's example.
	refs, rejected2 := NormalizeRepaired(s, 0, repaired)
	passert.Empty(s, rejected2)
	passert.Equals(s, Dedupe(s, refs),
		Unique{URI: "http://example.com/", Count: 1, Example: " http://example.com/\t"},
		Unique{URI: "http://example.com/a%20b", Count: 2, Example: "http://example.com/a b"},
		Unique{URI: "http://example.com/caf%C3%A9", Count: 1, Example: "http://example.com/caf\u00e9"},
		Unique{URI: "http://example.com/100%25", Count: 1, Example: "http://example.com/100%"},
	)
	ptest.RunAndValidate(t, p)
}
