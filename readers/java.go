package readers

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A JavaError is the exception new java.net.URI(s) throws.
type JavaError struct {
	Exception string // "URISyntaxException" or "NumberFormatException"
	Reason    string // the reason, as Java gives it ("Illegal character in path")
	Offset    int    // the byte offset of the fault in s, or -1 where Java gives none
}

// Error returns the exception, its reason and the offset.
func (e *JavaError) Error() string {
	if e.Offset < 0 {
		return "java: " + e.Exception + ": " + e.Reason
	}
	return "java: " + e.Exception + ": " + e.Reason + " at byte " + strconv.Itoa(e.Offset)
}

// jMask is a set of ASCII characters as Java's URI keeps them, a low and a
// high 64-bit half; esc is Java's L_ESCAPED bit: "%" and two hex digits,
// and visible non-ASCII characters, are allowed too.
type jMask struct {
	lo, hi uint64
	esc    bool
}

func (m jMask) has(c byte) bool {
	switch {
	case c == 0:
		return false
	case c < 64:
		return m.lo>>c&1 != 0
	case c < 128:
		return m.hi>>(c-64)&1 != 0
	}
	return false
}

func (m jMask) or(o jMask) jMask { return jMask{m.lo | o.lo, m.hi | o.hi, m.esc || o.esc} }

// jChars is the mask of the characters listed, a-z style ranges spelled
// out by jRange.
func jChars(s string) jMask {
	var m jMask
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 64 {
			m.lo |= 1 << c
		} else {
			m.hi |= 1 << (c - 64)
		}
	}
	return m
}

func jRange(a, b byte) jMask {
	var m jMask
	for c := a; c <= b; c++ {
		m = m.or(jChars(string(rune(c))))
	}
	return m
}

// The character classes of URI.java (RFC 2396, section 2 and appendix A,
// with RFC 2732's "[" and "]"). Read only.
var (
	jDigit      = jRange('0', '9')
	jAlpha      = jRange('a', 'z').or(jRange('A', 'Z'))
	jAlphanum   = jAlpha.or(jDigit)
	jHex        = jDigit.or(jRange('a', 'f')).or(jRange('A', 'F'))
	jUnreserved = jAlphanum.or(jChars("-_.!~*'()"))
	jEscaped    = jMask{esc: true}
	jURIC       = jChars(";/?:@&=+$,[]").or(jUnreserved).or(jEscaped)
	jPath       = jUnreserved.or(jEscaped).or(jChars(":@&=+$,")).or(jChars(";/"))
	jDash       = jChars("-")
	jDot        = jChars(".")
	jUserinfo   = jUnreserved.or(jEscaped).or(jChars(";:&=+$,"))
	jRegName    = jUnreserved.or(jEscaped).or(jChars("$,;:@&=+"))
	jServer     = jUserinfo.or(jAlphanum).or(jDash).or(jChars(".:@[]"))
	jServerPct  = jServer.or(jChars("%"))
	jScheme     = jAlpha.or(jDigit).or(jChars("+-."))
	jScopeID    = jAlphanum.or(jChars("_."))
	jDigitDot   = jDigit.or(jDot)
	jLabel      = jAlphanum.or(jDash)
)

// jClass is a set of the character classes above, a bit per class; jTable
// has each ASCII character's classes (built from the masks, so that each
// class is written once), and scanning a run of a class is one lookup per
// byte.
type jClass uint16

const (
	cDigit jClass = 1 << iota
	cAlpha
	cAlphanum
	cHex
	cURIC
	cPath
	cUserinfo
	cRegName
	cServer
	cServerPct
	cScheme
	cScopeID
	cDigitDot
	cLabel
	cAuthEnd // "/", "?", "#": the end of an authority

	// cEscaped are the classes with Java's L_ESCAPED bit.
	cEscaped = cURIC | cPath | cUserinfo | cRegName | cServer | cServerPct
)

