package guard

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/ferret-go/uri"
	"github.com/ferret-go/uri/lint"
	"github.com/ferret-go/uri/whatwg"
)

// Guard checks URLs and the addresses they lead to before anything is
// dialed. Its zero value is the strict guard: the zero lint.Policy (http
// and https, host names only, no userinfo, no finding of severity Medium
// or above), every rule of the registries, the default resolver, at most
// 10 redirects, no proxy. A Guard is safe for concurrent use as long as
// its fields are not modified; Client and Transport copy it.
type Guard struct {
	// Policy decides on the URL string, and on every redirect target, as
	// lint.Policy.Check does. Its AllowInternal field is not consulted:
	// the guard judges every address itself, by its rules and Allow.
	Policy lint.Policy

	// Resolver looks up host names; nil means net.DefaultResolver. An
	// error of the resolver (a timeout included) is the guard's error:
	// there is no fall-back to another resolver.
	Resolver *net.Resolver

	// Allow holds addresses allowed although a rule would block them: an
	// on-premise service, or a loopback address that stands for a public
	// one in tests. Deny holds addresses blocked although no rule
	// would. The longest prefix of the two that holds an address decides,
	// Deny on a tie; the registries and the cloud metadata addresses
	// decide addresses in neither, so that an Allow prefix that holds
	// 169.254.169.254 opens it.
	Allow, Deny []netip.Prefix

	// AllowNames holds host names allowed although a name rule (such as
	// ".internal") would block them, in the form of lint.Policy.Hosts:
	// "svc.internal" for that name, ".corp.internal" for it and every
	// name under it. The addresses they resolve to are still judged.
	AllowNames []string

	// MaxRedirects is the most redirects a Client follows: zero means 10,
	// a negative number none (the Client returns the redirect response).
	MaxRedirects int

	// AllowDowngrade lets a redirect go from https to http.
	AllowDowngrade bool

	// Proxy, when not nil, is the one proxy every request goes through.
	// Proxies named by the environment (HTTP_PROXY and the others) are
	// ignored: a proxy resolves the host itself, out of the guard's
	// sight. With Proxy set, the guard still checks each URL and the
	// addresses its host resolves to here, but the proxy resolves again
	// and connects: the proxy is the place where the addresses must be
	// enforced (an egress proxy such as Smokescreen). The proxy's own
	// address is not judged.
	Proxy *url.URL

	// TLSConfig is the TLS configuration of Transport; nil means the
	// defaults of crypto/tls.
	TLSConfig *tls.Config

	// DialTimeout bounds each connection attempt; zero means 30 seconds.
	DialTimeout time.Duration
}

// ErrBlocked is the cause of every refusal of the guard: errors.Is matches
// a *BlockedError with it.
var ErrBlocked = errors.New("blocked by guard")

// ErrNoAddress says that a host name resolved to no address.
var ErrNoAddress = errors.New("guard: host resolves to no address")

// ErrTooManyRedirects says that a Client stopped after Guard.MaxRedirects
// redirects.
var ErrTooManyRedirects = errors.New("guard: too many redirects")

// BlockedError says what the guard refused and why. errors.Is(err,
// ErrBlocked) holds for it; when the lint.Policy decided, Err is its
// *lint.PolicyError, so errors.Is(err, lint.ErrRejected) holds too.
type BlockedError struct {
	// URL is the URL refused, with its password redacted; empty for
	// DialContext.
	URL string
	// Host is the host name or address of the URL or the dial.
	Host string
	// Addr is the address refused; the zero Addr when the URL or the
	// name was refused before any address.
	Addr netip.Addr
	// Rule is what decided.
	Rule Rule
	// Err is the Policy's error, when it decided.
	Err error
}

// Error returns a message such as
// `guard: blocked by guard: http://a.example/ -> 10.0.0.1: 10.0.0.0/8 Private-Use (IPv4 Special-Purpose, RFC 1918)`.
func (e *BlockedError) Error() string {
	var b strings.Builder
	b.WriteString("guard: ")
	b.WriteString(ErrBlocked.Error())
	b.WriteString(": ")
	switch {
	case e.URL != "":
		b.WriteString(e.URL)
	case e.Host != "":
		b.WriteString(e.Host)
	}
	if e.Addr.IsValid() {
		b.WriteString(" -> ")
		b.WriteString(e.Addr.String())
	}
	b.WriteString(": ")
	b.WriteString(e.Rule.String())
	return b.String()
}

// Is reports whether target is ErrBlocked.
func (e *BlockedError) Is(target error) bool { return target == ErrBlocked }

// Unwrap returns the Policy's error, or nil.
func (e *BlockedError) Unwrap() error { return e.Err }

