package uri

import (
	"errors"
	"math/rand/v2"
	"net/netip"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
)

// This file holds the fuzz tests of the parser and the two independent
// oracles they compare it with:
//
//   - appendixB, the regular expression of RFC 3986, Appendix B, which splits
//     any well-formed reference into its five components;
//   - the grammar* regular expressions below, a transcription of the ABNF of
//     RFC 3986, Appendix A, rule by rule, which decide validity.
//
// Plain `go test` runs every target on its f.Add seeds and on the files under
// testdata/fuzz/<target>, so the seeds double as regression tests.
// testdata/fuzz/FuzzGrammar holds the inputs that FuzzGrammar's own runs
// found interesting (new coverage); none of them ever failed.

// appendixB is the regular expression of RFC 3986, Appendix B, verbatim but
// for the (?s) flag, which lets "." match a newline as the RFC's "." does.
var appendixB = regexp.MustCompile(`(?s)^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`)

// Appendix A of RFC 3986, transcribed into regular-expression syntax. Each
// constant is one ABNF rule; the names follow the RFC with "-" dropped.
// Groups are non-capturing except the named ones that the tests read.
const (
	abnfALPHA      = `[A-Za-z]`
	abnfDIGIT      = `[0-9]`
	abnfHEXDIG     = `[0-9A-Fa-f]` // ABNF strings are case-insensitive (RFC 5234, 2.3)
	abnfUnreserved = `[A-Za-z0-9\-._~]`
	abnfSubDelims  = `[!$&'()*+,;=]`
	abnfGenDelims  = `[:/?#\[\]@]`
	abnfPctEncoded = `%` + abnfHEXDIG + abnfHEXDIG

	abnfPchar = `(?:` + abnfUnreserved + `|` + abnfPctEncoded + `|` + abnfSubDelims + `|[:@])`

	abnfScheme   = abnfALPHA + `(?:` + abnfALPHA + `|` + abnfDIGIT + `|[+\-.])*`
	abnfUserinfo = `(?:` + abnfUnreserved + `|` + abnfPctEncoded + `|` + abnfSubDelims + `|:)*`

	// dec-octet = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35
	abnfDecOctet = `(?:` + abnfDIGIT + `|[1-9]` + abnfDIGIT + `|1` + abnfDIGIT + abnfDIGIT +
		`|2[0-4]` + abnfDIGIT + `|25[0-5])`
	abnfIPv4address = abnfDecOctet + `\.` + abnfDecOctet + `\.` + abnfDecOctet + `\.` + abnfDecOctet

	abnfH16  = abnfHEXDIG + `{1,4}`
	abnfLs32 = `(?:` + abnfH16 + `:` + abnfH16 + `|` + abnfIPv4address + `)`
	abnfH16c = `(?:` + abnfH16 + `:)` // h16 ":"

	// IPv6address: the nine alternatives of section 3.2.2, in order.
	abnfIPv6address = `(?:` +
		abnfH16c + `{6}` + abnfLs32 +
		`|::` + abnfH16c + `{5}` + abnfLs32 +
		`|(?:` + abnfH16 + `)?::` + abnfH16c + `{4}` + abnfLs32 +
		`|(?:` + abnfH16c + `{0,1}` + abnfH16 + `)?::` + abnfH16c + `{3}` + abnfLs32 +
		`|(?:` + abnfH16c + `{0,2}` + abnfH16 + `)?::` + abnfH16c + `{2}` + abnfLs32 +
		`|(?:` + abnfH16c + `{0,3}` + abnfH16 + `)?::` + abnfH16 + `:` + abnfLs32 +
		`|(?:` + abnfH16c + `{0,4}` + abnfH16 + `)?::` + abnfLs32 +
		`|(?:` + abnfH16c + `{0,5}` + abnfH16 + `)?::` + abnfH16 +
		`|(?:` + abnfH16c + `{0,6}` + abnfH16 + `)?::` +
		`)`

	abnfIPvFuture = `[vV]` + abnfHEXDIG + `+\.(?:` + abnfUnreserved + `|` + abnfSubDelims + `|:)+`

	abnfRegName = `(?:` + abnfUnreserved + `|` + abnfPctEncoded + `|` + abnfSubDelims + `)*`

	// host = IP-literal / IPv4address / reg-name: first match wins (3.2.2),
	// which is also the regexp package's preference among alternatives.
	abnfHost = `(?:\[(?:(?P<ipv6>` + abnfIPv6address + `)|(?P<ipvfuture>` + abnfIPvFuture + `))\]` +
		`|(?P<ipv4>` + abnfIPv4address + `)` +
		`|(?P<regname>` + abnfRegName + `))`
	abnfPort      = abnfDIGIT + `*`
	abnfAuthority = `(?:(?P<userinfo>` + abnfUserinfo + `)@)?` + abnfHost + `(?::(?P<port>` + abnfPort + `))?`

	abnfSegment     = abnfPchar + `*`
	abnfSegmentNz   = abnfPchar + `+`
	abnfSegmentNzNc = `(?:` + abnfUnreserved + `|` + abnfPctEncoded + `|` + abnfSubDelims + `|@)+`

	abnfPathAbempty  = `(?:/` + abnfSegment + `)*`
	abnfPathAbsolute = `/(?:` + abnfSegmentNz + `(?:/` + abnfSegment + `)*)?`
	abnfPathNoscheme = abnfSegmentNzNc + `(?:/` + abnfSegment + `)*`
	abnfPathRootless = abnfSegmentNz + `(?:/` + abnfSegment + `)*`
	abnfPathEmpty    = `` // 0<pchar>

	abnfQuery    = `(?:` + abnfPchar + `|[/?])*`
	abnfFragment = `(?:` + abnfPchar + `|[/?])*`

	// hier-part and relative-part, with the path captured in one of two
	// groups: after an authority, or without one.
	abnfHierPart = `(?://(?P<authority>` + abnfAuthority + `)(?P<apath>` + abnfPathAbempty + `)` +
		`|(?P<path>` + abnfPathAbsolute + `|` + abnfPathRootless + `|` + abnfPathEmpty + `))`
	abnfRelativePart = `(?://(?P<authority>` + abnfAuthority + `)(?P<apath>` + abnfPathAbempty + `)` +
		`|(?P<path>` + abnfPathAbsolute + `|` + abnfPathNoscheme + `|` + abnfPathEmpty + `))`

	abnfQueryPart    = `(?:\?(?P<query>` + abnfQuery + `))?`
	abnfFragmentPart = `(?:#(?P<fragment>` + abnfFragment + `))?`

	abnfURI         = `(?P<scheme>` + abnfScheme + `):` + abnfHierPart + abnfQueryPart + abnfFragmentPart
	abnfAbsoluteURI = `(?P<scheme>` + abnfScheme + `):` + abnfHierPart + abnfQueryPart
	abnfRelativeRef = abnfRelativePart + abnfQueryPart + abnfFragmentPart
)