// jTable is read only.
var jTable = func() (t [256]jClass) {
	masks := [...]jMask{jDigit, jAlpha, jAlphanum, jHex, jURIC, jPath, jUserinfo, jRegName, jServer, jServerPct, jScheme, jScopeID, jDigitDot, jLabel, jChars("/?#")}
	for i, m := range masks {
		for c := 1; c < 128; c++ {
			if m.has(byte(c)) {
				t[c] |= 1 << i
			}
		}
	}
	return t
}()

// javaParser is URI.Parser's state for one string.
type javaParser struct {
	s        string
	r        Reading
	port     int    // -1: none
	portText string // the port's digits
	v6bytes  int    // the bytes of the IPv6 address so far
	nonASCII bool   // a scan met a non-ASCII byte
}

// Java reads s as new java.net.URI(s) of Java 17 does.
//
// The java reader emulates java.net.URI of Java 17 (OpenJDK 17,
// src/java.base/share/classes/java/net/URI.java, its Parser class, which
// follows RFC 2396 with RFC 2732's IPv6 literals and the deviations its
// comments list): new URI(s), then getScheme, getRawUserInfo, getHost,
// getPort, getRawPath, getRawQuery and getRawFragment.
//
// The Reading's fields are those getters' answers, raw (percent-encodings
// kept):
//
//   - Scheme: as written (Java keeps its case).
//   - Userinfo, Host, Port: present only for a server-based authority. An
//     authority that does not parse as [userinfo@]host[:port] (a host with
//     "_", a label ending in "-", a last label starting with a digit as in
//     "1.2.3", an empty or overflowing port...) but whose bytes are all
//     allowed in a registry name is kept by Java as a registry-based
//     authority: getAuthority() has it, and getHost(), getUserInfo() and
//     getPort() are null and -1. The reader then reports no Userinfo, no
//     Host and no Port: a client built on URI (java.net.http.HttpClient,
//     URI.toURL().openConnection()) has no host to connect to and fails.
//   - Host: the host a client connects to: a hostname or IPv4 address as
//     written (case kept), or an IPv6 address in brackets with its scope
//     id ("[fe80::1%eth0]"), as getHost() returns it.
//   - Port: in decimal without leading zeros; absent when the authority
//     has none or an empty one ("h:").
//   - Path: present (maybe empty) for every hierarchical URI; absent for
//     an opaque one ("mailto:a@b", whose scheme is not followed by "/").
//   - Query, Fragment: present when "?" or "#" is, maybe empty.
//
// Java reads a string of UTF-16 characters; the reader reads the string's
// bytes as UTF-8, each byte of an invalid sequence becoming one U+FFFD (as
// Go's unicode/utf8 does), and returns components as UTF-8. An error is a
// [*Error] holding a [*JavaError]: the URISyntaxException's reason and the byte offset where
// Java reports it, or the NumberFormatException Java 17 lets escape for an
// overlong number in the IPv4 part of an IPv6 literal.
func Java(s string) Reading {
	r, nonASCII := javaRead(s)
	if nonASCII && r.Err == nil && !utf8.ValidString(s) {
		// The parse reads each byte of an invalid sequence as U+FFFD
		// (utf8.DecodeRuneInString); the components must hold U+FFFD too.
		r, _ = javaRead(goUTF8(s))
	}
	return wrapJava(r)
}

