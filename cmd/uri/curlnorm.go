package main

import (
	"strings"

	"github.com/ferret-go/uri"
	"github.com/ferret-go/uri/internal/pctenc"
	"github.com/ferret-go/uri/whatwg"
)

// This file is --normalize: a URI written as trurl writes it with libcurl
// 7.88 (the libcurl of the oracles module), read from trurl's manual
// (trurl.md, NORMALIZATION: "individual URL components are URL decoded then
// URL encoded back again and set in the URL") and checked against its
// tests.json. Beside RFC 3986's normal form (section 6.2) it makes rewrites
// that RFC 3986 does not allow, since they change the data (section 2.2:
// a reserved character and its percent-encoding are not equivalent):
//
//   - the path (segment by segment), the fragment and the userinfo's parts
//     are decoded and encoded again with every byte but the unreserved ones
//     percent-encoded: "a;b" becomes "a%3bb" (section 3.3 allows sub-delims
//     in a segment, section 3.2.1 in the userinfo, 3.5 "/" and "?" in a
//     fragment);
//   - each query pair is decoded and encoded so, but for its first "=" and
//     "*", with "+" for a space: "%20" becomes "+", which in RFC 3986 is a
//     sub-delim, not a space (section 2.2);
//   - empty pairs go: "e&&" becomes "e", a different query (section 6.2.2);
//   - an empty query or fragment ("?", "#") is not written (section 6.2.3
//     keeps them), though {must:query} sees it, as trurl with libcurl 8.8
//     (CURLU_GET_EMPTY) does: curlText.
//
// A component so rewritten, or set by a flag, is written with lowercase
// hex, as libcurl 7.x stores what it is given; RFC 3986, section 2.1 says
// producers should use uppercase, and section 6.2.2.1 makes both the same
// octet. A component already in that form keeps its text.

// curlTouched is a set of components, by their bit 1<<component: the ones
// a --set, --iterate or --append gives a new value, which libcurl then
// stores (and so writes in lowercase hex).
type curlTouched uint16

func (t curlTouched) has(c component) bool { return t&(1<<c) != 0 }

// touched returns the components that sp's flags set.
func (sp *editSpec) touched() curlTouched {
	var t curlTouched
	for _, a := range sp.sets {
		t |= 1 << a.comp
	}
	for _, it := range sp.iterates {
		t |= 1 << it.comp.comp
	}
	for _, a := range sp.appends {
		t |= 1 << a.comp
	}
	if t.has(compUserinfo) {
		t |= 1<<compUser | 1<<compPassword
	}
	return t
}

// curlOptionSchemes are the schemes whose userinfo libcurl splits into a
// user, a password and login options after ";" (RFC 5092, section 3.2 for
// IMAP; RFC 2384 for POP3; libcurl's PROTOPT_URLOPTIONS).
var curlOptionSchemes = []string{"imap", "imaps", "pop3", "pop3s", "smtp", "smtps"}

