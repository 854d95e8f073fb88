package uri

import (
	"database/sql"
	"database/sql/driver"
	"encoding"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"reflect"
	"strings"
	"testing"
)

var (
	_ fmt.Stringer             = URI{}
	_ encoding.TextMarshaler   = URI{}
	_ encoding.TextUnmarshaler = (*URI)(nil)
	_ sql.Scanner              = (*URI)(nil)
	_ driver.Valuer            = URI{}
)

// netURLExamples are the URIs of RFC 3986, sections 1.1.2 and 5.4 (the base and
// the results of resolution), verbatim.
var netURLExamples = []string{
	"ftp://ftp.is.co.za/rfc/rfc1808.txt",
	"http://www.ietf.org/rfc/rfc2396.txt",
	"ldap://[2001:db8::7]/c=GB?objectClass?one",
	"mailto:John.Doe@example.com",
	"news:comp.infosystems.www.servers.unix",
	"tel:+1-816-555-1212",
	"telnet://192.0.2.16:80/",
	"urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
	"foo://example.com:8042/over/there?name=ferret#nose",
	"urn:example:animal:ferret:nose",
	"http://a/b/c/d;p?q",
	"g:h", "http://a/b/c/g", "http://a/b/c/g/", "http://a/g", "http://g",
	"http://a/b/c/d;p?y", "http://a/b/c/g?y", "http://a/b/c/d;p?q#s",
	"http://a/b/c/g#s", "http://a/b/c/g?y#s", "http://a/b/c/;x",
	"http://a/b/c/g;x", "http://a/b/c/g;x?y#s", "http://a/b/c/", "http://a/b/",
	"http://a/b/g", "http://a/", "http://a/g", "http://a/b/c/g.", "http://a/b/c/.g",
	"http://a/b/c/g..", "http://a/b/c/..g", "http://a/b/g", "http://a/b/c/g/h",
	"http://a/b/c/h", "http://a/b/c/g;x=1/y", "http://a/b/c/y", "http://a/b/c/g?y/./x",
	"http://a/b/c/g?y/../x", "http://a/b/c/g#s/./x", "http://a/b/c/g#s/../x", "http:g",
	// The relative references of section 5.4, which are URI references too.
	"g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s", "g#s", "g?y#s", ";x", "g;x",
	"g;x?y#s", "", ".", "./", "..", "../", "../g", "../..", "../../", "../../g",
	"../../../g", "../../../../g", "/./g", "/../g", "g.", ".g", "g..", "..g",
	"./../g", "./g/.", "g/./h", "g/../h", "g;x=1/./y", "g;x=1/../y", "g?y/./x",
	"g?y/../x", "g#s/./x", "g#s/../x",
}

// TestURLRoundTrip converts the RFC's examples to net/url and back: they hold
// nothing net/url loses, so they come back unchanged.
func TestURLRoundTrip(t *testing.T) {
	for _, s := range netURLExamples {
		u := MustParse(s)
		v, err := u.URL()
		if err != nil {
			t.Errorf("URL(%q): %v", s, err)
			continue
		}
		w, err := url.Parse(s)
		if err != nil || !reflect.DeepEqual(v, w) {
			t.Errorf("URL(%q) = %#v, url.Parse gives %#v, %v", s, v, w, err)
		}
		back, err := FromURL(v)
		if err != nil || back != u {
			t.Errorf("FromURL(URL(%q)) = %q, %v", s, back, err)
		}
	}
}

// TestURLCorpus checks on the URL lists of testdata/urls that URL gives
// exactly url.Parse's value where url.Parse accepts the text, and that
// converting back gives the same URI except for the documented losses.
func TestURLCorpus(t *testing.T) {
	for _, name := range urlLists {
		var n, same, lossy, refused int
		for _, s := range readURLList(t, name) {
			u, err := Parse(s)
			if err != nil {
				continue
			}
			n++
			v, err := u.URL()
			w, werr := url.Parse(s)
			switch {
			case werr == nil && (err != nil || !reflect.DeepEqual(v, w)):
				t.Errorf("%s: URL(%q) = %#v, %v; url.Parse gives %#v", name, s, v, err, w)
				continue
			case err != nil:
				refused++
				continue
			}
			back, err := FromURL(v)
			if err != nil {
				t.Errorf("%s: FromURL(URL(%q)) error %v", name, s, err)
				continue
			}
			if back == u {
				same++
				continue
			}
			lossy++
			if !documentedLoss(u, back) {
				t.Errorf("%s: %q came back from net/url as %q", name, s, back)
			}
		}
		t.Logf("%s: %d valid, %d unchanged through net/url, %d with a documented loss, %d refused by net/url", name, n, same, lossy, refused)
	}
}

