package whatwg

import (
	"strings"
	"unicode/utf8"

	"github.com/ferret-go/uri"
	"github.com/ferret-go/uri/internal/ascii"
	"github.com/ferret-go/uri/internal/bytestr"
	"github.com/ferret-go/uri/internal/pctenc"
	"github.com/ferret-go/uri/internal/utf8dec"
)

// Scheme kinds: the special schemes of section "URL miscellaneous", and
// every other scheme.
const (
	schemeOther uint8 = iota
	schemeHTTP
	schemeHTTPS
	schemeWS
	schemeWSS
	schemeFTP
	schemeFile
)

// specialSchemes names the special schemes by kind.
var specialSchemes = [...]string{
	schemeHTTP:  "http",
	schemeHTTPS: "https",
	schemeWS:    "ws",
	schemeWSS:   "wss",
	schemeFTP:   "ftp",
	schemeFile:  "file",
}

func schemeKind(s string) uint8 {
	switch s {
	case "http":
		return schemeHTTP
	case "https":
		return schemeHTTPS
	case "ws":
		return schemeWS
	case "wss":
		return schemeWSS
	case "ftp":
		return schemeFTP
	case "file":
		return schemeFile
	}
	return schemeOther
}

// defaultPorts holds the default port of each kind of scheme, -1 (null)
// for file and the schemes that are not special. Which schemes are special
// is this package's rule; the numbers are the root package's
// (uri.DefaultPort), the one place they are written. It has eight entries,
// so that defaultPort indexes it with kind&7 and no bounds check (the
// parser's loop in run measured 0.2% more instructions on the WPT inputs
// with one).
var defaultPorts = func() (t [8]int32) {
	for kind := range t {
		t[kind] = -1
		if kind < len(specialSchemes) && kind != int(schemeFile) {
			if port, ok := uri.DefaultPort(specialSchemes[kind]); ok {
				t[kind] = int32(port)
			}
		}
	}
	return t
}()

// defaultPort is the special scheme's default port, or -1 (null).
func defaultPort(kind uint8) int32 { return defaultPorts[kind&7] }

// IsSpecial reports whether scheme is one of the URL Standard's special
// schemes (section "URL miscellaneous": ftp, file, http, https, ws, wss),
// which the parser reads with an authority and "\\" as "/". scheme must be
// lowercase, as the parser writes a URL's scheme.
func IsSpecial(scheme string) bool { return schemeKind(scheme) != schemeOther }

// DefaultPort returns the default port of a special scheme (section "URL
// miscellaneous": the special schemes and their default ports, 21 for ftp,
// 80 for http and ws, 443 for https and wss), the port that the parser
// drops when a URL spells it out. ok is false for file, whose default port
// is null, and for every scheme that is not special. scheme must be
// lowercase, as the parser writes a URL's scheme: "HTTP" is not special.
func DefaultPort(scheme string) (port uint16, ok bool) {
	p := defaultPort(schemeKind(scheme))
	if p < 0 {
		return 0, false
	}
	return uint16(p), true
}

// The states of the basic URL parser, section "URL parsing".
const (
	stNone = iota
	stSchemeStart
	stScheme
	stNoScheme
	stSpecialRelativeOrAuthority
	stPathOrAuthority
	stRelative
	stRelativeSlash
	stSpecialAuthoritySlashes
	stSpecialAuthorityIgnoreSlashes
	stAuthority
	stHost
	stHostname
	stPort
	stFile
	stFileSlash
	stFileHost
	stPathStart
	stPath
	stOpaquePath
	stQuery
	stFragment
)

// rec is a URL record (section "URL representation") while the parser
// builds it. Its strings are substrings of the input or of the base URL's
// href whenever the standard leaves them as written, so that building one
// allocates nothing for input already in serialized form.
type rec struct {
	scheme   string
	kind     uint8 // scheme kind
	username string
	password string
	host     string // serialized
	hostKind uint8  // hostNull when the host is null
	port     int32  // -1 for null
	portText string // the port in decimal when at hand without formatting, else ""
	opaque   bool   // the path is an opaque path
	path     pathBuf
	query    string
	hasQuery bool
	frag     string
	hasFrag  bool
}

func (r *rec) special() bool { return r.kind != schemeOther }

