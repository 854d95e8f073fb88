package readers

import (
	"strings"

	"github.com/ferret-go/uri/internal/ascii"
)

// PHP reads s as the reader "php" does: parse_url of PHP 8.2 as Debian 12
// ships it (php8.2-cli 8.2.36), emulated from php_url_parse_ex2 in
// ext/standard/url.c. PHP strings are bytes: the input is taken as it is.
//
// What parse_url does: the scheme is what precedes the first ":" when it
// is not empty and has only ASCII letters, digits, "+", "-" and "."; a
// string whose ":" is followed by 1 to 5 digits and then "/" or its end
// ("a.com:80") is read as a host and port instead, and so is a string
// whose would-be scheme has other bytes when the ":" comes before any "?"
// or "#". After "scheme:" comes an authority only when "//" follows ("/"
// alone, or anything else, starts the path); "file:///c:/x" keeps the
// drive letter in the path. The authority runs to the first "/", "?" or
// "#"; the user and password are before its last "@" (split at the first
// ":"), the port after its last ":" unless the authority is a whole
// "[...]". The fragment follows the first "#", the query the first "?"
// before it.
//
// The record: every component is raw (nothing is decoded or lowercased),
// except that parse_url replaces each ASCII control byte (0x00-0x1F, 0x7F)
// by "_" in every component it returns. Has tells present from absent as
// parse_url's array does: "http://a/?" has an empty query, "http://a/" has
// none. Userinfo is user, and ":" and password when there is one. Host is
// parse_url's host, with its brackets when it has them ("[::1]"): that is
// the string PHP's stream wrappers and its curl extension connect to.
// Port is the number parse_url gives (strtol of up to 5 characters:
// leading spaces, a sign and trailing junk allowed, "80a" is 80), written
// in decimal.
//
// Errors: parse_url returns false for an authority with an empty host
// ("http://", "http://:80", "http:///x"), a port over 5 characters, out of
// range or with no digits, and ":" followed by nothing or by digits only.
// Every error is an *[Error].
func PHP(in string) Reading {
	var r Reading
	fail := func(at int, comp, reason string) Reading {
		return Reading{Err: &Error{Reader: "php", Component: comp, Offset: at, Reason: reason}}
	}
	s, ue := 0, len(in)
	port := -1 // ret->port with has_port; -1 when unset
	portText := ""
	var e int
	if c := strings.IndexByte(in, ':'); c > 0 {
		e = c
		ok := true
		for p := 0; p < e; p++ {
			if !isSchemeChar(in[p]) {
				ok = false
				break
			}
		}
		if !ok {
			if e+1 < ue && e < phpCspn(in, s, ue, setQH) {
				goto parsePort
			} else if strings.HasPrefix(in[s:], "//") {
				s += 2
				goto parseHost
			}
			goto justPath
		}
		if e+1 == ue {
			r.Scheme, r.Has = in[:e], HasScheme
			return phpControls(in, r)
		}
		if in[e+1] != '/' {
			p := e + 1
			for p < ue && isDigit(in[p]) {
				p++
			}
			if (p == ue || in[p] == '/') && p-e < 7 {
				goto parsePort
			}
			r.Scheme, r.Has = in[:e], HasScheme
			s = e + 1
			goto justPath
		}
		r.Scheme, r.Has = in[:e], HasScheme
		if e+2 < ue && in[e+2] == '/' {
			s = e + 3
			if strings.EqualFold(r.Scheme, "file") && e+3 < ue && in[e+3] == '/' {
				if e+5 < ue && in[e+5] == ':' {
					s = e + 4
				}
				goto justPath
			}
			goto parseHost
		}
		s = e + 1
		goto justPath
	} else if c == 0 {
		e = 0
		goto parsePort
	} else if strings.HasPrefix(in, "//") {
		s += 2
		goto parseHost
	} else {
		goto justPath
	}

parsePort:
	{
		p := e + 1
		pp := p
		for pp < ue && pp-p < 6 && isDigit(in[pp]) {
			pp++
		}
		switch {
		case pp-p > 0 && pp-p < 6 && (pp == ue || in[pp] == '/'):
			n, _, digits := phpStrtol(in[p:pp])
			if n > 65535 {
				return fail(p, "port", "port out of range")
			}
			port, portText = n, digits
			if strings.HasPrefix(in[s:], "//") {
				s += 2
			}
		case p == pp && pp == ue:
			return fail(p, "port", "nothing after \":\"")
		case strings.HasPrefix(in[s:], "//"):
			s += 2
		default:
			goto justPath
		}
	}

parseHost:
	{
		e = phpCspn(in, s, ue, setSQH)
		if at := strings.LastIndexByte(in[s:e], '@'); at >= 0 {
			at += s
			r.Userinfo, r.Has = in[s:at], r.Has|HasUserinfo
			s = at + 1
		}
		p := -1
		if !(s < ue && in[s] == '[' && in[e-1] == ']') {
			if c := strings.LastIndexByte(in[s:e], ':'); c >= 0 {
				p = s + c
			}
		}
		if p >= 0 {
			if port <= 0 {
				q := p + 1
				if e-q > 5 {
					return fail(q, "port", "port longer than 5 characters")
				} else if e-q > 0 {
					n, ok, digits := phpStrtol(in[q:e])
					if !ok || n < 0 || n > 65535 {
						return fail(q, "port", "port not a number from 0 to 65535")
					}
					port, portText = n, digits
				}
			}
		} else {
			p = e
		}
		if p-s < 1 {
			return fail(s, "host", "empty host")
		}
		r.Host, r.Has = in[s:p], r.Has|HasHost
		if port >= 0 {
			r.Port, r.Has = portText, r.Has|HasPort
		}
		if e == ue {
			return phpControls(in, r)
		}
		s = e
	}

justPath:
	e = ue
	if p := strings.IndexByte(in[s:e], '#'); p >= 0 {
		p += s
		r.Fragment, r.Has = in[p+1:e], r.Has|HasFragment
		e = p
	}
	if p := strings.IndexByte(in[s:e], '?'); p >= 0 {
		p += s
		r.Query, r.Has = in[p+1:e], r.Has|HasQuery
		e = p
	}
	if s < e || s == ue {
		r.Path, r.Has = in[s:e], r.Has|HasPath
	}
	return phpControls(in, r)
}