// goUTF8 returns s with each byte of an invalid UTF-8 sequence replaced by
// U+FFFD, as Go's unicode/utf8 decodes it.
func goUTF8(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 16)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b.WriteString("\uFFFD")
		} else {
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// javaRead reads s, and tells whether it met a non-ASCII byte.
func javaRead(s string) (Reading, bool) {
	j := javaParser{s: s, port: -1}
	if err := j.parse(); err != nil {
		return Reading{Err: err}, j.nonASCII
	}
	if j.port >= 0 {
		ps := j.portText
		if len(ps) > 1 && ps[0] == '0' {
			ps = strconv.Itoa(j.port)
		}
		j.r.Port = ps
		j.r.Has |= HasPort
	}
	return j.r, j.nonASCII
}

func (j *javaParser) fail(reason string, at int) error {
	return &JavaError{Exception: "URISyntaxException", Reason: reason, Offset: at}
}

func (j *javaParser) at(p, n int, c byte) bool { return p < n && j.s[p] == c }

// scanStop returns the offset of the first c in [p, n), or n.
func (j *javaParser) scanStop(p, n int, c byte) int {
	if i := strings.IndexByte(j.s[p:n], c); i >= 0 {
		return p + i
	}
	return n
}

// scan returns the end of the run of characters of the classes cls from p
// (URI.Parser's scan with a mask pair): for the classes with Java's
// L_ESCAPED bit, an escape pair and a visible non-ASCII character count
// too, and a "%" without two hex digits before n is an error.
func (j *javaParser) scan(p, n int, cls jClass) (int, error) {
	s := j.s[:n]
	tab := &jTable
	for p < len(s) {
		c := s[p]
		if tab[c]&cls != 0 {
			p++
			continue
		}
		if cls&cEscaped == 0 {
			break
		}
		if c == '%' {
			if p+3 <= n && tab[s[p+1]]&cHex != 0 && tab[s[p+2]]&cHex != 0 {
				p += 3
				continue
			}
			return p, j.fail("Malformed escape pair", p)
		}
		if c < utf8.RuneSelf {
			break
		}
		j.nonASCII = true
		r, size := utf8.DecodeRuneInString(s[p:])
		if r <= 0x80 || javaSpace(r) || javaISOControl(r) {
			break
		}
		p += size
	}
	return p, nil
}

// javaSpace is Character.isSpaceChar: the Unicode space separators (Zs, Zl,
// Zp).
func javaSpace(r rune) bool {
	return unicode.In(r, unicode.Zs, unicode.Zl, unicode.Zp)
}

// javaISOControl is Character.isISOControl.
func javaISOControl(r rune) bool { return r <= 0x1f || 0x7f <= r && r <= 0x9f }

// checkChars fails unless [p, n) is all of m.
func (j *javaParser) checkChars(p, n int, cls jClass, what string) error {
	q, err := j.scan(p, n, cls)
	if err != nil {
		return err
	}
	if q < n {
		return j.fail("Illegal character in "+what, q)
	}
	return nil
}

// parse is Parser.parse: [scheme:]scheme-specific-part[#fragment].
func (j *javaParser) parse() error {
	s := j.s
	n := len(s)
	p := 0
	for p < n && s[p] != ':' {
		if c := s[p]; c == '/' || c == '?' || c == '#' {
			p = -1
			break
		}
		p++
	}
	var err error
	if p >= 0 && j.at(p, n, ':') {
		if p == 0 {
			return j.fail("Expected scheme name", 0)
		}
		if err := j.checkChars(0, 1, cAlpha, "scheme name"); err != nil {
			return err
		}
		if err := j.checkChars(1, p, cScheme, "scheme name"); err != nil {
			return err
		}
		j.r.Scheme = s[:p]
		j.r.Has |= HasScheme
		p++
		if j.at(p, n, '/') {
			if p, err = j.hierarchical(p, n); err != nil {
				return err
			}
		} else {
			// An opaque URI: no path.
			q := j.scanStop(p, n, '#')
			if q <= p {
				return j.fail("Expected scheme-specific part", p)
			}
			if err := j.checkChars(p, q, cURIC, "opaque part"); err != nil {
				return err
			}
			p = q
		}
	} else if p, err = j.hierarchical(0, n); err != nil {
		return err
	}
	if j.at(p, n, '#') {
		if err := j.checkChars(p+1, n, cURIC, "fragment"); err != nil {
			return err
		}
		j.r.Fragment = s[p+1:]
		j.r.Has |= HasFragment
		p = n
	}
	if p < n {
		return j.fail("end of URI", p)
	}
	return nil
}

// hierarchical is Parser.parseHierarchical: [//authority]path[?query],
// the authority maybe empty before a path, query or fragment, the path
// maybe empty.
func (j *javaParser) hierarchical(p, n int) (int, error) {
	s := j.s
	if j.at(p, n, '/') && j.at(p+1, n, '/') {
		p += 2
		q := p
		for q < n && jTable[s[q]]&cAuthEnd == 0 {
			q++
		}
		if q > p {
			if err := j.authority(p, q); err != nil {
				return 0, err
			}
			p = q
		} else if q >= n {
			return 0, j.fail("Expected authority", p)
		}
	}
	// The path ends at "?" or "#", which no path character is.
	q, err := j.scan(p, n, cPath)
	if err != nil {
		return 0, err
	}
	if q < n && s[q] != '?' && s[q] != '#' {
		return 0, j.fail("Illegal character in path", q)
	}
	j.r.Path = s[p:q]
	j.r.Has |= HasPath
	p = q
	if j.at(p, n, '?') {
		p++
		// The query ends at "#", which no URI character is.
		if q, err = j.scan(p, n, cURIC); err != nil {
			return 0, err
		}
		if q < n && s[q] != '#' {
			return 0, j.fail("Illegal character in query", q)
		}
		j.r.Query = s[p:q]
		j.r.Has |= HasQuery
		p = q
	}
	return p, nil
}

// authority is Parser.parseAuthority: a server-based authority if [p, n)
// parses as one, else a registry-based one if its characters allow, else
// the error.
func (j *javaParser) authority(p, n int) error {
	serverChars, regChars, err := j.authorityChars(p, n)
	if err != nil {
		return err
	}
	if regChars && !serverChars {
		return nil // registry-based: no userinfo, host or port
	}
	var ex error
	if serverChars {
		q, err := j.server(p, n)
		if err == nil && q == n {
			return nil
		}
		if e, ok := err.(*JavaError); ok && e.Exception == "NumberFormatException" {
			return err
		}
		j.r.Userinfo, j.r.Host = "", ""
		j.r.Has &^= HasUserinfo | HasHost
		j.port = -1
		ex = err
	}
	if regChars {
		return nil
	}
	if ex != nil {
		return ex
	}
	return j.fail("Illegal character in authority", p)
}

// authorityChars tells whether [p, n) is all characters of a server-based
// authority, and whether it is all characters of a registry name, or the
// error scanning them gives.
func (j *javaParser) authorityChars(p, n int) (server, reg bool, err error) {
	// One pass over ASCII without "%" (where neither scan can fail and
	// escapes play no part); else the two scans as Java makes them.
	server, reg = true, true
	for i := p; i < n; i++ {
		c := j.s[i]
		if c == '%' || c >= utf8.RuneSelf || i == p && c == ']' {
			goto scans
		}
		cl := jTable[c]
		server = server && cl&cServerPct != 0
		reg = reg && cl&cRegName != 0
	}
	return server, reg, nil
scans:
	// Java takes the characters of an IPv6 literal ("%" allowed) whenever
	// the authority does not start with "]".
	serverMask := cServer
	if j.scanStop(p, n, ']') > p {
		serverMask = cServerPct
	}
	q, err := j.scan(p, n, serverMask)
	if err != nil {
		return false, false, err
	}
	server = q == n
	if q, err = j.scan(p, n, cRegName); err != nil {
		return false, false, err
	}
	return server, q == n, nil
}

// server is Parser.parseServer: [userinfo@]host[:port].
func (j *javaParser) server(p, n int) (int, error) {
	s := j.s
	if q := strings.IndexByte(s[p:n], '@'); q >= 0 {
		q += p
		if err := j.checkChars(p, q, cUserinfo, "user info"); err != nil {
			return 0, err
		}
		j.r.Userinfo = s[p:q]
		j.r.Has |= HasUserinfo
		p = q + 1
	}
	if j.at(p, n, '[') {
		// RFC 2732 IPv6 literal, maybe with a "%" scope id.
		p++
		q := j.scanStop(p, n, ']')
		if q <= p || !j.at(q, n, ']') {
			return 0, j.fail("Expected closing bracket for IPv6 address", q)
		}
		r := j.scanStop(p, q, '%')
		if r > p {
			if err := j.ipv6(p, r); err != nil {
				return 0, err
			}
			if r+1 == q {
				return 0, j.fail("scope id expected", -1)
			}
			if r < q {
				if err := j.checkChars(r+1, q, cScopeID, "scope id"); err != nil {
					return 0, err
				}
			}
		} else if err := j.ipv6(p, q); err != nil {
			return 0, err
		}
		j.r.Host = s[p-1 : q+1]
		j.r.Has |= HasHost
		p = q + 1
	} else {
		q := j.ipv4(p, n)
		if q <= p {
			var err error
			if q, err = j.hostname(p, n); err != nil {
				return 0, err
			}
		}
		p = q
	}
	if j.at(p, n, ':') {
		p++
		q := j.scanStop(p, n, '/')
		if q > p {
			if err := j.checkChars(p, q, cDigit, "port number"); err != nil {
				return 0, err
			}
			v, ok := javaParseInt(s[p:q])
			if !ok {
				return 0, j.fail("Malformed port number", p)
			}
			j.port, j.portText = v, s[p:q]
			p = q
		}
	}
	if p < n {
		return 0, j.fail("Expected port number", p)
	}
	return p, nil
}

// javaParseInt is Integer.parseInt of decimal digits: ok is false past
// 2^31-1.
func javaParseInt(d string) (int, bool) {
	var v int64 // int64, so that v*10 cannot overflow where int is 32 bits
	for i := 0; i < len(d); i++ {
		v = v*10 + int64(d[i]-'0')
		if v > 1<<31-1 {
			return 0, false
		}
	}
	return int(v), true
}

// ipv4 is Parser.parseIPv4Address: the end of an IPv4 address at p,
// followed by the end or ":", or -1.
func (j *javaParser) ipv4(start, n int) int {
	p, err := j.scanIPv4(start, n, false)
	if err != nil {
		return -1
	}
	if p > start && p < n && j.s[p] != ':' {
		p = -1
	}
	if p > start {
		j.r.Host = j.s[start:p]
		j.r.Has |= HasHost
	}
	return p
}

// scanIPv4 is Parser.scanIPv4Address: four decimal numbers up to 255
// (any number of digits, leading zeros allowed) separated by "."; -1 when
// [start, n) does not start with a digit or dot (or, strict, is not all of
// them); an error when they do not make an address.
func (j *javaParser) scanIPv4(start, n int, strict bool) (int, error) {
	m, _ := j.scan(start, n, cDigitDot)
	if m <= start || strict && m != n {
		return -1, nil
	}
	p := start
	for i := 0; i < 4; i++ {
		if i > 0 {
			if !j.at(p, m, '.') {
				return 0, j.fail("Malformed IPv4 address", p)
			}
			p++
		}
		q, err := j.scanByte(p, m)
		if err != nil {
			return 0, err
		}
		if q <= p {
			return 0, j.fail("Malformed IPv4 address", q)
		}
		p = q
	}
	if p < m {
		return 0, j.fail("Malformed IPv4 address", p)
	}
	return p, nil
}

// scanByte is Parser.scanByte: the end of a decimal number up to 255 at
// p, or p. Integer.parseInt's NumberFormatException, past 2^31-1, escapes.
func (j *javaParser) scanByte(p, n int) (int, error) {
	q, _ := j.scan(p, n, cDigit)
	if q <= p {
		return q, nil
	}
	v, ok := javaParseInt(j.s[p:q])
	if !ok {
		return 0, &JavaError{Exception: "NumberFormatException", Reason: "For input string: \"" + j.s[p:q] + "\"", Offset: p}
	}
	if v > 255 {
		return p, nil
	}
	return q, nil
}

// takeIPv4 is Parser.takeIPv4Address: [start, n) must be an IPv4 address.
func (j *javaParser) takeIPv4(start, n int, expected string) (int, error) {
	p, err := j.scanIPv4(start, n, true)
	if err != nil {
		return 0, err
	}
	if p <= start {
		return 0, j.fail("Expected "+expected, start)
	}
	return p, nil
}

// hostname is Parser.parseHostname (RFC 2396's hostname: labels of letters,
// digits and inner "-", separated by ".", a trailing "." allowed, the last
// label starting with a letter when there are several).
func (j *javaParser) hostname(start, n int) (int, error) {
	s := j.s
	p, l := start, -1
	for {
		q, _ := j.scan(p, n, cAlphanum)
		if q <= p {
			break
		}
		l, p = p, q
		q, _ = j.scan(p, n, cLabel)
		if q > p {
			if s[q-1] == '-' {
				return 0, j.fail("Illegal character in hostname", q-1)
			}
			p = q
		}
		if !j.at(p, n, '.') {
			break
		}
		p++
		if p >= n {
			break
		}
	}
	if p < n && !j.at(p, n, ':') {
		return 0, j.fail("Illegal character in hostname", p)
	}
	if l < 0 {
		return 0, j.fail("Expected hostname", start)
	}
	if l > start && !jAlpha.has(s[l]) {
		return 0, j.fail("Illegal character in hostname", l)
	}
	j.r.Host = s[start:p]
	j.r.Has |= HasHost
	return p, nil
}

// ipv6 is Parser.parseIPv6Reference (RFC 2373's grammar as URI.java
// revises it): hex groups of 1-4 digits, one "::", an IPv4 address last;
// 16 bytes without "::", fewer with it.
func (j *javaParser) ipv6(start, n int) error {
	p := start
	compressed := false
	q, err := j.hexSeq(p, n)
	if err != nil {
		return err
	}
	switch {
	case q > p:
		p = q
		if strings.HasPrefix(j.s[p:n], "::") {
			compressed = true
			if p, err = j.hexPost(p+2, n); err != nil {
				return err
			}
		} else if j.at(p, n, ':') {
			if p, err = j.takeIPv4(p+1, n, "IPv4 address"); err != nil {
				return err
			}
			j.v6bytes += 4
		}
	case strings.HasPrefix(j.s[p:n], "::"):
		compressed = true
		if p, err = j.hexPost(p+2, n); err != nil {
			return err
		}
	}
	switch {
	case p < n:
		return j.fail("Malformed IPv6 address", start)
	case j.v6bytes > 16:
		return j.fail("IPv6 address too long", start)
	case !compressed && j.v6bytes < 16:
		return j.fail("IPv6 address too short", start)
	case compressed && j.v6bytes == 16:
		return j.fail("Malformed IPv6 address", start)
	}
	return nil
}

// hexPost is Parser.scanHexPost: after "::", hex groups and maybe an IPv4
// address, or an IPv4 address, or nothing.
func (j *javaParser) hexPost(p, n int) (int, error) {
	if p == n {
		return p, nil
	}
	q, err := j.hexSeq(p, n)
	if err != nil {
		return 0, err
	}
	if q > p {
		p = q
		if j.at(p, n, ':') {
			if p, err = j.takeIPv4(p+1, n, "hex digits or IPv4 address"); err != nil {
				return 0, err
			}
			j.v6bytes += 4
		}
		return p, nil
	}
	if p, err = j.takeIPv4(p, n, "hex digits or IPv4 address"); err != nil {
		return 0, err
	}
	j.v6bytes += 4
	return p, nil
}

// hexSeq is Parser.scanHexSeq: hex groups separated by single ":", stopping
// before "::" or before the ":" of an IPv4 address; -1 when there is no
// group (or the first is an IPv4 address's first number).
func (j *javaParser) hexSeq(p, n int) (int, error) {
	q, _ := j.scan(p, n, cHex)
	if q <= p || j.at(q, n, '.') {
		return -1, nil
	}
	if q > p+4 {
		return 0, j.fail("IPv6 hexadecimal digit sequence too long", p)
	}
	j.v6bytes += 2
	p = q
	for p < n {
		if !j.at(p, n, ':') || j.at(p+1, n, ':') {
			break
		}
		p++
		q, _ = j.scan(p, n, cHex)
		if q <= p {
			return 0, j.fail("Expected digits for an IPv6 address", p)
		}
		if j.at(q, n, '.') {
			p--
			break
		}
		if q > p+4 {
			return 0, j.fail("IPv6 hexadecimal digit sequence too long", p)
		}
		j.v6bytes += 2
		p = q
	}
	return p, nil
}
