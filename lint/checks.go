package lint

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/ferret-go/uri"
	"github.com/ferret-go/uri/readers"
	"github.com/ferret-go/uri/whatwg"

	"github.com/ferret-go/uri/internal/pctenc"
)

// checkScheme checks the scheme and the slashes after it.
func (c *checker) checkScheme() {
	s := c.clean.s
	if !c.special {
		// (Tested first: a special scheme has none of the findings
		// below, and a clean URL's scheme is most often special: one
		// test, where a switch over the schemes cost about 9
		// instructions a clean URL under callgrind.)
		switch c.scheme {
		case "javascript", "vbscript", "data":
			c.checkScriptScheme()
		case "":
			c.checkSchemeRelative()
		}
		return
	}
	if c.same || c.scheme == "file" {
		// same for a special scheme means exactly two "/" after it and
		// no "\\" anywhere (run): nothing to report (kasztp.txt under
		// callgrind: 62 -> 19 instructions a URL).
		return
	}
	i := len(c.scheme) + 1
	j := i
	for j < len(s) && (s[j] == '/' || s[j] == '\\') {
		j++
	}
	if j-i == 2 {
		return
	}
	sev := Medium
	if c.hostsDiffer() {
		sev = High
	}
	cls := c.claims(uri.ComponentHost, ReaderWHATWG, ReaderRFC3986, ReaderNetURL)
	c.addClean(CodeSlashCount, sev, uri.ComponentPath, i, j,
		plural(j-i, "slash", "slashes")+" after "+quote(c.scheme+":")+": browsers skip any number of them; "+phrases(cls), cls...)
}

// checkScriptScheme reports a javascript:, vbscript: or data: URL: those
// that run script in the page that follows them always, other data: URLs
// with Navigation.
func (c *checker) checkScriptScheme() {
	if _, err := whatwg.Parse(c.in); err != nil {
		// A URL the browsers reject ("javascript://:443") goes nowhere.
		return
	}
	sev, msg := Medium, c.scheme+": a browser that follows it runs its script in the page"
	if c.scheme == "data" {
		mt := dataMediaType(c.clean.s[len("data:"):])
		switch mt {
		case "text/html", "application/xhtml+xml", "image/svg+xml":
			msg = "data: of type " + mt + ": a browser that shows it runs the scripts it holds, content of the URL's own making"
		default:
			if !c.opts.Navigation {
				return
			}
			msg = "data: shows content of the URL's own making where a navigation or a fetch is expected"
		}
	}
	if c.opts.Navigation {
		sev = High
	}
	c.addClean(CodeScriptScheme, sev, uri.ComponentScheme, 0, len(c.scheme), msg)
}

// dataMediaType returns the MIME type, lowercase, that a data: URL's body
// s (what follows "data:") begins with: the text before the first "," or
// ";", without ASCII whitespace around it (Fetch Standard, "data: URL
// processor"); "" when there is none.
func dataMediaType(s string) string {
	end := len(s)
	for i := 0; i < len(s); i++ {
		if s[i] == ',' || s[i] == ';' {
			end = i
			break
		}
	}
	return strings.ToLower(strings.Trim(s[:end], " \t\n\f\r"))
}

// checkSchemeRelative reports a reference without a scheme that begins
// with two or more "/" or "\\" (tabs and newlines removed), which a browser
// resolving it against a page of a special scheme reads as an authority:
// URL Standard, "relative slash state" (a "/" or "\\" after the first) and
// "special authority ignore slashes state" (any more of them skipped).
func (c *checker) checkSchemeRelative() {
	s := c.clean.s
	j := 0
	for j < len(s) && (s[j] == '/' || s[j] == '\\') {
		j++
	}
	if j < 2 {
		return
	}
	// "//host" with nothing removed: every reader reads that host, a
	// network-path reference (RFC 3986, section 4.2).
	plain := j == 2 && s[:2] == "//" && c.same && c.facts&hasBackslash == 0
	sev := Medium
	if plain {
		sev = Low
	}
	if c.opts.Navigation {
		sev = High
	}
	cls := c.claims(uri.ComponentHost, ReaderWHATWG, ReaderRFC3986, ReaderNetURL)
	msg := "a reference that begins with " + quote(s[:j]) + " leaves the page's site: "
	if plain {
		msg = "a network-path reference leaves the page's site: "
	}
	c.addClean(CodeSchemeRelative, sev, uri.ComponentPath, 0, j,
		msg+phrases(cls)+`; a check that a redirect target "begins with /" passes it`, cls...)
}

