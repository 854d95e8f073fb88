package whatwg

import "strings"

// A fast path for input that is already a URL's serialization in the
// common shapes. parseFast checks, in one pass, that the basic URL parser
// would return the input itself, and then only records where the
// components are; for anything it does not recognize it answers "not
// sure" and the parser proper runs. FuzzFastPath checks that the two
// agree.

const (
	fDomain = 1 << iota // may stand in a serialized ASCII domain as is
	fOpaque             // may stand in a serialized opaque host as is
	fStop               // ends the host: "/", "?", "#" or the port's ":"
)

var fastHostTable = func() (t [256]uint8) {
	for c := 0x21; c < 0x7f; c++ {
		if hostTable[c]&clForbiddenDomain == 0 && hostTable[c]&clUpper == 0 {
			t[c] |= fDomain
		}
		if hostTable[c]&clForbiddenHost == 0 {
			t[c] |= fOpaque
		}
	}
	t['/'], t['?'], t['#'], t[':'] = fStop, fStop, fStop, fStop
	return t
}()

// hostRun holds 1 for the bytes that fastHostTable marks fDomain and
// fOpaque and not fStop: a run of them changes nothing in parseFast's host
// loop but its index, so parseFast passes them eight at a time first.
var hostRun = func() (t [256]uint8) {
	for c, f := range fastHostTable {
		if f == fDomain|fOpaque {
			t[c] = 1
		}
	}
	return t
}()

// pathPlain holds the bytes that a serialized path segment keeps as they
// are and that do not end it: not "/", "?", "#", "\\", nor anything in the
// path percent-encode set.
var pathPlain = func() (t [256]bool) {
	for c := range t {
		t[c] = charTable[c]&(cPathEncode|cEndSpecial) == 0
	}
	return t
}()

// The runs of bytes that the fast path takes as they are: those of a path
// ("/" and the bytes of pathPlain; pathRunNoDot without "." and "%", the
// bytes a dot segment begins with), of a query (not in the query or
// special-query percent-encode set, nor "#") and of a fragment (not in the
// fragment percent-encode set). Each holds 1 for a byte of the run, for
// skipRun.
var pathRun, pathRunNoDot, queryRun, specialQueryRun, fragmentRun = func() (p, pn, q, sq, f [256]uint8) {
	for c := range 256 {
		if pathPlain[c] || c == '/' {
			p[c] = 1
			if c != '.' && c != '%' {
				pn[c] = 1
			}
		}
		if encodeTable[c]&setQuery == 0 && c != '#' {
			q[c] = 1
		}
		if encodeTable[c]&setSpecialQuery == 0 && c != '#' {
			sq[c] = 1
		}
		if encodeTable[c]&setFragment == 0 {
			f[c] = 1
		}
	}
	return
}()

// skipRun returns the index of the first byte of s at or after i that is
// not in the run t, or len(s); eight bytes at a time while all are in it.
func skipRun(s string, i int, t *[256]uint8) int {
	for i+8 <= len(s) {
		w := s[i : i+8]
		if t[w[0]]&t[w[1]]&t[w[2]]&t[w[3]]&t[w[4]]&t[w[5]]&t[w[6]]&t[w[7]] == 0 {
			break
		}
		i += 8
	}
	for i < len(s) && t[s[i]] != 0 {
		i++
	}
	return i
}

// fastResult is parseFast's answer.
type fastResult uint8

const (
	fastUnsure   fastResult = iota // the parser must decide
	fastOK                         // the URL is parseFast's
	fastNoScheme                   // the parser, without a base, fails: no scheme
)

