package uri

import (
	"errors"
	"net/netip"
	"strings"
	"testing"
)

// RFC 3987, section 2.2: the IRI grammar. Valid IRIs parse and keep their
// text; invalid ones fail at the offending byte.
func TestParseIRI(t *testing.T) {
	valid := []struct {
		in                     string
		host, path, query, frg string
	}{
		// Section 3.1's examples, in Go notation for the XML's &#x...;.
		{"http://r\u00e9sum\u00e9.example.org", "r\u00e9sum\u00e9.example.org", "", "", ""},
		{"http://www.example.org/red%09ros\u00e9#red", "www.example.org", "/red%09ros\u00e9", "", "red"},
		{"http://example.com/\U00010300\U00010301\U00010302", "example.com", "/\U00010300\U00010301\U00010302", "", ""},
		{"http://www.example.org/D\u00fcrst", "www.example.org", "/D\u00fcrst", "", ""},
		{"http://\u7d0d\u8c46.example.org/%E2%80%AE", "\u7d0d\u8c46.example.org", "/%E2%80%AE", "", ""},
		// ucschar in every component but the scheme and port; iprivate in
		// the query only.
		{"s://\u00fc:\u00e4@h\u00f6st/p\u00e5th?q\u00fc=\ue000\U000F0000#fr\u00e4g", "h\u00f6st", "/p\u00e5th", "q\u00fc=\ue000\U000F0000", "fr\u00e4g"},
		{"\u00e9t\u00e9/x:y", "", "\u00e9t\u00e9/x:y", "", ""},
		{"//\u4f8b/", "\u4f8b", "/", "", ""},
		{"?\U0010FFFD", "", "", "\U0010FFFD", ""},
		{"#\U000E1000", "", "", "", "\U000E1000"},
		{"http://a/\uD7FF\uF900\uFDCF\uFDF0\uFFEF\U0001FFFD\U000DFFFD\U000EFFFD", "a", "/\uD7FF\uF900\uFDCF\uFDF0\uFFEF\U0001FFFD\U000DFFFD\U000EFFFD", "", ""},
		// ASCII IRIs are URIs.
		{"foo://example.com:8042/over/there?name=ferret#nose", "example.com", "/over/there", "name=ferret", "nose"},
	}
	for _, c := range valid {
		i, err := ParseIRI(c.in)
		if err != nil {
			t.Errorf("ParseIRI(%q): %v", c.in, err)
			continue
		}
		if i.String() != c.in || i.Host() != c.host || i.Path() != c.path || i.Query() != c.query || i.Fragment() != c.frg {
			t.Errorf("ParseIRI(%q) = host %q path %q query %q fragment %q", c.in, i.Host(), i.Path(), i.Query(), i.Fragment())
		}
		checkLayout(t, i.u)
	}

	invalid := []struct {
		in   string
		off  int
		comp Component
		err  error
	}{
		{"http://a/\ue000", 9, ComponentPath, ErrInvalidCharacter},       // iprivate outside the query
		{"http://a/#\ue000", 10, ComponentFragment, ErrInvalidCharacter}, // nor in the fragment
		{"http://a/\uFFFE", 9, ComponentPath, ErrInvalidCharacter},       // a noncharacter
		{"http://a/\uFDD0", 9, ComponentPath, ErrInvalidCharacter},       // a noncharacter
		{"http://a/\uFFF9", 9, ComponentPath, ErrInvalidCharacter},       // a special
		{"http://a/\U000E0001", 9, ComponentPath, ErrInvalidCharacter},   // a tag
		{"http://a/\u0085", 9, ComponentPath, ErrInvalidCharacter},       // C1 control
		{"http://a/\u202Eevil", 9, ComponentPath, ErrInvalidCharacter},   // RLO, section 4.1
		{"http://a/x\u200Fy", 10, ComponentPath, ErrInvalidCharacter},    // RLM, section 4.1
		{"http://a:8\u00e9/", 10, ComponentPort, ErrInvalidCharacter},    // the port is digits
		{"http://[::\u00e9]/", 10, ComponentHost, ErrInvalidIPv6},        // IP literals are ASCII
		{"h\u00e9ttp://a/", 1, ComponentScheme, ErrInvalidCharacter},     // so is the scheme
		{"http://a/\xff", 9, ComponentPath, ErrInvalidUTF8},              // not UTF-8
		{"http://a/\xed\xa0\x80", 9, ComponentPath, ErrInvalidUTF8},      // an encoded surrogate
		{"http://a/\xc0\xaf", 9, ComponentPath, ErrInvalidUTF8},          // overlong
		{"http://a b/\xff", 11, ComponentPath, ErrInvalidUTF8},           // the first bad byte wins
		{"http://h\xf6st/", 8, ComponentHost, ErrInvalidUTF8},            // Latin-1, not UTF-8
		{"http://a/?q#\xe2\x82", 12, ComponentFragment, ErrInvalidUTF8},  // cut short
		{"http://a/?\xe2\x82#", 10, ComponentQuery, ErrInvalidUTF8},      // cut short
		{"http://a/ \u00e9", 9, ComponentPath, ErrInvalidCharacter},      // a space is no ucschar
		{"http://[fe80::1%25eth0]/", 15, ComponentHost, ErrInvalidIPv6},  // no zone without the option
	}
	for _, c := range invalid {
		_, err := ParseIRI(c.in)
		var e *Error
		if !errors.As(err, &e) || !errors.Is(err, c.err) || e.Offset != c.off || e.Component != c.comp {
			t.Errorf("ParseIRI(%q) = %v, want %v in %v at %d", c.in, err, c.err, c.comp, c.off)
		}
		if _, err := Parse(c.in); err == nil {
			t.Errorf("Parse(%q) accepts an invalid IRI", c.in)
		}
	}
}

