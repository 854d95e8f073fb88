// Package uri parses, validates, recomposes, resolves, relativizes,
// normalizes, compares and builds URI references exactly as RFC 3986
// defines them.
//
// A [URI] is an immutable value, in the manner of net/netip's: comparable
// with ==, safe to copy and to share between goroutines. It keeps the text it
// was parsed from and the offsets of its components, so parsing a valid
// reference allocates nothing and [URI.String] gives back exactly the input.
// An absent component and an empty one differ: "http://a/?" has an empty
// query, "http://a/" has none.
//
//	  foo://example.com:8042/over/there?name=ferret#nose
//	  \_/   \______________/\_________/ \_________/ \__/
//	   |           |            |            |        |
//	scheme     authority       path        query   fragment
//
// # How a URI is laid out
//
// A URI is its text and six 32-bit offsets with the host's kind, 48 bytes
// (as Boost.URL and ada lay out theirs): where the scheme ends (past its
// ":"), where the host begins and ends, where the path begins, and where
// the "?query" and the "#fragment" begin. Each range includes its
// component's delimiters, so an absent component has an empty range and an
// empty one a range of one byte. A text holds at most [MaxTextLength]
// bytes; past that every operation that would make one returns
// [ErrTooLong]. [URI.Span] gives each component's range to code outside.
//
// One writer sets the offsets: the marks beside the layout in uri.go
// (endScheme, endUserinfo, endHost, endAuthority, endPath, endQuery, and
// shift for a component that changed length), which the parser calls as it
// reads the text in place, and the writer type, which appends components
// with their delimiters and marks them; resolution, normalization, the IRI
// mappings and the [Builder] make their values through them. One edit
// engine writes every edit: each With method of URI and the Builder's
// setter of the same name make the same part with the same checks, and a
// change of one component is written by the same function whether it comes
// from u.WithX(v) or from u.Builder().SetX(v).Build(). A test fails when
// any other code of the package assigns an offset.
//
// # Parsing
//
// One function per top-level rule of the grammar: [Parse] (URI-reference,
// section 4.1), [ParseURI] (URI, section 3), [ParseAbsolute] (absolute-URI,
// section 4.3) and [ParseRelative] (relative-ref, section 4.2), and
// [MustParse] for constants. Invalid text gives an [*Error] that says what is
// wrong, in which component and at which byte offset.
//
// # Components: raw and decoded
//
// Every component has two forms with two names. The raw form is the text as
// written, percent-encoded: [URI.Scheme], [URI.Userinfo], [URI.Host] (an
// IP-literal with its brackets), [URI.Port], [URI.Path], [URI.Segments],
// [URI.Query], [URI.Fragment]. The decoded form has its triplets decoded
// (section 2.4): [URI.DecodedUserinfo], [URI.DecodedHost] (an IP-literal
// without brackets), [URI.DecodedPath], [URI.DecodedSegments],
// [URI.DecodedQuery], [URI.DecodedFragment]. The Has methods tell absent from
// empty, [URI.HostKind] and [URI.Addr] tell what a host is, and
// [URI.QueryParams] reads the query as key=value pairs (a [Query]).
//
// # Editing and building
//
// Each getter has its setter: WithX takes the raw form and validates it, so
// u.WithX(u.X()) is u; WithDecodedX takes the decoded form and
// percent-encodes what the component needs; WithoutX removes a component
// that can be absent. Each edit writes the new text with one allocation. A
// [Builder], empty or started from a URI with [URI.Builder], makes several
// edits with one allocation. [Escape], [AppendEscape], [Unescape] and
// [AppendUnescape] percent-encode and decode text for a component named by
// an [EscapeMode] (sections 2.1 to 2.5).
//
// # Resolution and relative references
//
// [URI.Resolve] and [Resolver] turn a reference into its target URI against
// a base (section 5.2), strictly or as the obsolete RFC 2396 and RFC 1808
// did; [URI.Relative] is the inverse, the shortest reference to a target;
// [RemoveDotSegments] is the algorithm of section 5.2.4.
//
// # Normalization and comparison
//
// [URI.Normalize] and [URI.Equal] apply syntax-based and scheme-based
// normalization (sections 6.2.2 and 6.2.3); a [Normalizer] adds the
// protocol-based steps crawlers use ([NormalizeFlags]) and its own table of
// schemes ([Schemes]).
//
// # IRIs, zones and repair
//
// [ParseIRI] reads IRI references (RFC 3987), whose components may hold
// non-ASCII characters, into an [IRI], the twin of URI. [IRI.ToURI] maps one
// to a URI (section 3.1; hosts through IDNA, see [IDNAProfile]) and
// [URI.ToIRI] and [URI.Display] map back for people (section 3.2).
// [Options] choose the rule, IPv6 zone identifiers (RFC 6874, which RFC 9844
// obsoleted: off by default) and the IDNA profile; [Repair] turns what
// people paste into a URI and reports every [Change].
// # Finding URIs in text
//
// [Extract] and [Extractor] find the URIs in running text and their byte
// spans, delimited as RFC 3986, Appendix C says; [Extractor.Stream] reads
// an io.Reader of any size.
//
// # Interoperation
//
// [URI.URL] and [FromURL] convert to and from net/url, with the documented
// losses; a URI is an encoding.TextMarshaler and TextUnmarshaler, a
// database/sql Scanner and driver Valuer.
package uri

