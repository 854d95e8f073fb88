// Package viewer is the model of the live URI viewer, the page that
// "uri serve" serves: [Analyze] reads a reference and an optional base with
// package uri and returns a [Report], everything the page shows, which the
// page receives as JSON from the same code compiled to WebAssembly
// (viewer/wasm) or, where the uri command was built without it, from the
// server, which calls Analyze (viewer/site's AnalyzePath).
//
// A Report has fixed parts, those of RFC 3986 that the page draws in its own
// way (the diagram, the table of components, the host, the error with its
// caret), and a list of [Panel]s, each a titled list of rows that the page
// draws all alike: resolution, normalization, the IRI forms, repair, the
// WHATWG URL Standard's reading and net/url's, lint's findings, and every
// reader of `uri compare` side by side (RFC 3986, the URL Standard,
// net/url and the emulated parsers of package readers: curl, Python,
// Node's legacy url.parse, Java, PHP), a card each, its fields marked where
// they differ from what most readers give (readers.go). A new reading is a
// new panel: a function in panels.go and a line in [Analyze]'s list, with
// nothing to change in the page.
package viewer

import (
	"errors"
	"strconv"
	"unicode/utf8"

	"github.com/ferret-go/uri"
	"github.com/ferret-go/uri/internal/bytestr"
)

// Report is what the page shows for one reference and base. Its JSON form
// is what the page reads; fields without a value are left out.
type Report struct {
	// Input is the reference as given.
	Input string `json:"input"`
	// OK tells whether Input is a URI-reference (RFC 3986, section 4.1).
	OK bool `json:"ok"`
	// Kind is "URI" (section 3) or "relative reference" (section 4.2);
	// Form says which: "absolute-URI" (section 4.3) or "URI with a
	// fragment", and for a relative reference "network-path reference",
	// "absolute-path reference" or "relative-path reference" (section
	// 4.2). Both are empty when Input is rejected.
	Kind string `json:"kind,omitempty"`
	Form string `json:"form,omitempty"`
	// Error is why Input is rejected.
	Error *Error `json:"error,omitempty"`
	// Diagram is Input cut into its components and delimiters, in order,
	// for the diagram of section 3.
	Diagram []Piece `json:"diagram,omitempty"`
	// Components are the rows of the table of components, in the order
	// they are written.
	Components []Component `json:"components,omitempty"`
	// Host is the host's kind and address, when there is an authority.
	Host *Host `json:"host,omitempty"`
	// Base is the base as given, and why it is rejected; nil when no base
	// is given.
	Base *Base `json:"base,omitempty"`
	// Panels are the other readings of the input, each drawn the same way.
	Panels []Panel `json:"panels"`
}

// Error is a rejected input's *uri.Error, cut for showing a caret under the
// offending character: Before, Bad and After are the input's text around
// it, each with what is not printable shown as a Go escape.
type Error struct {
	Message   string `json:"message"`   // the error's message
	Cause     string `json:"cause"`     // the sentinel's text, such as "invalid character"
	Component string `json:"component"` // the component it was found in
	Offset    int    `json:"offset"`    // byte offset of the offending byte
	Before    string `json:"before"`
	Bad       string `json:"bad"` // empty when the error is at the end of the input
	After     string `json:"after"`
}

// Piece is a part of the diagram: a component (Name set), with the pieces
// it is made of when it has parts (the authority), or a delimiter (Name
// empty). An empty component is a piece with empty Text.
type Piece struct {
	Name  string  `json:"name,omitempty"`
	Text  string  `json:"text"`
	Parts []Piece `json:"parts,omitempty"`
}

// Component is one row of the table: a component, absent or present, as
// written and decoded. Decoded is nil for the components that have no
// decoded form (scheme, authority, port), and Escaped tells that Decoded
// shows some bytes as Go escapes (controls, bytes that are not UTF-8).
type Component struct {
	Name    string  `json:"name"`
	Present bool    `json:"present"`
	Raw     string  `json:"raw"`
	Decoded *string `json:"decoded,omitempty"`
	Escaped bool    `json:"escaped,omitempty"`
	Note    string  `json:"note,omitempty"` // such as the port's number
}

// Host tells which rule of section 3.2.2 the host matched and, for an IP
// address, the address as net/netip writes it.
type Host struct {
	Kind    string `json:"kind"`
	Address string `json:"address,omitempty"`
}

// Base is the base URI as given and, when it is not a URI with a scheme
// (section 5.1), why.
type Base struct {
	Input string `json:"input"`
	OK    bool   `json:"ok"`
	Error *Error `json:"error,omitempty"`
}

