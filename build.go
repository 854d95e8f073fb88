package uri

import (
	"errors"
	"net/netip"
	"strconv"
	"strings"
)

// Editing. A URI is immutable, so every edit returns a new value; the
// receiver is never changed. Each edit validates only the component it
// changes, plus the constraints of RFC 3986, section 3.3 that tie the path to
// the scheme and authority, and writes the new text with one allocation:
// untouched components are copied as they are and offsets are computed from
// lengths, never by parsing the result again. Methods named With... take a
// plain value (data, percent-encoded here as [Escape] does) or, as
// WithRaw..., text already in its encoded form (validated against the
// component's grammar).

// Errors of editing and building, besides the parser's. Like those, they come
// inside an [*Error] that names the component and the offset in the value
// given.
var (
	// ErrNoAuthority: a userinfo or port was set on a reference without an
	// authority. Set a host first: the authority is written only when there
	// is a host, possibly empty.
	ErrNoAuthority = errors.New("no authority (set a host first)")
	// ErrPathNotAbsolute: the path beside an authority must be empty or
	// begin with "/" (RFC 3986, section 3.3).
	ErrPathNotAbsolute = errors.New(`path beside an authority must be empty or begin with "/"`)
	// ErrPathDoubleSlash: without an authority the path must not begin with
	// "//", which would read as an authority (RFC 3986, section 3.3).
	ErrPathDoubleSlash = errors.New(`path without an authority must not begin with "//"`)
	// ErrPathColon: in a relative-path reference the first segment must not
	// contain ":", which would read as a scheme delimiter (RFC 3986, section
	// 3.3, path-noscheme). Only raw text can have it: a plain path is encoded.
	ErrPathColon = errors.New(`first segment of a relative-path reference must not contain ":"`)
)

// Special escape modes of a piece, beyond the public ones.
const (
	modeRaw  EscapeMode = 254 // text is written as it is
	modePort EscapeMode = 255 // num is written in decimal
)

// piece is the text of one component in a reference being assembled:
// pre, sep, text and post written in this order, where only text is escaped
// (with m). For a path given as plain segments, segs replaces text.
type piece struct {
	pre, sep, text, post string
	segs                 []string
	m                    EscapeMode
	nc                   bool // segs[0] is escaped as segment-nz-nc
	num                  uint16
}

func (p *piece) segMode(i int) EscapeMode {
	if i == 0 && p.nc {
		return escapeSegmentNC
	}
	return EscapeSegment
}

// len returns the length of the piece's text once written.
func (p *piece) len() int {
	n := len(p.pre) + len(p.sep) + len(p.post)
	switch {
	case p.segs != nil:
		for i, s := range p.segs {
			l, _ := escapeLen(s, p.segMode(i))
			n += l
		}
		n += max(len(p.segs)-1, 0) // the "/" between segments
	case p.m == modeRaw:
		n += len(p.text)
	case p.m == modePort:
		n += len(strconv.AppendUint(make([]byte, 0, 5), uint64(p.num), 10))
	default:
		l, _ := escapeLen(p.text, p.m)
		n += l
	}
	return n
}

// writeTo writes the piece.
func (p *piece) writeTo(b *strings.Builder) {
	b.WriteString(p.pre)
	b.WriteString(p.sep)
	switch {
	case p.segs != nil:
		for i, s := range p.segs {
			if i > 0 {
				b.WriteByte('/')
			}
			writeEscape(b, s, p.segMode(i))
		}
	case p.m == modeRaw:
		b.WriteString(p.text)
	case p.m == modePort:
		b.Write(strconv.AppendUint(make([]byte, 0, 5), uint64(p.num), 10))
	default:
		writeEscape(b, p.text, p.m)
	}
	b.WriteString(p.post)
}

// Indices of the pieces of an editor, in the order they are written.
const (
	iScheme = iota
	iUserinfo
	iHost
	iPort
	iPath
	iQuery
	iFragment
	numPieces
)

// editor holds a reference being assembled from pieces. The pieces of the
// userinfo, host and port must be empty when auth is false.
type editor struct {
	ps   [numPieces]piece
	auth bool
	kind HostKind
	addr netip.Addr
}

