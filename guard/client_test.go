package guard

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"golang.org/x/net/http/httpproxy"
	"golang.org/x/net/idna"
)

// site is a test web site: an HTTP server on public and one on internal,
// on the same port, each counting its requests, and a DNS server.
type site struct {
	port     string
	pubHits  atomic.Int32
	inHits   atomic.Int32
	dns      *dnsServer
	pub, in  *countingListener
	tlsPort  string
	tlsCerts *x509.CertPool
}

// handler serves /ok, /redir?to=LOCATION (302), /loop (302 to itself)
// and /echo (the credentials it was sent).
func handler(hits *atomic.Int32, who string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		switch r.URL.Path {
		case "/redir":
			w.Header().Set("Location", r.URL.Query().Get("to"))
			w.WriteHeader(http.StatusFound)
		case "/loop":
			w.Header().Set("Location", "/loop")
			w.WriteHeader(http.StatusFound)
		case "/echo":
			for _, h := range []string{"Authorization", "Proxy-Authorization", "Cookie"} {
				io.WriteString(w, h+"="+r.Header.Get(h)+";")
			}
		default:
			io.WriteString(w, who+" "+r.Host+" "+r.URL.RequestURI())
		}
	})
}

func startSite(t *testing.T) *site {
	t.Helper()
	port, pub, in := bindPair(t)
	st := &site{port: strconv.Itoa(port), pub: pub, in: in}
	for _, x := range []struct {
		l    *countingListener
		hits *atomic.Int32
		who  string
	}{{pub, &st.pubHits, "public"}, {in, &st.inHits, "internal"}} {
		srv := &http.Server{Handler: handler(x.hits, x.who)}
		go srv.Serve(x.l)
		t.Cleanup(func() { srv.Close() })
	}
	// An https server on public.
	ts := httptest.NewUnstartedServer(handler(&st.pubHits, "public-tls"))
	l, err := net.Listen("tcp", netip.AddrPortFrom(public, 0).String())
	if err != nil {
		t.Fatal(err)
	}
	ts.Listener.Close()
	ts.Listener = l
	ts.StartTLS()
	t.Cleanup(ts.Close)
	st.tlsPort = strconv.Itoa(l.Addr().(*net.TCPAddr).Port)
	st.tlsCerts = x509.NewCertPool()
	st.tlsCerts.AddCert(ts.Certificate())

	st.dns = startDNS(t, static(map[string][]string{
		"public.test":          {"127.0.0.2"},
		"sub.public.test":      {"127.0.0.2"},
		"other.test":           {"127.0.0.2"},
		"internal.test":        {"127.0.0.1"},
		"xn--pblic-7ua.test":   {"127.0.0.2"},
		"metadata-rebind.test": {"169.254.169.254"},
		"ten.test":             {"10.0.0.1"},
	}))
	return st
}

func (st *site) guard() *Guard {
	g := testGuard(st.dns)
	// httptest's certificate names example.com.
	g.TLSConfig = &tls.Config{RootCAs: st.tlsCerts, ServerName: "example.com"}
	return g
}

func (st *site) url(host, path string) string {
	return "http://" + host + ":" + st.port + path
}