import (
	"net/netip"
	"strconv"
	"strings"
)

// URI is one URI reference (RFC 3986, section 4.1): either a URI with a
// scheme or a relative reference. It is comparable with == (two values are
// equal when they were parsed from the same text) and safe to copy and to
// share between goroutines.
//
// The zero URI is the empty relative reference "", which is valid: it refers
// to the current document (RFC 3986, section 4.4).
type URI struct {
	s string
	offsets
}

// offsets is the layout of a URI's text, the only one there is. Each
// component's range includes its delimiter, so an absent component has an
// empty range and an empty one a range of one byte ("?" of an empty query):
//
//	s[:schemeEnd]              "scheme:" or ""
//	s[schemeEnd:pathStart]     "//authority" or ""
//	  s[schemeEnd+2:hostStart]   "userinfo@" or ""
//	  s[hostStart:hostEnd]       host, brackets included
//	  s[hostEnd:pathStart]       ":port" or ""
//	s[pathStart:queryStart]    path
//	s[queryStart:fragStart]    "?query" or ""
//	s[fragStart:]              "#fragment" or ""
//
// Without an authority, hostStart, hostEnd and pathStart equal schemeEnd and
// kind is HostNone. The offsets are uint32, as in Boost.URL's and ada's
// layouts, so that a URI is 48 bytes (a string and 25 bytes): a text holds
// at most [MaxTextLength] bytes. They are set only by the writer below; the
// invariants are checked by the tests' checkLayout, and TestOneWriter fails
// when any other code of the package assigns an offset.
type offsets struct {
	schemeEnd, hostStart, hostEnd, pathStart, queryStart, fragStart uint32

	kind HostKind
}

// MaxTextLength is the length of the longest text a [URI] or an [IRI] can
// hold, 4 GiB less one byte: its layout keeps 32-bit offsets. Parsing a
// longer text, or an edit, a resolution or a mapping whose result would be
// longer, gives an error matching [ErrTooLong] (on 32-bit platforms no
// string is that long); [Options.MaxLength] sets a lower limit.
const MaxTextLength = 1<<32 - 1

// The one writer of a layout. A value's offsets are set by these methods and
// by no other code: the parser marks, in order, where each component it
// read in place ends, and a [writer] appends components with their
// delimiters and marks them as it goes. Positions are ints, within
// MaxTextLength: the parser checks the length of its input first, and a
// writer its result.

// endScheme marks the end of the scheme, just past its ":" (0 for none).
// The reference has no authority until endUserinfo marks one.
func (o *offsets) endScheme(i int) {
	o.schemeEnd, o.hostStart, o.hostEnd, o.pathStart = uint32(i), uint32(i), uint32(i), uint32(i)
	o.kind = HostNone
}

// endUserinfo marks where the host begins: just past the "//" of the
// authority, or past the "@" of its userinfo.
func (o *offsets) endUserinfo(i int) { o.hostStart = uint32(i) }

// endHost marks the end of the host, which matched the rule kind.
func (o *offsets) endHost(i int, kind HostKind) { o.hostEnd, o.kind = uint32(i), kind }