// phpCspn is binary_strcspn: the offset of the first byte of in[s:e] in
// set (a bit of byteClass), or e.
func phpCspn(in string, s, e int, set byte) int {
	if i := indexSet(in[s:e], set); i >= 0 {
		return s + i
	}
	return e
}

// phpStrtol is ZEND_STRTOL(p, &end, 10) on at most 5 bytes, whether it
// converted any digit (end != p), and the number's digits in decimal
// without leading zeros (a substring of p): leading C isspace bytes, one
// sign, then the digits up to the first other byte.
func phpStrtol(p string) (n int, ok bool, digits string) {
	i := 0
	for i < len(p) && (p[i] == ' ' || p[i] >= '\t' && p[i] <= '\r') {
		i++
	}
	neg := false
	if i < len(p) && (p[i] == '+' || p[i] == '-') {
		neg = p[i] == '-'
		i++
	}
	start := i
	for ; i < len(p) && isDigit(p[i]); i++ {
		n = n*10 + int(p[i]-'0')
	}
	if i == start {
		return 0, false, ""
	}
	digits = p[start:i]
	for len(digits) > 1 && digits[0] == '0' {
		digits = digits[1:]
	}
	if neg {
		n = -n
	}
	return n, true, digits
}

func isCntrl(c byte) bool { return c < 0x20 || c == 0x7f }

// phpControls is php_replace_controlchars on every component of r: each
// ASCII control byte becomes "_". The components share one new string.
func phpControls(in string, r Reading) Reading {
	if !ascii.HasBelow(in, 0x20) && strings.IndexByte(in, 0x7f) < 0 {
		return r
	}
	var b strings.Builder
	b.Grow(len(in))
	for _, p := range [...]*string{&r.Scheme, &r.Userinfo, &r.Host, &r.Path, &r.Query, &r.Fragment} {
		start := b.Len()
		for i := 0; i < len(*p); i++ {
			c := (*p)[i]
			if isCntrl(c) {
				c = '_'
			}
			b.WriteByte(c)
		}
		*p = b.String()[start:]
	}
	return r
}