// The top-level rules, anchored. URI-reference = URI / relative-ref is the
// union of grammarURI and grammarRelative: no string matches both, since a
// relative-ref cannot have a ":" before its first "/", "?" or "#".
var (
	grammarURI      = regexp.MustCompile(`^` + abnfURI + `$`)
	grammarAbsolute = regexp.MustCompile(`^` + abnfAbsoluteURI + `$`)
	grammarRelative = regexp.MustCompile(`^` + abnfRelativeRef + `$`)
)

// grammarParts is what the grammar regexps say about a string: whether it
// matches, and its components, with absent ones marked.
type grammarParts struct {
	ok                          bool
	scheme                      string
	hasScheme                   bool
	authority                   string
	hasAuthority                bool
	userinfo                    string
	hasUserinfo                 bool
	host                        string
	kind                        HostKind
	port                        string
	hasPort                     bool
	path                        string
	query, fragment             string
	hasQuery, hasFragment       bool
	addr                        netip.Addr
	matchedURI, matchedRelative bool
}

// grammarMatch matches s against re and reads the named groups.
func grammarMatch(re *regexp.Regexp, s string) grammarParts {
	m := re.FindStringSubmatchIndex(s)
	if m == nil {
		return grammarParts{}
	}
	g := grammarParts{ok: true}
	group := func(name string) (string, bool) {
		i := re.SubexpIndex(name)
		if i < 0 || m[2*i] < 0 {
			return "", false
		}
		return s[m[2*i]:m[2*i+1]], true
	}
	g.scheme, g.hasScheme = group("scheme")
	g.authority, g.hasAuthority = group("authority")
	g.userinfo, g.hasUserinfo = group("userinfo")
	g.port, g.hasPort = group("port")
	g.query, g.hasQuery = group("query")
	g.fragment, g.hasFragment = group("fragment")
	if p, ok := group("apath"); ok {
		g.path = p
	} else {
		g.path, _ = group("path")
	}
	if h, ok := group("ipv6"); ok {
		g.host, g.kind = h, HostIPv6
		// The standard library's parser is a third, independent opinion
		// on the address; the grammar has already excluded zones.
		g.addr = netip.MustParseAddr(h)
	} else if h, ok := group("ipvfuture"); ok {
		g.host, g.kind = h, HostIPvFuture
	} else if h, ok := group("ipv4"); ok {
		g.host, g.kind = h, HostIPv4
		g.addr = netip.MustParseAddr(h)
	} else if h, ok := group("regname"); ok {
		g.host, g.kind = h, HostRegName
	}
	return g
}

