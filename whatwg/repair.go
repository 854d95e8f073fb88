package whatwg

import (
	"errors"
	"net/netip"
	"strings"

	"github.com/ferret-go/uri"
	"github.com/ferret-go/uri/internal/ascii"
)

// Repair with the destination kept: uri.Repair reads its input as RFC 3986
// does, which for the URL Standard's special schemes is not where a browser
// goes ("http://evil.com\@good.com/" has the host evil.com for a browser,
// good.com for RFC 3986). Repair here is the bridge: it makes the URI that
// uri.Repair makes, from the text as a browser reads its authority, and
// then holds it to the URL Standard's scheme, host and port.

var (
	// ErrRejected: the URL Standard's basic URL parser rejects the input,
	// so a browser given it goes nowhere, and [Repair] makes no URI of it.
	// The error also matches the parser's own cause (ErrHostMissing,
	// ErrDomainInvalidCodePoint, ...), with its offset.
	ErrRejected = errors.New("the URL Standard rejects it (a browser goes nowhere)")
	// ErrOtherDestination: [Repair] could make no RFC 3986 URI with the
	// scheme, host and port that the URL Standard reads in the input.
	ErrOtherDestination = errors.New("no repaired URI names the host and port the URL Standard reads")
)

// repairError is the cause of a Repair error: one of the sentinels above,
// and what the URL Standard's parser said, if anything.
type repairError struct {
	sentinel, cause error
}

func (e *repairError) Error() string {
	if e.cause == nil {
		return e.sentinel.Error()
	}
	var w *Error
	if errors.As(e.cause, &w) {
		return e.sentinel.Error() + ": " + w.Reason
	}
	return e.sentinel.Error() + ": " + e.cause.Error()
}

func (e *repairError) Unwrap() []error {
	if e.cause == nil {
		return []error{e.sentinel}
	}
	return []error{e.sentinel, e.cause}
}

// RepairBase is the base URL against which [Repair] and [RepairOptions]
// read a reference without a scheme: a page of https, as a link or a
// redirect's Location on a web page is read. Its host is no one's; a
// reference that names none keeps none.
const RepairBase = "https://example.com/"

// Repair makes s a URI with the zero uri.Options: see [RepairOptions].
func Repair(s string) (uri.URI, []uri.Change, error) {
	return RepairOptions(uri.Options{}, s)
}

// RepairOptions is uri.Options.Repair that keeps where a URL goes. For a
// reference whose scheme the URL Standard calls special ([IsSpecial]: http,
// https, ws, wss, ftp, file), the URI it returns has the scheme, host and
// port that the URL Standard's basic URL parser reads in s (without a
// base), or it returns an error: never a URI that names another host. A
// reference without a scheme is read against [RepairBase], a page of
// https, as [RepairRef] reads it. For every other reference it is
// o.Repair(s), the RFC 3986 reading.
//
// For a special scheme other than file it first reads the text as the URL
// Standard does where RFC 3986 reads it otherwise: the run of "/" and "\"
// (and of tabs and newlines, which the standard removes) after the scheme
// is written "//" (special authority slashes and ignore slashes states),
// and a "\" that ends the authority is written "/" (authority state: in a
// special URL "\" ends it as "/" does); each is a change of kind
// uri.RepairSlash. Then o.Repair makes the URI. If its host or port is
// not the URL Standard's, or o.Repair fails in the authority, the host and
// port of s are written as the URL Standard serializes them (host
// serializer; the port without its scheme's default), a change of kind
// uri.RepairHost, and o.Repair runs again. A "\" in the path is encoded as
// uri.Repair does; the path, query and fragment are RFC 3986's reading.
//
// How the two are compared: the scheme ASCII case-insensitively (RFC 3986,
// section 3.1). An IPv6 host as an address: equal when the addresses are
// ("[0:0::1]" is "[::1]"). Any other host as text, ASCII
// case-insensitively (section 3.2.2), against the URL Standard's
// serialized host (host serializer) with the four characters that a domain
// may hold and a reg-name may not (`"`, "`", "{", "}") percent-encoded:
// so an IPv4 address must be the standard's dotted decimal ("0x7f.1" and
// "127.1" become "127.0.0.1"), a host must not hold triplets the standard
// decodes ("ex%61mple.com" becomes "example.com": RFC 3986 readers differ
// on whether that names the same host), and a non-ASCII host must map to
// the standard's A-labels (UTS #46 nontransitional: "faß.de" is
// "xn--fa-hia.de"). For file, a URI without authority, or with the host
// "localhost", has the empty host (RFC 8089, section 2; the URL
// Standard's file host state). The port as a number, the scheme's default
// when empty or absent ([DefaultPort]): "http://a:080/" keeps its port.
//
// A valid reference comes back as it is, with no change, unless its
// slashes or host read otherwise for the URL Standard.
//
// Errors are *uri.Error with s as Input: when the URL Standard rejects s,
// the cause matches [ErrRejected] and the parser's error, at its offset;
// when no URI with the same destination comes out, [ErrOtherDestination]
// in the host; otherwise o.Repair's error. Changes are as o.Repair reports
// them, with offsets in s.
func RepairOptions(o uri.Options, s string) (uri.URI, []uri.Change, error) {
	return repair(o, s, nil)
}

