package uri

import (
	"net/netip"
	"strconv"
	"strings"
	"unsafe"
)

// Editing. A URI is immutable, so every edit returns a new value and leaves
// the receiver alone. Each component X has two setters that mirror its two
// getters:
//
//   - WithX(raw) takes raw text, percent-encoded as in a URI, and
//     validates it against the component's grammar (RFC 3986, section 3):
//     u.WithX(u.X()) gives back u, byte for byte;
//   - WithDecodedX(decoded) takes decoded text and percent-encodes what the
//     component does not allow literally (section 2.4): the result's
//     DecodedX() gives back the text;
//
// and WithoutX removes a component that may be absent. An edit validates only
// what it changes, plus the constraints of section 3.3 that tie the path to
// the scheme and the authority, and writes the new text with one allocation:
// the other components are copied and the offsets come from lengths, never
// from parsing the result again. A [Builder] makes several edits with one
// allocation.

// segmentsLen returns the length of segs written by appendSettled.
func segmentsLen(segs []string, cs, first charset) int {
	n := max(len(segs)-1, 0) // the "/" between segments
	for i, s := range segs {
		if i == 0 {
			l, _ := escapeLen(s, first)
			n += l
		} else {
			l, _ := escapeLen(s, cs)
			n += l
		}
	}
	return n
}

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

// checkPort validates port = *DIGIT (RFC 3986, section 3.2.3).
func checkPort(s string) *Error {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return badByte(s, i, ComponentPort)
		}
	}
	return nil
}

// validHost validates host = IP-literal / IPv4address / reg-name (RFC 3986,
// section 3.2.2) and returns its kind.
func validHost(s string) (HostKind, *Error) {
	if s != "" && !isDigit(s[0]) && s[0] != '[' && scanSet(s, 0, &setRegName, mRegName, 0) == len(s) {
		// A reg-name that no other rule can match: an IPv4address begins
		// with a digit, an IP-literal with "[". This spares a name the
		// general parser, a sixth of WithHost's instructions (callgrind).
		return HostRegName, nil
	}
	end, kind, err := parseHost(s, 0, 0)
	if err != nil {
		return 0, err
	}
	if end < len(s) {
		return 0, badByte(s, end, ComponentHost)
	}
	return kind, nil
}

// checkPath enforces the constraints of RFC 3986, section 3.3 on a path
// (raw, or decoded but starting as its encoding will): beside an authority
// it is empty or begins with "/"; without one it does not begin with "//";
// and, when colon is set (a relative reference without authority), its first
// segment holds no ":".
func checkPath(path string, auth, colon bool) *Error {
	if off, cause := pathViolation(path, auth, colon); cause != nil {
		return newError(path, off, ComponentPath, cause)
	}
	return nil
}

// pathViolation is checkPath without the error value: the offset and the
// cause, or a nil cause. A Builder checks its parts with it, and copies the
// text into the error it makes (see Builder.pathError).
func pathViolation(path string, auth, colon bool) (int, error) {
	switch {
	case auth && path != "" && path[0] != '/':
		return 0, ErrPathNotAbsolute
	case !auth && needsGuard(path):
		return 0, ErrPathDoubleSlash
	case colon:
		for i := 0; i < len(path) && path[i] != '/'; i++ {
			if path[i] == ':' {
				return i, ErrPathColon
			}
		}
	}
	return 0, nil
}

// checkSegments enforces checkPath's constraints on the path that segs
// join into.
// The error's text is a copy (strings.Join returns a lone segment itself),
// for the reason pathError gives.
func checkSegments(segs []string, auth bool) *Error {
	switch {
	case auth && len(segs) > 0 && segs[0] != "":
		return newError(strings.Clone(strings.Join(segs, "/")), 0, ComponentPath, ErrPathNotAbsolute)
	case !auth && len(segs) > 2 && segs[0] == "" && segs[1] == "":
		return newError(strings.Clone(strings.Join(segs, "/")), 0, ComponentPath, ErrPathDoubleSlash)
	}
	return nil
}

// pathCharset is the escaping of a decoded path: a relative reference
// without authority encodes ":" in its first segment (path-noscheme).
func pathCharset(scheme, auth bool) charset {
	if !scheme && !auth {
		return csPathNoScheme
	}
	return charset(EscapePath)
}

// segCharset is the escaping of a decoded first segment.
func segCharset(scheme, auth bool) charset {
	if !scheme && !auth {
		return csSegNC
	}
	return charset(EscapeSegment)
}

// decodedHostParts returns how a decoded host s is written: in charset cs,
// between brackets or not, with its kind. A string that is an
// IPv6address (RFC 3986, section 3.2.2, with no zone) is written as an
// IP-literal in brackets; anything else is a reg-name, percent-encoded where
// needed, and one that needs no encoding is classified by regNameKind, so
// "192.0.2.1" is an IPv4address.
func decodedHostParts(s string) (brackets bool, cs charset, kind HostKind) {
	// Every IPv6address holds a ":", which a name seldom does: that test
	// spares most names the parser.
	if s != "" && (s[0] == ':' || isHex(s[0])) && strings.IndexByte(s, ':') >= 0 {
		if isIPv6(s) {
			return true, csRaw, HostIPv6
		}
	}
	if firstUnsafe(s, charset(EscapeHost).bit()) < len(s) {
		return false, charset(EscapeHost), HostRegName
	}
	return false, csRaw, regNameKind(s, 0, len(s))
}

// isIPv6 reports whether all of s is an IPv6address (RFC 3986, section
// 3.2.2). parseIPv6 reads an address that a "]" should end,
// and at the end of its input it takes a trailing ":" as the literal cut
// short rather than as an error; but no IPv6address ends in a single ":"
// (ls32 ends in a digit, "::" in two colons), so such text is refused here.
func isIPv6(s string) bool {
	_, stop, bad := parseIPv6(s, 0)
	return !bad && stop == len(s) && (!strings.HasSuffix(s, ":") || strings.HasSuffix(s, "::"))
}

// addrHost returns the text and kind of the host that writes a, without
// the brackets that an IPv6 address goes between.
func addrHost(a netip.Addr) (text string, kind HostKind, err *Error) {
	switch {
	case !a.IsValid():
		return "", 0, newError("", 0, ComponentHost, ErrInvalidHost)
	case a.Is4():
		return a.String(), HostIPv4, nil
	}
	// An IPv4-mapped address stays IPv6; a zone takes RFC 6874's form,
	// which Options.Zones parses back.
	var buf [64]byte
	return string(appendIPv6(buf[:0], netip.AddrFrom16(a.As16()).WithZone(a.Zone()))), HostIPv6, nil
}

// WithScheme returns u with its scheme set to scheme, given without ":".
// A scheme has no percent-encoding, so its raw and decoded forms are one: it
// is checked against the grammar of RFC 3986, section 3.1 as it is. An empty
// scheme gives [ErrEmptyScheme] (use [URI.WithoutScheme]) and a bad
// character [ErrInvalidCharacter], both matching [ErrInvalidScheme]. The
// case is kept: producers should write lowercase (section 3.1).
func (u URI) WithScheme(scheme string) (v URI, err error) {
	if err := checkScheme(scheme); err != nil {
		return URI{}, err
	}
	var q part
	q.raw(iScheme, scheme)
	err = apply(&v, &u, iScheme, &q, nil)
	return v, err
}

// WithoutScheme returns u as a relative reference. Without an authority, a
// ":" in the path's first segment would then read as a scheme delimiter, so
// that gives [ErrPathColon] (RFC 3986, section 3.3): "urn:a:b" has no
// relative form.
func (u URI) WithoutScheme() (v URI, err error) {
	var q part
	q.drop()
	err = apply(&v, &u, iScheme, &q, nil)
	return v, err
}

