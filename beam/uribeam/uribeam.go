// Package uribeam runs the URI library of github.com/ferret-go/uri as Apache
// Beam transforms: parse, normalize and deduplicate a PCollection of lines,
// one URI reference a line, and count what they hold per host and scheme.
//
// The transforms wrap the library and nothing else: a line is valid exactly
// when uri.Parse accepts it, its normal form is exactly what a
// uri.Normalizer gives, and a rejected line carries the offset, component
// and cause of the library's *uri.Error. The same pipeline runs in process
// on the prism runner or on any portable runner (Flink, Spark, Dataflow).
//
// Every DoFn and combiner is registered in this package's init, as the Go
// SDK requires for portable runners; none keeps mutable state outside its
// own struct fields.
package uribeam

import (
	"errors"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/transforms/stats"
	"github.com/ferret-go/uri"
)

// init registers every DoFn and combiner type, as the Go SDK requires for
// portable runners. They are registered by reflection (beam.RegisterType)
// rather than with the generic functions of the SDK's register package: each
// of those instantiates so much code that it costs the compiler about 10 s of
// CPU time and 400 MB (a package with one register.DoFn3x0 call and one
// register.Emitter1: 10.3 s of user time against 0.4 s with RegisterType,
// go1.26.8, amd64), and a dozen of them made this module's test build take
// many minutes. Reflection costs a little per call, which the runner's own
// cost per element dwarfs.
func init() {
	for _, fn := range []any{
		&parseFn{}, &normalizeFn{}, &repairFn{}, &normalizeRepairedFn{}, &keyByNormalFn{},
		&toUniqueFn{}, &hostFn{}, &schemeFn{}, &causeFn{}, &groupFn{},
	} {
		beam.RegisterType(reflect.TypeOf(fn).Elem())
	}
}

// Rejected is a line that is not a URI reference, with what the library's
// *uri.Error says about it.
type Rejected struct {
	Input     string // the line as read
	Offset    int    // byte offset in Input of the first offending byte
	Component string // the component that byte was in, as uri.Component names it
	Error     string // the cause, such as "invalid character"
	// Message is the whole message of the error, such as "uri: invalid
	// character ' ' in host at offset 8": the "error" that uri check --json
	// and uri normalize --json write for the line.
	Message string
}

// Reference is a valid line and its normal form, with the scheme and host
// of that normal form ("" when it has none).
type Reference struct {
	Input  string // the line as read
	Normal string // its normal form
	Scheme string // the normal form's scheme, lowercase
	Host   string // the normal form's host, "" without an authority
}

// Group is the accumulator of Dedupe: how many lines share a normal form,
// and one of them.
type Group struct {
	Count   int64
	Example string // the least of the lines, byte-wise, so that runs agree
}

// Unique is one normal form of Dedupe's output: how many lines had it and
// one of them as written.
type Unique struct {
	URI     string // the normal form
	Count   int64  // how many lines have it
	Example string // one of those lines, the least byte-wise
}

// rejectedOf turns a parse error into a Rejected. Every error the library
// returns is an *uri.Error; anything else keeps its message at offset 0.
func rejectedOf(line string, err error) Rejected {
	var e *uri.Error
	if !errors.As(err, &e) {
		return Rejected{Input: line, Error: err.Error(), Message: err.Error()}
	}
	cause := ""
	if e.Err != nil {
		cause = e.Err.Error()
	}
	return Rejected{Input: line, Offset: e.Offset, Component: e.Component.String(), Error: cause, Message: e.Error()}
}

// parseFn emits the lines uri.Parse accepts to its first output and the
// others, as Rejected, to its second.
type parseFn struct{}

// ProcessElement parses one line.
func (*parseFn) ProcessElement(line string, valid func(string), rejected func(Rejected)) {
	if _, err := uri.Parse(line); err != nil {
		rejected(rejectedOf(line, err))
		return
	}
	valid(line)
}

// Parse splits lines into those that are URI references (RFC 3986, section
// 4.1), unchanged, and those that are not, each with the library's offset,
// component and cause.
func Parse(s beam.Scope, lines beam.PCollection) (valid, rejected beam.PCollection) {
	s = s.Scope("uribeam.Parse")
	return beam.ParDo2(s, &parseFn{}, lines)
}

// normalizeFn parses a line and emits its normal form under the flags, or
// the line as Rejected.
type normalizeFn struct {
	Flags uri.NormalizeFlags
}

// ProcessElement parses and normalizes one line.
func (f *normalizeFn) ProcessElement(line string, refs func(Reference), rejected func(Rejected)) {
	u, err := uri.Parse(line)
	if err != nil {
		rejected(rejectedOf(line, err))
		return
	}
	n := uri.Normalizer{Flags: f.Flags}.Normalize(u)
	refs(Reference{Input: line, Normal: n.String(), Scheme: n.Scheme(), Host: n.Host()})
}

