package readers

import (
	"strings"
	"unicode/utf8"

	"github.com/ferret-go/uri/internal/ascii"
	"golang.org/x/net/idna"
)

// NodeURL reads s as the reader "node_url" does: the legacy url.parse(s)
// of Node 20 (Url.prototype.parse in lib/url.js, 20.20.2), without
// parseQueryString or slashesDenoteHost, as much code still calls it and
// http.get(url.parse(s)) then connects. Debian 12's Node 18.20.4 reads
// the same way: its Url.prototype.parse differs only in a deprecation
// warning, and the oracles module found no difference between the two on
// its inputs.
//
// The string: each byte of the input is one UTF-16 code unit (latin1), as
// Node's HTTP server gives req.url and Buffer.toString('latin1') gives any
// bytes; every component is given back in UTF-8.
//
// What url.parse does: it trims leading and trailing code units up to
// U+0020 and U+00A0, turns "\" into "/" before the first "?" or "#", and
// takes a path without scheme or host at once when there is no "@" or "#"
// and the string is "/" or "//" (not "///") and then no "?" or white
// space, then optionally "?" and no white space ("//a/b" is a path). Else
// the scheme is /^[a-z0-9.+-]+:/i (lowercased); "//" then starts a host
// (but not after "javascript:"), and so does a scheme not in Node's list
// of slashed protocols (http, https, ftp, gopher, file, ws, wss, compared
// with the scheme as written), or "//" followed by "user@host". The host
// part runs to the first "/", "?" or "#"; tab, CR and LF in it are
// removed; the auth is what precedes its last "@" (decodeURIComponent),
// the host stops at the first of ` "%';<>\^{|}` after it, the port is the
// trailing ":digits", and a host that is not "[...]" is cut at a ":"
// (the rest goes to the path). The hostname is dropped when over 255 code
// units, lowercased, and a non-IPv6 one goes through IDNA ToASCII (UTS 46,
// nontransitional, as Node's toASCII binding does). The rest has
// ` "'<>\^{|}` and tab, CR, LF percent-encoded (not after "javascript:"),
// then the hash follows the first "#" and the query the first "?" before
// it.
//
// The record: Scheme without its ":". Userinfo is the auth, decoded.
// Host is the hostname, present (maybe empty) whenever url.parse saw a
// host part; an IPv6 address keeps its brackets (hostname drops them,
// host keeps them); http.get connects to it and to Port, or to localhost
// when it is empty. Port is the digits as written ("0080"). Path is the
// pathname ("/" when a slashed scheme has a host and no path), Query the
// search without its "?", Fragment the hash without its "#", each present
// when url.parse gives one.
//
// The toASCII binding gives back a C string: a NUL ends the hostname
// after the conversion ("http://a\x00b/" has host "a", "http://\x00éw/"
// has "xn--").
//
// Errors: url.parse throws ERR_INVALID_URL when IDNA fails, makes the
// hostname empty, or leaves one of NUL, tab, LF, CR, space, "#", "%", "/",
// ":", "<", ">", "?", "@", "[", "\", "]", "^", "|" in it (for an IPv6
// hostname the same but "[", "]" and ":"), and URIError when the auth has
// a "%" not followed by two hex digits or escapes that are not UTF-8.
// Every error is an *[Error].
func NodeURL(in string) Reading {
	fail := func(at int, comp, reason string) Reading {
		return Reading{Err: &Error{Reader: "node_url", Component: comp, Offset: at, Reason: reason}}
	}
	// Trim, and find where backslashes are converted.
	start, end := 0, len(in)
	for start < end && nodeWS(in[start]) {
		start++
	}
	for end > start && nodeWS(in[end-1]) {
		end--
	}
	rest := in[start:end]
	split := len(rest)
	if i := strings.IndexByte(rest, '?'); i >= 0 {
		split = i
	}
	if i := strings.IndexByte(rest[:split], '#'); i >= 0 {
		split = i
	}
	hasAt := strings.IndexByte(rest[:split], '@') >= 0
	hasHash := strings.IndexByte(in, '#') >= 0
	var b strings.Builder
	if strings.IndexByte(rest[:split], '\\') >= 0 {
		b.Grow(3*len(in) + 16)
		for i := 0; i < len(rest); i++ {
			c := rest[i]
			if c == '\\' && i < split {
				c = '/'
			}
			b.WriteByte(c)
		}
		rest = b.String()
	}

	var r Reading
	if !hasHash && !hasAt {
		if path, query, ok := nodeSimplePath(rest); ok {
			r.Path, r.Has = path, HasPath
			if query != "" {
				r.Query, r.Has = query[1:], r.Has|HasQuery
			}
			return nodeUTF8(&b, r, in, false)
		}
	}

	authUTF8 := false
	proto := ""
	if i := nodeProto(rest); i > 0 {
		proto = rest[:i]
		r.Scheme, r.Has = lowerASCIIInto(&b, rest[:i-1], 3*len(in)), HasScheme
		rest = rest[i:]
	}
	lower := r.Scheme
	javascript := lower == "javascript"
	slashes := false
	if proto != "" || nodeHostPattern(rest) {
		slashes = strings.HasPrefix(rest, "//")
		if slashes && !javascript {
			rest = rest[2:]
		}
	}
	if !javascript && (slashes || proto != "" && !nodeSlashed(proto[:len(proto)-1])) {
		// The host part: tab, CR and LF before the host's end are removed.
		hostEnd, atSign, nonHost := -1, -1, -1
		removed := false
		for i := 0; i < len(rest); i++ {
			switch rest[i] {
			case '\t', '\n', '\r':
				removed = true
			case ' ', '"', '%', '\'', ';', '<', '>', '\\', '^', '`', '{', '|', '}':
				if nonHost < 0 {
					nonHost = i
				}
			case '#', '/', '?':
				if nonHost < 0 {
					nonHost = i
				}
				hostEnd = i
			case '@':
				atSign, nonHost = i, -1
			}
			if hostEnd >= 0 {
				break
			}
		}
		if removed {
			// Redo on the string without them: offsets move.
			if b.Cap() == 0 {
				b.Grow(3*len(in) + 16)
			}
			cut := len(rest)
			if hostEnd >= 0 {
				cut = hostEnd
			}
			st := b.Len()
			for i := 0; i < cut; i++ {
				if c := rest[i]; c != '\t' && c != '\n' && c != '\r' {
					b.WriteByte(c)
				}
			}
			b.WriteString(rest[cut:])
			rest = b.String()[st:]
			hostEnd, atSign, nonHost = -1, -1, -1
			for i := 0; i < len(rest) && hostEnd < 0; i++ {
				switch rest[i] {
				case ' ', '"', '%', '\'', ';', '<', '>', '\\', '^', '`', '{', '|', '}':
					if nonHost < 0 {
						nonHost = i
					}
				case '#', '/', '?':
					if nonHost < 0 {
						nonHost = i
					}
					hostEnd = i
				case '@':
					atSign, nonHost = i, -1
				}
			}
		}
		hs := 0
		if atSign >= 0 {
			auth, ok := nodeDecodeURIComponent(&b, rest[:atSign], 3*len(in))
			if !ok {
				return fail(start, "userinfo", "URIError: URI malformed")
			}
			r.Userinfo, r.Has = auth, r.Has|HasUserinfo
			authUTF8 = strings.IndexByte(rest[:atSign], '%') >= 0
			hs = atSign + 1
		}
		var host string
		if nonHost < 0 {
			host, rest = rest[hs:], ""
		} else {
			host, rest = rest[hs:nonHost], rest[nonHost:]
		}
		// parseHost: the trailing ":digits".
		hostname := host
		if c := strings.LastIndexByte(host, ':'); c >= 0 && allDigits(host[c+1:]) {
			if c+1 < len(host) {
				r.Port, r.Has = host[c+1:], r.Has|HasPort
			}
			hostname = host[:c]
		}
		ipv6 := len(hostname) >= 2 && hostname[0] == '[' && hostname[len(hostname)-1] == ']'
		var moved string // the part of the hostname getHostname moves to the path
		if !ipv6 {
			if i := indexSet(hostname, setNodeCut); i >= 0 {
				hostname, moved = hostname[:i], hostname[i:]
			}
		}
		if len(hostname) > 255 {
			hostname = ""
		}
		hostname = nodeLowerInto(&b, hostname, 3*len(in))
		if hostname != "" {
			if ipv6 {
				// forbiddenHostCharsIpv6: of its bytes, the host loop
				// and parseHost leave only NUL possible here.
				if strings.IndexByte(hostname, 0) >= 0 {
					return fail(start, "host", "ERR_INVALID_URL")
				}
			} else {
				h, ok := nodeToASCII(&b, hostname, 3*len(in))
				// The binding gives back a C string: the hostname ends at
				// its first NUL, after the IDNA conversion.
				if z := strings.IndexByte(h, 0); z >= 0 {
					h = h[:z]
				}
				if !ok || h == "" || nodeForbidden(h, h != hostname) {
					return fail(start, "host", "ERR_INVALID_URL")
				}
				hostname = h
			}
		}
		r.Host, r.Has = hostname, r.Has|HasHost
		if moved != "" || ipv6 && !strings.HasPrefix(rest, "/") {
			if b.Cap() == 0 {
				b.Grow(3*len(in) + 16)
			}
			st := b.Len()
			b.WriteByte('/')
			b.WriteString(moved)
			b.WriteString(rest)
			rest = b.String()[st:]
		}
	}
	if !javascript {
		rest = nodeAutoEscape(&b, rest, 3*len(in))
	}
	q, h := -1, strings.IndexByte(rest, '#')
	if h >= 0 {
		r.Fragment, r.Has = rest[h+1:], r.Has|HasFragment
		rest = rest[:h]
	}
	if q = strings.IndexByte(rest, '?'); q >= 0 {
		r.Query, r.Has = rest[q+1:], r.Has|HasQuery
		rest = rest[:q]
	}
	if rest != "" {
		r.Path, r.Has = rest, r.Has|HasPath
	}
	if nodeSlashed(lower) && r.Host != "" && r.Path == "" {
		r.Path, r.Has = "/", r.Has|HasPath
	}
	return nodeUTF8(&b, r, in, authUTF8)
}

