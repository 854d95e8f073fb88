package lint

import (
	"sort"
	"strings"

	"github.com/ferret-go/uri"
	"github.com/ferret-go/uri/whatwg"
)

// span is the byte range s[start:end] of a component; ok tells a present
// component from an absent one (an empty query "?" is present).
type span struct {
	start, end int
	ok         bool
}

func (p span) of(s string) string {
	if !p.ok {
		return ""
	}
	return s[p.start:p.end]
}

// layout is one reading of a string's components, as byte ranges of the
// string read.
type layout struct {
	scheme, authority, userinfo, host, port, path, query, fragment span
}

// rfcLayout splits s as the regular expression of RFC 3986, Appendix B
// does, which matches any string:
//
//	^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
//
// and the authority as section 3.2 writes it, with the last "@" ending the
// userinfo (the RFC allows none in it, so a valid reference has at most
// one) and the first ":" outside an IP-literal beginning the port. For a
// valid reference these are the components the RFC's grammar finds.
//
// No group before the fragment holds a "#", and none before the query a
// "?": the first "#" begins the fragment and the first "?" before it the
// query, so the split is a few byte searches (IndexByte), not a loop.
func rfcLayout(s string) layout {
	var l layout
	q, f := queryAndFragment(s, 0)
	i := 0
	if k := strings.IndexByte(s[:q], ':'); k > 0 && strings.IndexByte(s[:k], '/') < 0 {
		l.scheme = span{0, k, true}
		i = k + 1
	}
	if strings.HasPrefix(s[i:q], "//") {
		end := q
		if k := strings.IndexByte(s[i+2:q], '/'); k >= 0 {
			end = i + 2 + k
		}
		l.splitAuthority(s, i+2, end)
		i = end
	}
	l.tail(s, i, q, f)
	return l
}

// iriLayout fills l, which must be zero, with the layout of s, a valid IRI
// reference parsed as u: rfcLayout's of s, from where the parser found the
// components. u.Span gives the host and the path (ranges of u's text,
// which is s); around them the RFC's delimiters place the rest, so that s
// is not searched: an authority begins after the scheme's ":" and "//"
// (RFC 3986, section 3), and a host that begins after that has a userinfo
// and its "@" before it (section 3.2.1), a host that ends before the path
// a ":" and the port after it (section 3.2.3); a "?" at the path's end
// begins the query (section 3.4), whose span Span gives, and a "#" at the
// path's or the query's end the fragment (section 3.5).
//
// Span is not inlined: about 23 instructions a call, and as many again to
// pass u. The Has methods and the other accessors, inlined, copy u whole,
// once or twice each, so the layout asks u only for its scheme and two or
// three spans. (Lint on the clean lines of kasztp.txt under callgrind:
// 4938 -> 4893 instructions a URL against the search, where a Span call
// for each component u has, its presence told by the Has methods, cost
// about 65 more; bench/results/spans-2026-11-29-lintinstr.txt.) It fills l
// in place: returning the layout cost a copy of it.
func iriLayout(l *layout, s string, u *uri.IRI) {
	a := len(u.Scheme())
	if a > 0 {
		l.scheme = span{0, a, true}
		a++
	}
	l.path.start, l.path.end, l.path.ok = u.Span(uri.ComponentPath)
	if h, he, ok := u.Span(uri.ComponentHost); ok {
		a += 2 // the "//"
		l.authority = span{a, l.path.start, true}
		l.host = span{h, he, true}
		if h > a {
			l.userinfo = span{a, h - 1, true}
		}
		if he < l.path.start {
			l.port = span{he + 1, l.path.start, true}
		}
	}
	i := l.path.end
	if i < len(s) && s[i] == '?' {
		l.query.start, l.query.end, l.query.ok = u.Span(uri.ComponentQuery)
		i = l.query.end
	}
	if i < len(s) {
		l.fragment = span{i + 1, len(s), true}
	}
}

// browserLayout fills l, which must be zero, with how s, already stripped
// of tabs, newlines and edge spaces, is split by the URL Standard's state
// machine for a URL whose scheme is special: after the scheme any run of
// "/" and "\" introduces the authority, which ends at "/", "\", "?" or
// "#". For other schemes it is rfcLayout. It models only where components
// begin and end, not what the host parser makes of the host. (It fills l in
// place: a layout returned and passed by value was copied three times, most
// of browserLayout's own instructions on a "file:///" URL under callgrind.)
func browserLayout(l *layout, s, scheme string) {
	if !isSpecial(scheme) {
		*l = rfcLayout(s)
		return
	}
	i := len(scheme) + 1
	l.scheme = span{0, len(scheme), true}
	if i > len(s) {
		i = len(s)
	}
	j := i
	for j < len(s) && (s[j] == '/' || s[j] == '\\') {
		j++
	}
	if scheme == "file" {
		fileLayout(l, s, i, j)
		return
	}
	end := len(s)
	if k := indexSet(s[j:], &setBrAuthEnd); k >= 0 {
		end = j + k
	}
	l.splitAuthority(s, j, end)
	l.rest(s, end)
}

