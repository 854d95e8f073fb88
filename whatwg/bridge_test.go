package whatwg

import (
	"testing"

	"github.com/ferret-go/uri"
)

// One test per row of the table "Two standards" in doc.go: the same string
// read by RFC 3986 (package uri) and by the URL Standard. The expected
// readings come from the two standards: RFC 3986's grammar (Appendix A)
// parses without changing anything, the URL Standard's parser normalizes.
func TestTwoStandards(t *testing.T) {
	type rfcReading struct {
		valid              bool
		scheme, host, port string
		path, query        string
		hasAuthority       bool
	}
	for _, c := range []struct {
		row, input string
		whatwg     string // href, "" for failure
		rfc        rfcReading
	}{
		{"backslash", `http:\\example.com\a\b`, "http://example.com/a/b", rfcReading{}},
		{"tab and newline", "http://exa\tmple.com/a\nb", "http://example.com/ab", rfcReading{}},
		{"leading and trailing C0 or space", " http://example.com/\x01", "http://example.com/", rfcReading{}},
		{"special-scheme slashes, none", "http:example.com/a", "http://example.com/a",
			rfcReading{valid: true, scheme: "http", path: "example.com/a"}},
		{"special-scheme slashes, three", "http:///example.com/a", "http://example.com/a",
			rfcReading{valid: true, scheme: "http", hasAuthority: true, path: "/example.com/a"}},
		{"IPv4 number forms", "http://0x7f.1/", "http://127.0.0.1/",
			rfcReading{valid: true, scheme: "http", hasAuthority: true, host: "0x7f.1", path: "/"}},
		{"IPv4 out of range", "http://256.256.256.256/", "",
			rfcReading{valid: true, scheme: "http", hasAuthority: true, host: "256.256.256.256", path: "/"}},
		{"default port", "http://example.com:80/", "http://example.com/",
			rfcReading{valid: true, scheme: "http", hasAuthority: true, host: "example.com", port: "80", path: "/"}},
		{"port over 65535", "http://example.com:99999/", "",
			rfcReading{valid: true, scheme: "http", hasAuthority: true, host: "example.com", port: "99999", path: "/"}},
		{"empty path of a special URL", "http://example.com", "http://example.com/",
			rfcReading{valid: true, scheme: "http", hasAuthority: true, host: "example.com"}},
		{"dot segments", "http://example.com/a/./b/../c", "http://example.com/a/c",
			rfcReading{valid: true, scheme: "http", hasAuthority: true, host: "example.com", path: "/a/./b/../c"}},
		{"case of scheme and host", "HTTP://EXAMPLE.com/A", "http://example.com/A",
			rfcReading{valid: true, scheme: "HTTP", hasAuthority: true, host: "EXAMPLE.com", path: "/A"}},
		{"percent-encode sets: space and braces", "http://example.com/a b/{c}", "http://example.com/a%20b/%7Bc%7D", rfcReading{}},
		{"percent-encode sets: quote in a special query", "http://example.com/?a'b", "http://example.com/?a%27b",
			rfcReading{valid: true, scheme: "http", hasAuthority: true, host: "example.com", path: "/", query: "a'b"}},
		{"percent-encode sets: quote in a non-special query", "sc://example.com/?a'b", "sc://example.com/?a'b",
			rfcReading{valid: true, scheme: "sc", hasAuthority: true, host: "example.com", path: "/", query: "a'b"}},
		{"percent-encoded host", "http://%65xample.com/", "http://example.com/",
			rfcReading{valid: true, scheme: "http", hasAuthority: true, host: "%65xample.com", path: "/"}},
		{"IDNA", "http://☕.example/", "http://xn--53h.example/", rfcReading{}},
		{"IDNA of an ASCII host", "http://xn--ls8h.example/", "http://xn--ls8h.example/",
			rfcReading{valid: true, scheme: "http", hasAuthority: true, host: "xn--ls8h.example", path: "/"}},
		{"opaque path keeps a space", "mailto:a b@example.com", "mailto:a b@example.com", rfcReading{}},
		{"windows drive letter", "file:c|/x", "file:///c:/x", rfcReading{}},
	} {
		u, err := Parse(c.input)
		switch {
		case c.whatwg == "" && err == nil:
			t.Errorf("%s: whatwg.Parse(%q) = %q, want failure", c.row, c.input, u.Href())
		case c.whatwg != "" && (err != nil || u.Href() != c.whatwg):
			t.Errorf("%s: whatwg.Parse(%q) = %q, %v; want %q", c.row, c.input, u.Href(), err, c.whatwg)
		}
		v, err := uri.Parse(c.input)
		if !c.rfc.valid {
			if err == nil {
				t.Errorf("%s: uri.Parse(%q) = %q, want an error", c.row, c.input, v)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: uri.Parse(%q): %v", c.row, c.input, err)
			continue
		}
		got := rfcReading{true, v.Scheme(), v.Host(), v.Port(), v.Path(), v.Query(), v.HasAuthority()}
		if got != c.rfc {
			t.Errorf("%s: uri.Parse(%q) = %+v, want %+v", c.row, c.input, got, c.rfc)
		}
		// Through the bridge, the RFC reading goes back to the URL
		// Standard's.
		if w, err := FromURI(v, URL{}); c.whatwg != "" && (err != nil || w.Href() != c.whatwg) {
			t.Errorf("%s: FromURI(%q) = %q, %v; want %q", c.row, v, w.Href(), err, c.whatwg)
		}
	}
}

func TestURIBridge(t *testing.T) {
	u := MustParse("https://user@example.com:8443/a%20b?q=1#f")
	v, err := u.URI()
	if err != nil {
		t.Fatal(err)
	}
	if v.String() != u.Href() || v.Host() != "example.com" || v.Port() != "8443" || v.Userinfo() != "user" {
		t.Errorf("URI() = %q host %q port %q", v, v.Host(), v.Port())
	}
	// An href with "|" in the query is a URL but not an RFC 3986 URI.
	if _, err := MustParse("http://h/?a|b").URI(); err == nil {
		t.Errorf("URI of an href with | succeeded")
	}
	base := MustParse("http://h/a/b")
	ref, _ := uri.Parse("../c?d")
	if w, err := FromURI(ref, base); err != nil || w.Href() != "http://h/c?d" {
		t.Errorf("FromURI relative = %q, %v", w.Href(), err)
	}
}