// Panel is a titled list of rows, drawn alike whatever it shows. ID is
// stable (the page's data-panel attribute), as is each row's Key
// (data-row). Against names what a row marked "differs" differs from ("RFC
// 3986"), for the mark's text. The panels of one Group (such as "readers",
// a card per reader) are drawn side by side, in a grid the page makes where
// the group's first panel comes.
type Panel struct {
	ID      string `json:"id"`
	Title   string `json:"title"`
	Group   string `json:"group,omitempty"`
	Against string `json:"against,omitempty"`
	Rows    []Row  `json:"rows"`
	Note    string `json:"note,omitempty"`
}

// Row is one line of a panel. State is "" for a value, "error" for a
// failure whose message is Value, "differs" for a value that differs from
// what the panel's Against names. Absent tells a component that is not
// there (Value empty) from an empty one.
type Row struct {
	Key    string `json:"key"`
	Label  string `json:"label"`
	Value  string `json:"value"`
	State  string `json:"state,omitempty"`
	Absent bool   `json:"absent,omitempty"`
}

// States of a Row.
const (
	stateError   = "error"
	stateDiffers = "differs"
)

// Analyze reads ref as a URI-reference and base, unless it is empty, as the
// base URI to resolve ref against, and returns all the page shows of them.
// It never fails: a rejected input is a report with its error.
func Analyze(ref, base string) Report {
	a := analysis{ref: ref, base: base}
	a.u, a.err = uri.Parse(ref)
	r := Report{Input: ref, OK: a.err == nil}
	if a.err != nil {
		r.Error = newError(ref, a.err)
	} else {
		r.Kind, r.Form = kindOf(a.u)
		r.Diagram = diagram(a.u)
		r.Components = components(a.u)
		if a.u.HasAuthority() {
			r.Host = &Host{Kind: a.u.HostKind().String()}
			if addr := a.u.Addr(); addr.IsValid() {
				r.Host.Address = addr.String()
			}
		}
	}
	if base != "" {
		a.hasBase = true
		a.b, a.baseErr = uri.ParseURI(base)
		r.Base = &Base{Input: base, OK: a.baseErr == nil}
		if a.baseErr != nil {
			r.Base.Error = newError(base, a.baseErr)
		}
	}
	// The panels, in the order the page shows them. A function returns
	// nil when it has nothing to say about these inputs.
	for _, p := range []*Panel{
		a.resolution(),
		a.normalized(),
		a.iri(),
		a.repair(),
		a.whatwg(),
		a.netURL(),
		a.lint(),
	} {
		if p != nil {
			r.Panels = append(r.Panels, *p)
		}
	}
	r.Panels = append(r.Panels, a.readers()...)
	if r.Panels == nil {
		r.Panels = []Panel{}
	}
	return r
}

// analysis is what the panels read: the inputs and what package uri made
// of them.
type analysis struct {
	ref, base string
	u         uri.URI
	err       error
	hasBase   bool
	b         uri.URI
	baseErr   error
}

// kindOf names the rule of RFC 3986 that u matches: section 4.1's choice
// between URI and relative-ref, then the finer rule.
func kindOf(u uri.URI) (kind, form string) {
	if u.HasScheme() {
		if u.HasFragment() {
			return "URI", "URI with a fragment"
		}
		return "URI", "absolute-URI"
	}
	switch {
	case u.HasAuthority():
		return "relative reference", "network-path reference"
	case u.IsAbsolutePath():
		return "relative reference", "absolute-path reference"
	}
	return "relative reference", "relative-path reference"
}

// diagram cuts u's text into its components and delimiters. The pieces'
// texts, joined, are u's text.
func diagram(u uri.URI) []Piece {
	var d []Piece
	if u.HasScheme() {
		d = append(d, Piece{Name: "scheme", Text: u.Scheme()}, Piece{Text: ":"})
	}
	if u.HasAuthority() {
		var parts []Piece
		if u.HasUserinfo() {
			parts = append(parts, Piece{Name: "userinfo", Text: u.Userinfo()}, Piece{Text: "@"})
		}
		parts = append(parts, Piece{Name: "host", Text: u.Host()})
		if u.HasPort() {
			parts = append(parts, Piece{Text: ":"}, Piece{Name: "port", Text: u.Port()})
		}
		d = append(d, Piece{Text: "//"}, Piece{Name: "authority", Text: u.Authority(), Parts: parts})
	}
	d = append(d, Piece{Name: "path", Text: u.Path()})
	if u.HasQuery() {
		d = append(d, Piece{Text: "?"}, Piece{Name: "query", Text: u.Query()})
	}
	if u.HasFragment() {
		d = append(d, Piece{Text: "#"}, Piece{Name: "fragment", Text: u.Fragment()})
	}
	return d
}