// documentedLoss reports whether back differs from u only as the package
// doc of URL says net/url can make it differ.
func documentedLoss(u, back URI) bool {
	// Normalize what net/url is documented to lose or rewrite, on both sides.
	norm := func(x URI) string {
		b := new(Builder).SetScheme(strings.ToLower(x.Scheme())).SetDecodedPath(x.DecodedPath()).SetQuery(x.Query())
		if x.HasUserinfo() {
			b.SetDecodedUserinfo(x.DecodedUserinfo())
		}
		if x.HasAuthority() && !(x.Host() == "" && x.Path() == "" && !x.HasUserinfo() && !x.HasPort()) {
			// "foo://" and "//" lose their empty authority.
			b.SetDecodedHost(x.DecodedHost())
		}
		if p, ok := x.PortNumber(); ok {
			b.SetPortNumber(p)
		}
		if !x.HasQuery() {
			b.RemoveQuery()
		}
		if x.Fragment() != "" {
			b.SetDecodedFragment(x.DecodedFragment())
		}
		v, err := b.Build()
		if err != nil {
			return "error: " + err.Error()
		}
		return v.String()
	}
	return norm(u) == norm(back)
}

func TestURLRefused(t *testing.T) {
	for _, s := range []string{"http://a%2Fb/", "http://a%00b/", "http://%3A/", "http://a%20b/"} {
		v, err := MustParse(s).URL()
		var ue *url.Error
		if v != nil || !errors.As(err, &ue) {
			t.Errorf("URL(%q) = %v, %v, want nil and a *url.Error", s, v, err)
		}
	}
}

func TestFromURL(t *testing.T) {
	tests := []struct {
		v    *url.URL
		want string
		err  error
	}{
		{nil, "", nil},
		{&url.URL{}, "", nil},
		{&url.URL{Scheme: "http", Host: "example.com", Path: "/a b", RawQuery: "x=1"}, "http://example.com/a%20b?x=1", nil},
		{&url.URL{Scheme: "mailto", Opaque: "fred@example.com"}, "mailto:fred@example.com", nil},
		{&url.URL{Path: "a:b"}, "./a:b", nil}, // net/url writes "./" before a colon segment
		{&url.URL{Scheme: "http", Host: "[::1]:80", Path: "/"}, "http://[::1]:80/", nil},
		{&url.URL{Scheme: "http", User: url.UserPassword("a b", "c@d"), Host: "h"}, "http://a%20b:c%40d@h", nil},
		{&url.URL{Scheme: "http", Host: "h", Fragment: "a b"}, "http://h#a%20b", nil},
		{&url.URL{Scheme: "http", Host: "[fe80::1%en0]", Path: "/"}, "", ErrInvalidIPv6},
		{&url.URL{Scheme: "http", Host: "h", RawQuery: "a b"}, "", ErrInvalidCharacter},
		{&url.URL{Scheme: "x", Opaque: "a b"}, "", ErrInvalidCharacter},
		{&url.URL{Scheme: "http", Host: "a<b"}, "", ErrInvalidCharacter},
	}
	for _, tt := range tests {
		u, err := FromURL(tt.v)
		if tt.err != nil {
			var e *Error
			if !errors.Is(err, tt.err) || !errors.As(err, &e) {
				t.Errorf("FromURL(%v) = %q, %v, want an *Error matching %v", tt.v, u, err, tt.err)
			}
			continue
		}
		if err != nil || u.String() != tt.want {
			t.Errorf("FromURL(%v) = %q, %v, want %q", tt.v, u, err, tt.want)
		}
	}
}

func TestJSON(t *testing.T) {
	type doc struct {
		Home URI  `json:"home"`
		Link *URI `json:"link,omitempty"`
	}
	in := doc{Home: MustParse("http://example.com/a%20b?q#f")}
	b, err := json.Marshal(in)
	if want := `{"home":"http://example.com/a%20b?q#f"}`; err != nil || string(b) != want {
		t.Fatalf("json.Marshal = %s, %v, want %s", b, err, want)
	}
	var out doc
	if err := json.Unmarshal([]byte(`{"home":"http://example.com/a%20b?q#f","link":"../x"}`), &out); err != nil {
		t.Fatal(err)
	}
	if out.Home != in.Home || out.Link == nil || out.Link.String() != "../x" {
		t.Errorf("json.Unmarshal = %+v", out)
	}
	err = json.Unmarshal([]byte(`{"home":"http://a b/"}`), &out)
	if !errors.Is(err, ErrInvalidCharacter) {
		t.Errorf("json.Unmarshal of an invalid URI: %v, want ErrInvalidCharacter", err)
	}
	// A map key works through TextMarshaler too.
	m := map[URI]int{MustParse("urn:a"): 1}
	if b, err := json.Marshal(m); err != nil || string(b) != `{"urn:a":1}` {
		t.Errorf("json.Marshal(map) = %s, %v", b, err)
	}
}

