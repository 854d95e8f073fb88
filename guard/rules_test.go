package guard

import (
	"net/netip"
	"strings"
	"testing"
)

// registry is the IANA IPv4 and IPv6 Special-Purpose Address Registries
// as published (iana-ipv4-special-registry, updated 2025;
// iana-ipv6-special-registry, updated 2025-10-09): address block, the
// "Globally Reachable" column, and the RFC column. It is written here
// apart from the guard's table, so that the test holds the table to the
// registry rather than to itself.
const registry = `
0.0.0.0/8|False|RFC 791
0.0.0.0/32|False|RFC 1122
10.0.0.0/8|False|RFC 1918
100.64.0.0/10|False|RFC 6598
127.0.0.0/8|False|RFC 1122
169.254.0.0/16|False|RFC 3927
172.16.0.0/12|False|RFC 1918
192.0.0.0/24|False|RFC 6890
192.0.0.0/29|False|RFC 7335
192.0.0.8/32|False|RFC 7600
192.0.0.9/32|True|RFC 7723
192.0.0.10/32|True|RFC 8155
192.0.0.170/32|False|RFC 8880
192.0.0.171/32|False|RFC 8880
192.0.2.0/24|False|RFC 5737
192.31.196.0/24|True|RFC 7535
192.52.193.0/24|True|RFC 7450
192.88.99.0/24|N/A|RFC 7526
192.88.99.2/32|N/A|RFC 6751
192.168.0.0/16|False|RFC 1918
192.175.48.0/24|True|RFC 7534
198.18.0.0/15|False|RFC 2544
198.51.100.0/24|False|RFC 5737
203.0.113.0/24|False|RFC 5737
240.0.0.0/4|False|RFC 1112
255.255.255.255/32|False|RFC 8190
::1/128|False|RFC 4291
::/128|False|RFC 4291
::ffff:0:0/96|False|RFC 4291
64:ff9b::/96|True|RFC 6052
64:ff9b:1::/48|False|RFC 8215
100::/64|False|RFC 6666
100:0:0:1::/64|False|RFC 9780
2001::/23|False|RFC 2928
2001::/32|N/A|RFC 4380
2001:1::1/128|True|RFC 7723
2001:1::2/128|True|RFC 8155
2001:1::3/128|True|RFC 9665
2001:2::/48|False|RFC 5180
2001:3::/32|True|RFC 7450
2001:4:112::/48|True|RFC 7535
2001:10::/28|N/A|RFC 4843
2001:20::/28|True|RFC 7343
2001:30::/28|True|RFC 9374
2001:db8::/32|False|RFC 3849
2002::/16|N/A|RFC 3056
2620:4f:8000::/48|True|RFC 7534
3fff::/20|False|RFC 9637
5f00::/16|False|RFC 9602
fc00::/7|False|RFC 4193
fe80::/10|False|RFC 4291
`

// beyond are the blocks outside the special-purpose registries that hold
// no address a fetch may reach: IPv4 multicast (RFC 5771), IPv6 outside
// global unicast 2000::/3 (RFC 4291, section 2.4; the IPv6 Address Space
// registry), site-local (RFC 3879), IPv6 multicast (RFC 4291, 2.7).
var beyond = []string{"224.0.0.0/4", "::/3", "4000::/2", "8000::/1", "fec0::/10", "ff00::/8"}

// guardBlocks are the registry's "True" entries that the guard blocks
// all the same, with the reason.
var guardBlocks = map[string]string{
	"2001:20::/28": "ORCHIDv2: identifiers not routable at the IP layer (RFC 7343, section 1)",
}

type regRow struct {
	prefix netip.Prefix
	reach  string
	rfc    string
}

func registryRows(t *testing.T) []regRow {
	var rows []regRow
	for _, line := range strings.Split(strings.TrimSpace(registry), "\n") {
		f := strings.Split(line, "|")
		rows = append(rows, regRow{netip.MustParsePrefix(f[0]), f[1], f[2]})
	}
	return rows
}

func lastAddr(q netip.Prefix) netip.Addr {
	b := q.Addr().AsSlice()
	for i := q.Bits(); i < len(b)*8; i++ {
		b[i/8] |= 0x80 >> (i % 8)
	}
	a, _ := netip.AddrFromSlice(b)
	return a
}

