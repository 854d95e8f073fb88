package guard

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/ferret-go/uri"
	"github.com/ferret-go/uri/lint"
)

// Client returns an http.Client whose requests go through Transport and
// whose redirects are checked as the first request is: the Location,
// resolved against the URL requested (RFC 3986, section 5.2; RFC 9110,
// section 10.2.2), goes through the Policy and the address rules again;
// at most MaxRedirects are followed; https to http is refused unless
// AllowDowngrade; the Authorization, Proxy-Authorization and Cookie
// headers the caller set are dropped once a redirect leaves the origin
// (scheme, host and port) of the first request. Make one Client and
// reuse it: its connections are kept for the requests after.
func (g *Guard) Client() *http.Client {
	c := *g
	return &http.Client{Transport: c.Transport(), CheckRedirect: c.checkRedirect}
}

// NewRequest returns a request for rawURL made from the URI that the
// Policy returned for it, never from rawURL itself, so that net/http
// requests what was checked (the lesson of golang/go#29098). Use it
// rather than http.NewRequest, which parses rawURL with net/url before
// the guard sees it: Transport checks req.URL, net/url's reading.
func (g *Guard) NewRequest(ctx context.Context, method, rawURL string, body io.Reader) (*http.Request, error) {
	u, err := g.checkURL(rawURL)
	if err != nil {
		return nil, err
	}
	return http.NewRequestWithContext(ctx, method, u.String(), body)
}

// Transport returns an http.RoundTripper that checks every request's URL
// with the Policy, makes the request from the URI the Policy returned,
// and connects through DialContext, with the proxies of the environment
// ignored (see Guard.Proxy). It follows no redirect (Client does). It has
// the method CloseIdleConnections.
func (g *Guard) Transport() http.RoundTripper {
	c := *g
	ht := &http.Transport{
		DialContext:           c.DialContext,
		ForceAttemptHTTP2:     true,
		MaxIdleConns:          100,
		IdleConnTimeout:       90 * time.Second,
		TLSHandshakeTimeout:   10 * time.Second,
		ExpectContinueTimeout: time.Second,
		TLSClientConfig:       c.TLSConfig.Clone(),
	}
	if c.Proxy != nil {
		proxy := *c.Proxy
		ht.Proxy = http.ProxyURL(&proxy)
		addr := proxyAddr(&proxy)
		d := c.dialerTo()
		ht.DialContext = func(ctx context.Context, network, address string) (net.Conn, error) {
			// With a proxy, every connection goes to the proxy.
			if address != addr {
				return nil, fmt.Errorf("guard: dialing %q: only the proxy %q is dialed", address, addr)
			}
			return d.DialContext(ctx, network, address)
		}
	}
	return &transport{g: c, ht: ht}
}

// proxyAddr returns the host:port that http.Transport dials for proxy u.
func proxyAddr(u *url.URL) string {
	port := u.Port()
	if port == "" {
		p, _ := uri.DefaultPort(strings.ToLower(u.Scheme))
		port = strconv.Itoa(int(p))
	}
	return net.JoinHostPort(u.Hostname(), port)
}

// dialerTo returns a plain dialer with the guard's timeout, for the
// proxy, whose address the guard does not judge.
func (g *Guard) dialerTo() *net.Dialer {
	d := g.dialer()
	d.Control = nil
	return d
}

type transport struct {
	g  Guard
	ht *http.Transport
}

// CloseIdleConnections closes the idle connections of the transport.
func (t *transport) CloseIdleConnections() { t.ht.CloseIdleConnections() }

// RoundTrip checks req's URL and sends the request, made from the URI the
// Policy returned.
func (t *transport) RoundTrip(req *http.Request) (*http.Response, error) {
	fail := func(err error) (*http.Response, error) {
		if req.Body != nil {
			req.Body.Close()
		}
		return nil, err
	}
	if req.URL == nil {
		return fail(errors.New("guard: request without a URL"))
	}
	s := req.URL.String()
	u, err := t.g.checkURL(s)
	if err != nil {
		return fail(err)
	}
	if t.g.Proxy != nil {
		// The proxy resolves the host again and connects: this check
		// refuses what the guard sees, the proxy must enforce the rest.
		tg, err := hostTarget(u)
		if err != nil {
			return fail(err)
		}
		if _, err := t.g.resolve(req.Context(), "ip", tg); err != nil {
			return fail(withURL(err, s))
		}
	}
	if us := u.String(); us != s {
		nu, err := url.Parse(us)
		if err != nil {
			return fail(fmt.Errorf("guard: net/url does not read the checked URL %q: %w", us, err))
		}
		r2 := req.Clone(req.Context())
		r2.URL = nu
		req = r2
	}
	resp, err := t.ht.RoundTrip(req)
	if err != nil {
		return nil, withURL(err, s)
	}
	return resp, nil
}