// endAuthority marks the end of the authority (of its port, if any).
func (o *offsets) endAuthority(i int) { o.pathStart = uint32(i) }

// endPath marks the end of the path, where "?query" begins.
func (o *offsets) endPath(i int) { o.queryStart = uint32(i) }

// endQuery marks the end of the query, where "#fragment" begins.
func (o *offsets) endQuery(i int) { o.fragStart = uint32(i) }

// shift moves the offsets after component c by d bytes, for a text in
// which c grew by d (shrank, for d < 0) and the rest stayed as it was.
func (o *offsets) shift(c, d int) {
	switch c {
	case iScheme:
		o.schemeEnd = uint32(int(o.schemeEnd) + d)
		fallthrough
	case iUserinfo:
		o.hostStart = uint32(int(o.hostStart) + d)
		fallthrough
	case iHost:
		o.hostEnd = uint32(int(o.hostEnd) + d)
		fallthrough
	case iPort:
		o.pathStart = uint32(int(o.pathStart) + d)
		fallthrough
	case iPath:
		o.queryStart = uint32(int(o.queryStart) + d)
		fallthrough
	case iQuery:
		o.fragStart = uint32(int(o.fragStart) + d)
	}
}

// replace makes s, which is u's text with component c changed by d bytes in
// length, the text of u: the offsets after c move by d and the others stay.
// It changes u in place, field by field (apply writes the edits' result in
// place: a value written aside, then copied, costs store-forwarding
// stalls). The callers check that s is at most MaxTextLength long.
func (u *URI) replace(s string, c, d int) {
	u.s = s
	u.shift(c, d)
}

// writer appends the components of a new text in order, each with its
// delimiters, and marks their ends in its layout; done makes the URI:
//
//	w.put("s:"); w.endScheme()
//	w.slashes()                          // "//": an authority follows
//	w.put("u@"); w.endUserinfo()
//	w.put("h"); w.endHost(HostRegName)
//	w.put(":1"); w.endAuthority()
//	w.put("/p"); w.endPath()
//	w.put("?q"); w.endQuery()
//	w.put("#f"); err := w.done(&u)
//
// Without an authority the three marks between endScheme and endPath are
// left out. Code that appends to w.t itself (escaping, dot removal) marks
// the same way. The writer holds no pointer to the URI it makes, so that
// escape analysis, which does not tell a struct's fields apart, keeps that
// URI where it is (on the stack, for a value returned). The Builder, whose
// parts are already measured, marks its result in place instead (see
// Builder.appendAll).
type writer struct {
	t []byte
	o offsets
}

func (w *writer) endScheme()            { w.o.endScheme(len(w.t)) }
func (w *writer) slashes()              { w.t = append(w.t, '/', '/'); w.o.endUserinfo(len(w.t)) }
func (w *writer) endUserinfo()          { w.o.endUserinfo(len(w.t)) }
func (w *writer) endHost(kind HostKind) { w.o.endHost(len(w.t), kind) }
func (w *writer) endAuthority()         { w.o.endAuthority(len(w.t)) }
func (w *writer) endPath()              { w.o.endPath(len(w.t)) }
func (w *writer) endQuery()             { w.o.endQuery(len(w.t)) }
func (w *writer) put(text string)       { w.t = append(w.t, text...) }

// end marks the end of component c at the text's end, in a reference with
// an authority or not; kind is the host's.
func (w *writer) end(c int, auth bool, kind HostKind) {
	switch {
	case c == iScheme:
		w.endScheme()
	case c == iUserinfo && auth:
		w.endUserinfo()
	case c == iHost && auth:
		w.endHost(kind)
	case c == iPort && auth:
		w.endAuthority()
	case c == iPath:
		w.endPath()
	case c == iQuery:
		w.endQuery()
	}
}

// done makes *u the text written, without a copy (w.t must not be written
// again), and its layout, or returns [ErrTooLong] when the text is longer
// than MaxTextLength.
func (w *writer) done(u *URI) *Error { return u.set(w.t, &w.o) }

