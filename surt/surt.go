// Package surt writes the SURT keys (Sort-friendly URI Reordering
// Transform) under which web archives index their captures: the key of
// "http://www.archive.org/goo/?b&a" is "org,archive)/goo?a&b". CDX and ZipNum
// indexes (the Wayback Machine, pywb, the public crawl indexes) are sorted
// by this key, so a Go program that writes or searches one must produce the
// very key the rest of that world produces.
//
// [Key] follows the Wayback URL key maker as internetarchive/surt (Python)
// implements it, with its default canonicalization (the Google-style
// canonicalizer, then the Internet Archive's): the host's labels reversed and
// joined by ",", a leading "www" or "www" and digits dropped, the default
// port dropped, the path and query lowercased, session ids removed from the
// path (ASP.NET) and the query (jsessionid, phpsessid, sid, aspsessionid,
// cfid and cftoken), the query's parameters sorted, a trailing slash dropped.
// [Options] are its three options: with the scheme, with a trailing comma,
// and keeping "www". The published examples of internetarchive/surt and of
// iipc/webarchive-commons (Java), where they agree, are this package's tests,
// with the cases of Heritrix's SURT.fromURI that need no canonicalization
// (Heritrix's form is that of the three options together, without the key
// maker's canonicalization, which this package does not offer).
//
// # Where the implementations differ
//
// Python's and Java's key makers give different keys for "dns:" URLs: the
// Python one passes "dns:archive.org" through (lowercased), the Java one
// writes "org,archive)". This package follows the Python one, which pywb and
// the crawl indexes use. A host with non-ASCII characters is mapped to
// A-labels with the uri package's IDNA (UTS #46, as browsers do), where
// Python uses its own IDNA 2003 codec; the two agree on the names that both
// accept, and differ where the standards do ("faß.example" is
// "example,xn--fa-hia)/" here, "example,fass)/" in Python). As Python's
// codec does, bytes of the host that are not UTF-8 are dropped before
// IDNA, and a name that it would map to an empty label is kept as it is.
// Python's key maker fails on a URL of spaces only; [Key] gives "http:". Python's key maker raises an exception on a port that is not a
// number up to 65535; [Key] returns an error.
package surt

import (
	"bytes"
	"encoding/binary"
	"errors"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/ferret-go/uri"
	"github.com/ferret-go/uri/internal/ascii"
	"github.com/ferret-go/uri/internal/grow"
	"github.com/ferret-go/uri/internal/keycanon"
)

// ErrInvalidPort is the cause of the error of a URL whose port is not a
// number from 0 to 65535, on which the Python key maker raises.
var ErrInvalidPort = errors.New("invalid port")

// Error is the error of a URL for which there is no key.
type Error struct {
	Input  string // the URL given
	Offset int    // the byte offset in Input where the port begins
	Err    error  // ErrInvalidPort
}

func (e *Error) Error() string {
	return "surt: " + e.Err.Error() + " in " + strconv.Quote(e.Input) + " at offset " + strconv.Itoa(e.Offset)
}

// Unwrap returns the cause, for errors.Is.
func (e *Error) Unwrap() error { return e.Err }

// Options are the choices of the key maker; the zero Options are its
// defaults. Options are values: safe to copy and share.
type Options struct {
	// WithScheme writes the scheme before the host:
	// "http://(org,archive)/" (with_scheme in internetarchive/surt).
	WithScheme bool
	// TrailingComma writes a "," after the last label of the host:
	// "org,archive,)/" (trailing_comma).
	TrailingComma bool
	// KeepWWW keeps a leading "www" or "www" and digits label:
	// "org,archive,www)/" (host_massage=False).
	KeepWWW bool
}

// Key returns the SURT key of the URL s with the default options: see
// [Options.Key].
func Key(s string) (string, error) { return Options{}.Key(s) }

