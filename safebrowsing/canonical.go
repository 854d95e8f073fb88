package safebrowsing

import (
	"bytes"
	"net/netip"
	"strconv"
	"strings"

	"github.com/ferret-go/uri"
	"github.com/ferret-go/uri/internal/ascii"
	"github.com/ferret-go/uri/internal/bytestr"
	"github.com/ferret-go/uri/internal/keycanon"
)

// Parse canonicalizes the URL s as the "Canonicalization" section of "URLs
// and Hashing" says, in its order:
//
//  1. Tab, CR and LF are removed wherever they are (escaped ones, "%0a",
//     stay), and so are the bytes up to 0x20 at either end ("  http://a/  ").
//  2. The fragment is removed, from the first "#".
//  3. Without a scheme ("www.google.com/"), "http://" is put before the URL;
//     a scheme is letters, digits, "+", "-" and "." after a letter, followed
//     by "://". The scheme is lowercased.
//  4. The URL is percent-unescaped repeatedly until it holds no escape.
//     This is done in one pass, in time linear in the URL, even for
//     "%252525...": unescaping a triplet can only make a new one end where
//     it was, so each byte is looked at a bounded number of times, and the
//     result is the one repeated passes give (no two triplets overlap, so
//     the order of the unescapings does not matter).
//  5. The authority is what follows "//" up to the first "/" or "?"; the
//     userinfo, up to its last "@", is dropped, and a port (after the last
//     ":") is kept unless it is empty or the scheme's default.
//  6. The host: leading and trailing dots removed, runs of dots made one; an
//     IPv4 address in any form inet_aton reads (octal, hexadecimal, fewer
//     than four parts: "3279880203" is 195.127.0.11) written as four
//     decimals; a bracketed IPv6 address in its shortest form, or as IPv4
//     when it is IPv4-mapped or NAT64 (64:ff9b::/96); a name with non-ASCII
//     characters mapped to A-labels by IDNA when it is valid UTF-8 that
//     IDNA accepts and maps to a name that a URI host holds unescaped (not
//     full-width "％４１", which IDNA maps to "%41"), and what IDNA gives
//     through the dot and IPv4 steps again (subscript "₂" is "2", the
//     address 0.0.0.2); then lowercased.
//  7. The path: "/./" made "/", "/../" removed with the segment before it
//     (also at the end: "/blah/.." is "/"), runs of "/" made one; an empty
//     path is "/". The query is left as it is.
//  8. Every byte at or below 0x20 or at or above 0x7F, "#" and "%" is
//     percent-escaped, with uppercase hexadecimal digits.
//
// A URL that no step changes (but steps 1 and 2 at its ends) takes no
// allocation: its [URL.String] is the part of s that is left, sharing s's
// memory. Any other takes one allocation for a URL of up to 1 KiB, two for
// a longer one, when its host is no IPv6 literal (one more) and needs no
// IDNA (whose own allocations come on top). A URL without a host gives an [*Error] with [ErrNoHost], and a
// port that is not a number up to 65535 one with [ErrInvalidPort].
func Parse(s string) (URL, error) {
	var u URL
	err := parse(&u, s, true)
	return u, err
}

// parse is Parse, into *u (the URL is written once, not copied from
// callee to caller); with fast false it never takes the path of a URL that
// is already canonical, so that a test can check that path against the
// other.
func parse(u *URL, s string, fast bool) error {
	// Steps 1 and 2: tab, CR, LF; the ends; the fragment.
	start, end := 0, len(s)
	for start < end && s[start] <= ' ' {
		start++
	}
	for end > start && s[end-1] <= ' ' {
		end--
	}
	if i := strings.IndexByte(s[start:end], '#'); i >= 0 {
		end = start + i
		for end > start && s[end-1] <= ' ' {
			end--
		}
	}
	// Step 3: the scheme, read past tabs and newlines.
	schemeEnd := schemeLen(s[start:end]) // len of "scheme://", or 0
	authOffset := start + schemeEnd
	if schemeEnd > 0 {
		if emptyAuthority(s[authOffset:end]) {
			// "file:///x": no host, whatever the rest unescapes to.
			return &Error{Input: s, Offset: authOffset, Err: ErrNoHost}
		}
		if fast && parseCanonical(u, s[start:end], schemeEnd) {
			return nil
		}
	}
	return parseSlow(u, s, start, end, schemeEnd)
}

// emptyAuthority reports whether rest, what follows "scheme://", begins
// with "/" or "?" or ends before anything but tabs and newlines: the
// authority is then empty once unescaped too (an escape is no "/").
func emptyAuthority(rest string) bool {
	for i := 0; i < len(rest); i++ {
		switch rest[i] {
		case '\t', '\n', '\r':
		case '/', '?':
			return true
		default:
			return false
		}
	}
	return true
}

