package viewer

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/ferret-go/uri"
)

// The expectations below come from the RFCs' own examples and grammar, not
// from what the code printed.

// component returns the row of the table called name.
func component(t *testing.T, r Report, name string) Component {
	t.Helper()
	for _, c := range r.Components {
		if c.Name == name {
			return c
		}
	}
	t.Fatalf("%q: no row %q in %+v", r.Input, name, r.Components)
	return Component{}
}

// panelRow returns the value and state of the row key of the panel id.
func panelRow(t *testing.T, r Report, id, key string) (string, string) {
	t.Helper()
	for _, p := range r.Panels {
		if p.ID != id {
			continue
		}
		for _, row := range p.Rows {
			if row.Key == key {
				return row.Value, row.State
			}
		}
		t.Fatalf("%q: panel %q has no row %q: %+v", r.Input, id, key, p.Rows)
	}
	t.Fatalf("%q: no panel %q", r.Input, id)
	return "", ""
}

func hasPanel(r Report, id string) bool {
	for _, p := range r.Panels {
		if p.ID == id {
			return true
		}
	}
	return false
}

// flatten joins the texts of the diagram's pieces and lists the names of
// the components, parts of the authority in brackets after it.
func flatten(ps []Piece) (text string, names []string) {
	for _, p := range ps {
		text += p.Text
		if p.Name != "" {
			names = append(names, p.Name)
		}
		if p.Parts != nil {
			t, n := flatten(p.Parts)
			if t != p.Text {
				names = append(names, "!parts "+t)
			}
			names = append(names, "["+strings.Join(n, " ")+"]")
		}
	}
	return text, names
}

// RFC 3986, section 3: the diagram of the example, with each component
// named, and the table of its components.
func TestSection3Example(t *testing.T) {
	const in = "foo://example.com:8042/over/there?name=ferret#nose"
	r := Analyze(in, "")
	if !r.OK || r.Error != nil {
		t.Fatalf("rejected: %+v", r.Error)
	}
	text, names := flatten(r.Diagram)
	if text != in {
		t.Errorf("the diagram's pieces make %q", text)
	}
	if got, want := strings.Join(names, " "), "scheme authority [host port] path query fragment"; got != want {
		t.Errorf("diagram names %q, want %q", got, want)
	}
	want := map[string]string{
		"scheme": "foo", "authority": "example.com:8042", "host": "example.com",
		"port": "8042", "path": "/over/there", "query": "name=ferret", "fragment": "nose",
	}
	for name, raw := range want {
		if c := component(t, r, name); !c.Present || c.Raw != raw {
			t.Errorf("%s: %+v, want %q", name, c, raw)
		}
	}
	if c := component(t, r, "userinfo"); c.Present || c.Decoded != nil {
		t.Errorf("userinfo: %+v, want absent", c)
	}
	if c := component(t, r, "port"); c.Note != "8042" {
		t.Errorf("port's number: %q", c.Note)
	}
	if r.Kind != "URI" || r.Form != "URI with a fragment" {
		t.Errorf("kind %q, form %q", r.Kind, r.Form)
	}
	if r.Host == nil || r.Host.Kind != "reg-name" || r.Host.Address != "" {
		t.Errorf("host %+v", r.Host)
	}
}

