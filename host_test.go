package uri

import (
	"net/netip"
	"testing"
)

// hostURI wraps a host in a URI whose other components are fixed, so that
// offsets inside the host are offsets from len("s://").
func hostURI(host string) string { return "s://" + host + "/p" }

// hostInside returns u's host without the brackets of an IP-literal, the
// form the tables here write, after checking that Host has them.
func hostInside(u URI) string {
	h := u.Host()
	if k := u.HostKind(); k == HostIPv6 || k == HostIPvFuture {
		if len(h) < 2 || h[0] != '[' || h[len(h)-1] != ']' {
			return "no brackets: " + h
		}
		return h[1 : len(h)-1]
	}
	return h
}

// checkHost parses hostURI(host) and checks the host's text, kind and address.
func checkHost(t *testing.T, host, text string, kind HostKind, addr netip.Addr) {
	t.Helper()
	in := hostURI(host)
	u, err := Parse(in)
	if err != nil {
		t.Errorf("Parse(%q): %v", in, err)
		return
	}
	if hostInside(u) != text || u.HostKind() != kind || u.Addr() != addr {
		t.Errorf("Parse(%q): host %q kind %v addr %v, want %q %v %v", in, u.Host(), u.HostKind(), u.Addr(), text, kind, addr)
	}
	if u.Authority() != host || u.Path() != "/p" || u.HasPort() || u.HasUserinfo() {
		t.Errorf("Parse(%q): authority %q path %q", in, u.Authority(), u.Path())
	}
}