// editor returns u's components as raw pieces.
func (u URI) editor() editor {
	p := u.parts()
	e := editor{auth: p.auth, kind: p.kind, addr: p.addr}
	for i, t := range [numPieces]string{p.scheme, p.userinfo, p.host, p.port, p.path, p.query, p.fragment} {
		e.ps[i] = piece{text: t, m: modeRaw}
	}
	return e
}

// uri writes the pieces into one new string, with one allocation, and makes
// the URI from their lengths with parts.uri.
func (e *editor) uri() URI {
	var lens [numPieces]int
	n := 0
	for i := range e.ps {
		lens[i] = e.ps[i].len()
		n += lens[i]
	}
	if e.auth {
		n += 2
	}
	var b strings.Builder
	b.Grow(n)
	for i := range e.ps {
		e.ps[i].writeTo(&b)
		if i == iScheme && e.auth {
			b.WriteString("//")
		}
	}
	s := b.String()
	p := parts{auth: e.auth, kind: e.kind, addr: e.addr}
	fields := [numPieces]*string{&p.scheme, &p.userinfo, &p.host, &p.port, &p.path, &p.query, &p.fragment}
	off := 0
	for i, f := range fields {
		*f = s[off : off+lens[i]]
		off += lens[i]
		if i == iScheme && e.auth {
			off += 2
		}
	}
	return p.uri(s)
}

// raw is a piece of already valid text.
func raw(pre, text, post string) piece { return piece{pre: pre, text: text, post: post, m: modeRaw} }

// checkScheme validates scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
// (RFC 3986, section 3.1).
func checkScheme(s string) *Error {
	if s == "" {
		return newError(s, 0, ComponentScheme, ErrEmptyScheme)
	}
	if !isAlpha(s[0]) {
		return newError(s, 0, ComponentScheme, ErrInvalidCharacter)
	}
	for i := 1; i < len(s); i++ {
		if class[s[i]]&cScheme == 0 {
			return newError(s, i, ComponentScheme, ErrInvalidCharacter)
		}
	}
	return nil
}

// checkRaw validates text already percent-encoded for a component whose
// characters are those of mask.
func checkRaw(s string, mask uint8, comp Component) *Error {
	if i := scan(s, 0, mask); i < len(s) {
		return badByte(s, i, comp)
	}
	return nil
}

// checkPath enforces the constraints of RFC 3986, section 3.3 on a path
// (encoded, or plain but starting as its encoding will): beside an authority
// it is empty or begins with "/"; without one it does not begin with "//";
// and, when colon is set (a relative reference without authority), its first
// segment holds no ":".
func checkPath(path string, auth, colon bool) *Error {
	switch {
	case auth && path != "" && path[0] != '/':
		return newError(path, 0, ComponentPath, ErrPathNotAbsolute)
	case !auth && strings.HasPrefix(path, "//"):
		return newError(path, 0, ComponentPath, ErrPathDoubleSlash)
	case colon:
		for i := 0; i < len(path) && path[i] != '/'; i++ {
			if path[i] == ':' {
				return newError(path, i, ComponentPath, ErrPathColon)
			}
		}
	}
	return nil
}

// pathMode is the escaping of a plain path: a relative reference without
// authority encodes ":" in its first segment (path-noscheme).
func pathMode(scheme, auth bool) EscapeMode {
	if !scheme && !auth {
		return EscapePathNoScheme
	}
	return EscapePath
}

// plainHost returns the piece, kind and address of a host given as a plain
// value. A string that is an IPv6address (RFC 3986, section 3.2.2, with no
// zone) is written as an IP-literal in brackets; anything else is a
// reg-name, percent-encoded where needed, and one that needs no encoding is
// classified by parseHost, so "192.0.2.1" is an IPv4address.
func plainHost(s string) (piece, HostKind, netip.Addr) {
	if a, ok := isIPv6(s); ok {
		return raw("[", s, "]"), HostIPv6, netip.AddrFrom16(a)
	}
	if _, changed := escapeLen(s, EscapeHost); changed {
		return piece{text: s, m: EscapeHost}, HostRegName, netip.Addr{}
	}
	_, kind, addr, _ := parseHost(s, 0) // all reg-name characters: cannot fail
	return raw("", s, ""), kind, addr
}