// hostsDiffer reports whether the browsers' model and RFC 3986 delimit
// different hosts (compared without case).
func (c *checker) hostsDiffer() bool {
	return !strings.EqualFold(c.layoutBr().host.of(c.clean.s), c.rfc.host.of(c.in)) ||
		c.layoutBr().host.ok != c.rfc.host.ok
}

// checkAuthority checks the delimiters of the authority and the userinfo.
// Each check needs a byte that the facts tell whether the input holds: an
// "@" for several of them and for a userinfo (either reading ends the
// userinfo at an "@"), a "\\" for a backslash, a "[" for an IP-literal.
func (c *checker) checkAuthority() {
	if c.facts&hasAt != 0 {
		c.checkMultipleAt()
	}
	if c.facts&hasBackslash != 0 && c.special {
		c.checkBackslash()
	}
	if c.facts&hasAt != 0 {
		// The userinfo, in either reading.
		c.checkUserinfo(c.rfc.userinfo, false)
		if !c.same && c.layoutBr().userinfo.ok && c.layoutBr().userinfo.of(c.clean.s) != c.rfc.userinfo.of(c.in) {
			c.checkUserinfo(c.layoutBr().userinfo, true)
		}
	}
	if c.facts&hasBracket != 0 {
		// Zones and "]".
		c.checkZone(&c.rfc, c.in, c.add)
		if !c.same {
			c.checkZone(c.layoutBr(), c.clean.s, c.addClean)
		}
	}
}

// checkMultipleAt reports several "@" in the authority: first against
// last.
func (c *checker) checkMultipleAt() {
	s, cs := c.in, c.clean.s
	rfcAuth, brAuth := c.rfc.authority.of(s), c.layoutBr().authority.of(cs)
	auth, authSpan, inClean := rfcAuth, c.rfc.authority, false
	if !c.same && strings.Count(brAuth, "@") > strings.Count(rfcAuth, "@") {
		auth, authSpan, inClean = brAuth, c.layoutBr().authority, true
	}
	if n := strings.Count(auth, "@"); n > 1 {
		first := hostOf(auth[strings.IndexByte(auth, '@')+1:])
		cls := c.claims(uri.ComponentHost, ReaderNetURL, ReaderWHATWG)
		msg := strconv.Itoa(n) + ` "@" in the authority: ` + phrases(cls)
		// The parsers of package readers, called on the input: those
		// that read another host than browsers, or reject it, and of
		// those the ones whose host is the one after the first "@".
		var others []Claim
		var firsts []string
		for _, r := range readers.All() {
			e := Emulated(r).Read(c.in)
			cl := Claim{Reader: r.Name, Component: uri.ComponentHost, Rejects: e.Err != nil}
			if !cl.Rejects {
				cl.Value = e.Host
			}
			if cl.Rejects || cls[1].Rejects || !strings.EqualFold(cl.Value, cls[1].Value) {
				others = append(others, cl)
				if !cl.Rejects && cl.Value != "" && strings.EqualFold(cl.Value, first) {
					firsts = append(firsts, r.Name)
				}
			}
		}
		if len(others) > 0 {
			msg += "; " + phrases(others)
			cls = append(cls, others...)
		}
		if len(firsts) > 0 {
			msg += ` (` + strings.Join(firsts, ", ") + `: the host after the first "@")`
		}
		if inClean {
			c.addClean(CodeMultipleAt, High, uri.ComponentUserinfo, authSpan.start, authSpan.end, msg, cls...)
		} else {
			c.add(CodeMultipleAt, High, uri.ComponentUserinfo, authSpan.start, authSpan.end, msg, cls...)
		}
	}
}

// checkBackslash reports a "\\" before the query or fragment of a special
// URL.
func (c *checker) checkBackslash() {
	cs := c.clean.s
	end := len(cs)
	if c.layoutBr().query.ok {
		end = c.layoutBr().query.start - 1
	} else if c.layoutBr().fragment.ok {
		end = c.layoutBr().fragment.start - 1
	}
	if k := strings.IndexByte(cs[:end], '\\'); k >= 0 {
		sev, comp := Low, uri.ComponentPath
		msg := `"\" in a ` + c.scheme + ` URL: browsers read it as "/" (URL Standard, special URLs)`
		var cls []Claim
		if c.hostsDiffer() {
			// The string splits at another "@" or "/" for browsers than
			// for a parser that splits as Appendix B does.
			sev, comp = High, uri.ComponentHost
			cls = c.claims(uri.ComponentHost, ReaderWHATWG, ReaderAppendixB, ReaderNetURL, ReaderRFC3986)
			msg += "; " + phrases(cls)
		} else if c.layoutBr().authority.ok && k < c.layoutBr().authority.end {
			sev, comp = Medium, uri.ComponentHost
		}
		c.addClean(CodeBackslash, sev, comp, k, k+1, msg, cls...)
	}
}

