package whatwg

import (
	"encoding/binary"
	"net/netip"
	"testing"
)

// ipv6Oracle is net/netip's text form of addr between brackets: RFC 5952's
// recommendation, which the URL Standard's IPv6 serializer (section "Host
// serializing") also follows: lowercase hex pieces without leading zeros,
// the first longest run of two or more zero pieces as "::". ok is false for
// an IPv4-mapped address, which netip writes with a dotted quad and the
// URL Standard does not.
func ipv6Oracle(addr [8]uint16) (string, bool) {
	var b [16]byte
	for i, v := range addr {
		binary.BigEndian.PutUint16(b[2*i:], v)
	}
	a := netip.AddrFrom16(b)
	if a.Is4In6() {
		return "", false
	}
	return "[" + a.String() + "]", true
}

// TestAppendIPv6 checks the serializer on the runs of zeros it must choose
// between (the first of the longest, never a single piece) against
// net/netip, and the URL Standard's own example.
func TestAppendIPv6(t *testing.T) {
	for _, addr := range [][8]uint16{
		{},
		{0, 0, 0, 0, 0, 0, 0, 1},
		{1, 0, 0, 0, 0, 0, 0, 0},
		{1, 0, 0, 0, 0, 0, 0, 1},
		{1, 0, 1, 0, 1, 0, 1, 0},
		{1, 0, 0, 1, 0, 0, 1, 1},
		{1, 0, 0, 1, 0, 0, 0, 1},
		{0, 0, 1, 0, 0, 0, 1, 1},
		{0x2001, 0xdb8, 0, 0, 1, 0, 0, 1},
		{0xffff, 0xfff, 0xff, 0xf, 0x1000, 0x100, 0x10, 1},
		{0xabcd, 0, 0, 0, 0, 0, 0, 0xef},
		{0, 1, 0, 0, 0, 0, 0, 0},
	} {
		want, ok := ipv6Oracle(addr)
		if !ok {
			t.Fatalf("%v: IPv4-mapped", addr)
		}
		if got := string(appendIPv6(nil, &addr)); got != want {
			t.Errorf("appendIPv6(%x) = %s, want %s", addr, got, want)
		}
	}
	// URL Standard, "Host serializing", the IPv6 serializer's example.
	u, err := Parse("http://[2001:db8:0:0:1:0:0:1]/")
	if err != nil || u.Hostname() != "[2001:db8::1:0:0:1]" {
		t.Errorf("Parse: hostname %q, %v; want [2001:db8::1:0:0:1]", u.Hostname(), err)
	}
}

// FuzzAppendIPv6: the serializer agrees with net/netip on every address
// that is not IPv4-mapped, and the parser reads its output back as the
// same address written the same way.
func FuzzAppendIPv6(f *testing.F) {
	f.Add([]byte{0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1})
	f.Add(make([]byte, 16))
	f.Add([]byte{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 1, 2, 3, 4})
	f.Fuzz(func(t *testing.T, b []byte) {
		var addr [8]uint16
		for i := 0; i < 8 && 2*i+1 < len(b); i++ {
			addr[i] = binary.BigEndian.Uint16(b[2*i:])
		}
		got := string(appendIPv6(nil, &addr))
		if want, ok := ipv6Oracle(addr); ok && got != want {
			t.Fatalf("appendIPv6(%x) = %s, want %s", addr, got, want)
		}
		u, err := Parse("http://" + got + "/")
		if err != nil || u.Hostname() != got {
			t.Fatalf("Parse of the serialization %s: hostname %q, %v", got, u.Hostname(), err)
		}
	})
}