// Key returns the SURT key of the URL s. The empty URL has the key "-"; a
// URL that begins with "filedesc" is its own key; a URL without an authority
// ("dns:archive.org", "mailto:a@b", "warcinfo:x.warc.gz") keeps its scheme
// and has its path canonicalized (unescaped, escaped once, lowercased)
// without a host to reverse; any other URL is canonicalized and written with
// its host reversed. A URL without a scheme is taken as http. The result
// takes one allocation for a key of up to 512 bytes from a URL of up to 1 KiB
// (and those of IDNA for a host that needs it).
func (o Options) Key(s string) (string, error) {
	// A key is at most 3 bytes for each byte of the URL and of the
	// "http://" it may gain, and a few more; the buffers are declared in
	// their branches so that only the one used is cleared.
	var b []byte
	var err error
	if 3*(len(s)+len("http://"))+32 <= 192 {
		var buf [192]byte
		b, err = o.AppendKey(buf[:0], s)
	} else {
		var buf [512]byte
		b, err = o.AppendKey(buf[:0], s)
	}
	if err != nil {
		return "", err
	}
	return string(b), nil
}

// HostPrefix returns the prefix that the keys of the URLs on host share,
// under the options o, for a range query on a sorted index: "org,archive)"
// for "www.archive.org" (the "www" dropped unless KeepWWW), "org,archive,)"
// with TrailingComma. With subdomains, the prefix is that of the host's
// subdomains instead, "org,archive," (also without TrailingComma), which the
// keys of the host itself do not share. The host is lowercased, and an IPv4
// address is reversed too ("4,3,2,1)").
func (o Options) HostPrefix(host string, subdomains bool) string {
	h := strings.ToLower(strings.TrimSuffix(host, "."))
	if !o.KeepWWW {
		h = massage(h)
	}
	b := make([]byte, 0, len(h)+3)
	b = appendReversed(b, []byte(h))
	if subdomains || o.TrailingComma {
		b = append(b, ',')
	}
	if !subdomains {
		b = append(b, ')')
	}
	return string(b)
}

// massage drops a leading "www" or "www" and digits label, as the key
// maker's host massage does (the regular expression "www\d*\.").
func massage[T string | []byte](h T) T {
	// In any case: AppendKey takes the prefix off before it lowercases.
	if len(h) < 3 || h[0]|0x20 != 'w' || h[1]|0x20 != 'w' || h[2]|0x20 != 'w' {
		return h
	}
	i := 3
	for i < len(h) && '0' <= h[i] && h[i] <= '9' {
		i++
	}
	if i < len(h) && h[i] == '.' {
		return h[i+1:]
	}
	return h
}

// keySlack is the room a key's escaped host or path leaves after it when
// it grows dst: for the few bytes that follow (")", a port, ",", "/", "?")
// and a caller's newline. Without it a host of 4 MiB of escapes, whose
// worst case is a multiple of the page size, left no room for the ")", and
// that byte copied the 12 MiB key into new memory.
const keySlack = 32

// reverseLabels turns a host's text into its labels in the reverse order,
// joined by "," instead of ".", in place: what appendReversed appends.
func reverseLabels(b []byte) {
	slices.Reverse(b)
	for start := 0; start <= len(b); {
		end := bytes.IndexByte(b[start:], '.')
		if end < 0 {
			slices.Reverse(b[start:])
			return
		}
		end += start
		slices.Reverse(b[start:end])
		b[end] = ','
		start = end + 1
	}
}

// appendReversed appends host's labels to dst in the reverse order, joined
// by ",".
func appendReversed(dst, host []byte) []byte {
	end := len(host)
	for i := len(host) - 1; i >= -1; i-- {
		if i == -1 || host[i] == '.' {
			dst = append(dst, host[i+1:end]...)
			if i >= 0 {
				dst = append(dst, ',')
			}
			end = i
		}
	}
	return dst
}

// isSpace is Python's bytes whitespace, which the key maker strips from
// both ends of a URL.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

// parts are the pieces of a URL as the key maker splits it, as spans of a
// cleaned copy of the input.
type parts struct {
	scheme, host, port, path, query span
	hasHost, hasPath, hasQuery      bool
	rootPath                        bool // the path is "/", not a span
	portOffset                      int
}

type span struct{ start, end int }

func (p span) of(b []byte) []byte { return b[p.start:p.end] }

