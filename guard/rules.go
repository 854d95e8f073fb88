package guard

import (
	"net/netip"
	"strings"
)

// Rule is what decided that an address, a name or a URL is blocked: an
// entry of an IANA registry, a cloud metadata address, a name rule, a
// field of the Guard, or the lint.Policy.
type Rule struct {
	// Prefix is the block of addresses the rule covers; it is the zero
	// Prefix for a rule on names or on the URL.
	Prefix netip.Prefix
	// Name names the rule: the registry entry's name ("Loopback",
	// "Private-Use"), a name rule (".localhost"), or a field
	// ("Guard.Deny", "lint.Policy").
	Name string
	// Ref is where the rule comes from: the RFC that assigned the block
	// ("RFC 1122, section 3.2.1.3"), a vendor's documentation, or the
	// reason the Policy gave.
	Ref string
	// Registry is the list the rule belongs to: "IPv4 Special-Purpose",
	// "IPv6 Special-Purpose" (the IANA registries of RFC 6890 as updated
	// by RFC 8190), "IPv6 Address Space", "IPv4 Multicast", "metadata",
	// "name", "guard" or "policy".
	Registry string
	// Inside, when not empty, says that the address judged was the IPv4
	// address carried inside an IPv6 one, and in which form
	// ("192.168.0.1 inside a 6to4 address, RFC 3056").
	Inside string
}

// String returns the rule as one line, such as
// "127.0.0.0/8 Loopback (IPv4 Special-Purpose, RFC 1122, section 3.2.1.3)".
func (r Rule) String() string {
	var b strings.Builder
	if r.Inside != "" {
		b.WriteString(r.Inside)
		b.WriteString(": ")
	}
	if r.Prefix.IsValid() {
		b.WriteString(r.Prefix.String())
		b.WriteByte(' ')
	}
	b.WriteString(r.Name)
	if r.Registry != "" || r.Ref != "" {
		b.WriteString(" (")
		b.WriteString(r.Registry)
		if r.Registry != "" && r.Ref != "" {
			b.WriteString(", ")
		}
		b.WriteString(r.Ref)
		b.WriteByte(')')
	}
	return b.String()
}

// reach is the "Globally Reachable" value of a registry entry (RFC 8190,
// section 2), or the guard's own decision for a block outside the
// registries.
type reach uint8

const (
	notGlobal reach = iota // "False": blocked
	global                 // "True": allowed
	na                     // "N/A": blocked, unless an IPv4 address inside decides
)

// entry is one row of the tables below.
type entry struct {
	prefix   netip.Prefix
	name     string
	ref      string
	registry string
	reach    reach
	// block overrides a "True" of the registry, with the reason in ref.
	block bool
}

const (
	regV4    = "IPv4 Special-Purpose"
	regV6    = "IPv6 Special-Purpose"
	regSpace = "IPv6 Address Space"
	regMcast = "IPv4 Multicast"
	regMeta  = "metadata"
)

func p(s string) netip.Prefix { return netip.MustParsePrefix(s) }