// RepairRef is [RepairOptions] for a reference read against base, as a
// browser reads a link or a redirect's Location on the page base (the
// URL Standard's basic URL parser with base): the URI reference it
// returns, resolved against base by the URL Standard, reaches the scheme,
// host and port that s resolved against base reaches, or it returns an
// error. A reference with a scheme other than base's is read as
// RepairOptions reads it (base plays no part). With base's special scheme
// the URL Standard reads the rest against base (scheme state, special
// relative or authority state): "http:evil.com/x" on a page of http goes
// to the page's host, and its repair keeps no authority; after two or
// more "/" or "\" it is read as RepairOptions reads it; either is held to
// the standard's reading against base, which parses all of s. The zero
// URL as base means none: the URL Standard then rejects every reference
// without a scheme (no scheme state), and so does RepairRef, with
// [ErrRejected].
//
// Against a base whose scheme is special and not file (no scheme state,
// then relative state), a reference that begins with two or more of "/"
// and "\", with tabs and newlines among them, names a host: the run is
// written "//" (relative slash state, then special authority ignore
// slashes state; a change of kind uri.RepairSlash), and its authority is
// held to the URL Standard's host and port as for a special scheme, the
// base's scheme giving the default port ("//evil.com\@good.com/" becomes
// "//evil.com/@good.com/", "/\evil.com/" becomes "//evil.com/"). Any
// other reference keeps the base's host and port (relative slash state:
// one "/" or "\" begins a path; path, query and fragment states), and the
// repaired reference must keep them too: it has no scheme and no
// authority, else [ErrOtherDestination]. Against any other base the
// repaired reference is o.Repair(s), returned only when the URL Standard
// reads the same scheme, host and port in it as in s against base, else
// [ErrOtherDestination]; that check parses all of s.
//
// Against any base, a reference without a scheme whose first segment
// holds a ":" after text that is no scheme for the URL Standard
// (":foo.com", "[61:24:74]:98", "10.0.0.7:8080/x": scheme start or scheme
// state, then no scheme state, so a path) gets "./" before that segment,
// which RFC 3986 needs there (section 4.2) and which resolves away
// (section 5.2.4): a change of kind uri.RepairDotSegment. uri.Repair,
// which reads no base, leaves such text an error (a bad scheme).
func RepairRef(o uri.Options, s string, base URL) (uri.URI, []uri.Change, error) {
	return repair(o, s, &base)
}