// RFC 3986, section 1.1.2: the example URIs, their hosts and paths.
func TestSection112Examples(t *testing.T) {
	for _, tc := range []struct {
		in, host, kind, addr, path string
	}{
		{"ftp://ftp.is.co.za/rfc/rfc1808.txt", "ftp.is.co.za", "reg-name", "", "/rfc/rfc1808.txt"},
		{"http://www.ietf.org/rfc/rfc2396.txt", "www.ietf.org", "reg-name", "", "/rfc/rfc2396.txt"},
		{"ldap://[2001:db8::7]/c=GB?objectClass?one", "[2001:db8::7]", "ipv6", "2001:db8::7", "/c=GB"},
		{"mailto:John.Doe@example.com", "", "", "", "John.Doe@example.com"},
		{"news:comp.infosystems.www.servers.unix", "", "", "", "comp.infosystems.www.servers.unix"},
		{"tel:+1-816-555-1212", "", "", "", "+1-816-555-1212"},
		{"telnet://192.0.2.16:80/", "192.0.2.16", "ipv4", "192.0.2.16", "/"},
		{"urn:oasis:names:specification:docbook:dtd:xml:4.1.2", "", "", "", "oasis:names:specification:docbook:dtd:xml:4.1.2"},
	} {
		r := Analyze(tc.in, "")
		if !r.OK {
			t.Errorf("%q rejected: %+v", tc.in, r.Error)
			continue
		}
		if text, _ := flatten(r.Diagram); text != tc.in {
			t.Errorf("%q: the diagram makes %q", tc.in, text)
		}
		host := component(t, r, "host")
		if host.Present != (tc.kind != "") || host.Raw != tc.host {
			t.Errorf("%q: host %+v, want %q", tc.in, host, tc.host)
		}
		switch {
		case tc.kind == "" && r.Host != nil:
			t.Errorf("%q: host %+v without an authority", tc.in, r.Host)
		case tc.kind != "" && (r.Host == nil || r.Host.Kind != tc.kind || r.Host.Address != tc.addr):
			t.Errorf("%q: host %+v, want %s %q", tc.in, r.Host, tc.kind, tc.addr)
		}
		if p := component(t, r, "path"); p.Raw != tc.path {
			t.Errorf("%q: path %q, want %q", tc.in, p.Raw, tc.path)
		}
		if r.Kind != "URI" || r.Form != "absolute-URI" {
			t.Errorf("%q: kind %q, form %q", tc.in, r.Kind, r.Form)
		}
	}
	// The query of the ldap example holds a "?", which is data there
	// (section 3.4).
	r := Analyze("ldap://[2001:db8::7]/c=GB?objectClass?one", "")
	if q := component(t, r, "query"); q.Raw != "objectClass?one" {
		t.Errorf("ldap query %q", q.Raw)
	}
	// The host of an IP-literal is decoded without its brackets.
	if h := component(t, r, "host"); h.Decoded == nil || *h.Decoded != "2001:db8::7" {
		t.Errorf("ldap decoded host %v", h.Decoded)
	}
}

// Absent is not empty (section 3): "?" and "#" with nothing after them
// are an empty query and fragment; ":" with no digits an empty port.
func TestAbsentAndEmpty(t *testing.T) {
	r := Analyze("http://a:/?#", "")
	for _, name := range []string{"port", "query", "fragment"} {
		if c := component(t, r, name); !c.Present || c.Raw != "" {
			t.Errorf("%s: %+v, want present and empty", name, c)
		}
	}
	if c := component(t, r, "userinfo"); c.Present {
		t.Errorf("userinfo: %+v, want absent", c)
	}
	// The empty pieces are in the diagram, the absent userinfo is not.
	_, names := flatten(r.Diagram)
	if got, want := strings.Join(names, " "), "scheme authority [host port] path query fragment"; got != want {
		t.Errorf("diagram names %q, want %q", got, want)
	}
	r = Analyze("http://a/", "")
	for _, name := range []string{"userinfo", "port", "query", "fragment"} {
		if c := component(t, r, name); c.Present {
			t.Errorf("%s: %+v, want absent", name, c)
		}
	}
	// The empty reference is valid (section 4.2): an empty path only.
	r = Analyze("", "")
	if !r.OK || r.Kind != "relative reference" {
		t.Errorf("empty reference: %+v", r)
	}
	if c := component(t, r, "path"); !c.Present || c.Raw != "" {
		t.Errorf("empty reference's path %+v", c)
	}
}

// Section 4.2: the three kinds of relative reference.
func TestRelativeForms(t *testing.T) {
	for in, form := range map[string]string{
		"//example.org/scheme-relative/URI/with/absolute/path/to/resource.txt": "network-path reference",
		"/relative/URI/with/absolute/path/to/resource.txt":                     "absolute-path reference",
		"relative/path/to/resource.txt":                                        "relative-path reference",
		"../../../resource.txt":                                                "relative-path reference",
	} {
		if r := Analyze(in, ""); r.Kind != "relative reference" || r.Form != form {
			t.Errorf("%q: %q %q, want %q", in, r.Kind, r.Form, form)
		}
	}
}

// Decoded forms (section 2.4): triplets decoded, segments kept apart.
func TestDecoded(t *testing.T) {
	r := Analyze("http://us%65r@a/x%2Fy/%7Efoo?a%20b#%00", "")
	if c := component(t, r, "userinfo"); *c.Decoded != "user" {
		t.Errorf("userinfo decoded %q", *c.Decoded)
	}
	if c := component(t, r, "path"); *c.Decoded != "/x/y/~foo" {
		t.Errorf("path decoded %q", *c.Decoded)
	}
	if c := component(t, r, "segments"); c.Raw != `["", "x%2Fy", "%7Efoo"]` || *c.Decoded != `["", "x/y", "~foo"]` {
		t.Errorf("segments %q decoded %q", c.Raw, *c.Decoded)
	}
	if c := component(t, r, "query"); *c.Decoded != "a b" {
		t.Errorf("query decoded %q", *c.Decoded)
	}
	// A decoded control is shown as an escape, and said to be.
	if c := component(t, r, "fragment"); *c.Decoded != `\x00` || !c.Escaped {
		t.Errorf("fragment decoded %q escaped %v", *c.Decoded, c.Escaped)
	}
}

