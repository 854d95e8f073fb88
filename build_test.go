package uri

import (
	"errors"
	"net/netip"
	"testing"
)

// checkReparse fails unless u is exactly the URI that parsing its text gives:
// same text, offsets, host kind and address. Edits compute offsets from
// lengths without parsing, so this is what proves them right.
func checkReparse(t *testing.T, what string, u URI) {
	t.Helper()
	checkLayout(t, u)
	v, err := Parse(u.String())
	if err != nil {
		t.Errorf("%s gave %q, which does not parse: %v", what, u, err)
		return
	}
	if v != u {
		t.Errorf("%s gave %#v with fields %+v, but parsing its text gives %+v", what, u, u, v)
	}
}

// editCase is one edit applied to a base reference, with the expected text
// or the expected error cause and offset.
type editCase struct {
	base    string
	name    string
	edit    func(URI) (URI, error)
	want    string
	wantErr error
	off     int
}

func runEdits(t *testing.T, cases []editCase) {
	t.Helper()
	for _, tt := range cases {
		base := MustParse(tt.base)
		got, err := tt.edit(base)
		what := tt.base + " " + tt.name
		if base != MustParse(tt.base) {
			t.Errorf("%s changed its receiver", what)
		}
		if tt.wantErr != nil {
			var e *Error
			if !errors.Is(err, tt.wantErr) || !errors.As(err, &e) {
				t.Errorf("%s = %q, %v, want an *Error matching %v", what, got, err, tt.wantErr)
			} else if e.Offset != tt.off {
				t.Errorf("%s: error %v at offset %d, want %d", what, err, e.Offset, tt.off)
			}
			if got != (URI{}) {
				t.Errorf("%s returned %q with its error", what, got)
			}
			continue
		}
		if err != nil || got.String() != tt.want {
			t.Errorf("%s = %q, %v, want %q", what, got, err, tt.want)
			continue
		}
		checkReparse(t, what, got)
	}
}

func TestWithScheme(t *testing.T) {
	runEdits(t, []editCase{
		{"//a/b", "WithScheme(http)", func(u URI) (URI, error) { return u.WithScheme("http") }, "http://a/b", nil, 0},
		{"http://a/b", "WithScheme(coap+tcp)", func(u URI) (URI, error) { return u.WithScheme("coap+tcp") }, "coap+tcp://a/b", nil, 0},
		{"a/b", "WithScheme(x)", func(u URI) (URI, error) { return u.WithScheme("x") }, "x:a/b", nil, 0},
		{"a%3Ab", "WithScheme(X-1.b)", func(u URI) (URI, error) { return u.WithScheme("X-1.b") }, "X-1.b:a%3Ab", nil, 0},
		{"", "WithScheme(a)", func(u URI) (URI, error) { return u.WithScheme("a") }, "a:", nil, 0},
		{"http://a", "WithScheme()", func(u URI) (URI, error) { return u.WithScheme("") }, "", ErrEmptyScheme, 0},
		{"http://a", "WithScheme(1a)", func(u URI) (URI, error) { return u.WithScheme("1a") }, "", ErrInvalidScheme, 0},
		{"http://a", "WithScheme(ht_tp)", func(u URI) (URI, error) { return u.WithScheme("ht_tp") }, "", ErrInvalidCharacter, 2},
		{"http://a", "WithScheme(http:)", func(u URI) (URI, error) { return u.WithScheme("http:") }, "", ErrInvalidScheme, 4},

		{"http://a/b?q#f", "WithoutScheme", URI.WithoutScheme, "//a/b?q#f", nil, 0},
		{"x:/a:b", "WithoutScheme", URI.WithoutScheme, "/a:b", nil, 0},
		{"x:a/b:c", "WithoutScheme", URI.WithoutScheme, "a/b:c", nil, 0},
		{"rel", "WithoutScheme", URI.WithoutScheme, "rel", nil, 0},
		{"urn:a:b", "WithoutScheme", URI.WithoutScheme, "", ErrPathColon, 1},
		{"mailto:fred@example.com", "WithoutScheme", URI.WithoutScheme, "fred@example.com", nil, 0},
	})
}

func TestWithUserinfo(t *testing.T) {
	runEdits(t, []editCase{
		{"http://a/", "WithDecodedUserinfo(fred)", func(u URI) (URI, error) { return u.WithDecodedUserinfo("fred") }, "http://fred@a/", nil, 0},
		{"http://x@a/", "WithDecodedUserinfo(user:p@ss w)", func(u URI) (URI, error) { return u.WithDecodedUserinfo("user:p@ss w") }, "http://user:p%40ss%20w@a/", nil, 0},
		{"http://a/", "WithDecodedUserinfo()", func(u URI) (URI, error) { return u.WithDecodedUserinfo("") }, "http://@a/", nil, 0},
		{"//[::1]:80", "WithDecodedUserinfo(%)", func(u URI) (URI, error) { return u.WithDecodedUserinfo("%") }, "//%25@[::1]:80", nil, 0},
		{"mailto:x", "WithDecodedUserinfo(u)", func(u URI) (URI, error) { return u.WithDecodedUserinfo("u") }, "", ErrNoAuthority, 0},
		{"http://a/", "WithUserinfo(a%20b:c)", func(u URI) (URI, error) { return u.WithUserinfo("a%20b:c") }, "http://a%20b:c@a/", nil, 0},
		{"http://a/", "WithUserinfo(a@b)", func(u URI) (URI, error) { return u.WithUserinfo("a@b") }, "", ErrInvalidCharacter, 1},
		{"http://a/", "WithUserinfo(a%2)", func(u URI) (URI, error) { return u.WithUserinfo("a%2") }, "", ErrInvalidPercentEncoding, 1},
		{"/p", "WithUserinfo(a)", func(u URI) (URI, error) { return u.WithUserinfo("a") }, "", ErrNoAuthority, 0},
		{"http://u:p@a/", "WithoutUserinfo", func(u URI) (URI, error) { return u.WithoutUserinfo(), nil }, "http://a/", nil, 0},
		{"http://@a/", "WithoutUserinfo", func(u URI) (URI, error) { return u.WithoutUserinfo(), nil }, "http://a/", nil, 0},
		{"http://a/", "WithoutUserinfo", func(u URI) (URI, error) { return u.WithoutUserinfo(), nil }, "http://a/", nil, 0},
	})
}

