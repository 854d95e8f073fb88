package lint

import "strings"

// Redact returns s with the password of its userinfo replaced by "xxxxx",
// as net/url's URL.Redacted writes it, so that a URL can be logged or shown
// (RFC 3986, section 7.5). It works on any string, valid or not, and
// redacts what either reading takes for a password: RFC 3986's and net/url's
// (the userinfo before the last "@" of the authority) and the browsers' (after
// tabs and newlines are removed, with "\" ending the authority of a special
// URL). A string without a password comes back as it is.
func Redact(s string) string {
	start, end := -1, -1
	if l := rfcLayout(s); l.userinfo.ok {
		if k, ok := passwordAt(l.userinfo.of(s)); ok {
			start, end = l.userinfo.start+k, l.userinfo.end
		}
	}
	c := &checker{in: s, facts: scanFacts(s)}
	c.cleanInput()
	var b layout
	browserLayout(&b, c.clean.s, strings.ToLower(c.rfcSchemeOf(c.clean.s)))
	if b.userinfo.ok {
		if k, ok := passwordAt(b.userinfo.of(c.clean.s)); ok {
			// Back to offsets in s: the span may hold removed tabs.
			bs, be := c.clean.at(b.userinfo.start+k), c.clean.at(b.userinfo.end-1)+1
			if start < 0 || bs < start {
				start = bs
			}
			end = max(end, be)
		}
	}
	if start < 0 {
		return s
	}
	return s[:start] + "xxxxx" + s[end:]
}

// passwordAt returns the offset of the password in the userinfo ui, the
// text after its first ":", and whether there is a non-empty one.
func passwordAt(ui string) (int, bool) {
	k := strings.IndexByte(ui, ':')
	return k + 1, k >= 0 && k+1 < len(ui)
}