// An invalid reference: the error, and the input cut around the offending
// byte for the caret. A space is allowed nowhere (section 2), "%" must be
// followed by two hexadecimal digits (section 2.1).
func TestErrorCaret(t *testing.T) {
	for _, tc := range []struct {
		in                string
		offset            int
		component, before string
		bad               string
	}{
		{"http://a b/", 8, "host", "http://a", " "},
		{"http://a/%zz", 9, "path", "http://a/", "%"},
		{"http://a:8o/", 10, "port", "http://a:8", "o"},
		{"1http://a/", 0, "scheme", "", "1"},
		{"http://a/é", 9, "path", "http://a/", "é"},
		{"http://a/#a#b", 11, "fragment", "http://a/#a", "#"},
	} {
		r := Analyze(tc.in, "")
		e := r.Error
		if r.OK || e == nil {
			t.Errorf("%q accepted", tc.in)
			continue
		}
		if e.Offset != tc.offset || e.Component != tc.component || e.Before != tc.before || e.Bad != tc.bad || e.Before+e.Bad+e.After != tc.in {
			t.Errorf("%q: %+v, want offset %d in %s, %q then %q", tc.in, e, tc.offset, tc.component, tc.before, tc.bad)
		}
		if !strings.Contains(e.Message, "offset") || e.Cause == "" {
			t.Errorf("%q: message %q cause %q", tc.in, e.Message, e.Cause)
		}
		if r.Diagram != nil || r.Components != nil || hasPanel(r, "normalized") {
			t.Errorf("%q: a rejected input has a diagram, components or a normal form", tc.in)
		}
	}
	// A control character is shown as an escape under the caret.
	if e := Analyze("a\tb", "").Error; e == nil || e.Bad != `\x09` {
		t.Errorf("tab: %+v", e)
	}
}

// RFC 3986, section 5.4: the examples of resolution against
// "http://a/b/c/d;p?q", and the shortest reference back to each target,
// which must resolve to it.
func TestSection54Resolution(t *testing.T) {
	const base = "http://a/b/c/d;p?q"
	for _, tc := range []struct{ ref, target, shortest string }{
		{"g", "http://a/b/c/g", "g"},
		{"./g", "http://a/b/c/g", "g"},
		{"g/", "http://a/b/c/g/", "g/"},
		{"/g", "http://a/g", "/g"},
		{"//g", "http://g", "//g"},
		{"?y", "http://a/b/c/d;p?y", "?y"},
		{"g?y", "http://a/b/c/g?y", "g?y"},
		{"#s", "http://a/b/c/d;p?q#s", "#s"},
		{"../g", "http://a/b/g", "../g"},
		{"../..", "http://a/", "/"},
		{"../../../g", "http://a/g", "/g"},
		{"g;x=1/../y", "http://a/b/c/y", "y"},
		{"", "http://a/b/c/d;p?q", ""},
	} {
		r := Analyze(tc.ref, base)
		if r.Base == nil || !r.Base.OK {
			t.Fatalf("base: %+v", r.Base)
		}
		target, state := panelRow(t, r, "resolution", "target")
		if target != tc.target || state != "" {
			t.Errorf("%q: target %q (%s), want %q", tc.ref, target, state, tc.target)
		}
		rel, _ := panelRow(t, r, "resolution", "relative")
		back, err := uri.MustParse(base).Resolve(uri.MustParse(rel))
		if err != nil || back.String() != tc.target {
			t.Errorf("%q: shortest reference %q resolves to %q, %v", tc.ref, rel, back, err)
		}
		if len(rel) > len(tc.shortest) {
			t.Errorf("%q: shortest reference %q, longer than %q", tc.ref, rel, tc.shortest)
		}
	}
}

// A base must be a URI with a scheme (section 5.1): a relative one is an
// error shown with its caret, and nothing is resolved.
func TestBadBase(t *testing.T) {
	r := Analyze("g", "/a/b")
	if r.Base == nil || r.Base.OK || r.Base.Error == nil {
		t.Fatalf("base /a/b: %+v", r.Base)
	}
	if _, state := panelRow(t, r, "resolution", "target"); state != "error" {
		t.Errorf("resolved against a relative base")
	}
	if r = Analyze("g", ""); r.Base != nil || hasPanel(r, "resolution") {
		t.Errorf("no base given, but %+v", r.Base)
	}
}

