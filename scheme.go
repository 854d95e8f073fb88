package uri

import "strings"

// The scheme table of scheme-based normalization (RFC 3986, section 6.2.3).

// SchemeInfo holds what scheme-based normalization (RFC 3986, section 6.2.3)
// needs to know about one scheme.
type SchemeInfo struct {
	// Port is the scheme's default port; an explicit port equal to it is
	// removed. 0 means the scheme has none.
	Port uint16
	// EmptyPathIsSlash tells that an empty path after an authority means the
	// same as "/", as in http ("http://a" is "http://a/"); the empty path
	// is then written "/".
	EmptyPathIsSlash bool
	// DefaultHost is the host that an empty host stands for, such as
	// "localhost" for file (RFC 8089, section 2); written explicitly, it is
	// removed when the authority has no userinfo and no port, as section
	// 6.2.3 asks.
	DefaultHost string
}

// Schemes maps scheme names to their facts for scheme-based normalization.
// The names must be lowercase, the form a scheme takes once normalized;
// [Schemes.Lookup] lowercases the name it looks up, so that the lookup is
// case-insensitive. A name with an uppercase letter is never found.
type Schemes map[string]SchemeInfo

// defaultSchemeNames lists the schemes of the default table; defaultScheme
// holds their facts. The list is never written.
var defaultSchemeNames = [...]string{
	"coap", "coaps", "file", "ftp", "git", "gopher", "http", "https", "imap",
	"ldap", "ldaps", "news", "nntp", "pop", "rtsp", "rtsps", "sftp", "ssh",
	"telnet", "ws", "wss",
}

// defaultScheme is the default table as code: a switch on a lowercase name
// is much faster than a map, and it is read-only by construction.
func defaultScheme(name string) (SchemeInfo, bool) {
	switch name {
	case "http", "ws": // RFC 9110, section 4.2.1; RFC 6455, section 3
		return SchemeInfo{Port: 80, EmptyPathIsSlash: true}, true
	case "https", "wss": // RFC 9110, section 4.2.2; RFC 6455, section 3
		return SchemeInfo{Port: 443, EmptyPathIsSlash: true}, true
	case "ftp": // RFC 1738, section 3.2
		return SchemeInfo{Port: 21}, true
	case "file": // RFC 8089, section 2
		return SchemeInfo{DefaultHost: "localhost"}, true
	case "ssh", "sftp":
		return SchemeInfo{Port: 22}, true
	case "telnet": // RFC 4248
		return SchemeInfo{Port: 23}, true
	case "gopher": // RFC 4266
		return SchemeInfo{Port: 70}, true
	case "pop": // RFC 2384
		return SchemeInfo{Port: 110}, true
	case "nntp", "news": // RFC 5538
		return SchemeInfo{Port: 119}, true
	case "imap": // RFC 5092
		return SchemeInfo{Port: 143}, true
	case "rtsps": // RFC 7826
		return SchemeInfo{Port: 322}, true
	case "ldap": // RFC 4516
		return SchemeInfo{Port: 389}, true
	case "rtsp": // RFC 7826
		return SchemeInfo{Port: 554}, true
	case "ldaps":
		return SchemeInfo{Port: 636}, true
	case "coap": // RFC 7252, section 6.1
		return SchemeInfo{Port: 5683}, true
	case "coaps": // RFC 7252, section 6.2
		return SchemeInfo{Port: 5684}, true
	case "git":
		return SchemeInfo{Port: 9418}, true
	}
	return SchemeInfo{}, false
}

// DefaultSchemes returns a new copy of the scheme table that [URI.Normalize]
// and the zero [Normalizer] use: the default ports of http (80), https (443),
// ws (80), wss (443), ftp (21), ssh, sftp, telnet, gopher, pop, nntp, news,
// imap, ldap, ldaps, rtsp, rtsps, coap, coaps and git; "/" for an empty path
// in http, https, ws and wss; "localhost" as the default host of file. The
// copy is the caller's to extend and pass in a Normalizer.
func DefaultSchemes() Schemes {
	t := make(Schemes, len(defaultSchemeNames))
	for _, name := range defaultSchemeNames {
		t[name], _ = defaultScheme(name)
	}
	return t
}

// DefaultPort returns the default port of scheme, in any case ("HTTPS" as
// "https", RFC 3986, section 3.1), from the table that [URI.Normalize] and
// the zero [Normalizer] use for scheme-based normalization (RFC 3986,
// section 6.2.3): 80 for http and ws, 443 for https and wss, 21 for ftp,
// and the ports that IANA's Service Name and Transport Protocol Port Number
// Registry and the schemes' own specifications give the others that
// [DefaultSchemes] lists. ok is false for a scheme without a default port
// there, such as file or an unknown scheme. This is the one place these
// numbers are written: the packages beside this one (whatwg for the URL
// Standard's special schemes, site, lint, surt, safebrowsing) take them
// from here and keep only which schemes they apply them to. DefaultPort
// does not allocate.
func DefaultPort(scheme string) (port uint16, ok bool) {
	if hasUpper(scheme) {
		// No scheme of the table is longer than the buffer: a longer one
		// is not in it.
		var buf [maxDefaultSchemeLen]byte
		if len(scheme) > len(buf) {
			return 0, false
		}
		scheme = string(appendLower(buf[:0], scheme))
	}
	info, _ := defaultScheme(scheme)
	return info.Port, info.Port != 0
}

// maxDefaultSchemeLen bounds the length of the names of defaultSchemeNames
// (TestDefaultPort checks it).
const maxDefaultSchemeLen = 16

// Lookup returns the facts of scheme, in any case ("HTTP" finds "http").
func (t Schemes) Lookup(scheme string) (SchemeInfo, bool) {
	if !hasUpper(scheme) {
		info, ok := t[scheme]
		return info, ok
	}
	var buf [32]byte
	if len(scheme) > len(buf) {
		info, ok := t[strings.ToLower(scheme)]
		return info, ok
	}
	info, ok := t[string(appendLower(buf[:0], scheme))]
	return info, ok
}