// TestIPv6 covers each of the nine alternatives of IPv6address (section
// 3.2.2), every placement of "::", and IPv4-suffixed forms.
func TestIPv6(t *testing.T) {
	const a, b, c = 0x0102, 0x0304, 0xffff // the groups of 1.2.3.4, and all ones
	tests := []struct {
		text string
		addr netip.Addr
	}{
		// 6( h16 ":" ) ls32
		{"1:2:3:4:5:6:7:8", v6(1, 2, 3, 4, 5, 6, 7, 8)},
		{"1:2:3:4:5:6:1.2.3.4", v6(1, 2, 3, 4, 5, 6, a, b)},
		{"ffff:FFFF:0:00:000:0000:aBcD:1", v6(c, c, 0, 0, 0, 0, 0xabcd, 1)},
		{"2001:0db8:85a3:0000:0000:8a2e:0370:7334", v6(0x2001, 0xdb8, 0x85a3, 0, 0, 0x8a2e, 0x370, 0x7334)},
		{"0:0:0:0:0:0:0.0.0.0", v6(0, 0, 0, 0, 0, 0, 0, 0)},
		// "::" 5( h16 ":" ) ls32
		{"::2:3:4:5:6:7:8", v6(0, 2, 3, 4, 5, 6, 7, 8)},
		{"::2:3:4:5:6:1.2.3.4", v6(0, 2, 3, 4, 5, 6, a, b)},
		// [ h16 ] "::" 4( h16 ":" ) ls32
		{"1::3:4:5:6:7:8", v6(1, 0, 3, 4, 5, 6, 7, 8)},
		{"::3:4:5:6:7:8", v6(0, 0, 3, 4, 5, 6, 7, 8)},
		{"1::3:4:5:6:1.2.3.4", v6(1, 0, 3, 4, 5, 6, a, b)},
		// [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
		{"1:2::4:5:6:7:8", v6(1, 2, 0, 4, 5, 6, 7, 8)},
		{"1::4:5:6:7:8", v6(1, 0, 0, 4, 5, 6, 7, 8)},
		{"::4:5:6:7:8", v6(0, 0, 0, 4, 5, 6, 7, 8)},
		{"1:2::4:5:6:1.2.3.4", v6(1, 2, 0, 4, 5, 6, a, b)},
		// [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
		{"1:2:3::5:6:7:8", v6(1, 2, 3, 0, 5, 6, 7, 8)},
		{"1::5:6:7:8", v6(1, 0, 0, 0, 5, 6, 7, 8)},
		{"::5:6:1.2.3.4", v6(0, 0, 0, 0, 5, 6, a, b)},
		// [ *3( h16 ":" ) h16 ] "::" h16 ":" ls32
		{"1:2:3:4::6:7:8", v6(1, 2, 3, 4, 0, 6, 7, 8)},
		{"::6:7:8", v6(0, 0, 0, 0, 0, 6, 7, 8)},
		{"::ffff:1.2.3.4", v6(0, 0, 0, 0, 0, c, a, b)},
		{"::FFFF:192.0.2.16", v6(0, 0, 0, 0, 0, c, 0xc000, 0x0210)},
		{"1:2:3:4::6:1.2.3.4", v6(1, 2, 3, 4, 0, 6, a, b)},
		// [ *4( h16 ":" ) h16 ] "::" ls32
		{"1:2:3:4:5::7:8", v6(1, 2, 3, 4, 5, 0, 7, 8)},
		{"::7:8", v6(0, 0, 0, 0, 0, 0, 7, 8)},
		{"::1.2.3.4", v6(0, 0, 0, 0, 0, 0, a, b)},
		{"::0.0.0.0", v6(0, 0, 0, 0, 0, 0, 0, 0)},
		{"::255.255.255.255", v6(0, 0, 0, 0, 0, 0, c, c)},
		{"1::1.2.3.4", v6(1, 0, 0, 0, 0, 0, a, b)},
		{"1:2:3:4:5::1.2.3.4", v6(1, 2, 3, 4, 5, 0, a, b)},
		// [ *5( h16 ":" ) h16 ] "::" h16
		{"1:2:3:4:5:6::8", v6(1, 2, 3, 4, 5, 6, 0, 8)},
		{"::8", v6(0, 0, 0, 0, 0, 0, 0, 8)},
		{"::1", v6(0, 0, 0, 0, 0, 0, 0, 1)},
		{"1::8", v6(1, 0, 0, 0, 0, 0, 0, 8)},
		{"fe80::1", v6(0xfe80, 0, 0, 0, 0, 0, 0, 1)},
		{"2001:db8::7", v6(0x2001, 0xdb8, 0, 0, 0, 0, 0, 7)},
		// [ *6( h16 ":" ) h16 ] "::"
		{"1:2:3:4:5:6:7::", v6(1, 2, 3, 4, 5, 6, 7, 0)},
		{"1:2::", v6(1, 2, 0, 0, 0, 0, 0, 0)},
		{"1::", v6(1, 0, 0, 0, 0, 0, 0, 0)},
		{"::", v6(0, 0, 0, 0, 0, 0, 0, 0)},
		// "::" standing for one group, at every position.
		{"::2:3:4:5:6:7:8", v6(0, 2, 3, 4, 5, 6, 7, 8)},
		{"1::3:4:5:6:7:8", v6(1, 0, 3, 4, 5, 6, 7, 8)},
		{"1:2::4:5:6:7:8", v6(1, 2, 0, 4, 5, 6, 7, 8)},
		{"1:2:3::5:6:7:8", v6(1, 2, 3, 0, 5, 6, 7, 8)},
		{"1:2:3:4::6:7:8", v6(1, 2, 3, 4, 0, 6, 7, 8)},
		{"1:2:3:4:5::7:8", v6(1, 2, 3, 4, 5, 0, 7, 8)},
		{"1:2:3:4:5:6::8", v6(1, 2, 3, 4, 5, 6, 0, 8)},
		{"1:2:3:4:5:6:7::", v6(1, 2, 3, 4, 5, 6, 7, 0)},
		// "::" standing for several groups.
		{"1::8", v6(1, 0, 0, 0, 0, 0, 0, 8)},
		{"1:2::7:8", v6(1, 2, 0, 0, 0, 0, 7, 8)},
		{"1:2:3::8", v6(1, 2, 3, 0, 0, 0, 0, 8)},
		{"::5:6:7:8", v6(0, 0, 0, 0, 5, 6, 7, 8)},
		{"1:2:3:4::", v6(1, 2, 3, 4, 0, 0, 0, 0)},
		// Group widths 1 to 4, both cases of hex.
		{"a:bc:def:ABCD:0:00:000:0000", v6(0xa, 0xbc, 0xdef, 0xabcd, 0, 0, 0, 0)},
		{"FfFf::fFfF", v6(c, 0, 0, 0, 0, 0, 0, c)},
	}
	for _, tt := range tests {
		checkHost(t, "["+tt.text+"]", tt.text, HostIPv6, tt.addr)
	}

	// With an IPv4 tail the address stays 16 bytes (an IPv4-mapped IPv6
	// address), not an IPv4 one.
	u := mustParse(t, "s://[::ffff:1.2.3.4]")
	if !u.Addr().Is6() || !u.Addr().Is4In6() || u.Addr().Unmap() != v4(1, 2, 3, 4) {
		t.Errorf("[::ffff:1.2.3.4]: Addr() = %v, want 16 bytes holding 1.2.3.4", u.Addr())
	}

	// Invalid literals. off is the offset inside the brackets: the code
	// reports the start of the piece that breaks the rule (a group, a "::",
	// an IPv4 octet, or the byte after the address).
	invalid := []struct {
		text string
		off  int
	}{
		{"1:2:3:4:5:6:7:8:9", 15},     // nine groups
		{"1:2:3:4:5:6:7", 13},         // seven groups and no "::"
		{"1:2:3:4:5:6:7:8::", 15},     // "::" must stand for at least one group
		{"::1:2:3:4:5:6:7:8", 15},     // "::" and eight groups
		{"1::2:3:4:5:6:7:8", 14},      // likewise
		{"1:2:3:4:5:6::7:8", 14},      // likewise
		{"12345::", 4},                // a five-digit group
		{"1:23456::", 6},              // likewise
		{"::12345", 6},                // likewise
		{"1::2::3", 4},                // a second "::"
		{"::1::", 3},                  // likewise
		{"::::", 2},                   // likewise
		{":1::", 0},                   // a leading single colon
		{":1:2:3:4:5:6:7:8", 0},       // likewise
		{":", 0},                      // likewise
		{"1:", 2},                     // a trailing single colon
		{"1:2:3:4:5:6:7:", 14},        // likewise
		{"1::2:", 5},                  // likewise
		{":::", 2},                    // a third colon
		{"1:::2", 3},                  // likewise
		{"", 0},                       // empty
		{"g::", 0},                    // not hex
		{"::g", 2},                    // likewise
		{"1.2.3.4", 7},                // an IPv4 address alone
		{"::ffff:1.2.3.04", 13},       // a leading zero in a dec-octet
		{"::256.1.1.1", 2},            // a dec-octet above 255
		{"::1.2.3", 7},                // three octets
		{"::1.2.3.4.5", 9},            // five octets
		{"::1.2.3.4:1", 9},            // IPv4 is only ever last
		{"::1.2.3.", 8},               // an empty octet
		{"::a.b.c.d", 2},              // hex is not decimal
		{"1:2:3:4:5:6:7:1.2.3.4", 14}, // nine groups' worth
		{"1:2:3:4:5:6::1.2.3.4", 13},  // "::" and eight groups' worth
		{"1::2:3:4:5:6:1.2.3.4", 13},  // likewise
		{"fe80::1%25eth0", 7},         // zone identifiers are RFC 6874, not 3986
		{"::1 ", 3},                   // a space
		{"[::1", 0},                   // a second "["
	}
	for _, tt := range invalid {
		in := hostURI("[" + tt.text + "]")
		_, err := Parse(in)
		checkErr(t, in, err, 5+tt.off, ComponentHost, ErrInvalidIPv6, ErrInvalidHost)
	}
}