// repair is RepairRef against base, or RepairOptions when base is nil.
func repair(o uri.Options, s string, base *URL) (uri.URI, []uri.Change, error) {
	if o.MaxLength > 0 && len(s) > o.MaxLength {
		return o.Repair(s) // its ErrTooLong, before any work
	}
	colon, scheme := schemeOf(s)
	if colon < 0 {
		return repairRelative(o, s, base)
	}
	if !IsSpecial(scheme) {
		return o.Repair(s)
	}
	if base != nil && base.href != "" && base.scheme() == scheme {
		return repairSameScheme(o, s, colon, scheme, base)
	}
	// The text as the URL Standard reads its slashes, and its authority.
	var ed edits
	authStart := colon + 1
	if scheme != "file" {
		j := slashRun(s, authStart)
		if s[authStart:j] != "//" {
			ed.add(authStart, s[authStart:j], "//", uri.ComponentHost, uri.RepairSlash)
		}
		authStart = j
	} else if strings.HasPrefix(s[authStart:], "//") {
		authStart += 2
	} else {
		authStart = -1 // no authority for RFC 3986
	}
	return repairAuthority(o, s, &ed, scheme, colon+1, authStart, nil)
}

// repairSameScheme is RepairRef of s, whose special scheme (ending at
// colon) is base's. The URL Standard then reads s against base (scheme
// state: special relative or authority state, or file state): for a
// scheme other than file, after fewer than two "/" or "\" (tabs and
// newlines removed) the relative state keeps base's host and port, and
// RFC 3986 reads no authority there either ("http:evil.com/x" against
// http://a.example/ goes to a.example); after two or more, the authority,
// as RepairOptions reads it. The result is held to the URL Standard's
// reading of s against base.
func repairSameScheme(o uri.Options, s string, colon int, scheme string, base *URL) (uri.URI, []uri.Change, error) {
	var u uri.URI
	var changes []uri.Change
	var err error
	if j := slashRun(s, colon+1); scheme != "file" && strings.Count(s[colon+1:j], "/")+strings.Count(s[colon+1:j], "\\") < 2 {
		u, changes, err = o.Repair(s)
	} else {
		u, changes, err = repair(o, s, nil)
	}
	if err != nil {
		return uri.URI{}, nil, err
	}
	w, err := parse(s, base, nil)
	if err != nil {
		return uri.URI{}, nil, rejected(s, err)
	}
	v, err := parse(u.String(), base, nil)
	if err != nil || v.Protocol() != w.Protocol() || v.Hostname() != w.Hostname() || v.Port() != w.Port() {
		return uri.URI{}, nil, &uri.Error{Input: s, Offset: colon + 1, Component: uri.ComponentHost, Err: &repairError{ErrOtherDestination, nil}}
	}
	return u, changes, nil
}

// slashRun returns the end of the run of "/", "\", tabs and newlines that
// begins at i in s.
func slashRun(s string, i int) int {
	for i < len(s) && (s[i] == '/' || s[i] == '\\' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
		i++
	}
	return i
}

