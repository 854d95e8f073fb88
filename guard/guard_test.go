package guard

import (
	"context"
	"errors"
	"net"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ferret-go/uri/lint"
)

// Loopback addresses of the tests: public stands for a public address
// (it is in Guard.Allow), internal for the internal one an attacker aims
// at. No test connects to any other address.
var (
	public   = netip.MustParseAddr("127.0.0.2")
	internal = netip.MustParseAddr("127.0.0.1")
)

// countingListener counts the connections it accepts, and keeps their
// remote addresses in order.
type countingListener struct {
	net.Listener
	accepted atomic.Int32
	mu       sync.Mutex
	remotes  []string
}

func (l *countingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err == nil {
		l.mu.Lock()
		l.remotes = append(l.remotes, c.RemoteAddr().String())
		l.mu.Unlock()
		l.accepted.Add(1)
	}
	return c, err
}

// waitAccepted waits for l to have accepted a connection, for at most 5
// seconds (the accepting goroutine counts after the dialer returns), and
// reports whether it has.
func waitAccepted(l *countingListener) bool {
	for deadline := time.Now().Add(5 * time.Second); l.accepted.Load() == 0 && time.Now().Before(deadline); {
		time.Sleep(time.Millisecond)
	}
	return l.accepted.Load() > 0
}

// acceptedBefore returns how many connections l accepted before this
// call: it dials l once more itself and waits for that connection, which
// the listener accepts after every earlier one.
func acceptedBefore(t *testing.T, l *countingListener) int32 {
	t.Helper()
	c, err := net.Dial("tcp", l.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	me := c.LocalAddr().String()
	c.Close()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		l.mu.Lock()
		for i, r := range l.remotes {
			if r == me {
				l.mu.Unlock()
				return int32(i)
			}
		}
		l.mu.Unlock()
	}
	t.Fatalf("the listener did not accept the test's own connection")
	return 0
}

// listenPair listens on public and internal with one port, so that a name
// that rebinds from one to the other keeps its port; each connection is
// accepted and closed.
func listenPair(t *testing.T) (port int, pub, in *countingListener) {
	t.Helper()
	port, pub, in = bindPair(t)
	for _, l := range []*countingListener{pub, in} {
		go func() {
			for {
				c, err := l.Accept()
				if err != nil {
					return
				}
				c.Close()
			}
		}()
	}
	return port, pub, in
}

// bindPair listens on public and internal with one port.
func bindPair(t *testing.T) (port int, pub, in *countingListener) {
	t.Helper()
	for range 20 {
		l1, err := net.Listen("tcp", netip.AddrPortFrom(public, 0).String())
		if err != nil {
			t.Fatal(err)
		}
		port = l1.Addr().(*net.TCPAddr).Port
		l2, err := net.Listen("tcp", netip.AddrPortFrom(internal, uint16(port)).String())
		if err != nil {
			l1.Close()
			continue
		}
		pub, in = &countingListener{Listener: l1}, &countingListener{Listener: l2}
		t.Cleanup(func() { pub.Close(); in.Close() })
		return port, pub, in
	}
	t.Fatal("no port free on both loopback addresses")
	return
}

// testGuard returns a guard whose resolver is the test's DNS server and
// for which public is allowed.
func testGuard(s *dnsServer) *Guard {
	return &Guard{
		Resolver: s.resolver(),
		Allow:    []netip.Prefix{netip.PrefixFrom(public, 32)},
	}
}

func blockedBy(t *testing.T, err error, rule string) *BlockedError {
	t.Helper()
	var be *BlockedError
	if !errors.Is(err, ErrBlocked) || !errors.As(err, &be) {
		t.Errorf("error %v, want a *BlockedError by %q", err, rule)
		return &BlockedError{}
	}
	if !strings.Contains(be.Rule.String(), rule) {
		t.Errorf("%v: blocked by %v, want the rule %q", err, be.Rule, rule)
	}
	return be
}