// set makes *u the text t, without a copy (t must not be written again),
// and the layout o, which the writer's marks made, or returns [ErrTooLong]
// when the text is longer than MaxTextLength: writer.done for code that
// keeps its text and its layout in locals.
func (u *URI) set(t []byte, o *offsets) *Error {
	if uint(len(t)) > MaxTextLength {
		return errTextTooLong()
	}
	u.s, u.offsets = bytesString(t), *o
	return nil
}

// doneCopy is done for a text in a buffer that is written again: the URI's
// text is a copy.
func (w *writer) doneCopy(u *URI) *Error {
	if uint(len(w.t)) > MaxTextLength {
		return errTextTooLong()
	}
	u.s, u.offsets = string(w.t), w.o
	return nil
}

// Indices of the components, in the order they are written.
const (
	iScheme = iota
	iUserinfo
	iHost
	iPort
	iPath
	iQuery
	iFragment
	numComps
)

// span returns where component c of u is written, its delimiters included.
func (u *URI) span(c int) (start, end int) {
	switch c {
	case iScheme:
		return 0, int(u.schemeEnd)
	case iUserinfo:
		if u.HasAuthority() {
			return int(u.schemeEnd) + 2, int(u.hostStart)
		}
		return int(u.hostStart), int(u.hostStart)
	case iHost:
		return int(u.hostStart), int(u.hostEnd)
	case iPort:
		return int(u.hostEnd), int(u.pathStart)
	case iPath:
		return int(u.pathStart), int(u.queryStart)
	case iQuery:
		return int(u.queryStart), int(u.fragStart)
	}
	return int(u.fragStart), len(u.s)
}

// Span returns where component c is in u's text: u.String()[start:end] is
// the component as its raw getter returns it, without its delimiters ("//",
// "@", ":", "?", "#"; a host keeps its brackets). ok reports whether the
// component is present, as the Has methods do; the path is always present,
// possibly empty, and a host is present when there is an authority. An
// absent component has start == end at the place it would be written. A
// Component that names none of the seven gives (0, 0, false). It is for
// code that works on the text itself (highlighting, diagnostics, a
// serializer copying spans) and needs no second parse.
func (u URI) Span(c Component) (start, end int, ok bool) {
	// The fields read directly, one comparison for each presence: the
	// Has methods, inlined, cost uri parse --json 17 instructions a line
	// more (callgrind).
	o := &u.offsets
	switch c {
	case ComponentScheme:
		return 0, max(int(o.schemeEnd)-1, 0), o.schemeEnd > 0
	case ComponentUserinfo:
		if o.hostStart > o.schemeEnd+2 && o.pathStart > o.schemeEnd {
			return int(o.schemeEnd) + 2, int(o.hostStart) - 1, true
		}
		return int(o.hostStart), int(o.hostStart), false
	case ComponentHost:
		return int(o.hostStart), int(o.hostEnd), o.pathStart > o.schemeEnd
	case ComponentPort:
		if o.pathStart > o.hostEnd {
			return int(o.hostEnd) + 1, int(o.pathStart), true
		}
		return int(o.hostEnd), int(o.hostEnd), false
	case ComponentPath:
		return int(o.pathStart), int(o.queryStart), true
	case ComponentQuery:
		if o.fragStart > o.queryStart {
			return int(o.queryStart) + 1, int(o.fragStart), true
		}
		return int(o.queryStart), int(o.queryStart), false
	case ComponentFragment:
		if n := len(u.s); n > int(o.fragStart) {
			return int(o.fragStart) + 1, n, true
		}
		return len(u.s), len(u.s), false
	}
	return 0, 0, false
}

// HostKind tells which rule of RFC 3986, section 3.2.2 a host matched.
type HostKind uint8

const (
	// HostNone: the reference has no authority, so no host.
	HostNone HostKind = iota
	// HostRegName: a registered name, possibly empty ("file:///x").
	HostRegName
	// HostIPv4: an IPv4address in dotted-decimal form with strict dec-octets.
	HostIPv4
	// HostIPv6: an IP-literal holding an IPv6address.
	HostIPv6
	// HostIPvFuture: an IP-literal holding an IPvFuture ("[v7.x]").
	HostIPvFuture
)

