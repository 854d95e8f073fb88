package whatwg

import (
	"errors"
	"net/netip"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/ferret-go/uri"
	"github.com/ferret-go/uri/internal/shapes"
)

// TestRepair: the repaired URI names the scheme, host and port that the URL
// Standard reads in the input; the expected values are the URL Standard's
// reading, reasoned from its states (cited per case), not this code's.
func TestRepair(t *testing.T) {
	type ch struct {
		off      int
		old, new string
		kind     uri.RepairKind
	}
	for _, c := range []struct {
		in, want string
		changes  []ch
	}{
		// Authority state: in a special URL "\" ends the authority as "/"
		// does, so the host is evil.com and "@good.com/" is path. (RFC
		// 3986 reads userinfo "evil.com\" and host good.com.)
		{`http://evil.com\@good.com/`, "http://evil.com/@good.com/", []ch{{15, `\`, "/", uri.RepairSlash}}},
		// WPT urltestdata: "http://a:b@c\" is host c, path "/".
		{`http://a:b@c\`, "http://a:b@c/", []ch{{12, `\`, "/", uri.RepairSlash}}},
		// WPT: "ws://a@b\c" is host b, path "/c"; the "\" that ends
		// the authority is the path's first "/", a "\" after it is RFC
		// 3986's to encode.
		{`ws://a@b\c\d`, "ws://a@b/c%5Cd", []ch{{8, `\`, "/", uri.RepairSlash}, {10, `\`, "%5C", uri.RepairEncode}}},
		// Special authority slashes and ignore slashes states: any run of
		// "/" and "\" after a special scheme, or none, leads to the
		// authority.
		{"http:evil.com/x", "http://evil.com/x", []ch{{5, "", "//", uri.RepairSlash}}},
		{`http:\\evil.com\x`, "http://evil.com/x", []ch{{5, `\\`, "//", uri.RepairSlash}, {15, `\`, "/", uri.RepairSlash}}},
		{"https:///evil.com/", "https://evil.com/", []ch{{6, "///", "//", uri.RepairSlash}}},
		{"http:/\t/evil.com/", "http://evil.com/", []ch{{5, "/\t/", "//", uri.RepairSlash}}},
		// IPv4 parser: "0x7f.1" is 127.0.0.1 (hex, and the last part
		// fills the remaining bytes); "1.2.3" is 1.2.0.3; a host whose
		// triplets decode to 127.0.0.1 is that address (host parsing
		// percent-decodes first).
		{"http://0x7f.1/a b", "http://127.0.0.1/a%20b", []ch{{7, "0x7f.1", "127.0.0.1", uri.RepairHost}, {15, " ", "%20", uri.RepairEncode}}},
		{"http://1.2.3/", "http://1.2.0.3/", []ch{{7, "1.2.3", "1.2.0.3", uri.RepairHost}}},
		{"http://0300.0250.0.1:8080/", "http://192.168.0.1:8080/", []ch{{7, "0300.0250.0.1:8080", "192.168.0.1:8080", uri.RepairHost}}},
		{"http://%31%32%37.0.0.1/", "http://127.0.0.1/", []ch{{7, "%31%32%37.0.0.1", "127.0.0.1", uri.RepairHost}}},
		{"http://ex%61mple.com/", "http://example.com/", []ch{{7, "ex%61mple.com", "example.com", uri.RepairHost}}},
		// The basic URL parser removes tab and newline before it reads.
		{"http://exa\tmple.com/ ", "http://example.com/", []ch{{7, "exa\tmple.com", "example.com", uri.RepairHost}, {20, " ", "", uri.RepairTrim}}},
		// Port state: a port the scheme's default is dropped, but
		// "080" is 80 as a number, kept as written.
		{"http://a.com:080/ x", "http://a.com:080/%20x", []ch{{17, " ", "%20", uri.RepairEncode}}},
		{"http://a.com:0x50/", "", nil}, // port-invalid: rejected below
		// Unchanged where both read the same: case of scheme and host,
		// an IPv6 address in another form, a non-special scheme.
		{"HTTP://EXAMPLE.com/ x", "HTTP://EXAMPLE.com/%20x", []ch{{19, " ", "%20", uri.RepairEncode}}},
		{"http://[0:0::1]/ x", "http://[0:0::1]/%20x", []ch{{16, " ", "%20", uri.RepairEncode}}},
		{`foo://evil.com\@good.com/`, "foo://evil.com%5C@good.com/", []ch{{14, `\`, "%5C", uri.RepairEncode}}},
		// UTS #46 nontransitional (the URL Standard's domain to ASCII):
		// "ß" is kept, so "faß.de" is xn--fa-hia.de.
		{"http://fa\u00df.de/", "http://xn--fa-hia.de/", []ch{{7, "fa\u00df.de", "xn--fa-hia.de", uri.RepairIDNA}}},
		// The last "@" ends the userinfo for both.
		{" http://user@a@b.com:8080\\x y", "http://user%40a@b.com:8080/x%20y", []ch{
			{0, " ", "", uri.RepairTrim}, {12, "@", "%40", uri.RepairDelimiter}, {25, `\`, "/", uri.RepairSlash}, {27, " ", "%20", uri.RepairEncode}}},
		// File host state: "localhost" is the empty host, as for RFC
		// 8089.
		{"file://localhost/x y", "file://localhost/x%20y", []ch{{18, " ", "%20", uri.RepairEncode}}},
	} {
		u, changes, err := Repair(c.in)
		if c.want == "" {
			if !errors.Is(err, ErrRejected) {
				t.Errorf("Repair(%q) = %q, %v; want ErrRejected", c.in, u, err)
			}
			continue
		}
		if err != nil || u.String() != c.want {
			t.Errorf("Repair(%q) = %q, %v; want %q", c.in, u, err, c.want)
			continue
		}
		if len(changes) != len(c.changes) {
			t.Errorf("Repair(%q) changes = %v, want %v", c.in, changes, c.changes)
			continue
		}
		for k, w := range c.changes {
			g := changes[k]
			if g.Offset != w.off || g.Old != w.old || g.New != w.new || g.Kind != w.kind {
				t.Errorf("Repair(%q) change %d = %v, want %+v", c.in, k, g, w)
			}
		}
	}

	// Errors: the URL Standard rejects the input (a sentinel, the
	// parser's cause, the component and offset), or no URI names what it
	// reads.
	for _, c := range []struct {
		in    string
		err   error
		cause error
		comp  uri.Component
		off   int
	}{
		// Host parsing: a space is a forbidden domain code point, so
		// "exa mple.com" is no host (and "exa%20mple.com", RFC 3986's
		// repair, is neither the URL Standard's nor net/url's).
		// The offset is the forbidden code point's: the space, or the
		// triplet that decodes to it.
		{"http://exa mple.com/", ErrRejected, ErrDomainInvalidCodePoint, uri.ComponentHost, 10},
		{"http://exa%20mple.com/", ErrRejected, ErrDomainInvalidCodePoint, uri.ComponentHost, 10},
		{"http://a.com:0x50/", ErrRejected, ErrPortInvalid, uri.ComponentPort, 14}, // the "x"
		{"http://a.com:65536/", ErrRejected, ErrPortOutOfRange, uri.ComponentPort, 13},
		{"http://", ErrRejected, ErrHostMissing, uri.ComponentHost, 7},
		{"https://u@/x", ErrRejected, ErrHostMissing, uri.ComponentHost, 10},
		// File state: "\" is "/" there too, so the host is "host"; RFC
		// 3986 reads no authority at all, and Repair does not guess one.
		{`file:/\host/x`, ErrOtherDestination, nil, uri.ComponentHost, 5},
	} {
		_, _, err := Repair(c.in)
		var e *uri.Error
		if !errors.As(err, &e) || !errors.Is(err, c.err) || (c.cause != nil && !errors.Is(err, c.cause)) ||
			e.Component != c.comp || e.Input != c.in {
			t.Errorf("Repair(%q) = %v, want %v (%v) in %v", c.in, err, c.err, c.cause, c.comp)
			continue
		}
		if c.err == ErrRejected && e.Offset != c.off {
			t.Errorf("Repair(%q) = %v, want offset %d", c.in, err, c.off)
		}
	}
}

// sameAsWPT reports whether the URI u has the scheme, hostname and port of
// a urltestdata.json case, compared as RepairOptions documents.
func sameAsWPT(u uri.URI, protocol, hostname, port string) bool {
	scheme := strings.TrimSuffix(protocol, ":")
	if !strings.EqualFold(u.Scheme(), scheme) {
		return false
	}
	uh := u.Host()
	switch {
	case !u.HasAuthority():
		if hostname != "" {
			return false
		}
	case strings.HasPrefix(hostname, "["):
		a, err1 := netip.ParseAddr(strings.Trim(uh, "[]"))
		b, err2 := netip.ParseAddr(strings.Trim(hostname, "[]"))
		if err1 != nil || err2 != nil || a != b {
			return false
		}
	default:
		if !strings.EqualFold(uh, uri.Escape(hostname, uri.EscapeHost)) && !(scheme == "file" && hostname == "" && strings.EqualFold(uh, "localhost")) {
			return false
		}
	}
	number := func(p string) int {
		if p == "" {
			d, _ := DefaultPort(scheme)
			return int(d)
		}
		n, err := strconv.Atoi(p)
		if err != nil {
			return -1
		}
		return n
	}
	return number(u.Port()) == number(port)
}

// TestRepairWPT: over every case of the WPT's urltestdata.json without a
// base and with a special scheme, Repair fails with ErrRejected where the
// data say failure, and otherwise either repairs to a URI with the data's
// protocol, hostname and port, or fails; never a URI that goes elsewhere.
func TestRepairWPT(t *testing.T) {
	repaired, refused := 0, 0
	for _, c := range loadURLCases(t) {
		if c.Base != nil {
			continue
		}
		if _, scheme := schemeOf(c.Input); !IsSpecial(scheme) {
			continue
		}
		u, _, err := Repair(c.Input)
		switch {
		case c.Failure:
			if !errors.Is(err, ErrRejected) {
				t.Errorf("Repair(%q) = %q, %v; WPT: failure", c.Input, u, err)
			}
		case err != nil:
			refused++
			if errors.Is(err, ErrRejected) {
				t.Errorf("Repair(%q): %v, but WPT parses it", c.Input, err)
			}
		case !sameAsWPT(u, c.Protocol, c.Hostname, c.Port):
			t.Errorf("Repair(%q) = %q (host %q, port %q); WPT: %s//%s port %q", c.Input, u, u.Host(), u.Port(), c.Protocol, c.Hostname, c.Port)
		default:
			repaired++
		}
	}
	t.Logf("urltestdata.json, special without base: %d repaired to the same destination, %d refused", repaired, refused)
	if repaired < 100 {
		t.Errorf("only %d cases repaired", repaired)
	}
}

// FuzzRepair: for every input the URL Standard's parser accepts and Repair
// repairs, both read the same scheme, host and port; a browser given the
// repaired URI reads them too; a reference without a scheme, repaired
// against a base (RepairBase, and others with RepairRef), resolves by the
// URL Standard against that base to the scheme, host and port that the
// input resolves to; the changes rebuild the result from the
// input, in order; and Repair fails with ErrRejected exactly where a
// special input does not parse.
func FuzzRepair(f *testing.F) {
	addURLTestSeeds(f, func(in, base string) { f.Add(in) })
	for _, s := range []string{`http://evil.com\@good.com/`, "http:/\\/\\a b", "http://0x7f.1:080\\x", "ws:a@b@c\\d",
		`//evil.com\@good.com/`, `/\evil.com/`, `\\evil.com/x`, "/\t/0x7f.1:443\\x", " a b?c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		// Against bases: the repaired reference resolves where s
		// does, or RepairRef fails (for a reference without a scheme,
		// or with a special one: another keeps RFC 3986's reading).
		for _, base := range []string{"http://a.example/d/p?q", "wss://a.example:8443/", "foo://h/p", "file:///home/u/", "file://lion/"} {
			u, _, err := RepairRef(uri.Options{}, s, MustParse(base))
			if colon, scheme := schemeOf(s); err == nil && (colon < 0 || IsSpecial(scheme)) {
				sameRef(t, s, u, base)
			}
		}
		u, changes, err := Repair(s)
		_, scheme := schemeOf(s)
		w, werr := Parse(s)
		if IsSpecial(scheme) && (werr != nil) != errors.Is(err, ErrRejected) {
			t.Fatalf("Repair(%q) = %v, Parse: %v", s, err, werr)
		}
		if err != nil {
			var e *uri.Error
			if !errors.As(err, &e) || e.Input != s || e.Offset < 0 || e.Offset > len(s) {
				t.Fatalf("Repair(%q): %#v", s, err)
			}
			return
		}
		var b strings.Builder
		at := 0
		for _, c := range changes {
			if c.Offset < at || c.Offset+len(c.Old) > len(s) || s[c.Offset:c.Offset+len(c.Old)] != c.Old {
				t.Fatalf("Repair(%q): change %v out of order or wrong", s, c)
			}
			b.WriteString(s[at:c.Offset])
			b.WriteString(c.New)
			at = c.Offset + len(c.Old)
		}
		b.WriteString(s[at:])
		if b.String() != u.String() {
			t.Fatalf("Repair(%q) = %q, but its changes make %q", s, u, b.String())
		}
		if colon, _ := schemeOf(s); colon < 0 {
			sameRef(t, s, u, RepairBase)
			return
		}
		if !IsSpecial(scheme) || werr != nil {
			return
		}
		if !sameAsWPT(u, w.Protocol(), w.Hostname(), w.Port()) {
			t.Fatalf("Repair(%q) = %q: host %q port %q, the URL Standard's %q port %q", s, u, u.Host(), u.Port(), w.Hostname(), w.Port())
		}
		v, err := Parse(u.String())
		if err != nil || v.Protocol() != w.Protocol() || v.Hostname() != w.Hostname() || v.Port() != w.Port() {
			t.Fatalf("Repair(%q) = %q, which the URL Standard reads as %v %v, not %v", s, u, v, err, w)
		}
	})
}

// TestRepairRef: a reference without a scheme is read against a base, as a
// browser reads a link on a page (URL Standard, basic URL parser with a
// base); the repaired reference, resolved against that base, reaches the
// host the input reaches. The expected values are reasoned from the
// standard's states, cited per case.
func TestRepairRef(t *testing.T) {
	type ch struct {
		off      int
		old, new string
		kind     uri.RepairKind
	}
	const (
		https = "" // Repair: against RepairBase, a page of https
		http  = "http://a.example/dir/page"
		other = "foo://h/p"
		file  = "file:///home/u/"
	)
	for _, c := range []struct {
		base, in, want string
		changes        []ch
	}{
		// No scheme state, base special: relative state; "/" or "\\" then
		// relative slash state, where a second "/" or "\\" goes to the
		// special authority ignore slashes state; authority state: "\\"
		// ends the authority as "/" does. So the host is evil.com (RFC
		// 3986 reads userinfo "evil.com\\" and host good.com).
		{https, `//evil.com\@good.com/`, "//evil.com/@good.com/", []ch{{10, `\`, "/", uri.RepairSlash}}},
		{http, `//evil.com\@good.com/`, "//evil.com/@good.com/", []ch{{10, `\`, "/", uri.RepairSlash}}},
		{https, `/\evil.com/`, "//evil.com/", []ch{{0, `/\`, "//", uri.RepairSlash}}},
		{https, `\\evil.com/x`, "//evil.com/x", []ch{{0, `\\`, "//", uri.RepairSlash}}},
		{https, `\/evil.com`, "//evil.com", []ch{{0, `\/`, "//", uri.RepairSlash}}},
		// Special authority ignore slashes state: any more "/" and "\\"
		// are skipped; tab and newline are removed before parsing.
		{https, "///evil.com/", "//evil.com/", []ch{{0, "///", "//", uri.RepairSlash}}},
		{https, "/\t/evil.com", "//evil.com", []ch{{0, "/\t/", "//", uri.RepairSlash}}},
		{http, "/\n\\\\/evil.com/a b", "//evil.com/a%20b", []ch{{0, "/\n\\\\/", "//", uri.RepairSlash}, {15, " ", "%20", uri.RepairEncode}}},
		// Leading C0 controls and spaces are stripped.
		{https, "\x01 //evil.com/", "//evil.com/", []ch{{0, "\x01 ", "", uri.RepairTrim}}},
		// Host parsing (IPv4 parser): "0x7f.1" is 127.0.0.1. Port state:
		// the default port of the base's scheme is dropped, so 443 goes
		// against https and stays against http.
		{https, `//0x7f.1:443\x`, "//127.0.0.1/x", []ch{{2, "0x7f.1:443", "127.0.0.1", uri.RepairHost}, {12, `\`, "/", uri.RepairSlash}}},
		{http, `//0x7f.1:443\x`, "//127.0.0.1:443/x", []ch{{2, "0x7f.1:443", "127.0.0.1:443", uri.RepairHost}, {12, `\`, "/", uri.RepairSlash}}},
		{https, "//a.example:443/", "//a.example:443/", nil},
		// One "/" or "\\": relative slash state, then path state, the
		// base's host; RFC 3986 encodes the "\\" (and the path's "\\" is
		// "/" for the standard: the host is the same).
		{https, `/a\b c`, "/a%5Cb%20c", []ch{{2, `\`, "%5C", uri.RepairEncode}, {4, " ", "%20", uri.RepairEncode}}},
		{https, `\evil.com`, "%5Cevil.com", []ch{{0, `\`, "%5C", uri.RepairEncode}}},
		{https, "a b?c d", "a%20b?c%20d", []ch{{1, " ", "%20", uri.RepairEncode}, {5, " ", "%20", uri.RepairEncode}}},
		// A base that is not special: relative slash state, "//" goes to
		// the authority state, where "\\" is a code point like another,
		// so the last "@" ends the userinfo and the host is good.com, as
		// for RFC 3986.
		{other, `//evil.com\@good.com/`, "//evil.com%5C@good.com/", []ch{{10, `\`, "%5C", uri.RepairEncode}}},
		{other, `/\evil.com/`, "/%5Cevil.com/", []ch{{1, `\`, "%5C", uri.RepairEncode}}},
		// File base: a path keeps the empty host.
		{file, "a b", "a%20b", []ch{{1, " ", "%20", uri.RepairEncode}}},
		// Scheme state: with the base's special scheme, special relative
		// or authority state, then relative state: "http:evil.com/x" is
		// a path against the page, whose host it keeps (without a base
		// it is http://evil.com/x); two slashes begin the authority.
		{http, "http:evil.com/a b", "http:evil.com/a%20b", []ch{{15, " ", "%20", uri.RepairEncode}}},
		{http, `http:\\evil.com\@good.com/`, "http://evil.com/@good.com/", []ch{{5, `\\`, "//", uri.RepairSlash}, {15, `\`, "/", uri.RepairSlash}}},
		{http, "https:evil.com/", "https://evil.com/", []ch{{6, "", "//", uri.RepairSlash}}},
		// A first segment holding ":" after text that is no scheme:
		// scheme start state (not an ASCII letter) or scheme state (a
		// code point a scheme cannot hold) goes to no scheme state, and
		// the text is a path against the base. RFC 3986, section 4.2:
		// "Such a segment must be preceded by a dot-segment (e.g.,
		// "./this:that")"; section 5.2.4 removes "./" again.
		{http, ":foo.com/", "./:foo.com/", []ch{{0, "", "./", uri.RepairDotSegment}}},
		{http, "\t   :foo.com   \n", "./:foo.com", []ch{{0, "\t   ", "", uri.RepairTrim}, {4, "", "./", uri.RepairDotSegment}, {12, "   \n", "", uri.RepairTrim}}},
		{http, "::23", "./::23", []ch{{0, "", "./", uri.RepairDotSegment}}},
		{http, ":#", "./:#", []ch{{0, "", "./", uri.RepairDotSegment}}},
		{https, "[61:24:74]:98", "./%5B61:24:74%5D:98", []ch{{0, "", "./", uri.RepairDotSegment}, {0, "[", "%5B", uri.RepairDelimiter}, {9, "]", "%5D", uri.RepairDelimiter}}},
		{file, "10.0.0.7:8080/foo.html", "./10.0.0.7:8080/foo.html", []ch{{0, "", "./", uri.RepairDotSegment}}},
		{other, "a b:c", "./a%20b:c", []ch{{0, "", "./", uri.RepairDotSegment}, {1, " ", "%20", uri.RepairEncode}}},
		// "a/b:c" has its ":" past the first segment.
		{http, "a/b:c", "a/b:c", nil},
	} {
		var u uri.URI
		var changes []uri.Change
		var err error
		base := RepairBase
		if c.base == https {
			u, changes, err = Repair(c.in)
		} else {
			base = c.base
			u, changes, err = RepairRef(uri.Options{}, c.in, MustParse(c.base))
		}
		if err != nil || u.String() != c.want {
			t.Errorf("RepairRef(%q, %q) = %q, %v; want %q", c.in, base, u, err, c.want)
			continue
		}
		if len(changes) != len(c.changes) {
			t.Errorf("RepairRef(%q, %q) changes = %v, want %v", c.in, base, changes, c.changes)
			continue
		}
		for k, w := range c.changes {
			g := changes[k]
			if g.Offset != w.off || g.Old != w.old || g.New != w.new || g.Kind != w.kind {
				t.Errorf("RepairRef(%q, %q) change %d = %v, want %+v", c.in, base, k, g, w)
			}
		}
	}

	// Errors.
	for _, c := range []struct {
		base, in string
		err      error
		cause    error
		off      int
	}{
		// Host parsing: a space is a forbidden domain code point.
		{https, "//exa mple.com/", ErrRejected, ErrDomainInvalidCodePoint, 5},
		// Host state: in a special URL an empty host is a failure.
		{https, `\\`, ErrRejected, ErrHostMissing, 2},
		{https, "//u@/x", ErrRejected, ErrHostMissing, 4},
		// No scheme state: without a base, failure.
		{"none", "/x", ErrRejected, ErrMissingScheme, 0},
		{"none", "//evil.com/", ErrRejected, ErrMissingScheme, 0},
		// File state and file slash state: "\\" is "/", so the file host
		// state reads the host "host"; RFC 3986 reads a path, which
		// against the base has the empty host.
		{file, `\\host\x`, ErrOtherDestination, nil, 0},
	} {
		var err error
		switch c.base {
		case https:
			_, _, err = Repair(c.in)
		case "none":
			_, _, err = RepairRef(uri.Options{}, c.in, URL{})
		default:
			_, _, err = RepairRef(uri.Options{}, c.in, MustParse(c.base))
		}
		var e *uri.Error
		if !errors.As(err, &e) || !errors.Is(err, c.err) || (c.cause != nil && !errors.Is(err, c.cause)) || e.Input != c.in || e.Offset != c.off {
			t.Errorf("RepairRef(%q, %q) = %v, want %v (%v) at %d", c.in, c.base, err, c.err, c.cause, c.off)
		}
	}
}

// TestRepairAllocation holds Repair to at most 4 bytes allocated per byte
// of input (runtime.MemStats.TotalAlloc), as the root package's
// TestRepairAllocation holds uri.Repair, on the same shapes at 1 MiB, with
// and without the URL Standard's rejection: uri.Repair's result, and the
// URL Standard's host and port read without serializing the URL again.
// Before: a host of "éa." labels, which IDNA maps, took 35 bytes a byte
// (golang.org/x/net/idna's copies, in the parser and in uri.Repair).
func TestRepairAllocation(t *testing.T) {
	const n = 1 << 20
	all := append(shapes.Pathological(), shapes.Changes()...)
	// The IDNA host after "\\" slashes, which Repair writes "//".
	all = append(all, shapes.Shape{Name: "idna-host-slashes", Make: func(n int) string {
		return "http:\\\\" + strings.Repeat("\u00e9a.", (n-8)/4) + "\\"
	}})
	for _, sh := range all {
		name, in := sh.Name, sh.Make(n)
		var m0, m1 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m0)
		_, _, err := Repair(in)
		runtime.ReadMemStats(&m1)
		alloc := m1.TotalAlloc - m0.TotalAlloc
		if alloc > 4*uint64(len(in)) {
			t.Errorf("%s: %d bytes allocated for %d of input (%.2f a byte, err %v), want at most 4 a byte",
				name, alloc, len(in), float64(alloc)/float64(len(in)), err)
		}
	}
}

// sameRef fails t unless u, the repair of s against base, resolves by the URL Standard against base to the scheme,
// host and port that s does; s must parse against base (Repair fails
// where the standard does).
func sameRef(t *testing.T, s string, u uri.URI, base string) {
	t.Helper()
	w, err := ParseWithBase(s, base)
	if err != nil {
		t.Fatalf("Repair(%q) against %q = %q, but the URL Standard rejects it: %v", s, base, u, err)
	}
	v, err := ParseWithBase(u.String(), base)
	if err != nil || v.Protocol() != w.Protocol() || v.Hostname() != w.Hostname() || v.Port() != w.Port() {
		t.Fatalf("Repair(%q) against %q = %q, which resolves to %q (%v), not to %q's host %q", s, base, u, v.Href(), err, w.Href(), w.Host())
	}
}

// TestRepairRefWPT: over every case of the WPT's urltestdata.json with a
// base and an input without a scheme or with a special one, RepairRef against the base fails
// with ErrRejected where the data say failure, and otherwise either makes
// a reference that the URL Standard resolves against the base to the
// data's protocol, hostname and port, or fails.
func TestRepairRefWPT(t *testing.T) {
	repaired, refused := 0, 0
	for _, c := range loadURLCases(t) {
		if c.Base == nil {
			continue
		}
		if colon, scheme := schemeOf(c.Input); colon >= 0 && !IsSpecial(scheme) {
			continue
		}
		base, err := Parse(*c.Base)
		if err != nil {
			continue // the data's failure is the base's
		}
		u, _, err := RepairRef(uri.Options{}, c.Input, base)
		switch {
		case c.Failure:
			if !errors.Is(err, ErrRejected) {
				t.Errorf("RepairRef(%q, %q) = %q, %v; WPT: failure", c.Input, *c.Base, u, err)
			}
		case err != nil:
			refused++
			t.Logf("refused: %q against %q: %v", c.Input, *c.Base, err)
			if errors.Is(err, ErrRejected) {
				t.Errorf("RepairRef(%q, %q): %v, but WPT parses it", c.Input, *c.Base, err)
			}
		default:
			v, err := ParseRef(u.String(), base)
			if err != nil || v.Protocol() != c.Protocol || v.Hostname() != c.Hostname || v.Port() != c.Port {
				t.Errorf("RepairRef(%q, %q) = %q, which resolves to %q (%v); WPT: %s//%s port %q", c.Input, *c.Base, u, v.Href(), err, c.Protocol, c.Hostname, c.Port)
				continue
			}
			repaired++
		}
	}
	t.Logf("urltestdata.json, without a scheme or with a special one, with a base: %d repaired to the same destination, %d refused", repaired, refused)
	// 240 of the 245 cases of testdata's urltestdata.json: the five
	// refused are file bases with a "\" or "|" that RFC 3986 cannot keep.
	if repaired < 240 {
		t.Errorf("only %d cases repaired", repaired)
	}
}

// FuzzDestinationOf: the host and port that Repair compares, read without
// serializing the URL and with a hint, are Parse's Hostname and Port, and
// it fails where Parse fails, with Parse's error; whatever the hint (the
// host uri.Repair writes, Parse's, or another).
func FuzzDestinationOf(f *testing.F) {
	for _, s := range []string{"http://\u00e9a.\u00e9a./", "http://a@b@\u00e9a.x:80/", "http://Bücher.example:8080\\x",
		"http://\u00e9a.1/", "https://x\u00e9.0x7f/", "http://\u05d0.x/", "http://a\u00ad.\u00e9/", "ws://faß.de?x", "http://@\u00e9/"} {
		f.Add(s, "")
	}
	f.Add("http://\u00e9a/", "xn--a-9fa")
	f.Add("http://\u00e9a/", "xn--a-9fa.")
	f.Fuzz(func(t *testing.T, s, other string) {
		w, werr := Parse(s)
		hints := []string{"", other, w.Hostname()}
		if u, _, err := uri.Repair(s); err == nil {
			hints = append(hints, u.Host())
		}
		for _, hint := range hints {
			d, err := destinationOf(s, nil, hint)
			if (err != nil) != (werr != nil) || err != nil && err.Error() != werr.Error() {
				t.Fatalf("destinationOf(%q, %q): %v; Parse: %v", s, hint, err, werr)
			}
			if err == nil && (d.host != w.Hostname() || d.port != w.Port()) {
				t.Fatalf("destinationOf(%q, %q) = %q, %q; Parse: %q, %q", s, hint, d.host, d.port, w.Hostname(), w.Port())
			}
		}
	})
}