// isIPv6 reports whether all of s is an IPv6address (RFC 3986, section
// 3.2.2), and its value. parseIPv6 reads an address that a "]" should end,
// and at the end of its input it takes a trailing ":" as the literal cut
// short rather than as an error; but no IPv6address ends in a single ":"
// (ls32 ends in a digit, "::" in two colons), so such text is refused here.
func isIPv6(s string) ([16]byte, bool) {
	a, stop, bad := parseIPv6(s, 0)
	if bad || stop != len(s) || strings.HasSuffix(s, ":") && !strings.HasSuffix(s, "::") {
		return a, false
	}
	return a, true
}

// WithScheme returns u with its scheme set to scheme, given without ":".
// The scheme has no percent-encoding, so it is checked against the grammar
// of RFC 3986, section 3.1 as it is: an empty scheme gives [ErrEmptyScheme]
// (use [URI.WithoutScheme]) and a bad character [ErrInvalidCharacter], both
// matching [ErrInvalidScheme]. The case is kept: producers should write
// lowercase (section 3.1).
func (u URI) WithScheme(scheme string) (URI, error) {
	if err := checkScheme(scheme); err != nil {
		return URI{}, err
	}
	e := u.editor()
	e.ps[iScheme] = raw("", scheme, ":")
	return e.uri(), nil
}

// WithoutScheme returns u as a relative reference. Without an authority, a
// ":" in the path's first segment would then read as a scheme delimiter, so
// that gives [ErrPathColon] (RFC 3986, section 3.3): "urn:a:b" has no
// relative form.
func (u URI) WithoutScheme() (URI, error) {
	if u.IsRelative() {
		return u, nil
	}
	if !u.HasAuthority() {
		if err := checkPath(u.Path(), false, true); err != nil {
			return URI{}, err
		}
	}
	e := u.editor()
	e.ps[iScheme] = piece{m: modeRaw}
	return e.uri(), nil
}

// WithUserinfo returns u with its userinfo set to the plain value userinfo,
// percent-encoded for the userinfo (":" stays literal: RFC 3986, section
// 3.2.1 deprecates "user:password", but the grammar allows it). An empty
// value gives an empty userinfo ("//@host"). Without an authority it fails
// with [ErrNoAuthority].
func (u URI) WithUserinfo(userinfo string) (URI, error) {
	if !u.HasAuthority() {
		return URI{}, newError(userinfo, 0, ComponentUserinfo, ErrNoAuthority)
	}
	e := u.editor()
	e.ps[iUserinfo] = piece{text: userinfo, post: "@", m: EscapeUserinfo}
	return e.uri(), nil
}

// WithRawUserinfo is like [URI.WithUserinfo] for text already encoded; it
// must match userinfo (RFC 3986, section 3.2.1), or the error gives the
// offending offset in userinfo.
func (u URI) WithRawUserinfo(userinfo string) (URI, error) {
	if !u.HasAuthority() {
		return URI{}, newError(userinfo, 0, ComponentUserinfo, ErrNoAuthority)
	}
	if err := checkRaw(userinfo, mUserinfo, ComponentUserinfo); err != nil {
		return URI{}, err
	}
	e := u.editor()
	e.ps[iUserinfo] = raw("", userinfo, "@")
	return e.uri(), nil
}

// WithoutUserinfo returns u without its userinfo, or u when it has none.
func (u URI) WithoutUserinfo() URI {
	if !u.HasUserinfo() {
		return u
	}
	e := u.editor()
	e.ps[iUserinfo] = piece{m: modeRaw}
	return e.uri()
}

// WithHost returns u with its host set to the plain value host, adding an
// authority if u has none; "" gives an empty host ("file:///x").
//
// A host that is an IPv6address (RFC 3986, section 3.2.2, such as "::1";
// zones are not part of RFC 3986) is written as an IP-literal, "[::1]", so
// that WithHost(u.Host()) keeps u's host. Any other value is a reg-name,
// percent-encoded where needed (a UTF-8 name becomes triplets; IDNA is not
// applied), and is an IPv4address when its text is one. An IPvFuture cannot
// be told from a reg-name such as "v1.example"; set it with
// [URI.WithRawHost].
//
// Adding an authority to a path that is not empty and does not begin with
// "/" fails with [ErrPathNotAbsolute] (RFC 3986, section 3.3).
func (u URI) WithHost(host string) (URI, error) {
	pc, kind, addr := plainHost(host)
	return u.withHost(pc, kind, addr)
}