// startAt is the step of several states on "?" (set the query to the empty
// string, go to the query state) and "#" (the same with the fragment). It
// returns the next state, or stNone when c is neither.
func (r *rec) startAt(c int) int {
	switch c {
	case '?':
		r.query, r.hasQuery = "", true
		return stQuery
	case '#':
		r.frag, r.hasFrag = "", true
		return stFragment
	}
	return stNone
}
func (r *rec) credentials() bool { return r.username != "" || r.password != "" }

// pathBuf is a URL's path in serialized form ("/a/b" for the list « a, b »,
// or the opaque path itself). While the path equals a substring of src it
// is kept as that view (src[s:e]); it is copied into b on the first change
// that the view cannot express.
type pathBuf struct {
	src    string
	s, e   int
	fromIn bool // src is the parser's input
	b      []byte
	mat    bool // b holds the path
}

// final returns the path without copying; pb must not change afterwards.
// string(pb.b) instead of the view costs an allocation for a changed path
// of more than 32 bytes: Parse("http://h/a/b/../" + 44 bytes + "/d") made
// 2 instead of 1.
func (pb *pathBuf) final() string {
	if pb.mat {
		if len(pb.b) == 0 {
			return ""
		}
		return bytestr.String(pb.b)
	}
	return pb.src[pb.s:pb.e]
}

func (pb *pathBuf) len() int {
	if pb.mat {
		return len(pb.b)
	}
	return pb.e - pb.s
}

func (pb *pathBuf) setView(src string, s, e int, fromIn bool) {
	*pb = pathBuf{src: src, s: s, e: e, fromIn: fromIn}
}

// materialize copies the path into b, with room for extra more bytes and
// the rest of the input. b is a region reserved in p's arena when it has
// room, so that the path costs no allocation of its own.
func (pb *pathBuf) materialize(p *parser, extra int) {
	if pb.mat {
		return
	}
	v := pb.src[pb.s:pb.e]
	need := len(v) + extra + len(p.in) + 8
	p.grow(need)
	if start := len(p.arena); cap(p.arena)-start >= need {
		p.arena = p.arena[:start+need]
		pb.b = append(p.arena[start:start:start+need], v...)
	} else {
		pb.b = append(make([]byte, 0, need), v...)
	}
	pb.mat = true
}

// appendSegment appends "/" and seg. seg starts at in[slash+1] when
// verbatim is true.
func (pb *pathBuf) appendSegment(p *parser, slash int, seg string, verbatim bool) {
	in := p.in
	if !pb.mat && seg == "" && pb.s == pb.e && !(verbatim && slash >= 0 && in[slash] == '/') {
		pb.setView("/", 0, 1, false)
		return
	}
	if !pb.mat && verbatim && slash >= 0 && in[slash] == '/' {
		if pb.s == pb.e {
			pb.setView(in, slash, slash+1+len(seg), true)
			return
		}
		if pb.fromIn && pb.e == slash {
			pb.e = slash + 1 + len(seg)
			return
		}
	}
	pb.materialize(p, len(seg)+1)
	pb.b = append(pb.b, '/')
	pb.b = append(pb.b, seg...)
}

func (pb *pathBuf) appendOpaque(p *parser, s, e int, enc string, verbatim bool) {
	in := p.in
	if !pb.mat && verbatim && pb.s == pb.e {
		pb.setView(in, s, e, true)
		return
	}
	pb.materialize(p, len(enc))
	pb.b = append(pb.b, enc...)
}

// first returns the path's first segment.
func firstSegment(p string) string {
	if p == "" {
		return ""
	}
	p = p[1:]
	if i := strings.IndexByte(p, '/'); i >= 0 {
		return p[:i]
	}
	return p
}

// shorten is "shorten a url's path" of section "URL miscellaneous".
func (pb *pathBuf) shorten(file bool) {
	p := pb.final() // no copy: shorten only reads it
	if file && len(p) == 3 && p[0] == '/' && isNormalizedDriveLetter(p[1:]) {
		return
	}
	k := strings.LastIndexByte(p, '/')
	if k < 0 {
		return
	}
	if pb.mat {
		pb.b = pb.b[:k]
	} else {
		pb.e = pb.s + k
	}
}

