package readers

import (
	"net/netip"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ferret-go/uri/internal/ascii"
)

// Python reads s as the reader "python" does: urllib.parse.urlsplit of Python 3.11 as
// Debian 12 ships it (3.11.2-6+deb12u6 to deb12u9, whose Lib/urllib/parse.py
// are the same), with the hostname and port properties of the SplitResult
// it returns. It is what urllib.request, requests' URL checks and most
// Python code that "parses a URL" see.
//
// The string: Python code gets bytes as str; this reader takes the input
// as the bytes decode('utf-8', 'surrogateescape') gives, so that a byte
// that is not UTF-8 stays one character and comes back as the same byte.
//
// What urlsplit does (Lib/urllib/parse.py): it strips the leading C0
// control characters and spaces (_WHATWG_C0_CONTROL_OR_SPACE, lstrip only:
// trailing ones stay), removes every tab, CR and LF
// (_UNSAFE_URL_BYTES_TO_REMOVE), takes the scheme before the first ":" when
// it starts with an ASCII letter and has only letters, digits, "+", "-"
// and "." (lowercased), the netloc after "//" up to the first "/", "?" or
// "#", then the fragment after the first "#" and the query after the first
// "?". Nothing is decoded: every component is raw.
//
// The record: Scheme, Path, Query and Fragment are present when not empty
// (urlsplit gives "" for both an absent and an empty one). Userinfo is
// what precedes the last "@" of the netloc, present when there is an "@"
// (username is not None). Host is the hostname property: the host part
// (after the last "@", inside the first "[" ... "]" or before the first
// ":"), lowercased by str.lower up to its first "%" (a zone stays as
// written), absent when empty; an address with a ":" (IPv6) is put in
// brackets, which hostname drops; a bracketed IPvFuture without ":" is
// shown bare, as hostname gives it and a client looks it up. Port is the
// port property: ASCII digits, given as the number they are (leading
// zeros dropped), absent when empty.
//
// Errors: urlsplit raises ValueError for a netloc with "[" but no "]" or
// the reverse; for a bracketed host that is neither an IPv6 address
// (ipaddress.ip_address, zone allowed; an IPv4 address is refused) nor an
// IPvFuture "v<hex>.<any>"; for text before the "[" or between "]" and ":"
// (Debian's backport of the CVE-2025-0938 fix: upstream 3.11.7, this
// machine's pyenv Python, checks only the text inside the first brackets
// and takes "http://x[::1]/" and "http://[::1]x/"); and for a non-ASCII
// netloc with a character whose NFKC form has "/", "?", "#", "@" or ":"
// (U+2100 and kin). The port property raises ValueError for a port that is
// not ASCII digits or is over 65535; a client that asks for it
// (urllib.request, http.client) fails there, so this reader reports that
// as its error too. Every error is an *[Error].
func Python(in string) Reading {
	lead := 0
	for lead < len(in) && in[lead] <= ' ' {
		lead++
	}
	s := in[lead:]
	// b holds every string this reading makes: the string without tabs
	// and newlines, a lowercased scheme or host. One allocation at most.
	var b strings.Builder
	removed := false
	if indexSet(s, setTabCRLF) >= 0 {
		b.Grow(len(s)*5/2 + 16)
		for i := 0; i < len(s); i++ {
			if c := s[i]; c != '\t' && c != '\n' && c != '\r' {
				b.WriteByte(c)
			}
		}
		s = b.String()
		removed = true
	}
	fail := func(at int, comp, reason string) Reading {
		return Reading{Err: &Error{Reader: "python", Component: comp, Offset: pyOffset(in, lead, removed, at), Reason: reason}}
	}

	var r Reading
	at := 0 // where s starts in the cleaned string
	if i := strings.IndexByte(s, ':'); i > 0 && isAlpha(s[0]) && pySchemeChars(s[:i]) {
		r.Scheme = lowerASCIIInto(&b, s[:i], len(in))
		r.Has |= HasScheme
		s, at = s[i+1:], i+1
	}
	var netloc string
	netAt := 0
	if strings.HasPrefix(s, "//") {
		rest := s[2:]
		j := indexSet(rest, setSQH)
		if j < 0 {
			j = len(rest)
		}
		netloc, netAt = rest[:j], at+2
		s, at = rest[j:], netAt+j
		ob, cb := strings.IndexByte(netloc, '['), strings.IndexByte(netloc, ']')
		if (ob < 0) != (cb < 0) {
			return fail(netAt+max(ob, cb), "host", "Invalid IPv6 URL")
		}
		if ob >= 0 {
			if off, reason := pyCheckBracketedNetloc(netloc); reason != "" {
				return fail(netAt+off, "host", reason)
			}
		}
	}
	if i := strings.IndexByte(s, '#'); i >= 0 {
		r.Fragment, s = s[i+1:], s[:i]
	}
	if i := strings.IndexByte(s, '?'); i >= 0 {
		r.Query, s = s[i+1:], s[:i]
	}
	r.Path = s
	if !ascii.Is(netloc) {
		if off := pyNFKCDelimiter(netloc); off >= 0 {
			return fail(netAt+off, "host", "netloc contains invalid characters under NFKC normalization")
		}
	}
	if r.Path != "" {
		r.Has |= HasPath
	}
	if r.Query != "" {
		r.Has |= HasQuery
	}
	if r.Fragment != "" {
		r.Has |= HasFragment
	}

	// The username, hostname and port properties (_userinfo, _hostinfo).
	hostinfo, hiAt := netloc, netAt
	if k := strings.LastIndexByte(netloc, '@'); k >= 0 {
		r.Userinfo, r.Has = netloc[:k], r.Has|HasUserinfo
		hostinfo, hiAt = netloc[k+1:], netAt+k+1
	}
	var hostname, port, literal string
	portAt := 0
	if ob := strings.IndexByte(hostinfo, '['); ob >= 0 {
		br := hostinfo[ob+1:]
		hostname = br
		if cb := strings.IndexByte(br, ']'); cb >= 0 {
			hostname, literal = br[:cb], hostinfo[ob:ob+cb+2]
			if c := strings.IndexByte(br[cb+1:], ':'); c >= 0 {
				port, portAt = br[cb+1+c+1:], hiAt+ob+1+cb+1+c+1
			}
		}
	} else if c := strings.IndexByte(hostinfo, ':'); c >= 0 {
		hostname, port, portAt = hostinfo[:c], hostinfo[c+1:], hiAt+c+1
	} else {
		hostname = hostinfo
	}
	if port != "" {
		n := 0
		for i := 0; i < len(port); i++ {
			c := port[i]
			if c < '0' || c > '9' {
				return fail(portAt, "port", "Port could not be cast to integer value")
			}
			if n = n*10 + int(c-'0'); n > 65535 {
				return fail(portAt, "port", "Port out of range 0-65535")
			}
		}
		for len(port) > 1 && port[0] == '0' {
			port = port[1:]
		}
		r.Port, r.Has = port, r.Has|HasPort
	}
	if hostname != "" {
		name, zone := hostname, ""
		if p := strings.IndexByte(hostname, '%'); p >= 0 {
			name, zone = hostname[:p], hostname[p:]
		}
		host := hostname
		if pyLowerChanges(name) {
			if b.Cap() == 0 {
				b.Grow(len(in)*5/2 + 16)
			}
			start := b.Len()
			bracket := strings.IndexByte(hostname, ':') >= 0
			if bracket {
				b.WriteByte('[')
			}
			pyLowerInto(&b, name)
			b.WriteString(zone)
			if bracket {
				b.WriteByte(']')
			}
			host = b.String()[start:]
		} else if strings.IndexByte(hostname, ':') >= 0 {
			if literal == "" {
				if b.Cap() == 0 {
					b.Grow(len(in)*5/2 + 16)
				}
				start := b.Len()
				b.WriteByte('[')
				b.WriteString(hostname)
				b.WriteByte(']')
				literal = b.String()[start:]
			}
			host = literal
		}
		r.Host, r.Has = host, r.Has|HasHost
	}
	return r
}

