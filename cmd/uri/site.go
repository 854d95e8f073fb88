package main

import (
	"strings"

	"github.com/ferret-go/uri"
	"github.com/ferret-go/uri/site"
)

const siteHelp = `Site prints, for each input URL (or IRI: a non-ASCII host is mapped to
A-labels by IDNA), its host, the host's public suffix and registrable domain
by the Public Suffix List (golang.org/x/net/publicsuffix; ICANN and private
rules), and its origin (RFC 6454), one line per input, separated by spaces,
"-" for what is absent (an IP address has no public suffix):

  $ uri site 'https://WWW.Example.co.uk:8443/a' 'http://192.0.2.1/'
  www.example.co.uk co.uk example.co.uk https://www.example.co.uk:8443
  192.0.2.1 - - http://192.0.2.1

Every column reads the host as the origin does (RFC 6454, section 4): in
lower case (a host is case-insensitive, RFC 3986, section 3.2.2), a
reg-name's percent-encoded octets decoded.

An opaque origin (no host, a file URI) is "null". A rejected input prints
"<input>: <message>" on standard error. With --json each input gives

  {"input":"http://192.0.2.1/","ok":true,"host":"192.0.2.1","public_suffix":null,"registrable_domain":null,"origin":"http://192.0.2.1"}

where host is null without an authority, or the rejected object of parse
--json. Bytes that are not valid UTF-8 are written as U+FFFD.
`

// Keys of site --json.
const (
	keyPublicSuffix      jsonKey = `"public_suffix":`
	keyRegistrableDomain jsonKey = `"registrable_domain":`
	keyOrigin            jsonKey = `"origin":`
)

// cmdSite prints registrable domains and origins.
var cmdSite = &command{
	name:     "site",
	synopsis: "[--json] [--max-line n] [-j n] [input...]",
	summary:  "print the public suffix, registrable domain and origin of URLs",
	help:     siteHelp,
	shared:   flagJSON | flagStream,
	run: func(e *env, l *cmdLine) int {
		return eachParsed(e, l, readSite, func(j *jsonLine, s siteOf) {
			j.key(keyHost).plainOrNull(s.host, s.u.HasAuthority())
			j.key(keyPublicSuffix).plainOrNull(s.suffix, s.suffixOK)
			j.key(keyRegistrableDomain).plainOrNull(s.domain, s.domainOK)
			j.key(keyOrigin).plain(s.origin)
		}, func(b []byte, s siteOf) []byte {
			field := func(b []byte, v string, ok bool) []byte {
				if !ok || v == "" {
					return append(b, '-')
				}
				return appendDecodedText(b, v)
			}
			b = field(b, s.host, s.u.HasAuthority())
			b = field(append(b, ' '), s.suffix, s.suffixOK)
			b = field(append(b, ' '), s.domain, s.domainOK)
			b = appendDecodedText(append(b, ' '), s.origin)
			return append(b, '\n')
		})
	},
}

// siteOf is what uri site prints of one input.
type siteOf struct {
	u                  uri.URI
	host               string // as the origin reads it: lower case, decoded
	suffix, domain     string
	suffixOK, domainOK bool
	origin             string
}

// readSite reads an input as an IRI (a URI is one) mapped to a URI, so
// that an IDN host is looked up by its A-labels.
func readSite(in string) (siteOf, error) {
	u, err := uri.Options{}.IRIToURI(in)
	if err != nil {
		return siteOf{}, err
	}
	s := siteOf{u: u, host: originHost(u), origin: site.OriginOf(u).String()}
	s.suffix, _, s.suffixOK = site.PublicSuffix(u)
	s.domain, s.domainOK = site.RegistrableDomain(u)
	return s, nil
}

// originHost returns the host of u as RFC 6454, section 4, step 5 reads it
// for the origin, and as site.OriginOf returns it: ASCII letters in lower
// case, a reg-name's percent-encoded octets decoded. It also serves a URI
// whose origin is opaque (a file URI), so that the host column never
// depends on the scheme.
func originHost(u uri.URI) string {
	h := u.Host()
	if u.HostKind() == uri.HostRegName && strings.IndexByte(h, '%') >= 0 {
		h = u.DecodedHost()
	}
	for i := 0; i < len(h); i++ {
		if 'A' <= h[i] && h[i] <= 'Z' {
			b := []byte(h)
			for j := i; j < len(b); j++ {
				if 'A' <= b[j] && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return h
}