func isAlpha(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// isDriveLetter: a Windows drive letter (section "URL miscellaneous").
func isDriveLetter(s string) bool {
	return len(s) == 2 && isAlpha(s[0]) && (s[1] == ':' || s[1] == '|')
}

func isNormalizedDriveLetter(s string) bool {
	return len(s) == 2 && isAlpha(s[0]) && s[1] == ':'
}

// startsWithDriveLetter: "starts with a Windows drive letter".
func startsWithDriveLetter(s string) bool {
	if len(s) < 2 || !isDriveLetter(s[:2]) {
		return false
	}
	if len(s) == 2 {
		return true
	}
	switch s[2] {
	case '/', '\\', '?', '#':
		return true
	}
	return false
}

func isSingleDot(s string) bool {
	return s == "." || len(s) == 3 && s[0] == '%' && s[1] == '2' && s[2]|0x20 == 'e'
}

func isDoubleDot(s string) bool {
	switch len(s) {
	case 2:
		return s == ".."
	case 4:
		return s[0] == '.' && isSingleDot(s[1:]) || s[3] == '.' && isSingleDot(s[:3])
	case 6:
		return isSingleDot(s[:3]) && isSingleDot(s[3:])
	}
	return false
}

// parser holds the state of one run of the basic URL parser.
type parser struct {
	in   string // input after the removal of tabs, newlines and surrounding C0/space
	base *URL
	errs *[]ValidationError // nil unless the caller asked for validation errors
	r    rec
	// arena holds the components that the parser changes (percent-encoded,
	// lowercased, serialized hosts), so that they cost no allocation of
	// their own. It is allocated on the first change, with room for the
	// href after the components: assemble writes the href there, so that a
	// URL costs one allocation. The href keeps the arena's memory.
	arena []byte
	// hostHint, when not empty, is the serialized host the caller
	// expects (whatwg.Repair: the host uri.Repair wrote): a domain that
	// maps to it takes that string rather than room in the arena.
	hostHint string
	// destOnly: the caller reads only the record's scheme, host and
	// port (whatwg.Repair), which the userinfo's percent-encoding does
	// not change, so the userinfo is left as written.
	destOnly bool
}

// arenaString returns the arena's bytes from start as a string: a view,
// which keeps the arena's memory. string(p.arena[start:]) copies, an
// allocation for every component the parser changes, and broke
// TestAllocations' one-allocation promise ("HTTPS://EXAMPLE.org": 3;
// "http://h/a b/./../c?d e#f g": 4).
func (p *parser) arenaString(start int) string {
	if start == len(p.arena) {
		return ""
	}
	return bytestr.String(p.arena[start:])
}

// grow makes room for n more bytes in the arena.
func (p *parser) grow(n int) {
	if p.arena == nil {
		p.arena = make([]byte, 0, 2*len(p.in)+n+48)
	}
}

// encode is the package's encode writing into the arena.
func (p *parser) encode(s string, set uint8) string {
	i := firstToEncode(s, set)
	if i < 0 {
		return s
	}
	p.grow(len(s) + 16)
	start := len(p.arena)
	p.arena = append(p.arena, s[:i]...)
	p.arena = appendEncoded(p.arena, s[i:], set)
	return p.arenaString(start)
}

// lower returns s with ASCII upper case letters lowercased, in the arena.
func (p *parser) lower(s string) string {
	p.grow(len(s))
	start := len(p.arena)
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		p.arena = append(p.arena, c)
	}
	return p.arenaString(start)
}

// keep returns b as a string in the arena.
func (p *parser) keep(b []byte) string {
	p.grow(len(b))
	start := len(p.arena)
	p.arena = append(p.arena, b...)
	return p.arenaString(start)
}

func (p *parser) validation(kind string, off int) {
	if p.errs != nil {
		e := *p.errs
		if len(e) == cap(e) {
			// The list doubles: append adds a quarter to a long list,
			// so that all the lists it makes come to about five times
			// the last (an error a byte: about 180 bytes allocated a
			// byte of input, 48 doubling).
			e = append(make([]ValidationError, 0, max(2*cap(e), 8)), e...)
		}
		*p.errs = append(e, ValidationError{kind, off})
	}
}