// grammarReference matches s as a URI-reference = URI / relative-ref.
func grammarReference(s string) grammarParts {
	g := grammarMatch(grammarURI, s)
	if g.ok {
		g.matchedURI = true
		if grammarRelative.MatchString(s) {
			g.matchedRelative = true // the rules overlap: checked by the caller
		}
		return g
	}
	g = grammarMatch(grammarRelative, s)
	g.matchedRelative = g.ok
	return g
}

// checkAgainstGrammar reports every difference between what the parser did
// with s and what the transcribed grammar says.
func checkAgainstGrammar(t *testing.T, s string) {
	t.Helper()
	g := grammarReference(s)
	if g.matchedURI && g.matchedRelative {
		t.Fatalf("%q matches both URI and relative-ref: the transcription is wrong", s)
	}
	u, err := Parse(s)
	if (err == nil) != g.ok {
		t.Fatalf("Parse(%q): err = %v, but the Appendix A grammar says valid = %v", s, err, g.ok)
	}
	// The three stricter rules, each against its own production.
	for _, c := range []struct {
		name  string
		parse func(string) (URI, error)
		re    *regexp.Regexp
	}{
		{"ParseURI", ParseURI, grammarURI},
		{"ParseAbsolute", ParseAbsolute, grammarAbsolute},
		{"ParseRelative", ParseRelative, grammarRelative},
	} {
		_, err := c.parse(s)
		if want := c.re.MatchString(s); (err == nil) != want {
			t.Fatalf("%s(%q): err = %v, but the grammar says valid = %v", c.name, s, err, want)
		}
	}
	if err != nil {
		return
	}
	type pair struct {
		name      string
		got, want any
	}
	for _, p := range []pair{
		{"Scheme", u.Scheme(), g.scheme},
		{"IsRelative", u.IsRelative(), !g.hasScheme},
		{"HasAuthority", u.HasAuthority(), g.hasAuthority},
		{"Authority", u.Authority(), g.authority},
		{"HasUserinfo", u.HasUserinfo(), g.hasUserinfo},
		{"Userinfo", u.Userinfo(), g.userinfo},
		{"Host", hostInside(u), g.host},
		{"HostKind", u.HostKind(), g.kind},
		{"Addr", u.Addr(), g.addr},
		{"HasPort", u.HasPort(), g.hasPort},
		{"Port", u.Port(), g.port},
		{"Path", u.Path(), g.path},
		{"HasQuery", u.HasQuery(), g.hasQuery},
		{"Query", u.Query(), g.query},
		{"HasFragment", u.HasFragment(), g.hasFragment},
		{"Fragment", u.Fragment(), g.fragment},
	} {
		if p.got != p.want {
			t.Errorf("Parse(%q).%s() = %#v, grammar says %#v", s, p.name, p.got, p.want)
		}
	}
}

// checkAppendixB compares the components of an accepted u with the groups of
// the Appendix B expression on the same text, presence included.
func checkAppendixB(t *testing.T, u URI) {
	t.Helper()
	s := u.String()
	m := appendixB.FindStringSubmatchIndex(s)
	if m == nil || m[1] != len(s) {
		t.Fatalf("Appendix B does not match all of accepted %q", s)
	}
	group := func(n int) (string, bool) {
		if m[2*n] < 0 {
			return "", false
		}
		return s[m[2*n]:m[2*n+1]], true
	}
	scheme, hasScheme := group(2)
	authority, hasAuthority := group(4)
	path, _ := group(5)
	query, hasQuery := group(7)
	fragment, hasFragment := group(9)
	if u.Scheme() != scheme || u.IsRelative() == hasScheme {
		t.Errorf("%q: scheme %q (relative %v), Appendix B $2 = %q (defined %v)", s, u.Scheme(), u.IsRelative(), scheme, hasScheme)
	}
	if u.Authority() != authority || u.HasAuthority() != hasAuthority {
		t.Errorf("%q: authority %q (%v), Appendix B $4 = %q (defined %v)", s, u.Authority(), u.HasAuthority(), authority, hasAuthority)
	}
	if u.Path() != path {
		t.Errorf("%q: path %q, Appendix B $5 = %q", s, u.Path(), path)
	}
	if u.Query() != query || u.HasQuery() != hasQuery {
		t.Errorf("%q: query %q (%v), Appendix B $7 = %q (defined %v)", s, u.Query(), u.HasQuery(), query, hasQuery)
	}
	if u.Fragment() != fragment || u.HasFragment() != hasFragment {
		t.Errorf("%q: fragment %q (%v), Appendix B $9 = %q (defined %v)", s, u.Fragment(), u.HasFragment(), fragment, hasFragment)
	}
}