// TestCheckIPLiterals checks URLs with an IP address for host: the
// address judged, every other spelling of IPv4 that lint knows refused
// by the Policy, zones refused, nothing resolved.
func TestCheckIPLiterals(t *testing.T) {
	s := startDNS(t, static(nil))
	g := testGuard(s)
	g.Policy.AllowIP = true
	ctx := context.Background()

	if _, addrs, err := g.Check(ctx, "http://127.0.0.2/"); err != nil || len(addrs) != 1 || addrs[0] != public {
		t.Fatalf("Check(127.0.0.2) = %v, %v; want allowed (Guard.Allow)", addrs, err)
	}
	for _, tc := range []struct{ url, rule string }{
		{"http://127.0.0.1/", "Loopback"},
		{"http://10.0.0.1/", "Private-Use"},
		{"http://169.254.169.254/latest/meta-data/", "cloud metadata"},
		{"http://[::1]/", "Loopback Address"},
		{"http://[::ffff:127.0.0.1]/", "ipv6-embedded"},
		{"http://[::ffff:7f00:1]/", "ipv6-embedded"},
		{"http://[64:ff9b::a9fe:a9fe]/", "ipv6-embedded"},
		{"http://[2002:7f00:1::1]/", "ipv6-embedded"},
		// lint sees the forms above (CodeIPv6Embedded), not Teredo: the
		// guard's rules do.
		{"http://[2001:0:808:808::80ff:fffe]/", "inside a Teredo"},
		{"http://[fd00:ec2::254]/", "cloud metadata"},
		{"http://[fe80::1]/", "Link-Local"},
		{"http://0.0.0.0/", "This host"},
		{"http://100.100.100.200/", "cloud metadata"},
		{"http://[fc00::1]:8080/", "Unique-Local"},
		{"http://224.0.0.1/", "Multicast"},
		{"http://255.255.255.255/", "Limited Broadcast"},
		// The IPv4 spellings that lint reports (CodeIPv4Form): browsers
		// and inet_aton read them as 127.0.0.1, RFC 3986 as names.
		{"http://2130706433/", "lint.Policy"},
		{"http://0x7f000001/", "lint.Policy"},
		{"http://0177.0.0.1/", "lint.Policy"},
		{"http://0x7f.0.0.1/", "lint.Policy"},
		{"http://127.1/", "lint.Policy"},
		{"http://127.0.1/", "lint.Policy"},
		{"http://0x7f.1/", "lint.Policy"},
		{"http://127.0.0.1./", "lint.Policy"},
		{"http://017700000001/", "lint.Policy"},
		{"http://127.0.0.0x1/", "lint.Policy"},
		// Zones (RFC 9844 took them out of URIs).
		{"http://[fe80::1%25eth0]/", "lint.Policy"},
		{"http://[fe80::1%eth0]/", "lint.Policy"},
		// Userinfo that poses as the host, and other differentials.
		{"http://127.0.0.2@127.0.0.1/", "lint.Policy"},
		{"http://127.0.0.2\\@127.0.0.1/", "lint.Policy"},
		{"http:/\\127.0.0.1/", "lint.Policy"},
		{"gopher://127.0.0.2/", "lint.Policy"},
		{"file:///etc/passwd", "lint.Policy"},
	} {
		_, _, err := g.Check(ctx, tc.url)
		be := blockedBy(t, err, tc.rule)
		if strings.Contains(be.Rule.String(), "lint.Policy") && !errors.Is(err, lint.ErrRejected) {
			t.Errorf("%s: %v does not wrap lint.ErrRejected", tc.url, err)
		}
		if be.URL == "" {
			t.Errorf("%s: BlockedError without the URL", tc.url)
		}
	}
	if n := s.queries.Load(); n != 0 {
		t.Errorf("%d DNS queries for IP literals, want none: %v", n, s.names())
	}
	// The strict guard refuses IP literals, the Policy's default.
	strict := testGuard(s)
	_, _, err := strict.Check(ctx, "http://127.0.0.2/")
	blockedBy(t, err, "lint.Policy")
}