// AppendKey appends the SURT key of s to dst and returns the extended
// buffer; see [Options.Key].
func (o Options) AppendKey(dst []byte, s string) ([]byte, error) {
	if s == "" {
		return append(dst, '-'), nil
	}
	if strings.HasPrefix(s, "filedesc") {
		return append(dst, s...), nil
	}
	// The buffers are declared in the branches that use them, so that only
	// the one used is cleared (the clearing of a large one costs more than
	// the key of a short URL).
	var clean []byte
	if n := len(s) + len("http://"); n <= 128 {
		var cleanStack [128]byte
		clean = cleanStack[:0]
	} else if n <= 1024 {
		var cleanStack [1024]byte
		clean = cleanStack[:0]
	} else {
		clean = make([]byte, 0, n)
	}
	// Whitespace at the ends, tabs and newlines anywhere; the default
	// scheme; "http://https://" made "https://".
	start, end := 0, len(s)
	for start < end && isSpace(s[start]) {
		start++
	}
	for end > start && isSpace(s[end-1]) {
		end--
	}
	if !hasScheme(s[start:end]) {
		clean = append(clean, "http://"...)
	}
	if t := s[start:end]; !keycanon.HasControl(t) {
		clean = append(clean, t...)
	} else {
		for i := start; i < end; i++ {
			if c := s[i]; c != '\t' && c != '\n' && c != '\r' {
				clean = append(clean, c)
			}
		}
	}
	clean = collapseProtocols(clean)

	p := split(clean)
	// The port's offset in s, counted from the end, which the steps above
	// do not move (unless tabs or newlines follow the port).
	p.portOffset = end - (len(clean) - p.portOffset)
	// The host and the path are escaped straight into dst; work holds
	// what needs room of its own: the query, which is sorted into dst.
	var work []byte
	if need := 3 * (p.query.end - p.query.start); need <= 384 {
		var workStack [384]byte
		work = workStack[:0]
	} else if need <= 768 {
		var workStack [768]byte
		work = workStack[:0]
	} else if need <= 3072 {
		var workStack [3072]byte
		work = workStack[:0]
	} else {
		work = make([]byte, 0, need)
	}
	scheme := p.scheme.of(clean)

	// The host: unescaped, IDNA, dots, then an IP address's text, or a
	// name h that "The key" writes lowercased and escaped. The escaping
	// leaves "www", digits and dots as they are, apart from the case, so
	// the www massage takes its prefix off h first.
	var h, ipText []byte
	var ipBuf [16]byte // an IPv4 address's text
	if p.hasHost {
		h = keycanon.UnescapeRepeatedly(p.host.of(clean))
		if !isASCII(h) {
			h = idnaHost(h)
		}
		h = collapseDots(h)
		if ip, ok := attemptIP(h); ok {
			ipText, h = ip.AppendTo(ipBuf[:0]), nil
		} else if !o.KeepWWW && string(scheme) != "dns" {
			h = massage(h)
		}
	}
	// The host is not empty after the first canonicalizer: an escaped name
	// is empty only when h is, and the massage leaves a name that does not
	// end in "." (collapseDots) at least one byte.
	hostPresent := len(h) > 0 || len(ipText) > 0
	googleHost := hostPresent

	// The port: dropped when it is the scheme's default.
	port := -1
	if pt := p.port.of(clean); len(pt) > 0 {
		port = 0
		for _, c := range pt {
			if c < '0' || c > '9' || port > 65535 {
				return dst, &Error{Input: s, Offset: p.portOffset, Err: ErrInvalidPort}
			}
			port = port*10 + int(c-'0')
		}
		if port > 65535 {
			return dst, &Error{Input: s, Offset: p.portOffset, Err: ErrInvalidPort}
		}
		if port == 0 || port == defaultPort(scheme) {
			port = -1 // Python's "port or None" drops a port 0 too
		}
	}

	// The path: unescaped, normalized when there is a host, escaped once,
	// lowercased, without session ids or a trailing slash.
	var path []byte
	hasPath := p.hasPath
	// "/" with room for the byte more that normalizePath writes.
	var slash [2]byte
	if p.rootPath {
		slash[0] = '/'
		path = slash[:1]
	} else if hasPath {
		path = keycanon.UnescapeRepeatedly(p.path.of(clean))
	}
	if googleHost {
		path = normalizePath(path)
		if path == nil {
			slash[0] = '/'
			path = slash[:1]
		}
		hasPath = true
	}
	escapePath := hasPath && len(path) > 0 // else "/" or nothing

	// The query: unescaped, escaped once, without session ids,
	// lowercased, its parameters sorted; dropped when empty.
	var query []byte
	hasQuery := p.hasQuery && p.query.end > p.query.start
	if hasQuery {
		q := keycanon.UnescapeRepeatedly(p.query.of(clean))
		n := len(work)
		// Lowercased before the session ids are removed, which are
		// matched without regard to case: the same as after.
		work = appendEscapedLower(work, q)
		query = stripQuerySessionID(work[n:])
		hasQuery = len(query) > 0
	}

	// The key.
	if o.WithScheme {
		dst = append(dst, scheme...)
		dst = append(dst, ':')
		if hostPresent {
			if string(scheme) != "dns" {
				dst = append(dst, '/', '/')
			}
			dst = append(dst, '(')
		}
	} else if !hostPresent {
		dst = append(dst, scheme...)
		dst = append(dst, ':')
	}
	if hostPresent {
		if ipText != nil {
			dst = appendReversed(dst, ipText)
		} else {
			// Lowercased before and after the escaping: the hexadecimal
			// digits of the escapes too, as the key maker's second
			// canonicalizer lowercases the escaped host.
			n := len(dst)
			dst = appendEscapedLower(dst, h)
			reverseLabels(dst[n:])
		}
		if port >= 0 {
			dst = append(dst, ':')
			dst = strconv.AppendInt(dst, int64(port), 10)
		}
		if o.TrailingComma {
			dst = append(dst, ',')
		}
		dst = append(dst, ')')
	}
	switch {
	case escapePath:
		// Escaped in place; the session id and the trailing "/" come
		// off the escaped path, which is not empty and stays so.
		n := len(dst)
		dst = appendEscapedLower(dst, path)
		path = stripPathSessionID(dst[n:])
		if len(path) > 1 && path[len(path)-1] == '/' {
			path = path[:len(path)-1]
		}
		dst = dst[:n+len(path)]
	case len(path) > 0:
		dst = append(dst, path...)
	case hasQuery:
		dst = append(dst, '/')
	}
	if hasQuery {
		dst = append(dst, '?')
		dst = appendSortedQuery(dst, query)
	}
	return dst, nil
}