func TestFlagTextVar(t *testing.T) {
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var u URI
	fs.TextVar(&u, "endpoint", MustParse("http://localhost:8080/"), "the endpoint")
	if u.String() != "http://localhost:8080/" {
		t.Errorf("default = %q", u)
	}
	if err := fs.Parse([]string{"-endpoint", "https://example.com/api?v=2"}); err != nil {
		t.Fatal(err)
	}
	if u.String() != "https://example.com/api?v=2" {
		t.Errorf("flag value = %q", u)
	}
	if err := fs.Parse([]string{"-endpoint", "http://[::1"}); err == nil {
		t.Errorf("invalid flag value accepted: %q", u)
	}
	if fs.Lookup("endpoint").DefValue != "http://localhost:8080/" {
		t.Errorf("DefValue = %q", fs.Lookup("endpoint").DefValue)
	}
}

func TestStringer(t *testing.T) {
	u := MustParse("foo://example.com:8042/over/there?name=ferret#nose")
	if got := fmt.Sprint(u); got != u.String() {
		t.Errorf("fmt.Sprint = %q", got)
	}
	if got := fmt.Sprintf("%v|%s|%q", u, u, u); got != `foo://example.com:8042/over/there?name=ferret#nose|foo://example.com:8042/over/there?name=ferret#nose|"foo://example.com:8042/over/there?name=ferret#nose"` {
		t.Errorf("fmt verbs = %s", got)
	}
}

func TestSQLScan(t *testing.T) {
	var u URI
	if err := u.Scan("http://a/b"); err != nil || u.String() != "http://a/b" {
		t.Errorf("Scan(string) = %q, %v", u, err)
	}
	b := []byte("http://c/d")
	if err := u.Scan(b); err != nil || u.String() != "http://c/d" {
		t.Errorf("Scan([]byte) = %q, %v", u, err)
	}
	copy(b, "XXXX")
	if u.String() != "http://c/d" {
		t.Errorf("Scan kept the driver's buffer: %q", u)
	}
	for _, src := range []any{nil, 42, 1.5, true} {
		if err := u.Scan(src); err == nil || u.String() != "http://c/d" {
			t.Errorf("Scan(%v) = %q, %v, want an error and u unchanged", src, u, err)
		}
	}
	var e *Error
	if err := u.Scan(nil); !errors.Is(err, ErrScanNull) || !errors.As(err, &e) {
		t.Errorf("Scan(nil) = %v, want an *Error matching ErrScanNull", err)
	}
	if err := u.Scan(42); !errors.Is(err, ErrScanType) || !errors.As(err, &e) || !strings.Contains(err.Error(), "int") {
		t.Errorf("Scan(42) = %v, want an *Error matching ErrScanType that names int", err)
	}
	if err := u.Scan("http://a b/"); !errors.Is(err, ErrInvalidCharacter) || u.String() != "http://c/d" {
		t.Errorf("Scan(invalid) = %q, %v", u, err)
	}
	// NULL goes through sql.Null.
	var n sql.Null[URI]
	if err := n.Scan(nil); err != nil || n.Valid {
		t.Errorf("sql.Null[URI].Scan(nil) = %+v, %v", n, err)
	}
	if err := n.Scan("urn:x"); err != nil || !n.Valid || n.V.String() != "urn:x" {
		t.Errorf("sql.Null[URI].Scan(urn:x) = %+v, %v", n, err)
	}
	v, err := MustParse("http://a/").Value()
	if s, ok := v.(string); err != nil || !ok || s != "http://a/" {
		t.Errorf("Value() = %#v, %v", v, err)
	}
	if !driver.IsValue(v) {
		t.Errorf("Value() = %#v is not a driver.Value", v)
	}
	if v, _ := (URI{}).Value(); v != "" {
		t.Errorf("zero URI Value() = %#v, want \"\"", v)
	}
}
