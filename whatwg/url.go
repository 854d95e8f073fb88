package whatwg

import (
	"strconv"

	"github.com/ferret-go/uri/internal/bytestr"
)

// URL is a URL record of the URL Standard (section "URL representation")
// kept as its serialization (section "URL serializing") and the offsets of
// its components in it, the shape that ada calls url_aggregator. A URL is
// an immutable value: it is comparable (two URLs are == exactly when their
// hrefs are equal, which is the standard's URL equivalence), safe for
// concurrent use, and its setters return a new URL. The zero URL is not a
// valid URL: its Href is "".
//
// The layout of href is
//
//	scheme ":" ["//" [username [":" password] "@"] host [":" port]] ["/."] path ["?" query] ["#" fragment]
type URL struct {
	href      string
	schemeEnd uint32 // index of the ":" after the scheme
	userEnd   uint32 // end of the username
	hostStart uint32
	hostEnd   uint32
	pathStart uint32 // after the "/." that a null host with a path starting "//" needs
	pathEnd   uint32 // index of "?", "#" or len(href)
	fragStart uint32 // index of "#" or len(href)
	kind      uint8  // scheme kind
	hostKind  uint8
	opaque    bool
}

// out writes a serialization, comparing it with src as long as it equals a
// prefix of src so that nothing is allocated when it equals src.
type out struct {
	src   string
	n     int
	b     []byte
	max   int
	arena []byte // spare room for b
}

// add writes s. Most components are substrings of src at the same place,
// which the comparison tells at once: memequal returns on equal pointers.
// (A test of the pointers through unsafe before it saved nothing: 755.3
// instructions a line of the four real lists for Parse with and without,
// callgrind.)
func (o *out) add(s string) {
	if o.b == nil {
		if len(o.src)-o.n >= len(s) && o.src[o.n:o.n+len(s)] == s {
			o.n += len(s)
			return
		}
		o.diverge()
	}
	o.b = append(o.b, s...)
}

// addByte is add of the one byte c. While the serialization equals src it
// is inlined (TestInlining) and costs no call and no string comparison:
// the separators ":", "//", "@", "?", "#" of a URL whose href is its input
// as far as they stand (the WPT inputs that the fast path leaves to the
// parser, under callgrind: see BENCHMARKS.md, "Against ada").
func (o *out) addByte(c byte) {
	if o.n < len(o.src) && o.src[o.n] == c { // src is "" once b is started
		o.n++
		return
	}
	o.appendByte(c)
}

// appendByte is addByte past the first difference from src, out of line
// so that addByte stays within the inliner's budget.
//
//go:noinline
func (o *out) appendByte(c byte) {
	if o.b == nil {
		o.diverge()
	}
	o.b = append(o.b, c)
}

// diverge starts b, the serialization from the first byte where it differs
// from src: src's prefix so far, with room for o.max bytes. src is then
// "", so that addByte's comparison fails without a test of b.
func (o *out) diverge() {
	if cap(o.arena)-len(o.arena) >= o.max {
		o.b = append(o.arena[len(o.arena):], o.src[:o.n]...)
	} else {
		o.b = make([]byte, o.n, o.max)
		copy(o.b, o.src[:o.n])
	}
	o.src = ""
}

func (o *out) pos() uint32 {
	if o.b == nil {
		return uint32(o.n)
	}
	return uint32(len(o.b))
}

func (o *out) string() string {
	if o.b == nil {
		return o.src[:o.n]
	}
	// A view: string(o.b) copies the href, a second allocation for a URL
	// that is not its own serialization, against Parse's promise of one
	// (TestAllocations: "http://h:080/" and "file:c|/x" made 2).
	return bytestr.String(o.b)
}