// TestCheckNames checks names: blocked without a lookup, or resolved and
// judged, whatever their case and final dot.
func TestCheckNames(t *testing.T) {
	s := startDNS(t, static(map[string][]string{
		"public.test":   {"127.0.0.2"},
		"private.test":  {"10.1.2.3"},
		"meta.test":     {"169.254.169.254"},
		"mix.test":      {"127.0.0.2", "127.0.0.1"},
		"v6.test":       {"127.0.0.2", "::1"},
		"mapped.test":   {"::ffff:127.0.0.1"},
		"nat64.test":    {"64:ff9b::7f00:1"},
		"empty.test":    nil,
		"localtest.dev": {"127.0.0.1"},
	}))
	g := testGuard(s)
	ctx := context.Background()
	for _, tc := range []struct{ url, rule string }{
		{"http://public.test/", ""},
		{"http://PUBLIC.Test./", ""},
		{"https://public.test:8443/a?b#c", ""},
		{"http://private.test/", "Private-Use"},
		{"http://meta.test/", "cloud metadata"},
		{"http://mix.test/", "Loopback"},
		{"http://v6.test/", "Loopback Address"},
		{"http://mapped.test/", "Loopback"},
		{"http://nat64.test/", "inside a NAT64"},
		{"http://localtest.dev/", "Loopback"},
	} {
		u, addrs, err := g.Check(ctx, tc.url)
		if tc.rule == "" {
			if err != nil || len(addrs) != 1 || addrs[0] != public || u.String() != tc.url {
				t.Errorf("Check(%s) = %s, %v, %v; want allowed at %s", tc.url, u.String(), addrs, err, public)
			}
			continue
		}
		be := blockedBy(t, err, tc.rule)
		if !be.Addr.IsValid() || len(addrs) == 0 {
			t.Errorf("%s: blocked without the address (%v, %v)", tc.url, be.Addr, addrs)
		}
	}
	before := s.queries.Load()
	for _, tc := range []struct{ url, rule string }{
		{"http://localhost/", ".localhost"},
		{"http://LocalHost./", ".localhost"},
		{"http://a.b.localhost:8080/", ".localhost"},
		{"http://metadata.google.internal/computeMetadata/v1/", ".internal"},
		{"http://Metadata.Google.Internal./", ".internal"},
		{"http://printer.local/", ".local"},
		{"http://router.home.arpa/", ".home.arpa"},
		{"http://metadata/", "metadata"},
		{"http://instance-data/latest/", "instance-data"},
	} {
		_, _, err := g.Check(ctx, tc.url)
		blockedBy(t, err, tc.rule)
	}
	if n := s.queries.Load() - before; n != 0 {
		t.Errorf("%d DNS queries for names blocked without a lookup: %v", n, s.names())
	}
	// AllowNames opens a name; its addresses are judged still.
	g2 := testGuard(s)
	g2.AllowNames = []string{".corp.internal"}
	s2 := startDNS(t, static(map[string][]string{"svc.corp.internal": {"127.0.0.2"}, "db.corp.internal": {"10.0.0.5"}}))
	g2.Resolver = s2.resolver()
	if _, _, err := g2.Check(ctx, "http://svc.corp.internal/"); err != nil {
		t.Errorf("AllowNames: %v", err)
	}
	_, _, err := g2.Check(ctx, "http://db.corp.internal/")
	blockedBy(t, err, "Private-Use")

	// Faults: no address, no such name, a resolver that never answers.
	if _, _, err := g.Check(ctx, "http://empty.test/"); err == nil || errors.Is(err, ErrBlocked) {
		t.Errorf("empty.test: %v, want a lookup error", err)
	}
	if _, _, err := g.Check(ctx, "http://nx.test/"); err == nil || errors.Is(err, ErrBlocked) {
		t.Errorf("nx.test: %v, want a lookup error", err)
	} else if de := (*net.DNSError)(nil); !errors.As(err, &de) || !de.IsNotFound {
		t.Errorf("nx.test: %v, want a not-found *net.DNSError", err)
	}
}

// TestResolverTimeout checks that a resolver that does not answer is an
// error, with no fall-back to another resolver and nothing dialed.
func TestResolverTimeout(t *testing.T) {
	s := startDNS(t, static(map[string][]string{"slow.test": {"127.0.0.2"}}))
	s.silent.Store(true)
	port, pub, in := listenPair(t)
	g := testGuard(s)
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := g.DialContext(ctx, "tcp", "slow.test:"+strconv.Itoa(port))
	if err == nil || errors.Is(err, ErrBlocked) {
		t.Fatalf("DialContext with a silent resolver: %v, want a lookup error", err)
	}
	if !errors.Is(err, context.DeadlineExceeded) {
		var de *net.DNSError
		if !errors.As(err, &de) || !de.IsTimeout {
			t.Errorf("error %v is no timeout", err)
		}
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("took %v", d)
	}
	if pub.accepted.Load()+in.accepted.Load() != 0 {
		t.Errorf("a connection was made")
	}
	if s.received.Load() == 0 {
		t.Errorf("the resolver never asked the test's server")
	}
}