// WithAuthority returns u with its authority set to the raw text authority,
// given without "//": [ userinfo "@" ] host [ ":" port ] (RFC 3986, section
// 3.2). Invalid text gives an error with the offending offset in authority;
// a path that is not empty and does not begin with "/" gives
// [ErrPathNotAbsolute] (section 3.3).
func (u URI) WithAuthority(authority string) (v URI, err error) {
	var b Builder
	b.start(u)
	return b.SetAuthority(authority).Build()
}

// WithoutAuthority returns u without its authority: no "//", userinfo, host
// or port. A path beginning with "//" would then read as an authority, so it
// fails with [ErrPathDoubleSlash] (RFC 3986, section 3.3).
func (u URI) WithoutAuthority() (v URI, err error) {
	var b Builder
	b.start(u)
	return b.RemoveAuthority().Build()
}

// WithUserinfo returns u with its userinfo set to the raw text userinfo,
// without "@", which must match userinfo (RFC 3986, section 3.2.1); the
// error gives the offending offset in userinfo. "" gives an empty userinfo
// ("//@host"). Without an authority it fails with [ErrNoAuthority].
func (u URI) WithUserinfo(userinfo string) (v URI, err error) {
	if err := checkRaw(userinfo, mUserinfo, ComponentUserinfo); err != nil {
		return URI{}, err
	}
	var q part
	q.raw(iUserinfo, userinfo)
	err = apply(&v, &u, iUserinfo, &q, nil)
	return v, err
}

// WithDecodedUserinfo returns u with its userinfo set to the decoded text
// userinfo, percent-encoded as [EscapeUserinfo] does (":" stays literal:
// RFC 3986, section 3.2.1 deprecates "user:password" but the grammar allows
// it). Without an authority it fails with [ErrNoAuthority].
func (u URI) WithDecodedUserinfo(userinfo string) (v URI, err error) {
	var q part
	q.decoded(iUserinfo, userinfo, charset(EscapeUserinfo))
	err = apply(&v, &u, iUserinfo, &q, nil)
	return v, err
}

// WithoutUserinfo returns u without its userinfo, or u when it has none.
func (u URI) WithoutUserinfo() (v URI) {
	var q part
	q.drop()
	apply(&v, &u, iUserinfo, &q, nil) // a shorter text, valid as u was: no error
	return v
}

// WithHost returns u with its host set to the raw text host, as [URI.Host]
// returns it: an IP-literal with its brackets ("[::1]", "[v7.x]"), an
// IPv4address, or a percent-encoded reg-name (RFC 3986, section 3.2.2).
// Invalid text gives an error matching [ErrInvalidHost]. Without an
// authority one is added, which fails with [ErrPathNotAbsolute] when the
// path is not empty and does not begin with "/" (section 3.3).
func (u URI) WithHost(host string) (v URI, err error) {
	kind, herr := validHost(host)
	if herr != nil {
		return URI{}, herr
	}
	var q part
	q.set(host, len(host), partRaw, 0, 0) // q.host(host, csRaw, false), inlined
	err = apply(&v, &u, iHost, &q, &extra{hostKind: kind})
	return v, err
}

// WithDecodedHost returns u with its host set to the decoded text host, as
// [URI.DecodedHost] returns it: a string that is an IPv6address ("::1";
// zones are not part of RFC 3986) is written as an IP-literal, "[::1]";
// anything else is a reg-name, percent-encoded where needed (a UTF-8 name
// becomes triplets; IDNA is not applied), and an IPv4address when its text
// is one. An IPvFuture cannot be told from a reg-name such as "v1.example":
// set it with [URI.WithHost]. Adding an authority fails as for WithHost.
func (u URI) WithDecodedHost(host string) (v URI, err error) {
	brackets, cs, kind := decodedHostParts(host)
	var q part
	q.host(host, cs, brackets)
	err = apply(&v, &u, iHost, &q, &extra{hostKind: kind})
	return v, err
}

// WithAddr returns u with its host set to the IP address a: an IPv4address
// for an IPv4 address, an IP-literal such as "[2001:db8::1]" for an IPv6
// one (an IPv4-mapped address stays IPv6). An address with a zone is
// written as RFC 6874 has it, "[fe80::1%25eth0]", which only a parse with
// [Options] Zones reads back (RFC 9844 took zones out of URIs). An invalid
// address gives [ErrInvalidHost].
func (u URI) WithAddr(a netip.Addr) (v URI, err error) {
	text, kind, aerr := addrHost(a)
	if aerr != nil {
		return URI{}, aerr
	}
	var q part
	q.host(text, csRaw, kind == HostIPv6)
	err = apply(&v, &u, iHost, &q, &extra{hostKind: kind})
	return v, err
}

// WithPort returns u with its port set to the raw digits port, without ":".
// The port may be empty ("http://a:/") or exceed 65535: port = *DIGIT (RFC
// 3986, section 3.2.3); anything but digits gives an error matching
// [ErrInvalidPort]. A port has no percent-encoding, so it has no decoded
// form; [URI.WithPortNumber] sets it from a number. Without an authority it
// fails with [ErrNoAuthority].
func (u URI) WithPort(port string) (v URI, err error) {
	if err := checkPort(port); err != nil {
		return URI{}, err
	}
	var q part
	q.raw(iPort, port)
	err = apply(&v, &u, iPort, &q, nil)
	return v, err
}

// WithPortNumber returns u with its port set to port, written in decimal; 0
// is a port like any other ("http://a:0/"). It mirrors [URI.PortNumber].
// Without an authority it fails with [ErrNoAuthority].
func (u URI) WithPortNumber(port uint16) (v URI, err error) {
	var q part
	q.portNumber(port)
	err = apply(&v, &u, iPort, &q, &extra{port: port})
	return v, err
}

// WithoutPort returns u without its port (and its ":"), or u when it has
// none.
func (u URI) WithoutPort() (v URI) {
	var q part
	q.drop()
	apply(&v, &u, iPort, &q, nil) // a shorter text, valid as u was: no error
	return v
}

// WithPath returns u with its path set to the raw text path, which must
// match the path grammar (RFC 3986, section 3.3); the error gives the
// offending offset in path. Beside an authority the path must be empty or
// begin with "/" ([ErrPathNotAbsolute]); without one it must not begin with
// "//" ([ErrPathDoubleSlash]), and in a relative reference its first segment
// must not hold ":" ([ErrPathColon]).
func (u URI) WithPath(path string) (v URI, err error) {
	if err := checkRaw(path, mPath, ComponentPath); err != nil {
		return URI{}, err
	}
	var q part
	q.raw(iPath, path)
	err = apply(&v, &u, iPath, &q, nil)
	return v, err
}

// WithDecodedPath returns u with its path set to the decoded text path, in
// which "/" separates segments; everything else a segment cannot hold is
// percent-encoded, and in a relative reference without authority so is a
// ":" in the first segment (path-noscheme). The constraints on the first
// "/" are those of [URI.WithPath]; use [URI.WithDecodedSegments] for
// segments that hold "/".
func (u URI) WithDecodedPath(path string) (v URI, err error) {
	err = applyDecodedPath(&v, &u, path)
	return v, err
}

// applyDecodedPath is WithDecodedPath, apart so that WithDecodedPath is
// inlined: the caller's frame then holds the result that apply writes in
// place, where a result returned in registers was stored field by field
// and copied back with wide loads, which stall (store forwarding: a tenth
// of the time of the benchmark's call and String, perf).
func applyDecodedPath(out, u *URI, path string) error {
	var q part
	q.decodedPath(path)
	return apply(out, u, iPath, &q, nil)
}

// WithSegments returns u with its path made of the raw segments segs joined
// by "/", as [URI.Segments] returns them: u.WithSegments(u.Segments()...)
// is u. Each segment must match segment (RFC 3986, section 3.3), so it holds
// no "/". A leading empty segment makes the path absolute: ("", "a", "b")
// gives "/a/b", ("", "") gives "/", and no segment or a single empty one
// gives the empty path. The constraints are those of [URI.WithPath].
func (u URI) WithSegments(segs ...string) (v URI, err error) {
	if err := checkRawSegments(segs); err != nil {
		return URI{}, err
	}
	var q part
	q.segments(segs)
	err = apply(&v, &u, iPath, &q, &extra{segs: segs, segCS: csRaw})
	return v, err
}