// normalizeAsCurl returns u as trurl with libcurl 7.88 writes it (see the
// top of this file): RFC 3986's normal form (URI.Normalize: sections 6.2.2
// and 6.2.3) but for the case of a reg-name, which libcurl keeps, an IPv4
// host in any of the number forms inet_aton reads as four decimals
// (libcurl's ipv4_normalize), "/" for the empty path of a URI with an
// authority, and the components decoded and encoded again. keepPort keeps
// a port equal to the scheme's default; sep separates query pairs.
func normalizeAsCurl(u uri.URI, keepPort bool, touched curlTouched, sep byte) uri.URI {
	orig := u
	port, hadPort := u.Port(), u.HasPort()
	host := u.Host()
	u = u.Normalize()
	if h := u.Host(); h != host && strings.EqualFold(h, host) && u.HostKind() == uri.HostRegName {
		// libcurl keeps a host's case (RFC 3986, section 6.2.2.1 makes
		// both cases the same host).
		if v, err := u.WithHost(host); err == nil {
			u = v
		}
	}
	if keepPort && hadPort && !u.HasPort() {
		if v, err := u.WithPort(port); err == nil {
			u = v
		}
	}
	if u.HostKind() == uri.HostRegName && u.Host() != "" {
		if a, err := whatwg.ParseIPv4(u.Host()); err == nil {
			if v, err := u.WithHost(a.String()); err == nil {
				u = v
			}
		}
	}
	// The components decoded and encoded again, from their text as
	// written: whether it changes decides the case of the hex. The path's
	// dot segments go as Normalize took them: where section 5.2.4 alone
	// reads the path otherwise (a relative reference's leading "./" or
	// "../", the "/." before "//" without an authority, a "%2E"), the
	// path is Normalize's, its hex in lowercase (as if set: its text as
	// written is gone, and the case must not flip from one run to the
	// next).
	// With an authority and no "%" in the path, the two are the same, and
	// the check is skipped (it cost --normalize 16 % of its CPU time).
	p, set := uri.RemoveDotSegments(orig.Path()), touched.has(compPath)
	if !u.HasAuthority() || strings.IndexByte(orig.Path(), '%') >= 0 {
		if v, err := u.WithPath(p); err != nil || v.Normalize().Path() != u.Path() {
			p, set = u.Path(), true
		}
	}
	if p != "" {
		c := curlComponent(p, curlPathSegments, set)
		if rest, ok := strings.CutPrefix(c, "./"); ok && rest != "" && rest[0] != '/' {
			// Normalize's "./" kept a ":" of the first segment from
			// reading as a scheme's end (RFC 3986, section 4.2);
			// encoded, it needs none.
			if _, err := u.WithPath(rest); err == nil {
				c = rest
			}
		}
		if v, err := u.WithPath(c); err == nil {
			u = v
		}
	}
	if !u.HasAuthority() && strings.EqualFold(u.Scheme(), "file") && strings.HasPrefix(u.Path(), "/") {
		// libcurl writes a file URL with its authority, empty: "file:///x"
		// (RFC 8089, section 2 has "file:/x" as the same URI).
		if v, err := u.WithHost(""); err == nil {
			u = v
		}
	}
	if u.HasAuthority() && u.Path() == "" {
		if v, err := u.WithPath("/"); err == nil {
			u = v
		}
	}
	if f := orig.Fragment(); f != "" {
		if v, err := u.WithFragment(curlComponent(f, curlEscapeAll, touched.has(compFragment))); err == nil {
			u = v
		}
	}
	if q := orig.Query(); q != "" {
		if v, err := u.WithQuery(curlQuery(q, sep, touched.has(compQuery))); err == nil {
			u = v
		}
	}
	if orig.HasUserinfo() {
		ui := curlUserinfo(orig.Userinfo(), u.Scheme(), touched)
		if v, err := u.WithUserinfo(ui); err == nil {
			u = v
		}
	}
	return u
}

// curlText returns the text of u as libcurl writes it: without an empty
// query or fragment.
func curlText(u uri.URI) string {
	if u.HasQuery() && u.Query() == "" {
		u = u.WithoutQuery()
	}
	if u.HasFragment() && u.Fragment() == "" {
		u = u.WithoutFragment()
	}
	return u.String()
}

// curlComponent returns the text s of a component decoded and encoded
// again by enc: enc's text in lowercase hex when it differs from s or the
// component was set (touched), else s as it is.
func curlComponent(s string, enc func(string) string, touched bool) string {
	c := enc(s)
	if c == s && !touched {
		return s
	}
	return lowerHex(c)
}

// curlEscapeAll decodes s and percent-encodes every byte of it but the
// unreserved characters (RFC 3986, section 2.3), in uppercase hex.
func curlEscapeAll(s string) string {
	return curlEscape(percentDecode(s, false), false)
}

// curlPathSegments is curlEscapeAll for each segment of a path: its "/"
// stay.
func curlPathSegments(p string) string {
	var b strings.Builder
	for i, seg := range strings.Split(p, "/") {
		if i > 0 {
			b.WriteByte('/')
		}
		b.WriteString(curlEscapeAll(seg))
	}
	return b.String()
}