// parseCanonical writes to *u the URL of s, the input without the bytes
// that steps 1 and 2 remove, and returns true, when s is already in
// canonical form, so
// that no step changes it: the URL then shares s's memory, at no
// allocation. s begins with a scheme and "://" of schemeEnd bytes. It
// returns false, leaving the work to parseSlow, for anything a step could
// change (an escape, a byte step 8 escapes, an upper-case letter in the
// scheme or host, userinfo, a port, an IP literal, dots to remove in the
// host, an IPv4 address not in dotted decimal, an empty path, "." and ".."
// segments and runs of "/" in the path), and for a URL with a port, whose
// expressions need the host and path side by side.
func parseCanonical(u *URL, s string, schemeEnd int) bool {
	if !keycanon.NoEscape(s) { // no "%", tab, CR, LF, space, control or non-ASCII
		return false
	}
	for i := 0; i < schemeEnd; i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			return false
		}
	}
	// The host: up to the first "/" ("?" or the end leave an empty path,
	// which step 7 makes "/").
	rest := s[schemeEnd:]
	hostLen := 0
	for ; hostLen < len(rest) && rest[hostLen] != '/'; hostLen++ {
		switch c := rest[hostLen]; {
		case c == '?' || c == '@' || c == ':' || c == '[' || 'A' <= c && c <= 'Z':
			return false
		case c == '.' && (hostLen == 0 || rest[hostLen-1] == '.'):
			return false
		}
	}
	if hostLen == 0 || hostLen == len(rest) || rest[hostLen-1] == '.' {
		return false
	}
	host := rest[:hostLen]
	a, ip := keycanon.InetAton([]byte(host))
	if ip {
		var b [len("255.255.255.255")]byte
		if string(a.AppendTo(b[:0])) != host {
			return false
		}
	}
	// The path: no "." or ".." segment, no empty one but the last.
	pathAndQuery := rest[hostLen:]
	pathLen := strings.IndexByte(pathAndQuery, '?')
	if pathLen < 0 {
		pathLen = len(pathAndQuery)
	}
	path := pathAndQuery[:pathLen]
	for i := 0; i < len(path); i++ {
		if path[i] != '/' {
			continue
		}
		// A segment begins after the "/" at i.
		seg := path[i+1:]
		if j := strings.IndexByte(seg, '/'); j >= 0 {
			seg = seg[:j]
			if j == 0 {
				return false // "//"
			}
		}
		if seg == "." || seg == ".." {
			return false
		}
	}
	*u = URL{
		s: s, n: len(s),
		hostStart: schemeEnd, hostEnd: schemeEnd + hostLen, exprHost: schemeEnd,
		pathLen: pathLen, queryLen: len(pathAndQuery) - pathLen, ip: ip,
	}
	return true
}