// repairRelative is RepairRef of s, a reference without a scheme, against
// base; the zero base is none, nil is RepairBase (parsed only when s names
// a host).
func repairRelative(o uri.Options, s string, base *URL) (uri.URI, []uri.Change, error) {
	switch {
	case base == nil:
		// RepairBase: https, special, not file.
	case base.href == "":
		// No scheme state: without a base, failure.
		_, err := Parse(s)
		return uri.URI{}, nil, rejected(s, err)
	case base.kind == schemeOther || base.kind == schemeFile || base.opaque:
		// The URL Standard's reading of all of s, and of the result.
		w, err := parse(s, base, nil)
		if err != nil {
			return uri.URI{}, nil, rejected(s, err)
		}
		u, changes, err := repairPath(o, s)
		if err != nil {
			return uri.URI{}, nil, err
		}
		v, err := parse(u.String(), base, nil)
		if err != nil || v.Protocol() != w.Protocol() || v.Hostname() != w.Hostname() || v.Port() != w.Port() {
			return uri.URI{}, nil, &uri.Error{Input: s, Offset: 0, Component: uri.ComponentHost, Err: &repairError{ErrOtherDestination, nil}}
		}
		return u, changes, nil
	}
	// A special base other than file: after the C0 controls and spaces
	// the standard strips, count the slashes of the run (tabs and
	// newlines are removed before the parser reads).
	i := 0
	for i < len(s) && s[i] <= ' ' {
		i++
	}
	j := slashRun(s, i)
	if strings.Count(s[i:j], "/")+strings.Count(s[i:j], "\\") < 2 {
		// Relative state: the base's host and port, which a reference
		// without scheme and authority keeps (RFC 3986, section 5.2.2).
		u, changes, err := repairPath(o, s)
		if err != nil {
			return uri.URI{}, nil, err
		}
		if u.Scheme() != "" || u.HasAuthority() {
			return uri.URI{}, nil, &uri.Error{Input: s, Offset: i, Component: uri.ComponentHost, Err: &repairError{ErrOtherDestination, nil}}
		}
		return u, changes, nil
	}
	if base == nil {
		b := MustParse(RepairBase)
		base = &b
	}
	var ed edits
	if s[i:j] != "//" {
		ed.add(i, s[i:j], "//", uri.ComponentHost, uri.RepairSlash)
	}
	return repairAuthority(o, s, &ed, base.scheme(), i, j, base)
}

// repairPath is o.Repair of s, a reference without a scheme for the URL
// Standard (no scheme state: it reads s as a path, query and fragment, or
// an authority, against the base). Where s's first segment holds a ":",
// RFC 3986 would read the text before it as a scheme, which it cannot be
// (":foo.com", "[61:24:74]:98"), and o.Repair would fail; RFC 3986, section
// 4.2: "Such a segment must be preceded by a dot-segment (e.g.,
// "./this:that") to make a relative-path reference". So "./" is written
// before it, a change of kind uri.RepairDotSegment: "./" resolves to the
// same path as the segment alone (section 5.2.4; the URL Standard's path
// state drops a single-dot segment), so the reference keeps its
// destination.
func repairPath(o uri.Options, s string) (uri.URI, []uri.Change, error) {
	at := colonSegment(s)
	if at < 0 {
		return o.Repair(s)
	}
	var ed edits
	ed.add(at, "", "./", uri.ComponentPath, uri.RepairDotSegment)
	u, changes, err := o.Repair(ed.apply(s))
	if err != nil {
		return uri.URI{}, nil, ed.mapError(s, err)
	}
	return u, ed.merge(s, changes), nil
}

// colonSegment returns the offset of s's first segment, after the C0
// controls and spaces that both readers trim, when that segment (up to
// "/", "?" or "#", as RFC 3986 reads it, section 3.3) holds a ":" and the
// text before the ":" is no scheme for the URL Standard, with the tabs and
// newlines it removes left out (scheme start state: an ASCII letter;
// scheme state: then ASCII letters, digits, "+", "-" and "."); else -1.
func colonSegment(s string) int {
	start := 0
	for start < len(s) && s[start] <= ' ' {
		start++
	}
	n, scheme := 0, true
	for i := start; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '/' || c == '?' || c == '#':
			return -1
		case c == ':':
			if scheme && n > 0 {
				return -1
			}
			return start
		case c == '\t' || c == '\n' || c == '\r':
			continue
		case 'a' <= c|0x20 && c|0x20 <= 'z':
		case n > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
		default:
			scheme = false
		}
		n++
	}
	return -1
}

// rejected returns the error of Repair for s, which the URL Standard's
// parser rejects with err.
func rejected(s string, err error) error {
	off, comp := 0, uri.Component(0)
	var we *Error
	if errors.As(err, &we) {
		off, comp = we.Offset, componentOf(we.Err)
		we.Input = s // the offset is in s: the parser's input is s's start
	}
	return &uri.Error{Input: s, Offset: off, Component: comp, Err: &repairError{ErrRejected, err}}
}