func TestWithHost(t *testing.T) {
	runEdits(t, []editCase{
		{"http://a/b", "WithDecodedHost(example.com)", func(u URI) (URI, error) { return u.WithDecodedHost("example.com") }, "http://example.com/b", nil, 0},
		{"http://u@a:8/b", "WithDecodedHost(bücher)", func(u URI) (URI, error) { return u.WithDecodedHost("bücher") }, "http://u@b%C3%BCcher:8/b", nil, 0},
		{"http://a/b", "WithDecodedHost(a b:c/d)", func(u URI) (URI, error) { return u.WithDecodedHost("a b:c/d") }, "http://a%20b%3Ac%2Fd/b", nil, 0},
		{"http://a/b", "WithDecodedHost(192.0.2.1)", func(u URI) (URI, error) { return u.WithDecodedHost("192.0.2.1") }, "http://192.0.2.1/b", nil, 0},
		{"http://a/b", "WithDecodedHost(1.2.3.256)", func(u URI) (URI, error) { return u.WithDecodedHost("1.2.3.256") }, "http://1.2.3.256/b", nil, 0},
		{"http://a/b", "WithDecodedHost(::1)", func(u URI) (URI, error) { return u.WithDecodedHost("::1") }, "http://[::1]/b", nil, 0},
		{"http://a/b", "WithDecodedHost(2001:DB8::7)", func(u URI) (URI, error) { return u.WithDecodedHost("2001:DB8::7") }, "http://[2001:DB8::7]/b", nil, 0},
		{"http://a/b", "WithDecodedHost(::ffff:1.2.3.4)", func(u URI) (URI, error) { return u.WithDecodedHost("::ffff:1.2.3.4") }, "http://[::ffff:1.2.3.4]/b", nil, 0},
		{"http://a/b", "WithDecodedHost(::0:)", func(u URI) (URI, error) { return u.WithDecodedHost("::0:") }, "http://%3A%3A0%3A/b", nil, 0},
		{"http://a/b", "WithDecodedHost(1:)", func(u URI) (URI, error) { return u.WithDecodedHost("1:") }, "http://1%3A/b", nil, 0},
		{"http://a/b", "WithDecodedHost(1::)", func(u URI) (URI, error) { return u.WithDecodedHost("1::") }, "http://[1::]/b", nil, 0},
		{"http://a/b", "WithDecodedHost(::)", func(u URI) (URI, error) { return u.WithDecodedHost("::") }, "http://[::]/b", nil, 0},
		{"http://a/b", "WithDecodedHost(1:2:3:4:5:6:7::)", func(u URI) (URI, error) { return u.WithDecodedHost("1:2:3:4:5:6:7::") }, "http://[1:2:3:4:5:6:7::]/b", nil, 0},
		{"http://a/b", "WithDecodedHost(1:2:3:4:5:6:7:8:)", func(u URI) (URI, error) { return u.WithDecodedHost("1:2:3:4:5:6:7:8:") }, "http://1%3A2%3A3%3A4%3A5%3A6%3A7%3A8%3A/b", nil, 0},
		{"http://a/b", "WithDecodedHost(fe80::1%eth0)", func(u URI) (URI, error) { return u.WithDecodedHost("fe80::1%eth0") }, "http://fe80%3A%3A1%25eth0/b", nil, 0},
		{"http://a/b", "WithDecodedHost([::1])", func(u URI) (URI, error) { return u.WithDecodedHost("[::1]") }, "http://%5B%3A%3A1%5D/b", nil, 0},
		{"http://a/b", "WithDecodedHost(v7.x)", func(u URI) (URI, error) { return u.WithDecodedHost("v7.x") }, "http://v7.x/b", nil, 0},
		{"http://a/b", "WithDecodedHost()", func(u URI) (URI, error) { return u.WithDecodedHost("") }, "http:///b", nil, 0},
		{"file:/x", "WithDecodedHost()", func(u URI) (URI, error) { return u.WithDecodedHost("") }, "file:///x", nil, 0},
		{"/x?q", "WithDecodedHost(h)", func(u URI) (URI, error) { return u.WithDecodedHost("h") }, "//h/x?q", nil, 0},
		{"", "WithDecodedHost(h)", func(u URI) (URI, error) { return u.WithDecodedHost("h") }, "//h", nil, 0},
		{"mailto:x", "WithDecodedHost(h)", func(u URI) (URI, error) { return u.WithDecodedHost("h") }, "", ErrPathNotAbsolute, 0},
		{"a/b", "WithDecodedHost(h)", func(u URI) (URI, error) { return u.WithDecodedHost("h") }, "", ErrPathNotAbsolute, 0},

		{"http://a/", "WithHost([v7.x])", func(u URI) (URI, error) { return u.WithHost("[v7.x]") }, "http://[v7.x]/", nil, 0},
		{"http://a/", "WithHost([::1])", func(u URI) (URI, error) { return u.WithHost("[::1]") }, "http://[::1]/", nil, 0},
		{"http://a/", "WithHost(ex%41mple)", func(u URI) (URI, error) { return u.WithHost("ex%41mple") }, "http://ex%41mple/", nil, 0},
		{"http://a/", "WithHost(10.0.0.1)", func(u URI) (URI, error) { return u.WithHost("10.0.0.1") }, "http://10.0.0.1/", nil, 0},
		{"http://a/", "WithHost(a:80)", func(u URI) (URI, error) { return u.WithHost("a:80") }, "", ErrInvalidHost, 1},
		{"http://a/", "WithHost(a b)", func(u URI) (URI, error) { return u.WithHost("a b") }, "", ErrInvalidCharacter, 1},
		{"http://a/", "WithHost(a%g)", func(u URI) (URI, error) { return u.WithHost("a%g") }, "", ErrInvalidPercentEncoding, 1},
		{"http://a/", "WithHost([::1)", func(u URI) (URI, error) { return u.WithHost("[::1") }, "", ErrUnterminatedIPLiteral, 0},
		{"http://a/", "WithHost([1::2::3])", func(u URI) (URI, error) { return u.WithHost("[1::2::3]") }, "", ErrInvalidIPv6, 5},
		{"x:y", "WithHost(h)", func(u URI) (URI, error) { return u.WithHost("h") }, "", ErrPathNotAbsolute, 0},

		{"http://a/", "WithAddr(192.0.2.1)", func(u URI) (URI, error) { return u.WithAddr(netip.MustParseAddr("192.0.2.1")) }, "http://192.0.2.1/", nil, 0},
		{"http://a:1/", "WithAddr(2001:db8::1)", func(u URI) (URI, error) { return u.WithAddr(netip.MustParseAddr("2001:db8::1")) }, "http://[2001:db8::1]:1/", nil, 0},
		{"http://a/", "WithAddr(::ffff:1.2.3.4)", func(u URI) (URI, error) { return u.WithAddr(netip.MustParseAddr("::ffff:1.2.3.4")) }, "http://[::ffff:1.2.3.4]/", nil, 0},
		{"/p", "WithAddr(::)", func(u URI) (URI, error) { return u.WithAddr(netip.IPv6Unspecified()) }, "//[::]/p", nil, 0},
		{"http://a/", "WithAddr(invalid)", func(u URI) (URI, error) { return u.WithAddr(netip.Addr{}) }, "", ErrInvalidHost, 0},
		{"x:y", "WithAddr(1.1.1.1)", func(u URI) (URI, error) { return u.WithAddr(netip.MustParseAddr("1.1.1.1")) }, "", ErrPathNotAbsolute, 0},

		{"http://u@a:80/b?q#f", "WithoutAuthority", URI.WithoutAuthority, "http:/b?q#f", nil, 0},
		{"//a", "WithoutAuthority", URI.WithoutAuthority, "", nil, 0},
		{"file:///x", "WithoutAuthority", URI.WithoutAuthority, "file:/x", nil, 0},
		{"x:y", "WithoutAuthority", URI.WithoutAuthority, "x:y", nil, 0},
		{"http://a//b", "WithoutAuthority", URI.WithoutAuthority, "", ErrPathDoubleSlash, 0},
	})
}

