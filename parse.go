package uri

import "strconv"

// The parsers follow the ABNF of RFC 3986, Appendix A, one function per rule
// where a rule needs more than a scan. Each reads the input once, left to
// right, and records offsets; nothing is copied, so a valid input parses with
// no allocation. Time is linear in the input on every path, valid or not.

// Rule names a top-level production of RFC 3986 that a parse must match,
// for [Options]. The zero Rule is RuleReference, what [Parse] accepts.
type Rule uint8

const (
	RuleReference Rule = iota // URI-reference (section 4.1), as Parse
	RuleURI                   // URI (section 3), as ParseURI
	RuleAbsolute              // absolute-URI (section 4.3), as ParseAbsolute
	RuleRelative              // relative-ref (section 4.2), as ParseRelative
)

var ruleNames = [...]string{"reference", "uri", "absolute", "relative"}

// String returns "reference", "uri", "absolute" or "relative".
func (r Rule) String() string {
	if int(r) < len(ruleNames) {
		return ruleNames[r]
	}
	return "Rule(" + strconv.Itoa(int(r)) + ")"
}

// Parse parses s as a URI-reference (RFC 3986, section 4.1): a URI with a
// scheme, or a relative reference. This is the parser for text that may be
// either, such as an href. An invalid s gives an [*Error].
func Parse(s string) (u URI, err error) {
	// parseRule for RuleReference without extensions, written out: it
	// inlines, so the caller's value is written in place, with one call
	// fewer (uri parse --json: 2197 -> 2151 instructions per line).
	if e := parse(s, &u, 0); e != nil {
		return URI{}, e
	}
	return
}

// ParseURI parses s as a URI (RFC 3986, section 3): the scheme is required and
// a fragment is allowed.
func ParseURI(s string) (u URI, err error) {
	if e := parseRule(&u, s, RuleURI, 0); e != nil {
		return URI{}, e
	}
	return
}

// ParseAbsolute parses s as an absolute-URI (RFC 3986, section 4.3): the
// scheme is required and a fragment is not allowed, as for a base URI.
func ParseAbsolute(s string) (u URI, err error) {
	if e := parseRule(&u, s, RuleAbsolute, 0); e != nil {
		return URI{}, e
	}
	return
}

// ParseRelative parses s as a relative-ref (RFC 3986, section 4.2): there
// must be no scheme.
func ParseRelative(s string) (u URI, err error) {
	if e := parseRule(&u, s, RuleRelative, 0); e != nil {
		return URI{}, e
	}
	return
}

// MustParse is like [Parse] but panics if s is not a valid URI-reference.
// It is meant for tests and for package-level variables with constant input.
func MustParse(s string) URI {
	u, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return u
}

// parseRule parses s by rule r with the grammar's extensions f into *u,
// which it leaves partly written on error. The parsers call it on their
// named result, so that the URI is written in place rather than returned
// and copied by each function on the way (as Builder.Build writes its
// result). That still pays at 48 bytes: Parse through a function that
// returns the value took 695 instructions a URL on kasztp and 779 on
// userbait, against 654 and 738 in place (callgrind; at 72 bytes the copy
// cost 5-20 % of the time). Its errors are those of parseError.
func parseRule(u *URI, s string, r Rule, f pflags) *Error {
	if err := parse(s, u, f); err != nil {
		return parseError(s, f, err)
	}
	switch {
	case r == RuleRelative && !u.IsRelative():
		return newError(s, 0, ComponentScheme, ErrUnexpectedScheme)
	case (r == RuleURI || r == RuleAbsolute) && u.IsRelative():
		return newError(s, 0, ComponentScheme, ErrMissingScheme)
	case r == RuleAbsolute && u.HasFragment():
		return newError(s, int(u.fragStart), ComponentFragment, ErrUnexpectedFragment)
	}
	return nil
}

// parseError returns the error of a parse with flags f that failed with err:
// err, or for an IRI parse of text that is not UTF-8 the first bad byte,
// wherever the grammar stopped (but for a text refused unread for its
// length).
func parseError(s string, f pflags, err *Error) *Error {
	if f&pIRI != 0 && err.Err != ErrTooLong {
		if k := firstInvalidUTF8(s); k >= 0 {
			return newError(s, k, componentAt(s, k), ErrInvalidUTF8)
		}
	}
	return err
}

