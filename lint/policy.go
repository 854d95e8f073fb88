package lint

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/ferret-go/uri"
)

// Policy answers "is this URL safe to fetch, or to redirect to?" on top of
// [Lint]. The zero Policy is the strict one: http and https only, any host
// that is a name (no IP address, no internal name), any port browsers
// allow, no userinfo, and no finding of severity Medium or above.
//
// The check and the use must read the URL alike, or the check is worth
// nothing (the lesson of golang/go#29098 and its successors): use the URI
// that [Policy.Check] returns, whose host is in its ASCII form, rather than
// the string it was given. A Policy is a value, safe for concurrent use as
// long as its slices are not modified.
type Policy struct {
	// Schemes are the allowed schemes, lowercase; nil means http and https.
	Schemes []string
	// Hosts are the allowed hosts, compared without case in their ASCII
	// (IDNA) form: "example.com" allows that host, ".example.com" that
	// host and every host under it. nil allows any host.
	Hosts []string
	// Ports are the allowed ports; nil allows any. A URL without a port
	// has its scheme's default port for this check (80 for http, 443 for
	// https and the others of uri.DefaultSchemes).
	Ports []uint16
	// AllowUserinfo allows a userinfo ("user:password@").
	AllowUserinfo bool
	// AllowIP allows a host that is an IP address (in the standard form:
	// other spellings are CodeIPv4Form findings).
	AllowIP bool
	// AllowInternal allows loopback, private, link-local and metadata
	// addresses and names (CodeInternalAddress).
	AllowInternal bool
	// Threshold is the severity at and above which a finding rejects the
	// URL; zero means Medium.
	Threshold Severity
	// Readers are the parsers, besides net/url and the URL Standard's,
	// that will also read the URL: the services behind this check written
	// in other languages (see [Options.Readers] and [ReadersNamed]). A URL
	// one of them reads with another host than RFC 3986 is rejected (a
	// High [CodeDifferential]), and so is one that one of them rejects
	// when Threshold is Low. nil: none.
	Readers []Reader
}

// ErrRejected is the cause of every error of [Policy.Check]: errors.Is
// matches a *PolicyError with it.
var ErrRejected = errors.New("URL rejected by policy")

// PolicyError says why [Policy.Check] rejected a URL: Reason in a few
// words, and the finding that decided, if one did.
type PolicyError struct {
	Input   string
	Reason  string
	Finding *Finding
}

// Error returns a message such as
// `lint: URL rejected by policy: host "evil.example" not allowed`.
func (e *PolicyError) Error() string {
	msg := "lint: " + ErrRejected.Error() + ": " + e.Reason
	if e.Finding != nil {
		msg += " (" + e.Finding.String() + ")"
	}
	return msg
}

// Unwrap returns ErrRejected.
func (e *PolicyError) Unwrap() error { return ErrRejected }

// Check returns s as a URI when p allows it, or a *PolicyError. s must be
// an absolute URI (RFC 3986, section 4.3) or IRI; an IRI's non-ASCII host
// comes back in A-labels, as a resolver sees it.
func (p Policy) Check(s string) (uri.URI, error) {
	reject := func(reason string, f *Finding) (uri.URI, error) {
		return uri.URI{}, &PolicyError{Input: s, Reason: reason, Finding: f}
	}
	threshold := p.Threshold
	if threshold == 0 {
		threshold = Medium
	}
	// Lint's own parse of s as an IRI reference is the IRI that
	// uri.Options{Rule: uri.RuleURI}.ParseIRI returns when s has a
	// scheme (the same grammar, RFC 3987, section 2.2, no limits and no
	// extensions), so s is parsed once (Policy.Check on an IP-literal
	// URL of userbait.txt under callgrind: about 1,300 instructions
	// fewer, see bench/README.md, "The guarded fetch"). Otherwise the
	// parse by that rule gives the error.
	var i uri.IRI
	findings, valid := (Options{SSRF: !p.AllowInternal, Navigation: true, Readers: p.Readers}).lintIRI(s, &i)
	for _, f := range findings {
		if f.Severity < threshold || p.AllowUserinfo && (f.Code == CodeUserinfoHTTP || f.Code == CodePassword) {
			continue
		}
		return reject(string(f.Code), &f)
	}
	if !valid || i.IsRelative() {
		var err error
		if i, err = (uri.Options{Rule: uri.RuleURI}).ParseIRI(s); err != nil {
			return reject(err.Error(), nil)
		}
	}
	u, err := i.ToURI()
	if err != nil {
		return reject(err.Error(), nil)
	}
	scheme := lowerScheme(u.Scheme())
	schemes := p.Schemes
	if schemes == nil {
		schemes = []string{"http", "https"}
	}
	if !slices.Contains(schemes, scheme) {
		return reject("scheme "+strconv.Quote(scheme)+" not allowed", nil)
	}
	if !u.HasAuthority() || u.Host() == "" {
		return reject("no host", nil)
	}
	if u.HasUserinfo() && !p.AllowUserinfo {
		return reject("userinfo not allowed", nil)
	}
	host := strings.ToLower(u.DecodedHost())
	switch u.HostKind() {
	case uri.HostIPv4, uri.HostIPv6, uri.HostIPvFuture:
		if !p.AllowIP {
			return reject("IP address host "+strconv.Quote(host)+" not allowed", nil)
		}
		if !p.AllowInternal {
			if kind := internalKind(u.Addr()); kind != "" {
				return reject("host "+strconv.Quote(host)+" is "+kind+" address", nil)
			}
		}
	}
	if p.Hosts != nil && !hostAllowed(p.Hosts, strings.TrimSuffix(host, ".")) {
		return reject("host "+strconv.Quote(host)+" not allowed", nil)
	}
	if p.Ports != nil {
		port, ok := u.PortNumber()
		if !ok && u.Port() != "" {
			return reject("port "+strconv.Quote(u.Port())+" out of range", nil)
		}
		if u.Port() == "" {
			port, _ = uri.DefaultPort(scheme)
		}
		allowed := false
		for _, q := range p.Ports {
			allowed = allowed || q == port && port != 0
		}
		if !allowed {
			return reject("port "+strconv.Itoa(int(port))+" not allowed", nil)
		}
	}
	return u, nil
}

// hostAllowed reports whether host matches one of the patterns of
// Policy.Hosts.
func hostAllowed(patterns []string, host string) bool {
	for _, p := range patterns {
		p = strings.ToLower(p)
		if strings.HasPrefix(p, ".") {
			if host == p[1:] || strings.HasSuffix(host, p) {
				return true
			}
		} else if host == p {
			return true
		}
	}
	return false
}