// An ASCII IRI is read exactly as the strict parser reads it, errors
// included.
func TestParseIRIASCII(t *testing.T) {
	for _, s := range []string{"", "http://a/b?c#d", "a:b:c", "http://[::1]:80/", "//u@h:1/p", "a b", "http://a/%zz", "http://[::1", ":x", "./a:b"} {
		u, uerr := Parse(s)
		i, ierr := ParseIRI(s)
		if i.u != u || (uerr == nil) != (ierr == nil) || uerr != nil && uerr.Error() != ierr.Error() {
			t.Errorf("ParseIRI(%q) = %v, %v; Parse = %v, %v", s, i, ierr, u, uerr)
		}
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = ParseIRI("http://example.com/a/b?c=d#e") }); n != 0 {
		t.Errorf("ParseIRI of an ASCII IRI allocates %v times", n)
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = ParseIRI("http://\u4f8b.example/\u00fc?\ue000#\u00e9") }); n != 0 {
		t.Errorf("ParseIRI of a valid IRI allocates %v times", n)
	}
}

// RFC 3987, section 3.1: IRI to URI, with its examples.
func TestToURI(t *testing.T) {
	cases := []struct {
		in, want string
		kind     HostKind
	}{
		{"http://r\u00e9sum\u00e9.example.org", "http://xn--rsum-bpad.example.org", HostRegName},
		{"http://www.example.org/red%09ros\u00e9#red", "http://www.example.org/red%09ros%C3%A9#red", HostRegName},
		{"http://example.com/\U00010300\U00010301\U00010302", "http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82", HostRegName},
		{"http://www.example.org/D\u00fcrst", "http://www.example.org/D%C3%BCrst", HostRegName},
		{"http://\u7d0d\u8c46.example.org/%E2%80%AE", "http://xn--99zt52a.example.org/%E2%80%AE", HostRegName},
		{"s://\u00fc:\u00e4@h\u00f6st:8/p?q=\ue000#\u00e9", "s://%C3%BC:%C3%A4@xn--hst-sna:8/p?q=%EE%80%80#%C3%A9", HostRegName},
		// Triplets in a host with non-ASCII text are decoded before IDNA.
		{"http://r%C3%A9sum\u00e9.example.org/", "http://xn--rsum-bpad.example.org/", HostRegName},
		// UTS #46 maps: case, width, ideographic full stop; non-transitional
		// keeps sharp s.
		{"http://B\u00dcCHER.example/", "http://xn--bcher-kva.example/", HostRegName},
		{"http://\u4f8b\u3002\u30c6\u30b9\u30c8/", "http://xn--fsq.xn--zckzah/", HostRegName},
		{"http://stra\u00dfe.de/", "http://xn--strae-oqa.de/", HostRegName},
		// Full-width digits map to an IPv4address, which the host then is.
		{"http://\uff11\uff12\uff17.0.0.1/", "http://127.0.0.1/", HostIPv4},
		// An ASCII host is left alone, even when others would be mapped.
		{"http://EXAMPLE.com/\u00e9", "http://EXAMPLE.com/%C3%A9", HostRegName},
		{"http://%C3%A9.example/\u00e9", "http://%C3%A9.example/%C3%A9", HostRegName},
		{"http://[::1]/\u00e9", "http://[::1]/%C3%A9", HostIPv6},
		// Relative references map too.
		{"../\u00e9t\u00e9?\u00e0#\u00e8", "../%C3%A9t%C3%A9?%C3%A0#%C3%A8", HostNone},
		{"foo://example.com:8042/over/there?name=ferret#nose", "foo://example.com:8042/over/there?name=ferret#nose", HostRegName},
	}
	for _, c := range cases {
		i := MustParseIRI(c.in)
		u, err := i.ToURI()
		if err != nil || u.String() != c.want || u.HostKind() != c.kind {
			t.Errorf("ToURI(%q) = %q (%v), %v; want %q (%v)", c.in, u, u.HostKind(), err, c.want, c.kind)
			continue
		}
		checkLayout(t, u)
		if v, err := Parse(u.String()); err != nil || v != u {
			t.Errorf("ToURI(%q) = %q does not reparse to itself: %v", c.in, u, err)
		}
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = MustParseIRI("http://a/b").ToURI() }); n != 0 {
		t.Errorf("ToURI of an ASCII IRI allocates %v times", n)
	}
}