// TestRegistryEntries holds the guard's table to the registries: every
// entry is in it with its RFC, the first and the last address of every
// entry that is not globally reachable are blocked, those of every
// globally reachable one allowed (but where an embedded IPv4 address or
// a guard decision says otherwise), and the neighbours just outside each
// block allowed where they are global unicast by the registries.
func TestRegistryEntries(t *testing.T) {
	rows := registryRows(t)
	table := append(append([]entry{}, tableV4...), tableV6...)
	for _, r := range rows {
		found := false
		for _, e := range table {
			if e.prefix == r.prefix {
				found = true
				if !strings.Contains(e.ref, r.rfc) {
					t.Errorf("%s: cites %q, the registry %s", r.prefix, e.ref, r.rfc)
				}
				want := map[string]reach{"True": global, "False": notGlobal, "N/A": na}[r.reach]
				if e.reach != want {
					t.Errorf("%s: Globally Reachable %v in the table, %s in the registry", r.prefix, e.reach, r.reach)
				}
			}
		}
		if !found {
			t.Errorf("%s (%s) missing from the table", r.prefix, r.rfc)
		}
	}
	for _, e := range table {
		if e.registry != regV4 && e.registry != regV6 {
			continue
		}
		found := false
		for _, r := range rows {
			found = found || r.prefix == e.prefix
		}
		if !found {
			t.Errorf("%s %s: in the table as a registry entry, not in the registry", e.prefix, e.name)
		}
	}

	// blockedByRegistry is what the registries say of a: the most
	// specific row decides.
	blockedByRegistry := func(a netip.Addr) bool {
		var best *regRow
		for i := range rows {
			if rows[i].prefix.Contains(a) && (best == nil || rows[i].prefix.Bits() > best.prefix.Bits()) {
				best = &rows[i]
			}
		}
		if best != nil {
			return best.reach != "True" || guardBlocks[best.prefix.String()] != ""
		}
		for _, b := range beyond {
			if netip.MustParsePrefix(b).Contains(a) {
				return true
			}
		}
		return false
	}

	for _, r := range rows {
		first, last := r.prefix.Addr(), lastAddr(r.prefix)
		for _, a := range []netip.Addr{first, last} {
			v := judge(nil, nil, a)
			want := r.reach != "True" || guardBlocks[r.prefix.String()] != ""
			// The first and last addresses of the NAT64 prefix carry
			// 0.0.0.0 and 255.255.255.255, both blocked.
			if r.prefix.String() == "64:ff9b::/96" {
				want = true
			}
			if v.blocked != want {
				t.Errorf("%s (%s, Globally Reachable %s): %s blocked %v, want %v (rule %v)", r.prefix, r.rfc, r.reach, a, v.blocked, want, v.rule)
			}
		}
		for _, n := range []netip.Addr{first.Prev(), last.Next()} {
			if !n.IsValid() {
				continue
			}
			if _, form := embedded(n.Unmap()); form != "" || n.Is4In6() {
				continue // judged by the address inside: TestEmbedded
			}
			want := blockedByRegistry(n)
			if v := judge(nil, nil, n); v.blocked != want {
				t.Errorf("neighbour %s of %s: blocked %v, want %v (rule %v)", n, r.prefix, v.blocked, want, v.rule)
			}
		}
	}
	// A global address in each family, and the NAT64 form of a global
	// IPv4 address, allowed.
	for _, s := range []string{"8.8.8.8", "1.1.1.1", "2606:4700:4700::1111", "64:ff9b::808:808", "192.0.0.9", "2001:3::1"} {
		if v := judge(nil, nil, netip.MustParseAddr(s)); v.blocked {
			t.Errorf("%s blocked by %v, want allowed", s, v.rule)
		}
	}
}

// TestBeyondRegistries checks the blocks outside the special-purpose
// registries, first and last address each.
func TestBeyondRegistries(t *testing.T) {
	for _, b := range beyond {
		q := netip.MustParsePrefix(b)
		for _, a := range []netip.Addr{q.Addr(), lastAddr(q)} {
			if v := judge(nil, nil, a); !v.blocked {
				t.Errorf("%s (in %s) allowed, want blocked", a, b)
			}
		}
	}
	// 2000::/3 itself: its first and last addresses are global unicast.
	for _, s := range []string{"2000::", "3fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"} {
		a := netip.MustParseAddr(s)
		if v := judge(nil, nil, a); v.blocked {
			t.Errorf("%s blocked by %v, want allowed", s, v.rule)
		}
	}
}

