package uribeam

import (
	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/ferret-go/uri"
	"github.com/ferret-go/uri/whatwg"
)

// Repaired is a line that whatwg.Repair made a URI reference, with the
// changes it made, in the order of the line. A line that was already a
// valid reference has no changes and URI equal to Input.
type Repaired struct {
	Input   string   // the line as read
	URI     string   // the repaired reference
	Changes []Change // what Repair changed, in the order of Input
}

// Change is one uri.Change: the text Old at byte offset Offset of the line
// became New, for the reason Reason.
type Change struct {
	Offset    int            // byte offset of Old in the line
	Old       string         // the text as it was
	New       string         // what it became ("" for trimmed text)
	Component string         // the component it was in, as uri.Component names it
	Kind      uri.RepairKind // why
}

// repairFn repairs a line, or emits it as Rejected where Repair cannot.
type repairFn struct{}

// ProcessElement repairs one line.
func (*repairFn) ProcessElement(line string, repaired func(Repaired), rejected func(Rejected)) {
	u, changes, err := whatwg.Repair(line)
	if err != nil {
		rejected(rejectedOf(line, err))
		return
	}
	r := Repaired{Input: line, URI: line}
	if len(changes) > 0 {
		r.URI = u.String()
		r.Changes = make([]Change, len(changes))
		for i, c := range changes {
			r.Changes[i] = Change{Offset: c.Offset, Old: c.Old, New: c.New, Component: c.Component.String(), Kind: c.Kind}
		}
	}
	repaired(r)
}

// Repair makes each line a URI reference as whatwg.Repair does, as the
// uri repair command does: uri.Repair (the W3C's LEIRI-to-URI mapping: RFC
// 3987, section 3.1, on a wider set of characters) that keeps where a URL
// of a special scheme goes, the scheme, host and port a browser reads. It
// keeps the list of changes, and gives the lines it cannot repair (a bad
// scheme, IP-literal or port, or one a browser rejects or would send
// elsewhere) as Rejected, with the offset in the line. A valid line comes
// back as it is, with no change, unless a browser reads another host in it.
func Repair(s beam.Scope, lines beam.PCollection) (repaired, rejected beam.PCollection) {
	s = s.Scope("uribeam.Repair")
	return beam.ParDo2(s, &repairFn{}, lines)
}

// normalizeRepairedFn normalizes the URI of a Repaired, keeping its
// original line as the Reference's Input.
type normalizeRepairedFn struct {
	Flags uri.NormalizeFlags
}

// ProcessElement normalizes one repaired line.
func (f *normalizeRepairedFn) ProcessElement(r Repaired, refs func(Reference), rejected func(Rejected)) {
	u, err := uri.Parse(r.URI)
	if err != nil {
		// Repair's results parse (see uri.Options.Repair); this is only
		// for a Repaired that was not made by Repair.
		rejected(rejectedOf(r.URI, err))
		return
	}
	n := uri.Normalizer{Flags: f.Flags}.Normalize(u)
	refs(Reference{Input: r.Input, Normal: n.String(), Scheme: n.Scheme(), Host: n.Host()})
}

// NormalizeRepaired gives the normal form of each Repaired (from Repair)
// as Normalize does for a line, with the original line as the Reference's
// Input, so that Dedupe's example is a line as read.
func NormalizeRepaired(s beam.Scope, flags uri.NormalizeFlags, repaired beam.PCollection) (refs, rejected beam.PCollection) {
	s = s.Scope("uribeam.NormalizeRepaired")
	return beam.ParDo2(s, &normalizeRepairedFn{Flags: flags}, repaired)
}