// TestIPvFuture: IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ).
func TestIPvFuture(t *testing.T) {
	for _, text := range []string{
		"v1.x", "V1.x", "vF.a:b", "v1a2B.!$&'()*+,;=-._~:", "v7.::", "v0.0",
	} {
		checkHost(t, "["+text+"]", text, HostIPvFuture, netip.Addr{})
	}
	invalid := []struct {
		text string
		off  int
	}{
		{"v", 1},                 // no version
		{"v.x", 1},               // likewise
		{"vx.y", 1},              // the version is hex
		{"v1", 2},                // no "."
		{"v1x", 2},               // likewise
		{"v1.", 3},               // nothing after the "."
		{"v1.x%41", 4},           // no pct-encoding in IPvFuture
		{"v1.x y", 4},            // a space
		{"v1.[", 3},              // a "["
		{"v1.é", 3},              // non-ASCII
		{"vff.fe80::1%eth0", 11}, // "%" is neither unreserved nor a sub-delim
	}
	for _, tt := range invalid {
		in := hostURI("[" + tt.text + "]")
		_, err := Parse(in)
		checkErr(t, in, err, 5+tt.off, ComponentHost, ErrInvalidIPvFuture, ErrInvalidHost)
	}
}

// TestIPLiteralUnterminated: a "[" whose literal runs into the end of the
// authority (end of input, "/", "?" or "#") is reported at the "[".
func TestIPLiteralUnterminated(t *testing.T) {
	for _, in := range []string{
		"s://[", "s://[::1", "s://[::1/p]", "s://[::1?q]", "s://[::1#f]", "s://[1:2:3:4:5:6:7:8",
		"s://[v1.x", "s://[v1.x/y]", "s://[1:2/x]", "s://[1", "http://[::1",
		// Cut short after a ":", as unterminated as when cut after a group.
		"s://[1:", "s://[::1:", "s://[1:2:3:4:5:6:7:", "s://[::", "s://[::1.2.",
	} {
		off := 4
		if in == "http://[::1" {
			off = 7
		}
		_, err := Parse(in)
		checkErr(t, in, err, off, ComponentHost, ErrUnterminatedIPLiteral, ErrInvalidHost)
	}
	// An IP-literal with userinfo and port.
	u := mustParse(t, "s://u@[::1]:8/")
	checkWant(t, "s://u@[::1]:8/", u, want{scheme: def("s"), authority: def("u@[::1]:8"), userinfo: def("u"),
		host: "::1", kind: HostIPv6, addr: v6(0, 0, 0, 0, 0, 0, 0, 1), port: def("8"), portNum: 8, portOK: true,
		path: "/", segments: []string{"", ""}})
	// After the "]" only ":" port or the end of the authority may follow.
	for _, tt := range []struct {
		in  string
		off int
	}{
		{"s://[::1]x", 9}, {"s://[::1]]", 9}, {"s://[::1][::2]", 9}, {"s://[v1.x]:1]", 12},
		{"s://[::1]%41", 9}, // a well-formed triplet, but no "%" is allowed here
	} {
		comp, errs := ComponentHost, []error{ErrInvalidCharacter, ErrInvalidHost}
		if tt.in == "s://[v1.x]:1]" {
			comp, errs = ComponentPort, []error{ErrInvalidCharacter, ErrInvalidPort}
		}
		_, err := Parse(tt.in)
		checkErr(t, tt.in, err, tt.off, comp, errs...)
	}
}

