package urn

import (
	"errors"
	"testing"
)

// TestRFC8141Equivalence holds the three groups of RFC 8141, section 3.2
// ("Examples"), as rfcinfo.com/rfc-8141/3.2.Examples shows them.
func TestRFC8141Equivalence(t *testing.T) {
	groups := []struct {
		why   string
		urns  []string
		equal bool // whether all the URNs of the group are equivalent
	}{
		{"section 3.2, first: scheme and NID are case-insensitive", []string{
			"urn:example:a123,z456", "URN:example:a123,z456", "URN:EXAMPLE:a123,z456"}, true},
		{"section 3.2, second: percent-encoding in the NSS is kept", []string{
			"urn:example:a123,z456", "urn:example:a123,z456%2d"}, false},
		{"section 3.2, second: but its hex digits are case-normalized", []string{
			"urn:example:a123,z456%2d", "urn:example:a123,z456%2D"}, true},
		{"section 3.2, third: r-, q- and f-components are ignored", []string{
			"urn:example:a123,z456", "urn:example:a123,z456?+abc", "urn:example:a123,z456?=xyz", "urn:example:a123,z456#789"}, true},
		{"section 3.1: the NSS is otherwise case-sensitive (not an example of the RFC)", []string{
			"urn:example:a123,z456", "urn:example:A123,z456"}, false},
	}
	for _, g := range groups {
		first, err := Parse(g.urns[0])
		if err != nil {
			t.Fatalf("%s: Parse(%q): %v", g.why, g.urns[0], err)
		}
		for _, s := range g.urns[1:] {
			u, err := Parse(s)
			if err != nil {
				t.Fatalf("%s: Parse(%q): %v", g.why, s, err)
			}
			if first.Equal(u) != g.equal || (first.Key() == u.Key()) != g.equal {
				t.Errorf("%s: Equal(%q, %q) = %v (keys %q, %q), want %v", g.why, g.urns[0], s, first.Equal(u), first.Key(), u.Key(), g.equal)
			}
		}
	}
}

func TestParse(t *testing.T) {
	for _, c := range []struct {
		in                string
		nid, nss, r, q, f string
		hasR, hasQ, hasF  bool
		key               string
	}{
		{in: "urn:example:a123,z456", nid: "example", nss: "a123,z456", key: "urn:example:a123,z456"},
		{in: "URN:Example:foo-bar-baz-qux?+CCResolve:cc=uk", nid: "Example", nss: "foo-bar-baz-qux", r: "CCResolve:cc=uk", hasR: true, key: "urn:example:foo-bar-baz-qux"},
		{in: "urn:example:weather?=op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z", nid: "example", nss: "weather", q: "op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z", hasQ: true, key: "urn:example:weather"},
		{in: "urn:foo:10?+rrr?=qqq#fff", nid: "foo", nss: "10", r: "rrr", q: "qqq", f: "fff", hasR: true, hasQ: true, hasF: true, key: "urn:foo:10"},
		{in: "urn:foo:a/b:c?+r?x?=q?+y#", nid: "foo", nss: "a/b:c", r: "r?x", q: "q?+y", hasR: true, hasQ: true, hasF: true, key: "urn:foo:a/b:c"},
		{in: "urn:isbn:0451450523", nid: "isbn", nss: "0451450523", key: "urn:isbn:0451450523"},
		{in: "urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66", nid: "uuid", nss: "6e8bc430-9c3a-11d9-9669-0800200c9a66", key: "urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66"},
		{in: "urn:a1:%c3%a9", nid: "a1", nss: "%c3%a9", key: "urn:a1:%C3%A9"},
		{in: "urn:abcdefghijklmnopqrstuvwxyz-12345:x", nid: "abcdefghijklmnopqrstuvwxyz-12345", nss: "x", key: "urn:abcdefghijklmnopqrstuvwxyz-12345:x"},
	} {
		u, err := Parse(c.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", c.in, err)
			continue
		}
		r, hasR := u.RComponent()
		q, hasQ := u.QComponent()
		f, hasF := u.FComponent()
		if u.NID() != c.nid || u.NSS() != c.nss || r != c.r || q != c.q || f != c.f || hasR != c.hasR || hasQ != c.hasQ || hasF != c.hasF || u.Key() != c.key || u.String() != c.in {
			t.Errorf("Parse(%q) = nid %q nss %q r %q,%v q %q,%v f %q,%v key %q", c.in, u.NID(), u.NSS(), r, hasR, q, hasQ, f, hasF, u.Key())
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct {
		in     string
		err    error
		offset int
	}{
		{"urx:a:b", ErrNotURN, 0},
		{"urn:a:b", ErrNID, 4},                                 // one character
		{"urn:abcdefghijklmnopqrstuvwxyz-123456:x", ErrNID, 4}, // 33 characters
		{"urn:-ab:x", ErrNID, 4},                               // leading hyphen
		{"urn:ab-:x", ErrNID, 6},                               // trailing hyphen
		{"urn:a_b:x", ErrNID, 5},                               // not ldh
		{"urn:ab", ErrNID, 6},                                  // no ':'
		{"urn:ab:", ErrNSS, 7},                                 // empty NSS
		{"urn:ab:/x", ErrNSS, 7},                               // NSS starts with '/'
		{"urn:ab:?+r", ErrNSS, 7},                              // empty NSS
		{"urn:ab:x y", ErrNSS, 8},                              // space
		{"urn:ab:x%2", ErrNSS, 8},                              // bad triplet
		{"urn:ab:x?y", ErrComponent, 8},                        // '?' not "?+" or "?="
		{"urn:ab:x?+", ErrComponent, 10},                       // empty r-component
		{"urn:ab:x?=", ErrComponent, 10},                       // empty q-component
		{"urn:ab:x?=q?+r#f#", ErrComponent, 16},                // second '#'
		{"urn:ab:x?=q#f?+r?=", nil, -1},                        // valid: f may hold '?'
	} {
		_, err := Parse(c.in)
		if c.offset < 0 {
			if err != nil {
				t.Errorf("Parse(%q): %v, want success", c.in, err)
			}
			continue
		}
		var e *Error
		if !errors.Is(err, c.err) || !errors.As(err, &e) || e.Offset != c.offset {
			t.Errorf("Parse(%q) = %v, want %v at offset %d", c.in, err, c.err, c.offset)
		}
	}
}