// checkZone reports a zone identifier in the IP-literal of l, a reading
// of text.
func (c *checker) checkZone(l *layout, text string, add addFunc) {
	h := l.host.of(text)
	if !strings.HasPrefix(h, "[") || !strings.Contains(h, "%") {
		return
	}
	cls := c.claims(uri.ComponentHost, ReaderWHATWG, ReaderNetURL)
	sev, msg := Medium, "a zone identifier in an IP-literal, which RFC 9844 took out of URIs: "+phrases(cls)
	if strings.Count(l.authority.of(text), "]") > 1 {
		sev, msg = High, `a zone identifier followed by a second "]": parsers disagree on where the host ends (golang/go#78569); `+phrases(cls)
	}
	add(CodeIPv6Zone, sev, uri.ComponentHost, l.host.start, l.host.end, msg, cls...)
}

// hostOf returns the host of hostport text, without the port.
func hostOf(hp string) string {
	if strings.HasPrefix(hp, "[") {
		if k := strings.IndexByte(hp, ']'); k >= 0 {
			return hp[:k+1]
		}
		return hp
	}
	if k := strings.IndexByte(hp, ':'); k >= 0 {
		return hp[:k]
	}
	return hp
}

// checkUserinfo checks the userinfo of span p (of the cleaned text when
// inClean).
func (c *checker) checkUserinfo(p span, inClean bool) {
	if !p.ok {
		return
	}
	text := c.in
	add := c.add
	if inClean {
		text, add = c.clean.s, c.addClean
	}
	ui := p.of(text)
	if k := strings.IndexByte(ui, ':'); k >= 0 && k+1 < len(ui) {
		add(CodePassword, Medium, uri.ComponentUserinfo, p.start+k+1, p.end,
			"a password in the userinfo (RFC 3986, sections 3.2.1 and 7.5): it is logged and shown wherever the URL is; see Redact")
	}
	if isWeb(c.scheme) {
		add(CodeUserinfoHTTP, Medium, uri.ComponentUserinfo, p.start, p.end,
			"a userinfo in an "+c.scheme+" URL, which RFC 9110, section 4.2.4 forbids: readers take the text before \"@\" for the host")
	}
	// Each part between delimiters may pose as a host.
	for k := 0; k < len(ui); {
		n := indexSet(ui[k:], &setUserDelim)
		if n < 0 {
			n = len(ui) - k
		}
		part := ui[k : k+n]
		// A host name is at most 253 octets (RFC 1035), written with at
		// most three bytes an octet.
		if len(part) > 0 && len(part) <= 3*253 {
			d := pctenc.Decode(part)
			if looksLikeHost(d) {
				add(CodeUserinfoHost, High, uri.ComponentUserinfo, p.start+k, p.start+k+len(part),
					"the userinfo "+quote(d)+" looks like a host name: a reader sees it, but the host is what follows the \"@\" (RFC 3986, section 7.6)")
				return
			}
		}
		k += n + 1
	}
}

// looksLikeHost reports whether s reads as a host name or an address: an
// IPv4 address in any form browsers take, "www." and a name, or a dotted
// name of letters, digits and "-" that ends in a common top-level domain.
// It is a heuristic: "first.last" is a user name, "bank.com" a host.
func looksLikeHost(s string) bool {
	s = strings.ToLower(strings.TrimSuffix(s, "."))
	if whatwg.EndsInNumber(s) {
		if _, err := whatwg.ParseIPv4(s); err == nil {
			return strings.Contains(s, ".") || len(s) > 3
		}
	}
	if !strings.Contains(s, ".") {
		return false
	}
	for i := 0; i < len(s); i++ {
		b := s[i]
		if !(b >= 'a' && b <= 'z' || b >= '0' && b <= '9' || b == '-' || b == '.') {
			return false
		}
	}
	if strings.HasPrefix(s, "www.") {
		return true
	}
	switch s[strings.LastIndexByte(s, '.')+1:] {
	case "com", "net", "org", "edu", "gov", "mil", "int", "info", "biz", "io", "co",
		"app", "dev", "us", "uk", "de", "fr", "ru", "cn", "jp", "br", "in", "it", "nl",
		"es", "pl", "au", "ca", "ch", "se", "xyz", "online", "site", "top":
		return true
	}
	return false
}