// WithRawHost is like [URI.WithHost] for a host as written in a URI: an
// IP-literal with its brackets ("[::1]", "[v7.x]"), an IPv4address, or an
// encoded reg-name. Invalid text gives an error matching [ErrInvalidHost].
func (u URI) WithRawHost(host string) (URI, error) {
	end, kind, addr, err := parseHost(host, 0)
	if err != nil {
		return URI{}, err
	}
	if end < len(host) {
		return URI{}, badByte(host, end, ComponentHost)
	}
	return u.withHost(raw("", host, ""), kind, addr)
}

// WithAddr returns u with its host set to the IP address a: an IPv4address
// for an IPv4 address, an IP-literal such as "[2001:db8::1]" for an IPv6
// one (an IPv4-mapped address stays IPv6). An invalid address or one with a
// zone, which RFC 3986 cannot write, gives [ErrInvalidHost].
func (u URI) WithAddr(a netip.Addr) (URI, error) {
	switch {
	case !a.IsValid():
		return URI{}, newError("", 0, ComponentHost, ErrInvalidHost)
	case a.Zone() != "":
		s := a.String()
		return URI{}, newError(s, strings.IndexByte(s, '%'), ComponentHost, ErrInvalidHost)
	case a.Is4():
		return u.withHost(raw("", a.String(), ""), HostIPv4, a)
	}
	return u.withHost(raw("[", a.String(), "]"), HostIPv6, netip.AddrFrom16(a.As16()))
}

func (u URI) withHost(pc piece, kind HostKind, addr netip.Addr) (URI, error) {
	if !u.HasAuthority() {
		if err := checkPath(u.Path(), true, false); err != nil {
			return URI{}, err
		}
	}
	e := u.editor()
	e.auth, e.kind, e.addr = true, kind, addr
	e.ps[iHost] = pc
	return e.uri(), nil
}

// WithPort returns u with its port set to port; 0 is a port like any other
// ("http://a:0/"). Without an authority it fails with [ErrNoAuthority].
func (u URI) WithPort(port uint16) (URI, error) {
	if !u.HasAuthority() {
		return URI{}, newError(strconv.Itoa(int(port)), 0, ComponentPort, ErrNoAuthority)
	}
	e := u.editor()
	e.ps[iPort] = piece{pre: ":", m: modePort, num: port}
	return e.uri(), nil
}

// WithRawPort returns u with its port set to the digits of port, which may
// be empty ("http://a:/") or exceed 65535: port = *DIGIT (RFC 3986, section
// 3.2.3). Anything but digits gives an error matching [ErrInvalidPort].
func (u URI) WithRawPort(port string) (URI, error) {
	if !u.HasAuthority() {
		return URI{}, newError(port, 0, ComponentPort, ErrNoAuthority)
	}
	for i := 0; i < len(port); i++ {
		if !isDigit(port[i]) {
			return URI{}, badByte(port, i, ComponentPort)
		}
	}
	e := u.editor()
	e.ps[iPort] = raw(":", port, "")
	return e.uri(), nil
}

// WithoutPort returns u without its port (and its ":"), or u when it has
// none.
func (u URI) WithoutPort() URI {
	if !u.HasPort() {
		return u
	}
	e := u.editor()
	e.ps[iPort] = piece{m: modeRaw}
	return e.uri()
}

// WithoutAuthority returns u without its authority: no "//", userinfo, host
// or port. A path beginning with "//" would then read as an authority, so it
// fails with [ErrPathDoubleSlash] (RFC 3986, section 3.3).
func (u URI) WithoutAuthority() (URI, error) {
	if !u.HasAuthority() {
		return u, nil
	}
	if err := checkPath(u.Path(), false, false); err != nil {
		return URI{}, err
	}
	e := u.editor()
	e.auth, e.kind, e.addr = false, HostNone, netip.Addr{}
	e.ps[iUserinfo], e.ps[iHost], e.ps[iPort] = piece{m: modeRaw}, piece{m: modeRaw}, piece{m: modeRaw}
	return e.uri(), nil
}

// WithPath returns u with its path set to the plain value path, in which "/"
// separates segments; everything else a segment cannot hold is encoded, and
// in a relative reference without authority so is a ":" in the first
// segment (path-noscheme). Beside an authority the path must be empty or
// begin with "/" ([ErrPathNotAbsolute]); without one it must not begin with
// "//" ([ErrPathDoubleSlash]) (RFC 3986, section 3.3).
func (u URI) WithPath(path string) (URI, error) {
	auth := u.HasAuthority()
	if err := checkPath(path, auth, false); err != nil {
		return URI{}, err
	}
	e := u.editor()
	e.ps[iPath] = piece{text: path, m: pathMode(!u.IsRelative(), auth)}
	return e.uri(), nil
}