// recompose is the algorithm of RFC 3986, section 5.3, on u's accessors, with
// the authority itself rebuilt from userinfo, host and port (section 3.2).
func recompose(u URI) (whole, authority string) {
	var a strings.Builder
	if u.HasUserinfo() {
		a.WriteString(u.Userinfo())
		a.WriteByte('@')
	}
	a.WriteString(u.Host())
	if u.HasPort() {
		a.WriteString(":" + u.Port())
	}

	var r strings.Builder
	if !u.IsRelative() {
		r.WriteString(u.Scheme())
		r.WriteString(":")
	}
	if u.HasAuthority() {
		r.WriteString("//")
		r.WriteString(u.Authority())
	}
	r.WriteString(u.Path())
	if u.HasQuery() {
		r.WriteString("?")
		r.WriteString(u.Query())
	}
	if u.HasFragment() {
		r.WriteString("#")
		r.WriteString(u.Fragment())
	}
	return r.String(), a.String()
}

// checkRecompose checks that an accepted input comes back whole, from String
// and from its pieces, and that the pieces are consistent with each other.
func checkRecompose(t *testing.T, s string, u URI) {
	t.Helper()
	checkLayout(t, u)
	if u.String() != s {
		t.Fatalf("Parse(%q).String() = %q", s, u.String())
	}
	whole, authority := recompose(u)
	if whole != s {
		t.Errorf("Parse(%q): section 5.3 recomposition gives %q", s, whole)
	}
	if u.HasAuthority() && authority != u.Authority() {
		t.Errorf("Parse(%q): userinfo, host and port give authority %q, Authority() = %q", s, authority, u.Authority())
	}
	if !u.HasAuthority() && (u.HasUserinfo() || u.HasPort() || u.Host() != "" || u.HostKind() != HostNone || u.Addr().IsValid()) {
		t.Errorf("Parse(%q): authority parts without an authority", s)
	}
	if got := strings.Join(u.Segments(), "/"); got != u.Path() {
		t.Errorf("Parse(%q): Segments joined = %q, Path() = %q", s, got, u.Path())
	}
	if u.IsAbsolutePath() != strings.HasPrefix(u.Path(), "/") {
		t.Errorf("Parse(%q): IsAbsolutePath = %v for path %q", s, u.IsAbsolutePath(), u.Path())
	}
	if a := u.Addr(); a.IsValid() != (u.HostKind() == HostIPv4 || u.HostKind() == HostIPv6) {
		t.Errorf("Parse(%q): Addr %v for host kind %v", s, a, u.HostKind())
	}
	if b, _ := u.MarshalText(); string(b) != s {
		t.Errorf("Parse(%q).MarshalText() = %q", s, b)
	}
	// The internal parts must rebuild the same value without parsing.
	p := u.parts()
	if got := p.build(); got != u {
		t.Errorf("Parse(%q): parts().build() = %#v, differs from the parsed value", s, got)
	}
}

// checkError checks the invariants of any error from a parser.
func checkError(t *testing.T, name, s string, err error) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("%s(%q): error %v (%T) is not an *Error", name, s, err, err)
	}
	if e.Input != s {
		t.Errorf("%s(%q): Error.Input = %q", name, s, e.Input)
	}
	if e.Offset < 0 || e.Offset > len(s) {
		t.Errorf("%s(%q): Error.Offset = %d out of range", name, s, e.Offset)
	}
	if e.Component < ComponentScheme || e.Component > ComponentFragment {
		t.Errorf("%s(%q): Error.Component = %v", name, s, e.Component)
	}
	known := errors.Is(e.Err, ErrIDNA)
	for _, sentinel := range allSentinels {
		if e.Err == sentinel {
			known = true
		}
	}
	if !known {
		t.Errorf("%s(%q): cause %v is not a sentinel", name, s, e.Err)
	}
	if msg := e.Error(); !strings.HasPrefix(msg, "uri: ") || !utf8.ValidString(msg) {
		t.Errorf("%s(%q): message %q", name, s, msg)
	}
}