// components returns the table's rows: every component of section 3,
// present or absent, and the path's segments.
func components(u uri.URI) []Component {
	auth := u.HasAuthority()
	rows := []Component{
		{Name: "scheme", Present: u.HasScheme(), Raw: u.Scheme()},
		{Name: "authority", Present: auth, Raw: u.Authority()},
		decodedRow("userinfo", u.HasUserinfo(), u.Userinfo(), u.DecodedUserinfo()),
		decodedRow("host", auth, u.Host(), u.DecodedHost()),
		{Name: "port", Present: u.HasPort(), Raw: u.Port()},
		decodedRow("path", true, u.Path(), u.DecodedPath()),
		{Name: "segments", Present: true, Raw: quoteList(u.Segments())},
		decodedRow("query", u.HasQuery(), u.Query(), u.DecodedQuery()),
		decodedRow("fragment", u.HasFragment(), u.Fragment(), u.DecodedFragment()),
	}
	if auth {
		rows[3].Note = u.HostKind().String()
	}
	if n, ok := u.PortNumber(); ok {
		rows[4].Note = strconv.Itoa(int(n))
	} else if u.Port() != "" {
		rows[4].Note = "out of the 16-bit range"
	}
	dec := quoteList(u.DecodedSegments())
	rows[6].Decoded = &dec
	return rows
}

// decodedRow is the row of a component that has a decoded form; an absent
// component has neither.
func decodedRow(name string, present bool, raw, decoded string) Component {
	c := Component{Name: name, Present: present, Raw: raw}
	if present {
		v, escaped := visible(decoded)
		c.Decoded, c.Escaped = &v, escaped
	}
	return c
}

// quoteList writes a list of segments as Go writes a []string with %q:
// controls and bytes that are not UTF-8 as escapes.
func quoteList(list []string) string {
	b := []byte{'['}
	for i, s := range list {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = strconv.AppendQuote(b, s)
	}
	return string(append(b, ']'))
}

// visible returns s with each control character and each byte that is not
// UTF-8 written as a Go escape (\x00, \u0085, \xff), and whether it wrote
// any. A backslash is kept as it is: the page says when escapes are shown.
func visible(s string) (string, bool) {
	clean := true
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if (r == utf8.RuneError && n == 1) || isControl(r) {
			clean = false
			break
		}
		i += n
	}
	if clean {
		return s, false
	}
	// Made at its length: an append from nil took about five times it
	// (an input of bytes that are not UTF-8: 4 bytes written a byte).
	n := 0
	for i := 0; i < len(s); {
		r, k := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && k == 1, isControl(r) && r < 0x80:
			n += 4
		case isControl(r):
			n += 6
		default:
			n += k
		}
		i += k
	}
	b := make([]byte, 0, n)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			b = appendHexEscape(b, `\x`, uint32(s[i]), 2)
		case isControl(r) && r < 0x80:
			b = appendHexEscape(b, `\x`, uint32(r), 2)
		case isControl(r):
			b = appendHexEscape(b, `\u`, uint32(r), 4)
		default:
			b = append(b, s[i:i+n]...)
		}
		i += n
	}
	return bytestr.String(b), true
}

// isControl reports whether r is a C0 or C1 control or DEL.
func isControl(r rune) bool { return r < 0x20 || (r >= 0x7f && r < 0xa0) }

func appendHexEscape(b []byte, prefix string, v uint32, digits int) []byte {
	const hex = "0123456789abcdef"
	b = append(b, prefix...)
	for shift := 4 * (digits - 1); shift >= 0; shift -= 4 {
		b = append(b, hex[v>>uint(shift)&0xf])
	}
	return b
}

// newError cuts the input of a rejected parse around the offending byte.
// An error that is not a *uri.Error (none is expected) is shown without a
// caret, at the end of the input.
func newError(input string, err error) *Error {
	e := &Error{Message: err.Error(), Offset: len(input)}
	var ue *uri.Error
	if errors.As(err, &ue) {
		e.Cause = ue.Err.Error()
		e.Component = ue.Component.String()
		e.Offset = min(max(ue.Offset, 0), len(input))
	}
	// The offending character is the whole character the offset falls
	// in; for a byte that is not UTF-8, that byte.
	start := e.Offset
	for start > 0 && start < len(input) && !utf8.RuneStart(input[start]) && e.Offset-start < utf8.UTFMax {
		start--
	}
	end := start
	if start < len(input) {
		_, n := utf8.DecodeRuneInString(input[start:])
		end = start + n
	}
	e.Before, _ = visible(input[:start])
	e.Bad, _ = visible(input[start:end])
	e.After, _ = visible(input[end:])
	return e
}