// defaultPort returns the default port of scheme, in any case, when it is
// http or https, the schemes whose default port Python's surt drops (the
// number is uri.DefaultPort's); -2, no port, for any other.
func defaultPort(scheme []byte) int {
	var buf [len("https")]byte
	if len(scheme) > len(buf) {
		return -2
	}
	lower := buf[:len(scheme)]
	for i, c := range scheme {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		lower[i] = c
	}
	switch string(lower) {
	case "http", "https":
		port, _ := uri.DefaultPort(string(lower))
		return int(port)
	}
	return -2
}

// hasScheme reports whether s begins with a scheme and ":" (a letter, then
// letters, digits, "+", "-" and "."), once its tabs and newlines are
// removed, as the key maker removes them before it looks.
func hasScheme(s string) bool {
	n := 0 // the bytes of the scheme so far
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\t' || c == '\n' || c == '\r':
			continue
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
		case n > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
		case n > 0 && c == ':':
			return true
		default:
			return false
		}
		n++
	}
	return false
}

// collapseProtocols replaces a run of "http://" and "https://" at the
// start of b by its last one, in place.
func collapseProtocols(b []byte) []byte {
	i, last := 0, -1
	for {
		switch {
		case hasPrefix(b[i:], "http://"):
			last = i
			i += len("http://")
		case hasPrefix(b[i:], "https://"):
			last = i
			i += len("https://")
		default:
			if last <= 0 {
				return b
			}
			return b[last:]
		}
	}
}