// TestWithHostKind checks the kind and address the edits give, beyond what
// reparsing proves.
func TestWithHostKind(t *testing.T) {
	u := MustParse("http://a/")
	tests := []struct {
		host string
		kind HostKind
		addr string
	}{
		{"example.com", HostRegName, ""},
		{"192.0.2.1", HostIPv4, "192.0.2.1"},
		{"::1", HostIPv6, "::1"},
		{"", HostRegName, ""},
		{"é", HostRegName, ""},
	}
	for _, tt := range tests {
		v, err := u.WithDecodedHost(tt.host)
		if err != nil {
			t.Fatal(err)
		}
		if v.HostKind() != tt.kind {
			t.Errorf("WithDecodedHost(%q).HostKind() = %v, want %v", tt.host, v.HostKind(), tt.kind)
		}
		if want := tt.addr; want != "" && v.Addr() != netip.MustParseAddr(want) || want == "" && v.Addr().IsValid() {
			t.Errorf("WithDecodedHost(%q).Addr() = %v, want %q", tt.host, v.Addr(), want)
		}
		if v.DecodedHost() != tt.host {
			t.Errorf("WithDecodedHost(%q).DecodedHost() = %q", tt.host, v.DecodedHost())
		}
	}
	if v, _ := MustParse("http://[::1]/").WithoutAuthority(); v.HostKind() != HostNone || v.Addr().IsValid() {
		t.Errorf("WithoutAuthority kept host kind %v, addr %v", v.HostKind(), v.Addr())
	}
}