// nodeForbidden is the test of forbiddenHostChars on a hostname after
// toASCII. When toASCII gave back the hostname as it was (converted false),
// the host loop, parseHost, getHostname and the NUL cut have left only "["
// and "]" of that set possible, and only those are looked for.
func nodeForbidden(h string, converted bool) bool {
	if converted {
		return indexSet(h, setNodeHost) >= 0
	}
	return strings.IndexByte(h, '[') >= 0 || strings.IndexByte(h, ']') >= 0
}

// nodeWS is the trimming test of Url.prototype.parse for one latin1 code
// unit: below 33, or U+00A0.
func nodeWS(c byte) bool { return c < 33 || c == 0xA0 }

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
}

// nodeJSSpace is JavaScript's \s for a latin1 code unit.
func nodeJSSpace(c byte) bool {
	return c == ' ' || c >= '\t' && c <= '\r' || c == 0xA0
}

// nodeSimplePath is simplePathPattern, /^(\/\/?(?!\/)[^?\s]*)(\?[^\s]*)?$/:
// the path and the search ("?..." or "").
func nodeSimplePath(s string) (path, search string, ok bool) {
	if !strings.HasPrefix(s, "/") {
		return "", "", false
	}
	i := 1
	if strings.HasPrefix(s, "//") {
		i = 2
	}
	if i < len(s) && s[i] == '/' {
		// "//" then "/" fails the look-ahead; backtracking to "/" leaves
		// "/" next, which fails it too.
		return "", "", false
	}
	for i < len(s) && s[i] != '?' && !nodeJSSpace(s[i]) {
		i++
	}
	path = s[:i]
	for j := i; j < len(s); j++ {
		if nodeJSSpace(s[j]) {
			return "", "", false
		}
	}
	return path, s[i:], true
}

