package guard

import (
	"context"
	"errors"
	"net"
	"net/netip"
	"net/url"
	"strings"
	"testing"

	"github.com/ferret-go/uri/lint"
	"github.com/ferret-go/uri/readers"
	"github.com/ferret-go/uri/whatwg"
)

// FuzzCheck runs Check on any string, with a resolver that fails at once
// (nothing leaves the machine), and judges the answer by an oracle that
// shares nothing with Check: the hosts that the readers read in the string
// (browsers' URL Standard by whatwg.Parse, Go's client by net/url.Parse,
// and, where the Policy names them, the parsers of package readers),
// called directly, and the package doc's rules re-derived from the RFCs
// (see mustBlock). Never a panic; when a reader reads an IP address that
// the doc says is blocked, Check refuses the string; when Check allows
// it, every reader that reads an IP address reads the one Check returns,
// none blocked; a blocked address comes with a rule whose prefix holds it
// (or the IPv4 address inside it).
func FuzzCheck(f *testing.F) {
	for _, s := range []string{
		"http://127.0.0.1/", "http://[::ffff:7f00:1]/", "http://0x7f.1/", "http://example.com/",
		"http://localhost./", "https://8.8.8.8:443/a?b#c", "http://[2001:0:808:808::80ff:fffe]/",
		"http://[fe80::1%25eth0]/", "gopher://x/", "http://a@b/", `http://8.8.8.8\@127.0.0.1/`,
		"http://[64:ff9b::a00:1]/", "http://[2002:c0a8:1::]/", "http://[4000::1]/", "http://2130706433/",
	} {
		f.Add(s)
	}
	noDNS := &net.Resolver{PreferGo: true, Dial: func(ctx context.Context, network, address string) (net.Conn, error) {
		return nil, errors.New("no resolver in the fuzz test")
	}}
	all, err := lint.ReadersNamed("all")
	if err != nil {
		f.Fatal(err)
	}
	plain := &Guard{Resolver: noDNS}
	plain.Policy.AllowIP = true
	every := &Guard{Resolver: noDNS}
	every.Policy.AllowIP = true
	every.Policy.Readers = all
	f.Fuzz(func(t *testing.T, s string) {
		for _, g := range []*Guard{plain, every} {
			checkOracle(t, g, s, g == every)
		}
	})
}

// checkOracle checks g.Check(s) against the readers; withReaders tells
// whether g's Policy consults the parsers of package readers.
func checkOracle(t *testing.T, g *Guard, s string, withReaders bool) {
	t.Helper()
	u, addrs, err := g.Check(context.Background(), s)
	read := readIPs(s, withReaders)
	for reader, a := range read {
		if mustBlock(a) && err == nil {
			t.Fatalf("Check(%q) allows %s (Readers %v), but %s reads the address %s, which the rules block", s, u, withReaders, reader, a)
		}
	}
	var be *BlockedError
	switch {
	case err == nil:
		if len(addrs) != 1 {
			// The resolver fails: only an IP-literal host is allowed.
			t.Fatalf("Check(%q) = %s, %v with no resolver", s, u, addrs)
		}
		for reader, a := range read {
			if a.Unmap() != addrs[0].Unmap() {
				t.Fatalf("Check(%q) allows %s, but %s reads the address %s", s, addrs[0], reader, a)
			}
		}
		// What the client requests is read alike.
		if v, err := url.Parse(u.String()); err != nil || v.Hostname() != strings.Trim(u.Host(), "[]") {
			t.Fatalf("Check(%q) = %s, which net/url reads as %v, %v", s, u, v, err)
		}
	case errors.As(err, &be) && be.Addr.IsValid():
		inner := be.Addr.WithZone("")
		if be.Rule.Inside != "" {
			in, _, _ := strings.Cut(be.Rule.Inside, " ")
			if inner, err = netip.ParseAddr(in); err != nil {
				t.Fatalf("Check(%q): rule %v inside no address", s, be.Rule)
			}
		}
		if be.Rule.Prefix.IsValid() && !be.Rule.Prefix.Contains(inner) {
			t.Fatalf("Check(%q) blocked %s by %v, whose prefix does not hold %s", s, be.Addr, be.Rule, inner)
		}
	}
}

