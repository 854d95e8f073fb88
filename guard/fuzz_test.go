package guard

import (
	"context"
	"errors"
	"net"
	"net/netip"
	"testing"
)

// FuzzCheck runs Check on any string, with a resolver that fails at once
// (nothing leaves the machine): never a panic; an allowed URL's addresses
// are each allowed by the rules, a blocked one names an address its rule
// blocks.
func FuzzCheck(f *testing.F) {
	for _, s := range []string{
		"http://127.0.0.1/", "http://[::ffff:7f00:1]/", "http://0x7f.1/", "http://example.com/",
		"http://localhost./", "https://8.8.8.8:443/a?b#c", "http://[2001:0:808:808::80ff:fffe]/",
		"http://[fe80::1%25eth0]/", "gopher://x/", "http://a@b/",
	} {
		f.Add(s)
	}
	g := &Guard{Resolver: &net.Resolver{PreferGo: true, Dial: func(ctx context.Context, network, address string) (net.Conn, error) {
		return nil, errors.New("no resolver in the fuzz test")
	}}}
	g.Policy.AllowIP = true
	f.Fuzz(func(t *testing.T, s string) {
		_, addrs, err := g.Check(context.Background(), s)
		var be *BlockedError
		switch {
		case err == nil:
			for _, a := range addrs {
				if v := judge(nil, nil, a); v.blocked {
					t.Fatalf("%q allowed with %s, which %v blocks", s, a, v.rule)
				}
			}
		case errors.As(err, &be):
			if be.Addr.IsValid() && !judge(nil, nil, be.Addr).blocked {
				t.Fatalf("%q blocked for %s, which no rule blocks", s, be.Addr)
			}
		}
	})
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