// parseSlow is Parse for a URL that some step changes, from step 3 on:
// s[start:end] is the input without its ends and fragment, beginning with
// a scheme and "://" of schemeEnd bytes, or with none when schemeEnd is 0.
func parseSlow(u *URL, s string, start, end, schemeEnd int) error {
	// The work buffer is declared in the branch that uses it, so that only
	// the one a URL needs is cleared (clearing 1 KiB costs more than the
	// canonical form of a short URL).
	var work []byte
	if need := len(s) + len("http://") + 1; need <= 128 {
		var stack [128]byte
		work = stack[:0]
	} else if need <= 1024 {
		var stack [1024]byte
		work = stack[:0]
	} else {
		work = make([]byte, 0, need)
	}
	authOffset := start + schemeEnd
	// Step 3: the scheme, lowercased, without tabs and newlines.
	if schemeEnd == 0 {
		work = append(work, "http://"...)
	} else {
		for i := start; i < start+schemeEnd; i++ {
			c := s[i]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			if c != '\t' && c != '\n' && c != '\r' {
				work = append(work, c)
			}
		}
	}
	schemeLenOut := len(work) - len("://")
	// Step 4, after step 1's removals (at once when there is none).
	if t := s[start+schemeEnd : end]; !keycanon.HasControl(t) {
		work = append(work, t...)
	} else {
		for i := 0; i < len(t); i++ {
			if c := t[i]; c != '\t' && c != '\n' && c != '\r' {
				work = append(work, c)
			}
		}
	}
	work = work[:schemeLenOut+3+len(keycanon.UnescapeRepeatedly(work[schemeLenOut+3:]))]

	// Step 5: the authority.
	rest := work[schemeLenOut+3:]
	authEnd := len(rest)
	for i, c := range rest {
		if c == '/' || c == '?' {
			authEnd = i
			break
		}
	}
	auth := rest[:authEnd]
	for i := len(auth) - 1; i >= 0; i-- {
		if auth[i] == '@' {
			auth = auth[i+1:]
			break
		}
	}
	hostPart, portPart := auth, auth[:0]
	hasPort := false
	if len(auth) == 0 || auth[0] != '[' || bytes.IndexByte(auth, ']') < 0 {
		if i := bytes.LastIndexByte(auth, ':'); i >= 0 {
			hostPart, portPart, hasPort = auth[:i], auth[i+1:], true
		}
	} else if i := bytes.IndexByte(auth, ']'); i+1 < len(auth) && auth[i+1] == ':' {
		hostPart, portPart, hasPort = auth[:i+1], auth[i+2:], true
	}
	bracketed := len(hostPart) > 1 && hostPart[0] == '[' && hostPart[len(hostPart)-1] == ']'
	if !bracketed && bytes.IndexByte(hostPart, ':') >= 0 {
		// "a:b:80": what follows the first ":" is no port.
		return &Error{Input: s, Offset: authOffset, Err: ErrInvalidPort}
	}
	port := -1
	if hasPort && len(portPart) > 0 {
		port = 0
		for _, c := range portPart {
			if c < '0' || c > '9' || port > 65535 {
				return &Error{Input: s, Offset: authOffset, Err: ErrInvalidPort}
			}
			port = port*10 + int(c-'0')
		}
		if port > 65535 {
			return &Error{Input: s, Offset: authOffset, Err: ErrInvalidPort}
		}
		if port == defaultPort(work[:schemeLenOut]) {
			port = -1
		}
	}

	// Step 6: the host, into a small buffer of its own.
	var hostBuf [256]byte
	host, ip := canonicalHost(hostBuf[:0], hostPart)
	if len(host) == 0 {
		return &Error{Input: s, Offset: authOffset, Err: ErrNoHost}
	}

	// Step 7: the path, in place, then the query.
	pathAndQuery := rest[authEnd:]
	q := len(pathAndQuery)
	if i := bytes.IndexByte(pathAndQuery, '?'); i >= 0 {
		q = i
	}
	var slash [1]byte // an empty path is "/", which has no room in p
	path := canonicalPath(pathAndQuery[:q], slash[:])
	query := pathAndQuery[q:]

	// Step 8: size, allocate once, write escaped.
	var portBuf [5]byte
	portText := portBuf[:0]
	if port >= 0 {
		portText = strconv.AppendInt(portText, int64(port), 10)
	}
	hostN, pathN, queryN := keycanon.EscapedLen(host), keycanon.EscapedLen(path), keycanon.EscapedLen(query)
	n := schemeLenOut + 3 + hostN + pathN + queryN
	if port >= 0 {
		n += 1 + len(portText)
	}
	total := n
	if port >= 0 {
		total += hostN + pathN + queryN // the expressions' copy
	}
	out := make([]byte, 0, total)
	out = append(out, work[:schemeLenOut+3]...)
	hostStart := len(out)
	out = keycanon.AppendEscaped(out, host)
	hostEnd := len(out)
	if port >= 0 {
		out = append(out, ':')
		out = append(out, portText...)
	}
	out = keycanon.AppendEscaped(out, path)
	out = keycanon.AppendEscaped(out, query)
	urlLen, exprHost := len(out), hostStart
	if port >= 0 {
		exprHost = len(out)
		out = append(out, out[hostStart:hostEnd]...)
		out = append(out, out[urlLen-pathN-queryN:urlLen]...)
	}
	// A view of out, not string(out), whose copy is a second allocation
	// for any URL of more than 32 bytes that takes this path (Parse
	// promises one) and took 1,730.7 instructions a line of the four real
	// lists against 1,724.7 (callgrind,
	// bench/results/unsafe-2026-11-29-safebrowsing.txt). Nothing writes to
	// out after this.
	*u = URL{
		s: bytestr.String(out), n: urlLen,
		hostStart: hostStart, hostEnd: hostEnd, exprHost: exprHost,
		pathLen: pathN, queryLen: queryN, ip: ip,
	}
	return nil
}

// schemeLen returns the length of "scheme://" at the start of s, tabs and
// newlines included, or 0 when s does not start with a scheme and "://".
func schemeLen(s string) int {
	n := 0 // bytes of the scheme, not counting tabs and newlines
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\t' || c == '\n' || c == '\r':
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
			n++
		case n > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
			n++
		case n > 0 && c == ':':
			// "://", tabs and newlines allowed in between.
			slashes := 0
			for j := i + 1; j < len(s); j++ {
				switch s[j] {
				case '\t', '\n', '\r':
					continue
				case '/':
					slashes++
					if slashes == 2 {
						return j + 1
					}
					continue
				}
				return 0
			}
			return 0
		default:
			return 0
		}
	}
	return 0
}

