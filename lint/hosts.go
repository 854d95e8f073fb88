package lint

import (
	"net/netip"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/idna"

	"github.com/ferret-go/uri"
	"github.com/ferret-go/uri/whatwg"

	"github.com/ferret-go/uri/internal/ascii"
	"github.com/ferret-go/uri/internal/idnspoof"
	"github.com/ferret-go/uri/internal/pctenc"
)

// checkHosts checks the host of each reading: RFC 3986's, and the
// browsers' when it differs.
func (c *checker) checkHosts() {
	c.checkHost(c.rfc.host, c.in, c.add)
	if c.same {
		return
	}
	if h := c.layoutBr().host.of(c.clean.s); c.layoutBr().host.ok && !strings.EqualFold(h, c.rfc.host.of(c.in)) {
		c.checkHost(c.layoutBr().host, c.clean.s, c.addClean)
	}
}

type addFunc func(Code, Severity, uri.Component, int, int, string, ...Claim)

func (c *checker) checkHost(p span, text string, add addFunc) {
	if !p.ok {
		return
	}
	h := p.of(text)
	comp := uri.ComponentHost
	if strings.HasPrefix(h, "[") {
		lit := strings.TrimSuffix(h[1:], "]")
		if k := strings.IndexByte(lit, '%'); k >= 0 {
			lit = lit[:k]
		}
		a, err := netip.ParseAddr(lit)
		if err != nil {
			return
		}
		if v4, kind := embeddedIPv4(a); kind != "" {
			add(CodeIPv6Embedded, Medium, comp, p.start, p.end,
				"an "+kind+" IPv6 address carrying the IPv4 address "+v4.String()+", which a check of IPv4 ranges does not see")
			c.checkInternal(v4, p, add)
		}
		c.checkInternal(a, p, add)
		return
	}

	if plainName(h) {
		// Lowercase letters, digits, "-" and ".", not ending in a
		// number: what every reader takes as it is, a DNS name.
		if c.opts.SSRF {
			c.checkLocalName(h, p, add)
		}
		return
	}

	// An IPv4address of RFC 3986, section 3.2.2 (four decimal octets
	// without leading zeros, which netip.ParseAddr alone takes as IPv4)
	// is what every reader takes as it is, as the URL Standard's IPv4
	// parser and serializer do: nothing to decode or map, and the
	// address is its own dotted decimal, so that the branches below
	// would only check it. (Policy.Check on "http://127.0.0.1:port/"
	// under callgrind: about 1,000 instructions fewer.)
	if len(h) > 0 && '0' <= h[0] && h[0] <= '9' && '0' <= h[len(h)-1] && h[len(h)-1] <= '9' {
		if a, err := netip.ParseAddr(h); err == nil && a.Is4() {
			c.checkInternal(a, p, add)
			return
		}
	}

	// What browsers and net/url decode before resolving.
	name := h
	if name = pctenc.Decode(h); name != h {
		cls := c.claims(uri.ComponentHost, ReaderNetURL, ReaderWHATWG)
		add(CodeEncodedHost, Medium, comp, p.start, p.end,
			"a percent-encoded host, "+quote(name)+" once decoded, which RFC 3986 compares as written (section 6.2.2.2): "+phrases(cls), cls...)
	}
	// IDNA and Punycode take time quadratic in a label's length, and a
	// name longer than DNS allows (253 octets, RFC 1035; at most four
	// bytes a character here) resolves nowhere: such names are not mapped.
	if len(name) > 4*253 {
		return
	}
	if !ascii.Is(name) {
		if utf8.ValidString(name) {
			c.checkScripts(name, p, add)
			if m, err := idnaBrowser.ToASCII(name); err == nil {
				name = m
			}
		}
	} else if strings.Contains(name, "xn--") {
		if u, err := idna.Punycode.ToUnicode(strings.ToLower(name)); err == nil && u != name {
			c.checkScripts(u, p, add)
		}
	}
	name = strings.ToLower(name)

	// Numbers that are addresses: what the URL Standard's host parser
	// hands to its IPv4 parser.
	if whatwg.EndsInNumber(name) {
		a, err := whatwg.ParseIPv4(name)
		switch {
		case err != nil:
			cls := c.claims(uri.ComponentHost, ReaderWHATWG, ReaderRFC3986, ReaderNetURL)
			add(CodeIPv4Form, Low, comp, p.start, p.end,
				"the host "+quote(h)+" ends in a number but is no IPv4 address (the URL Standard's host parser rejects it under a special scheme): "+phrases(cls), cls...)
		case name != a.String():
			cls := c.claims(uri.ComponentHost, ReaderWHATWG, ReaderRFC3986, ReaderNetURL)
			add(CodeIPv4Form, Medium, comp, p.start, p.end,
				"the host "+quote(h)+" is the IPv4 address "+a.String()+" to inet_aton resolvers (RFC 3986, section 7.4): "+phrases(cls), cls...)
			c.checkInternal(a, p, add)
		default:
			c.checkInternal(a, p, add)
		}
		return
	}
	if c.opts.SSRF {
		c.checkLocalName(name, p, add)
	}
}