// TestMetadata checks the cloud metadata addresses, blocked with their
// own rule, and their neighbours judged by the registries.
func TestMetadata(t *testing.T) {
	for _, tc := range []struct {
		addr     string
		neighbor bool // whether a neighbour is global (allowed)
	}{
		{"169.254.169.254", false},
		{"169.254.170.2", false},
		{"fd00:ec2::254", false},
		{"100.100.100.200", false},
		{"192.0.0.192", false},
		{"168.63.129.16", true},
	} {
		a := netip.MustParseAddr(tc.addr)
		v := judge(nil, nil, a)
		if !v.blocked || v.rule.Registry != regMeta {
			t.Errorf("%s: blocked %v by %v, want blocked as cloud metadata", a, v.blocked, v.rule)
		}
		for _, n := range []netip.Addr{a.Prev(), a.Next()} {
			if v := judge(nil, nil, n); v.blocked == tc.neighbor {
				t.Errorf("neighbour %s of %s: blocked %v (%v)", n, a, v.blocked, v.rule)
			}
		}
	}
}

// TestEmbedded checks that every IPv6 form carrying an IPv4 address is
// judged by that address: each blocked IPv4 entry's first address, in
// each form, is blocked with a rule that says so; a global IPv4 address
// in each form is allowed, but for the forms whose own block decides.
func TestEmbedded(t *testing.T) {
	forms := []struct {
		name string
		make func(v4 [4]byte) netip.Addr
		// own is true when the form's block is blocked whatever it
		// carries.
		own bool
	}{
		{"mapped ::ffff:a.b.c.d (RFC 4291, 2.5.5.2)", func(v [4]byte) netip.Addr {
			return netip.AddrFrom16([16]byte{10: 0xff, 11: 0xff, 12: v[0], 13: v[1], 14: v[2], 15: v[3]})
		}, false},
		{"compatible ::a.b.c.d (RFC 4291, 2.5.5.1)", func(v [4]byte) netip.Addr {
			return netip.AddrFrom16([16]byte{12: v[0], 13: v[1], 14: v[2], 15: v[3]})
		}, false},
		{"NAT64 64:ff9b::/96 (RFC 6052)", func(v [4]byte) netip.Addr {
			return netip.AddrFrom16([16]byte{1: 0x64, 2: 0xff, 3: 0x9b, 12: v[0], 13: v[1], 14: v[2], 15: v[3]})
		}, false},
		{"NAT64 local-use 64:ff9b:1::/48 (RFC 8215)", func(v [4]byte) netip.Addr {
			return netip.AddrFrom16([16]byte{1: 0x64, 2: 0xff, 3: 0x9b, 5: 1, 12: v[0], 13: v[1], 14: v[2], 15: v[3]})
		}, true},
		{"6to4 2002:V4ADDR::/48 (RFC 3056)", func(v [4]byte) netip.Addr {
			return netip.AddrFrom16([16]byte{0: 0x20, 1: 0x02, 2: v[0], 3: v[1], 4: v[2], 5: v[3], 15: 1})
		}, false},
		{"Teredo client (RFC 4380, section 4)", func(v [4]byte) netip.Addr {
			// Server 8.8.8.8 (global), client address inverted.
			return netip.AddrFrom16([16]byte{0: 0x20, 1: 0x01, 4: 8, 5: 8, 6: 8, 7: 8, 12: ^v[0], 13: ^v[1], 14: ^v[2], 15: ^v[3]})
		}, false},
		{"Teredo server (RFC 4380, section 4)", func(v [4]byte) netip.Addr {
			// Client 8.8.4.4 (global), inverted.
			return netip.AddrFrom16([16]byte{0: 0x20, 1: 0x01, 4: v[0], 5: v[1], 6: v[2], 7: v[3], 12: 0xff ^ 8, 13: 0xff ^ 8, 14: 0xff ^ 4, 15: 0xff ^ 4})
		}, false},
	}
	for _, r := range registryRows(t) {
		if !r.prefix.Addr().Is4() || r.reach == "True" {
			continue
		}
		v4 := lastAddr(r.prefix).As4()
		if r.prefix.Bits() < 32 {
			v4 = r.prefix.Addr().Next().As4() // not the all-zero address
		}
		for _, f := range forms {
			if strings.HasPrefix(f.name, "compatible") && v4[0]|v4[1] == 0 {
				continue // "::" and "::1", not IPv4-compatible (RFC 4291, 2.5.5.1)
			}
			a := f.make(v4)
			v := judge(nil, nil, a)
			if !v.blocked {
				t.Errorf("%s carrying %s (%s): allowed, want blocked", a, netip.AddrFrom4(v4), f.name)
				continue
			}
			if !f.own && !strings.Contains(v.rule.Inside, netip.AddrFrom4(v4).String()) {
				t.Errorf("%s (%s): rule %v does not name the IPv4 address inside", a, f.name, v.rule)
			}
		}
	}
	for _, f := range forms {
		a := f.make([4]byte{8, 8, 8, 8})
		if v := judge(nil, nil, a); v.blocked != f.own {
			t.Errorf("%s carrying 8.8.8.8 (%s): blocked %v (%v), want %v", a, f.name, v.blocked, v.rule, f.own)
		}
	}
}