// WithDecodedSegments returns u with its path made of the decoded segments
// segs, as [URI.DecodedSegments] returns them, each percent-encoded as a
// segment (so "/" inside one becomes "%2F") and joined by "/". The rest is
// as for [URI.WithSegments]. A segment "." or ".." is written as it is and
// keeps its meaning as a dot-segment (section 3.3): no encoding can make it
// data, since "%2E" is equivalent to "." (section 6.2.2.2).
func (u URI) WithDecodedSegments(segs ...string) (v URI, err error) {
	var q part
	q.segments(segs)
	err = apply(&v, &u, iPath, &q, &extra{segs: segs, segCS: charset(EscapeSegment)})
	return v, err
}

// AddSegment returns u with the raw segment seg added at the end of its
// path. A path ending in "/" has an empty last segment, which seg replaces:
// "/a/" and "/a" both give "/a/seg", and "/a/" stays as it is for an empty
// seg. An empty path beside an authority gives "/seg". seg must match
// segment (RFC 3986, section 3.3), and must hold no ":" when it becomes the
// first segment of a relative reference without authority ([ErrPathColon]).
func (u URI) AddSegment(seg string) (URI, error) {
	if err := checkRaw(seg, mPchar, ComponentPath); err != nil {
		return URI{}, err
	}
	if u.Path() == "" && !u.HasAuthority() && !u.HasScheme() {
		if err := checkPath(seg, false, true); err != nil {
			return URI{}, err
		}
	}
	return u.addSegment(seg, csRaw)
}

// AddDecodedSegment returns u with the decoded segment seg added at the end
// of its path, percent-encoded as a segment, as [URI.AddSegment] adds a raw
// one. It cannot fail.
func (u URI) AddDecodedSegment(seg string) (v URI, err error) {
	return u.addSegment(seg, charset(EscapeSegment))
}

// addSegment returns u with seg, written in cs, added to its path.
func (u URI) addSegment(seg string, cs charset) (v URI, err error) {
	var q part
	q.appended(seg, len(u.Path()))
	err = apply(&v, &u, iPath, &q, &extra{segCS: cs}) // the path stays valid: see AddSegment
	return v, err
}

// WithQuery returns u with its query set to the raw text query, without
// "?", which must match query (RFC 3986, section 3.4); the error gives the
// offending offset in query. "" gives an empty query ("?").
func (u URI) WithQuery(query string) (v URI, err error) {
	if err := checkRaw(query, mQuery, ComponentQuery); err != nil {
		return URI{}, err
	}
	var q part
	q.raw(iQuery, query)
	err = apply(&v, &u, iQuery, &q, nil)
	return v, err
}

// WithDecodedQuery returns u with its query set to the decoded text query,
// percent-encoded as [EscapeQuery] does: "&" and "=" stay literal, so the
// text keeps any pair structure it has; use a [Query] to build pairs from
// data. "" gives an empty query ("?").
func (u URI) WithDecodedQuery(query string) (v URI, err error) {
	err = applyDecoded(&v, &u, iQuery, query, charset(EscapeQuery))
	return v, err
}

// WithoutQuery returns u without its query (and its "?"), or u when it has
// none.
func (u URI) WithoutQuery() (v URI) {
	var q part
	q.drop()
	apply(&v, &u, iQuery, &q, nil) // a shorter text, valid as u was: no error
	return v
}

// WithFragment returns u with its fragment set to the raw text fragment,
// without "#", which must match fragment (RFC 3986, section 3.5); the error
// gives the offending offset in fragment. "" gives an empty fragment ("#").
func (u URI) WithFragment(fragment string) (v URI, err error) {
	if err := checkRaw(fragment, mQuery, ComponentFragment); err != nil {
		return URI{}, err
	}
	var q part
	q.raw(iFragment, fragment)
	err = apply(&v, &u, iFragment, &q, nil)
	return v, err
}

// WithDecodedFragment returns u with its fragment set to the decoded text
// fragment, percent-encoded as [EscapeFragment] does. "" gives an empty
// fragment ("#").
func (u URI) WithDecodedFragment(fragment string) (v URI, err error) {
	err = applyDecoded(&v, &u, iFragment, fragment, charset(EscapeFragment))
	return v, err
}

// applyDecoded is WithDecodedQuery and WithDecodedFragment, apart so that
// they are inlined (see applyDecodedPath): component c set to the decoded
// text, written in charset cs.
func applyDecoded(out, u *URI, c int, text string, cs charset) error {
	var q part
	q.decoded(c, text, cs)
	return apply(out, u, c, &q, nil)
}

// WithoutFragment returns u without its fragment (and its "#"), or u when it
// has none.
func (u URI) WithoutFragment() (v URI) {
	var q part
	q.drop()
	apply(&v, &u, iFragment, &q, nil) // a shorter text, valid as u was: no error
	return v
}

// Builder makes a URI reference from several edits with one allocation. Its
// setters follow the edits of [URI]: SetX takes raw text, SetDecodedX
// decoded text, RemoveX makes a component absent. A setter records the
// first error it meets (invalid raw text, with its offset in the text
// given); [Builder.Build] returns it, or checks the constraints between the
// components (RFC 3986, section 3.3) and writes the reference. Setters
// return the Builder, so calls chain:
//
//	u, err := base.Builder().SetDecodedPath("/a b").SetQuery("x=1").Build()
//
// The edits of [URI] are this engine with one setter: u.WithX(v) and
// u.Builder().SetX(v).Build() make the same part, pass the same checks and
// are written by the same code, so they give the same value and the same
// error.
//
// Decoded text is encoded for the reference Build writes, whatever the
// order of the setters: a ":" in the first segment of a decoded path is
// encoded only when the result has neither a scheme nor an authority, so
// SetDecodedPath("a:b").SetScheme("s") gives "s:a:b". That is RFC 3986's
// answer: percent-encoding is done when a URI is produced from its
// components (section 2.4), and a reserved character is encoded only where
// it would otherwise be read as a delimiter (section 2.2); in "s:a:b" the
// path-rootless takes ":" as data (section 3.3), where a relative path must
// not (path-noscheme). "s:a%3Ab" is not equivalent to it (section 6.2.2.2
// decodes only unreserved characters); it is what WithDecodedPath("a:b") on
// a relative reference, then WithScheme("s"), gives: two requests, the first
// of which had to encode the ":".
//
// The zero Builder builds the empty reference "". A Builder is not safe for
// concurrent use; the URIs it builds are.
type Builder struct {
	base URI
	// parts[c] is what Build writes for component c: the base's text, with
	// its delimiters, until a setter replaces it.
	parts [numComps]part
	extra
	auth pieceState // pieceSet adds an authority, pieceRemove removes it
	err  error
}

// extra is what the parts of an edit refer to beyond their text. A Builder
// holds one for all its parts; an edit of URI makes one beside its part.
type extra struct {
	segs     []string // the path, for csSegments
	segCS    charset  // how segs, or the segment of csAppend, are escaped
	port     uint16   // the port, for csNumber
	hostKind HostKind // of a host set
}

// pieceState tells what a part does to its component.
type pieceState uint8

const (
	pieceKeep   pieceState = iota // the component stays as the base has it
	pieceSet                      // the part's text replaces it
	pieceRemove                   // the component becomes absent
)

// part is the text of one component of a Builder: the delimiter pre (0 for
// none), text in charset cs, then the delimiter post. A part in charset
// partRaw, which every kept or raw component is, is written as it is; the
// others are escaped, or say where the text is (they are settled by Build:
// see appendSettled). n is the length of all that once written, which raw
// text and a port number know, so that Build adds up the lengths, writes the
// result once into a slice of that length and makes it the string (see
// Build for the measured reason); for the others it is -1-max, where max
// bounds that length.
// A kept component is the base's text with its delimiters.
type part struct {
	text      string
	n         int32
	cs        charset
	state     pieceState
	pre, post byte
}