// nodeProto is the length of protocolPattern's match, /^[a-z0-9.+-]+:/i,
// the ":" included, or 0.
func nodeProto(s string) int {
	i := 0
	for i < len(s) && isSchemeChar(s[i]) {
		i++
	}
	if i > 0 && i < len(s) && s[i] == ':' {
		return i + 1
	}
	return 0
}

// nodeHostPattern is hostPattern, /^\/\/[^@/]+@[^@/]+/.
func nodeHostPattern(s string) bool {
	if !strings.HasPrefix(s, "//") {
		return false
	}
	i := 2
	for i < len(s) && s[i] != '@' && s[i] != '/' {
		i++
	}
	return i > 2 && i+1 < len(s) && s[i] == '@' && s[i+1] != '@' && s[i+1] != '/'
}

// nodeSlashed is slashedProtocol.has for a scheme as written (without ":").
func nodeSlashed(p string) bool {
	switch p {
	case "http", "https", "ftp", "gopher", "file", "ws", "wss":
		return true
	}
	return false
}

// nodeLowerInto is String.prototype.toLowerCase on latin1 code units:
// A-Z and U+00C0-U+00DE but U+00D7.
func nodeLowerInto(b *strings.Builder, s string, n int) string {
	i := 0
	for i < len(s) && !nodeUpper(s[i]) {
		i++
	}
	if i == len(s) {
		return s
	}
	if b.Cap() == 0 {
		b.Grow(n + 16)
	}
	st := b.Len()
	for i := 0; i < len(s); i++ {
		c := s[i]
		if nodeUpper(c) {
			c += 0x20
		}
		b.WriteByte(c)
	}
	return b.String()[st:]
}