// Section 6.2.2's example of equivalent URIs and 6.2.3's of http.
func TestNormalized(t *testing.T) {
	for in, want := range map[string]string{
		"eXAMPLE://a/./b/../b/%63/%7bfoo%7d": "example://a/b/c/%7Bfoo%7D",
		"example://a/b/c/%7Bfoo%7D":          "example://a/b/c/%7Bfoo%7D",
		"http://example.com:80/":             "http://example.com/",
		"http://example.com":                 "http://example.com/",
	} {
		r := Analyze(in, "")
		if got, _ := panelRow(t, r, "normalized", "normal"); got != want {
			t.Errorf("%q: normal form %q, want %q", in, got, want)
		}
		is, _ := panelRow(t, r, "normalized", "is-normal")
		if (is == "yes") != (in == want) {
			t.Errorf("%q: already normal %q", in, is)
		}
	}
}

// RFC 3987, section 3.1 and 3.2: "Dürst" and its UTF-8 triplets.
func TestIRI(t *testing.T) {
	r := Analyze("http://www.example.org/Dürst", "")
	if r.OK {
		t.Fatal("a non-ASCII character is not allowed in a URI")
	}
	if got, state := panelRow(t, r, "iri", "to-uri"); got != "http://www.example.org/D%C3%BCrst" || state != "" {
		t.Errorf("ToURI %q %s", got, state)
	}
	r = Analyze("http://www.example.org/D%C3%BCrst", "")
	if got, _ := panelRow(t, r, "iri", "display"); got != "http://www.example.org/Dürst" {
		t.Errorf("display %q", got)
	}
}

// Repair of a rejected input: a space becomes its triplet (section 2.1),
// and the result is valid.
func TestRepair(t *testing.T) {
	r := Analyze("http://example.com/a b", "")
	got, _ := panelRow(t, r, "repair", "repaired")
	if got != "http://example.com/a%20b" {
		t.Errorf("repaired %q", got)
	}
	if _, state := panelRow(t, r, "repair", "change-1"); state != "" {
		t.Errorf("change 1 state %q", state)
	}
	if hasPanel(Analyze("http://example.com/", ""), "repair") {
		t.Error("a repair panel for a valid URI")
	}
	// Where a browser goes (URL Standard, authority state: "\" ends a
	// special URL's authority), or why it goes nowhere (a space is a
	// forbidden domain code point).
	r = Analyze(`http://evil.com\@good.com/`, "")
	if got, _ := panelRow(t, r, "repair", "repaired"); got != "http://evil.com/@good.com/" {
		t.Errorf("repaired %q", got)
	}
	r = Analyze("http://exa mple.com/", "")
	if got, state := panelRow(t, r, "repair", "repaired"); state != stateError || !strings.Contains(got, "the URL Standard rejects it") {
		t.Errorf("repaired %q (%s), want the URL Standard's rejection", got, state)
	}
	// Without a scheme: against a page of https, or the base given
	// (URL Standard, relative slash state: after "/" a "\" begins the
	// authority of a special URL; a path's code point otherwise).
	for _, c := range []struct{ ref, base, want string }{
		{`/\evil.com/`, "", "//evil.com/"},
		{`/\evil.com/`, "http://good.example/", "//evil.com/"},
		{`/\evil.com/`, "foo://h/", "/%5Cevil.com/"},
		{`//evil.com\@good.com/`, "foo://h/", "//evil.com%5C@good.com/"},
	} {
		if got, _ := panelRow(t, Analyze(c.ref, c.base), "repair", "repaired"); got != c.want {
			t.Errorf("Analyze(%q, %q): repaired %q, want %q", c.ref, c.base, got, c.want)
		}
	}
}

// net/url's reading beside the RFC's: both read the section 3 example the
// same way, and net/url does not reject a space in the query that RFC 3986
// rejects.
func TestNetURL(t *testing.T) {
	r := Analyze("foo://example.com:8042/over/there?name=ferret#nose", "")
	for key, want := range map[string]string{"scheme": "foo", "host": "example.com:8042", "path": "/over/there", "query": "name=ferret", "fragment": "nose"} {
		if got, state := panelRow(t, r, "net-url", key); got != want || state != "" {
			t.Errorf("net/url %s: %q %q, want %q", key, got, state, want)
		}
	}
	r = Analyze("http://a/?x=a b", "")
	if got, _ := panelRow(t, r, "net-url", "query"); got != "x=a b" {
		t.Errorf("net/url query %q", got)
	}
}