// checkLocalName reports a host name that names this machine or a cloud
// metadata service.
func (c *checker) checkLocalName(name string, p span, add addFunc) {
	n := strings.TrimSuffix(name, ".")
	if n == "localhost" || strings.HasSuffix(n, ".localhost") || n == "metadata.google.internal" || n == "metadata" {
		add(CodeInternalAddress, High, uri.ComponentHost, p.start, p.end,
			"the host "+quote(name)+" names this machine or a cloud metadata service")
	}
}

// plainName reports whether h is a non-empty DNS name of lowercase
// letters, digits, "-" and ".", whose last label does not begin with a
// digit (so that no reader takes it for an IPv4 address), without A-labels
// ("xn--", which the script checks decode), and no longer than DNS allows.
func plainName(h string) bool {
	if h == "" || len(h) > 253 {
		return false
	}
	// The bytes ORed together, eight at a time: nameBad tells a byte
	// that is not in a name, nameX an "x", which most names do not hold
	// (so that most need no search for "xn--"; plainName under callgrind,
	// kasztp.txt: 173 -> 161 instructions a URL, and one IndexByte call fewer).
	var seen uint8
	i := 0
	for ; i+8 <= len(h); i += 8 {
		w := h[i : i+8]
		seen |= nameByte[w[0]] | nameByte[w[1]] | nameByte[w[2]] | nameByte[w[3]] |
			nameByte[w[4]] | nameByte[w[5]] | nameByte[w[6]] | nameByte[w[7]]
	}
	for ; i < len(h); i++ {
		seen |= nameByte[h[i]]
	}
	if seen&nameBad != 0 {
		return false
	}
	last := strings.TrimSuffix(h, ".")
	last = last[strings.LastIndexByte(last, '.')+1:]
	return last != "" && !(last[0] >= '0' && last[0] <= '9') &&
		(seen&nameX == 0 || !strings.Contains(h, "xn--"))
}

// nameByte holds, for each byte, nameBad unless it is a byte of
// plainName (a lowercase letter, a digit, "-" or "."), and nameX for "x".
const (
	nameBad = 1 << iota
	nameX
)

var nameByte = func() (t [256]uint8) {
	for b := range t {
		t[b] = nameBad
	}
	for _, b := range []byte("abcdefghijklmnopqrstuvwxyz0123456789-.") {
		t[b] = 0
	}
	t['x'] = nameX
	return t
}()

// idnaBrowser maps a host as browsers do (UTS #46, non-transitional).
var idnaBrowser = idna.New(idna.MapForLookup(), idna.Transitional(false), idna.StrictDomainName(false))

// checkInternal reports an address that a fetch from a server should not
// reach, when the SSRF checks are on.
func (c *checker) checkInternal(a netip.Addr, p span, add addFunc) {
	if !c.opts.SSRF {
		return
	}
	if kind := internalKind(a); kind != "" {
		add(CodeInternalAddress, High, uri.ComponentHost, p.start, p.end,
			a.String()+" is "+kind+" address")
	}
}

