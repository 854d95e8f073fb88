package lint

import (
	"errors"
	"strings"
	"testing"

	"github.com/ferret-go/uri"
	"github.com/ferret-go/uri/readers"
)

// want is one expected claim of a finding: the reader's name, the host
// it reads, or that it rejects the input.
type wantClaim struct {
	reader, host string
	rejects      bool
}

// TestReadersDisagree checks the finding that names the readers of
// Options.Readers reading another host than RFC 3986, or rejecting. The
// hosts of the emulated readers are those the real parsers gave, recorded
// in package readers' tables: readers/python_test.go (Python 3.11.2),
// node_url_test.go (Node 20.20.2), php_test.go (PHP 8.2.36) and
// testdata/table-{curl,curl_guess,java}.json (libcurl 7.88.1, OpenJDK
// 17.0.15). RFC 3986's host is the decoded reg-name (section 3.2.2);
// net/url rejects a "%" escape in a host other than an IP-literal's zone
// (golang/go#23911 keeps it); the URL Standard's host parser percent-decodes
// the host and fails on a forbidden domain code point (U+0000) and
// serializes an IPv4 address in dotted decimal ("0x7f.1" is 127.0.0.1).
func TestReadersDisagree(t *testing.T) {
	for _, tc := range []struct {
		in      string
		readers []string
		code    Code // "" for no finding from the readers
		sev     Severity
		comp    uri.Component
		claims  []wantClaim
	}{
		{"http://a%00b/", []string{"all"}, CodeDifferential, High, uri.ComponentHost, []wantClaim{
			{ReaderRFC3986, "a\x00b", false}, {ReaderNetURL, "", true}, {ReaderWHATWG, "", true},
			// libcurl: "Bad hostname (21)"
			{"curl", "", true}, {"curl_guess", "", true},
			{"python", "a%00b", false}, {"node_url", "a", false},
			// java.net.URI: a registry-based authority, getHost() null
			{"java", "", false}, {"php", "a%00b", false}}},
		// Python and PHP read the host as written, which RFC 3986 compares
		// without case: no finding. Node's url.parse maps it its own way.
		{"http://bücher.DE/", []string{"python", "php"}, "", 0, 0, nil},
		{"http://bücher.DE/", []string{"node_url"}, CodeDifferential, High, uri.ComponentHost, []wantClaim{
			{ReaderRFC3986, "bücher.DE", false}, {ReaderNetURL, "bücher.DE", false}, {ReaderWHATWG, "xn--bcher-kva.de", false},
			{"node_url", "xn--b14cher-xwa2143e.de", false}}},
		{"http://0x7f.1/", []string{"curl", "java"}, CodeDifferential, High, uri.ComponentHost, []wantClaim{
			{ReaderRFC3986, "0x7f.1", false}, {ReaderNetURL, "0x7f.1", false}, {ReaderWHATWG, "127.0.0.1", false},
			{"curl", "127.0.0.1", false}, {"java", "", false}}},
		// Node's url.parse reads an authority after any scheme's ":".
		{"mailto:a@b.c", []string{"python", "php", "node_url"}, CodeDifferential, High, uri.ComponentHost, []wantClaim{
			{ReaderRFC3986, "", false}, {ReaderNetURL, "", false}, {ReaderWHATWG, "", false},
			{"node_url", "b.c", false}}},
		// An "@" encoded in the userinfo: every reader goes to good.com.
		{"http://evil.com%2f@good.com/", []string{"curl", "curl_guess", "java"}, "", 0, 0, nil},
		// Invalid by RFC 3986: what each reads, in the CodeInvalid finding.
		{`http://a\@b`, []string{"curl", "java"}, CodeInvalid, Medium, uri.ComponentUserinfo, []wantClaim{
			{ReaderRFC3986, "", true}, {ReaderNetURL, "", true}, {ReaderWHATWG, "a", false},
			{"curl", "b", false}, {"java", "", true}}},
		{"http://example.com/", []string{"all"}, "", 0, 0, nil},
	} {
		rs, err := ReadersNamed(tc.readers...)
		if err != nil {
			t.Fatal(err)
		}
		base := Lint(tc.in)
		got := Options{Readers: rs}.Lint(tc.in)
		if tc.code == "" {
			if len(got) != len(base) {
				t.Errorf("Lint(%q) with %v = %v, want what Lint finds: %v", tc.in, tc.readers, got, base)
			}
			continue
		}
		var f *Finding
		for i := range got {
			if got[i].Code == tc.code && got[i].Component == tc.comp {
				f = &got[i]
			}
		}
		if f == nil || f.Severity != tc.sev || len(f.Claims) != len(tc.claims) {
			t.Errorf("Lint(%q) with %v = %v, want a %v %s finding on %v with %d claims", tc.in, tc.readers, got, tc.sev, tc.code, tc.comp, len(tc.claims))
			continue
		}
		for i, w := range tc.claims {
			c := f.Claims[i]
			if c.Reader != w.reader || c.Value != w.host || c.Rejects != w.rejects || !c.Rejects && c.Component != uri.ComponentHost {
				t.Errorf("Lint(%q) with %v: claim %d = %+v, want %+v", tc.in, tc.readers, i, c, w)
			}
			if !strings.Contains(f.Message, c.readerName()) {
				t.Errorf("Lint(%q): %q does not name %s", tc.in, f.Message, c.Reader)
			}
		}
	}
}