// pflags select the extensions of the grammar that a parse accepts beyond
// RFC 3986. The strict parsers pass none, and pay one predictable branch
// per component for the others.
type pflags uint8

const (
	pIRI     pflags = 1 << iota // RFC 3987, section 2.2: ucschar beside unreserved
	pZone                       // RFC 6874 zone identifiers in an IPv6 literal
	pPrivate                    // iprivate too (RFC 3987: the query only)
)

// parse reads URI-reference = URI / relative-ref (section 4.1) into *u,
// which it leaves partly written on error:
//
//	URI          = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
//	relative-ref = relative-part [ "?" query ] [ "#" fragment ]
//
// With pIRI it reads IRI-reference (RFC 3987, section 2.2), the same rules
// with ucschar wherever unreserved stands and iprivate in the query.
func parse(s string, u *URI, f pflags) *Error {
	if uint(len(s)) > MaxTextLength {
		return textTooLong(s)
	}
	u.s = s
	i := 0
	if len(s) >= 8 {
		i = webScheme(le64(s))
	}
	auth := i > 0
	var err *Error
	if !auth {
		if i, err = parseScheme(s); err != nil {
			return err
		}
		auth = len(s)-i >= 2 && s[i] == '/' && s[i+1] == '/'
	}
	u.endScheme(i)

	// hier-part and relative-part differ only in their rootless path.
	if auth {
		if i, err = parseAuthority(s, i+2, &u.offsets, f); err != nil {
			return err
		}
	} else if u.schemeEnd == 0 {
		if err = checkNoScheme(s, i, f); err != nil {
			return err
		}
	}
	u.endAuthority(i)

	// path-abempty / path-absolute / path-noscheme / path-rootless /
	// path-empty (section 3.3): after the checks above, all are "/" and pchar.
	i = scanF(s, i, mPath, f)
	u.endPath(i)
	if i < len(s) && s[i] == '?' {
		// query = *( pchar / "/" / "?" ) (section 3.4)
		i = scanF(s, i+1, mQuery, f|pPrivate)
	} else if i < len(s) && s[i] != '#' {
		return badByte(s, i, ComponentPath)
	}
	u.endQuery(i)
	if i < len(s) && s[i] == '#' {
		// fragment = *( pchar / "/" / "?" ) (section 3.5)
		i = scanF(s, i+1, mQuery, f)
		if i < len(s) {
			return badByte(s, i, ComponentFragment)
		}
	} else if i < len(s) {
		return badByte(s, i, ComponentQuery)
	}
	return nil
}

// webScheme returns the length of the scheme and its ":" when w, the first
// eight bytes of a text read by le64, are "http://" or "https://", and 0
// otherwise. Most URIs on the web begin so (all of the kasztp list's), and
// the eight bytes read as one word take a load and two compares where
// parseScheme's loop takes one a byte, and the "//" test after it (kasztp:
// 78 instructions a URL for "https:"). It takes the word, not the text, so
// that it is small enough to be inlined into parse (a call less a URL).
func webScheme(w uint64) int {
	const (
		https = 'h' | 't'<<8 | 't'<<16 | 'p'<<24 | 's'<<32 | ':'<<40 | '/'<<48 | '/'<<56
		http  = 'h' | 't'<<8 | 't'<<16 | 'p'<<24 | ':'<<32 | '/'<<40 | '/'<<48
	)
	// Two conditional moves, not branches: a list that mixes the two
	// schemes (userbait: 61 % http, 39 % https) mispredicted a switch
	// on them for 0.46 of its URLs (callgrind --branch-sim).
	n := 0
	if w == https {
		n = len("https:")
	}
	if w&(1<<56-1) == http {
		n = len("http:")
	}
	return n
}