// WithRawPath is like [URI.WithPath] for a path already encoded: it must
// match the path grammar, and a ":" in the first segment of a relative
// reference without authority gives [ErrPathColon].
func (u URI) WithRawPath(path string) (URI, error) {
	if err := checkRaw(path, mPath, ComponentPath); err != nil {
		return URI{}, err
	}
	auth := u.HasAuthority()
	if err := checkPath(path, auth, u.IsRelative()); err != nil {
		return URI{}, err
	}
	e := u.editor()
	e.ps[iPath] = raw("", path, "")
	return e.uri(), nil
}

// WithSegments returns u with its path made of the plain segments segs,
// each encoded as a segment (so "/" inside one becomes "%2F") and joined
// with "/". As in [URI.Segments], a leading empty segment makes the path
// absolute: ("", "a", "b") gives "/a/b", ("", "") gives "/", and no segment
// or a single empty one gives the empty path. The constraints are those of
// [URI.WithPath]. A segment "." or ".." is written as it is and keeps its
// meaning as a dot-segment (section 3.3): no encoding can make it plain data,
// since "%2E" is equivalent to "." (section 6.2.2.2).
func (u URI) WithSegments(segs ...string) (URI, error) {
	auth := u.HasAuthority()
	switch {
	case auth && len(segs) > 0 && segs[0] != "":
		return URI{}, newError(segs[0], 0, ComponentPath, ErrPathNotAbsolute)
	case !auth && len(segs) > 2 && segs[0] == "" && segs[1] == "":
		return URI{}, newError("//", 0, ComponentPath, ErrPathDoubleSlash)
	}
	e := u.editor()
	if len(segs) == 0 {
		e.ps[iPath] = piece{m: modeRaw}
	} else {
		e.ps[iPath] = piece{segs: segs, nc: !auth && u.IsRelative()}
	}
	return e.uri(), nil
}

// AppendSegment returns u with the plain segment seg added at the end of its
// path, encoded as a segment. A path ending in "/" has an empty last segment,
// which seg replaces: "/a/" and "/a" both give "/a/seg", and "/a/" stays as
// it is for an empty seg. An empty path beside an authority gives "/seg". It
// cannot fail.
func (u URI) AppendSegment(seg string) URI {
	path := u.Path()
	e := u.editor()
	switch {
	case path == "" && u.HasAuthority():
		e.ps[iPath] = piece{sep: "/", text: seg, m: EscapeSegment}
	case path == "" && u.IsRelative():
		e.ps[iPath] = piece{text: seg, m: escapeSegmentNC}
	case path == "":
		e.ps[iPath] = piece{text: seg, m: EscapeSegment}
	case path[len(path)-1] == '/':
		e.ps[iPath] = piece{pre: path, text: seg, m: EscapeSegment}
	default:
		e.ps[iPath] = piece{pre: path, sep: "/", text: seg, m: EscapeSegment}
	}
	return e.uri()
}

// WithQuery returns u with its query set to the plain value query, encoded
// for a whole query (section 3.4): "&" and "=" stay literal, so the value
// keeps any pair structure it has; use [Query] to build pairs from data. An
// empty value gives an empty query ("?").
func (u URI) WithQuery(query string) URI {
	e := u.editor()
	e.ps[iQuery] = piece{pre: "?", text: query, m: EscapeQuery}
	return e.uri()
}

// WithRawQuery is like [URI.WithQuery] for a query already encoded, which
// must match query (RFC 3986, section 3.4).
func (u URI) WithRawQuery(query string) (URI, error) {
	if err := checkRaw(query, mQuery, ComponentQuery); err != nil {
		return URI{}, err
	}
	e := u.editor()
	e.ps[iQuery] = raw("?", query, "")
	return e.uri(), nil
}

// WithoutQuery returns u without its query (and its "?"), or u when it has
// none.
func (u URI) WithoutQuery() URI {
	if !u.HasQuery() {
		return u
	}
	e := u.editor()
	e.ps[iQuery] = piece{m: modeRaw}
	return e.uri()
}

