package lint

import (
	"net/netip"
	"strings"

	"golang.org/x/net/idna"

	"github.com/ferret-go/uri"
	"github.com/ferret-go/uri/whatwg"
)

// What the messages say of the readers they name comes from the readers,
// called for real on the input when a finding is made: never from the
// layout models, which only place spans. A clean URL makes no finding and
// calls none of these.

// claim returns what the reader named (ReaderRFC3986, ReaderAppendixB,
// ReaderNetURL, ReaderWHATWG or the Name of one of Options.Readers) reads as the component comp
// (uri.ComponentHost, uri.ComponentPort or uri.ComponentScheme) of the
// input. The URL Standard reads a reference without a scheme against
// ExampleBase, as a page of a special scheme would.
func (c *checker) claim(reader string, comp uri.Component) Claim {
	cl := Claim{Reader: reader, Component: comp}
	var r Reading
	switch reader {
	case ReaderRFC3986:
		if !c.valid {
			// run's uri.ParseIRI(c.in) failed: not parsed again.
			cl.Rejects = true
			return cl
		}
		iri, err := uri.ParseIRI(c.in)
		if err != nil {
			cl.Rejects = true
			return cl
		}
		r.Scheme, r.Host, r.Port = iri.Scheme(), iri.DecodedHost(), iri.Port()
	case ReaderAppendixB:
		// rfcLayout is Appendix B's split (iriLayout gives the same for
		// a valid reference: FuzzLint).
		l := &c.rfc
		r.Scheme, r.Host, r.Port = l.scheme.of(c.in), l.host.of(c.in), l.port.of(c.in)
	case ReaderNetURL:
		readNetURLInto(&r, c.in)
	case ReaderWHATWG:
		if c.scheme == "" {
			cl.Base = ExampleBase
			u, err := whatwg.ParseWithBase(c.in, ExampleBase)
			fillWHATWG(&r, &u, err)
		} else {
			readWHATWGInto(&r, c.in)
		}
	default:
		// A reader of Options.Readers, by its Name.
		for _, o := range c.opts.Readers {
			if o.Name == reader && o.Read != nil {
				r = o.Read(c.in)
				break
			}
		}
	}
	if r.Err != nil {
		cl.Rejects = true
		return cl
	}
	switch comp {
	case uri.ComponentHost:
		cl.Value = r.Host
	case uri.ComponentPort:
		cl.Value = r.Port
	case uri.ComponentScheme:
		cl.Value = r.Scheme
	}
	return cl
}

// claims returns the claims of the readers named on comp, in order.
func (c *checker) claims(comp uri.Component, readers ...string) []Claim {
	out := make([]Claim, len(readers))
	for i, r := range readers {
		out[i] = c.claim(r, comp)
	}
	return out
}

// accepts reports whether some claim is not a rejection.
func accepts(cls []Claim) bool {
	for i := range cls {
		if !cls[i].Rejects {
			return true
		}
	}
	return false
}

// hostText reports a host that net/url and the URL Standard both read, as
// different text (CodeHostText); net and web are their claims on the host.
func (c *checker) hostText(net, web *Claim) {
	if net.Rejects || web.Rejects || net.Value == web.Value || net.Value == "" || web.Value == "" {
		// Only one reads a host: another host, not another spelling
		// (CodeDifferential, CodeSlashCount say so).
		return
	}
	n, w := net.Value, web.Value
	if whatwg.EndsInNumber(strings.ToLower(strings.TrimSuffix(n, "."))) {
		// An IPv4 address in another spelling: CodeIPv4Form says so.
		return
	}
	if len(n) <= 4*253 && strings.Contains(w, "xn--") {
		// The A-labels of the standard's host against net/url's text:
		// a U-label written as such ("bücher.de") is the same name in
		// the form IDNA 2008 displays (RFC 5890, section 2.3.2.1),
		// not another spelling; what the mapping of UTS #46 changed
		// (case, width, invisible characters, dots) is.
		if u, err := idna.Punycode.ToUnicode(w); err == nil {
			w = u
		}
		if n == w {
			return
		}
	}
	sev, why := Medium, ""
	if _, err := netip.ParseAddr(n); err == nil {
		sev, why = Low, " (the same IP address)"
	} else if strings.EqualFold(n, w) {
		sev, why = Low, " (case)"
	}
	msg := "net/url and browsers name the host with different text" + why + ": " + phrases([]Claim{*net, *web}) +
		"; a check of net/url's Host against a list of names misses the name browsers go to"
	switch {
	case !c.same && c.br.host.ok:
		c.addClean(CodeHostText, sev, uri.ComponentHost, c.br.host.start, c.br.host.end, msg, *net, *web)
	case c.rfc.host.ok:
		c.add(CodeHostText, sev, uri.ComponentHost, c.rfc.host.start, c.rfc.host.end, msg, *net, *web)
	default:
		c.add(CodeHostText, sev, uri.ComponentHost, 0, len(c.in), msg, *net, *web)
	}
}