// IDNA failures: the label, its offset and the rule.
func TestToURIIDNAErrors(t *testing.T) {
	long := "\u00e9" + strings.Repeat("a", 63)
	longName := strings.Repeat(strings.Repeat("a", 60)+".", 5) + "\u00e9"
	cases := []struct {
		in      string
		profile IDNAProfile
		label   string
		off     int
		rule    string // a word of the rule
	}{
		{"http://a\u200db.example/", IDNABrowser, "a\u200db", 7, "CONTEXTJ"},
		{"http://x.a\u200cb.example/", IDNABrowser, "a\u200cb", 9, "CONTEXTJ"},
		{"http://\u05d0a.example/", IDNABrowser, "\u05d0a", 7, "Bidi"},
		{"http://\u0661\u0662a.com/", IDNABrowser, "\u0661\u0662a", 7, "Bidi"},
		{"http://\u0301a.example/", IDNABrowser, "\u0301a", 7, "combining mark"},
		{"http://ok.a\u2ff0b.example/", IDNABrowser, "a\u2ff0b", 10, "U+2FF0"},
		{"http://xn--ab\u00e9.example/", IDNABrowser, "xn--ab\u00e9", 7, "Punycode"},
		{"http://\u00e9.xn--abc-.example/", IDNABrowser, "xn--abc-", 10, "Punycode"},
		// The lookup profile adds hyphen, STD3 and length rules.
		{"http://-\u00e9.example/", IDNALookup, "-\u00e9", 7, "hyphen"},
		{"http://ab--\u00e9.example/", IDNALookup, "ab--\u00e9", 7, "third and fourth"},
		{"http://a_\u00e9.example/", IDNALookup, "a_\u00e9", 7, "STD3"},
		{"http://" + long + ".example/", IDNALookup, long, 7, "63"},
		// Every label fits, the name (over 253 octets) does not.
		{"http://" + longName + "/", IDNALookup, longName, 7, "253"},
		// An empty label, and a final dot (Unicode 16's rule).
		{"http://\u00e9..example/", IDNALookup, "", 10, "63"},
	}
	for _, c := range cases {
		_, err := Options{IDNA: c.profile}.ToURI(MustParseIRI(c.in))
		var e *Error
		var ie *IDNAError
		if !errors.As(err, &e) || !errors.As(err, &ie) || !errors.Is(err, ErrIDNA) || !errors.Is(err, ErrInvalidHost) {
			t.Errorf("%v ToURI(%q) = %v, want an IDNA error", c.profile, c.in, err)
			continue
		}
		if e.Offset != c.off || e.Component != ComponentHost || ie.Label != c.label || !strings.Contains(ie.Rule, c.rule) || ie.Err == nil {
			t.Errorf("%v ToURI(%q) = offset %d %v, label %q, rule %q; want %d, %q, %q", c.profile, c.in, e.Offset, e.Component, ie.Label, ie.Rule, c.off, c.label, c.rule)
		}
	}
	// What the lookup profile rejects, the browser profile takes.
	for _, s := range []string{"http://-\u00e9.example/", "http://a_\u00e9.example/", "http://" + long + ".example/"} {
		if _, err := MustParseIRI(s).ToURI(); err != nil {
			t.Errorf("browser ToURI(%q): %v", s, err)
		}
	}
}