// checkURLUnits reports invalid-URL-unit for each code point of s (at
// offset off) that is not a URL code point or U+0025 (%), and for each "%"
// not followed by two hex digits (section "URL writing").
func (p *parser) checkURLUnits(s string, off int) {
	for i := 0; i < len(s); {
		c := s[i]
		if c < 0x80 {
			if c == '%' {
				if !(i+2 < len(s) && pctenc.IsHex(s[i+1]) && pctenc.IsHex(s[i+2])) {
					p.validation("invalid-URL-unit", off+i)
				}
			} else if !isURLCodePointASCII(c) {
				p.validation("invalid-URL-unit", off+i)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r < 0xa0 || r == utf8.RuneError && n == 1 || r >= 0xfdd0 && r <= 0xfdef || r&0xfffe == 0xfffe {
			p.validation("invalid-URL-unit", off+i)
		}
		i += n
	}
}

func isURLCodePointASCII(c byte) bool {
	return isAlpha(c) || '0' <= c && c <= '9' || strings.IndexByte("!$&'()*+,-./:;=?@_~", c) >= 0
}

// preprocess runs the first steps of the basic URL parser: remove leading
// and trailing C0 control or space, then every ASCII tab or newline. It
// returns the input itself when nothing is removed.
//
// The standard's input is a scalar value string, which a Go string becomes
// by the Encoding Standard's "UTF-8 decode without BOM" (each maximal
// subpart of invalid bytes one U+FFFD): that is done first, so that a tab
// or newline between invalid bytes separates them as it does in the scalar
// value string ("\xe3\r\x80\x82" is three U+FFFD, not the U+3002 the
// bytes would make once the "\r" is gone). The validation errors it
// reports have offsets in scalar(input), which is input when it is UTF-8.
func preprocess(input string, trim bool, p *parser) string {
	if ascii.InRange(input, 0x20) && (!trim || input == "" || input[0] > ' ' && input[len(input)-1] > ' ') {
		return input
	}
	// One validity check, as before the decoding was moved ahead of the
	// removals (inline here: Decode, a call, checks again only for a
	// string that is not UTF-8); a valid input is not copied.
	s := input
	if !utf8.ValidString(s) {
		s = utf8dec.Decode(s)
	}
	lead := 0
	if trim {
		i, j := 0, len(s)
		for i < j && s[i] <= ' ' {
			i++
		}
		for j > i && s[j-1] <= ' ' {
			j--
		}
		if i > 0 || j < len(s) {
			p.validation("invalid-URL-unit", 0)
			s = s[i:j]
		}
		lead = i
	}
	k := len(s)
	if ascii.HasBelow(s, 0x20) {
		// A tab or newline is a C0 control: none when a word-at-a-time
		// scan finds none, as for an input whose only reason to be here
		// is a non-ASCII byte (the changed WPT inputs, under callgrind:
		// 2797 -> 2777 instructions each).
		k = 0
		for k < len(s) && s[k] != '\t' && s[k] != '\n' && s[k] != '\r' {
			k++
		}
	}
	if k < len(s) {
		p.validation("invalid-URL-unit", lead+k)
		b := make([]byte, 0, len(s))
		for i := 0; i < len(s); i++ {
			if c := s[i]; c != '\t' && c != '\n' && c != '\r' {
				b = append(b, c)
			}
		}
		s = string(b)
	}
	return s
}

// Classes of bytes for the scanning loops of the parser.
const (
	cEndSpecial = 1 << iota // ends an authority, host or path segment of a special URL: / \ ? #
	cEnd                    // the same for other URLs: / ? #
	cAt                     // @
	cHostMark               // : [ ]
	cPathEncode             // in the path percent-encode set
)

var charTable = func() (t [256]uint8) {
	for _, c := range "/?#" {
		t[c] |= cEndSpecial | cEnd
	}
	t['\\'] |= cEndSpecial
	t['@'] |= cAt
	for _, c := range ":[]" {
		t[c] |= cHostMark
	}
	for c := 0; c < 256; c++ {
		if encodeTable[c]&setPath != 0 {
			t[c] |= cPathEncode
		}
	}
	return t
}()

// endMask is the class of the bytes that end an authority, host or path
// segment.
func endMask(special bool) uint8 {
	if special {
		return cEndSpecial
	}
	return cEnd
}

// isEnd reports whether c ends an authority, host, port or path segment:
// EOF, "/", "?", "#", or "\" in a special URL.
func isEnd(c int, special bool) bool {
	return c < 0 || c == '/' || c == '?' || c == '#' || special && c == '\\'
}

// run is the basic URL parser's state machine (section "URL parsing") over
// p.in, starting in state, with override the state override (stNone for
// none). A nil result with override set means the setter returned early or
// finished; a non-nil one is a failure (and the record is not to be used).
func (p *parser) run(state, override int) fail {
	in := p.in
	n := len(in)
	r := &p.r
	base := p.base
	at := func(i int) int {
		if i >= 0 && i < n {
			return int(in[i])
		}
		return -1
	}
	var i int
	for {
		c := at(i)
		switch state {
		case stSchemeStart:
			if c >= 0 && isAlpha(byte(c)) {
				state = stScheme
				i--
			} else if override == stNone {
				state = stNoScheme
				i--
			} else {
				return failAt(ErrMissingScheme, "scheme", i)
			}

		case stScheme:
			start := i
			lower := true
			for i < n {
				ch := in[i]
				if 'a' <= ch && ch <= 'z' || '0' <= ch && ch <= '9' || ch == '+' || ch == '-' || ch == '.' {
					i++
				} else if 'A' <= ch && ch <= 'Z' {
					lower = false
					i++
				} else {
					break
				}
			}
			if at(i) != ':' {
				if override != stNone {
					return failAt(ErrMissingScheme, "scheme", i)
				}
				state = stNoScheme
				i = -1
				break
			}
			buf := in[start:i]
			if !lower {
				buf = p.lower(buf)
			}
			kind := schemeKind(buf)
			if override != stNone {
				if r.special() != (kind != schemeOther) {
					return fail{}
				}
				if (r.credentials() || r.port >= 0) && kind == schemeFile {
					return fail{}
				}
				if r.kind == schemeFile && r.hostKind == hostEmpty {
					return fail{}
				}
			}
			r.scheme, r.kind = buf, kind
			if override != stNone {
				if r.port == defaultPort(kind) {
					r.port = -1
				}
				return fail{}
			}
			switch {
			case kind == schemeFile:
				if !strings.HasPrefix(in[i+1:], "//") {
					p.validation("special-scheme-missing-following-solidus", i+1)
				}
				state = stFile
			case kind != schemeOther && base != nil && base.kind == kind:
				state = stSpecialRelativeOrAuthority
			case kind != schemeOther:
				state = stSpecialAuthoritySlashes
			case at(i+1) == '/':
				state = stPathOrAuthority
				i++
			default:
				r.opaque = true
				r.path.setView(in, i+1, i+1, true)
				state = stOpaquePath
			}

		case stNoScheme:
			if base == nil || base.opaquePath() && c != '#' {
				p.validation("missing-scheme-non-relative-URL", 0)
				return failAt(ErrMissingScheme, "missing-scheme-non-relative-URL", 0)
			} else if base.opaquePath() && c == '#' {
				r.scheme, r.kind = base.scheme(), base.kind
				r.opaque = true
				r.path.setView(base.href, int(base.pathStart), int(base.pathEnd), false)
				r.query, r.hasQuery = base.query()
				r.frag, r.hasFrag = "", true
				state = stFragment
			} else if base.kind != schemeFile {
				state = stRelative
				i--
			} else {
				state = stFile
				i--
			}

		case stSpecialRelativeOrAuthority, stSpecialAuthoritySlashes:
			// The special relative or authority state and the special
			// authority slashes state differ only in where they go when
			// "//" does not follow: the relative state, or the special
			// authority ignore slashes state.
			if c == '/' && at(i+1) == '/' {
				state = stSpecialAuthorityIgnoreSlashes
				i++
			} else {
				p.validation("special-scheme-missing-following-solidus", i)
				if state == stSpecialRelativeOrAuthority {
					state = stRelative
				} else {
					state = stSpecialAuthorityIgnoreSlashes
				}
				i--
			}

		case stPathOrAuthority:
			if c == '/' {
				state = stAuthority
			} else {
				state = stPath
				i--
			}

		case stRelative:
			r.scheme, r.kind = base.scheme(), base.kind
			if c == '/' {
				state = stRelativeSlash
			} else if r.special() && c == '\\' {
				p.validation("invalid-reverse-solidus", i)
				state = stRelativeSlash
			} else {
				p.copyBaseAuthority()
				r.path.setView(base.href, int(base.pathStart), int(base.pathEnd), false)
				r.query, r.hasQuery = base.query()
				if next := r.startAt(c); next != stNone {
					state = next
				} else if c >= 0 {
					r.query, r.hasQuery = "", false
					r.path.shorten(r.kind == schemeFile)
					state = stPath
					i--
				}
			}

		case stRelativeSlash:
			if r.special() && (c == '/' || c == '\\') {
				if c == '\\' {
					p.validation("invalid-reverse-solidus", i)
				}
				state = stSpecialAuthorityIgnoreSlashes
			} else if c == '/' {
				state = stAuthority
			} else {
				p.copyBaseAuthority()
				state = stPath
				i--
			}

		case stSpecialAuthorityIgnoreSlashes:
			if c != '/' && c != '\\' {
				state = stAuthority
				i--
			} else {
				p.validation("special-scheme-missing-following-solidus", i)
			}

		case stAuthority:
			// The whole authority at once: the last "@" before its end
			// separates the credentials; each "@" before it is encoded
			// (as the standard's "%40" prepending does) and the first ":"
			// splits username from password.
			special := r.special()
			start := i
			lastAt, marks := -1, false
			var cl uint8 // the host parser's classes of the bytes (hostTable)
			j := i
			stop := endMask(special)
			for ; j < n; j++ {
				c := in[j]
				t := charTable[c]
				if t&stop != 0 {
					break
				}
				if t&(cAt|cHostMark) != 0 {
					if t&cAt != 0 {
						lastAt = j
					} else {
						marks = true
					}
				}
				cl |= hostTable[c]
			}
			if lastAt < 0 && !marks {
				// No credentials, port or brackets: the authority is
				// the host, which the host state would scan again, and
				// parseDomain a third time for the classes at hand
				// (the host state's steps for a host that ends at j).
				buf := in[start:j]
				if special && buf == "" {
					p.validation("host-missing", j)
					return failAt(ErrHostMissing, "host-missing", j)
				}
				var h string
				var k uint8
				var f fail
				if special {
					h, k, f = p.parseDomainClass(buf, start, cl)
				} else {
					h, k, f = p.parseOpaqueHost(buf, start)
				}
				if f.err != nil {
					return f
				}
				r.host, r.hostKind = h, k
				state = stPathStart
				i = j - 1
				break
			}
			if lastAt >= 0 {
				p.validation("invalid-credentials", start)
				ui := in[start:lastAt]
				switch k := strings.IndexByte(ui, ':'); {
				case p.destOnly:
					// Not encoded; credentials() is the same.
					r.username = ui
				case k >= 0:
					r.username = p.encode(ui[:k], setUserinfo)
					r.password = p.encode(ui[k+1:], setUserinfo)
				default:
					r.username = p.encode(ui, setUserinfo)
				}
				if lastAt+1 == j {
					p.validation("host-missing", j)
					return failAt(ErrHostMissing, "host-missing", j)
				}
				start = lastAt + 1
			}
			state = stHost
			i = start - 1

		case stHost, stHostname:
			if override != stNone && r.kind == schemeFile {
				i--
				state = stFileHost
				break
			}
			special := r.special()
			start := i
			inside := false
			j := i
			stop := endMask(special)
			for ; j < n; j++ {
				ch := in[j]
				t := charTable[ch]
				if t&(stop|cHostMark) == 0 {
					continue
				}
				if t&stop != 0 || ch == ':' && !inside {
					break
				}
				if ch == '[' {
					inside = true
				} else if ch == ']' {
					inside = false
				}
			}
			buf := in[start:j]
			if at(j) == ':' {
				if buf == "" {
					p.validation("host-missing", j)
					return failAt(ErrHostMissing, "host-missing", j)
				}
				if override == stHostname {
					return failAt(ErrPortInvalid, "hostname", j)
				}
				h, k, f := p.parseHost(buf, !special, start)
				if f.err != nil {
					return f
				}
				r.host, r.hostKind = h, k
				state = stPort
				i = j
				break
			}
			i = j - 1
			if special && buf == "" {
				p.validation("host-missing", j)
				return failAt(ErrHostMissing, "host-missing", j)
			} else if override != stNone && buf == "" && (r.credentials() || r.port >= 0) {
				return failAt(ErrHostMissing, "host-missing", j)
			}
			h, k, f := p.parseHost(buf, !special, start)
			if f.err != nil {
				return f
			}
			r.host, r.hostKind = h, k
			state = stPathStart
			if override != stNone {
				return fail{}
			}

		case stPort:
			start := i
			j := i
			var v uint32
			for ; j < n && '0' <= in[j] && in[j] <= '9'; j++ {
				if v <= 65535 {
					v = v*10 + uint32(in[j]-'0')
				}
			}
			if isEnd(at(j), r.special()) || override != stNone {
				if j > start {
					if v > 65535 {
						p.validation("port-out-of-range", start)
						return failAt(ErrPortOutOfRange, "port-out-of-range", start)
					}
					r.port = int32(v)
					r.portText = ""
					if in[start] != '0' || j-start == 1 {
						r.portText = in[start:j]
					}
					if r.port == defaultPort(r.kind) {
						r.port = -1
					}
					if override != stNone {
						return fail{}
					}
				}
				if override != stNone {
					return failAt(ErrPortInvalid, "port-invalid", j)
				}
				state = stPathStart
				i = j - 1
			} else {
				p.validation("port-invalid", j)
				return failAt(ErrPortInvalid, "port-invalid", j)
			}

		case stFile:
			r.scheme, r.kind = "file", schemeFile
			r.host, r.hostKind = "", hostEmpty
			if c == '/' || c == '\\' {
				if c == '\\' {
					p.validation("invalid-reverse-solidus", i)
				}
				state = stFileSlash
			} else if base != nil && base.kind == schemeFile {
				r.host, r.hostKind = base.Hostname(), base.hostKind
				r.path.setView(base.href, int(base.pathStart), int(base.pathEnd), false)
				r.query, r.hasQuery = base.query()
				if next := r.startAt(c); next != stNone {
					state = next
				} else if c >= 0 {
					r.query, r.hasQuery = "", false
					if !startsWithDriveLetter(in[i:]) {
						r.path.shorten(true)
					} else {
						p.validation("file-invalid-Windows-drive-letter", i)
						r.path.setView(in, 0, 0, true)
					}
					state = stPath
					i--
				}
			} else {
				state = stPath
				i--
			}

		case stFileSlash:
			if c == '/' || c == '\\' {
				if c == '\\' {
					p.validation("invalid-reverse-solidus", i)
				}
				state = stFileHost
			} else {
				if base != nil && base.kind == schemeFile {
					r.host, r.hostKind = base.Hostname(), base.hostKind
					if first := firstSegment(base.Pathname()); !startsWithDriveLetter(in[max(i, 0):]) && isNormalizedDriveLetter(first) {
						r.path.appendSegment(p, -1, first, false)
					}
				}
				state = stPath
				i--
			}

		case stFileHost:
			start := i
			j := i
			for ; j < n && !isEnd(int(in[j]), true); j++ {
			}
			buf := in[start:j]
			i = j - 1
			if override == stNone && isDriveLetter(buf) {
				p.validation("file-invalid-Windows-drive-letter-host", start)
				state = stPath
				i = start - 1
			} else if buf == "" {
				r.host, r.hostKind = "", hostEmpty
				if override != stNone {
					return fail{}
				}
				state = stPathStart
			} else {
				h, k, f := p.parseHost(buf, false, start)
				if f.err != nil {
					return f
				}
				if h == "localhost" {
					h, k = "", hostEmpty
				}
				r.host, r.hostKind = h, k
				if override != stNone {
					return fail{}
				}
				state = stPathStart
			}

		case stPathStart:
			if r.special() {
				if c == '\\' {
					p.validation("invalid-reverse-solidus", i)
				}
				state = stPath
				if c != '/' && c != '\\' {
					i--
				}
			} else if override == stNone && c == '?' {
				r.query, r.hasQuery = "", true
				state = stQuery
			} else if override == stNone && c == '#' {
				r.frag, r.hasFrag = "", true
				state = stFragment
			} else if c >= 0 {
				state = stPath
				if c != '/' {
					i--
				}
			} else if override != stNone && r.hostKind == hostNull {
				r.path.appendSegment(p, -1, "", false)
			}

		case stPath:
			// One segment after another without going round the state
			// machine's loop: a "/" (or "\\" in a special URL) ends a
			// segment and the path state goes on with the next code point.
			special := r.special()
			pb := &r.path
			for {
				start := i
				j := i
				var needs uint8
				if override == stNone {
					stop := endMask(special)
					for ; j < n; j++ {
						t := charTable[in[j]]
						if t&stop != 0 {
							break
						}
						needs |= t
					}
				} else {
					for ; j < n; j++ {
						ch := in[j]
						if ch == '/' || special && ch == '\\' {
							break
						}
						needs |= charTable[ch]
					}
				}
				seg := in[start:j]
				c = at(j)
				if p.errs != nil {
					p.checkURLUnits(seg, start)
					if special && c == '\\' {
						p.validation("invalid-reverse-solidus", j)
					}
				}
				slashNext := c == '/' || special && c == '\\'
				switch {
				case needs&cPathEncode == 0 && !pb.mat && pb.fromIn && pb.s < pb.e && pb.e == start-1 && in[pb.e] == '/' &&
					(len(seg) == 0 || seg[0] != '.' && seg[0] != '%'):
					// The common case: a segment as written, right after
					// the path so far in the input.
					pb.e = j
				case isDoubleDot(seg):
					pb.shorten(r.kind == schemeFile)
					if !slashNext {
						pb.appendSegment(p, -1, "", false)
					}
				case isSingleDot(seg):
					if !slashNext {
						pb.appendSegment(p, -1, "", false)
					}
				default:
					verbatim := needs&cPathEncode == 0
					if r.kind == schemeFile && pb.len() == 0 && isDriveLetter(seg) && seg[1] != ':' {
						seg = p.keep([]byte{seg[0], ':'})
						verbatim = false
					} else if !verbatim {
						seg = p.encode(seg, setPath)
					}
					pb.appendSegment(p, start-1, seg, verbatim)
				}
				if slashNext {
					i = j + 1
					continue
				}
				if next := r.startAt(c); next != stNone {
					state = next
				}
				i = j
				break
			}

		case stOpaquePath:
			start := i
			j := i
			for j < n && in[j] != '?' && in[j] != '#' {
				j++
			}
			seg := in[start:j]
			if p.errs != nil {
				p.checkURLUnits(seg, start)
			}
			enc := p.encode(seg, setC0)
			verbatim := len(enc) == len(seg)
			if j < n && strings.HasSuffix(seg, " ") {
				enc = enc[:len(enc)-1] + "%20"
				verbatim = false
			}
			if seg != "" {
				r.path.appendOpaque(p, start, j, enc, verbatim)
			}
			if next := r.startAt(at(j)); next != stNone {
				state = next
			}
			i = j

		case stQuery:
			start := i
			j := i
			if override == stNone {
				if k := strings.IndexByte(in[i:], '#'); k >= 0 {
					j = i + k
				} else {
					j = n
				}
			} else {
				j = n
			}
			if start < 0 {
				start = 0
			}
			buf := in[start:j]
			if p.errs != nil {
				p.checkURLUnits(buf, start)
			}
			set := uint8(setQuery)
			if r.special() {
				set = setSpecialQuery
			}
			r.query = p.encode(buf, set)
			if at(j) == '#' {
				r.frag, r.hasFrag = "", true
				state = stFragment
			}
			i = j

		case stFragment:
			if i < 0 {
				i = 0
			}
			if i < n {
				if p.errs != nil {
					p.checkURLUnits(in[i:], i)
				}
				r.frag = p.encode(in[i:], setFragment)
			}
			i = n
		}
		if i >= n {
			break
		}
		i++
	}
	return fail{}
}

func (p *parser) copyBaseAuthority() {
	r, b := &p.r, p.base
	r.username = b.Username()
	r.password = b.Password()
	r.host, r.hostKind = b.Hostname(), b.hostKind
	r.port, r.portText = b.port(), b.Port()
}