// portString returns the port as the URL's serialization writes it (URL
// serializer, step 3.3), "" when it is null or the host is; buf is room
// for its digits when they are not at hand in the input.
func (r *rec) portString(buf *[8]byte) string {
	if r.port < 0 || r.hostKind == hostNull {
		return ""
	}
	if r.portText != "" {
		return r.portText
	}
	return string(strconv.AppendUint(buf[:0], uint64(r.port), 10))
}

// assemble serializes the record (section "URL serializing") into a URL.
// When the serialization equals a prefix of src, href is that substring;
// otherwise it is written in arena's spare capacity when that is enough.
func (r *rec) assemble(src string, arena []byte) URL {
	path := r.path.final()
	var portBuf [8]byte
	port := r.portString(&portBuf)
	o := out{src: src, arena: arena}
	o.max = len(r.scheme) + 3 + len(r.username) + len(r.password) + 2 + len(r.host) + 1 + len(port) + 2 + len(path) + 1 + len(r.query) + 1 + len(r.frag)
	var u URL
	u.kind, u.hostKind, u.opaque = r.kind, r.hostKind, r.opaque
	o.add(r.scheme)
	u.schemeEnd = o.pos()
	o.addByte(':')
	if r.hostKind != hostNull {
		o.addByte('/')
		o.addByte('/')
		if r.credentials() {
			o.add(r.username)
			u.userEnd = o.pos()
			if r.password != "" {
				o.addByte(':')
				o.add(r.password)
			}
			o.addByte('@')
		} else {
			u.userEnd = o.pos()
		}
		u.hostStart = o.pos()
		o.add(r.host)
		u.hostEnd = o.pos()
		if port != "" {
			o.addByte(':')
			o.add(port)
		}
	} else {
		u.userEnd = o.pos()
		u.hostStart, u.hostEnd = u.userEnd, u.userEnd
		if !r.opaque && len(path) > 1 && path[0] == '/' && path[1] == '/' {
			o.add("/.")
		}
	}
	u.pathStart = o.pos()
	o.add(path)
	u.pathEnd = o.pos()
	if r.hasQuery {
		o.addByte('?')
		o.add(r.query)
	}
	u.fragStart = o.pos()
	if r.hasFrag {
		o.addByte('#')
		o.add(r.frag)
	}
	u.href = o.string()
	if !r.hasFrag {
		u.fragStart = uint32(len(u.href))
	}
	return u
}

// toRec returns the URL's record, its strings being substrings of href.
func (u *URL) toRec() rec {
	r := rec{
		scheme:   u.scheme(),
		kind:     u.kind,
		username: u.Username(),
		password: u.Password(),
		host:     u.Hostname(),
		hostKind: u.hostKind,
		port:     u.port(),
		portText: u.Port(),
		opaque:   u.opaque,
	}
	r.path.setView(u.href, int(u.pathStart), int(u.pathEnd), false)
	r.query, r.hasQuery = u.query()
	r.frag, r.hasFrag = u.fragment()
	return r
}

func (u *URL) scheme() string { return u.href[:u.schemeEnd] }

func (u *URL) query() (string, bool) {
	if int(u.pathEnd) < len(u.href) && u.href[u.pathEnd] == '?' {
		return u.href[u.pathEnd+1 : u.fragStart], true
	}
	return "", false
}

func (u *URL) fragment() (string, bool) {
	if int(u.fragStart) < len(u.href) {
		return u.href[u.fragStart+1:], true
	}
	return "", false
}

func (u *URL) port() int32 {
	if u.hostKind == hostNull || u.hostEnd == u.pathStart {
		return -1
	}
	v := int32(0)
	for _, c := range []byte(u.href[u.hostEnd+1 : u.pathStart]) {
		v = v*10 + int32(c-'0')
	}
	return v
}

func (u *URL) opaquePath() bool { return u.opaque }

// Href returns the URL's serialization (the href getter of section "URL
// class").
func (u URL) Href() string { return u.href }

// String returns the URL's serialization, as Href.
func (u URL) String() string { return u.href }