// TestIPv4: IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
// with dec-octet 0 to 255 and no leading zero. Text that fails the rule but
// matches reg-name is a reg-name (first match wins, section 3.2.2).
func TestIPv4(t *testing.T) {
	for _, tt := range []struct {
		text string
		addr netip.Addr
	}{
		{"0.0.0.0", v4(0, 0, 0, 0)},
		{"255.255.255.255", v4(255, 255, 255, 255)},
		{"192.0.2.16", v4(192, 0, 2, 16)},
		{"10.20.30.40", v4(10, 20, 30, 40)},
		{"1.22.199.249", v4(1, 22, 199, 249)},       // "1" 2DIGIT, "2" %x30-34 DIGIT
		{"250.251.252.253", v4(250, 251, 252, 253)}, // "25" %x30-35
		{"200.249.100.99", v4(200, 249, 100, 99)},
		{"9.99.100.199", v4(9, 99, 100, 199)},
		{"127.0.0.1", v4(127, 0, 0, 1)},
	} {
		checkHost(t, tt.text, tt.text, HostIPv4, tt.addr)
	}
	for _, text := range []string{
		"1.2.3.04",  // leading zero
		"01.2.3.4",  // likewise
		"00.0.0.0",  // likewise
		"1.2.3",     // three octets
		"1.2.3.4.5", // five
		"256.1.1.1", // above 255
		"1.2.3.256",
		"300.300.300.300",
		"1.2.3.1000", // four digits
		"1.2.3.4.",   // a trailing dot
		".1.2.3.4",
		"1..2.3",
		"1.2.3.4a",
		"a1.2.3.4",
		"0x7f.0.0.1",
		"1.2.3.-4",
		"1.2.3.25a",
		"1e2.1.1.1",
		"1.2.3.4%2E",
		"1.2.3.4~",
		"260.0.0.0",
		"1.2.3.249.",
	} {
		checkHost(t, text, text, HostRegName, netip.Addr{})
	}
}