// RFC 3987, section 3.2: URI to IRI, with its examples.
func TestToIRI(t *testing.T) {
	cases := []struct{ in, want string }{
		{"http://www.example.org/D%C3%BCrst", "http://www.example.org/D\u00fcrst"},
		{"http://www.example.org/D%FCrst", "http://www.example.org/D%FCrst"},
		{"http://xn--99zt52a.example.org/%e2%80%ae", "http://\u7d0d\u8c46.example.org/%E2%80%AE"},
		// Reserved and other ASCII triplets stay as written.
		{"http://a/%2F%3f%41%C3%BC", "http://a/%2F%3f%41\u00fc"},
		// Not UTF-8, cut short, overlong, a surrogate: step 3.
		{"http://a/%C3%28%C3", "http://a/%C3%28%C3"},
		{"http://a/%c0%af", "http://a/%C0%AF"},
		{"http://a/%ED%A0%80", "http://a/%ED%A0%80"},
		// Not fit (step 4): iprivate outside the query, white space,
		// invisible format characters, compatibility look-alikes,
		// noncharacters, bidi formatting.
		{"http://a/%EE%80%80?%EE%80%80", "http://a/%EE%80%80?\ue000"},
		{"http://a/%C2%A0%E2%80%8B%E2%80%8F", "http://a/%C2%A0%E2%80%8B%E2%80%8F"},
		{"http://a/%EF%BC%A1%EF%BC%8F", "http://a/%EF%BC%A1%EF%BC%8F"},
		{"http://a/%EF%BF%BE", "http://a/%EF%BF%BE"},
		// Every component but the scheme and port.
		{"s://%C3%BC@xn--hst-sna:8/%C3%A5?%C3%A4#%C3%A9", "s://\u00fc@h\u00f6st:8/\u00e5?\u00e4#\u00e9"},
		// A host's triplets stay: the IRI would map them through IDNA.
		{"http://%C3%A9.example/", "http://%C3%A9.example/"},
		// An A-label that does not map back exactly, or is not Punycode.
		{"http://XN--99ZT52A.example/", "http://XN--99ZT52A.example/"},
		{"http://xn--zz.example/", "http://xn--zz.example/"},
		{"http://a.xn--bcher-kva.example./", "http://a.b\u00fccher.example./"},
		{"http://www.example.org/", "http://www.example.org/"},
	}
	for _, c := range cases {
		u := MustParse(c.in)
		i := u.ToIRI()
		if i.String() != c.want {
			t.Errorf("ToIRI(%q) = %q, want %q", c.in, i, c.want)
			continue
		}
		if u.Display() != c.want {
			t.Errorf("Display(%q) = %q", c.in, u.Display())
		}
		checkLayout(t, i.u)
		if j, err := ParseIRI(i.String()); err != nil || j != i {
			t.Errorf("ToIRI(%q) = %q does not reparse to itself: %v", c.in, i, err)
		}
		back, err := i.ToURI()
		if err != nil || upperTriplets(back.String()) != upperTriplets(c.in) {
			t.Errorf("ToURI(ToIRI(%q)) = %q, %v", c.in, back, err)
		}
	}
	if n := testing.AllocsPerRun(100, func() { _ = MustParse("http://a/b%20c").ToIRI() }); n != 0 {
		t.Errorf("ToIRI with nothing to decode allocates %v times", n)
	}
}

// upperTriplets returns s with the hexadecimal digits of its triplets in
// uppercase: the difference section 3.2 allows in a round trip.
func upperTriplets(s string) string {
	b := []byte(s)
	for i := 0; i+2 < len(b); i++ {
		if b[i] == '%' {
			b[i+1], b[i+2] = upper(b[i+1]), upper(b[i+2])
		}
	}
	return string(b)
}