// readIPs returns the IP address that each reader reads as the host of s,
// for those that read one: the URL Standard (whatwg.Parse), net/url, and
// with withReaders the parsers of package readers.
func readIPs(s string, withReaders bool) map[string]netip.Addr {
	out := map[string]netip.Addr{}
	add := func(reader, host string) {
		if a, err := netip.ParseAddr(strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")); err == nil {
			out[reader] = a
		}
	}
	if w, err := whatwg.Parse(s); err == nil && w.Special() {
		add("the URL Standard", w.Hostname())
	}
	if v, err := url.Parse(s); err == nil {
		add("net/url", v.Hostname())
	}
	if withReaders {
		for _, r := range readers.All() {
			if e := r.Read(s); e.Err == nil && e.Has&readers.HasHost != 0 {
				add(r.Name, e.Host)
			}
		}
	}
	return out
}

// mustBlock reports whether the package doc says a is blocked, derived
// here without the package's tables: loopback, private, link-local,
// multicast and unspecified addresses (net/netip's predicates: RFC 1122,
// RFC 1918, RFC 3927, RFC 4193, RFC 4291) are not globally reachable; an
// IPv6 address outside 2000::/3 is blocked; one that carries an IPv4
// address (IPv4-mapped and -compatible, RFC 4291, section 2.5.5; NAT64
// 64:ff9b::/96, RFC 6052; 6to4 2002::/16, RFC 3056; Teredo 2001::/32, RFC
// 4380, whose client address is inverted) is judged by it. It is a lower
// bound: an address it does not block may be blocked by the registries.
func mustBlock(a netip.Addr) bool {
	a = a.WithZone("")
	if a.Is4In6() {
		return mustBlock(a.Unmap())
	}
	if a.IsLoopback() || a.IsPrivate() || a.IsLinkLocalUnicast() || a.IsMulticast() || a.IsUnspecified() {
		return true
	}
	if a.Is4() {
		return false
	}
	b := a.As16()
	v4 := func(i int) netip.Addr { return netip.AddrFrom4([4]byte{b[i], b[i+1], b[i+2], b[i+3]}) }
	zero := func(from, to int) bool {
		for _, c := range b[from:to] {
			if c != 0 {
				return false
			}
		}
		return true
	}
	switch {
	case b[0] == 0 && b[1] == 0x64 && b[2] == 0xff && b[3] == 0x9b && zero(4, 12):
		return mustBlock(v4(12))
	case b[0] == 0x20 && b[1] == 0x02:
		return mustBlock(v4(2))
	case b[0] == 0x20 && b[1] == 0x01 && b[2] == 0 && b[3] == 0:
		client := netip.AddrFrom4([4]byte{^b[12], ^b[13], ^b[14], ^b[15]})
		return mustBlock(v4(4)) || mustBlock(client)
	case zero(0, 12):
		return mustBlock(v4(12))
	}
	return b[0]&0xe0 != 0x20
}

// FuzzJudge judges any IPv6 address: never a panic, and an IPv4-mapped
// address judged as its IPv4 address (RFC 4291, section 2.5.5.2).
func FuzzJudge(f *testing.F) {
	for _, s := range []string{"::ffff:127.0.0.1", "64:ff9b::7f00:1", "2002:a00:1::", "2001::", "fe80::1", "::1"} {
		b := netip.MustParseAddr(s).As16()
		f.Add(b[:])
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) != 16 {
			return
		}
		a := netip.AddrFrom16([16]byte(b))
		v := judge(nil, nil, a)
		if a.Is4In6() && v.blocked != judge(nil, nil, a.Unmap()).blocked {
			t.Fatalf("%s and %s judged apart", a, a.Unmap())
		}
		if v.blocked && v.rule.Name == "" {
			t.Fatalf("%s blocked without a rule", a)
		}
	})
}