// split splits b as the key maker does (the regular expression of RFC 2396,
// Appendix B, with the scheme restricted to its characters): the host and
// port of the authority, without userinfo or brackets, a ":" that ends it
// ignored; and, for a scheme that begins with "http" and an empty
// authority, the host taken from the path ("http:////www.vikings.com").
func split(b []byte) parts {
	var p parts
	i := bytes.IndexByte(b, ':')
	p.scheme = span{0, i}
	i++
	hierEnd := len(b)
	if j := bytes.IndexByte(b[i:], '#'); j >= 0 {
		hierEnd = i + j
	}
	pathStart := i
	if hasPrefix(b[i:hierEnd], "//") {
		a := i + 2
		e := a
		for e < hierEnd && b[e] != '/' && b[e] != '?' {
			e++
		}
		pathStart = e
		// The netloc: a ":" at its end ignored, userinfo up to the last
		// "@" dropped, then brackets or the first ":".
		ne := e
		for ne > a && b[ne-1] == ':' {
			ne--
		}
		if k := bytes.LastIndexByte(b[a:ne], '@'); k >= 0 {
			a += k + 1
		}
		hi := b[a:ne]
		if k := bytes.IndexByte(hi, '['); k >= 0 {
			hs := a + k + 1
			he := ne
			if m := bytes.IndexByte(b[hs:ne], ']'); m >= 0 {
				he = hs + m
				if c := bytes.IndexByte(b[he:ne], ':'); c >= 0 {
					p.port = span{he + c + 1, ne}
				}
			}
			p.host = span{hs, he}
		} else if k := bytes.IndexByte(hi, ':'); k >= 0 {
			p.host = span{a, a + k}
			p.port = span{a + k + 1, ne}
		} else {
			p.host = span{a, ne}
		}
		p.portOffset = p.port.start
	}
	qs := hierEnd
	if j := bytes.IndexByte(b[pathStart:hierEnd], '?'); j >= 0 {
		qs = pathStart + j
		p.query = span{qs + 1, hierEnd}
		p.hasQuery = true
	}
	p.path = span{pathStart, qs}
	p.hasPath = qs > pathStart
	p.hasHost = p.host.end > p.host.start
	if !p.hasHost && p.hasPath && hasPrefix(b[:p.scheme.end], "http") {
		// The host is the first segment of the path after its slashes.
		k := pathStart
		for k < qs && b[k] == '/' {
			k++
		}
		m := k
		for m < qs && b[m] != '/' {
			m++
		}
		p.host = span{k, m}
		p.hasHost = m > k
		// The path is "/" and the rest, which begins with that "/"; or
		// "/" alone when there is no rest.
		p.path = span{m, qs}
		p.rootPath = m == qs
		p.hasPath = true
	}
	return p
}

// idnaHost maps the unescaped host h, which holds a byte at or above 0x80,
// to its A-labels as the key maker does: the bytes that are not UTF-8 are
// dropped (Python's decode("utf-8", "ignore")), then the name is mapped by
// IDNA; a name that IDNA rejects, or that it maps to an empty label (but a
// trailing one) or to a label of more than 63 bytes, where Python's codec
// raises, is kept as it was. The result is h, rewritten in place (it is no
// longer than h), or a new slice.
func idnaHost(h []byte) []byte {
	valid := h
	if !utf8.Valid(h) {
		valid = make([]byte, 0, len(h))
		for i := 0; i < len(h); {
			r, n := utf8.DecodeRune(h[i:])
			if r != utf8.RuneError || n > 1 {
				valid = append(valid, h[i:i+n]...)
			}
			i += n
		}
	}
	a, err := uri.IDNABrowser.HostToASCII(string(valid))
	if err != nil {
		return h
	}
	// HostToASCII writes a URI host, with "%" and the bytes a reg-name
	// cannot hold percent-encoded: its text is that decoded once.
	text := keycanon.UnescapeOnce([]byte(a))
	labels := bytes.Split(bytes.TrimSuffix(text, []byte(".")), []byte("."))
	for _, l := range labels {
		if len(l) == 0 || len(l) > 63 {
			return h
		}
	}
	return text
}

