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
