package site

import (
	"strconv"
	"strings"

	"github.com/ferret-go/uri"
	"github.com/ferret-go/uri/whatwg"
)

// Origin is the origin of a URI as RFC 6454 defines it (section 4): either a
// scheme/host/port triple, or an opaque origin, the "globally unique
// identifier" of section 4, which the zero Origin stands for. Origins are
// comparable with ==, but two opaque origins made from two URIs are not the
// same origin: use [SameOrigin], or [Origin.Same].
type Origin struct {
	// Scheme is the URI's scheme in lower case.
	Scheme string
	// Host is the URI's host in lower case, an IP-literal with its brackets.
	Host string
	// Port is the URI's port, or the scheme's default port when the URI has
	// none; 0 when the scheme has no default port known to this package.
	Port uint16
}

// defaultPort returns the default port of the schemes whose origins the
// URL Standard knows (its special schemes but file, whose default port is
// null), or 0.
func defaultPort(scheme string) uint16 {
	port, _ := whatwg.DefaultPort(scheme)
	return port
}

// OriginOf returns the origin of u (RFC 6454, section 4). u must have a
// scheme and a host for the origin to be a triple: a relative reference, a
// URI without an authority or with an empty host, a "file" URI (section 4,
// step 1 leaves it to the implementation; browsers make it opaque) and a URI
// whose port does not fit in 16 bits give the opaque origin. The host is
// lowercased (section 4, step 5) and percent-encoded octets of a reg-name are
// decoded; the port is the explicit port if there is one, otherwise the
// scheme's default (80 for http and ws, 443 for https and wss, 21 for ftp).
func OriginOf(u uri.URI) Origin {
	if !u.HasScheme() || u.HostKind() == uri.HostNone || u.Host() == "" {
		return Origin{}
	}
	scheme := lower(u.Scheme())
	if scheme == "file" {
		return Origin{}
	}
	h := u.Host()
	if u.HostKind() == uri.HostRegName && strings.IndexByte(h, '%') >= 0 {
		h = u.DecodedHost()
	}
	o := Origin{Scheme: scheme, Host: lower(h), Port: defaultPort(scheme)}
	if u.Port() != "" {
		p, ok := u.PortNumber()
		if !ok {
			return Origin{}
		}
		o.Port = p
	}
	return o
}

// IsOpaque reports whether o is an opaque origin (RFC 6454, section 4: a
// globally unique identifier).
func (o Origin) IsOpaque() bool { return o.Scheme == "" }

// Same reports whether o and p are the same origin (RFC 6454, section 5):
// two triples that are equal, scheme, host and port. An opaque origin is the
// same as no origin made from another URI, so Same is false when either is
// opaque.
func (o Origin) Same(p Origin) bool { return !o.IsOpaque() && o == p }

// String returns the ASCII serialization of o (RFC 6454, section 6.2):
// "null" for an opaque origin, otherwise scheme "://" host, then ":" and the
// port when it is not the scheme's default.
func (o Origin) String() string {
	if o.IsOpaque() {
		return "null"
	}
	s := o.Scheme + "://" + o.Host
	if o.Port != 0 && o.Port != defaultPort(o.Scheme) {
		s += ":" + strconv.Itoa(int(o.Port))
	}
	return s
}

// SameOrigin reports whether a and b have the same origin (RFC 6454,
// section 5). URIs with opaque origins are never same-origin.
func SameOrigin(a, b uri.URI) bool { return OriginOf(a).Same(OriginOf(b)) }

// Site is a schemeful site (HTML Standard, "obtain a site"; RFC 6265bis,
// section 5.2): a scheme and the registrable domain of the host, or the
// whole host when it has none (an IP address, a public suffix itself, or a
// single label such as "localhost").
type Site struct {
	Scheme string // the scheme in lower case
	Host   string // the registrable domain, or the host
}

// String returns the site as a URL without a path: scheme "://" host.
func (s Site) String() string { return s.Scheme + "://" + s.Host }

// SiteOf returns the schemeful site of u. ok is false when u's origin is
// opaque (see [OriginOf]): an opaque origin is a site of its own, which no
// other URI shares.
func SiteOf(u uri.URI) (s Site, ok bool) {
	o := OriginOf(u)
	if o.IsOpaque() {
		return Site{}, false
	}
	s = Site{Scheme: o.Scheme, Host: o.Host}
	if u.HostKind() == uri.HostRegName {
		if d, ok := HostRegistrableDomain(o.Host); ok {
			s.Host = d
		}
	}
	return s, true
}

// SameSite reports whether a and b are schemeful same-site (HTML Standard,
// "same site"): their schemes are equal and so are their hosts' registrable
// domains, or their hosts when they have none. The port does not count. URIs
// with opaque origins are never same-site.
func SameSite(a, b uri.URI) bool {
	sa, oka := SiteOf(a)
	sb, okb := SiteOf(b)
	return oka && okb && sa == sb
}
