package lint

import "strings"

// Redact returns s with the password of its userinfo replaced by "xxxxx",
// as net/url's URL.Redacted writes it, so that a URL can be logged or shown
// (RFC 3986, section 7.5). It reads the userinfo as net/url and browsers
// do (up to the last "@" of the authority) and works on any string, valid
// or not; a string without a password comes back as it is.
func Redact(s string) string {
	l := rfcLayout(s)
	if c := (&checker{in: s}); true {
		c.cleanInput()
		scheme := strings.ToLower(c.rfcSchemeOf(c.clean.s))
		if b := browserLayout(c.clean.s, scheme); b.userinfo.ok && len(c.clean.holes) == 0 &&
			(!l.userinfo.ok || b.userinfo.end+c.clean.start > l.userinfo.end) {
			// The browsers' authority reaches further (a "\" or a
			// missing slash): redact what they read as a userinfo.
			l.userinfo = span{b.userinfo.start + c.clean.start, b.userinfo.end + c.clean.start, true}
		}
	}
	if !l.userinfo.ok {
		return s
	}
	ui := l.userinfo.of(s)
	k := strings.IndexByte(ui, ':')
	if k < 0 || k+1 == len(ui) {
		return s
	}
	start := l.userinfo.start + k + 1
	return s[:start] + "xxxxx" + s[l.userinfo.end:]
}