// TestRegName: reg-name = *( unreserved / pct-encoded / sub-delims ).
func TestRegName(t *testing.T) {
	for _, text := range []string{
		"example.com", "EXAMPLE.com", "a-b_c~d.e", "%41%2a", "!$&'()*+,;=", "-", "~", "x", "1",
		"localhost", "xn--nxasmq6b", "%C3%A9t%C3%A9", "a.b.c.d.e.f", "123",
	} {
		checkHost(t, text, text, HostRegName, netip.Addr{})
	}
	// The empty host is a reg-name: "file:///x" (section 3.2.2).
	for _, in := range []string{"file:///x", "s://", "//", "s://:80", "s://@", "s://@:"} {
		u := mustParse(t, in)
		if !u.HasAuthority() || u.Host() != "" || u.HostKind() != HostRegName || u.Addr().IsValid() {
			t.Errorf("%q: host %q kind %v", in, u.Host(), u.HostKind())
		}
	}
	for _, tt := range []struct {
		in  string
		off int
		err error
	}{
		{"http://a b", 8, ErrInvalidCharacter},
		{"s://a<b", 5, ErrInvalidCharacter},
		{"s://a[b]", 5, ErrInvalidCharacter},
		{"s://a]", 5, ErrInvalidCharacter},
		{"s://é", 4, ErrInvalidCharacter},
		{"s://a\x00", 5, ErrInvalidCharacter},
		{"s://a\\b", 5, ErrInvalidCharacter},
		{"s://a%zz", 5, ErrInvalidPercentEncoding},
		{"s://a%4", 5, ErrInvalidPercentEncoding},
		{"s://a%", 5, ErrInvalidPercentEncoding},
		{"s://a@b@c", 7, ErrInvalidCharacter}, // a second "@"
	} {
		_, err := Parse(tt.in)
		checkErr(t, tt.in, err, tt.off, ComponentHost, tt.err, ErrInvalidHost)
	}
}

// TestUserinfo: userinfo = *( unreserved / pct-encoded / sub-delims / ":" ),
// ended by "@" (section 3.2.1).
func TestUserinfo(t *testing.T) {
	for _, tt := range []struct {
		in       string
		userinfo opt
		host     string
		port     opt
	}{
		{"s://h", opt{}, "h", opt{}},
		{"s://@h", def(""), "h", opt{}},
		{"s://:@h", def(":"), "h", opt{}},
		{"s://user@h", def("user"), "h", opt{}},
		{"s://user:pass@h:1", def("user:pass"), "h", def("1")},
		{"s://a:b:c@h", def("a:b:c"), "h", opt{}},
		{"s://%41:%42@h", def("%41:%42"), "h", opt{}},
		{"s://!$&'()*+,;=-._~@h", def("!$&'()*+,;=-._~"), "h", opt{}},
		{"s://h:8o@x", def("h:8o"), "x", opt{}}, // an "@" makes it a userinfo
		{"s://u@", def("u"), "", opt{}},
		{"s://u@:", def("u"), "", def("")},
		// "/", "?" and "#" end the authority: what follows is not userinfo.
		{"s://a/b@h", opt{}, "a", opt{}},
		{"s://a?b@h", opt{}, "a", opt{}},
		{"s://a#b@h", opt{}, "a", opt{}},
	} {
		u := mustParse(t, tt.in)
		if u.HasUserinfo() != tt.userinfo.ok || u.Userinfo() != tt.userinfo.v || hostInside(u) != tt.host ||
			u.HasPort() != tt.port.ok || u.Port() != tt.port.v {
			t.Errorf("%q: userinfo %q (%v) host %q port %q (%v), want %q (%v) %q %q (%v)", tt.in,
				u.Userinfo(), u.HasUserinfo(), u.Host(), u.Port(), u.HasPort(),
				tt.userinfo.v, tt.userinfo.ok, tt.host, tt.port.v, tt.port.ok)
		}
	}
	// A byte a userinfo cannot hold, before an "@", is a userinfo error.
	for _, tt := range []struct {
		in  string
		off int
		err error
	}{
		{"s://a b@h", 5, ErrInvalidCharacter},
		{"s://a[@h", 5, ErrInvalidCharacter},
		{"s://a[b]@h", 5, ErrInvalidCharacter},
		{"s://a]b@h", 5, ErrInvalidCharacter},
		{"s://a\"@h", 5, ErrInvalidCharacter},
		{"s://é@h", 4, ErrInvalidCharacter},
		{"s://a%zz@h", 5, ErrInvalidPercentEncoding},
		{"s://%4@h", 4, ErrInvalidPercentEncoding},
		{"s://a\\b@h/", 5, ErrInvalidCharacter},
	} {
		_, err := Parse(tt.in)
		checkErr(t, tt.in, err, tt.off, ComponentUserinfo, tt.err)
	}
	// An authority that begins with "[" is read as an IP-literal host (the
	// parser's choice: a userinfo cannot hold "[" either), so the error is
	// where the host stops making sense.
	_, err := Parse("s://[::1]@h")
	checkErr(t, "s://[::1]@h", err, 9, ComponentHost, ErrInvalidCharacter, ErrInvalidHost)
	_, err = Parse("s://[@h")
	checkErr(t, "s://[@h", err, 5, ComponentHost, ErrInvalidIPv6, ErrInvalidHost)
	_, err = Parse("s://[v1.x]@h")
	checkErr(t, "s://[v1.x]@h", err, 10, ComponentHost, ErrInvalidCharacter, ErrInvalidHost)
}