// Ranges of addresses for internalKind.
var (
	cgnat      = netip.MustParsePrefix("100.64.0.0/10")
	thisNet    = netip.MustParsePrefix("0.0.0.0/8")
	awsV6Meta  = netip.MustParseAddr("fd00:ec2::254")
	metadataV4 = netip.MustParseAddr("169.254.169.254")
	nat64      = netip.MustParsePrefix("64:ff9b::/96")
	sixToFour  = netip.MustParsePrefix("2002::/16")
)

// internalKind names the kind of an address a server-side fetch must not
// reach, with its article ("a loopback"), or returns "".
func internalKind(a netip.Addr) string {
	a = a.Unmap()
	switch {
	case a == metadataV4 || a == awsV6Meta:
		return "a cloud metadata"
	case a.IsLoopback():
		return "a loopback"
	case a.IsUnspecified() || a.Is4() && thisNet.Contains(a):
		return "an unspecified (\"this host\")"
	case a.IsPrivate():
		return "a private"
	case a.IsLinkLocalUnicast() || a.IsLinkLocalMulticast():
		return "a link-local"
	case a.Is4() && cgnat.Contains(a):
		return "a shared (CGNAT, RFC 6598)"
	case a.IsMulticast():
		return "a multicast"
	case a.Is4() && a.As4()[0] >= 240:
		return "a reserved or broadcast"
	}
	return ""
}

// embeddedIPv4 returns the IPv4 address an IPv6 address carries and the
// name of the form, or "" when it carries none.
func embeddedIPv4(a netip.Addr) (netip.Addr, string) {
	if !a.Is6() {
		return netip.Addr{}, ""
	}
	b := a.As16()
	v4 := netip.AddrFrom4([4]byte{b[12], b[13], b[14], b[15]})
	switch {
	case a.Is4In6():
		return v4, "IPv4-mapped"
	case nat64.Contains(a):
		return v4, "NAT64 (RFC 6052)"
	case sixToFour.Contains(a):
		return netip.AddrFrom4([4]byte{b[2], b[3], b[4], b[5]}), "6to4 (RFC 3056)"
	case b[0]|b[1]|b[2]|b[3]|b[4]|b[5]|b[6]|b[7]|b[8]|b[9]|b[10]|b[11] == 0 && (b[12]|b[13]) != 0:
		// ::a.b.c.d, IPv4-compatible (deprecated by RFC 4291, section
		// 2.5.5.1); "::" and "::1" are not.
		return v4, "IPv4-compatible"
	}
	return netip.Addr{}, ""
}

// checkScripts checks each label of the Unicode host name for scripts
// mixed beyond the "highly restrictive" level of Unicode TS #39 (section
// 5.2) and for whole-script and mixed-script confusables (section 4), by
// the rules that decide what [uri.URI.Display] shows in Unicode (package
// internal/idnspoof, which cites the browsers' IDN display policies).
//
// A whole-script confusable label under a top-level domain that is not
// ASCII is not reported: a Cyrillic name under ".рф" is what that domain
// holds, and browsers show such names.
func (c *checker) checkScripts(name string, p span, add addFunc) {
	labels := strings.FieldsFunc(name, func(r rune) bool { return r == '.' || r == '。' || r == '．' || r == '｡' })
	asciiTLD := len(labels) > 0 && idnspoof.TLDIsASCII(labels[len(labels)-1])
	for _, label := range labels {
		if ascii.Is(label) && !(len(label) >= 4 && strings.EqualFold(label[:4], "xn--")) {
			continue
		}
		// As browsers map it (UTS #46): lowercase, width folded, NFC,
		// an A-label decoded.
		if m, err := idnaBrowser.ToUnicode(label); err == nil {
			label = m
		}
		v := idnspoof.Check(label, asciiTLD, idnspoof.HighlyRestrictive)
		switch {
		case v.Problems&idnspoof.MixedScript != 0:
			add(CodeMixedScript, High, uri.ComponentHost, p.start, p.end,
				"the label "+quote(label)+" mixes the scripts "+strings.Join(v.Scripts(), ", ")+" (Unicode TS #39, section 5.2): it may pose as another name")
		case v.Problems&idnspoof.WholeScriptConfusable != 0:
			add(CodeConfusable, High, uri.ComponentHost, p.start, p.end,
				"the label "+quote(label)+" is written in letters that look like Latin ones: a whole-script confusable (Unicode TS #39, section 4)")
		case v.Problems&idnspoof.MixedScriptConfusable != 0:
			add(CodeConfusable, High, uri.ComponentHost, p.start, p.end,
				"the label "+quote(label)+" writes one of its scripts only in letters that look like Latin ones: a mixed-script confusable (Unicode TS #39, section 4)")
		}
	}
}