func TestWithPort(t *testing.T) {
	runEdits(t, []editCase{
		{"http://a/", "WithPortNumber(8080)", func(u URI) (URI, error) { return u.WithPortNumber(8080) }, "http://a:8080/", nil, 0},
		{"http://a:1/", "WithPortNumber(0)", func(u URI) (URI, error) { return u.WithPortNumber(0) }, "http://a:0/", nil, 0},
		{"http://[::1]/", "WithPortNumber(65535)", func(u URI) (URI, error) { return u.WithPortNumber(65535) }, "http://[::1]:65535/", nil, 0},
		{"//a", "WithPortNumber(7)", func(u URI) (URI, error) { return u.WithPortNumber(7) }, "//a:7", nil, 0},
		{"x:y", "WithPortNumber(80)", func(u URI) (URI, error) { return u.WithPortNumber(80) }, "", ErrNoAuthority, 0},
		{"http://a/", "WithPort()", func(u URI) (URI, error) { return u.WithPort("") }, "http://a:/", nil, 0},
		{"http://a/", "WithPort(99999)", func(u URI) (URI, error) { return u.WithPort("99999") }, "http://a:99999/", nil, 0},
		{"http://a/", "WithPort(080)", func(u URI) (URI, error) { return u.WithPort("080") }, "http://a:080/", nil, 0},
		{"http://a/", "WithPort(8a)", func(u URI) (URI, error) { return u.WithPort("8a") }, "", ErrInvalidPort, 1},
		{"http://a/", "WithPort(-1)", func(u URI) (URI, error) { return u.WithPort("-1") }, "", ErrInvalidCharacter, 0},
		{"/p", "WithPort(1)", func(u URI) (URI, error) { return u.WithPort("1") }, "", ErrNoAuthority, 0},
		{"http://a:80/", "WithoutPort", func(u URI) (URI, error) { return u.WithoutPort(), nil }, "http://a/", nil, 0},
		{"http://a:/", "WithoutPort", func(u URI) (URI, error) { return u.WithoutPort(), nil }, "http://a/", nil, 0},
		{"http://a/", "WithoutPort", func(u URI) (URI, error) { return u.WithoutPort(), nil }, "http://a/", nil, 0},
	})
	v, _ := MustParse("http://a/").WithPortNumber(0)
	if p, ok := v.PortNumber(); !ok || p != 0 || !v.HasPort() {
		t.Errorf("WithPortNumber(0): HasPort %v, PortNumber %d, %v; a zero port is a port", v.HasPort(), p, ok)
	}
}