// pyOffset maps an offset in the string urlsplit works on (after the
// leading strip and the removal of tabs and newlines) to one in the input.
func pyOffset(in string, lead int, removed bool, k int) int {
	if !removed {
		return lead + k
	}
	i := lead
	for ; i < len(in) && k > 0; i++ {
		if c := in[i]; c != '\t' && c != '\n' && c != '\r' {
			k--
		}
	}
	return i
}

func isAlpha(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isHex(c byte) bool { return isDigit(c) || c|0x20 >= 'a' && c|0x20 <= 'f' }

// isSchemeChar reports whether c is in ALPHA / DIGIT / "+" / "-" / "."
// (RFC 3986, section 3.1, which also wants a letter first: not every
// reader checks that), the set that urllib.parse's scheme_chars,
// parse_url, Node's protocolPattern and curl's Curl_is_absolute_url test.
func isSchemeChar(c byte) bool { return isAlpha(c) || isDigit(c) || c == '+' || c == '-' || c == '.' }

// pySchemeChars reports whether every byte of s is in urllib.parse's
// scheme_chars: ASCII letters, digits, "+", "-", ".".
func pySchemeChars(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isSchemeChar(s[i]) {
			return false
		}
	}
	return true
}

// lowerASCIIInto returns s with ASCII letters lowercased, s itself when it
// has none, else written into b (grown to room for n-sized work first).
func lowerASCIIInto(b *strings.Builder, s string, n int) string {
	i := 0
	for i < len(s) && (s[i] < 'A' || s[i] > 'Z') {
		i++
	}
	if i == len(s) {
		return s
	}
	if b.Cap() == 0 {
		b.Grow(n*5/2 + 16)
	}
	start := b.Len()
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		b.WriteByte(c)
	}
	return b.String()[start:]
}