// String returns "reg-name", "ipv4", "ipv6", "ipvfuture", or "" for HostNone.
func (k HostKind) String() string {
	switch k {
	case HostRegName:
		return "reg-name"
	case HostIPv4:
		return "ipv4"
	case HostIPv6:
		return "ipv6"
	case HostIPvFuture:
		return "ipvfuture"
	}
	return ""
}

// String returns the reference as text: exactly the parsed input
// (RFC 3986, section 5.3).
func (u URI) String() string { return u.s }

// HasScheme reports whether u has a scheme, that is, is a URI rather than a
// relative reference (RFC 3986, section 4.1).
func (u URI) HasScheme() bool { return u.schemeEnd > 0 }

// IsRelative reports whether u is a relative reference, that is, has no
// scheme (RFC 3986, section 4.2): the opposite of [URI.HasScheme].
func (u URI) IsRelative() bool { return u.schemeEnd == 0 }

// Scheme returns the raw scheme, without its ":"; "" for a relative
// reference. Schemes are case-insensitive (section 3.1) but are not folded here.
func (u URI) Scheme() string {
	if u.schemeEnd == 0 {
		return ""
	}
	return u.s[:u.schemeEnd-1]
}

// HasAuthority reports whether u has an authority, that is, "//" after the
// scheme (RFC 3986, section 3.2). "file:///x" has one, with an empty host;
// "mailto:x" has none.
func (u URI) HasAuthority() bool { return u.pathStart > u.schemeEnd }

// Authority returns the raw authority, without the leading "//":
// userinfo, host and port with their delimiters.
func (u URI) Authority() string {
	if !u.HasAuthority() {
		return ""
	}
	return u.s[u.schemeEnd+2 : u.pathStart]
}

// HasUserinfo reports whether the authority has a userinfo, that is, an "@".
func (u URI) HasUserinfo() bool { return u.HasAuthority() && u.hostStart > u.schemeEnd+2 }

// Userinfo returns the raw userinfo, without its "@" (RFC 3986,
// section 3.2.1).
func (u URI) Userinfo() string {
	if !u.HasUserinfo() {
		return ""
	}
	return u.s[u.schemeEnd+2 : u.hostStart-1]
}

// Host returns the raw host (RFC 3986, section 3.2.2), an
// IP-literal with its brackets: "[::1]", "192.0.2.1", "example.com". It is
// "" both when there is no authority and when the host is empty;
// [URI.HasAuthority] tells them apart. [URI.DecodedHost] gives the address
// without brackets.
func (u URI) Host() string { return u.s[u.hostStart:u.hostEnd] }

// HostKind returns the rule the host matched, or HostNone without authority.
func (u URI) HostKind() HostKind { return u.kind }

// Addr returns the host's IP address when it is an IPv4address or an IPv6
// literal, and the zero netip.Addr otherwise. An IPv6 literal with an IPv4
// tail, such as "[::ffff:1.2.3.4]", stays a 16-byte address. The address
// is read from the host's text at each call (a URI keeps only the host's
// kind), so a loop that needs it many times keeps it.
func (u URI) Addr() netip.Addr { return hostAddr(u.s[u.hostStart:u.hostEnd], u.kind) }

// HasPort reports whether the authority has a ":" after the host. The port
// may still be empty ("http://a:/"): RFC 3986, section 3.2.3 allows it.
func (u URI) HasPort() bool { return u.pathStart > u.hostEnd }

// Port returns the raw port, its digits without the ":".
func (u URI) Port() string {
	if !u.HasPort() {
		return ""
	}
	return u.s[u.hostEnd+1 : u.pathStart]
}

// PortNumber returns the port as a number. ok is false when there is no port,
// when it is empty, or when its value does not fit in 16 bits: the grammar
// (port = *DIGIT) allows any number of digits, so "http://a:99999/" parses.
func (u URI) PortNumber() (port uint16, ok bool) {
	p := u.Port()
	if p == "" {
		return 0, false
	}
	n := 0
	for i := 0; i < len(p); i++ {
		n = n*10 + int(p[i]-'0')
		if n > 0xFFFF {
			return 0, false
		}
	}
	return uint16(n), true
}

// Path returns the raw path (RFC 3986, section 3.3). Every reference
// has a path, possibly empty.
func (u URI) Path() string { return u.s[u.pathStart:u.queryStart] }