// curlLogin splits a userinfo as libcurl does: at its first ":" into a
// user and a password and, for the schemes of curlOptionSchemes, at its
// first ";" into login options too ("user;options:password" or
// "user:password;options"). RFC 3986, section 3.2.1 leaves the userinfo's
// form to the scheme; RFC 5092, section 3.2 has ";AUTH=" after the user in
// IMAP, libcurl any options.
func curlLogin(ui, scheme string) (user, pass, opts string, hasPass, hasOpts bool) {
	user = ui
	psep := strings.IndexByte(ui, ':')
	osep := -1
	for _, s := range curlOptionSchemes {
		if strings.EqualFold(scheme, s) {
			osep = strings.IndexByte(ui, ';')
		}
	}
	switch {
	case osep >= 0 && (psep < 0 || osep < psep):
		// "user;options:password"
		user, opts, hasOpts = ui[:osep], ui[osep+1:], true
		if psep >= 0 {
			opts, pass, hasPass = ui[osep+1:psep], ui[psep+1:], true
		}
	case psep >= 0:
		user, pass, hasPass = ui[:psep], ui[psep+1:], true
		if osep > psep {
			pass, opts, hasOpts = ui[psep+1:osep], ui[osep+1:], true
		}
	}
	return user, pass, opts, hasPass, hasOpts
}

// curlUserinfo returns a userinfo's user and password (and, for the
// schemes of curlOptionSchemes, its login options), each decoded and
// encoded again, in libcurl's order: "user:password;options".
func curlUserinfo(ui, scheme string, touched curlTouched) string {
	user, pass, opts, hasPass, hasOpts := curlLogin(ui, scheme)
	s := curlComponent(user, curlEscapeAll, touched.has(compUser))
	if hasPass {
		s += ":" + curlComponent(pass, curlEscapeAll, touched.has(compPassword))
	}
	if hasOpts {
		s += ";" + curlComponent(opts, curlEscapeAll, false)
	}
	return s
}

// curlQuery returns a query as trurl writes it: each pair decoded ("+" is
// a space) and encoded again on both sides of its first "=", in lowercase
// hex with "+" for a space and "*" kept, and the empty pairs dropped. A
// query whose one pair is its last field, is so already and holds no "+"
// stays as it is ("&&e", but "&&a+b" becomes "a+b"), as trurl 0.16.1 with
// libcurl 7.88.1 leaves it.
func curlQuery(q string, sep byte, touched bool) string {
	fields := strings.Split(q, string(sep))
	var out []string
	keep := true
	for i, f := range fields {
		if f == "" {
			continue
		}
		k, v, hasValue := strings.Cut(f, "=")
		c := curlEscape(percentDecode(k, true), true)
		if hasValue {
			c += "=" + curlEscape(percentDecode(v, true), true)
		}
		if c != f || i != len(fields)-1 || strings.IndexByte(f, '+') >= 0 {
			keep = false
		}
		out = append(out, c)
	}
	switch {
	case len(out) == 0 || keep && touched:
		return lowerHex(q)
	case keep:
		return q
	}
	return strings.Join(out, string(sep))
}

// percentDecode decodes the percent-encoded octets of s (RFC 3986,
// section 2.1), and "+" as a space when plus is set (a "+" written as "%2B"
// stays "+"); a "%" that does not begin a triplet stays.
func percentDecode(s string, plus bool) string {
	if plus {
		s = strings.ReplaceAll(s, "+", " ")
	}
	return pctenc.Decode(s)
}

// isUnreserved reports whether c is unreserved (RFC 3986, section 2.3).
func isUnreserved(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c == '-' || c == '.' || c == '_' || c == '~'
}

func unhex(c byte) byte {
	switch {
	case c >= 'a':
		return c - 'a' + 10
	case c >= 'A':
		return c - 'A' + 10
	}
	return c - '0'
}

// curlEscape percent-encodes every byte of s but the unreserved characters
// (RFC 3986, section 2.3), in uppercase hex; with query set, in lowercase
// hex, with "+" for a space and "*" kept, as trurl encodes a query pair.
func curlEscape(s string, query bool) string {
	hex := "0123456789ABCDEF"
	if query {
		hex = "0123456789abcdef"
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case isUnreserved(c), query && c == '*':
			b.WriteByte(c)
		case query && c == ' ':
			b.WriteByte('+')
		default:
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		}
	}
	return b.String()
}

// lowerHex returns s with the hex digits of its percent-encodings in
// lowercase.
func lowerHex(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	b := []byte(s)
	for i := 0; i+2 < len(b); i++ {
		if b[i] == '%' {
			b[i+1], b[i+2] = b[i+1]|0x20, b[i+2]|0x20 // digits have the bit already
			i += 2
		}
	}
	return string(b)
}