// parseFast returns the URL of s and fastOK when s is the serialization of
// the URL that the basic URL parser makes of it (against any base, since s
// then has a scheme), or that and the path "/" a special URL without a path
// gets, with no credentials, an ASCII domain, an IPv4 address in dotted
// decimal (a special URL's other than file's), or an opaque or empty host,
// or no host. fastNoScheme means that s has no scheme, so that the parser
// fails on it without a base (section "URL parsing": the scheme start
// state and the scheme state go to the no scheme state, which fails
// without a base), with ErrMissingScheme at offset 0: told only where
// preprocessing cannot change the answer (s's first byte is no C0 control
// or space, and no tab or newline, which preprocessing removes, ends the
// scheme code points). fastUnsure means only that the parser must decide.
func parseFast(s string) (URL, fastResult) {
	n := len(s)
	// No pass of its own for controls, spaces and non-ASCII bytes: every
	// loop below stops at them, as they are in the C0 control
	// percent-encode set (and so in every set the loops check), or are no
	// scheme, host or port byte.
	if n == 0 || uint(n) >= 1<<31 {
		return URL{}, fastUnsure
	}
	if c := s[0]; c < 'a' || c > 'z' {
		// The scheme start state: no ASCII alpha, no scheme (an upper
		// case one is the parser's; a C0 control or space is trimmed).
		if c > ' ' && !isAlpha(c) {
			return URL{}, fastNoScheme
		}
		return URL{}, fastUnsure
	}
	i := 1
	for i < n {
		c := s[i]
		if 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '+' || c == '-' || c == '.' {
			i++
			continue
		}
		break
	}
	if i == n {
		return URL{}, fastNoScheme // scheme code points and no ":"
	}
	if c := s[i]; c != ':' {
		// The scheme state ends before a ":" unless the byte is an
		// upper case letter (a scheme code point) or one that
		// preprocessing removes (a tab or newline).
		if c != '\t' && c != '\n' && c != '\r' && (c < 'A' || c > 'Z') {
			return URL{}, fastNoScheme
		}
		return URL{}, fastUnsure
	}
	if s[n-1] == ' ' {
		return URL{}, fastUnsure
	}
	var u URL
	var addSlash bool
	u.href = s
	u.kind = schemeKind(s[:i])
	u.schemeEnd = uint32(i)
	special := u.kind != schemeOther
	i++
	if i+1 < n && s[i] == '/' && s[i+1] == '/' {
		// The authority: a host and maybe a port, no credentials.
		hs := i + 2
		// The bytes of hostRun leave all as it is: skipped eight at a
		// time before the loop (parseFast per clean URL under callgrind:
		// kasztp.txt 424 -> 398 instructions, userbait.txt 40 fewer).
		// skipRun's first loop, written here: skipRun itself, whose byte
		// loop the loop below repeats, cost Lint about 20 instructions a
		// clean URL more (4873 -> 4895 on kasztp.txt).
		j := hs
		for j+8 <= n {
			w := s[j : j+8]
			if hostRun[w[0]]&hostRun[w[1]]&hostRun[w[2]]&hostRun[w[3]]&
				hostRun[w[4]]&hostRun[w[5]]&hostRun[w[6]]&hostRun[w[7]] == 0 {
				break
			}
			j += 8
		}
		var all uint8 = fDomain | fOpaque
		for ; j < n; j++ {
			f := fastHostTable[s[j]]
			if f&fStop != 0 {
				break
			}
			all &= f
		}
		he := j
		colon := -1
		if j < n && s[j] == ':' {
			// The port: digits up to the path, query or fragment.
			colon = j
			for j++; j < n; j++ {
				c := s[j]
				if c == '/' || c == '?' || c == '#' {
					break
				}
				if c < '0' || c > '9' {
					return URL{}, fastUnsure
				}
			}
		}
		host := s[hs:he]
		switch {
		case u.kind == schemeFile:
			if colon >= 0 || all&fDomain == 0 || host == "localhost" {
				return URL{}, fastUnsure
			}
			u.hostKind = hostEmpty
			if host != "" {
				if endsInNumber(host) {
					return URL{}, fastUnsure
				}
				u.hostKind = hostDomain
			}
		case special:
			if host == "" || all&fDomain == 0 {
				return URL{}, fastUnsure
			}
			u.hostKind = hostDomain
			if endsInNumber(host) {
				// An IPv4 address: as it is only when written as the
				// IPv4 serializer writes it.
				if !isDottedDecimal(host) {
					return URL{}, fastUnsure
				}
				u.hostKind = hostIPv4
			}
		default:
			if all&fOpaque == 0 {
				return URL{}, fastUnsure
			}
			u.hostKind = hostOpaque
			if host == "" {
				if colon >= 0 {
					return URL{}, fastUnsure
				}
				u.hostKind = hostEmpty
			}
		}
		if colon >= 0 {
			port := s[colon+1 : j]
			if port == "" || len(port) > 5 || port[0] == '0' && len(port) > 1 {
				return URL{}, fastUnsure
			}
			v := int32(0)
			for k := 0; k < len(port); k++ {
				v = v*10 + int32(port[k]-'0')
			}
			if v > 65535 || v == defaultPort(u.kind) {
				return URL{}, fastUnsure
			}
		}
		u.userEnd, u.hostStart, u.hostEnd = uint32(hs), uint32(hs), uint32(he)
		i = j
		// A special URL without a path gets the path "/": inserted below.
		addSlash = special && (i == n || s[i] != '/')
	} else {
		if special {
			return URL{}, fastUnsure
		}
		u.userEnd, u.hostStart, u.hostEnd = uint32(i), uint32(i), uint32(i)
		u.hostKind = hostNull
		if i == n || s[i] != '/' {
			// An opaque path: nothing in the C0 control percent-encode
			// set, and no space (whose encoding depends on what follows).
			u.opaque = true
			u.pathStart = uint32(i)
			for ; i < n && s[i] != '?' && s[i] != '#'; i++ {
				if s[i] == ' ' || encodeTable[s[i]]&setC0 != 0 {
					return URL{}, fastUnsure
				}
			}
		}
	}
	if !u.opaque {
		// A path of segments as written: nothing to encode, no "\\", no
		// dot segment, no Windows drive letter to normalize. The bytes
		// are checked in one run; the segments only where one may be a
		// dot segment (after "/." or "/%") or a drive letter (file).
		u.pathStart = uint32(i)
		start := i
		for {
			i = skipRun(s, i, &pathRunNoDot)
			if i == n || s[i] != '.' && s[i] != '%' {
				break
			}
			if i > start && s[i-1] == '/' {
				// A segment begins with "." or "%": a dot segment is
				// one of ".", "..", "%2e" and the like, six bytes at
				// most.
				e := i + 1
				for e < n && e-i <= 6 && s[e] != '/' && pathRun[s[e]] != 0 {
					e++
				}
				if seg := s[i:e]; isSingleDot(seg) || isDoubleDot(seg) {
					return URL{}, fastUnsure
				}
			}
			i++
		}
		if i < n && s[i] != '?' && s[i] != '#' {
			return URL{}, fastUnsure
		}
		// The path is empty or begins with "/": the authority ends at
		// "/", "?" or "#", and a path-absolute follows a scheme directly.
		path := s[start:i]
		if u.kind == schemeFile && len(path) >= 3 {
			seg := path[1:]
			if k := strings.IndexByte(seg, '/'); k >= 0 {
				seg = seg[:k]
			}
			if isDriveLetter(seg) && seg[1] == '|' {
				return URL{}, fastUnsure
			}
		}
	}
	u.pathEnd = uint32(i)
	if i < n && s[i] == '?' {
		t := &queryRun
		if special {
			t = &specialQueryRun
		}
		if i = skipRun(s, i+1, t); i < n && s[i] != '#' {
			return URL{}, fastUnsure
		}
	}
	u.fragStart = uint32(i)
	if i < n && skipRun(s, i+1, &fragmentRun) < n {
		return URL{}, fastUnsure
	}
	if addSlash {
		// The one allocation: the href with the "/" after the host.
		at := u.pathStart
		u.href = s[:at] + "/" + s[at:]
		u.pathEnd++
		u.fragStart++
	}
	return u, fastOK
}

// isDottedDecimal reports whether the host h, whose bytes are those of an
// ASCII domain and whose last label is a number (endsInNumber), is an IPv4
// address as the IPv4 serializer of section "Host serializing" writes it:
// four decimal numbers of 0 to 255 without leading zeros, separated by
// ".", and no "." after the last. The IPv4 parser (section "IPv4 parser")
// reads such a host as that address, which the URL serializes as it was
// written; anything else (hex, octal, fewer parts, a trailing ".") is left
// to the parser proper. (Lint through Policy.Check on
// "http://127.0.0.1:port/a/b?c=d" under callgrind: the slow path's host
// parsing and assembly, about 2,900 instructions, not run.)
func isDottedDecimal(h string) bool {
	parts, v, digits := 0, 0, 0
	for i := 0; i <= len(h); i++ {
		if i == len(h) || h[i] == '.' {
			if digits == 0 || v > 255 {
				return false
			}
			parts++
			v, digits = 0, 0
			continue
		}
		c := h[i]
		if c < '0' || c > '9' || digits == 1 && v == 0 || digits == 3 {
			return false
		}
		v = v*10 + int(c-'0')
		digits++
	}
	return parts == 4
}