// fileLayout ends browserLayout for a file URL, whose states differ from
// the other special schemes' (URL Standard, "file state", "file slash
// state", "file host state"): exactly two of the slashes at s[i:j] lead to
// the host, which runs to the next "/", "\", "?" or "#" with no userinfo or
// port in it, and a host that is a Windows drive letter ("c:" or "c|") is
// the path's first segment instead. So "file:///127.1/x" has an empty host
// and "file://c:/x" none.
func fileLayout(l *layout, s string, i, j int) {
	if j-i < 2 {
		// file URLs without "//" have no authority.
		l.rest(s, i)
		return
	}
	h := i + 2
	end := len(s)
	if k := indexSet(s[h:], &setBrAuthEnd); k >= 0 {
		end = h + k
	}
	if end-h == 2 && isASCIILetter(s[h]) && (s[h+1] == ':' || s[h+1] == '|') {
		l.rest(s, h)
		return
	}
	l.authority = span{h, end, true}
	l.host = span{h, end, true}
	l.rest(s, end)
}

func isASCIILetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// splitAuthority fills the authority, userinfo, host and port of l from
// s[start:end].
func (l *layout) splitAuthority(s string, start, end int) {
	l.authority = span{start, end, true}
	h := start
	if k := strings.LastIndexByte(s[start:end], '@'); k >= 0 {
		l.userinfo = span{start, start + k, true}
		h = start + k + 1
	}
	he := end
	if h < end && s[h] == '[' {
		if k := strings.IndexByte(s[h:end], ']'); k >= 0 {
			he = h + k + 1
		}
	} else if k := strings.IndexByte(s[h:end], ':'); k >= 0 {
		he = h + k
	}
	l.host = span{h, he, true}
	if he < end && s[he] == ':' {
		l.port = span{he + 1, end, true}
	} else if he < end {
		// Text after an IP-literal's "]" that is no port: count it as
		// the port, which it is where the reading goes on.
		l.port = span{he, end, true}
	}
}

// rest fills the path, query and fragment of l from s[i:].
func (l *layout) rest(s string, i int) {
	q, f := queryAndFragment(s, i)
	l.tail(s, i, q, f)
}

// queryAndFragment returns where, from s[i:] on, the query and the
// fragment begin, their delimiters' indexes: f of the first "#", or
// len(s), and q of the first "?" before it, or f. That is where the path
// ends (RFC 3986, section 3: no component before the fragment holds a "#",
// none before the query a "?"; the URL Standard's path and query states
// end there too). Two IndexByte searches, which pass many bytes a step: a
// loop over the bytes made the long paths of "file:///" URLs, which Lint
// lays out as browsers do too, the most of Lint's own work
// (isaacs_files.txt under callgrind: layout.rest 692 -> 63 instructions a
// URL).
func queryAndFragment(s string, i int) (q, f int) {
	f = len(s)
	if k := strings.IndexByte(s[i:], '#'); k >= 0 {
		f = i + k
	}
	q = f
	if k := strings.IndexByte(s[i:f], '?'); k >= 0 {
		q = i + k
	}
	return q, f
}

// tail fills the path s[i:q], the query and the fragment of l, their
// delimiters at q and f as queryAndFragment finds them.
func (l *layout) tail(s string, i, q, f int) {
	l.path = span{i, q, true}
	if q < f {
		l.query = span{q + 1, f, true}
	}
	if f < len(s) {
		l.fragment = span{f + 1, len(s), true}
	}
}

// isSpecial reports whether the URL Standard treats the lowercase scheme
// as special (its section 4.1), with the parsing rules that come with it.
func isSpecial(scheme string) bool { return whatwg.IsSpecial(scheme) }

// isWeb reports whether scheme is one of the schemes of HTTP and
// WebSocket, whose ports and userinfo rules this package checks.
func isWeb(scheme string) bool {
	switch scheme {
	case "http", "https", "ws", "wss":
		return true
	}
	return false
}

// cleaned is a string as browsers read it before parsing: without leading
// and trailing C0 controls and spaces, and without any tab, CR or LF (the
// URL Standard's basic URL parser, steps 1 to 3). at maps an offset in the
// cleaned text back to the input.
type cleaned struct {
	s     string
	start int // offset of the cleaned text's first byte in the input
	// holes holds the input offsets of the removed tabs and newlines, in
	// order; or, when the input is not UTF-8 and tabs or newlines were
	// removed (cleanInput), -1 and then the input offset of each byte of
	// s and of its end: s is then decoded, not a subsequence of the input.
	// (One slice for both: a second one made every checker, which Lint
	// zeroes, 24 bytes larger.)
	holes []int
}

// at returns the offset in the input of byte i of the cleaned text.
func (c *cleaned) at(i int) int {
	if len(c.holes) > 0 && c.holes[0] < 0 {
		pos := c.holes[1:]
		return pos[min(max(i, 0), len(pos)-1)]
	}
	// The k-th byte after the start is the input's byte start+k plus the
	// number of holes before it: the smallest n with holes[n] > start+k+n.
	i += c.start
	n := sort.Search(len(c.holes), func(n int) bool { return c.holes[n] > i+n })
	return i + n
}

func isC0Space(b byte) bool { return b <= ' ' }

func isTabNewline(b byte) bool { return b == '\t' || b == '\n' || b == '\r' }

// byteSet is a set of bytes, for indexSet.
type byteSet [256]bool

func newByteSet(chars string) (b byteSet) {
	for i := 0; i < len(chars); i++ {
		b[chars[i]] = true
	}
	return b
}

// The sets of bytes that end a component, for the layouts.
var (
	setBrAuthEnd = newByteSet("/\\?#")
	setUserDelim = newByteSet("@:")
)

// indexSet returns the index of the first byte of s in set, or -1: what
// strings.IndexAny does, without building its set on every call.
func indexSet(s string, set *byteSet) int {
	for i := 0; i < len(s); i++ {
		if set[s[i]] {
			return i
		}
	}
	return -1
}