// The IANA IPv4 Special-Purpose Address Registry
// (https://www.iana.org/assignments/iana-ipv4-special-registry), as RFC
// 6890 made it and RFC 8190 amended it, every entry with its "Globally
// Reachable" value; and the multicast block, which the registry leaves to
// the IPv4 Multicast Address Space Registry. The most specific entry that
// holds an address decides (RFC 8190, section 2: 192.0.0.9/32 is globally
// reachable inside 192.0.0.0/24, which is not).
var tableV4 = []entry{
	{p("0.0.0.0/8"), `"This network"`, "RFC 791, section 3.2", regV4, notGlobal, false},
	{p("0.0.0.0/32"), `"This host on this network"`, "RFC 1122, section 3.2.1.3", regV4, notGlobal, false},
	{p("10.0.0.0/8"), "Private-Use", "RFC 1918", regV4, notGlobal, false},
	{p("100.64.0.0/10"), "Shared Address Space", "RFC 6598", regV4, notGlobal, false},
	{p("127.0.0.0/8"), "Loopback", "RFC 1122, section 3.2.1.3", regV4, notGlobal, false},
	{p("169.254.0.0/16"), "Link Local", "RFC 3927", regV4, notGlobal, false},
	{p("172.16.0.0/12"), "Private-Use", "RFC 1918", regV4, notGlobal, false},
	{p("192.0.0.0/24"), "IETF Protocol Assignments", "RFC 6890, section 2.1", regV4, notGlobal, false},
	{p("192.0.0.0/29"), "IPv4 Service Continuity Prefix", "RFC 7335", regV4, notGlobal, false},
	{p("192.0.0.8/32"), "IPv4 dummy address", "RFC 7600", regV4, notGlobal, false},
	{p("192.0.0.9/32"), "Port Control Protocol Anycast", "RFC 7723", regV4, global, false},
	{p("192.0.0.10/32"), "Traversal Using Relays around NAT Anycast", "RFC 8155", regV4, global, false},
	{p("192.0.0.170/32"), "NAT64/DNS64 Discovery", "RFC 8880, RFC 7050, section 2.2", regV4, notGlobal, false},
	{p("192.0.0.171/32"), "NAT64/DNS64 Discovery", "RFC 8880, RFC 7050, section 2.2", regV4, notGlobal, false},
	{p("192.0.2.0/24"), "Documentation (TEST-NET-1)", "RFC 5737", regV4, notGlobal, false},
	{p("192.31.196.0/24"), "AS112-v4", "RFC 7535", regV4, global, false},
	{p("192.52.193.0/24"), "AMT", "RFC 7450", regV4, global, false},
	{p("192.88.99.0/24"), "Deprecated (6to4 Relay Anycast)", "RFC 7526", regV4, na, false},
	{p("192.88.99.2/32"), "6a44-relay anycast address", "RFC 6751", regV4, na, false},
	{p("192.168.0.0/16"), "Private-Use", "RFC 1918", regV4, notGlobal, false},
	{p("192.175.48.0/24"), "Direct Delegation AS112 Service", "RFC 7534", regV4, global, false},
	{p("198.18.0.0/15"), "Benchmarking", "RFC 2544", regV4, notGlobal, false},
	{p("198.51.100.0/24"), "Documentation (TEST-NET-2)", "RFC 5737", regV4, notGlobal, false},
	{p("203.0.113.0/24"), "Documentation (TEST-NET-3)", "RFC 5737", regV4, notGlobal, false},
	{p("240.0.0.0/4"), "Reserved", "RFC 1112, section 4", regV4, notGlobal, false},
	{p("255.255.255.255/32"), "Limited Broadcast", "RFC 8190, RFC 919, section 7", regV4, notGlobal, false},
	// Not a special-purpose entry: class D, whose registry is the IPv4
	// Multicast Address Space Registry. A unicast fetch has no business
	// there, and a multicast group reaches hosts on the local network.
	{p("224.0.0.0/4"), "Multicast", "RFC 5771, RFC 1112, section 4", regMcast, notGlobal, false},
}