var allSentinels = []error{
	ErrInvalidCharacter, ErrInvalidPercentEncoding, ErrInvalidScheme, ErrEmptyScheme,
	ErrInvalidHost, ErrInvalidIPv6, ErrInvalidIPvFuture, ErrUnterminatedIPLiteral,
	ErrInvalidPort, ErrMissingScheme, ErrUnexpectedScheme, ErrUnexpectedFragment,
	ErrInvalidUTF8,
}

// fuzzSeeds are the f.Add seeds shared by every target: the RFC's examples,
// every IPv6 form, the traps of error_test.go, and a sample of the inputs of
// the web-platform-tests URL suite (wptSeeds).
func fuzzSeeds() []string {
	seeds := []string{
		"", "a:", "a:b", "//", "/", "?", "#", ":", "::", "a", ".", "..", "./a:b", "1a:b", "%41",
		"http://a/b/c/d;p?q", "g:h", "g;x?y#s", "http:g", "../../../g", "/./g", "g?y/../x", "g#s/../x",
		"foo://example.com:8042/over/there?name=ferret#nose", "urn:example:animal:ferret:nose",
		"ftp://ftp.is.co.za/rfc/rfc1808.txt", "http://www.ietf.org/rfc/rfc2396.txt",
		"ldap://[2001:db8::7]/c=GB?objectClass?one", "mailto:John.Doe@example.com",
		"news:comp.infosystems.www.servers.unix", "tel:+1-816-555-1212", "telnet://192.0.2.16:80/",
		"urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
		"http://[1:2:3:4:5:6:7:8]/", "http://[::2:3:4:5:6:7:8]/", "http://[1::3:4:5:6:7:8]/",
		"http://[1:2::4:5:6:7:8]/", "http://[1:2:3::5:6:7:8]/", "http://[1:2:3:4::6:7:8]/",
		"http://[1:2:3:4:5::7:8]/", "http://[1:2:3:4:5:6::8]/", "http://[1:2:3:4:5:6:7::]/",
		"http://[::]/", "http://[::1]:80/", "http://[::ffff:1.2.3.4]/", "http://[1:2:3:4:5:6:1.2.3.4]/",
		"http://[::1.2.3.4]/", "http://[1::1.2.3.4]/", "http://[v7.a:b]/", "http://[V1F.!$]/",
		"http://[fe80::1%25eth0]/", "http://[::1", "http://[1:2:3:4:5:6:7:8:9]", "http://[12345::]/",
		"http://[1::2::3]/", "http://[:1::]/", "http://[1::2:]/", "http://[::ffff:1.2.3.04]/",
		"http://1.2.3.4/", "http://1.2.3.04/", "http://1.2.3/", "http://256.1.1.1/", "http://1.2.3.4.5/",
		"http://a b", "http://a:8o", "http://a:", "http://a:65535", "http://a:65536", "http://u:p@h:1/",
		"http://u@h@x", "http://a%zz@b", "http://%41%2a@h", "%zz", "%4", "a:b#c#d", "a:[", "/[",
		"s://h/\x00", "s://h/\x7f", "s://h/\xff", "s://h/é", "a:\n", "s://@", "s://:", "s://[]",
		"s://[v]", "s://[v1]", "s://[v1.]", "s://[vg.a]", "s://h?#", "s:?/?#/?", "//a:b@c:d@e",
		"-a:b", "+:b", "a+-.:b", "A:b", "a_b:c", "a@b:c", "a%41:b", "?a:b", "#a:b", "//a:b/c:d",
		// Inputs of the two bugs this suite found: a well-formed triplet
		// where no "%" is allowed, and an IPv6 literal cut short after ":".
		"s://h:%38", "s://[::1]%41", "http://[1:", "http://[::1:",
	}
	return append(seeds, wptSeeds...)
}