func TestWithPath(t *testing.T) {
	runEdits(t, []editCase{
		{"http://a/b?q", "WithDecodedPath(/x y/z)", func(u URI) (URI, error) { return u.WithDecodedPath("/x y/z") }, "http://a/x%20y/z?q", nil, 0},
		{"http://a/b", "WithDecodedPath()", func(u URI) (URI, error) { return u.WithDecodedPath("") }, "http://a", nil, 0},
		{"http://a/b", "WithDecodedPath(//x)", func(u URI) (URI, error) { return u.WithDecodedPath("//x") }, "http://a//x", nil, 0},
		{"http://a/b", "WithDecodedPath(/a:b?c#d%)", func(u URI) (URI, error) { return u.WithDecodedPath("/a:b?c#d%") }, "http://a/a:b%3Fc%23d%25", nil, 0},
		{"http://a/b", "WithDecodedPath(x)", func(u URI) (URI, error) { return u.WithDecodedPath("x") }, "", ErrPathNotAbsolute, 0},
		{"x:y", "WithDecodedPath(a:b/c)", func(u URI) (URI, error) { return u.WithDecodedPath("a:b/c") }, "x:a:b/c", nil, 0},
		{"x:y", "WithDecodedPath(//a)", func(u URI) (URI, error) { return u.WithDecodedPath("//a") }, "", ErrPathDoubleSlash, 0},
		{"y?q", "WithDecodedPath(a:b/c:d)", func(u URI) (URI, error) { return u.WithDecodedPath("a:b/c:d") }, "a%3Ab/c:d?q", nil, 0},
		{"y", "WithDecodedPath(/a:b)", func(u URI) (URI, error) { return u.WithDecodedPath("/a:b") }, "/a:b", nil, 0},
		{"y", "WithDecodedPath(//a)", func(u URI) (URI, error) { return u.WithDecodedPath("//a") }, "", ErrPathDoubleSlash, 0},
		{"//h", "WithDecodedPath(a:b)", func(u URI) (URI, error) { return u.WithDecodedPath("a:b") }, "", ErrPathNotAbsolute, 0},

		{"http://a/b", "WithPath(/x%20y)", func(u URI) (URI, error) { return u.WithPath("/x%20y") }, "http://a/x%20y", nil, 0},
		{"http://a/b", "WithPath(/x y)", func(u URI) (URI, error) { return u.WithPath("/x y") }, "", ErrInvalidCharacter, 2},
		{"http://a/b", "WithPath(/x?y)", func(u URI) (URI, error) { return u.WithPath("/x?y") }, "", ErrInvalidCharacter, 2},
		{"http://a/b", "WithPath(/%x)", func(u URI) (URI, error) { return u.WithPath("/%x") }, "", ErrInvalidPercentEncoding, 1},
		{"http://a/b", "WithPath(x)", func(u URI) (URI, error) { return u.WithPath("x") }, "", ErrPathNotAbsolute, 0},
		{"x:y", "WithPath(a:b)", func(u URI) (URI, error) { return u.WithPath("a:b") }, "x:a:b", nil, 0},
		{"y", "WithPath(a/b:c)", func(u URI) (URI, error) { return u.WithPath("a/b:c") }, "a/b:c", nil, 0},
		{"y", "WithPath(ab:c/d)", func(u URI) (URI, error) { return u.WithPath("ab:c/d") }, "", ErrPathColon, 2},
		{"y", "WithPath(//a)", func(u URI) (URI, error) { return u.WithPath("//a") }, "", ErrPathDoubleSlash, 0},

		{"http://a/b", "WithDecodedSegments(, x/y, z)", func(u URI) (URI, error) { return u.WithDecodedSegments("", "x/y", "z") }, "http://a/x%2Fy/z", nil, 0},
		{"http://a/b", "WithDecodedSegments()", func(u URI) (URI, error) { return u.WithDecodedSegments() }, "http://a", nil, 0},
		{"http://a/b", "WithDecodedSegments(\"\")", func(u URI) (URI, error) { return u.WithDecodedSegments("") }, "http://a", nil, 0},
		{"http://a/b", "WithDecodedSegments(\"\", \"\")", func(u URI) (URI, error) { return u.WithDecodedSegments("", "") }, "http://a/", nil, 0},
		{"http://a/b", "WithDecodedSegments(\"\", \"\", x)", func(u URI) (URI, error) { return u.WithDecodedSegments("", "", "x") }, "http://a//x", nil, 0},
		{"http://a/b", "WithDecodedSegments(x)", func(u URI) (URI, error) { return u.WithDecodedSegments("x") }, "", ErrPathNotAbsolute, 0},
		{"x:y", "WithDecodedSegments(a:b, c)", func(u URI) (URI, error) { return u.WithDecodedSegments("a:b", "c") }, "x:a:b/c", nil, 0},
		{"x:y", "WithDecodedSegments(\"\", \"\", a)", func(u URI) (URI, error) { return u.WithDecodedSegments("", "", "a") }, "", ErrPathDoubleSlash, 0},
		{"y", "WithDecodedSegments(a:b, c:d, é)", func(u URI) (URI, error) { return u.WithDecodedSegments("a:b", "c:d", "é") }, "a%3Ab/c:d/%C3%A9", nil, 0},
		{"y", "WithDecodedSegments(.., ?)", func(u URI) (URI, error) { return u.WithDecodedSegments("..", "?") }, "../%3F", nil, 0},

		{"http://a/b", "AddDecodedSegment(c d)", func(u URI) (URI, error) { return u.AddDecodedSegment("c d") }, "http://a/b/c%20d", nil, 0},
		{"http://a/b/", "AddDecodedSegment(c/d)", func(u URI) (URI, error) { return u.AddDecodedSegment("c/d") }, "http://a/b/c%2Fd", nil, 0},
		{"http://a/b/", "AddDecodedSegment()", func(u URI) (URI, error) { return u.AddDecodedSegment("") }, "http://a/b/", nil, 0},
		{"http://a/b", "AddDecodedSegment()", func(u URI) (URI, error) { return u.AddDecodedSegment("") }, "http://a/b/", nil, 0},
		{"http://a?q", "AddDecodedSegment(x)", func(u URI) (URI, error) { return u.AddDecodedSegment("x") }, "http://a/x?q", nil, 0},
		{"http://a", "AddDecodedSegment()", func(u URI) (URI, error) { return u.AddDecodedSegment("") }, "http://a/", nil, 0},
		{"http://a/", "AddDecodedSegment(x)", func(u URI) (URI, error) { return u.AddDecodedSegment("x") }, "http://a/x", nil, 0},
		{"x:", "AddDecodedSegment(a:b)", func(u URI) (URI, error) { return u.AddDecodedSegment("a:b") }, "x:a:b", nil, 0},
		{"x:", "AddDecodedSegment(a/b)", func(u URI) (URI, error) { return u.AddDecodedSegment("a/b") }, "x:a%2Fb", nil, 0},
		{"", "AddDecodedSegment(a:b)", func(u URI) (URI, error) { return u.AddDecodedSegment("a:b") }, "a%3Ab", nil, 0},
		{"", "AddDecodedSegment()", func(u URI) (URI, error) { return u.AddDecodedSegment("") }, "", nil, 0},
		{"a", "AddDecodedSegment(b:c)", func(u URI) (URI, error) { return u.AddDecodedSegment("b:c") }, "a/b:c", nil, 0},
		{"/", "AddDecodedSegment(a)", func(u URI) (URI, error) { return u.AddDecodedSegment("a") }, "/a", nil, 0},
	})
}