// The IANA IPv6 Special-Purpose Address Registry
// (https://www.iana.org/assignments/iana-ipv6-special-registry), and the
// blocks of the IPv6 Address Space registry that hold no global unicast
// address.
var tableV6 = []entry{
	{p("::1/128"), "Loopback Address", "RFC 4291, section 2.5.3", regV6, notGlobal, false},
	{p("::/128"), "Unspecified Address", "RFC 4291, section 2.5.2", regV6, notGlobal, false},
	{p("::ffff:0:0/96"), "IPv4-mapped Address", "RFC 4291, section 2.5.5.2", regV6, notGlobal, false},
	{p("64:ff9b::/96"), "IPv4-IPv6 Translat.", "RFC 6052, section 2.1", regV6, global, false},
	{p("64:ff9b:1::/48"), "Local-use IPv4/IPv6 Translation", "RFC 8215", regV6, notGlobal, false},
	{p("100::/64"), "Discard-Only Address Block", "RFC 6666", regV6, notGlobal, false},
	{p("100:0:0:1::/64"), "Dummy IPv6 Prefix", "RFC 9780", regV6, notGlobal, false},
	{p("2001::/23"), "IETF Protocol Assignments", "RFC 2928", regV6, notGlobal, false},
	{p("2001::/32"), "TEREDO", "RFC 4380, RFC 8190", regV6, na, false},
	{p("2001:1::1/128"), "Port Control Protocol Anycast", "RFC 7723", regV6, global, false},
	{p("2001:1::2/128"), "Traversal Using Relays around NAT Anycast", "RFC 8155", regV6, global, false},
	{p("2001:1::3/128"), "DNS-SD Service Registration Protocol Anycast", "RFC 9665", regV6, global, false},
	{p("2001:2::/48"), "Benchmarking", "RFC 5180, RFC Errata 1752", regV6, notGlobal, false},
	{p("2001:3::/32"), "AMT", "RFC 7450", regV6, global, false},
	{p("2001:4:112::/48"), "AS112-v6", "RFC 7535", regV6, global, false},
	{p("2001:10::/28"), "Deprecated (previously ORCHID)", "RFC 4843", regV6, na, false},
	// The registry says "True"; the guard blocks: an ORCHID is an
	// identifier that RFC 7343, section 1 says is not routable at the IP
	// layer, so no server listens on one.
	{p("2001:20::/28"), "ORCHIDv2", "RFC 7343 (not routable at the IP layer, section 1)", regV6, global, true},
	{p("2001:30::/28"), "Drone Remote ID Protocol Entity Tags (DETs) Prefix", "RFC 9374", regV6, global, false},
	{p("2001:db8::/32"), "Documentation", "RFC 3849", regV6, notGlobal, false},
	{p("2002::/16"), "6to4", "RFC 3056", regV6, na, false},
	{p("2620:4f:8000::/48"), "Direct Delegation AS112 Service", "RFC 7534", regV6, global, false},
	{p("3fff::/20"), "Documentation", "RFC 9637", regV6, notGlobal, false},
	{p("5f00::/16"), "Segment Routing (SRv6) SIDs", "RFC 9602", regV6, notGlobal, false},
	{p("fc00::/7"), "Unique-Local", "RFC 4193, RFC 8190", regV6, notGlobal, false},
	{p("fe80::/10"), "Link-Local Unicast", "RFC 4291, section 2.5.6", regV6, notGlobal, false},
	// The IPv6 Address Space registry: global unicast is 2000::/3 (RFC
	// 4291, section 2.4); the rest is reserved by the IETF or special.
	{p("fec0::/10"), "Site-Local (deprecated)", "RFC 3879", regSpace, notGlobal, false},
	{p("ff00::/8"), "Multicast", "RFC 4291, section 2.7", regSpace, notGlobal, false},
	{p("::/3"), "Reserved by IETF (not 2000::/3, global unicast)", "RFC 4291, section 2.4", regSpace, notGlobal, false},
	{p("4000::/2"), "Reserved by IETF (not 2000::/3, global unicast)", "RFC 4291, section 2.4", regSpace, notGlobal, false},
	{p("8000::/1"), "Reserved by IETF (not 2000::/3, global unicast)", "RFC 4291, section 2.4", regSpace, notGlobal, false},
}

// Cloud metadata services: each answers a request from inside an instance
// with its credentials, the prize of most SSRF attacks. Most sit in a
// blocked range already; they are named here so that the rule says what
// they are, and blocked even where Allow opens their range.
var tableMeta = []entry{
	{p("169.254.169.254/32"), "cloud metadata (AWS, GCP, Azure, Oracle, OpenStack, DigitalOcean)", "AWS EC2 user guide, instance metadata", regMeta, notGlobal, false},
	{p("169.254.170.2/32"), "cloud metadata (AWS ECS task metadata and credentials)", "Amazon ECS developer guide, task IAM roles", regMeta, notGlobal, false},
	{p("fd00:ec2::254/128"), "cloud metadata (AWS IMDS over IPv6)", "AWS EC2 user guide, instance metadata", regMeta, notGlobal, false},
	{p("100.100.100.200/32"), "cloud metadata (Alibaba Cloud ECS)", "Alibaba Cloud ECS documentation, instance metadata", regMeta, notGlobal, false},
	{p("192.0.0.192/32"), "cloud metadata (Oracle Cloud, legacy)", "Oracle Cloud Infrastructure documentation, instance metadata", regMeta, notGlobal, false},
	// A public address that Azure routes to the host of each VM.
	{p("168.63.129.16/32"), "cloud platform endpoint (Azure WireServer)", "Azure documentation, IP address 168.63.129.16", regMeta, notGlobal, false},
}

// verdict is the guard's answer for one address.
type verdict struct {
	blocked bool
	rule    Rule
}

func (e *entry) rule() Rule {
	return Rule{Prefix: e.prefix, Name: e.name, Ref: e.ref, Registry: e.registry}
}

// compiled is a table as masks and bits, for the judge: netip.Prefix's
// Contains, called for every entry, made judge cost 3150 instructions, as
// much as a net/url.Parse call (callgrind, guardinstr); this is a few
// instructions an entry, 830 a judge.
type compiled struct {
	hi, lo, mhi, mlo uint64 // the prefix's bits and mask, IPv4 in lo
	bits             int
	e                *entry
}