// pyCheckBracketedNetloc is _check_bracketed_netloc of Debian's
// Lib/urllib/parse.py: the host and port after the last "@" of a netloc
// that has both "[" and "]". It returns "" when Python accepts it, else the
// reason and the offset in netloc.
func pyCheckBracketedNetloc(netloc string) (int, string) {
	at := strings.LastIndexByte(netloc, '@') + 1
	hp := netloc[at:]
	var host string
	hostAt := at
	if ob := strings.IndexByte(hp, '['); ob >= 0 {
		if ob > 0 {
			return at, "Invalid IPv6 URL"
		}
		host = hp[1:]
		hostAt++
		if cb := strings.IndexByte(host, ']'); cb >= 0 {
			if rest := host[cb+1:]; rest != "" && rest[0] != ':' {
				return hostAt + cb + 1, "Invalid IPv6 URL"
			}
			host = host[:cb]
		}
	} else {
		host = hp
		if c := strings.IndexByte(hp, ':'); c >= 0 {
			host = hp[:c]
		}
	}
	if !pyBracketedHost(host) {
		return hostAt, "invalid bracketed host (not an IP address or IPvFuture)"
	}
	return 0, ""
}

// pyBracketedHost is _check_bracketed_host: an IPvFuture matching
// \Av[a-fA-F0-9]+\..+\Z, or an IPv6 address that ipaddress.ip_address
// accepts (an IPv4 address is refused).
func pyBracketedHost(h string) bool {
	if strings.HasPrefix(h, "v") {
		i := 1
		for i < len(h) && isHex(h[i]) {
			i++
		}
		return i > 1 && i+1 < len(h) && h[i] == '.'
	}
	// ip_address tries IPv4 first, and Debian's _check_bracketed_host
	// rejects an IPv4 address in brackets: only IPv6 passes.
	return pyIPv6(h)
}

// pyIPv4 is ipaddress.IPv4Address's parser: four dot-separated ASCII
// decimal octets, each at most 255, without leading zeros. That is the
// language of glibc's inet_pton4 (inetPton4) and of netip.ParseAddr's
// dotted decimal, which both readers ask.
func pyIPv4(s string) bool {
	a, err := netip.ParseAddr(s)
	return err == nil && a.Is4()
}

// pyIPv6 is ipaddress.IPv6Address's parser (_split_scope_id, then
// _ip_int_from_string): up to 8 hextets of at most 4 ASCII hex digits, one
// "::" at most, an IPv4 address as the last part, and a non-empty zone
// after the first "%" with no other "%".
func pyIPv6(s string) bool {
	if p := strings.IndexByte(s, '%'); p >= 0 {
		zone := s[p+1:]
		if zone == "" || strings.IndexByte(zone, '%') >= 0 {
			return false
		}
		s = s[:p]
	}
	if s == "" {
		return false
	}
	nparts := strings.Count(s, ":") + 1
	if nparts < 3 {
		return false
	}
	last := s[strings.LastIndexByte(s, ':')+1:]
	v4 := strings.IndexByte(last, '.') >= 0
	if v4 {
		// An IPv4 address as the last part stands for two hextets.
		if !pyIPv4(last) {
			return false
		}
		s = s[:len(s)-len(last)-1]
		nparts++
	}
	if nparts > 9 {
		return false
	}
	// Split into at most 9 parts without allocating.
	var parts [9]string
	m := nparts
	if v4 {
		m -= 2
		parts[m], parts[m+1] = "0", "0"
	}
	for i := 0; i < m; i++ {
		j := strings.IndexByte(s, ':')
		if j < 0 {
			parts[i] = s
			break
		}
		parts[i], s = s[:j], s[j+1:]
	}
	skip := -1
	for i := 1; i < nparts-1; i++ {
		if parts[i] == "" {
			if skip >= 0 {
				return false
			}
			skip = i
		}
	}
	hi, lo := nparts, 0
	if skip >= 0 {
		hi, lo = skip, nparts-skip-1
		if parts[0] == "" {
			if hi--; hi != 0 {
				return false
			}
		}
		if parts[nparts-1] == "" {
			if lo--; lo != 0 {
				return false
			}
		}
		if 8-(hi+lo) < 1 {
			return false
		}
	} else if nparts != 8 || parts[0] == "" || parts[nparts-1] == "" {
		return false
	}
	for i := 0; i < hi; i++ {
		if !pyHextet(parts[i]) {
			return false
		}
	}
	for i := nparts - lo; i < nparts; i++ {
		if !pyHextet(parts[i]) {
			return false
		}
	}
	return true
}