// RFC 6874 zone identifiers: only with Options.Zones, never swallowing "]".
func TestZones(t *testing.T) {
	zones := Options{Zones: true}
	accepted := []struct{ in, zone, host string }{
		{"http://[fe80::a%25en1]", "en1", "[fe80::a%25en1]"}, // RFC 6874, section 2
		{"http://[fe80::a%en1]", "en1", "[fe80::a%en1]"},     // the bare "%" of section 4
		{"http://[fe80::1%25%65th0]/", "eth0", "[fe80::1%25%65th0]"},
		{"http://[fe80::1%25eth%2F0]:8/", "eth/0", "[fe80::1%25eth%2F0]"},
		{"http://[fe80::1%251]/", "1", "[fe80::1%251]"},
		{"http://[fe80::1%0]/", "0", "[fe80::1%0]"},
		{"http://[::ffff:1.2.3.4%25x]/", "x", "[::ffff:1.2.3.4%25x]"},
	}
	for _, c := range accepted {
		u, err := zones.Parse(c.in)
		if err != nil || u.Addr().Zone() != c.zone || u.Host() != c.host || u.String() != c.in || u.HostKind() != HostIPv6 {
			t.Errorf("Zones Parse(%q) = %q zone %q host %q, %v", c.in, u, u.Addr().Zone(), u.Host(), err)
			continue
		}
		checkLayout(t, u)
		// A valid URI parses with no heap allocation, a zone's triplets
		// included: the parser reads the zone, Addr decodes it.
		if n := testing.AllocsPerRun(10, func() { zones.Parse(c.in) }); n != 0 {
			t.Errorf("Zones Parse(%q): %v allocations", c.in, n)
		}
		if _, err := Parse(c.in); !errors.Is(err, ErrInvalidIPv6) {
			t.Errorf("strict Parse(%q) = %v, want ErrInvalidIPv6", c.in, err)
		}
		if i, err := zones.ParseIRI(c.in); err != nil || i.u != u {
			t.Errorf("Zones ParseIRI(%q) = %v, %v", c.in, i, err)
		}
	}
	rejected := []struct {
		in  string
		off int
	}{
		{"http://[::1%25]evil.com]/", 11}, // the zone may not swallow "]"
		{"http://[::1%]evil.com]/", 12},
		{"http://[fe80::1%25]/", 15},     // an empty RFC 6874 zone; "%25" is no bare zone
		{"http://[fe80::1%]/", 16},       // empty bare zone
		{"http://[fe80::a%ee1]/", 15},    // ambiguous: section 4 says rewrite it as "%25ee1"
		{"http://[fe80::1%25e%zz]/", 19}, // a bad triplet
		{"http://[fe80::1%25e]x/", 20},   // the literal ends at its "]"
		{"http://[v1.x%25y]/", 12},       // IPvFuture has no zone
		{"http://[fe80::1%25e\u00e9]/", 19},
	}
	for _, c := range rejected {
		for _, o := range []Options{{}, zones} {
			_, err := o.Parse(c.in)
			var e *Error
			if !errors.As(err, &e) || !errors.Is(err, ErrInvalidHost) || o.Zones && e.Offset != c.off {
				t.Errorf("Zones=%v Parse(%q) = %v, want an invalid host at %d", o.Zones, c.in, err, c.off)
			}
		}
	}

	// The zone lives on through edits, normalization and resolution.
	u, _ := zones.Parse("HTTP://[FE80::A%en1]:80/a/./b")
	if n := u.Normalize(); n.String() != "http://[fe80::a%25en1]/a/b" || n.Addr().Zone() != "en1" {
		t.Errorf("Normalize = %q (zone %q)", n, n.Addr().Zone())
	} else {
		checkLayout(t, n)
	}
	if v, err := u.WithPath("/c"); err != nil || v.String() != "HTTP://[FE80::A%en1]:80/c" || v.Addr() != u.Addr() {
		t.Errorf("WithPath = %q, %v", v, err)
	}
	if v, err := u.Resolve(MustParse("../x?y")); err != nil || v.String() != "HTTP://[FE80::A%en1]:80/x?y" || v.Addr().Zone() != "en1" {
		t.Errorf("Resolve = %q, %v", v, err)
	}
	a := netip.MustParseAddr("fe80::1%eth/0")
	v, err := MustParse("http://a/p").WithAddr(a)
	if err != nil || v.String() != "http://[fe80::1%25eth%2F0]/p" || v.Addr() != a {
		t.Fatalf("WithAddr(%v) = %q (%v), %v", a, v, v.Addr(), err)
	}
	checkLayout(t, v)
	if w, err := zones.Parse(v.String()); err != nil || w != v {
		t.Errorf("WithAddr's text parses to %v, %v", w, err)
	}
	if _, err := Parse(v.String()); err == nil {
		t.Errorf("strict Parse accepts %q", v)
	}
}