// checkPort checks the port of either reading.
func (c *checker) checkPort() {
	c.checkPortSpan(c.rfc.port, c.in, c.add)
	if !c.same && c.layoutBr().port.of(c.clean.s) != c.rfc.port.of(c.in) {
		c.checkPortSpan(c.layoutBr().port, c.clean.s, c.addClean)
	}
}

func (c *checker) checkPortSpan(p span, text string, add addFunc) {
	port := p.of(text)
	if port == "" {
		return
	}
	for i := 0; i < len(port); i++ {
		if port[i] < '0' || port[i] > '9' {
			return
		}
	}
	t := strings.TrimLeft(port, "0")
	if len(t) > 5 || len(t) == 5 && t > "65535" {
		cls := c.claims(uri.ComponentPort, ReaderRFC3986, ReaderNetURL, ReaderWHATWG)
		add(CodePortRange, Medium, uri.ComponentPort, p.start, p.end,
			"port "+shorten(port)+" is above 65535, which no transport has (RFC 3986 allows any digits): "+phrases(cls)+"; dialers fail or wrap it", cls...)
		return
	}
	n, _ := strconv.Atoi(t)
	if isWeb(c.scheme) && badPort(n) {
		what := "port " + strconv.Itoa(n) + " belongs to another protocol (" + portName(n) + ")"
		if n == 0 {
			what = "port 0 is reserved (no service listens on it)"
		}
		block := ": browsers block it under " + c.scheme + " (Fetch Standard, bad ports)"
		if !chromiumBlocks(n) {
			block = ": the Fetch Standard makes it a bad port, whose fetch under " + c.scheme + " is blocked, but Chromium does not block it yet"
		}
		add(CodeUnexpectedPort, Medium, uri.ComponentPort, p.start, p.end,
			what+block+"; a request to it is the cross-protocol attack of RFC 3986, section 7.2")
	}
}

// checkPathQuery checks the percent-encodings of the path, query and
// fragment, and the query's separators.
func (c *checker) checkPathQuery() {
	s, l := c.in, &c.rfc
	if c.facts&hasPercent != 0 {
		c.checkPercent()
	}
	q := l.query.of(s)
	if c.facts&hasSemicolon == 0 {
		// No ";" anywhere.
	} else if k := strings.IndexByte(q, ';'); k >= 0 {
		c.add(CodeSemicolonQuery, Low, uri.ComponentQuery, l.query.start+k, l.query.start+k+1,
			`";" in the query: net/url.ParseQuery drops the pair that holds it and returns an error, browsers keep it in the value, older servers split parameters at it (CVE-2021-23336)`)
	}
	// More than maxNetURLParams parameters take as many "&" at least.
	if len(q) < maxNetURLParams {
		return
	}
	if n := strings.Count(q, "&") + 1; n > maxNetURLParams {
		c.add(CodeQueryLimit, Medium, uri.ComponentQuery, l.query.start, l.query.end,
			strconv.Itoa(n)+" query parameters: net/url.ParseQuery reads at most 10000 and returns an error, other readers take them all")
	}
}

// checkPercent checks the triplets of the input: what they decode to in
// each component, and the path segments they hide.
func (c *checker) checkPercent() {
	s, l := c.in, &c.rfc
	c.checkEncodings(l.userinfo, uri.ComponentUserinfo)
	c.checkEncodings(l.path, uri.ComponentPath)
	c.checkEncodings(l.query, uri.ComponentQuery)
	c.checkEncodings(l.fragment, uri.ComponentFragment)

	// Dot segments and slashes hidden by encoding, in the path only.
	path := l.path.of(s)
	off := l.path.start
	for len(path) > 0 {
		seg := path
		k := strings.IndexByte(path, '/')
		if k >= 0 {
			seg = path[:k]
		}
		if strings.IndexByte(seg, '%') >= 0 {
			if d := pctenc.Decode(seg); (d == "." || d == "..") && seg != d {
				c.add(CodeEncodedDot, Medium, uri.ComponentPath, off, off+len(seg),
					"the segment "+quote(seg)+" is "+quote(d)+" once decoded: dot-segment removal (RFC 3986, section 5.2.4) leaves it, a server that decodes first climbs it")
			}
			if j := indexEncoded(seg, "2f", "5c"); j >= 0 {
				c.add(CodeEncodedSlash, Medium, uri.ComponentPath, off+j, off+j+3,
					"an encoded "+quote(pctenc.Decode(seg[j:j+3]))+" in a segment: a server that decodes the path before routing it sees another path (RFC 3986, section 7.3)")
			}
		}
		if k < 0 {
			break
		}
		path, off = path[k+1:], off+k+1
	}
}