// WithFragment returns u with its fragment set to the plain value fragment,
// encoded for a fragment (section 3.5). An empty value gives an empty
// fragment ("#").
func (u URI) WithFragment(fragment string) URI {
	e := u.editor()
	e.ps[iFragment] = piece{pre: "#", text: fragment, m: EscapeFragment}
	return e.uri()
}

// WithRawFragment is like [URI.WithFragment] for a fragment already encoded,
// which must match fragment (RFC 3986, section 3.5).
func (u URI) WithRawFragment(fragment string) (URI, error) {
	if err := checkRaw(fragment, mQuery, ComponentFragment); err != nil {
		return URI{}, err
	}
	e := u.editor()
	e.ps[iFragment] = raw("#", fragment, "")
	return e.uri(), nil
}

// WithoutFragment returns u without its fragment (and its "#"), or u when it
// has none.
func (u URI) WithoutFragment() URI {
	if !u.HasFragment() {
		return u
	}
	e := u.editor()
	e.ps[iFragment] = piece{m: modeRaw}
	return e.uri()
}

// Builder assembles a URI reference from plain values in one go, with one
// allocation. Its fields follow the classic URI object: a string field is
// present when it is not empty, and its Has flag makes it present when it is
// empty (or, for Port, zero), since an absent component and an empty one
// differ ("http://a/?" has an empty query, "http://a/" none). The zero
// Builder builds the empty reference.
//
// The rules of the classic object hold: the authority is written only when
// there is a host (Host, or HasHost for an empty one as in "file:///x"), a
// zero port is written when HasPort is set, and a path beside an authority
// must be empty or begin with "/".
type Builder struct {
	Scheme string // without ":"; "" for a relative reference

	Userinfo    string // plain; see [URI.WithUserinfo]
	HasUserinfo bool   // write "@" even when Userinfo is empty

	Host    string // plain; see [URI.WithHost] ("::1" is an IPv6 literal)
	HasHost bool   // write an authority even when Host is empty

	Port    uint16
	HasPort bool // write the port even when it is 0

	Path string // plain, "/" between segments; see [URI.WithPath]

	Query    Query // pairs built with [NewQuery] or [Query.Add]
	HasQuery bool  // write "?" even when Query is empty

	Fragment    string // plain
	HasFragment bool   // write "#" even when Fragment is empty
}

// Build returns the URI reference made of b's fields, or an error for a
// field that cannot be written: an invalid Scheme (matching
// [ErrInvalidScheme]), a Userinfo or Port without a host
// ([ErrNoAuthority]), or a Path that breaks RFC 3986, section 3.3
// ([ErrPathNotAbsolute], [ErrPathDoubleSlash]).
func (b Builder) Build() (URI, error) {
	var e editor
	for i := range e.ps {
		e.ps[i].m = modeRaw
	}
	if b.Scheme != "" {
		if err := checkScheme(b.Scheme); err != nil {
			return URI{}, err
		}
		e.ps[iScheme] = raw("", b.Scheme, ":")
	}
	e.auth = b.Host != "" || b.HasHost
	hasPort := b.Port != 0 || b.HasPort
	if !e.auth {
		switch {
		case b.Userinfo != "" || b.HasUserinfo:
			return URI{}, newError(b.Userinfo, 0, ComponentUserinfo, ErrNoAuthority)
		case hasPort:
			return URI{}, newError(strconv.Itoa(int(b.Port)), 0, ComponentPort, ErrNoAuthority)
		}
	} else {
		if b.Userinfo != "" || b.HasUserinfo {
			e.ps[iUserinfo] = piece{text: b.Userinfo, post: "@", m: EscapeUserinfo}
		}
		e.ps[iHost], e.kind, e.addr = plainHost(b.Host)
		if hasPort {
			e.ps[iPort] = piece{pre: ":", m: modePort, num: b.Port}
		}
	}
	if err := checkPath(b.Path, e.auth, false); err != nil {
		return URI{}, err
	}
	e.ps[iPath] = piece{text: b.Path, m: pathMode(b.Scheme != "", e.auth)}
	if b.Query.raw != "" || b.HasQuery {
		e.ps[iQuery] = raw("?", b.Query.raw, "")
	}
	if b.Fragment != "" || b.HasFragment {
		e.ps[iFragment] = piece{pre: "#", text: b.Fragment, m: EscapeFragment}
	}
	return e.uri(), nil
}