// HostToASCII writes a host as IRI.ToURI does (RFC 3987, section 3.1).
func TestHostToASCII(t *testing.T) {
	cases := []struct {
		in, want string
		off      int
		err      error
	}{
		{"r\u00e9sum\u00e9.example.org", "xn--rsum-bpad.example.org", 0, nil},
		{"\u7d0d\u8c46.example.org", "xn--99zt52a.example.org", 0, nil},
		{"r%C3%A9sum\u00e9.example.org", "xn--rsum-bpad.example.org", 0, nil},
		{"\uff11\uff12\uff17.0.0.1", "127.0.0.1", 0, nil},
		{"Example.COM", "Example.COM", 0, nil}, // ASCII: as it is
		{"\u00e9:80", "", 2, ErrInvalidCharacter},
		{"[::1]", "", 0, ErrInvalidCharacter},
		{"h\xf6st", "", 1, ErrInvalidUTF8},
		{"a\u200db", "", 0, ErrIDNA},
	}
	for _, c := range cases {
		got, err := IDNABrowser.HostToASCII(c.in)
		var e *Error
		switch {
		case c.err == nil && (err != nil || got != c.want):
			t.Errorf("HostToASCII(%q) = %q, %v; want %q", c.in, got, err, c.want)
		case c.err != nil && (!errors.As(err, &e) || !errors.Is(err, c.err) || e.Offset != c.off):
			t.Errorf("HostToASCII(%q) = %q, %v; want %v at %d", c.in, got, err, c.err, c.off)
		}
	}
}

// TestDisplayIDN: an A-label becomes a U-label only where browsers show it
// in Unicode. The expectations are UTS #39's (sections 3.1, 4, 5.2 to 5.4)
// and Chromium's and Firefox's documented IDN display rules: each IRI is
// mapped to its URI (A-labels), and ToIRI must give back the IRI when
// shown, the URI when not.
func TestDisplayIDN(t *testing.T) {
	cases := []struct {
		iri   string
		shown bool
	}{
		{"http://bücher.example/", true},
		{"http://中国/", true}, // xn--fiqs8s
		{"http://例え.テスト/", true},
		{"http://日本語ドメイン.jp/", true},             // Han + Katakana
		{"http://ひらがなカタカナ漢字abc.jp/", true},       // Latin + Han + Hiragana + Katakana
		{"http://한국어中.kr/", true},                // Han + Hangul
		{"http://москва.рф/", true},              // single script
		{"http://аррӏе.рф/", true},               // Cyrillic look-alikes under a Cyrillic TLD
		{"http://ελληνικά.gr/", true},            // Greek, not all look-alikes
		{"http://аpple.com/", false},             // xn--pple-43d: Cyrillic а + Latin
		{"http://аррӏе.com/", false},             // xn--80ak6aa92e: whole-script confusable
		{"http://сосо.com/", false},              // whole-script confusable
		{"http://gοogle.com/", false},            // Greek ο + Latin
		{"http://gօօgle.com/", false},            // Armenian օ + Latin
		{"http://한국어カ.kr/", false},               // Hangul + Katakana
		{"http://faß.de/", false},                // deviation ß
		{"http://σος.gr/", false},                // deviation ς
		{"http://نامه\u200cای.example/", false},  // deviation ZWNJ
		{"http://a\u0301\u0301.example/", false}, // the same mark twice
		{"http://i\u0307.example/", false},       // dot above on i
		{"http://क1१.example/", false},           // two numbering systems
		{"http://aノb.example/", false},           // Katakana no as "/"
		{"http://sub.bücher.example/", true},
	}
	for _, c := range cases {
		u, err := MustParseIRI(c.iri).ToURI()
		if err != nil {
			t.Errorf("ToURI(%q): %v", c.iri, err)
			continue
		}
		want := u.String() // every label stays an A-label
		if c.shown {
			want = c.iri
		}
		if got := u.Display(); got != want {
			t.Errorf("Display(%q) (from %q) = %q, want %q", u, c.iri, got, want)
		}
	}
	// Only the label browsers would show in Unicode is decoded.
	if got, want := MustParse("http://xn--bcher-kva.xn--pple-43d.com/").Display(), "http://bücher.xn--pple-43d.com/"; got != want {
		t.Errorf("Display = %q, want %q", got, want)
	}
}