// TestDialRebinding is DNS rebinding: the name resolves to the allowed
// address for the check, then to the internal one. The guard dials what
// it checked at each dial; a check followed by a dial by name (the
// control) reaches the internal address.
func TestDialRebinding(t *testing.T) {
	port, pub, in := listenPair(t)
	s := startDNS(t, func(name string, qtype uint16, n int) ([]netip.Addr, bool) {
		if name != "rebind.test" {
			return nil, false
		}
		if qtype != 1 {
			return nil, true
		}
		// The A queries alternate: public, then internal, then public...
		if s := a4count.Add(1); s%2 == 1 {
			return []netip.Addr{public}, true
		}
		return []netip.Addr{internal}, true
	})
	a4count.Store(0)
	g := testGuard(s)
	ctx := context.Background()
	url := "http://rebind.test:" + strconv.Itoa(port) + "/"

	// The control: a check, then a dial by name, as most guards do.
	if _, _, err := g.Check(ctx, url); err != nil {
		t.Fatalf("first check: %v", err)
	}
	d := net.Dialer{Resolver: s.resolver()}
	c, err := d.DialContext(ctx, "tcp", "rebind.test:"+strconv.Itoa(port))
	if err != nil {
		t.Fatal(err)
	}
	if got := c.RemoteAddr().(*net.TCPAddr).AddrPort().Addr(); got != internal {
		t.Fatalf("the control dial reached %v, not the internal address: the test does not rebind", got)
	}
	c.Close()
	waitAccepted(in)
	in0 := in.accepted.Load()

	// The guard: each dial resolves once and dials what it judged.
	for i := range 6 {
		c, err := g.DialContext(ctx, "tcp", "rebind.test:"+strconv.Itoa(port))
		if i%2 == 0 {
			// The resolution gives public.
			if err != nil {
				t.Fatalf("dial %d: %v", i, err)
			}
			if got := c.RemoteAddr().(*net.TCPAddr).AddrPort().Addr(); got != public {
				t.Fatalf("dial %d reached %v", i, got)
			}
			c.Close()
		} else {
			blockedBy(t, err, "Loopback")
		}
	}
	if n := acceptedBefore(t, in) - in0; n != 0 {
		t.Errorf("the internal listener accepted %d connections through the guard", n)
	}
	if !waitAccepted(pub) {
		t.Errorf("the public listener accepted nothing")
	}
}

var a4count atomic.Int32

// TestDialContext checks the dialer: addresses in every form, ports,
// networks, and its Control, which refuses a blocked address whoever
// dials.
func TestDialContext(t *testing.T) {
	port, pub, in := listenPair(t)
	s := startDNS(t, static(map[string][]string{"public.test": {"127.0.0.2"}}))
	g := testGuard(s)
	ctx := context.Background()
	ps := strconv.Itoa(port)
	for _, addr := range []string{"127.0.0.2:" + ps, "public.test:" + ps, "PUBLIC.TEST.:" + ps, "[::ffff:127.0.0.2]:" + ps, "0x7f.0.0.2:" + ps, "2130706434:" + ps} {
		c, err := g.DialContext(ctx, "tcp", addr)
		if err != nil {
			t.Errorf("DialContext(%s): %v", addr, err)
			continue
		}
		c.Close()
	}
	for _, tc := range []struct{ addr, rule string }{
		{"127.0.0.1:" + ps, "Loopback"},
		{"[::ffff:127.0.0.1]:" + ps, "IPv4-mapped"},
		{"0x7f.1:" + ps, "Loopback"},
		{"2130706433:" + ps, "Loopback"},
		{"0177.0.0.1:" + ps, "Loopback"},
		{"127.1:" + ps, "Loopback"},
		{"[fe80::1%lo]:" + ps, "Link-Local"},
		{"localhost:" + ps, ".localhost"},
		{"1.2.3.4.5:" + ps, "no IPv4 address"},
		{"bad..name:" + ps, "empty label"},
		{"a\x00b:" + ps, "byte"},
	} {
		_, err := g.DialContext(ctx, "tcp", tc.addr)
		blockedBy(t, err, tc.rule)
	}
	for _, tc := range []struct{ network, addr string }{
		{"tcp", "public.test:http"},
		{"tcp", "public.test:70000"},
		{"tcp", "public.test"},
		{"unix", "/tmp/x"},
		{"ip4:icmp", "127.0.0.2"},
	} {
		if _, err := g.DialContext(ctx, tc.network, tc.addr); err == nil || errors.Is(err, ErrBlocked) {
			t.Errorf("DialContext(%s, %s): %v, want a clear error", tc.network, tc.addr, err)
		}
	}
	// The Control of the dialer judges the socket's address itself.
	_, err := g.dialer().DialContext(ctx, "tcp", "127.0.0.1:"+ps)
	blockedBy(t, err, "Loopback")
	if n := acceptedBefore(t, in); n != 0 {
		t.Errorf("the internal listener accepted %d connections", n)
	}
	if !waitAccepted(pub) {
		t.Errorf("the public listener accepted nothing")
	}
}