// checkURL runs the Policy on s and returns the URI it gave.
func (g *Guard) checkURL(s string) (uri.URI, error) {
	pol := g.Policy
	// The guard judges addresses and names itself (judge, nameRule),
	// with Allow; lint's internal-address findings would refuse what
	// Allow opens.
	pol.AllowInternal = true
	u, err := pol.Check(s)
	if err != nil {
		var pe *lint.PolicyError
		reason := err.Error()
		if errors.As(err, &pe) {
			reason = pe.Reason
			if pe.Finding != nil {
				reason = pe.Finding.String()
			}
		}
		return uri.URI{}, &BlockedError{URL: lint.Redact(s), Rule: Rule{Name: "lint.Policy", Ref: reason, Registry: "policy"}, Err: err}
	}
	return u, nil
}

// target is where a URL leads: an address, or a name to resolve.
type target struct {
	addr netip.Addr
	name string
}

// hostTarget returns the address or the name of the host of u, which
// Policy.Check returned.
func hostTarget(u uri.URI) (target, error) {
	switch u.HostKind() {
	case uri.HostIPv4, uri.HostIPv6:
		return target{addr: u.Addr()}, nil
	case uri.HostIPvFuture:
		return target{}, fmt.Errorf("guard: IPvFuture host %q: no address to dial", u.Host())
	}
	return target{name: strings.ToLower(u.Host())}, nil
}

// Check runs the Policy on rawURL, resolves its host and judges every
// address it resolves to, as a request through Client would, without
// connecting. It returns the URI to request and the addresses; when any
// of them is blocked, the error is a *BlockedError (all addresses are
// returned still, so that a caller can show them). A name is resolved
// with the Resolver; an IP-literal host is not resolved.
func (g *Guard) Check(ctx context.Context, rawURL string) (uri.URI, []netip.Addr, error) {
	u, err := g.checkURL(rawURL)
	if err != nil {
		return uri.URI{}, nil, err
	}
	t, err := hostTarget(u)
	if err != nil {
		return uri.URI{}, nil, err
	}
	addrs, err := g.resolve(ctx, "ip", t)
	if err != nil {
		var be *BlockedError
		if errors.As(err, &be) {
			be.URL = lint.Redact(rawURL)
		}
		return u, addrs, err
	}
	return u, addrs, nil
}

// resolve returns the addresses of t, each judged; when one is blocked,
// the error is a *BlockedError for it, and all addresses come back.
func (g *Guard) resolve(ctx context.Context, network string, t target) ([]netip.Addr, error) {
	if t.addr.IsValid() {
		if v := judge(g.Allow, g.Deny, t.addr); v.blocked {
			return []netip.Addr{t.addr}, &BlockedError{Host: t.addr.String(), Addr: t.addr, Rule: v.rule}
		}
		return []netip.Addr{t.addr}, nil
	}
	name := t.name
	if err := checkName(name); err != nil {
		return nil, err
	}
	if !g.nameAllowed(name) {
		if r, ok := nameRule(name); ok {
			return nil, &BlockedError{Host: name, Rule: r}
		}
	}
	res := g.Resolver
	if res == nil {
		res = net.DefaultResolver
	}
	addrs, err := res.LookupNetIP(ctx, network, name)
	if err != nil {
		return nil, fmt.Errorf("guard: resolving %q: %w", name, err)
	}
	if len(addrs) == 0 {
		return nil, fmt.Errorf("%w: %q", ErrNoAddress, name)
	}
	for i, a := range addrs {
		addrs[i] = a.Unmap()
	}
	// One blocked address blocks the request: a name that holds both a
	// public and an internal address is the attacker's, and a dialer
	// that fell back from one to the other would reach the internal one.
	for _, a := range addrs {
		if v := judge(g.Allow, g.Deny, a); v.blocked {
			return addrs, &BlockedError{Host: name, Addr: a, Rule: v.rule}
		}
	}
	return addrs, nil
}

// checkName refuses a host name that is no DNS name for a resolver: too
// long (RFC 1035, section 2.3.4), with an empty label, or ending in a
// number (the URL Standard's host parser and inet_aton read those as IPv4
// addresses; Check has turned the ones that are into addresses).
func checkName(name string) error {
	n := strings.TrimSuffix(name, ".")
	switch {
	case n == "":
		return &BlockedError{Host: name, Rule: Rule{Name: "empty host name", Registry: "name"}}
	case len(n) > 253:
		return &BlockedError{Host: name, Rule: Rule{Name: "host name longer than 253 octets", Ref: "RFC 1035, section 2.3.4", Registry: "name"}}
	case strings.Contains(n, ".."):
		return &BlockedError{Host: name, Rule: Rule{Name: "empty label in host name", Ref: "RFC 1035, section 2.3.1", Registry: "name"}}
	case whatwg.EndsInNumber(n):
		return &BlockedError{Host: name, Rule: Rule{Name: "host name ending in a number (an IPv4 address to browsers and inet_aton)", Ref: "URL Standard, host parsing", Registry: "name"}}
	}
	for i := 0; i < len(n); i++ {
		c := n[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '.' || c == '_') {
			return &BlockedError{Host: name, Rule: Rule{Name: "byte " + strconv.QuoteRune(rune(c)) + " in host name at offset " + strconv.Itoa(i), Ref: "RFC 1123, section 2.1", Registry: "name"}}
		}
	}
	return nil
}