// wptSeeds: lines copied verbatim from testdata/urls/wpt_urltestdata_inputs.txt,
// the distinct inputs of the web-platform-tests URL suite (BSD-3-Clause):
// WHATWG URL edge cases, many of them invalid under RFC 3986.
var wptSeeds = []string{
	"http://user:pass@foo:21/bar;par?b#c",
	"http://f:00000000000000/c",
	":",
	"/:23",
	"http://foo.com:b@d/",
	"//foo/bar",
	"http://[::127.0.0.1.]",
	"file://[example]/",
	"ftps:example.com/",
	"data:text/html,test#test",
	"file:///home/me",
	"file:///w|/m",
	"http://example.com/foo/../../..",
	"http://example.com/foo%2zbar",
	"http://example.com/‥/foo",
	"http:\\\\www.google.com\\foo",
	"ws://foo:81/",
	"http:/a:b@www.example.com",
	"http:a:b@/www.example.com",
	"/test.txt",
	"file:..",
	"non-special:opaque  #hi",
	"http://10.0.0.xn--pokxncvks",
	"sc://faß.ExAmPlE/",
	"http://../",
	"http://foo:💩@example.com/bar",
	"notspecial://host/?'",
	"sc://%/",
	"sc://a b/",
	"http://a\x03b/",
	"http://a\x12b/",
	"http://a\x1eb/",
	"http://ho%00st/",
	"http://ho%0Cst/",
	"http://ho%18st/",
	"http://ho%3Ast/",
	"ftp://example.com%80/",
	"sc:",
	"http://256.com",
	"http://256.256.256.256",
	"file://C%7C",
	"file:\\\\//",
	"//localhost//pig",
	"/c:/foo/bar",
	"file:///C:/",
	"file:///./y",
	"file:.//p",
	"http://#",
	"telnet://user:pass@foobar.com:23/",
	"non-spec:/..//",
	"non-special://H%4fSt/path",
	"blob:file://host/path",
	"http://example.org/test?<",
	"test-a-colon-slash.html",
	"file://loC𝐀𝐋𝐇𝐨𝐬𝐭/usr/bin",
	"wss://joe: !\"$%&'()*+,-.:;<=>@[]^_`{|}~@host/",
	"http://1.2.3.4.5.",
	"http://0x100.2.3.4",
	"http://foo.09..",
	"https://x/?#\uffffy",
	"https://%C2%AD/",
	"javascript://test:test",
	"intent://test:test",
	"turn://test:test",
	"chromeos-steam://x:0/a",
	"///example.org/path",
	"non-special:\\/opaque",
	"http://[1::2]:3:4",
	"http://[0:0:0:0:0:0:13.1.68.3]",
	"http://::@c@d:2",
	"[61:24:74]:98",
	"http:[61:27]/:foo",
	"http://&a:foo(b]c@d:2/",
	"lolscheme:x x#x x",
	"http://foo/path;a??e#f#g",
	"http://example.com/(%28:%3A%29)",
	"file://example%/",
	"http://2001::1]:80",
	"foo:////://///",
	"http://f:999999/c",
	"http://f:fifty-two/c",
	"::23",
	"http::@c:29",
	"#;?",
	":foo.com/",
}

// seedAll adds every seed to f.
func seedAll(f *testing.F) {
	for _, s := range fuzzSeeds() {
		f.Add(s)
	}
}

// FuzzParse: no input makes any parser panic; the four parsers agree with one
// another (each stricter rule accepts exactly the subset of URI-reference the
// RFC says); every error is a well-formed *Error.
func FuzzParse(f *testing.F) {
	seedAll(f)
	f.Fuzz(func(t *testing.T, s string) {
		u, err := Parse(s)
		uu, errURI := ParseURI(s)
		ua, errAbs := ParseAbsolute(s)
		ur, errRel := ParseRelative(s)
		for name, e := range map[string]error{"Parse": err, "ParseURI": errURI, "ParseAbsolute": errAbs, "ParseRelative": errRel} {
			if e != nil {
				checkError(t, name, s, e)
			}
		}
		if err != nil {
			// A reference that is not a URI-reference is none of the others,
			// and the stricter parsers report the same first fault.
			if errURI == nil || errAbs == nil || errRel == nil {
				t.Fatalf("%q: Parse fails (%v) but a stricter rule accepts", s, err)
			}
			if errURI.Error() != err.Error() || errAbs.Error() != err.Error() || errRel.Error() != err.Error() {
				t.Errorf("%q: different errors: %v / %v / %v / %v", s, err, errURI, errAbs, errRel)
			}
			if u != (URI{}) {
				t.Errorf("%q: Parse returned a non-zero URI with an error", s)
			}
			return
		}
		checkLayout(t, u)
		// URI = scheme ":" ...; relative-ref has none; absolute-URI has no
		// fragment.
		if (errURI == nil) != !u.IsRelative() || (errRel == nil) != u.IsRelative() {
			t.Errorf("%q: ParseURI err %v, ParseRelative err %v, IsRelative %v", s, errURI, errRel, u.IsRelative())
		}
		if (errAbs == nil) != (!u.IsRelative() && !u.HasFragment()) {
			t.Errorf("%q: ParseAbsolute err %v, IsRelative %v, HasFragment %v", s, errAbs, u.IsRelative(), u.HasFragment())
		}
		switch {
		case errURI == nil && uu != u, errAbs == nil && ua != u, errRel == nil && ur != u:
			t.Errorf("%q: the parsers return different values", s)
		case errURI != nil && !errors.Is(errURI, ErrMissingScheme):
			t.Errorf("%q: ParseURI: %v, want ErrMissingScheme", s, errURI)
		case errRel != nil && !errors.Is(errRel, ErrUnexpectedScheme):
			t.Errorf("%q: ParseRelative: %v, want ErrUnexpectedScheme", s, errRel)
		case errAbs != nil && !errors.Is(errAbs, ErrMissingScheme) && !errors.Is(errAbs, ErrUnexpectedFragment):
			t.Errorf("%q: ParseAbsolute: %v", s, errAbs)
		}
		// UnmarshalText is Parse.
		var v URI
		if err := v.UnmarshalText([]byte(s)); err != nil || v != u {
			t.Errorf("%q: UnmarshalText gives %#v, %v", s, v, err)
		}
	})
}