func TestWithQueryFragment(t *testing.T) {
	runEdits(t, []editCase{
		{"http://a/b", "WithDecodedQuery(x=1&y=a b)", func(u URI) (URI, error) { return u.WithDecodedQuery("x=1&y=a b") }, "http://a/b?x=1&y=a%20b", nil, 0},
		{"http://a/b?old#f", "WithDecodedQuery(/?:@#)", func(u URI) (URI, error) { return u.WithDecodedQuery("/?:@#") }, "http://a/b?/?:@%23#f", nil, 0},
		{"http://a/b", "WithDecodedQuery()", func(u URI) (URI, error) { return u.WithDecodedQuery("") }, "http://a/b?", nil, 0},
		{"http://a/b?q", "WithQuery(a=%20)", func(u URI) (URI, error) { return u.WithQuery("a=%20") }, "http://a/b?a=%20", nil, 0},
		{"http://a/b?q", "WithQuery(a b)", func(u URI) (URI, error) { return u.WithQuery("a b") }, "", ErrInvalidCharacter, 1},
		{"http://a/b?q", "WithQuery(a#b)", func(u URI) (URI, error) { return u.WithQuery("a#b") }, "", ErrInvalidCharacter, 1},
		{"http://a/b?q", "WithQuery(%)", func(u URI) (URI, error) { return u.WithQuery("%") }, "", ErrInvalidPercentEncoding, 0},
		{"http://a/b?q#f", "WithoutQuery", func(u URI) (URI, error) { return u.WithoutQuery(), nil }, "http://a/b#f", nil, 0},
		{"http://a/b?", "WithoutQuery", func(u URI) (URI, error) { return u.WithoutQuery(), nil }, "http://a/b", nil, 0},

		{"http://a/b?q", "WithDecodedFragment(a#b c)", func(u URI) (URI, error) { return u.WithDecodedFragment("a#b c") }, "http://a/b?q#a%23b%20c", nil, 0},
		{"http://a/b#x", "WithDecodedFragment()", func(u URI) (URI, error) { return u.WithDecodedFragment("") }, "http://a/b#", nil, 0},
		{"", "WithDecodedFragment(top)", func(u URI) (URI, error) { return u.WithDecodedFragment("top") }, "#top", nil, 0},
		{"http://a/b", "WithFragment(x%23)", func(u URI) (URI, error) { return u.WithFragment("x%23") }, "http://a/b#x%23", nil, 0},
		{"http://a/b", "WithFragment(x#)", func(u URI) (URI, error) { return u.WithFragment("x#") }, "", ErrInvalidCharacter, 1},
		{"http://a/b#", "WithoutFragment", func(u URI) (URI, error) { return u.WithoutFragment(), nil }, "http://a/b", nil, 0},
		{"http://a/b", "WithoutFragment", func(u URI) (URI, error) { return u.WithoutFragment(), nil }, "http://a/b", nil, 0},
	})
}

// TestEditChain builds the RFC's example URI (section 3) by edits from the
// empty reference, and takes it apart again.
func TestEditChain(t *testing.T) {
	var u URI
	u, err := u.WithDecodedHost("example.com")
	if err == nil {
		u, err = u.WithPortNumber(8042)
	}
	if err == nil {
		u, err = u.WithScheme("foo")
	}
	if err == nil {
		u, err = u.WithDecodedSegments("", "over", "there")
	}
	if err != nil {
		t.Fatal(err)
	}
	if u, err = u.WithQueryParams(NewQuery(QueryRFC3986, Pair{"name", "ferret"})); err != nil {
		t.Fatal(err)
	}
	if u, err = u.WithDecodedFragment("nose"); err != nil {
		t.Fatal(err)
	}
	if want := "foo://example.com:8042/over/there?name=ferret#nose"; u.String() != want {
		t.Fatalf("got %q, want %q", u, want)
	}
	checkReparse(t, "chain", u)
	u, err = u.WithoutScheme()
	if err == nil {
		u, err = u.WithoutAuthority()
	}
	if err != nil {
		t.Fatal(err)
	}
	u = u.WithoutQuery().WithoutFragment()
	if want := "/over/there"; u.String() != want {
		t.Fatalf("got %q, want %q", u, want)
	}
	checkReparse(t, "chain back", u)
}