// IsAbsolutePath reports whether the path begins with "/".
func (u URI) IsAbsolutePath() bool {
	return u.queryStart > u.pathStart && u.s[u.pathStart] == '/'
}

// Segments returns the raw path split at every "/": "/a/b" gives
// ["", "a", "b"], "a/" gives ["a", ""], "/" gives ["", ""] and the empty path
// gives no segments. A leading empty segment means an absolute path, and
// joining the segments with "/" gives back the path.
func (u URI) Segments() []string {
	p := u.Path()
	if p == "" {
		return nil
	}
	return strings.Split(p, "/")
}

// HasQuery reports whether u has a query, that is, a "?" (possibly followed
// by nothing).
func (u URI) HasQuery() bool { return u.fragStart > u.queryStart }

// Query returns the raw query, without its "?" (RFC 3986, section 3.4).
func (u URI) Query() string {
	if !u.HasQuery() {
		return ""
	}
	return u.s[u.queryStart+1 : u.fragStart]
}

// HasFragment reports whether u has a fragment, that is, a "#" (possibly
// followed by nothing).
func (u URI) HasFragment() bool { return len(u.s) > int(u.fragStart) }

// Fragment returns the raw fragment, without its "#" (RFC 3986,
// section 3.5).
func (u URI) Fragment() string {
	if !u.HasFragment() {
		return ""
	}
	return u.s[u.fragStart+1:]
}

// The decoded accessors below return components as data: their triplets
// decoded (RFC 3986, section 2.4). Decoding is done after the component is
// split out of the URI, as section 2.4 requires, but decoding may still
// produce characters that delimit subcomponents inside it ("%2F" in a path
// becomes "/", "%26" in a query becomes "&"), so prefer DecodedSegments and
// QueryParams where that matters. The results are octets and need not be
// valid UTF-8. Each returns the raw text itself, without allocating, when
// there is nothing to decode.

// DecodedUserinfo returns the userinfo with its triplets decoded.
func (u URI) DecodedUserinfo() string { return unescapeValid(u.Userinfo(), false) }

// DecodedHost returns the host as data: a reg-name with its triplets
// decoded, an IPv4address as it is, and the text between the brackets of
// an IP-literal ("::1" for "[::1]"), which [URI.WithDecodedHost] writes
// back in brackets.
func (u URI) DecodedHost() string {
	if u.kind == HostIPv6 || u.kind == HostIPvFuture {
		return u.s[u.hostStart+1 : u.hostEnd-1]
	}
	return unescapeValid(u.Host(), false)
}

// DecodedPath returns the path with its triplets decoded. A "%2F" becomes a
// "/" that no longer tells segments apart; [URI.DecodedSegments] keeps them.
func (u URI) DecodedPath() string { return unescapeValid(u.Path(), false) }

// DecodedSegments returns the path's segments, as [URI.Segments] splits
// them, each with its triplets decoded: "/a%2Fb/c" gives ["", "a/b", "c"].
func (u URI) DecodedSegments() []string {
	segs := u.Segments()
	for i, s := range segs {
		segs[i] = unescapeValid(s, false)
	}
	return segs
}

// DecodedQuery returns the query with its triplets decoded; "+" stays "+".
// [URI.QueryParams] splits the query into pairs before decoding.
func (u URI) DecodedQuery() string { return unescapeValid(u.Query(), false) }

// DecodedFragment returns the fragment with its triplets decoded.
func (u URI) DecodedFragment() string { return unescapeValid(u.Fragment(), false) }

// MarshalText implements encoding.TextMarshaler: the text is [URI.String].
func (u URI) MarshalText() ([]byte, error) { return []byte(u.s), nil }

// AppendText implements encoding.TextAppender.
func (u URI) AppendText(b []byte) ([]byte, error) { return append(b, u.s...), nil }

// UnmarshalText implements encoding.TextUnmarshaler: it parses text as a
// URI-reference with [Parse]. On error u is left unchanged.
func (u *URI) UnmarshalText(text []byte) error {
	v, err := Parse(string(text))
	if err != nil {
		return err
	}
	*u = v
	return nil
}

// GoString returns a Go expression for u, for %#v.
func (u URI) GoString() string { return "uri.MustParse(" + strconv.Quote(u.s) + ")" }