// FuzzRecompose: every accepted input recomposes to itself, both through
// String and through the accessors by the algorithm of section 5.3.
func FuzzRecompose(f *testing.F) {
	seedAll(f)
	f.Fuzz(func(t *testing.T, s string) {
		u, err := Parse(s)
		if err != nil {
			return
		}
		checkRecompose(t, s, u)
	})
}

// FuzzAppendixB: every accepted input splits into the same five components,
// defined or not, as the regular expression of Appendix B says.
func FuzzAppendixB(f *testing.F) {
	seedAll(f)
	f.Fuzz(func(t *testing.T, s string) {
		u, err := Parse(s)
		if err != nil {
			return
		}
		checkAppendixB(t, u)
	})
}

// FuzzGrammar: the parser accepts exactly what the transcription of the
// Appendix A grammar accepts, for all four rules, and finds the same
// components, host kind and address.
func FuzzGrammar(f *testing.F) {
	seedAll(f)
	f.Fuzz(func(t *testing.T, s string) {
		checkAgainstGrammar(t, s)
	})
}

// TestGrammarOracle checks the transcription itself on inputs whose validity
// the RFC states or makes plain, so that the differential fuzz test cannot
// pass by being wrong in the same way as the parser.
func TestGrammarOracle(t *testing.T) {
	valid := []string{
		"foo://example.com:8042/over/there?name=ferret#nose", "urn:example:animal:ferret:nose",
		"ldap://[2001:db8::7]/c=GB?objectClass?one", "g;x?y#s", "", "//g", "?y", "#s",
		"http://[::ffff:1.2.3.4]/", "s://[v1.x]", "a:b:c", "./a:b",
	}
	invalid := []string{
		"1a:b", "a:b c", "http://[::1", "%zz", "a:b#c#d", "http://[1::2::3]/", ":a", "a:b:c#[",
	}
	for _, s := range valid {
		if !grammarReference(s).ok {
			t.Errorf("grammar rejects valid %q", s)
		}
	}
	for _, s := range invalid {
		if grammarReference(s).ok {
			t.Errorf("grammar accepts invalid %q", s)
		}
	}
	g := grammarReference("s://u@1.2.3.4:5/p?q#f")
	want := grammarParts{ok: true, matchedURI: true, scheme: "s", hasScheme: true, authority: "u@1.2.3.4:5",
		hasAuthority: true, userinfo: "u", hasUserinfo: true, host: "1.2.3.4", kind: HostIPv4, port: "5",
		hasPort: true, path: "/p", query: "q", hasQuery: true, fragment: "f", hasFragment: true,
		addr: netip.AddrFrom4([4]byte{1, 2, 3, 4})}
	if g != want {
		t.Errorf("grammar parts:\n got %+v\nwant %+v", g, want)
	}
	if g := grammarReference("//1.2.3.4.5"); g.kind != HostRegName || g.host != "1.2.3.4.5" {
		t.Errorf("grammar: //1.2.3.4.5 gives host %q kind %v", g.host, g.kind)
	}
}

// TestSeedsAgainstOracles runs every check on the seeds and on every line of
// the URL lists of testdata/urls (all the web-platform-tests inputs, samples
// of the real-world lists; set URI_TEST_URLS=../shared/data/urls for the
// whole lists), comparing the parser with both regular expressions.
func TestSeedsAgainstOracles(t *testing.T) {
	t.Parallel()
	check := func(s string) {
		t.Helper()
		checkAgainstGrammar(t, s)
		if u, err := Parse(s); err == nil {
			checkRecompose(t, s, u)
			checkAppendixB(t, u)
		}
	}
	for _, s := range fuzzSeeds() {
		check(s)
	}
	for _, name := range urlLists {
		for _, s := range readURLList(t, name) {
			check(s)
		}
	}
}