// withURL returns err with the URL s in its *BlockedError, if it holds
// one without a URL. The error may be shared by requests that waited on
// one dial, so the BlockedError is copied, not changed.
func withURL(err error, s string) error {
	var be *BlockedError
	if errors.As(err, &be) && be.URL == "" {
		c := *be
		c.URL = lint.Redact(s)
		return &c
	}
	return err
}

// origin returns the origin of u (RFC 6454, section 4): scheme, host and
// port, the default port written out.
func origin(u *url.URL) string {
	scheme := strings.ToLower(u.Scheme)
	port := u.Port()
	if port == "" {
		if p, ok := uri.DefaultPort(scheme); ok {
			port = strconv.Itoa(int(p))
		}
	}
	return scheme + "://" + strings.ToLower(u.Hostname()) + ":" + port
}

// sensitive are the headers a redirect to another origin must not carry:
// credentials of the first origin (RFC 9110, sections 11.6.2 and 11.7.2;
// RFC 6265, section 5.4).
var sensitive = []string{"Authorization", "Proxy-Authorization", "Cookie", "Cookie2"}

// checkRedirect is the CheckRedirect of Client.
func (g *Guard) checkRedirect(req *http.Request, via []*http.Request) error {
	limit := g.MaxRedirects
	if limit < 0 {
		return http.ErrUseLastResponse
	}
	if limit == 0 {
		limit = 10
	}
	if len(via) > limit {
		return fmt.Errorf("%w: %d followed, the limit (Guard.MaxRedirects)", ErrTooManyRedirects, limit)
	}
	prev := via[len(via)-1]
	// The Location as the server sent it, resolved by RFC 3986 against
	// the URL requested, rather than net/url's reading of it.
	loc := ""
	if req.Response != nil {
		loc = req.Response.Header.Get("Location")
	}
	refuse := func(name, ref string, err error) error {
		return &BlockedError{URL: lint.Redact(loc), Host: req.URL.Host, Rule: Rule{Name: name, Ref: ref, Registry: "redirect"}, Err: err}
	}
	base, err := uri.Parse(prev.URL.String())
	if err != nil {
		return refuse("redirect from a URL that is no URI", err.Error(), err)
	}
	ref, err := uri.Parse(loc)
	if err != nil {
		return refuse("Location that is no URI reference", "RFC 9110, section 10.2.2; "+err.Error(), err)
	}
	target, err := base.Resolve(ref)
	if err != nil {
		return refuse("Location that does not resolve", err.Error(), err)
	}
	u, err := g.checkURL(target.String())
	if err != nil {
		return err
	}
	if strings.EqualFold(prev.URL.Scheme, "https") && strings.EqualFold(u.Scheme(), "http") && !g.AllowDowngrade {
		return &BlockedError{URL: lint.Redact(target.String()), Host: u.Host(),
			Rule: Rule{Name: "Guard.AllowDowngrade", Ref: "a redirect from https to http", Registry: "redirect"}}
	}
	nu, err := url.Parse(u.String())
	if err != nil {
		return refuse("Location that net/url does not read", err.Error(), err)
	}
	if req.Host != "" && !strings.EqualFold(req.Host, nu.Host) {
		req.Host = ""
	}
	req.URL = nu
	// Credentials stay with the first origin: once a hop leaves it,
	// they are gone for good.
	first := origin(via[0].URL)
	for _, r := range append(via[1:], req) {
		if origin(r.URL) != first {
			for _, h := range sensitive {
				req.Header.Del(h)
			}
			break
		}
	}
	return nil
}