// Protocol returns the scheme followed by ":" (the protocol getter).
func (u URL) Protocol() string {
	if u.href == "" {
		return ""
	}
	return u.href[:u.schemeEnd+1]
}

// Username returns the username, percent-encoded (the username getter).
func (u URL) Username() string {
	if u.hostKind == hostNull {
		return ""
	}
	return u.href[u.schemeEnd+3 : u.userEnd]
}

// Password returns the password, percent-encoded (the password getter).
func (u URL) Password() string {
	if u.hostKind == hostNull || u.userEnd+1 >= u.hostStart {
		return ""
	}
	return u.href[u.userEnd+1 : u.hostStart-1]
}

// Host returns the serialized host and, when the URL has a port, ":" and
// the port (the host getter); "" for a null host.
func (u URL) Host() string {
	if u.hostKind == hostNull {
		return ""
	}
	return u.href[u.hostStart:u.pathStart]
}

// Hostname returns the serialized host (the hostname getter); an IPv6
// address is in brackets. It is "" for a null or empty host.
func (u URL) Hostname() string { return u.href[u.hostStart:u.hostEnd] }

// Port returns the port in decimal, or "" when the port is null, which it
// also is when the port is the scheme's default port (the port getter).
func (u URL) Port() string {
	if u.hostKind == hostNull || u.hostEnd == u.pathStart {
		return ""
	}
	return u.href[u.hostEnd+1 : u.pathStart]
}

// Pathname returns the path serialized (the pathname getter): the opaque
// path itself, or "/" followed by each segment.
func (u URL) Pathname() string { return u.href[u.pathStart:u.pathEnd] }

// Search returns "?" and the query, or "" when the query is null or empty
// (the search getter).
func (u URL) Search() string {
	if u.fragStart-u.pathEnd <= 1 {
		return ""
	}
	return u.href[u.pathEnd:u.fragStart]
}

// Hash returns "#" and the fragment, or "" when the fragment is null or
// empty (the hash getter).
func (u URL) Hash() string {
	if len(u.href)-int(u.fragStart) <= 1 {
		return ""
	}
	return u.href[u.fragStart:]
}

// Query returns the query without "?" and whether it is non-null; unlike
// Search it tells an empty query ("http://h/?") from a null one.
func (u URL) Query() (query string, ok bool) { return u.query() }

// Fragment returns the fragment without "#" and whether it is non-null.
func (u URL) Fragment() (fragment string, ok bool) { return u.fragment() }

// Special reports whether the scheme is a special scheme (ftp, file, http,
// https, ws or wss).
func (u URL) Special() bool { return u.kind != schemeOther }

// HasOpaquePath reports whether the URL has an opaque path (as
// "mailto:x@example.org" does): such a URL has no host and its path is a
// single string.
func (u URL) HasOpaquePath() bool { return u.opaque }

// Origin returns the serialization of the URL's origin (section "Origin"):
// "scheme://host[:port]" for http, https, ws, wss and ftp; for blob, the
// origin of the URL its path parses to when that is http, https or file
// (file's origin being opaque); "null" for an opaque origin.
func (u URL) Origin() string {
	switch u.kind {
	case schemeHTTP, schemeHTTPS, schemeWS, schemeWSS, schemeFTP:
		return u.href[:u.schemeEnd] + "://" + u.href[u.hostStart:u.pathStart]
	case schemeOther:
		if u.scheme() == "blob" {
			inner, err := Parse(u.Pathname())
			if err == nil && (inner.kind == schemeHTTP || inner.kind == schemeHTTPS) {
				return inner.Origin()
			}
		}
	}
	return "null"
}

// MarshalText returns the href, for encoding/json and others.
func (u URL) MarshalText() ([]byte, error) { return []byte(u.href), nil }

// UnmarshalText parses text with Parse (no base).
func (u *URL) UnmarshalText(text []byte) error {
	v, err := Parse(string(text))
	if err != nil {
		return err
	}
	*u = v
	return nil
}