// defaultPort returns the default port of scheme, lowercase, when it is
// http or https, the schemes whose default port the key maker drops (the
// number is uri.DefaultPort's); -2, no port, for any other.
func defaultPort(scheme []byte) int {
	switch string(scheme) {
	case "http", "https":
		port, _ := uri.DefaultPort(string(scheme))
		return int(port)
	}
	return -2
}

// canonicalHost writes the canonical host of h (unescaped, not yet escaped)
// to dst and reports whether it is an IP address.
func canonicalHost(dst []byte, h []byte) ([]byte, bool) {
	// An IPv6 literal.
	if len(h) >= 2 && h[0] == '[' && h[len(h)-1] == ']' {
		if a, err := netip.ParseAddr(string(h[1 : len(h)-1])); err == nil && a.Is6() && a.Zone() == "" {
			if a.Is4In6() {
				return a.Unmap().AppendTo(dst), true
			}
			b := a.As16()
			if b[0] == 0 && b[1] == 0x64 && b[2] == 0xff && b[3] == 0x9b && allZero(b[4:12]) {
				return netip.AddrFrom4([4]byte(b[12:])).AppendTo(dst), true
			}
			dst = append(dst, '[')
			dst = a.AppendTo(dst)
			return append(dst, ']'), true
		}
	}
	dst, ip := dotsAndIP(dst, h)
	if ip {
		return dst, true
	}
	if !ascii.IsBytes(dst) {
		// A name that IDNA maps to one with a byte that a host cannot
		// hold (HostToASCII escapes it, "%" too: full-width "％４１" is
		// "%2541") is kept as it is, escaped by step 8: its canonical
		// form would not be its own. What IDNA gives goes through the
		// dots and the IPv4 step again, so that a name it maps to dots
		// or digits ("₂" is "2", an address) has the form it would have
		// had written so.
		if a, err := uri.IDNABrowser.HostToASCII(string(dst)); err == nil && strings.IndexByte(a, '%') < 0 {
			if dst, ip = dotsAndIP(dst[:0], []byte(a)); ip {
				return dst, true
			}
		}
	}
	for i, c := range dst {
		if 'A' <= c && c <= 'Z' {
			dst[i] = c + 'a' - 'A'
		}
	}
	return dst, false
}

// dotsAndIP appends h to dst without dots at its ends or runs of dots, and,
// when that is an IPv4 address in a form inet_aton reads, writes it as four
// decimals instead and reports true.
func dotsAndIP(dst, h []byte) ([]byte, bool) {
	start := len(dst)
	if len(h) > 0 && h[0] != '.' && h[len(h)-1] != '.' && !bytes.Contains(h, []byte("..")) {
		dst = append(dst, h...) // nothing to remove: at once
		h = nil
	}
	for _, c := range h {
		if c == '.' && (len(dst) == start || dst[len(dst)-1] == '.') {
			continue
		}
		dst = append(dst, c)
	}
	if len(dst) > start && dst[len(dst)-1] == '.' {
		dst = dst[:len(dst)-1]
	}
	if a, ok := keycanon.InetAton(dst[start:]); ok {
		return a.AppendTo(dst[:start]), true
	}
	return dst, false
}

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// canonicalPath resolves "/./" and "/../" and collapses runs of "/" in p,
// in place, and returns the result; for an empty path, "/" written to
// root, a buffer of one byte. A trailing "." or ".." segment counts as
// "./" or "../".
func canonicalPath(p, root []byte) []byte {
	if len(p) == 0 {
		root[0] = '/'
		return root
	}
	out := p[:0]
	out = append(out, '/')
	i := 0
	for i < len(p) {
		if p[i] == '/' {
			i++
			continue
		}
		j := i
		for j < len(p) && p[j] != '/' {
			j++
		}
		seg := p[i:j]
		last := j == len(p)
		switch {
		case len(seg) == 1 && seg[0] == '.':
		case len(seg) == 2 && seg[0] == '.' && seg[1] == '.':
			// Drop the segment before, keeping the "/" that ends it.
			if len(out) > 1 {
				k := len(out) - 2
				for out[k] != '/' {
					k--
				}
				out = out[:k+1]
			}
		default:
			// out ends with "/"; seg lies at or after it in p, so copying
			// forward is safe.
			out = append(out, seg...)
			if !last {
				out = append(out, '/')
			}
		}
		i = j
	}
	return out
}