// badPort reports whether port n is one browsers refuse to fetch: a "bad
// port" of the Fetch Standard (section "Port blocking": "A port is a bad
// port if it is listed in the first column of the following table", and
// fetching a URL of an HTTP(S) scheme with a bad port is blocked), the
// ports of other protocols that a request could be smuggled into, and 0.
// TestBadPortsAreFetch holds it to the table, in testdata; the e2e module
// to Chromium.
func badPort(n int) bool { return portName(n) != "" }

// chromiumBlocks reports whether Chromium blocks the bad port n: all but
// the two the Fetch Standard added last, 4190 (ManageSieve) and 6679
// (osaut), which Chromium 156 still fetches (the e2e module's
// TestBadPortsBlocked checks every bad port against Chromium, both ways).
func chromiumBlocks(n int) bool { return n != 4190 && n != 6679 }

// portName names the protocol of a bad port, or returns "".
func portName(n int) string {
	switch n {
	case 0:
		return "none: port 0 is reserved"
	case 1:
		return "tcpmux"
	case 7:
		return "echo"
	case 9:
		return "discard"
	case 11:
		return "systat"
	case 13:
		return "daytime"
	case 15:
		return "netstat"
	case 17:
		return "qotd"
	case 19:
		return "chargen"
	case 20, 21:
		return "FTP"
	case 22:
		return "SSH"
	case 23:
		return "telnet"
	case 25, 465, 587:
		return "SMTP"
	case 37:
		return "time"
	case 42:
		return "name"
	case 43:
		return "whois"
	case 53:
		return "DNS"
	case 69:
		return "TFTP"
	case 77:
		return "RJE"
	case 79:
		return "finger"
	case 87:
		return "ttylink"
	case 95:
		return "supdup"
	case 101, 102, 103, 104, 109, 110, 995:
		return "POP and older mail"
	case 111:
		return "sunrpc"
	case 113:
		return "ident"
	case 115:
		return "SFTP (old)"
	case 117:
		return "uucp-path"
	case 119, 563:
		return "NNTP"
	case 123:
		return "NTP"
	case 135:
		return "MS RPC"
	case 137, 139:
		return "NetBIOS"
	case 143, 993:
		return "IMAP"
	case 161:
		return "SNMP"
	case 179:
		return "BGP"
	case 389, 636:
		return "LDAP"
	case 427:
		return "SLP"
	case 512, 513, 514:
		return "BSD r-commands"
	case 515:
		return "printer"
	case 526, 530, 531, 532, 540, 556:
		return "old UNIX services"
	case 548:
		return "AFP"
	case 554:
		return "RTSP"
	case 601:
		return "syslog"
	case 989, 990:
		return "FTPS"
	case 1719, 1720:
		return "H.323"
	case 1723:
		return "PPTP"
	case 2049:
		return "NFS"
	case 3659:
		return "apple-sasl"
	case 4045:
		return "lockd"
	case 4190:
		return "ManageSieve"
	case 5060, 5061:
		return "SIP"
	case 6000:
		return "X11"
	case 6566:
		return "SANE"
	case 6665, 6666, 6667, 6668, 6669, 6679, 6697:
		return "IRC"
	case 10080:
		return "Amanda"
	}
	return ""
}