func get(t *testing.T, c *http.Client, rawURL string, header map[string]string) (string, *http.Response, error) {
	t.Helper()
	req, err := http.NewRequest("GET", rawURL, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := c.Do(req)
	if err != nil {
		return "", nil, err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return string(b), resp, nil
}

// noInternal checks that the internal server saw no request.
func (st *site) noInternal(t *testing.T) {
	t.Helper()
	if n := st.inHits.Load(); n != 0 {
		t.Errorf("the internal server got %d requests", n)
	}
}

func TestClientGet(t *testing.T) {
	st := startSite(t)
	c := st.guard().Client()
	body, resp, err := get(t, c, st.url("public.test", "/ok"), nil)
	if err != nil || resp.StatusCode != 200 || body != "public public.test:"+st.port+" /ok" {
		t.Fatalf("GET = %q, %v", body, err)
	}
	for _, tc := range []struct{ url, rule string }{
		{st.url("internal.test", "/ok"), "Loopback"},
		{st.url("ten.test", "/"), "Private-Use"},
		{st.url("localhost", "/"), ".localhost"},
		{st.url("127.0.0.1", "/"), "lint.Policy"},
		{"http://metadata-rebind.test/latest/meta-data/", "cloud metadata"},
	} {
		_, _, err := get(t, c, tc.url, nil)
		blockedBy(t, err, tc.rule)
	}
	st.noInternal(t)
}

// TestNewRequest checks that the request is made from the URI the Policy
// returned: an IRI's host goes to DNS in A-labels.
func TestNewRequest(t *testing.T) {
	st := startSite(t)
	g := st.guard()
	req, err := g.NewRequest(context.Background(), "GET", "http://públic.test:"+st.port+"/ok", nil)
	if err != nil {
		t.Fatal(err)
	}
	// The A-label form by x/net/idna, the reader of net/http.
	want, err := idna.Lookup.ToASCII("públic.test")
	if err != nil {
		t.Fatal(err)
	}
	if req.URL.Host != want+":"+st.port {
		t.Fatalf("request host %q, want the A-label form", req.URL.Host)
	}
	resp, err := g.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if _, err := g.NewRequest(context.Background(), "GET", "http://127.0.0.2@internal.test/", nil); !errors.Is(err, ErrBlocked) {
		t.Fatalf("NewRequest with a host in the userinfo: %v", err)
	}
}

// TestRedirects sends redirects to each blocked class, to other schemes,
// and Locations that do not parse: each refused, the internal server
// never reached.
func TestRedirects(t *testing.T) {
	st := startSite(t)
	g := st.guard()
	g.Policy.AllowIP = true // so that the address rules, not the Policy, decide IP literals
	c := g.Client()
	redir := func(to string) string { return st.url("public.test", "/redir?to="+url.QueryEscape(to)) }
	for _, tc := range []struct{ to, rule string }{
		{st.url("internal.test", "/ok"), "Loopback"},
		{st.url("127.0.0.1", "/ok"), "Loopback"},
		{"http://169.254.169.254/latest/meta-data/", "cloud metadata"},
		{"http://[fd00:ec2::254]/", "cloud metadata"},
		{"http://10.0.0.1/", "Private-Use"},
		{"http://100.64.0.1/", "Shared Address Space"},
		{"http://[::1]:" + st.port + "/", "Loopback Address"},
		{"http://[fe80::1]/", "Link-Local"},
		{"http://0.0.0.0:" + st.port + "/", "This host"},
		{"http://[::ffff:127.0.0.1]:" + st.port + "/", "lint.Policy"},
		{"http://[2001:0:808:808::80ff:fffe]/", "Teredo"},
		{"http://2130706433:" + st.port + "/", "lint.Policy"},
		{"http://0x7f.1:" + st.port + "/", "lint.Policy"},
		{"http://localhost:" + st.port + "/", ".localhost"},
		{"http://metadata.google.internal/", ".internal"},
		{"file:///etc/passwd", "lint.Policy"},
		{"gopher://public.test:" + st.port + "/_x", "lint.Policy"},
		{"ftp://public.test/", "lint.Policy"},
		{"javascript:alert(1)", "lint.Policy"},
		{"//127.0.0.1:" + st.port + "/", "Loopback"},
		{"http://public.test:" + st.port + "/a b", "no URI reference"},
		{"http://public.test:" + st.port + "/a|b", "no URI reference"},
	} {
		_, _, err := get(t, c, redir(tc.to), nil)
		blockedBy(t, err, tc.rule)
	}
	// A Location that net/url cannot parse: net/http's error, nothing
	// followed.
	for _, to := range []string{"http://[::1/", "http://public.test:" + st.port + "\\@127.0.0.1/"} {
		if _, _, err := get(t, c, redir(to), nil); err == nil {
			t.Errorf("Location %s followed", to)
		}
	}
	st.noInternal(t)

	// Allowed redirects, relative and absolute.
	for _, to := range []string{"/ok", "ok", "//other.test:" + st.port + "/ok", st.url("sub.public.test", "/ok")} {
		if body, _, err := get(t, c, redir(to), nil); err != nil || !strings.HasPrefix(body, "public ") {
			t.Errorf("redirect to %s: %q, %v", to, body, err)
		}
	}
}

func TestRedirectLimits(t *testing.T) {
	st := startSite(t)
	g := st.guard()
	g.MaxRedirects = 3
	before := st.pubHits.Load()
	_, _, err := get(t, g.Client(), st.url("public.test", "/loop"), nil)
	if !errors.Is(err, ErrTooManyRedirects) {
		t.Fatalf("a redirect loop: %v", err)
	}
	if n := st.pubHits.Load() - before; n != 4 {
		t.Errorf("%d requests for 3 redirects allowed, want 4", n)
	}
	g.MaxRedirects = -1
	_, resp, err := get(t, g.Client(), st.url("public.test", "/loop"), nil)
	if err != nil || resp.StatusCode != http.StatusFound {
		t.Errorf("MaxRedirects -1: %v, %v; want the 302", resp, err)
	}
	g.MaxRedirects = 0
	before = st.pubHits.Load()
	_, _, err = get(t, g.Client(), st.url("public.test", "/loop"), nil)
	if !errors.Is(err, ErrTooManyRedirects) || st.pubHits.Load()-before != 11 {
		t.Errorf("default limit: %v after %d requests, want 11", err, st.pubHits.Load()-before)
	}
}

// TestRedirectDowngrade checks https to http: refused, unless allowed.
func TestRedirectDowngrade(t *testing.T) {
	st := startSite(t)
	g := st.guard()
	start := "https://public.test:" + st.tlsPort + "/redir?to=" + url.QueryEscape(st.url("public.test", "/ok"))
	if body, _, err := get(t, g.Client(), "https://public.test:"+st.tlsPort+"/x", nil); err != nil || !strings.HasPrefix(body, "public-tls") {
		t.Fatalf("https GET: %q, %v", body, err)
	}
	_, _, err := get(t, g.Client(), start, nil)
	blockedBy(t, err, "Guard.AllowDowngrade")
	g.AllowDowngrade = true
	if body, _, err := get(t, g.Client(), start, nil); err != nil || !strings.HasPrefix(body, "public ") {
		t.Errorf("allowed downgrade: %q, %v", body, err)
	}
}

// TestRedirectCredentials checks that credentials stay with the origin:
// kept on the same origin, dropped on another host, another port, another
// scheme, and a subdomain (which net/http alone keeps them for: the
// control), and not restored by a hop back.
func TestRedirectCredentials(t *testing.T) {
	st := startSite(t)
	g := st.guard()
	c := g.Client()
	creds := map[string]string{"Authorization": "Bearer s3cret", "Proxy-Authorization": "Basic eA==", "Cookie": "sid=1"}
	all := "Authorization=Bearer s3cret;Proxy-Authorization=Basic eA==;Cookie=sid=1;"
	none := "Authorization=;Proxy-Authorization=;Cookie=;"
	redir := func(host, to string) string {
		return st.url(host, "/redir?to="+url.QueryEscape(to))
	}
	for _, tc := range []struct {
		url, want string
	}{
		{redir("public.test", "/echo"), all},
		{redir("public.test", st.url("public.test", "/echo")), all},
		{redir("public.test", st.url("other.test", "/echo")), none},
		{redir("public.test", st.url("sub.public.test", "/echo")), none},
		{redir("public.test", redir("other.test", st.url("public.test", "/echo"))), none},
	} {
		body, _, err := get(t, c, tc.url, creds)
		if err != nil || body != tc.want {
			t.Errorf("%s: %q, %v; want %q", tc.url, body, err, tc.want)
		}
	}
	// The control: net/http alone sends them on to a subdomain.
	plain := &http.Client{Transport: &http.Transport{DialContext: (&net.Dialer{Resolver: st.dns.resolver()}).DialContext}}
	body, _, err := get(t, plain, redir("public.test", st.url("sub.public.test", "/echo")), creds)
	if err != nil || !strings.Contains(body, "Bearer s3cret") {
		t.Errorf("net/http alone, to a subdomain: %q, %v; the package doc says it sends the credentials on", body, err)
	}
}

// TestEnvironmentProxy checks that a proxy named by the environment is
// not used: the request goes to the site, the proxy sees nothing, while
// the same environment makes net/http's reader of it pick the proxy.
func TestEnvironmentProxy(t *testing.T) {
	st := startSite(t)
	var proxyHits atomic.Int32
	proxy := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		proxyHits.Add(1)
		io.WriteString(w, "proxy")
	}))
	l, err := net.Listen("tcp", netip.AddrPortFrom(public, 0).String())
	if err != nil {
		t.Fatal(err)
	}
	proxy.Listener.Close()
	proxy.Listener = l
	proxy.Start()
	defer proxy.Close()
	for _, k := range []string{"HTTP_PROXY", "http_proxy", "HTTPS_PROXY", "https_proxy", "ALL_PROXY"} {
		t.Setenv(k, proxy.URL)
	}
	t.Setenv("NO_PROXY", "")
	t.Setenv("no_proxy", "")
	target, _ := url.Parse(st.url("public.test", "/ok"))
	if p, err := httpproxy.FromEnvironment().ProxyFunc()(target); err != nil || p == nil {
		t.Fatalf("the environment names no proxy for %s: %v, %v", target, p, err)
	}
	body, _, err := get(t, st.guard().Client(), target.String(), nil)
	if err != nil || !strings.HasPrefix(body, "public ") {
		t.Errorf("GET through the guard: %q, %v", body, err)
	}
	if proxyHits.Load() != 0 {
		t.Errorf("the environment's proxy got %d requests", proxyHits.Load())
	}

	// A proxy named in Guard.Proxy is used, and a blocked URL does not
	// reach it.
	g := st.guard()
	g.Proxy, _ = url.Parse(proxy.URL)
	body, _, err = get(t, g.Client(), target.String(), nil)
	if err != nil || body != "proxy" || proxyHits.Load() != 1 {
		t.Errorf("GET through Guard.Proxy: %q, %v, %d proxy requests", body, err, proxyHits.Load())
	}
	_, _, err = get(t, g.Client(), st.url("internal.test", "/ok"), nil)
	blockedBy(t, err, "Loopback")
	if proxyHits.Load() != 1 {
		t.Errorf("a blocked URL reached the proxy")
	}
	st.noInternal(t)
}

// TestClientRebinding is DNS rebinding through the Client, keep-alive
// off: each request resolves again and dials what it judged.
func TestClientRebinding(t *testing.T) {
	st := startSite(t)
	var n atomic.Int32
	dns := startDNS(t, func(name string, qtype uint16, _ int) ([]netip.Addr, bool) {
		if qtype != 1 {
			return nil, true
		}
		if n.Add(1) == 1 {
			return []netip.Addr{public}, true
		}
		return []netip.Addr{internal}, true
	})
	g := st.guard()
	g.Resolver = dns.resolver()
	c := g.Client()
	c.Transport.(*transport).ht.DisableKeepAlives = true
	if _, _, err := g.Check(context.Background(), st.url("rebind.test", "/ok")); err != nil {
		t.Fatalf("the check: %v", err)
	}
	_, _, err := get(t, c, st.url("rebind.test", "/ok"), nil)
	blockedBy(t, err, "Loopback")
	st.noInternal(t)
}
