package uri

import (
	"net/netip"
	"net/url"
	"strings"
	"testing"
)

// checkLayout checks the invariants of u's layout (see offsets in uri.go)
// from its unexported fields, and that parsing its text gives back exactly
// u. Every operation that makes a URI value (parsing, resolution,
// normalization, editing) must leave a layout that passes.
func checkLayout(t testing.TB, u URI) {
	t.Helper()
	s, o := u.s, u.offsets
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("layout of %q {schemeEnd %d, host %d-%d, pathStart %d, queryStart %d, fragStart %d, kind %d}: "+format,
			append([]any{s, o.schemeEnd, o.hostStart, o.hostEnd, o.pathStart, o.queryStart, o.fragStart, o.kind}, args...)...)
	}
	if !(0 <= o.schemeEnd && o.schemeEnd <= o.hostStart && o.hostStart <= o.hostEnd &&
		o.hostEnd <= o.pathStart && o.pathStart <= o.queryStart && o.queryStart <= o.fragStart &&
		int(o.fragStart) <= len(s)) {
		fail("offsets out of order")
	}
	if o.schemeEnd > 0 && (o.schemeEnd < 2 || s[o.schemeEnd-1] != ':') {
		fail("scheme %q does not end with a \":\" after a name", s[:o.schemeEnd])
	}
	if u.HasAuthority() {
		if o.hostStart < o.schemeEnd+2 || s[o.schemeEnd:o.schemeEnd+2] != "//" {
			fail("an authority without \"//\"")
		}
		if o.hostStart > o.schemeEnd+2 && s[o.hostStart-1] != '@' {
			fail("userinfo %q does not end with \"@\"", s[o.schemeEnd+2:o.hostStart])
		}
		if o.pathStart > o.hostEnd && s[o.hostEnd] != ':' {
			fail("port %q does not begin with \":\"", s[o.hostEnd:o.pathStart])
		}
		if o.kind == HostNone || o.kind > HostIPvFuture {
			fail("an authority with host kind %d", o.kind)
		}
	} else if o.hostStart != o.schemeEnd || o.hostEnd != o.schemeEnd || o.kind != HostNone {
		fail("no authority, but a host range or kind")
	}
	if o.queryStart < o.fragStart && s[o.queryStart] != '?' {
		fail("query %q does not begin with \"?\"", s[o.queryStart:o.fragStart])
	}
	if int(o.fragStart) < len(s) && s[o.fragStart] != '#' {
		fail("fragment %q does not begin with \"#\"", s[o.fragStart:])
	}

	// The host's kind, brackets and address (read from the text) agree.
	host := s[o.hostStart:o.hostEnd]
	bracketed := len(host) >= 2 && host[0] == '[' && host[len(host)-1] == ']'
	if (o.kind == HostIPv6 || o.kind == HostIPvFuture) != bracketed {
		fail("host %q of kind %v", host, o.kind)
	}
	switch o.kind {
	case HostIPv4, HostIPv6:
		// A zone (RFC 6874, parsed only with Options.Zones) is "%25" and
		// its encoding, or bare after "%" when no two hex digits follow.
		text, zone, zoned := strings.Cut(strings.Trim(host, "[]"), "%")
		if zoned && strings.HasPrefix(zone, "25") && len(zone) > 2 {
			zone, _ = url.PathUnescape(zone[2:])
		}
		want, err := netip.ParseAddr(text)
		if zoned {
			want = want.WithZone(zone)
		}
		if got := u.Addr(); err != nil || want != got || !got.Is4() != (o.kind == HostIPv6) {
			fail("host %q of kind %v has address %v, netip.ParseAddr gives %v, %v", host, o.kind, got, want, err)
		}
	default:
		if got := u.Addr(); got != (netip.Addr{}) {
			fail("host %q of kind %v has address %v", host, o.kind, got)
		}
	}

	checkSpans(t, u)

	// A zone or non-ASCII text parses only with the options that allow it.
	var f pflags
	if o.kind == HostIPv6 && strings.Contains(host, "%") {
		f |= pZone
	}
	if firstNonASCII(s) < len(s) {
		f |= pIRI
	}
	var v URI
	if err := parseRule(&v, s, RuleReference, f); err != nil {
		fail("the text does not parse: %v", err)
	}
	if v != u {
		fail("the text parses to {schemeEnd %d, host %d-%d, pathStart %d, queryStart %d, fragStart %d, kind %d}",
			v.schemeEnd, v.hostStart, v.hostEnd, v.pathStart, v.queryStart, v.fragStart, v.kind)
	}
}

