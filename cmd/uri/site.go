package main

import (
	"github.com/ferret-go/uri"
	"github.com/ferret-go/uri/site"
)

const siteHelp = `Site prints, for each input URL (or IRI: a non-ASCII host is mapped to
A-labels by IDNA), its host, the host's public suffix and registrable domain
by the Public Suffix List (golang.org/x/net/publicsuffix; ICANN and private
rules), and its origin (RFC 6454), one line per input, separated by spaces,
"-" for what is absent (an IP address has no public suffix):

  $ uri site 'https://www.example.co.uk:8443/a' 'http://192.0.2.1/'
  www.example.co.uk co.uk example.co.uk https://www.example.co.uk:8443
  192.0.2.1 - - http://192.0.2.1

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
		return e.eachInput(l.args, func(in string) bool {
			i, err := uri.ParseIRI(in)
			var u uri.URI
			if err == nil {
				u, err = i.ToURI()
			}
			if err != nil {
				e.rejected(in, err)
				return false
			}
			ps, _, psOK := site.PublicSuffix(u)
			rd, rdOK := site.RegistrableDomain(u)
			origin := site.OriginOf(u).String()
			if e.json {
				j := e.beginJSON(in)
				j.key(keyOK).boolean(true)
				j.key(keyHost).plainOrNull(u.Host(), u.HasAuthority())
				j.key(keyPublicSuffix).plainOrNull(ps, psOK)
				j.key(keyRegistrableDomain).plainOrNull(rd, rdOK)
				j.key(keyOrigin).plain(origin)
				e.endJSON(j)
				return true
			}
			field := func(b []byte, v string, ok bool) []byte {
				if !ok || v == "" {
					return append(b, '-')
				}
				return append(b, v...)
			}
			b := field(e.text[:0], u.Host(), u.HasAuthority())
			b = field(append(b, ' '), ps, psOK)
			b = field(append(b, ' '), rd, rdOK)
			b = append(append(b, ' '), origin...)
			e.text = append(b, '\n')
			e.out.Write(e.text)
			return true
		})
	},
}