func TestBuilder(t *testing.T) {
	nb := func() *Builder { return new(Builder) }
	tests := []struct {
		name    string
		b       *Builder
		want    string
		wantErr error
	}{
		{"zero", nb(), "", nil},
		{"rfc example", nb().SetScheme("foo").SetDecodedHost("example.com").SetPortNumber(8042).SetDecodedPath("/over/there").
			SetQueryParams(NewQuery(QueryRFC3986, Pair{"name", "ferret"})).SetDecodedFragment("nose"),
			"foo://example.com:8042/over/there?name=ferret#nose", nil},
		{"rfc example raw", nb().SetScheme("foo").SetAuthority("example.com:8042").SetPath("/over/there").
			SetQuery("name=ferret").SetFragment("nose"),
			"foo://example.com:8042/over/there?name=ferret#nose", nil},
		{"urn", nb().SetScheme("urn").SetDecodedPath("example:animal:ferret:nose"), "urn:example:animal:ferret:nose", nil},
		{"mailto", nb().SetScheme("mailto").SetDecodedPath("fred@example.com"), "mailto:fred@example.com", nil},
		{"file empty host", nb().SetScheme("file").SetHost("").SetDecodedPath("/etc/hosts"), "file:///etc/hosts", nil},
		{"no host no authority", nb().SetScheme("file").SetDecodedPath("/etc/hosts"), "file:/etc/hosts", nil},
		{"ipv6 and zero port", nb().SetScheme("http").SetDecodedHost("::1").SetPortNumber(0).SetPath("/"), "http://[::1]:0/", nil},
		{"raw ipv6", nb().SetScheme("http").SetHost("[::1]").SetPort(""), "http://[::1]:", nil},
		{"userinfo encoded", nb().SetScheme("ftp").SetDecodedUserinfo("anon:a@b").SetDecodedHost("h"), "ftp://anon:a%40b@h", nil},
		{"empty userinfo", nb().SetDecodedHost("h").SetUserinfo(""), "//@h", nil},
		{"empty query and fragment", nb().SetDecodedPath("p").SetQuery("").SetFragment(""), "p?#", nil},
		{"empty query params", nb().SetDecodedPath("p").SetQueryParams(Query{}), "p?", nil},
		{"form query", nb().SetDecodedPath("/s").SetQueryParams(NewQuery(QueryForm, Pair{"q", "a b&c"})), "/s?q=a+b%26c", nil},
		{"decoded fragment", nb().SetDecodedFragment("a b#c"), "#a%20b%23c", nil},
		{"relative colon path", nb().SetDecodedPath("a:b/c:d"), "a%3Ab/c:d", nil},
		{"colon path with scheme", nb().SetDecodedPath("a:b/c:d").SetScheme("s"), "s:a:b/c:d", nil},
		{"relative colon segment", nb().SetDecodedSegments("a:b", "c:d"), "a%3Ab/c:d", nil},
		{"decoded path", nb().SetScheme("s").SetDecodedPath("a b/ü?"), "s:a%20b/%C3%BC%3F", nil},
		{"remove all", MustParse("http://u@h:1/p?q#f").Builder().RemoveScheme().RemoveAuthority().RemoveQuery().RemoveFragment(), "/p", nil},
		{"several edits", MustParse("http://u@h:1/p?q#f").Builder().SetDecodedHost("example.com").RemovePort().
			SetDecodedPath("/a b").RemoveUserinfo(), "http://example.com/a%20b?q#f", nil},
		{"bad scheme", nb().SetScheme("1x"), "", ErrInvalidScheme},
		{"first error wins", nb().SetScheme("1x").SetHost("[x"), "", ErrInvalidScheme},
		{"bad raw host", nb().SetHost("a b"), "", ErrInvalidHost},
		{"bad raw port", nb().SetHost("h").SetPort("8x"), "", ErrInvalidPort},
		{"bad raw path", nb().SetPath("a b"), "", ErrInvalidCharacter},
		{"bad raw segment", nb().SetSegments("a/b"), "", ErrInvalidCharacter},
		{"raw colon path", nb().SetPath("a:b"), "", ErrPathColon},
		{"raw colon path kept", MustParse("s:a:b").Builder().RemoveScheme(), "", ErrPathColon},
		{"userinfo without host", nb().SetDecodedUserinfo("u").SetPath("/x"), "", ErrNoAuthority},
		{"empty userinfo without host", nb().SetUserinfo(""), "", ErrNoAuthority},
		{"port without host", nb().SetPortNumber(80), "", ErrNoAuthority},
		{"port after authority removed", MustParse("//h").Builder().RemoveAuthority().SetPort("1"), "", ErrNoAuthority},
		{"relative path beside host", nb().SetDecodedHost("h").SetDecodedPath("x"), "", ErrPathNotAbsolute},
		{"double slash without host", nb().SetScheme("x").SetDecodedPath("//y"), "", ErrPathDoubleSlash},
		{"double slash kept", MustParse("//h//y").Builder().RemoveAuthority(), "", ErrPathDoubleSlash},
		{"bad authority", nb().SetAuthority("a/b"), "", ErrInvalidHost},
	}
	for _, tt := range tests {
		u, err := tt.b.Build()
		if tt.wantErr != nil {
			var e *Error
			if !errors.Is(err, tt.wantErr) || !errors.As(err, &e) {
				t.Errorf("%s: Build() = %q, %v, want an *Error matching %v", tt.name, u, err, tt.wantErr)
			}
			continue
		}
		if err != nil || u.String() != tt.want {
			t.Errorf("%s: Build() = %q, %v, want %q", tt.name, u, err, tt.want)
			continue
		}
		checkReparse(t, tt.name, u)
	}
}

// TestEditAllocs checks that an edit writes its result with one allocation,
// whether or not the new value needs encoding.
func TestEditAllocs(t *testing.T) {
	u := MustParse("http://user@example.com:8080/over/there?name=ferret#nose")
	edits := []struct {
		name string
		f    func()
	}{
		{"WithDecodedPath", func() { _, _ = u.WithDecodedPath("/a b/c") }},
		{"WithPath", func() { _, _ = u.WithPath("/a/c") }},
		{"WithDecodedSegments", func() { _, _ = u.WithDecodedSegments("", "a b", "c/d") }},
		{"AddDecodedSegment", func() { _, _ = u.AddDecodedSegment("x y") }},
		{"WithDecodedHost", func() { _, _ = u.WithDecodedHost("bücher.example") }},
		{"WithDecodedHost IPv6", func() { _, _ = u.WithDecodedHost("::1") }},
		{"WithPortNumber", func() { _, _ = u.WithPortNumber(65535) }},
		{"WithoutPort", func() { _ = u.WithoutPort() }},
		{"WithDecodedQuery", func() { _, _ = u.WithDecodedQuery("a=b c") }},
		{"WithDecodedFragment", func() { _, _ = u.WithDecodedFragment("top") }},
		{"WithScheme", func() { _, _ = u.WithScheme("https") }},
		{"WithoutAuthority", func() { _, _ = u.WithoutAuthority() }},
		{"Build", func() {
			var b Builder
			_, _ = b.SetScheme("http").SetDecodedHost("example.com").SetPortNumber(8080).SetDecodedPath("/a b").SetDecodedFragment("f").Build()
		}},
	}
	for _, e := range edits {
		if n := testing.AllocsPerRun(100, e.f); n > 1 {
			t.Errorf("%s: %v allocations, want 1", e.name, n)
		}
	}
}