// TestCheckLayout runs checkLayout on parsed values, which must pass, and on
// broken layouts, which it must catch.
func TestCheckLayout(t *testing.T) {
	for _, s := range []string{
		"", "a:", "a:b", "//", "/", "?", "#", "s://u@h:1/p?q#f", "s://[::1]:/", "s://[v1.x]", "//1.2.3.4",
		"//1.2.3.4.5", "file:///x", "s://@:", "s:?#", "a/b:c", "//[::ffff:1.2.3.4]",
	} {
		checkLayout(t, MustParse(s))
	}
	good := MustParse("s://u@1.2.3.4:5/p?q#f")
	for name, edit := range map[string]func(*URI){
		"order":    func(u *URI) { u.hostEnd, u.pathStart = u.pathStart, u.hostEnd },
		"past end": func(u *URI) { u.fragStart = uint32(len(u.s) + 1) },
		"scheme":   func(u *URI) { u.schemeEnd = 1 },
		"userinfo": func(u *URI) { u.hostStart++ },
		"port":     func(u *URI) { u.hostEnd-- },
		"query":    func(u *URI) { u.queryStart-- },
		"fragment": func(u *URI) { u.fragStart-- },
		"kind":     func(u *URI) { u.kind = HostRegName },
		"no host":  func(u *URI) { u.kind = HostNone },
		"relative": func(u *URI) {
			*u = MustParse("a/b")
			u.kind = HostRegName
		},
		"reparse": func(u *URI) {
			*u = MustParse("s:a?b")
			u.queryStart, u.fragStart = uint32(len(u.s)), uint32(len(u.s)) // "?b" read as path
		},
	} {
		u := good
		edit(&u)
		if !layoutFails(u) {
			t.Errorf("%s: checkLayout passes %q with a broken layout", name, u.s)
		}
	}
}

// layoutFails reports whether checkLayout fails on u.
func layoutFails(u URI) (failed bool) {
	r := &failRecorder{}
	defer func() {
		if recover() != nil && !r.failed {
			panic("checkLayout panicked") // an index out of range, say
		}
		failed = r.failed
	}()
	checkLayout(r, u)
	return false
}

// failRecorder is a testing.TB whose Fatalf records the failure and stops
// the caller, as a test's would.
type failRecorder struct {
	testing.TB
	failed bool
}

func (r *failRecorder) Helper() {}

func (r *failRecorder) Fatalf(format string, args ...any) {
	r.failed = true
	panic(r)
}

// TestSpan holds Span to hand-counted offsets, RFC 3986's own example
// (section 3) among them, and to the getters on every shape of checkLayout.
func TestSpan(t *testing.T) {
	type sp struct {
		start, end int
		ok         bool
	}
	tests := []struct {
		in                                   string
		scheme, user, host, port, path, q, f sp
	}{
		// foo://example.com:8042/over/there?name=ferret#nose
		// 0123456789012345678901234567890123456789012345678901
		{"foo://example.com:8042/over/there?name=ferret#nose",
			sp{0, 3, true}, sp{6, 6, false}, sp{6, 17, true}, sp{18, 22, true}, sp{22, 33, true}, sp{34, 45, true}, sp{46, 50, true}},
		// urn:example:animal:ferret:nose
		{"urn:example:animal:ferret:nose",
			sp{0, 3, true}, sp{4, 4, false}, sp{4, 4, false}, sp{4, 4, false}, sp{4, 30, true}, sp{30, 30, false}, sp{30, 30, false}},
		// s://u@[::1]:/?#
		{"s://u@[::1]:/?#",
			sp{0, 1, true}, sp{4, 5, true}, sp{6, 11, true}, sp{12, 12, true}, sp{12, 13, true}, sp{14, 14, true}, sp{15, 15, true}},
		{"", sp{0, 0, false}, sp{0, 0, false}, sp{0, 0, false}, sp{0, 0, false}, sp{0, 0, true}, sp{0, 0, false}, sp{0, 0, false}},
		{"//@", sp{0, 0, false}, sp{2, 2, true}, sp{3, 3, true}, sp{3, 3, false}, sp{3, 3, true}, sp{3, 3, false}, sp{3, 3, false}},
		{"a?b", sp{0, 0, false}, sp{0, 0, false}, sp{0, 0, false}, sp{0, 0, false}, sp{0, 1, true}, sp{2, 3, true}, sp{3, 3, false}},
	}
	comps := []Component{ComponentScheme, ComponentUserinfo, ComponentHost, ComponentPort, ComponentPath, ComponentQuery, ComponentFragment}
	for _, tt := range tests {
		u := MustParse(tt.in)
		for i, want := range []sp{tt.scheme, tt.user, tt.host, tt.port, tt.path, tt.q, tt.f} {
			start, end, ok := u.Span(comps[i])
			if (sp{start, end, ok}) != want {
				t.Errorf("%q: Span(%v) = %d, %d, %v, want %d, %d, %v", tt.in, comps[i], start, end, ok, want.start, want.end, want.ok)
			}
		}
		if start, end, ok := u.Span(0); start != 0 || end != 0 || ok {
			t.Errorf("%q: Span(0) = %d, %d, %v", tt.in, start, end, ok)
		}
	}
}

// checkSpans checks that every Span of u gives the getter's text and its
// presence.
func checkSpans(t testing.TB, u URI) {
	t.Helper()
	for _, c := range []struct {
		comp Component
		has  bool
		text string
	}{
		{ComponentScheme, u.HasScheme(), u.Scheme()},
		{ComponentUserinfo, u.HasUserinfo(), u.Userinfo()},
		{ComponentHost, u.HasAuthority(), u.Host()},
		{ComponentPort, u.HasPort(), u.Port()},
		{ComponentPath, true, u.Path()},
		{ComponentQuery, u.HasQuery(), u.Query()},
		{ComponentFragment, u.HasFragment(), u.Fragment()},
	} {
		start, end, ok := u.Span(c.comp)
		if ok != c.has || u.String()[start:end] != c.text || (!ok && start != end) {
			t.Fatalf("%q: Span(%v) = %d, %d, %v; the getter gives %q, present %v", u, c.comp, start, end, ok, c.text, c.has)
		}
	}
}