// TestReadersDefault checks that Lint without Options.Readers names no
// reader of package readers: the default set is RFC 3986, net/url and the
// URL Standard.
func TestReadersDefault(t *testing.T) {
	for _, s := range []string{"http://a%00b/", "mailto:a@b.c", `http://a\@b`, "http://0x7f.1/"} {
		for _, f := range Lint(s) {
			for _, c := range f.Claims {
				if _, ok := readers.ByName(c.Reader); ok {
					t.Errorf("Lint(%q): %v names %s", s, f, c.Reader)
				}
			}
		}
	}
}

func TestReadersNamed(t *testing.T) {
	for _, tc := range []struct {
		names []string
		want  []string
	}{
		{nil, nil},
		{[]string{NameRFC3986, NameWHATWG, NameNetURL}, nil},
		{[]string{"python", "php", "python"}, []string{"python", "php"}},
		{[]string{"java", "all"}, []string{"java", "curl", "curl_guess", "python", "node_url", "php"}},
	} {
		rs, err := ReadersNamed(tc.names...)
		var got []string
		for _, r := range rs {
			got = append(got, r.Name)
			if r.Read == nil {
				t.Errorf("ReadersNamed(%q): %s reads nothing", tc.names, r.Name)
			}
		}
		if err != nil || strings.Join(got, ",") != strings.Join(tc.want, ",") {
			t.Errorf("ReadersNamed(%q) = %q, %v; want %q", tc.names, got, err, tc.want)
		}
	}
	for _, n := range []string{"chrome", "", "Python", "net/url"} {
		if rs, err := ReadersNamed("python", n); !errors.Is(err, ErrUnknownReader) || rs != nil || !strings.Contains(err.Error(), "node_url") {
			t.Errorf("ReadersNamed(python, %q) = %v, %v; want ErrUnknownReader listing the names", n, rs, err)
		}
	}
}

// TestPolicyReaders checks that a Policy with Readers rejects a URL one of
// them reads with another host (Node 20's url.parse, recorded in
// readers/node_url_test.go), and allows it without.
func TestPolicyReaders(t *testing.T) {
	const s = "http://bücher.DE/"
	if _, err := (Policy{}).Check(s); err != nil {
		t.Fatalf("Policy{}.Check(%q) = %v", s, err)
	}
	rs, err := ReadersNamed("node_url")
	if err != nil {
		t.Fatal(err)
	}
	_, err = Policy{Readers: rs}.Check(s)
	var pe *PolicyError
	if !errors.As(err, &pe) || pe.Finding == nil || pe.Finding.Code != CodeDifferential || !strings.Contains(pe.Finding.Message, "node_url") {
		t.Errorf("Policy{Readers: node_url}.Check(%q) = %v, want a differential naming node_url", s, err)
	}
	rs, _ = ReadersNamed("python", "php")
	if _, err := (Policy{Readers: rs}).Check(s); err != nil {
		t.Errorf("Policy{Readers: python, php}.Check(%q) = %v", s, err)
	}
}

// TestEmulated checks the adapter: an IPv6 host loses its brackets, a
// rejection is one, and a reader without Read reads nothing.
func TestEmulated(t *testing.T) {
	py, _ := readers.ByName("python")
	r := Emulated(py)
	if got := r.Read("http://[::1]:8080/"); got.Err != nil || got.Host != "::1" || got.Port != "8080" || r.Name != "python" {
		t.Errorf("Emulated(python).Read = %+v", got)
	}
	// Python 3.11: "Port could not be cast to integer value as '80:81'".
	if got := r.Read("http://[::1]:80:81/"); got.Err == nil {
		t.Errorf("Emulated(python) accepts a port of 80:81: %+v", got)
	}
	if e := Emulated(readers.Reader{Name: "x"}); e.Read != nil {
		t.Errorf("Emulated of a reader without Read has Read")
	}
}