// nameAllowed reports whether AllowNames opens name.
func (g *Guard) nameAllowed(name string) bool {
	name = strings.TrimSuffix(name, ".")
	for _, pat := range g.AllowNames {
		pat = strings.ToLower(pat)
		if strings.HasPrefix(pat, ".") {
			if name == pat[1:] || strings.HasSuffix(name, pat) {
				return true
			}
		} else if name == pat {
			return true
		}
	}
	return false
}

// dialer returns the net.Dialer of the guard: its Control judges the
// address of every socket before it connects, so that nothing reaches an
// address the rules block, whatever called the dialer.
func (g *Guard) dialer() *net.Dialer {
	timeout := g.DialTimeout
	if timeout == 0 {
		timeout = 30 * time.Second
	}
	allow, deny := g.Allow, g.Deny
	return &net.Dialer{
		Timeout:   timeout,
		KeepAlive: 30 * time.Second,
		Control: func(network, address string, _ syscall.RawConn) error {
			ap, err := netip.ParseAddrPort(address)
			if err != nil {
				return fmt.Errorf("guard: dialing %q: not an address: %w", address, err)
			}
			if v := judge(allow, deny, ap.Addr()); v.blocked {
				return &BlockedError{Host: address, Addr: ap.Addr(), Rule: v.rule}
			}
			return nil
		},
	}
}

// DialContext connects to address ("host:port") on the network ("tcp",
// "tcp4", "tcp6", "udp", "udp4" or "udp6") as net.Dialer does, for
// protocols other than HTTP: a name is resolved once with the Resolver,
// every address is judged (one blocked blocks the dial), and the
// connection goes to those addresses only, dialed as addresses, so that
// no second resolution can change them (DNS rebinding). The port must be
// a number. A refusal is a *BlockedError.
func (g *Guard) DialContext(ctx context.Context, network, address string) (net.Conn, error) {
	var lookup string
	switch network {
	case "tcp", "udp":
		lookup = "ip"
	case "tcp4", "udp4":
		lookup = "ip4"
	case "tcp6", "udp6":
		lookup = "ip6"
	default:
		return nil, fmt.Errorf("guard: dialing %q: network %q not supported", address, network)
	}
	host, portText, err := net.SplitHostPort(address)
	if err != nil {
		return nil, fmt.Errorf("guard: dialing %q: %w", address, err)
	}
	port, err := strconv.ParseUint(portText, 10, 16)
	if err != nil {
		return nil, fmt.Errorf("guard: dialing %q: port %q is not a number from 0 to 65535", address, portText)
	}
	t, err := dialTarget(host)
	if err != nil {
		return nil, err
	}
	addrs, err := g.resolve(ctx, lookup, t)
	if err != nil {
		return nil, err
	}
	d := g.dialer()
	var first error
	for _, a := range addrs {
		if a.Is4() && lookup == "ip6" || a.Is6() && lookup == "ip4" {
			continue
		}
		c, err := d.DialContext(ctx, network, netip.AddrPortFrom(a, uint16(port)).String())
		if err == nil {
			return c, nil
		}
		if first == nil {
			first = err
		}
		if ctx.Err() != nil {
			break
		}
	}
	if first == nil {
		first = fmt.Errorf("%w: %q for %s", ErrNoAddress, host, network)
	}
	return nil, first
}

// dialTarget reads the host of a dial: an IP address (IPv6 with its zone
// as net.SplitHostPort leaves it), an IPv4 address in any form the URL
// Standard takes ("0x7f.1": whatwg.ParseIPv4, so that a system resolver
// that reads it as inet_aton does meets no name it would turn into an
// address), or a name.
func dialTarget(host string) (target, error) {
	if a, err := netip.ParseAddr(host); err == nil {
		return target{addr: a}, nil
	}
	name := strings.ToLower(host)
	if whatwg.EndsInNumber(strings.TrimSuffix(name, ".")) {
		a, err := whatwg.ParseIPv4(name)
		if err != nil {
			return target{}, &BlockedError{Host: host, Rule: Rule{Name: "host name ending in a number that is no IPv4 address", Ref: "URL Standard, host parsing", Registry: "name"}, Err: err}
		}
		return target{addr: a}, nil
	}
	return target{name: name}, nil
}