// The JSON the page reads is the value encoding/json writes of the Report:
// every report has a panels array, a field without a value is left out,
// text that is not UTF-8 becomes U+FFFD.
func TestJSON(t *testing.T) {
	inputs := []string{
		"", "http://a b/", "foo://example.com:8042/over/there?name=ferret#nose", "\xff",
		"http://u:p@[2001:db8::7]:80/a%2Fb/%00?<x>&y=\"z\"#\u2028", "a\tb\nc\\d", "http://www.example.org/Dürst",
		"//a:99999", "?", "#", "mailto:x", "http://a/%zz", "http://a/\x7f\x01",
	}
	for _, in := range inputs {
		for _, base := range []string{"", "http://a/b/c/d;p?q", "/rel", "\xfe"} {
			r := Analyze(in, base)
			got := r.JSON()
			want, err := json.Marshal(r)
			if err != nil {
				t.Fatal(err)
			}
			// The same JSON value: Go versions differ in how they spell
			// some characters (U+FFFD, U+2028) in strings.
			var m, w any
			if err := json.Unmarshal(got, &m); err != nil {
				t.Fatalf("%q: %v in %s", in, err, got)
			}
			if err := json.Unmarshal(want, &w); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(m, w) {
				t.Errorf("%q, %q:\n%s\nwant (encoding/json):\n%s", in, base, got, want)
			}
			obj := m.(map[string]any)
			if _, ok := obj["panels"].([]any); !ok {
				t.Errorf("%q: panels %v", in, obj["panels"])
			}
			if _, ok := obj["error"]; ok == obj["ok"].(bool) {
				t.Errorf("%q: ok %v and error %v", in, obj["ok"], obj["error"])
			}
		}
	}
	// The zero Report, whose panels are nil.
	if got, want := string(Report{}.JSON()), `{"input":"","ok":false,"panels":null}`; got != want {
		t.Errorf("zero report %s, want %s", got, want)
	}
}

// The URL Standard beside RFC 3986, on rows of the two standards' table in
// package whatwg's documentation: a backslash is "/" in a special URL,
// and an IPv4 number in another base is an address.
func TestWHATWG(t *testing.T) {
	r := Analyze(`http:\\example.com\a\b`, "")
	if r.OK {
		t.Fatal(`RFC 3986 accepts "\"`)
	}
	if href, state := panelRow(t, r, "whatwg", "href"); href != "http://example.com/a/b" || state != "differs" {
		t.Errorf("whatwg href %q (%s)", href, state)
	}
	r = Analyze("http://0x7f.1/", "")
	if h := component(t, r, "host"); h.Note != "reg-name" {
		t.Errorf("RFC 3986 host kind %q", h.Note)
	}
	if host, _ := panelRow(t, r, "whatwg", "hostname"); host != "127.0.0.1" {
		t.Errorf("whatwg hostname %q", host)
	}
	// Resolution: the same target for RFC 3986, section 5.4.1's "../g".
	r = Analyze("../g", "http://a/b/c/d;p?q")
	if href, state := panelRow(t, r, "whatwg", "href"); href != "http://a/b/g" || state != "" {
		t.Errorf("whatwg href %q (%s)", href, state)
	}
	// A port out of range: RFC 3986's port = *DIGIT takes it, the URL
	// Standard fails.
	r = Analyze("http://example.com:99999/", "")
	if _, state := panelRow(t, r, "whatwg", "error"); !r.OK || state != "differs" {
		t.Errorf("port 99999: RFC ok %v, whatwg state %q", r.OK, state)
	}
}

// The lint panel shows lint's findings: several "@" are read differently by
// parsers (RFC 3986, section 7.6), a clean URL gives no panel.
func TestLintPanel(t *testing.T) {
	r := Analyze("http://a@evil.com:80@good.com/", "")
	v, _ := panelRow(t, r, "lint", "finding-1")
	if v == "" {
		t.Errorf("empty finding")
	}
	found := false
	for _, p := range r.Panels {
		if p.ID == "lint" {
			for _, row := range p.Rows {
				if strings.HasPrefix(row.Label, "multiple-at") {
					found = true
				}
			}
		}
	}
	if !found {
		t.Errorf("no multiple-at finding in %+v", r.Panels)
	}
	if hasPanel(Analyze("https://example.com/a?b#c", ""), "lint") {
		t.Errorf("a lint panel for a clean URL")
	}
}