func compile(t []entry) []compiled {
	out := make([]compiled, len(t))
	for i := range t {
		q := t[i].prefix
		hi, lo := addrBits(q.Addr())
		n := q.Bits()
		var mhi, mlo uint64
		if q.Addr().Is4() {
			mlo = ^uint64(0) << (32 - n) & 0xffffffff
		} else {
			switch {
			case n == 0:
			case n <= 64:
				mhi = ^uint64(0) << (64 - n)
			default:
				mhi, mlo = ^uint64(0), ^uint64(0)<<(128-n)
			}
		}
		out[i] = compiled{hi, lo, mhi, mlo, n, &t[i]}
	}
	return out
}

// addrBits returns the address as two 64-bit halves; an IPv4 address is
// in the low 32 bits of lo.
func addrBits(a netip.Addr) (hi, lo uint64) {
	if a.Is4() {
		b := a.As4()
		return 0, uint64(b[0])<<24 | uint64(b[1])<<16 | uint64(b[2])<<8 | uint64(b[3])
	}
	b := a.As16()
	for i := range 8 {
		hi = hi<<8 | uint64(b[i])
		lo = lo<<8 | uint64(b[8+i])
	}
	return hi, lo
}

var (
	compiledV4   = compile(tableV4)
	compiledV6   = compile(tableV6)
	compiledMeta = compile(tableMeta)
)

// longest returns the most specific entry of t that holds the address
// whose bits are hi and lo, or nil; t is of one family.
func longest(t []compiled, hi, lo uint64) *entry {
	var best *entry
	bits := -1
	for i := range t {
		c := &t[i]
		if hi&c.mhi == c.hi && lo&c.mlo == c.lo && c.bits > bits {
			best, bits = c.e, c.bits
		}
	}
	return best
}

// fieldMatch returns the longest prefix of allow or deny that holds a,
// and whether it is a deny: a Deny of the same length as an Allow wins.
func fieldMatch(allow, deny []netip.Prefix, a netip.Addr) (netip.Prefix, bool, bool) {
	best, isDeny, found := netip.Prefix{}, false, false
	for _, q := range allow {
		if q.Contains(a) && (!found || q.Bits() > best.Bits()) {
			best, isDeny, found = q, false, true
		}
	}
	for _, q := range deny {
		if q.Contains(a) && (!found || q.Bits() >= best.Bits()) {
			best, isDeny, found = q, true, true
		}
	}
	return best, isDeny, found
}

// judge decides on the address a: Guard.Allow and Guard.Deny first (the
// longest prefix wins, Deny on a tie), then the cloud metadata addresses,
// then an IPv4 address carried inside an IPv6 one, then the registries.
func judge(allow, deny []netip.Prefix, a netip.Addr) verdict {
	a = a.WithZone("")
	if a.Is4In6() {
		// RFC 4291, section 2.5.5.2: a socket connects to the IPv4
		// address.
		v := judge(allow, deny, a.Unmap())
		if v.blocked {
			v.rule.Inside = a.Unmap().String() + " inside an IPv4-mapped address (RFC 4291, section 2.5.5.2)"
		}
		return v
	}
	if q, isDeny, ok := fieldMatch(allow, deny, a); ok {
		if isDeny {
			return verdict{true, Rule{Prefix: q, Name: "Guard.Deny", Registry: "guard"}}
		}
		return verdict{false, Rule{Prefix: q, Name: "Guard.Allow", Registry: "guard"}}
	}
	hi, lo := addrBits(a)
	for i := range compiledMeta {
		c := &compiledMeta[i]
		if c.e.prefix.Addr().Is4() == a.Is4() && hi&c.mhi == c.hi && lo&c.mlo == c.lo {
			return verdict{true, c.e.rule()}
		}
	}
	if a.Is4() {
		if e := longest(compiledV4, hi, lo); e != nil && (e.reach != global || e.block) {
			return verdict{true, e.rule()}
		}
		return verdict{}
	}
	if v4s, form := embedded(a); form != "" {
		// Judged by the IPv4 addresses inside: the packet goes to them
		// (a translator, a tunnel, or the kernel itself, for a mapped
		// address, sends it on).
		for _, v4 := range v4s {
			if !v4.IsValid() {
				break
			}
			if v := judge(allow, deny, v4); v.blocked {
				v.rule.Inside = v4.String() + " inside " + form
				return v
			}
		}
		return verdict{}
	}
	if e := longest(compiledV6, hi, lo); e != nil && (e.reach != global || e.block) {
		return verdict{true, e.rule()}
	}
	return verdict{}
}