// Normalize parses lines and gives the normal form of each valid one as a
// Reference (RFC 3986, sections 6.2.2 and 6.2.3, and the protocol-based
// steps that flags add, as uri.Normalizer does), and the invalid ones as
// Rejected, as Parse does. The zero flags are the RFC's normalization.
func Normalize(s beam.Scope, flags uri.NormalizeFlags, lines beam.PCollection) (refs, rejected beam.PCollection) {
	s = s.Scope("uribeam.Normalize")
	return beam.ParDo2(s, &normalizeFn{Flags: flags}, lines)
}

// keyByNormalFn keys a Reference by its normal form.
type keyByNormalFn struct{}

// ProcessElement keys one Reference.
func (*keyByNormalFn) ProcessElement(r Reference) (string, Reference) { return r.Normal, r }

// groupFn counts the References of one normal form and keeps the least
// of their lines. It is associative and commutative, so runners may lift it
// before the shuffle.
type groupFn struct{}

// CreateAccumulator returns an empty Group.
func (*groupFn) CreateAccumulator() Group { return Group{} }

// AddInput counts r in g.
func (*groupFn) AddInput(g Group, r Reference) Group {
	return mergeGroups(g, Group{Count: 1, Example: r.Input})
}

// MergeAccumulators merges two partial Groups.
func (*groupFn) MergeAccumulators(a, b Group) Group { return mergeGroups(a, b) }

// ExtractOutput returns the Group.
func (*groupFn) ExtractOutput(g Group) Group { return g }

func mergeGroups(a, b Group) Group {
	switch {
	case a.Count == 0:
		return b
	case b.Count == 0:
		return a
	}
	ex := a.Example
	if b.Example < ex {
		ex = b.Example
	}
	return Group{Count: a.Count + b.Count, Example: ex}
}

// toUniqueFn flattens a normal form and its Group into a Unique.
type toUniqueFn struct{}

// ProcessElement flattens one group.
func (*toUniqueFn) ProcessElement(normal string, g Group) Unique {
	return Unique{URI: normal, Count: g.Count, Example: g.Example}
}

// Dedupe groups References (from Normalize) by normal form and gives one
// Unique per form: the number of lines that have it and one of them. It
// combines per key, so a runner can count before the shuffle.
func Dedupe(s beam.Scope, refs beam.PCollection) beam.PCollection {
	s = s.Scope("uribeam.Dedupe")
	keyed := beam.ParDo(s, &keyByNormalFn{}, refs)
	groups := beam.CombinePerKey(s, &groupFn{}, keyed)
	return beam.ParDo(s, &toUniqueFn{}, groups)
}

// hostFn emits the host of a Reference that has one, with a count of 1.
type hostFn struct{}

// ProcessElement emits one host.
func (*hostFn) ProcessElement(r Reference, emit func(string, int64)) {
	if r.Host != "" {
		emit(r.Host, 1)
	}
}

// schemeFn emits the scheme of a Reference that has one, with a count of 1.
type schemeFn struct{}

// ProcessElement emits one scheme.
func (*schemeFn) ProcessElement(r Reference, emit func(string, int64)) {
	if r.Scheme != "" {
		emit(r.Scheme, 1)
	}
}

// causeFn emits the cause of a Rejected with a count of 1.
type causeFn struct{}

// ProcessElement emits one cause.
func (*causeFn) ProcessElement(r Rejected, emit func(string, int64)) { emit(r.Error, 1) }

// CountHosts counts References (from Normalize) per host of their normal
// form, as KV<string, int64>; references without a host are not counted.
// Every line counts, so a host's count includes duplicates.
func CountHosts(s beam.Scope, refs beam.PCollection) beam.PCollection {
	s = s.Scope("uribeam.CountHosts")
	return stats.SumPerKey(s, beam.ParDo(s, &hostFn{}, refs))
}

// CountSchemes counts References (from Normalize) per scheme of their
// normal form, as KV<string, int64>; relative references are not counted.
func CountSchemes(s beam.Scope, refs beam.PCollection) beam.PCollection {
	s = s.Scope("uribeam.CountSchemes")
	return stats.SumPerKey(s, beam.ParDo(s, &schemeFn{}, refs))
}

// CountCauses counts Rejected lines per cause, as KV<string, int64>.
func CountCauses(s beam.Scope, rejected beam.PCollection) beam.PCollection {
	s = s.Scope("uribeam.CountCauses")
	return stats.SumPerKey(s, beam.ParDo(s, &causeFn{}, rejected))
}