// partRaw is the charset of a part written as it is. A Builder never
// escapes with csUnreserved, so its value, 0, can say "as it is" and the
// zero part is the empty kept component.
const partRaw = csUnreserved

// set makes p set its component to text between pre and post, n bytes
// once written. It assigns field by field: a part literal is put together
// on the stack and copied, and the copy's wide loads of narrow stores stall
// (store forwarding), which took a sixth of the time of Build (pprof).
func (p *part) set(text string, n int, cs charset, pre, post byte) {
	if n > 1<<31-1 {
		n = -(1 << 31) // measured by Build, and too long for its stack buffer
	}
	p.text, p.n, p.cs, p.state, p.pre, p.post = text, int32(n), cs, pieceSet, pre, post
}

// setMax is set for a part whose length Build measures, at most max bytes.
func (p *part) setMax(text string, max int, cs charset, pre, post byte) {
	p.set(text, -1-min(max, 1<<31-1), cs, pre, post)
}

// raw makes p set component c to the raw text text, with c's delimiters.
func (p *part) raw(c int, text string) {
	p.set(text, len(text)+numDelims[c], partRaw, delims[c][0], delims[c][1])
}

// decoded makes p set component c to the decoded text text, written in
// charset cs: as it is when it needs no escaping.
func (p *part) decoded(c int, text string, cs charset) {
	if firstUnsafe(text, cs.bit()) == len(text) {
		p.raw(c, text) // as it is, of known length
		return
	}
	p.setMax(text, 3*len(text)+numDelims[c], cs, delims[c][0], delims[c][1])
}

// drop makes p remove its component.
func (p *part) drop() {
	p.set("", 0, partRaw, 0, 0)
	p.state = pieceRemove
}

// host makes p set the host to text written in charset cs, between
// brackets when brackets is set.
func (p *part) host(text string, cs charset, brackets bool) {
	m := len(text)
	var pre, post byte
	if brackets {
		pre, post, m = '[', ']', m+2
	}
	if cs != csRaw {
		p.setMax(text, 3*m, cs, pre, post)
		return
	}
	p.set(text, m, partRaw, pre, post)
}

// portNumber makes p set the port to the number in x.port.
func (p *part) portNumber(port uint16) { p.set("", 1+portLen(port), csNumber, ':', 0) }

// decodedPath makes p set the path to the decoded text path.
func (p *part) decodedPath(path string) { p.setMax(path, 3*len(path), csDecodedPath, 0, 0) }

// segments makes p set the path to the segments in x.segs.
func (p *part) segments(segs []string) { p.setMax("", segsMax(segs), csSegments, 0, 0) }

// appended makes p add the segment seg to a base path of pathLen bytes.
func (p *part) appended(seg string, pathLen int) {
	p.setMax(seg, pathLen+1+3*len(seg), csAppend, 0, 0)
}

// max returns the length of p once written, or a bound on it.
func (p *part) max() int {
	if p.n < 0 {
		return -1 - int(p.n)
	}
	return int(p.n)
}

// b2i returns 1 for true and 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// delims[c] are the delimiters written before and after component c,
// 0 for none, and numDelims[c] their number (a table: counting them in put
// cost Build-raw about 60 instructions, callgrind).
var (
	delims = [numComps][2]byte{
		iScheme:   {0, ':'},
		iUserinfo: {0, '@'},
		iPort:     {':', 0},
		iQuery:    {'?', 0},
		iFragment: {'#', 0},
	}
	numDelims = [numComps]int{iScheme: 1, iUserinfo: 1, iPort: 1, iQuery: 1, iFragment: 1}
)

// Charsets of a part beyond those of escaping.
const (
	csNumber      = csPathNoScheme + 1 + iota // the Builder's port, in decimal
	csSegments                                // the Builder's segs, joined by "/"
	csAppend                                  // the base path, then text as one more segment
	csDecodedPath                             // decoded text, in pathCharset once settled
)

// Builder returns a Builder that starts from u: the components no setter
// changes are u's.
func (u URI) Builder() *Builder {
	b := new(Builder)
	b.start(u)
	return b
}

// start makes u the base of b: each part holds u's text of its component,
// with its delimiters (the userinfo's "//" is Build's to write).
func (b *Builder) start(u URI) {
	b.base = u
	for c := range b.parts {
		p := &b.parts[c]
		from, to := u.span(c)
		// set, for its bound on n: a component over 2 GiB is measured by
		// Build, not wrapped to a wrong int32 (TestMaxTextLength).
		p.set(u.s[from:to], to-from, partRaw, 0, 0)
		p.state = pieceKeep
	}
}

// fail records err if it is the first error.
func (b *Builder) fail(err *Error) *Builder {
	if b.err == nil {
		b.err = err
	}
	return b
}

// put sets component c to the raw text text.
func (b *Builder) put(c int, text string) *Builder {
	b.parts[c].raw(c, text)
	return b
}

// putDecoded sets component c to the decoded text text, written in charset
// cs: as it is when it needs no escaping.
func (b *Builder) putDecoded(c int, text string, cs charset) *Builder {
	b.parts[c].decoded(c, text, cs)
	return b
}

// drop makes component c absent.
func (b *Builder) drop(c int) *Builder {
	b.parts[c].drop()
	return b
}

// SetScheme sets the scheme, given without ":" (see [URI.WithScheme]).
func (b *Builder) SetScheme(scheme string) *Builder {
	if err := checkScheme(scheme); err != nil {
		return b.fail(err)
	}
	return b.put(iScheme, scheme)
}

// RemoveScheme makes the reference relative.
func (b *Builder) RemoveScheme() *Builder { return b.drop(iScheme) }

// SetAuthority sets the authority from its raw text, without "//" (see
// [URI.WithAuthority]).
func (b *Builder) SetAuthority(authority string) *Builder {
	var o offsets
	end, err := parseAuthority(authority, 0, &o, 0)
	if err == nil && end < len(authority) {
		// A "/", "?" or "#" ends an authority, so cannot be in one.
		comp := ComponentHost
		if int(o.hostEnd) < end {
			comp = ComponentPort
		}
		err = newError(authority, end, comp, ErrInvalidCharacter)
	}
	if err != nil {
		return b.fail(err)
	}
	b.drop(iUserinfo)
	if o.hostStart > 0 {
		b.put(iUserinfo, authority[:o.hostStart-1])
	}
	b.setHost(authority[o.hostStart:o.hostEnd], csRaw, false, o.kind)
	b.drop(iPort)
	if int(o.hostEnd) < len(authority) {
		b.put(iPort, authority[o.hostEnd+1:])
	}
	return b
}

// RemoveAuthority removes the authority: "//", userinfo, host and port.
func (b *Builder) RemoveAuthority() *Builder {
	b.auth = pieceRemove
	return b.drop(iUserinfo).drop(iHost).drop(iPort)
}

// SetUserinfo sets the userinfo from raw text, without "@".
func (b *Builder) SetUserinfo(userinfo string) *Builder {
	if err := checkRaw(userinfo, mUserinfo, ComponentUserinfo); err != nil {
		return b.fail(err)
	}
	return b.put(iUserinfo, userinfo)
}

// SetDecodedUserinfo sets the userinfo from decoded text.
func (b *Builder) SetDecodedUserinfo(userinfo string) *Builder {
	return b.putDecoded(iUserinfo, userinfo, charset(EscapeUserinfo))
}

// RemoveUserinfo removes the userinfo.
func (b *Builder) RemoveUserinfo() *Builder { return b.drop(iUserinfo) }

// SetHost sets the host from raw text, adding an authority when there is
// none (see [URI.WithHost]).
func (b *Builder) SetHost(host string) *Builder {
	kind, err := validHost(host)
	if err != nil {
		return b.fail(err)
	}
	return b.setHost(host, csRaw, false, kind)
}