// maxNetURLParams is the default limit of net/url.ParseQuery (Go 1.24 and
// later, GODEBUG urlmaxqueryparams).
const maxNetURLParams = 10000

// checkEncodings checks the triplets of span p: encoded controls and
// octets that are no UTF-8.
func (c *checker) checkEncodings(p span, comp uri.Component) {
	t := p.of(c.in)
	for i := strings.IndexByte(t, '%'); i >= 0 && i < len(t); {
		b, ok := hexByte(t, i)
		if !ok {
			i = nextPercent(t, i+1)
			continue
		}
		switch {
		case b == 0:
			c.add(CodeEncodedNUL, High, comp, p.start+i, p.start+i+3,
				`"%00" decodes to NUL, which ends a string in C and in many file and database APIs (RFC 3986, section 7.3)`)
		case b < 0x20 || b == 0x7f:
			c.add(CodeEncodedControl, Medium, comp, p.start+i, p.start+i+3,
				quote(t[i:i+3])+" decodes to a control character, which may split a header, a log line or a command (RFC 3986, section 7.3)")
		case b >= 0x80:
			// A run of encoded non-ASCII octets must be UTF-8.
			var small [16]byte
			j, buf := i, small[:0]
			for j < len(t) {
				v, ok := hexByte(t, j)
				if !ok || v < 0x80 {
					break
				}
				buf = append(buf, v)
				j += 3
			}
			if bad, why := badUTF8(buf); bad {
				c.add(CodeBadUTF8, Medium, comp, p.start+i, p.start+j,
					"percent-encoded octets that are "+why+" (RFC 3629): decoders differ on them, and a lax one may make \"/\" or \".\" of them (RFC 3986, section 7.3)")
			}
			i = nextPercent(t, j)
			continue
		}
		i = nextPercent(t, i+3)
	}
}

func nextPercent(t string, i int) int {
	if i >= len(t) {
		return -1
	}
	k := strings.IndexByte(t[i:], '%')
	if k < 0 {
		return -1
	}
	return i + k
}

// badUTF8 reports whether b is not UTF-8, and why: "overlong" for an
// overlong form, "not UTF-8" otherwise.
func badUTF8(b []byte) (bool, string) {
	for len(b) > 0 {
		r, n := utf8.DecodeRune(b)
		if r == utf8.RuneError && n <= 1 {
			if b[0] == 0xc0 || b[0] == 0xc1 || len(b) > 1 && (b[0] == 0xe0 && b[1] < 0xa0 || b[0] == 0xf0 && b[1] < 0x90) {
				return true, "an overlong form"
			}
			if len(b) > 1 && b[0] == 0xed && b[1] >= 0xa0 {
				return true, "a UTF-16 surrogate"
			}
			return true, "not UTF-8"
		}
		b = b[n:]
	}
	return false, ""
}

func hexByte(t string, i int) (byte, bool) {
	if i < 0 || i+2 >= len(t) || t[i] != '%' {
		return 0, false
	}
	h, ok1 := pctenc.Unhex(t[i+1])
	l, ok2 := pctenc.Unhex(t[i+2])
	return h<<4 | l, ok1 && ok2
}

// indexEncoded returns the offset of the first triplet of s that encodes
// one of the octets given as two lowercase hex digits, or -1.
func indexEncoded(s string, hex ...string) int {
	for i := strings.IndexByte(s, '%'); i >= 0 && i+2 < len(s); i = nextPercent(s, i+1) {
		for _, h := range hex {
			if s[i+1]|0x20 == h[0] && s[i+2]|0x20 == h[1] {
				return i
			}
		}
	}
	return -1
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// quote quotes s for a message, shortened when long.
func quote(s string) string { return strconv.Quote(shorten(s)) }

func shorten(s string) string {
	if len(s) > 64 {
		k := 60
		for k > 0 && !utf8.RuneStart(s[k]) {
			k--
		}
		return s[:k] + "..."
	}
	return s
}
