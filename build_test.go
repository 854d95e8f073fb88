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
		{"http://a/", "WithUserinfo(fred)", func(u URI) (URI, error) { return u.WithUserinfo("fred") }, "http://fred@a/", nil, 0},
		{"http://x@a/", "WithUserinfo(user:p@ss w)", func(u URI) (URI, error) { return u.WithUserinfo("user:p@ss w") }, "http://user:p%40ss%20w@a/", nil, 0},
		{"http://a/", "WithUserinfo()", func(u URI) (URI, error) { return u.WithUserinfo("") }, "http://@a/", nil, 0},
		{"//[::1]:80", "WithUserinfo(%)", func(u URI) (URI, error) { return u.WithUserinfo("%") }, "//%25@[::1]:80", nil, 0},
		{"mailto:x", "WithUserinfo(u)", func(u URI) (URI, error) { return u.WithUserinfo("u") }, "", ErrNoAuthority, 0},
		{"http://a/", "WithRawUserinfo(a%20b:c)", func(u URI) (URI, error) { return u.WithRawUserinfo("a%20b:c") }, "http://a%20b:c@a/", nil, 0},
		{"http://a/", "WithRawUserinfo(a@b)", func(u URI) (URI, error) { return u.WithRawUserinfo("a@b") }, "", ErrInvalidCharacter, 1},
		{"http://a/", "WithRawUserinfo(a%2)", func(u URI) (URI, error) { return u.WithRawUserinfo("a%2") }, "", ErrInvalidPercentEncoding, 1},
		{"/p", "WithRawUserinfo(a)", func(u URI) (URI, error) { return u.WithRawUserinfo("a") }, "", ErrNoAuthority, 0},
		{"http://u:p@a/", "WithoutUserinfo", func(u URI) (URI, error) { return u.WithoutUserinfo(), nil }, "http://a/", nil, 0},
		{"http://@a/", "WithoutUserinfo", func(u URI) (URI, error) { return u.WithoutUserinfo(), nil }, "http://a/", nil, 0},
		{"http://a/", "WithoutUserinfo", func(u URI) (URI, error) { return u.WithoutUserinfo(), nil }, "http://a/", nil, 0},
	})
}