// SetDecodedHost sets the host from decoded text, adding an authority when
// there is none (see [URI.WithDecodedHost]).
func (b *Builder) SetDecodedHost(host string) *Builder {
	brackets, cs, kind := decodedHostParts(host)
	return b.setHost(host, cs, brackets, kind)
}

// SetAddr sets the host to the IP address a (see [URI.WithAddr]).
func (b *Builder) SetAddr(a netip.Addr) *Builder {
	text, kind, err := addrHost(a)
	if err != nil {
		return b.fail(err)
	}
	return b.setHost(text, csRaw, kind == HostIPv6, kind)
}

func (b *Builder) setHost(text string, cs charset, brackets bool, kind HostKind) *Builder {
	b.auth, b.hostKind = pieceSet, kind
	b.parts[iHost].host(text, cs, brackets)
	return b
}

// SetPort sets the port from its raw digits, without ":".
func (b *Builder) SetPort(port string) *Builder {
	if err := checkPort(port); err != nil {
		return b.fail(err)
	}
	return b.put(iPort, port)
}

// SetPortNumber sets the port to port, in decimal.
func (b *Builder) SetPortNumber(port uint16) *Builder {
	b.port = port
	b.parts[iPort].portNumber(port)
	return b
}

// RemovePort removes the port and its ":".
func (b *Builder) RemovePort() *Builder { return b.drop(iPort) }

// SetPath sets the path from raw text (see [URI.WithPath]).
func (b *Builder) SetPath(path string) *Builder {
	if err := checkRaw(path, mPath, ComponentPath); err != nil {
		return b.fail(err)
	}
	return b.put(iPath, path)
}

// SetDecodedPath sets the path from decoded text, "/" between segments
// (see [URI.WithDecodedPath]).
func (b *Builder) SetDecodedPath(path string) *Builder {
	b.parts[iPath].decodedPath(path)
	return b
}

// SetSegments sets the path from raw segments (see [URI.WithSegments]).
func (b *Builder) SetSegments(segs ...string) *Builder {
	if err := checkRawSegments(segs); err != nil {
		return b.fail(err)
	}
	return b.setSegments(segs, csRaw)
}

// checkRawSegments validates raw segments: each must match segment (RFC
// 3986, section 3.3), so holds no "/".
func checkRawSegments(segs []string) *Error {
	for _, s := range segs {
		if err := checkRaw(s, mPchar, ComponentPath); err != nil {
			return err
		}
	}
	return nil
}

// SetDecodedSegments sets the path from decoded segments (see
// [URI.WithDecodedSegments]).
func (b *Builder) SetDecodedSegments(segs ...string) *Builder {
	return b.setSegments(segs, charset(EscapeSegment))
}

func (b *Builder) setSegments(segs []string, cs charset) *Builder {
	b.segs, b.segCS = segs, cs
	b.parts[iPath].segments(segs)
	return b
}

// segsMax bounds the length of segs joined by "/", each escaped.
func segsMax(segs []string) int {
	n := len(segs)
	for _, s := range segs {
		n += 3 * len(s)
	}
	return n
}

// SetQuery sets the query from raw text, without "?".
func (b *Builder) SetQuery(query string) *Builder {
	if err := checkRaw(query, mQuery, ComponentQuery); err != nil {
		return b.fail(err)
	}
	return b.put(iQuery, query)
}

// SetDecodedQuery sets the query from decoded text (see
// [URI.WithDecodedQuery]).
func (b *Builder) SetDecodedQuery(query string) *Builder {
	return b.putDecoded(iQuery, query, charset(EscapeQuery))
}

// SetQueryParams sets the query to q's text; an empty q gives an empty
// query ("?"), as SetQuery("") does.
func (b *Builder) SetQueryParams(q Query) *Builder { return b.put(iQuery, q.raw) }

// RemoveQuery removes the query and its "?".
func (b *Builder) RemoveQuery() *Builder { return b.drop(iQuery) }

// SetFragment sets the fragment from raw text, without "#".
func (b *Builder) SetFragment(fragment string) *Builder {
	if err := checkRaw(fragment, mQuery, ComponentFragment); err != nil {
		return b.fail(err)
	}
	return b.put(iFragment, fragment)
}

// SetDecodedFragment sets the fragment from decoded text.
func (b *Builder) SetDecodedFragment(fragment string) *Builder {
	return b.putDecoded(iFragment, fragment, charset(EscapeFragment))
}

// RemoveFragment removes the fragment and its "#".
func (b *Builder) RemoveFragment() *Builder { return b.drop(iFragment) }

// Build returns the reference made of the starting URI and the setters'
// changes, or the first error: a setter's, [ErrNoAuthority] for a userinfo
// or port without a host, or a path that breaks RFC 3986, section 3.3
// ([ErrPathNotAbsolute], [ErrPathDoubleSlash], [ErrPathColon]). It does not
// change b.
func (b *Builder) Build() (v URI, err error) {
	if b.err != nil {
		return URI{}, b.err
	}
	u, p := &b.base, &b.parts
	switch c := b.single(); {
	case c < 0:
		return *u, nil // nothing changed
	case c < numComps && (b.auth == pieceKeep || u.hasAuth()):
		// One component, beside the base's authority or none: what the
		// edits of URI ask.
		err = apply(&v, u, c, &p[c], &b.extra)
		return v, err
	}
	e := eng{base: u, path: &p[iPath], x: &b.extra}
	scheme := u.hasScheme() && p[iScheme].state != pieceRemove || p[iScheme].state == pieceSet
	auth := u.hasAuth()
	if b.auth != pieceKeep {
		auth = b.auth == pieceSet
	}
	if !auth {
		// Userinfo, host and port are not written: a userinfo or a port
		// set is an error, and those of the base are empty or removed.
		for _, c := range [...]int{iUserinfo, iPort} {
			if p[c].state == pieceSet {
				return URI{}, noAuthority(c, &p[c], &b.extra)
			}
		}
	}
	var pathCS, firstCS charset
	if q := &p[iPath]; auth && (q.state == pieceKeep && u.hasAuth() || rawAbsolute(q)) {
		// The base's path beside its own authority, or a raw path that
		// is empty or absolute, is all section 3.3 asks beside an
		// authority (see checkPath), and is written as it is: settlePath
		// has nothing to do (it cost Build-raw 1551 instructions instead
		// of 1493, callgrind).
	} else {
		var perr *Error
		if pathCS, firstCS, perr = settlePath(u, &p[iPath], &b.extra, scheme, auth); perr != nil {
			return URI{}, perr
		}
	}

	// The result is written once, into a slice of its length that becomes
	// the string, when every part knows its length (see part); else into
	// a stack buffer when the bounds say it fits, and converted, which
	// costs less than measuring the text to escape first; else it is
	// measured. (A 256-byte stack buffer for every result, as before, cost
	// Build-raw 1880 instructions instead of 1543, callgrind: zeroing the
	// buffer, a second copy, and a loop over the parts.)
	n := int(p[0].n) + int(p[1].n) + int(p[2].n) + int(p[3].n) + int(p[4].n) + int(p[5].n) + int(p[6].n)
	if p[0].n|p[1].n|p[2].n|p[3].n|p[4].n|p[5].n|p[6].n < 0 {
		if b.bound() <= spliceBuf-2 {
			b.buildSmall(&e, &v, auth, pathCS, firstCS)
			return v, nil
		}
		n = b.measure(&e, pathCS, firstCS)
	}
	if auth {
		n += 2 // "//"
	}
	if uint(n) > MaxTextLength {
		return URI{}, errTextTooLong()
	}
	v.s = bytesString(b.appendAll(&e, make([]byte, 0, n), auth, pathCS, firstCS, &v))
	return v, nil
}

// eng is what the engine's steps read beside a part: the base, the part of
// the path (whose charset the other parts' writing may depend on), and the
// extras. A Builder makes one over its own fields; apply over an edit's.
type eng struct {
	base *URI
	path *part
	x    *extra
}