// Forms of IPv6 address that carry an IPv4 address.
var (
	nat64WKP   = p("64:ff9b::/96")
	sixToFour  = p("2002::/16")
	teredo     = p("2001::/32")
	compatible = p("::/96")
)

// embedded returns the IPv4 addresses (the second only for Teredo) that
// the IPv6 address a carries and the name of its form, or "" when it
// carries none. a is not an IPv4-mapped address (judge unmaps those
// first).
func embedded(a netip.Addr) ([2]netip.Addr, string) {
	b := a.As16()
	last := netip.AddrFrom4([4]byte{b[12], b[13], b[14], b[15]})
	hi, lo := addrBits(a)
	switch {
	case hi == 0x0064_ff9b_0000_0000 && lo>>32 == 0: // nat64WKP
		// RFC 6052, section 2.2: with the /96 prefix, the last 32 bits.
		return [2]netip.Addr{last}, "a NAT64 address (RFC 6052)"
	case hi>>48 == 0x2002: // sixToFour
		// RFC 3056, section 2: 2002:V4ADDR::/48.
		return [2]netip.Addr{netip.AddrFrom4([4]byte{b[2], b[3], b[4], b[5]})}, "a 6to4 address (RFC 3056)"
	case hi>>32 == 0x2001_0000: // teredo
		// RFC 4380, section 4: the server's address in bits 32 to 63,
		// the client's mapped address, inverted, in the last 32 bits.
		server := netip.AddrFrom4([4]byte{b[4], b[5], b[6], b[7]})
		client := netip.AddrFrom4([4]byte{^b[12], ^b[13], ^b[14], ^b[15]})
		return [2]netip.Addr{client, server}, "a Teredo address (RFC 4380)"
	case hi == 0 && lo>>32 == 0 && (b[12]|b[13]) != 0: // compatible
		// RFC 4291, section 2.5.5.1, deprecated: ::a.b.c.d. "::" and
		// "::1" (the first two bytes of the IPv4 part zero) are the
		// unspecified and loopback addresses, and no IPv4 address of
		// 0.0.0.0/16 is global anyway.
		return [2]netip.Addr{last}, "an IPv4-compatible address (RFC 4291, section 2.5.5.1)"
	}
	return [2]netip.Addr{}, ""
}

// nameRules are the names blocked without a lookup, by suffix (".x"
// matches x and every name under it) or whole.
var nameRules = []struct {
	pattern string
	ref     string
}{
	{".localhost", "RFC 6761, section 6.3: the loopback interface"},
	{".local", "RFC 6762, section 3: link-local Multicast DNS names"},
	{".internal", "ICANN Board resolution 2024.07.29.06: reserved for private use"},
	{".home.arpa", "RFC 8375: residential home networks"},
	{"metadata", "GCP: the metadata server's short name (metadata.google.internal)"},
	{"instance-data", "AWS: the instance metadata service's name in an EC2 VPC"},
}

// nameRule returns the rule that blocks the host name, which is lowercase
// ASCII, with or without its final ".".
func nameRule(name string) (Rule, bool) {
	name = strings.TrimSuffix(name, ".")
	for _, r := range nameRules {
		pat := r.pattern
		if strings.HasPrefix(pat, ".") {
			if name == pat[1:] || strings.HasSuffix(name, pat) {
				return Rule{Name: pat, Ref: r.ref, Registry: "name"}, true
			}
		} else if name == pat {
			return Rule{Name: pat, Ref: r.ref, Registry: "name"}, true
		}
	}
	return Rule{}, false
}

// Rules returns the guard's address rules: every entry of the IANA IPv4
// and IPv6 Special-Purpose Address Registries that the guard blocks, the
// blocks outside 2000::/3 and the multicast blocks, and the cloud metadata
// addresses, in that order. The most specific entry holding an address
// decides, and some entries (192.0.0.9/32, 2001:3::/32 ...) are globally
// reachable holes in a blocked block: Rules lists only what blocks.
func Rules() []Rule {
	var out []Rule
	for _, t := range [][]entry{tableV4, tableV6, tableMeta} {
		for i := range t {
			if t[i].reach != global || t[i].block {
				out = append(out, t[i].rule())
			}
		}
	}
	return out
}