// genURI derives a random string from the Appendix A grammar, biased toward
// the corners (IPv6 forms, dec-octet bounds, empty components), and then
// perhaps breaks it with a few random edits, so that the differential check
// sees many near-valid inputs that blind fuzzing rarely reaches.
func genURI(r *rand.Rand) string {
	pick := func(xs ...string) string { return xs[r.IntN(len(xs))] }
	var b strings.Builder
	h16 := func() string {
		return pick("0", "1", "a", "F", "ff", "abc", "FFFF", "0000", "12", "dB8")
	}
	octet := func() string {
		return pick("0", "1", "9", "10", "99", "100", "199", "200", "249", "250", "255", "256", "01", "300", "1000")
	}
	ipv4 := func() string { return octet() + "." + octet() + "." + octet() + "." + octet() }
	ipv6 := func() string {
		n := r.IntN(9) // explicit groups
		v4tail := r.IntN(3) == 0
		groups := make([]string, n)
		for i := range groups {
			groups[i] = h16()
		}
		if v4tail && n >= 2 {
			groups = append(groups[:n-2], ipv4())
		}
		if r.IntN(4) == 0 {
			return strings.Join(groups, ":")
		}
		at := r.IntN(len(groups) + 1)
		return strings.Join(groups[:at], ":") + "::" + strings.Join(groups[at:], ":")
	}
	chars := func(set string, max int) string {
		if r.IntN(4) == 0 {
			max *= 4 // long runs, for the parser's eight-bytes-at-a-time loops
		}
		n := r.IntN(max + 1)
		var s strings.Builder
		for range n {
			if r.IntN(8) == 0 {
				s.WriteString(pick("%41", "%7e", "%2F", "%C3", "%zz", "%4"))
				continue
			}
			s.WriteByte(set[r.IntN(len(set))])
		}
		return s.String()
	}
	const (
		unres  = "abcXYZ019-._~"
		subs   = "!$&'()*+,;="
		pchars = unres + subs + ":@"
	)
	if r.IntN(3) > 0 {
		b.WriteString(pick("s", "http", "a+b", "x-1.y", "1a", "", "a_b") + ":")
	}
	if r.IntN(2) == 0 {
		b.WriteString("//")
		if r.IntN(3) == 0 {
			b.WriteString(chars(unres+subs+":", 6) + "@")
		}
		switch r.IntN(5) {
		case 0:
			b.WriteString("[" + ipv6() + "]")
		case 1:
			b.WriteString("[" + pick("v", "V", "") + chars("0123456789abcdefg", 3) + "." + chars(unres+subs+":", 5) + "]")
		case 2:
			b.WriteString(ipv4())
		default:
			b.WriteString(chars(unres+subs, 8))
		}
		if r.IntN(2) == 0 {
			b.WriteString(":" + chars("0123456789", 6))
		}
	}
	for range r.IntN(4) {
		if r.IntN(3) > 0 {
			b.WriteString("/")
		}
		b.WriteString(chars(pchars, 5))
	}
	if r.IntN(3) == 0 {
		b.WriteString("?" + chars(pchars+"/?", 6))
	}
	if r.IntN(3) == 0 {
		b.WriteString("#" + chars(pchars+"/?", 6))
	}
	s := []byte(b.String())
	const noise = ":/?#[]@%.0123456789abcdefvV!$&'()*+,;=-_~ gG\x00\xc3"
	for range r.IntN(3) {
		i := r.IntN(len(s) + 1)
		c := noise[r.IntN(len(noise))]
		switch r.IntN(3) {
		case 0: // insert
			s = append(s[:i], append([]byte{c}, s[i:]...)...)
		case 1: // delete
			if i < len(s) {
				s = append(s[:i], s[i+1:]...)
			}
		default: // replace
			if i < len(s) {
				s[i] = c
			}
		}
	}
	return string(s)
}

// TestGrammarRandom compares the parser with the transcribed grammar on
// inputs derived from the grammar itself (a fixed seed, so runs repeat).
func TestGrammarRandom(t *testing.T) {
	t.Parallel()
	n := 10000
	if testing.Short() {
		n = 1000
	}
	r := rand.New(rand.NewPCG(3986, 2005))
	valid := 0
	for range n {
		s := genURI(r)
		checkAgainstGrammar(t, s)
		if u, err := Parse(s); err == nil {
			valid++
			checkRecompose(t, s, u)
			checkAppendixB(t, u)
		}
		if t.Failed() {
			t.Fatalf("stopped at %q", s)
		}
	}
	// The generator must reach both sides of the line, or it tests little.
	if valid < n/10 || valid > n*9/10 {
		t.Errorf("%d of %d generated inputs are valid: the generator is off balance", valid, n)
	}
}