// hasAuth is [URI.HasAuthority] and hasScheme [URI.HasScheme] for a
// *URI: a value method called through a pointer copies the whole URI first,
// and the copy's wide loads of the field-by-field stores that made it
// stall (store forwarding; a quarter of apply's time in WithDecodedPath,
// perf).
func (o *offsets) hasAuth() bool   { return o.pathStart > o.schemeEnd }
func (o *offsets) hasScheme() bool { return o.schemeEnd > 0 }

// apply is the engine for a change of component c alone, made by part q
// and x, beside the base's authority or none (a host set where there is no
// authority adds one, which Build does): every edit of URI, and Build when
// one setter was called. It checks what the change asks of RFC 3986,
// section 3.3 (a userinfo or port needs an authority; a path, or a path
// that loses its scheme, must fit the rest), then copies the base's text
// before and after c around c's new text, and moves the layout after c by
// the difference in length. Removing the first or the last component
// allocates nothing.
func apply(out, u *URI, c int, q *part, x *extra) error {
	var pathCS, firstCS charset
	switch c {
	case iHost:
		if !u.hasAuth() {
			return applyAuthority(out, u, q, x)
		}
	case iUserinfo, iPort:
		if !u.hasAuth() && q.state == pieceSet {
			return noAuthority(c, q, x)
		}
	case iScheme, iPath:
		if c == iPath && u.hasAuth() {
			if rawAbsolute(q) {
				break // as in Build: nothing to check or settle
			}
			if q.state == pieceSet && q.cs == csDecodedPath && (q.text == "" || q.text[0] == '/') {
				// What settlePath gives a decoded path that is empty or
				// absolute beside an authority, without its three calls
				// (WithDecodedPath of 16 bytes 824 -> 726 instructions,
				// callgrind).
				pathCS = pathCharset(u.hasScheme(), true)
				break
			}
		}
		if c == iPath || q.state == pieceRemove {
			// Another change leaves a valid base's path valid: a scheme
			// added only lifts path-noscheme's rule.
			var err *Error
			if pathCS, firstCS, err = settleOne(u, c, q, x); err != nil {
				return err
			}
		}
	}
	// The base's text before and after c, copied around c's new text.
	from, to := u.span(c)
	if q.state == pieceRemove {
		switch {
		case from == 0:
			*out = *u
			out.replace(u.s[to:], c, from-to)
			return nil
		case to == len(u.s):
			*out = *u
			out.replace(u.s[:from], c, from-to)
			return nil
		}
	}
	// What the part's writing reads beside it, for a part not written as
	// it is (x is nil for a part that refers to nothing else).
	e := eng{base: u, path: q, x: x}
	m := int(q.n)
	escCS, escN := q.cs, -1 // text escaped in escCS to escN bytes, once measured
	onePass := false        // short decoded text, written into room for 3 bytes an octet
	clean := -1             // its literal octets before the first to encode, if known
	exact := false          // very short decoded text, measured, written with tab
	var tab *escTable
	if escCS == csDecodedPath {
		escCS = pathCS
	}
	switch {
	case m >= 0:
	case q.cs == csNumber || q.cs == csSegments || q.cs == csAppend:
		m = e.textLen(q, pathCS, firstCS) + b2i(q.pre != 0) + b2i(q.post != 0)
	case len(q.text) <= onePassMax && len(u.s) <= MaxTextLength/2:
		if q.cs == csDecodedPath && escCS < numCharsets {
			// The literal octets a decoded path begins with (the other
			// decoded parts were looked at when made: see decoded):
			// when that is all of it, it is copied whole into a string
			// of its length, not into room for three bytes an octet,
			// which cost clean text a larger allocation than net/url's
			// (16 bytes: 80 bytes instead of 48) and time (CPU time,
			// bench/row38.sh). Text that needs encoding pays a scan up
			// to its first octet to encode, which fillAfter then skips.
			if clean = firstUnsafe(q.text, escCS.bit()); clean == len(q.text) {
				escCS, escN = csRaw, len(q.text)
				m = escN + b2i(q.pre != 0) + b2i(q.post != 0)
				break
			}
		}
		if len(q.text) <= exactMax && escCS < numCharsets {
			// Very short text is measured, and its result written at
			// its length (see exact below): more instructions than the
			// one pass into room for three bytes an octet, and less
			// time. 16 bytes, a space in six (bench/row38.sh):
			// WithDecodedQuery 759 -> 866 instructions but 81 -> 69 ns
			// (CPU time, the least of 7 rounds; net/url 111 ns), a
			// string of 48 bytes instead of 80.
			exact, tab = true, &escTables[escCS]
			clean = max(clean, 0)
			escN = clean + escapedLen(q.text[clean:], tab)
			m = escN + b2i(q.pre != 0) + b2i(q.post != 0)
			break
		}
		// Short decoded text, not measured first: room for three bytes
		// an octet, which appendEscape fills in one pass; the string
		// keeps the room it did not use. WithDecodedQuery on userbait:
		// 1550 -> 1166 instructions, WithDecodedPath 1543 -> 1134
		// (bench/editinstr.sh). And a byte more, so that the writing
		// of the last octet need not be apart (putWords).
		onePass = true
		m = 3*len(q.text) + 1 + b2i(q.pre != 0) + b2i(q.post != 0)
	default:
		// Decoded text: measured here, then written by appendEscaped to
		// that length, which spares appendEscape's second look at it
		// (WithDecodedPath on kasztp: 1878 -> 1551 instructions, callgrind).
		var changed bool
		if escN, changed = escapeLen(q.text, escCS); !changed {
			// Nothing to encode: copied whole, not written octet by
			// octet (WithDecodedPath of 1 KiB of clean text: 22,735 ->
			// 6,400 instructions, net/url 11,003; bench/row38.sh).
			escCS = csRaw
		}
		m = escN + b2i(q.pre != 0) + b2i(q.post != 0)
	}
	n := len(u.s) - (to - from) + m
	if uint(n) > MaxTextLength {
		return errTextTooLong()
	}
	if exact {
		// The result's text and layout are stored first, then its
		// bytes are written: the caller copies the result with wide
		// loads, which wait for narrow stores not yet done (store
		// forwarding), and the layout's came last, where they cost
		// WithDecodedQuery of 16 bytes 7% of its time (perf). The text
		// has three bytes to spare, for fillTight's last words.
		t := make([]byte, n, n+3)
		*out = *u
		out.replace(bytesString(t), c, m-(to-from))
		if c == iHost {
			out.endHost(int(out.hostEnd), x.hostKind)
		}
		j := copy(t, u.s[:from])
		if q.pre != 0 {
			t[j] = q.pre
			j++
		}
		if clean >= 8 {
			copy(t[j:], q.text[:clean])
		} else {
			clean = 0 // a short run: cheaper in the loop than a copy
		}
		fillTight(t[j+clean:], q.text[clean:], tab)
		j += escN
		if q.post != 0 {
			t[j] = q.post
			j++
		}
		if to < len(u.s) {
			copy(t[j:], u.s[to:])
		}
		return nil
	}
	t := make([]byte, 0, n)
	t = append(t, u.s[:from]...)
	switch {
	case q.cs == partRaw:
		t = appendRaw(t, q)
	case onePass:
		l := len(t)
		if q.pre != 0 {
			t = append(t, q.pre)
		}
		switch room := t[len(t):cap(t)]; {
		case clean >= 0:
			t = t[:len(t)+fillAfter(room, q.text, escCS.table(), clean)]
		case escCS < numCharsets:
			// One table, and room for three bytes an octet: what
			// appendEscape would find, without its tests (WithDecodedQuery
			// of 16 bytes 776 -> 759 instructions, callgrind).
			t = t[:len(t)+fillFrom(room, q.text, &escTables[escCS])]
		default:
			t = appendEscape(t, q.text, escCS)
		}
		if q.post != 0 {
			t = append(t, q.post)
		}
		m = len(t) - l
	case escN >= 0:
		if q.pre != 0 {
			t = append(t, q.pre)
		}
		if escCS == csRaw {
			t = append(t, q.text...) // nothing to encode: a copy, without a call
		} else {
			t = appendEscaped(t, q.text, escCS, escN)
		}
		if q.post != 0 {
			t = append(t, q.post)
		}
	default:
		t = e.appendPart(t, q, pathCS, firstCS)
	}
	t = append(t, u.s[to:]...)
	*out = *u
	out.replace(bytesString(t), c, m-(to-from))
	if c == iHost {
		out.endHost(int(out.hostEnd), x.hostKind)
	}
	return nil
}