func nodeUpper(c byte) bool { return byteClass[c]&setLatin1Upper != 0 }

// nodeIDNA is Node's toASCII: UTS 46 ToASCII, nontransitional, without
// the STD3 rules, hyphen checks or DNS length limits (what
// internalBinding('encoding_binding').toASCII does in Node 20). The
// profile is immutable and safe for concurrent use.
var nodeIDNA = idna.New(idna.MapForLookup(), idna.Transitional(false), idna.StrictDomainName(false),
	idna.CheckHyphens(false), idna.VerifyDNSLength(false), idna.BidiRule())

// nodeToASCII runs toASCII on a lowercased latin1 hostname. An ASCII one
// is returned as it is when each of its "xn--" labels is valid the way
// ada's to_ascii checks it (nodeXNLabel); a non-ASCII one goes through
// nodeIDNA.
func nodeToASCII(b *strings.Builder, h string, n int) (string, bool) {
	if ascii.Is(h) {
		if !strings.Contains(h, "xn--") {
			return h, true
		}
		for rest := h; rest != ""; {
			label := rest
			if i := strings.IndexByte(rest, '.'); i >= 0 {
				label, rest = rest[:i], rest[i+1:]
			} else {
				rest = ""
			}
			if strings.HasPrefix(label, "xn--") && !nodeXNLabel(label) {
				return "", false
			}
		}
		return h, true
	}
	var t strings.Builder
	t.Grow(2 * len(h))
	for i := 0; i < len(h); i++ {
		t.WriteRune(rune(h[i]))
	}
	out, err := nodeIDNA.ToASCII(t.String())
	if err != nil {
		return "", false
	}
	return out, true
}

// nodeXNLabel reports whether an ASCII "xn--" label passes: its Punycode
// (RFC 3492) decodes, to ASCII (ada keeps "xn--abc-", whose Punycode is
// "abc" with no code point to insert) or to a label that IDNA maps to
// itself, so that ToASCII gives the label back.
func nodeXNLabel(label string) bool {
	dec, ok := punycodeDecode(label[4:])
	if !ok || dec == "" {
		return false
	}
	if ascii.Is(dec) {
		return true
	}
	out, err := nodeIDNA.ToASCII(dec)
	return err == nil && out == label
}

// punycodeDecode is RFC 3492, section 6.2, with its parameters (section
// 5), the result in UTF-8, but for a label whose only "-" is its first byte:
// the "-" is dropped and the rest decoded, where RFC 3492 consumes the last
// delimiter only after at least one basic code point, so that it would read
// the "-" as a digit and fail. That is how Node's binding
// reads it (the oracle's differential checks this reader against Node), and
// why this decoder is not golang.org/x/net/idna's, which rejects the label.
func punycodeDecode(s string) (string, bool) {
	const (
		base, tmin, tmax, skew, damp = 36, 1, 26, 38, 700
		initialBias, initialN        = 72, 128
	)
	var out []rune
	basic := strings.LastIndexByte(s, '-')
	if basic > 0 {
		for i := 0; i < basic; i++ {
			if s[i] >= 0x80 {
				return "", false
			}
			out = append(out, rune(s[i]))
		}
		s = s[basic+1:]
	} else if basic == 0 {
		s = s[1:]
	}
	n, bias, i := initialN, initialBias, 0
	for len(s) > 0 {
		oldi, w := i, 1
		for k := base; ; k += base {
			if len(s) == 0 {
				return "", false
			}
			c := s[0]
			s = s[1:]
			var digit int
			switch {
			case c >= '0' && c <= '9':
				digit = int(c-'0') + 26
			case c >= 'a' && c <= 'z':
				digit = int(c - 'a')
			case c >= 'A' && c <= 'Z':
				digit = int(c - 'A')
			default:
				return "", false
			}
			if digit > (1<<31-1-i)/w {
				return "", false
			}
			i += digit * w
			th := k - bias
			if th < tmin {
				th = tmin
			} else if th > tmax {
				th = tmax
			}
			if digit < th {
				break
			}
			if w > (1<<31-1)/(base-th) {
				return "", false
			}
			w *= base - th
		}
		m := len(out) + 1
		delta := i - oldi
		if oldi == 0 {
			delta /= damp
		} else {
			delta /= 2
		}
		delta += delta / m
		k := 0
		for delta > ((base-tmin)*tmax)/2 {
			delta /= base - tmin
			k += base
		}
		bias = k + (base-tmin+1)*delta/(delta+skew)
		if i/m > 0x10FFFF-n {
			return "", false
		}
		n += i / m
		i %= m
		if n > 0x10FFFF || n >= 0xD800 && n <= 0xDFFF {
			return "", false
		}
		out = append(out, 0)
		copy(out[i+1:], out[i:])
		out[i] = rune(n)
		i++
	}
	return string(out), true
}