func isASCII(b []byte) bool { return ascii.IsBytes(b) }

// escLower maps each byte to itself lowercased, or to 0 for the bytes that
// keycanon.MustEscape escapes (0 is one of them).
var escLower = func() (t [256]byte) {
	for c := range 256 {
		b := byte(c)
		switch {
		case keycanon.MustEscape(b):
		case 'A' <= b && b <= 'Z':
			t[c] = b + 'a' - 'A'
		default:
			t[c] = b
		}
	}
	return t
}()

// appendEscapedLower appends b escaped as keycanon.AppendEscaped does and
// then lowercased (the hexadecimal digits of the escapes too), in one pass.
// When dst must grow, it grows with room for the worst case and keySlack
// bytes more.
func appendEscapedLower(dst, b []byte) []byte {
	const hexLower = "0123456789abcdef"
	n := len(dst)
	if cap(dst)-n < 3*len(b) {
		dst = grow.Bytes(dst, 3*len(b)+keySlack)
	}
	out := dst[n : n+3*len(b)]
	w := 0
	i := 0
	for {
		// Eight bytes at a time while none of them is escaped.
		for ; i+8 <= len(b); i += 8 {
			x := binary.LittleEndian.Uint64(b[i:])
			if keycanon.MustEscape8(x) {
				break
			}
			binary.LittleEndian.PutUint64(out[w:], lower8(x))
			w += 8
		}
		end := min(i+8, len(b))
		for _, c := range b[i:end] {
			if l := escLower[c]; l != 0 {
				out[w] = l
				w++
			} else {
				out[w] = '%'
				out[w+1] = hexLower[c>>4]
				out[w+2] = hexLower[c&15]
				w += 3
			}
		}
		i = end
		if i == len(b) {
			return dst[:n+w]
		}
	}
}

const (
	ones8 = 0x0101010101010101
	high8 = 0x8080808080808080
)

// lower8 lowercases the eight bytes of x, each below 0x80 (no sum below
// carries into the next byte).
func lower8(x uint64) uint64 {
	geA := x + (0x80-'A')*ones8 // high bit set where the byte >= 'A'
	gtZ := x + (0x7f-'Z')*ones8 // high bit set where the byte > 'Z'
	upper := geA &^ gtZ & high8 // where 'A' <= byte <= 'Z'
	return x | upper>>2         // 0x80 >> 2 is 0x20
}

// collapseDots replaces "..", left to right and without overlap, by "."
// (once: "..." becomes ".."), then drops the dots at both ends, in place.
func collapseDots(h []byte) []byte {
	out := h[:0]
	for i := 0; i < len(h); i++ {
		if h[i] == '.' && i+1 < len(h) && h[i+1] == '.' {
			out = append(out, '.')
			i++
			continue
		}
		out = append(out, h[i])
	}
	for len(out) > 0 && out[0] == '.' {
		out = out[1:]
	}
	for len(out) > 0 && out[len(out)-1] == '.' {
		out = out[:len(out)-1]
	}
	return out
}

// normalizePath resolves "." and ".." segments and drops empty ones, in
// place, as the key maker's Google-style canonicalizer does: a ".." with
// nothing before it to remove is kept, the first segment (before the first
// "/") is dropped, an empty last segment keeps its "/", and a "." or ".."
// last segment leaves no trailing "/". It returns nil for "/", the result
// of an empty path too. When every segment is kept the result is written
// one byte past len(p), into p's capacity, which must have room for it.
func normalizePath(p []byte) []byte {
	if len(p) == 0 {
		return nil
	}
	// The kept segments are written from the start of p; each is read
	// after the position it is written to, so the copy is safe. Segments
	// are separated by "/" in out; emptyLast marks a kept empty last one.
	first := bytes.IndexByte(p, '/')
	if first < 0 {
		return nil
	}
	out := p[:0]
	out = append(out, '/')
	kept := 0 // the number of kept segments
	i := first + 1
	for {
		j := i
		for j < len(p) && p[j] != '/' {
			j++
		}
		seg := p[i:j]
		switch {
		case len(seg) == 1 && seg[0] == '.':
		case len(seg) == 2 && seg[0] == '.' && seg[1] == '.':
			if kept > 0 {
				out = popSeg(out)
				kept--
			} else {
				out = append(out, '.', '.', '/')
				kept++
			}
		default:
			out = append(out, seg...)
			out = append(out, '/')
			kept++
		}
		if j == len(p) {
			break
		}
		i = j + 1
	}
	// out is "/" then each kept segment followed by "/". The key maker
	// writes the empty segments but the last not at all, and the last one
	// without its "/".
	return joinKept(out)
}