// applyAuthority is apply for a host set where the base has no authority,
// which adds one: a Builder writes it.
func applyAuthority(out, u *URI, q *part, x *extra) error {
	b := Builder{auth: pieceSet}
	b.start(*u)
	b.parts[iHost], b.hostKind = *q, x.hostKind
	v, err := b.Build()
	*out = v
	return err
}

// onePassMax is the longest decoded text that apply writes without
// measuring it first, into room for three bytes an octet: at most twice its
// length left unused in the string.
const onePassMax = 128

// exactMax is the longest decoded text that apply measures before writing
// it where it would write it in one pass (onePassMax). At 32, the 23 bytes
// of bench/editinstr.sh's WithDecodedQuery ("q=café au lait&lang=en") took
// 1,103 instructions instead of 973 on userbait (net/url 1,127), in time
// not measured: the measure costs more as the text grows, and the result
// saves less. 16 keeps the measured gain and leaves that case as it was.
const exactMax = 16

// rawAbsolute reports whether p sets a raw path that is empty or begins
// with "/", which is valid beside any authority (RFC 3986, section 3.3).
func rawAbsolute(p *part) bool {
	return p.state == pieceSet && p.cs == partRaw && (p.text == "" || p.text[0] == '/')
}

// settleOne is settlePath for a change of component c alone: the path set
// by q, or the base's path beside the scheme q removes.
func settleOne(u *URI, c int, q *part, x *extra) (cs, first charset, err *Error) {
	var p *part // the base's path, when c is not the path
	if c == iPath {
		p = q
	}
	return settlePath(u, p, x, u.hasScheme() && c != iScheme, u.hasAuth())
}

// single returns the one component that b changes, or -1 when it changes
// none, or numComps when it changes more than one.
func (b *Builder) single() int {
	c := -1
	for i := range b.parts {
		if b.parts[i].state != pieceKeep {
			if c >= 0 {
				return numComps
			}
			c = i
		}
	}
	return c
}

// noAuthority is the error of a userinfo or port set without an authority.
func noAuthority(c int, q *part, x *extra) *Error {
	if c == iUserinfo {
		// A copy of the text, as pathError makes.
		return newError(strings.Clone(q.text), 0, ComponentUserinfo, ErrNoAuthority)
	}
	text := strings.Clone(q.text)
	if q.cs == csNumber {
		text = strconv.Itoa(int(x.port))
	}
	return newError(text, 0, ComponentPort, ErrNoAuthority)
}

// settlePath checks the path that Build writes against RFC 3986, section
// 3.3, given whether the result has a scheme and an authority, and returns
// the charsets its text (or its segments after the first) and its first
// segment are written in.
func settlePath(base *URI, p *part, x *extra, scheme, auth bool) (cs, first charset, err *Error) {
	noScheme := !scheme && !auth
	switch {
	case p == nil || p.state != pieceSet:
		return partRaw, 0, pathError(base.Path(), auth, noScheme)
	case p.cs == csDecodedPath:
		return pathCharset(scheme, auth), 0, pathError(p.text, auth, false)
	case p.cs == csSegments:
		cs, first = x.segCS, x.segCS
		if x.segCS != csRaw {
			first = segCharset(scheme, auth)
		} else if noScheme && len(x.segs) > 0 {
			if err := pathError(x.segs[0], false, true); err != nil {
				return cs, first, err
			}
		}
		return cs, first, checkSegments(x.segs, auth)
	case p.cs == csAppend:
		// Only URI.AddSegment appends, to a path valid where it is; a
		// segment that becomes the first of a relative path is checked
		// there (raw) or encoded as one (decoded).
		first = x.segCS
		if x.segCS != csRaw && noScheme && base.Path() == "" {
			first = csSegNC
		}
		return p.cs, first, nil
	}
	return p.cs, 0, pathError(p.text, auth, noScheme)
}

// pathError is checkPath for the text of a Builder's part, whose error
// holds a copy of the text: a Builder's texts must not flow into an error
// (escape analysis, which does not tell a struct's fields apart, would then
// move every slice a Builder holds to the heap, such as the segments that
// URI.WithSegments takes, an allocation for each call).
func pathError(path string, auth, colon bool) *Error {
	if off, cause := pathViolation(path, auth, colon); cause != nil {
		return newError(strings.Clone(path), off, ComponentPath, cause)
	}
	return nil
}

// appendSep returns what goes between the base path and an appended
// segment: "/" unless the path ends with one, or is empty without an
// authority.
func (e *eng) appendSep(auth bool) (path, sep string) {
	path = e.base.Path()
	switch {
	case path == "" && auth:
		return path, "/"
	case path == "" || path[len(path)-1] == '/':
		return path, ""
	}
	return path, "/"
}

// measure returns the length of what Build writes but the "//".
func (b *Builder) measure(e *eng, pathCS, firstCS charset) int {
	n := 0
	for c := range b.parts {
		q := &b.parts[c]
		m := int(q.n)
		if m < 0 {
			m = e.textLen(q, pathCS, firstCS) + b2i(q.pre != 0) + b2i(q.post != 0)
		}
		n += m
	}
	return n
}

// bound returns a bound on the length of what Build writes but the "//".
func (b *Builder) bound() int {
	p := &b.parts
	return p[0].max() + p[1].max() + p[2].max() + p[3].max() + p[4].max() + p[5].max() + p[6].max()
}

// buildSmall is Build for a result that a bound says fits in a stack
// buffer: written there in one pass (escaping has room for three bytes per
// octet, see appendEscape), then copied into the string. It writes v.
func (b *Builder) buildSmall(e *eng, v *URI, auth bool, pathCS, firstCS charset) {
	var buf [spliceBuf]byte
	v.s = string(b.appendAll(e, buf[:0], auth, pathCS, firstCS, v))
}

// spliceBuf is the size of buildSmall's stack buffer.
const spliceBuf = 256

// appendAll appends what Build writes to t and marks v's layout as it goes
// (the writer's marks: a writer struct here makes t escape). The parts are unrolled, as in Build, and those written
// as they are appended in place (a call for each cost Build-decoded 1967
// instructions instead of 1898, callgrind; a loop over the parts, 1990).
func (b *Builder) appendAll(e *eng, t []byte, auth bool, pathCS, firstCS charset, v *URI) []byte {
	p := &b.parts
	if q := &p[iScheme]; q.cs == partRaw {
		t = appendRaw(t, q)
	} else {
		t = e.appendPart(t, q, pathCS, firstCS)
	}
	v.endScheme(len(t))
	if auth {
		// Without an authority, userinfo, host and port are empty or
		// removed (see Build), and nothing is written or marked.
		t = append(t, '/', '/')
		if q := &p[iUserinfo]; q.cs == partRaw {
			t = appendRaw(t, q)
		} else {
			t = e.appendPart(t, q, pathCS, firstCS)
		}
		v.endUserinfo(len(t))
		if q := &p[iHost]; q.cs == partRaw {
			t = appendRaw(t, q)
		} else {
			t = e.appendPart(t, q, pathCS, firstCS)
		}
		kind := b.base.kind
		if p[iHost].state == pieceSet {
			kind = b.hostKind
		}
		v.endHost(len(t), kind)
		if q := &p[iPort]; q.cs == partRaw {
			t = appendRaw(t, q)
		} else {
			t = e.appendPart(t, q, pathCS, firstCS)
		}
		v.endAuthority(len(t))
	}
	if q := &p[iPath]; q.cs == partRaw {
		t = appendRaw(t, q)
	} else {
		t = e.appendPart(t, q, pathCS, firstCS)
	}
	v.endPath(len(t))
	if q := &p[iQuery]; q.cs == partRaw {
		t = appendRaw(t, q)
	} else {
		t = e.appendPart(t, q, pathCS, firstCS)
	}
	v.endQuery(len(t))
	if q := &p[iFragment]; q.cs == partRaw {
		t = appendRaw(t, q)
	} else {
		t = e.appendPart(t, q, pathCS, firstCS)
	}
	return t
}