// le64 reads the first eight bytes of s, which must hold them, as a
// little-endian word: the compiler makes the shifts one load.
func le64(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// parseScheme reads scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
// followed by ":" (section 3.1), and returns the index just past the ":", or 0
// when s does not begin with a scheme.
func parseScheme(s string) (int, *Error) {
	i := 0
	for i < len(s) && class[s[i]]&cScheme != 0 {
		i++
	}
	if i == len(s) || s[i] != ':' {
		return 0, nil // no scheme; checkNoScheme tells whether one was meant
	}
	if i == 0 {
		return 0, newError(s, 0, ComponentScheme, ErrEmptyScheme)
	}
	if !isAlpha(s[0]) {
		return 0, newError(s, 0, ComponentScheme, ErrInvalidCharacter)
	}
	return i + 1, nil
}

// checkNoScheme enforces path-noscheme (section 3.3): in a relative reference
// the first segment must not contain ":", or it would read as a scheme. When it
// does, the writer meant a scheme, so the error points at the first byte that
// a scheme cannot hold.
func checkNoScheme(s string, i int, f pflags) *Error {
	// segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )
	j := scanF(s, i, mSegNC, f)
	if j == len(s) || s[j] != ':' {
		return nil
	}
	k := 0
	for class[s[k]]&cScheme != 0 {
		k++
	}
	return newError(s, k, ComponentScheme, ErrInvalidCharacter)
}

// parseAuthority reads authority = [ userinfo "@" ] host [ ":" port ]
// (section 3.2) from s[i:], just past the "//", marks the end of its
// userinfo and of its host in u, and returns the index where the authority
// ends: the caller marks it.
func parseAuthority(s string, i int, u *offsets, f pflags) (int, *Error) {
	// Only an "@" tells a userinfo from a host and port. Most authorities
	// have none, so read a reg-name first, and scan on as a userinfo
	// (3.2.1) only when the byte that stopped it could continue one.
	//
	// An empty authority ("file:///p") is told by its first byte, not
	// by the scan: the scan's stop is computed (a word's mask and its
	// lowest zero), and the path scan that follows would wait on it,
	// where a branch that is always taken on such a list lets it start
	// at once (isaacs_files: 54.5 -> 48.7 ns a URL, main 49.4; 62
	// instructions a URL less, 10 more on lists without).
	end := i
	if i < len(s) && s[i] != '/' {
		end = scanF(s, i, mRegName, f)
	}
	if end == len(s) || isAuthorityEnd(s[end]) {
		// The reg-name is the whole authority, as in most URIs: no
		// userinfo, no port, nothing for the general case below to test
		// again. Only a digit can begin an IPv4address, so a host that
		// begins with none spares the call of regNameKind (kasztp: the
		// two, 36 instructions a URL).
		kind := HostRegName
		if end > i && isDigit(s[i]) {
			kind = regNameKind(s, i, end)
		}
		u.endUserinfo(i)
		u.endHost(end, kind)
		return end, nil
	}
	host := i
	// A "[" after a non-empty reg-name cannot begin an IP-literal, so it
	// goes through the userinfo check like any other invalid byte.
	if end < len(s) && (s[end] != '[' || end > i) && !isAuthorityEnd(s[end]) {
		k := end
		if s[k] != '@' {
			k = scanF(s, k, mUserinfo, f)
		}
		if k < len(s) && s[k] == '@' {
			host = k + 1
		} else if k < len(s) && !isAuthorityEnd(s[k]) && atFollows(s, k) {
			// A byte a userinfo cannot hold, before an "@".
			return 0, badByte(s, k, ComponentUserinfo)
		}
	}
	u.endUserinfo(host)

	var kind HostKind
	if host == i && (end > i || end == len(s) || s[end] != '[') {
		// The reg-name read above is the host.
		kind = regNameKind(s, i, end)
	} else {
		var err *Error
		if end, kind, err = parseHost(s, host, f); err != nil {
			return 0, err
		}
	}
	u.endHost(end, kind)

	// port = *DIGIT (3.2.3)
	comp := ComponentHost
	if end < len(s) && s[end] == ':' {
		comp = ComponentPort
		end++
		for end < len(s) && isDigit(s[end]) {
			end++
		}
	}
	if end < len(s) && !isAuthorityEnd(s[end]) {
		return 0, badByte(s, end, comp)
	}
	return end, nil
}

// atFollows reports whether an "@" stands in s[i:] before the authority ends.
// It runs only on the way to an error.
func atFollows(s string, i int) bool {
	for ; i < len(s) && !isAuthorityEnd(s[i]); i++ {
		if s[i] == '@' {
			return true
		}
	}
	return false
}