// TestEmbeddedPrefixes holds the bit tests of embedded to the prefixes
// of the forms: first and last address of each, and the neighbours.
func TestEmbeddedPrefixes(t *testing.T) {
	for _, q := range []netip.Prefix{nat64WKP, sixToFour, teredo, compatible} {
		for _, a := range []netip.Addr{q.Addr(), lastAddr(q)} {
			if _, form := embedded(a); form == "" && a != netip.IPv6Unspecified() {
				t.Errorf("%s (in %s): no form", a, q)
			}
		}
		for _, a := range []netip.Addr{q.Addr().Prev(), lastAddr(q).Next()} {
			if _, form := embedded(a); a.IsValid() && form != "" && !a.Is4In6() {
				for _, r := range []netip.Prefix{nat64WKP, sixToFour, teredo, compatible} {
					if r.Contains(a) {
						goto next
					}
				}
				t.Errorf("%s (next to %s): form %q", a, q, form)
			next:
			}
		}
	}
}

// TestAllowDeny checks that the longest prefix of Allow and Deny
// decides, Deny on a tie, and that the registries decide the rest.
func TestAllowDeny(t *testing.T) {
	P := netip.MustParsePrefix
	allow := []netip.Prefix{P("10.0.0.0/8"), P("127.0.0.2/32"), P("203.0.113.5/32")}
	deny := []netip.Prefix{P("10.1.2.3/32"), P("203.0.113.0/24"), P("127.0.0.2/32"), P("8.8.8.0/24")}
	for _, tc := range []struct {
		addr    string
		blocked bool
		name    string
	}{
		{"10.9.9.9", false, "Guard.Allow"},
		{"10.1.2.3", true, "Guard.Deny"},
		{"203.0.113.5", false, "Guard.Allow"},
		{"203.0.113.6", true, "Guard.Deny"},
		{"127.0.0.2", true, "Guard.Deny"}, // a tie: Deny
		{"::ffff:10.9.9.9", false, "Guard.Allow"},
		{"8.8.8.8", true, "Guard.Deny"},
		{"8.8.4.4", false, ""},
		{"192.168.1.1", true, "Private-Use"},
		{"fe80::1%eth0", true, "Link-Local Unicast"},
	} {
		v := judge(allow, deny, netip.MustParseAddr(tc.addr))
		if v.blocked != tc.blocked || v.rule.Name != tc.name {
			t.Errorf("%s: blocked %v by %q, want %v by %q", tc.addr, v.blocked, v.rule.Name, tc.blocked, tc.name)
		}
	}
}

// TestNameRules checks the names blocked without a lookup, with the case
// and the final dot of DNS (RFC 4343; RFC 1034, section 3.1).
func TestNameRules(t *testing.T) {
	for _, tc := range []struct {
		name    string
		blocked bool
	}{
		{"localhost", true}, {"localhost.", true}, {"a.b.localhost", true},
		{"printer.local", true}, {"local", true}, {"metadata.google.internal", true},
		{"svc.internal.", true}, {"router.home.arpa", true}, {"metadata", true},
		{"instance-data", true},
		{"localhost.example", false}, {"notlocalhost", false}, {"internal.example.com", false},
		{"metadata.example", false}, {"example.local.com", false}, {"locallocal", false},
	} {
		if _, got := nameRule(tc.name); got != tc.blocked {
			t.Errorf("nameRule(%q) = %v, want %v", tc.name, got, tc.blocked)
		}
	}
}

// TestRules checks that Rules lists every blocking entry once, with a
// reference.
func TestRules(t *testing.T) {
	seen := map[netip.Prefix]bool{}
	for _, r := range Rules() {
		if r.Ref == "" || r.Name == "" || !r.Prefix.IsValid() {
			t.Errorf("rule %+v lacks a name, a reference or a prefix", r)
		}
		if seen[r.Prefix] {
			t.Errorf("%s listed twice", r.Prefix)
		}
		seen[r.Prefix] = true
		if v := judge(nil, nil, r.Prefix.Addr()); !v.blocked && r.Prefix.Addr().Is4() {
			t.Errorf("%s listed, first address allowed", r.Prefix)
		}
	}
	for _, s := range []string{"127.0.0.0/8", "fc00::/7", "169.254.169.254/32", "2001:20::/28"} {
		if !seen[netip.MustParsePrefix(s)] {
			t.Errorf("%s not in Rules()", s)
		}
	}
	if seen[netip.MustParsePrefix("192.0.0.9/32")] {
		t.Errorf("192.0.0.9/32, globally reachable, listed as blocking")
	}
}