// appendRaw appends part q, which is written as it is, to t.
func appendRaw(t []byte, q *part) []byte {
	if q.n == 0 {
		return t // an absent or empty component
	}
	if q.pre != 0 {
		t = append(t, q.pre)
	}
	t = append(t, q.text...)
	if q.post != 0 {
		t = append(t, q.post)
	}
	return t
}

// appendPart appends part q, which is not written as it is (appendRaw
// writes those), to t.
func (e *eng) appendPart(t []byte, q *part, pathCS, firstCS charset) []byte {
	if q.pre != 0 {
		t = append(t, q.pre)
	}
	switch cs := q.cs; cs {
	case csNumber, csSegments, csAppend:
		t = e.appendSettled(t, cs, pathCS, firstCS)
	case csDecodedPath:
		t = appendEscape(t, q.text, pathCS)
	default:
		t = appendEscape(t, q.text, cs)
	}
	if q.post != 0 {
		t = append(t, q.post)
	}
	return t
}

// textLen returns the length of the text of part q once written, as
// Build measures it for a part that does not know it (q.n < 0), given the
// charsets settlePath returns.
func (e *eng) textLen(q *part, pathCS, firstCS charset) int {
	switch q.cs {
	case csNumber:
		return portLen(e.x.port)
	case csSegments:
		return segmentsLen(e.x.segs, pathCS, firstCS)
	case csAppend:
		path, sep := e.appendSep(e.base.hasAuth())
		cs := e.x.segCS
		if path == "" {
			cs = firstCS
		}
		l, _ := escapeLen(q.text, cs)
		return len(path) + len(sep) + l
	case csDecodedPath:
		l, _ := escapeLen(q.text, pathCS)
		return l
	case partRaw:
		return len(q.text)
	}
	l, _ := escapeLen(q.text, q.cs)
	return l
}

// appendSettled appends the text of a part whose charset Build settles: a
// port number, or a path of segments or with a segment appended, as textLen
// measures it.
func (e *eng) appendSettled(t []byte, cs, pathCS, firstCS charset) []byte {
	switch cs {
	case csNumber:
		return appendPort(t, e.x.port)
	case csSegments:
		for i, s := range e.x.segs {
			cs := pathCS
			if i == 0 {
				cs = firstCS
			} else {
				t = append(t, '/')
			}
			t = appendEscape(t, s, cs)
		}
		return t
	}
	path, sep := e.appendSep(e.base.hasAuth()) // csAppend
	cs = e.x.segCS
	if path == "" {
		cs = firstCS
	}
	t = append(t, path...)
	t = append(t, sep...)
	return appendEscape(t, e.path.text, cs)
}

// portLen returns the number of decimal digits of port.
func portLen(port uint16) int {
	n := 1
	for ; port >= 10; port /= 10 {
		n++
	}
	return n
}

// appendPort appends port in decimal to t. It is not strconv.AppendUint,
// which costs WithPortNumber(8443) 718 instructions instead of 687 and
// Build-decoded 2011 instead of 1985 (callgrind): for a uint16 the general
// 64-bit loop is more work than this one. The digits are put together
// from the right in a small array and appended at once: writing them into
// t in place, with portLen first, cost Build-decoded 25 instructions more
// (2049 against 2024).
func appendPort(t []byte, port uint16) []byte {
	var d [5]byte
	i := len(d) - 1
	for ; port >= 10; i-- {
		q := port / 10
		d[i] = '0' + byte(port-q*10)
		port = q
	}
	d[i] = '0' + byte(port)
	return append(t, d[i:]...)
}

// bytesString returns the bytes of t as a string without copying them. t
// must not be written again.
func bytesString(t []byte) string { return unsafe.String(unsafe.SliceData(t), len(t)) }

// unknownComponent is the error of an edit given a Component that names
// none of the seven.
func unknownComponent(c Component) *Error {
	return &Error{Input: c.String(), Err: ErrUnknownComponent}
}

// With returns u with component c set to the raw text raw, as the With
// method of that component does ([URI.WithScheme], [URI.WithUserinfo],
// [URI.WithHost], [URI.WithPort], [URI.WithPath], [URI.WithQuery],
// [URI.WithFragment]), for code that picks the component at run time: it
// is u.Builder().Set(c, raw).Build(). A Component that names none of them
// gives [ErrUnknownComponent].
func (u URI) With(c Component, raw string) (URI, error) {
	var b Builder
	b.start(u)
	return b.Set(c, raw).Build()
}

// WithDecoded returns u with component c set to the decoded text text,
// percent-encoded as the component needs: the WithDecoded method of that
// component. The scheme and the port have no percent-encoding, so their
// text is taken as it is, as [URI.WithScheme] and [URI.WithPort] take it.
// A Component that names none of the seven gives [ErrUnknownComponent].
func (u URI) WithDecoded(c Component, text string) (URI, error) {
	var b Builder
	b.start(u)
	return b.SetDecoded(c, text).Build()
}

// Without returns u without component c: the Without method of that
// component. A host is absent only with its authority, so
// Without(ComponentHost) is [URI.WithoutAuthority]; a path is never absent
// (RFC 3986, section 3.3), so Without(ComponentPath) gives the empty path.
// A Component that names none of the seven gives [ErrUnknownComponent].
func (u URI) Without(c Component) (URI, error) {
	var b Builder
	b.start(u)
	return b.Remove(c).Build()
}

// Set sets component c from raw text: the setter of that component, as
// [URI.With] picks it. A Component that names none of the seven records
// [ErrUnknownComponent].
func (b *Builder) Set(c Component, raw string) *Builder {
	switch c {
	case ComponentScheme:
		return b.SetScheme(raw)
	case ComponentUserinfo:
		return b.SetUserinfo(raw)
	case ComponentHost:
		return b.SetHost(raw)
	case ComponentPort:
		return b.SetPort(raw)
	case ComponentPath:
		return b.SetPath(raw)
	case ComponentQuery:
		return b.SetQuery(raw)
	case ComponentFragment:
		return b.SetFragment(raw)
	}
	return b.fail(unknownComponent(c))
}

// SetDecoded sets component c from decoded text, as [URI.WithDecoded]
// picks the setter.
func (b *Builder) SetDecoded(c Component, text string) *Builder {
	switch c {
	case ComponentScheme:
		return b.SetScheme(text)
	case ComponentUserinfo:
		return b.SetDecodedUserinfo(text)
	case ComponentHost:
		return b.SetDecodedHost(text)
	case ComponentPort:
		return b.SetPort(text)
	case ComponentPath:
		return b.SetDecodedPath(text)
	case ComponentQuery:
		return b.SetDecodedQuery(text)
	case ComponentFragment:
		return b.SetDecodedFragment(text)
	}
	return b.fail(unknownComponent(c))
}

// Remove makes component c absent, as [URI.Without] does: removing the
// host removes the authority, and removing the path empties it.
func (b *Builder) Remove(c Component) *Builder {
	switch c {
	case ComponentScheme:
		return b.RemoveScheme()
	case ComponentUserinfo:
		return b.RemoveUserinfo()
	case ComponentHost:
		return b.RemoveAuthority()
	case ComponentPort:
		return b.RemovePort()
	case ComponentPath:
		return b.SetPath("")
	case ComponentQuery:
		return b.RemoveQuery()
	case ComponentFragment:
		return b.RemoveFragment()
	}
	return b.fail(unknownComponent(c))
}