// nodeDecodeURIComponent is decodeURIComponent on latin1 code units, the
// result in UTF-8: "%" must be followed by two hex digits, and the bytes
// the escapes give must be UTF-8 (no overlong forms, no surrogates).
func nodeDecodeURIComponent(b *strings.Builder, s string, n int) (string, bool) {
	if strings.IndexByte(s, '%') < 0 {
		return s, true // nodeUTF8 converts the rest
	}
	if b.Cap() == 0 {
		b.Grow(n + 16)
	}
	st := b.Len()
	for i := 0; i < len(s); {
		c := s[i]
		if c != '%' {
			if c < 0x80 {
				b.WriteByte(c)
			} else {
				b.WriteRune(rune(c))
			}
			i++
			continue
		}
		v, ok := nodeHexByte(s, i)
		if !ok {
			return "", false
		}
		if v < 0x80 {
			b.WriteByte(v)
			i += 3
			continue
		}
		var k int
		switch {
		case v&0xE0 == 0xC0:
			k = 2
		case v&0xF0 == 0xE0:
			k = 3
		case v&0xF8 == 0xF0:
			k = 4
		default:
			return "", false
		}
		var buf [4]byte
		buf[0] = v
		j := i + 3
		for m := 1; m < k; m++ {
			if j >= len(s) || s[j] != '%' {
				return "", false
			}
			w, ok := nodeHexByte(s, j)
			if !ok || w&0xC0 != 0x80 {
				return "", false
			}
			buf[m] = w
			j += 3
		}
		r, size := utf8.DecodeRune(buf[:k])
		if r == utf8.RuneError || size != k {
			return "", false
		}
		b.Write(buf[:k])
		i = j
	}
	return b.String()[st:], true
}

func nodeHexByte(s string, i int) (byte, bool) {
	if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
		return 0, false
	}
	return unhex(s[i+1])<<4 | unhex(s[i+2]), true
}

func unhex(c byte) byte {
	if c <= '9' {
		return c - '0'
	}
	return c | 0x20 - 'a' + 10
}

// nodeAutoEscape is autoEscapeStr: tab, LF, CR, space and "'<>\^`{|}
// percent-encoded.
func nodeAutoEscape(b *strings.Builder, s string, n int) string {
	if indexSet(s, setNodeEsc) < 0 {
		return s
	}
	if b.Cap() == 0 {
		b.Grow(n + 16)
	}
	st := b.Len()
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '\t', '\n', '\r', ' ', '"', '\'', '<', '>', '\\', '^', '`', '{', '|', '}':
			b.WriteByte('%')
			b.WriteByte("0123456789ABCDEF"[c>>4])
			b.WriteByte("0123456789ABCDEF"[c&15])
		default:
			b.WriteByte(c)
		}
	}
	return b.String()[st:]
}

// nodeUTF8 gives the components of r in UTF-8: each latin1 code unit from
// 0x80 becomes two bytes. The userinfo, when decoded, is UTF-8 already.
func nodeUTF8(b *strings.Builder, r Reading, in string, authUTF8 bool) Reading {
	if ascii.Is(in) {
		return r
	}
	n := len(in)
	for _, p := range [...]*string{&r.Scheme, &r.Host, &r.Port, &r.Path, &r.Query, &r.Fragment} {
		*p = latin1ToUTF8(b, *p, n)
	}
	if !authUTF8 {
		r.Userinfo = latin1ToUTF8(b, r.Userinfo, n)
	}
	return r
}

func latin1ToUTF8(b *strings.Builder, s string, n int) string {
	if ascii.Is(s) {
		return s
	}
	if b.Cap() == 0 {
		b.Grow(3*n + 16)
	}
	st := b.Len()
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x80 {
			b.WriteByte(c)
		} else {
			b.WriteRune(rune(c))
		}
	}
	return b.String()[st:]
}