func TestWithHost(t *testing.T) {
	runEdits(t, []editCase{
		{"http://a/b", "WithHost(example.com)", func(u URI) (URI, error) { return u.WithHost("example.com") }, "http://example.com/b", nil, 0},
		{"http://u@a:8/b", "WithHost(bücher)", func(u URI) (URI, error) { return u.WithHost("bücher") }, "http://u@b%C3%BCcher:8/b", nil, 0},
		{"http://a/b", "WithHost(a b:c/d)", func(u URI) (URI, error) { return u.WithHost("a b:c/d") }, "http://a%20b%3Ac%2Fd/b", nil, 0},
		{"http://a/b", "WithHost(192.0.2.1)", func(u URI) (URI, error) { return u.WithHost("192.0.2.1") }, "http://192.0.2.1/b", nil, 0},
		{"http://a/b", "WithHost(1.2.3.256)", func(u URI) (URI, error) { return u.WithHost("1.2.3.256") }, "http://1.2.3.256/b", nil, 0},
		{"http://a/b", "WithHost(::1)", func(u URI) (URI, error) { return u.WithHost("::1") }, "http://[::1]/b", nil, 0},
		{"http://a/b", "WithHost(2001:DB8::7)", func(u URI) (URI, error) { return u.WithHost("2001:DB8::7") }, "http://[2001:DB8::7]/b", nil, 0},
		{"http://a/b", "WithHost(::ffff:1.2.3.4)", func(u URI) (URI, error) { return u.WithHost("::ffff:1.2.3.4") }, "http://[::ffff:1.2.3.4]/b", nil, 0},
		{"http://a/b", "WithHost(::0:)", func(u URI) (URI, error) { return u.WithHost("::0:") }, "http://%3A%3A0%3A/b", nil, 0},
		{"http://a/b", "WithHost(1:)", func(u URI) (URI, error) { return u.WithHost("1:") }, "http://1%3A/b", nil, 0},
		{"http://a/b", "WithHost(1::)", func(u URI) (URI, error) { return u.WithHost("1::") }, "http://[1::]/b", nil, 0},
		{"http://a/b", "WithHost(::)", func(u URI) (URI, error) { return u.WithHost("::") }, "http://[::]/b", nil, 0},
		{"http://a/b", "WithHost(1:2:3:4:5:6:7::)", func(u URI) (URI, error) { return u.WithHost("1:2:3:4:5:6:7::") }, "http://[1:2:3:4:5:6:7::]/b", nil, 0},
		{"http://a/b", "WithHost(1:2:3:4:5:6:7:8:)", func(u URI) (URI, error) { return u.WithHost("1:2:3:4:5:6:7:8:") }, "http://1%3A2%3A3%3A4%3A5%3A6%3A7%3A8%3A/b", nil, 0},
		{"http://a/b", "WithHost(fe80::1%eth0)", func(u URI) (URI, error) { return u.WithHost("fe80::1%eth0") }, "http://fe80%3A%3A1%25eth0/b", nil, 0},
		{"http://a/b", "WithHost([::1])", func(u URI) (URI, error) { return u.WithHost("[::1]") }, "http://%5B%3A%3A1%5D/b", nil, 0},
		{"http://a/b", "WithHost(v7.x)", func(u URI) (URI, error) { return u.WithHost("v7.x") }, "http://v7.x/b", nil, 0},
		{"http://a/b", "WithHost()", func(u URI) (URI, error) { return u.WithHost("") }, "http:///b", nil, 0},
		{"file:/x", "WithHost()", func(u URI) (URI, error) { return u.WithHost("") }, "file:///x", nil, 0},
		{"/x?q", "WithHost(h)", func(u URI) (URI, error) { return u.WithHost("h") }, "//h/x?q", nil, 0},
		{"", "WithHost(h)", func(u URI) (URI, error) { return u.WithHost("h") }, "//h", nil, 0},
		{"mailto:x", "WithHost(h)", func(u URI) (URI, error) { return u.WithHost("h") }, "", ErrPathNotAbsolute, 0},
		{"a/b", "WithHost(h)", func(u URI) (URI, error) { return u.WithHost("h") }, "", ErrPathNotAbsolute, 0},

		{"http://a/", "WithRawHost([v7.x])", func(u URI) (URI, error) { return u.WithRawHost("[v7.x]") }, "http://[v7.x]/", nil, 0},
		{"http://a/", "WithRawHost([::1])", func(u URI) (URI, error) { return u.WithRawHost("[::1]") }, "http://[::1]/", nil, 0},
		{"http://a/", "WithRawHost(ex%41mple)", func(u URI) (URI, error) { return u.WithRawHost("ex%41mple") }, "http://ex%41mple/", nil, 0},
		{"http://a/", "WithRawHost(10.0.0.1)", func(u URI) (URI, error) { return u.WithRawHost("10.0.0.1") }, "http://10.0.0.1/", nil, 0},
		{"http://a/", "WithRawHost(a:80)", func(u URI) (URI, error) { return u.WithRawHost("a:80") }, "", ErrInvalidHost, 1},
		{"http://a/", "WithRawHost(a b)", func(u URI) (URI, error) { return u.WithRawHost("a b") }, "", ErrInvalidCharacter, 1},
		{"http://a/", "WithRawHost(a%g)", func(u URI) (URI, error) { return u.WithRawHost("a%g") }, "", ErrInvalidPercentEncoding, 1},
		{"http://a/", "WithRawHost([::1)", func(u URI) (URI, error) { return u.WithRawHost("[::1") }, "", ErrUnterminatedIPLiteral, 0},
		{"http://a/", "WithRawHost([1::2::3])", func(u URI) (URI, error) { return u.WithRawHost("[1::2::3]") }, "", ErrInvalidIPv6, 5},
		{"x:y", "WithRawHost(h)", func(u URI) (URI, error) { return u.WithRawHost("h") }, "", ErrPathNotAbsolute, 0},

		{"http://a/", "WithAddr(192.0.2.1)", func(u URI) (URI, error) { return u.WithAddr(netip.MustParseAddr("192.0.2.1")) }, "http://192.0.2.1/", nil, 0},
		{"http://a:1/", "WithAddr(2001:db8::1)", func(u URI) (URI, error) { return u.WithAddr(netip.MustParseAddr("2001:db8::1")) }, "http://[2001:db8::1]:1/", nil, 0},
		{"http://a/", "WithAddr(::ffff:1.2.3.4)", func(u URI) (URI, error) { return u.WithAddr(netip.MustParseAddr("::ffff:1.2.3.4")) }, "http://[::ffff:1.2.3.4]/", nil, 0},
		{"/p", "WithAddr(::)", func(u URI) (URI, error) { return u.WithAddr(netip.IPv6Unspecified()) }, "//[::]/p", nil, 0},
		{"http://a/", "WithAddr(fe80::1%eth0)", func(u URI) (URI, error) { return u.WithAddr(netip.MustParseAddr("fe80::1%eth0")) }, "", ErrInvalidHost, 7},
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
		v, err := u.WithHost(tt.host)
		if err != nil {
			t.Fatal(err)
		}
		if v.HostKind() != tt.kind {
			t.Errorf("WithHost(%q).HostKind() = %v, want %v", tt.host, v.HostKind(), tt.kind)
		}
		if want := tt.addr; want != "" && v.Addr() != netip.MustParseAddr(want) || want == "" && v.Addr().IsValid() {
			t.Errorf("WithHost(%q).Addr() = %v, want %q", tt.host, v.Addr(), want)
		}
		if v.DecodedHost() != tt.host {
			t.Errorf("WithHost(%q).DecodedHost() = %q", tt.host, v.DecodedHost())
		}
	}
	if v, _ := MustParse("http://[::1]/").WithoutAuthority(); v.HostKind() != HostNone || v.Addr().IsValid() {
		t.Errorf("WithoutAuthority kept host kind %v, addr %v", v.HostKind(), v.Addr())
	}
}

func TestWithPort(t *testing.T) {
	runEdits(t, []editCase{
		{"http://a/", "WithPort(8080)", func(u URI) (URI, error) { return u.WithPort(8080) }, "http://a:8080/", nil, 0},
		{"http://a:1/", "WithPort(0)", func(u URI) (URI, error) { return u.WithPort(0) }, "http://a:0/", nil, 0},
		{"http://[::1]/", "WithPort(65535)", func(u URI) (URI, error) { return u.WithPort(65535) }, "http://[::1]:65535/", nil, 0},
		{"//a", "WithPort(7)", func(u URI) (URI, error) { return u.WithPort(7) }, "//a:7", nil, 0},
		{"x:y", "WithPort(80)", func(u URI) (URI, error) { return u.WithPort(80) }, "", ErrNoAuthority, 0},
		{"http://a/", "WithRawPort()", func(u URI) (URI, error) { return u.WithRawPort("") }, "http://a:/", nil, 0},
		{"http://a/", "WithRawPort(99999)", func(u URI) (URI, error) { return u.WithRawPort("99999") }, "http://a:99999/", nil, 0},
		{"http://a/", "WithRawPort(080)", func(u URI) (URI, error) { return u.WithRawPort("080") }, "http://a:080/", nil, 0},
		{"http://a/", "WithRawPort(8a)", func(u URI) (URI, error) { return u.WithRawPort("8a") }, "", ErrInvalidPort, 1},
		{"http://a/", "WithRawPort(-1)", func(u URI) (URI, error) { return u.WithRawPort("-1") }, "", ErrInvalidCharacter, 0},
		{"/p", "WithRawPort(1)", func(u URI) (URI, error) { return u.WithRawPort("1") }, "", ErrNoAuthority, 0},
		{"http://a:80/", "WithoutPort", func(u URI) (URI, error) { return u.WithoutPort(), nil }, "http://a/", nil, 0},
		{"http://a:/", "WithoutPort", func(u URI) (URI, error) { return u.WithoutPort(), nil }, "http://a/", nil, 0},
		{"http://a/", "WithoutPort", func(u URI) (URI, error) { return u.WithoutPort(), nil }, "http://a/", nil, 0},
	})
	v, _ := MustParse("http://a/").WithPort(0)
	if p, ok := v.PortNumber(); !ok || p != 0 || !v.HasPort() {
		t.Errorf("WithPort(0): HasPort %v, PortNumber %d, %v; a zero port is a port", v.HasPort(), p, ok)
	}
}

func TestWithPath(t *testing.T) {
	runEdits(t, []editCase{
		{"http://a/b?q", "WithPath(/x y/z)", func(u URI) (URI, error) { return u.WithPath("/x y/z") }, "http://a/x%20y/z?q", nil, 0},
		{"http://a/b", "WithPath()", func(u URI) (URI, error) { return u.WithPath("") }, "http://a", nil, 0},
		{"http://a/b", "WithPath(//x)", func(u URI) (URI, error) { return u.WithPath("//x") }, "http://a//x", nil, 0},
		{"http://a/b", "WithPath(/a:b?c#d%)", func(u URI) (URI, error) { return u.WithPath("/a:b?c#d%") }, "http://a/a:b%3Fc%23d%25", nil, 0},
		{"http://a/b", "WithPath(x)", func(u URI) (URI, error) { return u.WithPath("x") }, "", ErrPathNotAbsolute, 0},
		{"x:y", "WithPath(a:b/c)", func(u URI) (URI, error) { return u.WithPath("a:b/c") }, "x:a:b/c", nil, 0},
		{"x:y", "WithPath(//a)", func(u URI) (URI, error) { return u.WithPath("//a") }, "", ErrPathDoubleSlash, 0},
		{"y?q", "WithPath(a:b/c:d)", func(u URI) (URI, error) { return u.WithPath("a:b/c:d") }, "a%3Ab/c:d?q", nil, 0},
		{"y", "WithPath(/a:b)", func(u URI) (URI, error) { return u.WithPath("/a:b") }, "/a:b", nil, 0},
		{"y", "WithPath(//a)", func(u URI) (URI, error) { return u.WithPath("//a") }, "", ErrPathDoubleSlash, 0},
		{"//h", "WithPath(a:b)", func(u URI) (URI, error) { return u.WithPath("a:b") }, "", ErrPathNotAbsolute, 0},

		{"http://a/b", "WithRawPath(/x%20y)", func(u URI) (URI, error) { return u.WithRawPath("/x%20y") }, "http://a/x%20y", nil, 0},
		{"http://a/b", "WithRawPath(/x y)", func(u URI) (URI, error) { return u.WithRawPath("/x y") }, "", ErrInvalidCharacter, 2},
		{"http://a/b", "WithRawPath(/x?y)", func(u URI) (URI, error) { return u.WithRawPath("/x?y") }, "", ErrInvalidCharacter, 2},
		{"http://a/b", "WithRawPath(/%x)", func(u URI) (URI, error) { return u.WithRawPath("/%x") }, "", ErrInvalidPercentEncoding, 1},
		{"http://a/b", "WithRawPath(x)", func(u URI) (URI, error) { return u.WithRawPath("x") }, "", ErrPathNotAbsolute, 0},
		{"x:y", "WithRawPath(a:b)", func(u URI) (URI, error) { return u.WithRawPath("a:b") }, "x:a:b", nil, 0},
		{"y", "WithRawPath(a/b:c)", func(u URI) (URI, error) { return u.WithRawPath("a/b:c") }, "a/b:c", nil, 0},
		{"y", "WithRawPath(ab:c/d)", func(u URI) (URI, error) { return u.WithRawPath("ab:c/d") }, "", ErrPathColon, 2},
		{"y", "WithRawPath(//a)", func(u URI) (URI, error) { return u.WithRawPath("//a") }, "", ErrPathDoubleSlash, 0},

		{"http://a/b", "WithSegments(, x/y, z)", func(u URI) (URI, error) { return u.WithSegments("", "x/y", "z") }, "http://a/x%2Fy/z", nil, 0},
		{"http://a/b", "WithSegments()", func(u URI) (URI, error) { return u.WithSegments() }, "http://a", nil, 0},
		{"http://a/b", "WithSegments(\"\")", func(u URI) (URI, error) { return u.WithSegments("") }, "http://a", nil, 0},
		{"http://a/b", "WithSegments(\"\", \"\")", func(u URI) (URI, error) { return u.WithSegments("", "") }, "http://a/", nil, 0},
		{"http://a/b", "WithSegments(\"\", \"\", x)", func(u URI) (URI, error) { return u.WithSegments("", "", "x") }, "http://a//x", nil, 0},
		{"http://a/b", "WithSegments(x)", func(u URI) (URI, error) { return u.WithSegments("x") }, "", ErrPathNotAbsolute, 0},
		{"x:y", "WithSegments(a:b, c)", func(u URI) (URI, error) { return u.WithSegments("a:b", "c") }, "x:a:b/c", nil, 0},
		{"x:y", "WithSegments(\"\", \"\", a)", func(u URI) (URI, error) { return u.WithSegments("", "", "a") }, "", ErrPathDoubleSlash, 0},
		{"y", "WithSegments(a:b, c:d, é)", func(u URI) (URI, error) { return u.WithSegments("a:b", "c:d", "é") }, "a%3Ab/c:d/%C3%A9", nil, 0},
		{"y", "WithSegments(.., ?)", func(u URI) (URI, error) { return u.WithSegments("..", "?") }, "../%3F", nil, 0},

		{"http://a/b", "AppendSegment(c d)", func(u URI) (URI, error) { return u.AppendSegment("c d"), nil }, "http://a/b/c%20d", nil, 0},
		{"http://a/b/", "AppendSegment(c/d)", func(u URI) (URI, error) { return u.AppendSegment("c/d"), nil }, "http://a/b/c%2Fd", nil, 0},
		{"http://a/b/", "AppendSegment()", func(u URI) (URI, error) { return u.AppendSegment(""), nil }, "http://a/b/", nil, 0},
		{"http://a/b", "AppendSegment()", func(u URI) (URI, error) { return u.AppendSegment(""), nil }, "http://a/b/", nil, 0},
		{"http://a?q", "AppendSegment(x)", func(u URI) (URI, error) { return u.AppendSegment("x"), nil }, "http://a/x?q", nil, 0},
		{"http://a", "AppendSegment()", func(u URI) (URI, error) { return u.AppendSegment(""), nil }, "http://a/", nil, 0},
		{"http://a/", "AppendSegment(x)", func(u URI) (URI, error) { return u.AppendSegment("x"), nil }, "http://a/x", nil, 0},
		{"x:", "AppendSegment(a:b)", func(u URI) (URI, error) { return u.AppendSegment("a:b"), nil }, "x:a:b", nil, 0},
		{"x:", "AppendSegment(a/b)", func(u URI) (URI, error) { return u.AppendSegment("a/b"), nil }, "x:a%2Fb", nil, 0},
		{"", "AppendSegment(a:b)", func(u URI) (URI, error) { return u.AppendSegment("a:b"), nil }, "a%3Ab", nil, 0},
		{"", "AppendSegment()", func(u URI) (URI, error) { return u.AppendSegment(""), nil }, "", nil, 0},
		{"a", "AppendSegment(b:c)", func(u URI) (URI, error) { return u.AppendSegment("b:c"), nil }, "a/b:c", nil, 0},
		{"/", "AppendSegment(a)", func(u URI) (URI, error) { return u.AppendSegment("a"), nil }, "/a", nil, 0},
	})
}

func TestWithQueryFragment(t *testing.T) {
	runEdits(t, []editCase{
		{"http://a/b", "WithQuery(x=1&y=a b)", func(u URI) (URI, error) { return u.WithQuery("x=1&y=a b"), nil }, "http://a/b?x=1&y=a%20b", nil, 0},
		{"http://a/b?old#f", "WithQuery(/?:@#)", func(u URI) (URI, error) { return u.WithQuery("/?:@#"), nil }, "http://a/b?/?:@%23#f", nil, 0},
		{"http://a/b", "WithQuery()", func(u URI) (URI, error) { return u.WithQuery(""), nil }, "http://a/b?", nil, 0},
		{"http://a/b?q", "WithRawQuery(a=%20)", func(u URI) (URI, error) { return u.WithRawQuery("a=%20") }, "http://a/b?a=%20", nil, 0},
		{"http://a/b?q", "WithRawQuery(a b)", func(u URI) (URI, error) { return u.WithRawQuery("a b") }, "", ErrInvalidCharacter, 1},
		{"http://a/b?q", "WithRawQuery(a#b)", func(u URI) (URI, error) { return u.WithRawQuery("a#b") }, "", ErrInvalidCharacter, 1},
		{"http://a/b?q", "WithRawQuery(%)", func(u URI) (URI, error) { return u.WithRawQuery("%") }, "", ErrInvalidPercentEncoding, 0},
		{"http://a/b?q#f", "WithoutQuery", func(u URI) (URI, error) { return u.WithoutQuery(), nil }, "http://a/b#f", nil, 0},
		{"http://a/b?", "WithoutQuery", func(u URI) (URI, error) { return u.WithoutQuery(), nil }, "http://a/b", nil, 0},

		{"http://a/b?q", "WithFragment(a#b c)", func(u URI) (URI, error) { return u.WithFragment("a#b c"), nil }, "http://a/b?q#a%23b%20c", nil, 0},
		{"http://a/b#x", "WithFragment()", func(u URI) (URI, error) { return u.WithFragment(""), nil }, "http://a/b#", nil, 0},
		{"", "WithFragment(top)", func(u URI) (URI, error) { return u.WithFragment("top"), nil }, "#top", nil, 0},
		{"http://a/b", "WithRawFragment(x%23)", func(u URI) (URI, error) { return u.WithRawFragment("x%23") }, "http://a/b#x%23", nil, 0},
		{"http://a/b", "WithRawFragment(x#)", func(u URI) (URI, error) { return u.WithRawFragment("x#") }, "", ErrInvalidCharacter, 1},
		{"http://a/b#", "WithoutFragment", func(u URI) (URI, error) { return u.WithoutFragment(), nil }, "http://a/b", nil, 0},
		{"http://a/b", "WithoutFragment", func(u URI) (URI, error) { return u.WithoutFragment(), nil }, "http://a/b", nil, 0},
	})
}

// TestEditChain builds the RFC's example URI (section 3) by edits from the
// empty reference, and takes it apart again.
func TestEditChain(t *testing.T) {
	var u URI
	u, err := u.WithHost("example.com")
	if err == nil {
		u, err = u.WithPort(8042)
	}
	if err == nil {
		u, err = u.WithScheme("foo")
	}
	if err == nil {
		u, err = u.WithSegments("", "over", "there")
	}
	if err != nil {
		t.Fatal(err)
	}
	u = u.WithQueryParams(NewQuery(QueryRFC3986, Pair{"name", "ferret"})).WithFragment("nose")
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
	tests := []struct {
		name    string
		b       Builder
		want    string
		wantErr error
	}{
		{"zero", Builder{}, "", nil},
		{"rfc example", Builder{Scheme: "foo", Host: "example.com", Port: 8042, Path: "/over/there",
			Query: NewQuery(QueryRFC3986, Pair{"name", "ferret"}), Fragment: "nose"},
			"foo://example.com:8042/over/there?name=ferret#nose", nil},
		{"urn", Builder{Scheme: "urn", Path: "example:animal:ferret:nose"}, "urn:example:animal:ferret:nose", nil},
		{"mailto", Builder{Scheme: "mailto", Path: "fred@example.com"}, "mailto:fred@example.com", nil},
		{"file empty host", Builder{Scheme: "file", HasHost: true, Path: "/etc/hosts"}, "file:///etc/hosts", nil},
		{"no host no authority", Builder{Scheme: "file", Path: "/etc/hosts"}, "file:/etc/hosts", nil},
		{"ipv6 and zero port", Builder{Scheme: "http", Host: "::1", HasPort: true, Path: "/"}, "http://[::1]:0/", nil},
		{"userinfo encoded", Builder{Scheme: "ftp", Userinfo: "anon:a@b", Host: "h"}, "ftp://anon:a%40b@h", nil},
		{"empty userinfo", Builder{Host: "h", HasUserinfo: true}, "//@h", nil},
		{"empty query and fragment", Builder{Path: "p", HasQuery: true, HasFragment: true}, "p?#", nil},
		{"form query", Builder{Path: "/s", Query: NewQuery(QueryForm, Pair{"q", "a b&c"})}, "/s?q=a+b%26c", nil},
		{"plain fragment", Builder{Fragment: "a b#c"}, "#a%20b%23c", nil},
		{"relative colon path", Builder{Path: "a:b/c:d"}, "a%3Ab/c:d", nil},
		{"plain path", Builder{Scheme: "s", Path: "a b/ü?"}, "s:a%20b/%C3%BC%3F", nil},
		{"bad scheme", Builder{Scheme: "1x"}, "", ErrInvalidScheme},
		{"userinfo without host", Builder{Userinfo: "u", Path: "/x"}, "", ErrNoAuthority},
		{"empty userinfo without host", Builder{HasUserinfo: true}, "", ErrNoAuthority},
		{"port without host", Builder{Port: 80}, "", ErrNoAuthority},
		{"zero port without host", Builder{HasPort: true}, "", ErrNoAuthority},
		{"relative path beside host", Builder{Host: "h", Path: "x"}, "", ErrPathNotAbsolute},
		{"double slash without host", Builder{Scheme: "x", Path: "//y"}, "", ErrPathDoubleSlash},
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
		{"WithPath", func() { _, _ = u.WithPath("/a b/c") }},
		{"WithRawPath", func() { _, _ = u.WithRawPath("/a/c") }},
		{"WithSegments", func() { _, _ = u.WithSegments("", "a b", "c/d") }},
		{"AppendSegment", func() { _ = u.AppendSegment("x y") }},
		{"WithHost", func() { _, _ = u.WithHost("bücher.example") }},
		{"WithHost IPv6", func() { _, _ = u.WithHost("::1") }},
		{"WithPort", func() { _, _ = u.WithPort(65535) }},
		{"WithoutPort", func() { _ = u.WithoutPort() }},
		{"WithQuery", func() { _ = u.WithQuery("a=b c") }},
		{"WithFragment", func() { _ = u.WithFragment("top") }},
		{"WithScheme", func() { _, _ = u.WithScheme("https") }},
		{"WithoutAuthority", func() { _, _ = u.WithoutAuthority() }},
		{"Build", func() {
			_, _ = Builder{Scheme: "http", Host: "example.com", Port: 8080, Path: "/a b", Fragment: "f"}.Build()
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
		_, got := isIPv6(s)
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