// TestPort: port = *DIGIT (section 3.2.3), and PortNumber's reading of it.
func TestPort(t *testing.T) {
	for _, tt := range []struct {
		in    string
		port  opt
		num   uint16
		numOK bool
	}{
		{"s://h", opt{}, 0, false},
		{"s://h/:80", opt{}, 0, false},
		{"s://h:", def(""), 0, false},
		{"s://h:/", def(""), 0, false},
		{"s://h:0", def("0"), 0, true},
		{"s://h:80", def("80"), 80, true},
		{"s://h:0080", def("0080"), 80, true},
		{"s://h:65535", def("65535"), 65535, true},
		{"s://h:65536", def("65536"), 0, false},
		{"s://h:99999", def("99999"), 0, false},
		{"s://h:000000000000000000065535", def("000000000000000000065535"), 65535, true},
		{"s://h:99999999999999999999999999", def("99999999999999999999999999"), 0, false},
		{"s://[::1]:443/", def("443"), 443, true},
		{"s://1.2.3.4:1?q", def("1"), 1, true},
		{"s://[v1.x]:2#f", def("2"), 2, true},
		{"s://u:1@h", opt{}, 0, false}, // the ":1" is in the userinfo
		{"s://:8", def("8"), 8, true},  // with an empty host
		{"s:8", opt{}, 0, false},       // no authority
	} {
		u := mustParse(t, tt.in)
		n, ok := u.PortNumber()
		if u.HasPort() != tt.port.ok || u.Port() != tt.port.v || n != tt.num || ok != tt.numOK {
			t.Errorf("%q: port %q (%v) PortNumber (%d, %v), want %q (%v) (%d, %v)", tt.in,
				u.Port(), u.HasPort(), n, ok, tt.port.v, tt.port.ok, tt.num, tt.numOK)
		}
	}
	for _, tt := range []struct {
		in  string
		off int
	}{
		{"http://a:8o", 10},
		{"s://h:-1", 6},
		{"s://h:+1", 6},
		{"s://h: 1", 6},
		{"s://h:1 ", 7},
		{"s://h:1:2", 7},
		{"s://h::", 6},
		{"s://h:0x10", 7},
		{"s://h:80a/", 8},
		{"s://[::1]:x", 10},
		{"s://h:١", 6}, // a non-ASCII digit
		{"s://h:%38", 6},
	} {
		_, err := Parse(tt.in)
		checkErr(t, tt.in, err, tt.off, ComponentPort, ErrInvalidCharacter, ErrInvalidPort)
	}
	_, err := Parse("s://h:1%3")
	checkErr(t, "s://h:1%3", err, 7, ComponentPort, ErrInvalidPercentEncoding, ErrInvalidPort)
}

// TestHostKindString: the names HostKind.String documents.
func TestHostKindString(t *testing.T) {
	for k, want := range map[HostKind]string{
		HostNone: "", HostRegName: "reg-name", HostIPv4: "ipv4", HostIPv6: "ipv6", HostIPvFuture: "ipvfuture",
		HostKind(99): "",
	} {
		if got := k.String(); got != want {
			t.Errorf("HostKind(%d).String() = %q, want %q", k, got, want)
		}
	}
}