// repairAuthority makes the URI of s, whose scheme (the base's when base
// is not nil: then s is a scheme-relative reference) is special, with the
// edits ed made so far, and the authority, if any, at authStart (-1 for
// none); after is where the text after the scheme begins.
func repairAuthority(o uri.Options, s string, ed *edits, scheme string, after, authStart int, base *URL) (uri.URI, []uri.Change, error) {
	authEnd, hostStart := -1, -1
	if authStart >= 0 {
		authEnd = len(s)
		stops := "/?#"
		if scheme != "file" {
			stops = "/\\?#"
		}
		if k := strings.IndexAny(s[authStart:], stops); k >= 0 {
			authEnd = authStart + k
		}
		if authEnd < len(s) && s[authEnd] == '\\' {
			ed.add(authEnd, `\`, "/", uri.ComponentPath, uri.RepairSlash)
		}
		hostStart = authStart
		if at := strings.LastIndexByte(s[authStart:authEnd], '@'); at >= 0 {
			hostStart = authStart + at + 1
		}
	}

	// The URL Standard's reading of the scheme, host and port. For a
	// special scheme other than file they come from the text up to the
	// authority's end (authority state: "/", "\", "?" or "#"), and what
	// follows cannot fail (path, query and fragment states), so only that
	// is parsed, with the character that ends it, so that white space
	// before the end stays inside: the parser's memory is then the
	// authority's, not the input's (a path of 16 MiB of "a " cost 8 bytes
	// a byte more). That character is s's own, not a "/" added, which
	// copied s's authority (1 byte a byte of a long host).
	in := s
	if scheme != "file" && authEnd < len(s) {
		in = s[:authEnd+1]
	}
	// For a host with non-ASCII characters, which IDNA maps, o.Repair
	// runs first, so that the URL Standard's host can be compared with
	// the one it wrote without being written again (2.5 bytes a byte of
	// "éa." labels); the standard's rejection still comes first in what
	// is returned. Otherwise the standard's reading comes first, and a
	// rejected URL costs no repair.
	var (
		u       uri.URI
		changes []uri.Change
		err     error
		hint    string
	)
	repaired := false
	if hostStart >= 0 && !ascii.Is(s[hostStart:authEnd]) {
		u, changes, err = o.Repair(ed.apply(s))
		if repaired = true; err == nil {
			hint = u.Host()
		}
	}
	w, perr := destinationOf(in, base, hint)
	if perr != nil {
		return uri.URI{}, nil, rejected(s, perr)
	}
	if !repaired {
		u, changes, err = o.Repair(ed.apply(s))
	}

	if err == nil && sameDestination(u, w, scheme, base != nil) {
		return u, ed.merge(s, changes), nil
	}
	var ue *uri.Error
	if err != nil && (!errors.As(err, &ue) || ue.Component < uri.ComponentUserinfo || ue.Component > uri.ComponentPort) {
		return uri.URI{}, nil, ed.mapError(s, err)
	}
	if hostStart < 0 {
		return uri.URI{}, nil, &uri.Error{Input: s, Offset: after, Component: uri.ComponentHost, Err: &repairError{ErrOtherDestination, nil}}
	}
	// The host and port as the URL Standard serializes them; the
	// characters a reg-name does not allow (a domain may hold `"`, "`",
	// "{" and "}") percent-encoded.
	host := rfcHost(w.host)
	if w.port != "" {
		host += ":" + w.port
	}
	ed.add(hostStart, s[hostStart:authEnd], host, uri.ComponentHost, uri.RepairHost)
	u, changes, err = o.Repair(ed.apply(s))
	if err != nil {
		return uri.URI{}, nil, ed.mapError(s, err)
	}
	if !sameDestination(u, w, scheme, base != nil) {
		return uri.URI{}, nil, &uri.Error{Input: s, Offset: hostStart, Component: uri.ComponentHost, Err: &repairError{ErrOtherDestination, nil}}
	}
	return u, ed.merge(s, changes), nil
}

// schemeOf returns the offset of the ":" that ends the scheme of s, after
// the C0 controls and spaces the URL Standard strips, and the scheme
// ASCII-lowercased (scheme start and scheme states); -1 when s has none.
// Only short schemes are lowercased: the special ones have at most five
// letters.
func schemeOf(s string) (int, string) {
	i := 0
	for i < len(s) && s[i] <= ' ' {
		i++
	}
	start := i
	for i < len(s) {
		c := s[i]
		switch {
		case 'a' <= c|0x20 && c|0x20 <= 'z':
		case i > start && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
		case c == ':' && i > start:
			if i-start > 5 {
				return i, ""
			}
			var b [5]byte
			for k := start; k < i; k++ {
				b[k-start] = s[k] | 0x20
			}
			return i, string(b[:i-start])
		default:
			return -1, ""
		}
		i++
	}
	return -1, ""
}

// componentOf returns the component of the URL Standard's failure err.
func componentOf(err error) uri.Component {
	switch {
	case errors.Is(err, ErrMissingScheme):
		return uri.ComponentScheme
	case errors.Is(err, ErrPortInvalid), errors.Is(err, ErrPortOutOfRange):
		return uri.ComponentPort
	case errors.Is(err, ErrTooLong):
		return 0
	}
	return uri.ComponentHost
}

// destination is what RepairOptions compares of the URL Standard's reading
// of a URL: its serialized host and port, as URL.Hostname and URL.Port
// return them.
type destination struct {
	host, port string
}

// destinationOf runs the basic URL parser on input, as Parse does, and
// returns the URL's host and port, without serializing the whole URL (which
// would copy its host) nor percent-encoding its userinfo, which neither
// changes. A domain whose serialization is hint (not empty: the host
// uri.Repair wrote) is hint itself, not written again. With a base (a
// reference without a scheme, see RepairRef) the URL is parsed whole
// against it.
func destinationOf(input string, base *URL, hint string) (destination, error) {
	if base != nil {
		w, err := parse(input, base, nil)
		return destination{w.Hostname(), w.Port()}, err
	}
	if len(input) > MaxInput {
		w, err := Parse(input)
		return destination{w.Hostname(), w.Port()}, err
	}
	if w, r := parseFast(input); r == fastOK {
		return destination{w.Hostname(), w.Port()}, nil
	}
	p := parser{hostHint: hint, destOnly: true}
	if _, err := p.parse(input); err != nil {
		return destination{}, err
	}
	var buf [8]byte
	d := destination{port: p.r.portString(&buf)}
	if p.r.hostKind != hostNull {
		d.host = p.r.host
	}
	return d, nil
}

// sameDestination reports whether the URI u has the scheme, host and port
// of the URL w, as RepairOptions compares them; scheme is w's. When rel is
// set u is a reference to resolve against a base of that scheme: it must
// have no scheme of its own.
func sameDestination(u uri.URI, w destination, scheme string, rel bool) bool {
	if rel {
		if u.Scheme() != "" {
			return false
		}
	} else if !strings.EqualFold(u.Scheme(), scheme) {
		return false
	}
	wh := w.host
	uh := u.Host()
	switch {
	case !u.HasAuthority():
		if scheme != "file" || wh != "" {
			return false
		}
	case strings.HasPrefix(wh, "["):
		a, err1 := netip.ParseAddr(strings.Trim(uh, "[]"))
		b, err2 := netip.ParseAddr(strings.Trim(wh, "[]"))
		if !strings.HasPrefix(uh, "[") || err1 != nil || err2 != nil || a != b {
			return false
		}
	default:
		if !strings.EqualFold(uh, rfcHost(wh)) && !(scheme == "file" && wh == "" && strings.EqualFold(uh, "localhost")) {
			return false
		}
	}
	up, ok := portNumber(u.Port(), scheme)
	if !ok {
		return false
	}
	wp, ok := portNumber(w.port, scheme)
	return ok && up == wp
}

// rfcHost returns the URL Standard's serialized host h as an RFC 3986 host:
// an IPv6 address as it is (in brackets), any other host with the
// characters that a domain may hold and a reg-name may not (`"`, "`", "{",
// "}") percent-encoded (RFC 3986, section 3.2.2).
func rfcHost(h string) string {
	if strings.HasPrefix(h, "[") {
		return h
	}
	return uri.Escape(h, uri.EscapeHost)
}

// portNumber returns the port p (digits, maybe with leading zeros), or the
// scheme's default when p is empty; ok is false when p is not a port
// number, or is empty for a scheme without a default.
func portNumber(p, scheme string) (n int, ok bool) {
	if p == "" {
		d, ok := DefaultPort(scheme)
		return int(d), ok || scheme == "file"
	}
	for i := 0; i < len(p); i++ {
		if p[i] < '0' || p[i] > '9' {
			return 0, false
		}
		if n = n*10 + int(p[i]-'0'); n > 65535 {
			return 0, false
		}
	}
	return n, true
}

// edits are the changes RepairOptions makes to s before uri.Repair reads
// it: at most three (the slashes, the "\" that ends the authority, the
// host and port), in the order of s, none overlapping.
type edits struct {
	list []uri.Change
}

// add records that old, at offset off of s, becomes new, keeping the list
// in the order of s.
func (e *edits) add(off int, old, new string, comp uri.Component, kind uri.RepairKind) {
	c := uri.Change{Offset: off, Old: old, New: new, Kind: kind, Component: comp}
	k := len(e.list)
	for k > 0 && e.list[k-1].Offset >= off+max(len(old), 1) {
		k--
	}
	e.list = append(e.list, c)
	copy(e.list[k+1:], e.list[k:])
	e.list[k] = c
}

// apply returns s with the edits made.
func (e *edits) apply(s string) string {
	if len(e.list) == 0 {
		return s
	}
	var b strings.Builder
	at := 0
	for _, c := range e.list {
		b.WriteString(s[at:c.Offset])
		b.WriteString(c.New)
		at = c.Offset + len(c.Old)
	}
	b.WriteString(s[at:])
	return b.String()
}

// offset maps an offset in the edited text to s: into an edit, its offset;
// between edits, shifted by what they added.
func (e *edits) offset(off int) int {
	shift := 0 // offset in s minus offset in the edited text
	for _, c := range e.list {
		at := c.Offset - shift
		if off < at {
			break
		}
		if off < at+len(c.New) {
			return c.Offset
		}
		shift += len(c.Old) - len(c.New)
	}
	return off + shift
}

// merge returns the changes uri.Repair made to the edited text, with
// offsets and old text in s, and the edits among them, in the order of s.
func (e *edits) merge(s string, changes []uri.Change) []uri.Change {
	if len(e.list) == 0 {
		return changes
	}
	out := make([]uri.Change, 0, len(changes)+len(e.list))
	k := 0
	for _, c := range changes {
		off := e.offset(c.Offset)
		for k < len(e.list) && e.list[k].Offset < off+min(len(c.Old), 1) {
			out = append(out, e.list[k])
			k++
		}
		c.Offset, c.Old = off, s[off:off+len(c.Old)]
		out = append(out, c)
	}
	return append(out, e.list[k:]...)
}

// mapError returns err, an error of uri.Repair on the edited text, with s
// as its input and its offset in s.
func (e *edits) mapError(s string, err error) error {
	var ue *uri.Error
	if len(e.list) == 0 || !errors.As(err, &ue) {
		return err
	}
	return &uri.Error{Input: s, Offset: e.offset(ue.Offset), Component: ue.Component, Err: ue.Err}
}
