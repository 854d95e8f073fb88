// Package site answers the questions that cookie, cache and analytics code
// asks of a URI: what is the public suffix and the registrable domain of its
// host, what is its origin (RFC 6454), what is its site (schemeful
// same-site, as the HTML Standard and RFC 6265bis define it), and are two
// URIs same-origin or same-site.
//
// # The public suffix list
//
// Public suffixes come from the Public Suffix List (https://publicsuffix.org)
// as golang.org/x/net/publicsuffix embeds it. The version this module
// requires, golang.org/x/net v0.62.0, carries public_suffix_list.dat at git
// revision d6c92f1bbb7433e5db7b8405c25d4035fb8ff376 (2026-02-06); [ListVersion]
// names it. Rules of both sections of the list count, the ICANN section and
// the private one ("github.io", "blogspot.com"), as browsers count them, and
// a host under no rule takes its last label as its public suffix (the list's
// implicit "*" rule).
//
// Hosts are compared as DNS does, without regard to ASCII case; a host with
// non-ASCII characters (given through [HostRegistrableDomain], or an IRI
// mapped with [uri.IRI.ToURI]) is first mapped to A-labels by IDNA, with the
// uri package's browser profile. An IP address has no public suffix and no
// registrable domain.
package site

import (
	"strings"

	"github.com/ferret-go/uri"
	"github.com/ferret-go/uri/internal/ascii"
	"golang.org/x/net/publicsuffix"
)

// ListVersion names the version of the Public Suffix List that
// golang.org/x/net/publicsuffix embeds in this build. A test holds it to the
// revision that publicsuffix.List names and to the x/net version in go.mod,
// so that it cannot go stale when x/net is updated.
const ListVersion = "public_suffix_list.dat at git revision d6c92f1bbb7433e5db7b8405c25d4035fb8ff376 (2026-02-06), embedded by golang.org/x/net v0.62.0"

// HostPublicSuffix returns the public suffix of host, a domain name in
// ASCII or Unicode: the longest suffix of it that a rule of the Public
// Suffix List matches, or its last label when none does. icann tells
// whether the rule is in the list's ICANN section (false for a private
// rule and for the implicit "*" rule). ok is false for an IP address, an
// empty host, a host with an empty label (a leading dot, two dots in a row)
// and a host that IDNA rejects. One trailing dot, the DNS root, is allowed
// and kept: the suffix of "example.com." is "com.".
//
// The result is in A-labels, lower case: for Unicode input it is the IDNA
// mapping's, otherwise a substring of host when host is in lower case.
func HostPublicSuffix(host string) (suffix string, icann, ok bool) {
	full, dot, ok := prepare(host)
	if !ok {
		return "", false, false
	}
	h := full[:len(full)-dot]
	suffix, icann = publicsuffix.PublicSuffix(h)
	return full[len(h)-len(suffix):], icann, true
}

// HostRegistrableDomain returns the registrable domain of host: its public
// suffix (see [HostPublicSuffix]) and the one label before it, as the URL
// Standard's "registrable domain" and the list's own tests define it. ok is
// false when host is itself a public suffix ("com", "github.io"), and in the
// cases where [HostPublicSuffix] fails.
func HostRegistrableDomain(host string) (domain string, ok bool) {
	full, dot, ok := prepare(host)
	if !ok {
		return "", false
	}
	h := full[:len(full)-dot]
	// The public suffix and the label before it, as
	// publicsuffix.EffectiveTLDPlusOne finds them, without the error it
	// formats (an allocation) for a host that is a public suffix: prepare
	// has already refused the empty labels it checks for.
	suffix, _ := publicsuffix.PublicSuffix(h)
	if len(suffix) >= len(h) {
		return "", false
	}
	i := strings.LastIndexByte(h[:len(h)-len(suffix)-1], '.')
	return full[i+1:], true
}

// prepare makes host ready for x/net/publicsuffix: lower case, A-labels, no
// empty label. It returns the host and whether it ends with a dot (dot is 1
// then), which x/net/publicsuffix must not see: full[:len(full)-dot].
func prepare(host string) (full string, dot int, ok bool) {
	if host == "" {
		return "", 0, false
	}
	if !ascii.Is(host) {
		i, err := uri.ParseIRI("//" + host)
		if err != nil || i.HostKind() != uri.HostRegName || i.HasPort() || i.HasUserinfo() || i.Path() != "" {
			return "", 0, false
		}
		u, err := i.ToURI()
		if err != nil {
			return "", 0, false
		}
		host = u.Host()
		if host == "" {
			// IDNA mapped every character away (U+200B, a zero width
			// space, maps to nothing): no name is left to look up.
			return "", 0, false
		}
	}
	full = lower(host)
	if full[len(full)-1] == '.' {
		dot = 1
	}
	h := full[:len(full)-dot]
	if h == "" || looksIP(h) {
		return "", 0, false
	}
	for i := 0; i < len(h); i++ {
		if h[i] == '.' && (i == 0 || h[i-1] == '.' || i == len(h)-1) {
			return "", 0, false
		}
	}
	return full, dot, true
}

// looksIP reports whether host is an IP address rather than a domain name:
// an IP-literal, or a last label that is all digits, which no top-level
// domain is (the URL Standard reads such a host as an IPv4 address).
func looksIP(host string) bool {
	if host[0] == '[' {
		return true
	}
	last := host[strings.LastIndexByte(host, '.')+1:]
	if last == "" {
		return false
	}
	for i := 0; i < len(last); i++ {
		if last[i] < '0' || last[i] > '9' {
			return false
		}
	}
	return true
}

// lower returns s with ASCII letters in lower case, without allocating when
// s has no upper-case letter.
func lower(s string) string {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			return strings.ToLower(s)
		}
	}
	return s
}

// host returns the domain name of u for the public suffix list: the host of
// a reg-name, its triplets decoded, or ok false for an IP host or none.
func host(u uri.URI) (string, bool) {
	if u.HostKind() != uri.HostRegName || u.Host() == "" {
		return "", false
	}
	h := u.Host()
	if strings.IndexByte(h, '%') >= 0 {
		h = u.DecodedHost()
	}
	return h, true
}

// PublicSuffix returns the public suffix of u's host, as [HostPublicSuffix]
// does. ok is false when u has no host, an empty one or an IP address.
func PublicSuffix(u uri.URI) (suffix string, icann, ok bool) {
	h, ok := host(u)
	if !ok {
		return "", false, false
	}
	return HostPublicSuffix(h)
}

// RegistrableDomain returns the registrable domain of u's host, as
// [HostRegistrableDomain] does. ok is false when u has no host, an empty one
// or an IP address, or when the host is a public suffix.
func RegistrableDomain(u uri.URI) (domain string, ok bool) {
	h, ok := host(u)
	if !ok {
		return "", false
	}
	return HostRegistrableDomain(h)
}