// TestIsIPv6AgainstParser checks the plain-host test for an IPv6address
// against the parser reading the same text in brackets, on every string of
// up to eight characters over "1", ":" and "." and up to eleven over "f"
// and ":".
func TestIsIPv6AgainstParser(t *testing.T) {
	var walk func(prefix, alphabet string, left int)
	walk = func(s, alphabet string, left int) {
		got := isIPv6(s)
		u, err := Parse("//[" + s + "]")
		if want := err == nil && u.HostKind() == HostIPv6; got != want {
			t.Errorf("isIPv6(%q) = %v, but the parser says %v (%v)", s, got, want, err)
		}
		if left == 0 {
			return
		}
		for i := 0; i < len(alphabet); i++ {
			walk(s+alphabet[i:i+1], alphabet, left-1)
		}
	}
	walk("", "1:.", 8)
	walk("", "f:", 11)
}

// TestWithComponent holds the component-keyed edits to hand-written
// results, the named edits they stand for, and ErrUnknownComponent.
func TestWithComponent(t *testing.T) {
	u := MustParse("http://user@example.com:8080/a%20b/c?q#f")
	tests := []struct {
		name string
		edit func() (URI, error)
		want string
	}{
		{"With(scheme)", func() (URI, error) { return u.With(ComponentScheme, "https") }, "https://user@example.com:8080/a%20b/c?q#f"},
		{"With(userinfo)", func() (URI, error) { return u.With(ComponentUserinfo, "a:b%40c") }, "http://a:b%40c@example.com:8080/a%20b/c?q#f"},
		{"WithDecoded(userinfo)", func() (URI, error) { return u.WithDecoded(ComponentUserinfo, "a:b@c") }, "http://a:b%40c@example.com:8080/a%20b/c?q#f"},
		{"With(host)", func() (URI, error) { return u.With(ComponentHost, "[::1]") }, "http://user@[::1]:8080/a%20b/c?q#f"},
		{"WithDecoded(host)", func() (URI, error) { return u.WithDecoded(ComponentHost, "::1") }, "http://user@[::1]:8080/a%20b/c?q#f"},
		{"WithDecoded(port)", func() (URI, error) { return u.WithDecoded(ComponentPort, "81") }, "http://user@example.com:81/a%20b/c?q#f"},
		{"With(path)", func() (URI, error) { return u.With(ComponentPath, "/x%2Fy") }, "http://user@example.com:8080/x%2Fy?q#f"},
		{"WithDecoded(path)", func() (URI, error) { return u.WithDecoded(ComponentPath, "/x y") }, "http://user@example.com:8080/x%20y?q#f"},
		{"WithDecoded(query)", func() (URI, error) { return u.WithDecoded(ComponentQuery, "a=b c#") }, "http://user@example.com:8080/a%20b/c?a=b%20c%23#f"},
		{"WithDecoded(fragment)", func() (URI, error) { return u.WithDecoded(ComponentFragment, "top 2") }, "http://user@example.com:8080/a%20b/c?q#top%202"},
		{"Without(scheme)", func() (URI, error) { return u.Without(ComponentScheme) }, "//user@example.com:8080/a%20b/c?q#f"},
		{"Without(userinfo)", func() (URI, error) { return u.Without(ComponentUserinfo) }, "http://example.com:8080/a%20b/c?q#f"},
		{"Without(host)", func() (URI, error) { return u.Without(ComponentHost) }, "http:/a%20b/c?q#f"},
		{"Without(port)", func() (URI, error) { return u.Without(ComponentPort) }, "http://user@example.com/a%20b/c?q#f"},
		{"Without(path)", func() (URI, error) { return u.Without(ComponentPath) }, "http://user@example.com:8080?q#f"},
		{"Without(query)", func() (URI, error) { return u.Without(ComponentQuery) }, "http://user@example.com:8080/a%20b/c#f"},
		{"Without(fragment)", func() (URI, error) { return u.Without(ComponentFragment) }, "http://user@example.com:8080/a%20b/c?q"},
		{"Builder.Set", func() (URI, error) {
			return u.Builder().Set(ComponentScheme, "ftp").SetDecoded(ComponentQuery, "x y").Remove(ComponentFragment).Build()
		}, "ftp://user@example.com:8080/a%20b/c?x%20y"},
	}
	for _, tt := range tests {
		got, err := tt.edit()
		if err != nil || got.String() != tt.want {
			t.Errorf("%s = %q, %v, want %q", tt.name, got, err, tt.want)
			continue
		}
		checkLayout(t, got)
	}
	// The errors of the named edits, unchanged.
	if _, err := u.With(ComponentPort, "8x"); !errors.Is(err, ErrInvalidPort) {
		t.Errorf("With(port, 8x): %v, want ErrInvalidPort", err)
	}
	if _, err := MustParse("urn:a:b").Without(ComponentScheme); !errors.Is(err, ErrPathColon) {
		t.Errorf("Without(scheme) of urn:a:b: %v, want ErrPathColon", err)
	}
	for _, c := range []Component{0, ComponentFragment + 1} {
		_, err1 := u.With(c, "x")
		_, err2 := u.WithDecoded(c, "x")
		_, err3 := u.Without(c)
		_, err4 := u.Builder().Set(ComponentScheme, "s").Remove(c).Build()
		for _, err := range []error{err1, err2, err3, err4} {
			if !errors.Is(err, ErrUnknownComponent) {
				t.Errorf("component %d: %v, want ErrUnknownComponent", c, err)
			}
		}
	}
	if _, err := u.With(9, "x"); err == nil || err.Error() != "uri: unknown component Component(9)" {
		t.Errorf("With(9): %v", err)
	}
}