func pyHextet(h string) bool {
	if h == "" || len(h) > 4 {
		return false
	}
	for i := 0; i < len(h); i++ {
		if !isHex(h[i]) {
			return false
		}
	}
	return true
}

// pyNFKCDelimiter returns the offset in netloc of the first character
// whose NFKC form has "/", "?", "#", "@" or ":", the characters
// _checknetloc rejects, or -1. The list is every such character of
// Unicode 14.0 (Python 3.11's unicodedata), found by running
// unicodedata.normalize('NFKC', c) on every code point; a composition
// cannot make ASCII punctuation, so checking characters one at a time is
// the same as normalizing the netloc.
func pyNFKCDelimiter(netloc string) int {
	for i, c := range netloc {
		switch c {
		case 0x2047, 0x2048, 0x2049, // ⁇ ⁈ ⁉
			0x2100, 0x2101, 0x2105, 0x2106, // ℀ ℁ ℅ ℆
			0x2A74,                                 // ⩴
			0xFE13, 0xFE16, 0xFE55, 0xFE56, 0xFE5F, // vertical and small forms
			0xFE6B, 0xFF03, 0xFF0F, 0xFF1A, 0xFF1F, 0xFF20: // small and fullwidth forms
			return i
		}
	}
	return -1
}

// pyLowerChanges reports whether str.lower changes s.
func pyLowerChanges(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 'A' && c <= 'Z' {
				return true
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if n > 1 && (unicode.ToLower(r) != r || r == 0x130) {
			return true
		}
		i += n
	}
	return false
}

// pyLowerInto writes str.lower(s) into b: the simple lowercase mapping of
// each character (Go's unicode.ToLower, which agrees with Python 3.11's on
// every code point but U+0130), U+0130 to "i" and U+0307 (SpecialCasing),
// and U+03A3 to final sigma U+03C2 where Python's handle_capital_sigma
// says so. A byte that is not UTF-8 is a surrogate-escaped character,
// which lower leaves alone.
func pyLowerInto(b *strings.Builder, s string) {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 'A' && c <= 'Z' {
				c += 'a' - 'A'
			}
			b.WriteByte(c)
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case n == 1:
			b.WriteByte(c)
		case r == 0x130:
			b.WriteString("i\u0307")
		case r == 0x3A3 && pyFinalSigma(s, i, i+n):
			b.WriteRune(0x3C2)
		default:
			b.WriteRune(unicode.ToLower(r))
		}
		i += n
	}
}

// pyFinalSigma is CPython's handle_capital_sigma: the sigma at s[i:j]
// follows a cased letter and precedes none, case-ignorable characters
// skipped on both sides.
func pyFinalSigma(s string, i, j int) bool {
	cased := false
	for k := i; k > 0; {
		r, n := utf8.DecodeLastRuneInString(s[:k])
		if n == 1 && r == utf8.RuneError || !pyCaseIgnorable(r) {
			cased = !(n == 1 && r == utf8.RuneError) && pyCased(r)
			break
		}
		k -= n
	}
	if !cased {
		return false
	}
	for k := j; k < len(s); {
		r, n := utf8.DecodeRuneInString(s[k:])
		if n == 1 && r == utf8.RuneError || !pyCaseIgnorable(r) {
			return n == 1 && r == utf8.RuneError || !pyCased(r)
		}
		k += n
	}
	return true
}

// pyCased is Unicode's Cased property: Lu, Ll, Lt, Other_Lowercase,
// Other_Uppercase.
func pyCased(r rune) bool {
	return unicode.IsUpper(r) || unicode.IsLower(r) || unicode.IsTitle(r) ||
		unicode.Is(unicode.Other_Lowercase, r) || unicode.Is(unicode.Other_Uppercase, r)
}

// pyCaseIgnorable is Unicode's Case_Ignorable property: Mn, Me, Cf, Lm, Sk
// and the Word_Break classes MidLetter, MidNumLet and Single_Quote.
func pyCaseIgnorable(r rune) bool {
	switch r {
	case '\'', '.', ':', 0xB7, 0x387, 0x55F, 0x5F4, 0x2018, 0x2019, 0x2024, 0x2027,
		0xFE13, 0xFE52, 0xFE55, 0xFF07, 0xFF0E, 0xFF1A:
		return true
	}
	return unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf, unicode.Lm, unicode.Sk)
}