// popSeg removes the last kept segment (and its "/") from out.
func popSeg(out []byte) []byte {
	k := len(out) - 2
	for out[k] != '/' {
		k--
	}
	return out[:k+1]
}

// joinKept turns "/" + seg1 + "/" + ... + segN + "/" into the key maker's
// path: "/" + the non-empty segments but the last, each with a "/", then
// the last one as it is.
func joinKept(out []byte) []byte {
	if len(out) == 1 {
		return nil
	}
	body := out[1 : len(out)-1] // seg1/seg2/.../segN
	lastStart := bytes.LastIndexByte(body, '/') + 1
	w := 1
	r := 0
	for r < lastStart {
		k := r
		for body[k] != '/' {
			k++
		}
		if k > r {
			w += copy(out[w:], body[r:k])
			out[w] = '/'
			w++
		}
		r = k + 1
	}
	w += copy(out[w:], body[lastStart:])
	return out[:w]
}

// appendSortedQuery appends the "&"-separated parameters of q sorted as the
// key maker sorts them: by name, a parameter without "=" before one with
// "=" and the same name, then by value.
func appendSortedQuery(dst, q []byte) []byte {
	if len(q) <= 1 || bytes.IndexByte(q, '&') < 0 {
		return append(dst, q...) // one parameter
	}
	var stack [64]span
	params := stack[:0]
	if n := bytes.Count(q, []byte{'&'}) + 1; n > len(stack) {
		params = make([]span, 0, n) // at once: a long query's spans grew by copies
	}
	st := 0
	for i := 0; i <= len(q); i++ {
		if i == len(q) || q[i] == '&' {
			params = append(params, span{st, i})
			st = i + 1
		}
	}
	// Not stable: parameters that compare equal are the same text.
	slices.SortFunc(params, func(a, b span) int { return compareParam(a.of(q), b.of(q)) })
	// The sorted query is as long as q: room made once, where append
	// grew a long one by a quarter at a time, copying it each time (a
	// 64 MiB URL with a 2 MiB query: 3.6 s and 13 times its length in
	// memory for key --json).
	dst = slices.Grow(dst, len(q))
	for i, p := range params {
		if i > 0 {
			dst = append(dst, '&')
		}
		dst = append(dst, p.of(q)...)
	}
	return dst
}

func compareParam(a, b []byte) int {
	ak, av, aeq := cutEq(a)
	bk, bv, beq := cutEq(b)
	if c := bytes.Compare(ak, bk); c != 0 {
		return c
	}
	switch {
	case aeq != beq && !aeq:
		return -1
	case aeq != beq:
		return 1
	}
	return bytes.Compare(av, bv)
}

// hasPrefix reports whether b begins with p. Inlined, with p a constant,
// the comparison is a word load or two against the constant's, where
// bytes.HasPrefix(b, []byte(p)) calls memequal: AppendKey on the four real
// lists took 3,785 instructions a line with it, 3,907 with bytes.HasPrefix
// and 3,879 with strings.HasPrefix of an unsafe view of b (callgrind,
// bench/results/unsafe-2026-11-29-surt.txt).
func hasPrefix(b []byte, p string) bool {
	return len(b) >= len(p) && string(b[:len(p)]) == p
}

func cutEq(p []byte) (k, v []byte, eq bool) {
	if i := bytes.IndexByte(p, '='); i >= 0 {
		return p[:i], p[i+1:], true
	}
	return p, nil, false
}
