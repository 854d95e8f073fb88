package lint

import (
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/ferret-go/uri"
	"github.com/ferret-go/uri/whatwg"
)

// codeCases holds, for every code, inputs that must produce it and near
// misses that must not: each is derived from the rule the code documents
// (RFC 3986 section 7, the URL Standard, net/url's documented behaviour).
var codeCases = []struct {
	code Code
	opts Options
	must []string
	near []string
}{
	{CodeInvalid, Options{},
		[]string{"http://a b/", "http://exa mple.com", "http://[::1", "%zz", `http://good.com\@evil.com/`},
		[]string{"http://a/b", "", "//a", "http://ü.example/ü", "a:b"}},
	{CodeDifferential, Options{},
		// net/url rejects escapes in a reg-name and IPvFuture literals,
		// both valid by RFC 3986, section 3.2.2.
		// The URL Standard reads an authority after "http:" and rejects
		// a dotted number above 255, and a port above 65535 (basic URL
		// parser, port state), which net/url takes; the URL Standard reads
		// the host "0x7f.1" as 127.0.0.1.
		[]string{"http://%65vil.com/", "http://[v1.x]/", "http:example.com/", "http://256.256.256.256/", "https://",
			"http://127.0.0.1:65536/a", "http://0x7f.1:8080/"},
		[]string{"http://evil.com/", "http://a/b?c#d", "mailto:a@b", "http://[::1]:80/", "/a/b", "HTTP://Example.COM:80/",
			"http://bücher.de/", "http://[0:0::1]/", "https://user:@h/", "http://h:0080/", "http://a/./b/../c",
			"http://127.0.0.1:8080/a/b?c=d", "http://h:/", "foo://h:1/p"}},
	{CodeEdgeSpace, Options{},
		[]string{" http://a/", "http://a/ ", "\x00http://a/", "http://a/\x1f"},
		[]string{"http://a/", "http://a/%20", "http://a/?q=%20"}},
	{CodeTabNewline, Options{},
		[]string{"ht\ttp://a/", "http://a\n/", "http://a/\rb", "java\nscript:x", "http://u@example.com\xe3\r\x80\x82/"},
		[]string{"http://a/%09", "http://a/b", "\thttp://a/"}},
	{CodeMultipleAt, Options{},
		[]string{"http://a@evil.com:80@good.com/", "http://a@b@c/", `http:\\a@b@c/`},
		[]string{"http://a@b/", "http://a%40b@c/", "http://a/@b@c", "mailto:a@b@c"}},
	{CodeBackslash, Options{},
		[]string{`http://good.com\@evil.com/`, `http:\\evil.com/`, `https://a/b\c`, `ws://a\b`},
		[]string{`http://a/b?c\d`, `http://a/#\`, `foo://a\b`, "http://a/b%5Cc"}},
	{CodeSlashCount, Options{},
		[]string{"http:////x", "http:/x", "https:x", "http:///x", `http:\\\x`},
		[]string{`http:/\x`, "http://x/", "foo:////x", "file:///x", "http://x//y", "mailto:x"}},
	{CodeSchemeRelative, Options{},
		[]string{"//evil.com/", "///evil.com/", `\\evil.com`, `/\evil.com`, `\/evil.com`, "/\t/evil.com", "\n//evil.com", " //evil.com"},
		[]string{"/evil.com", "evil.com", "http://evil.com/", "/a//b", `/a\\b`, "?//x", "#//x", "./\\x"}},
	{CodeIPv6Zone, Options{},
		[]string{"http://[::1%25]evil.com]/", "http://[fe80::1%25eth0]/", "http://[fe80::1%eth0]/"},
		[]string{"http://[::1]/", "http://[fe80::1]/%25", "http://a/[%25]"}},
	{CodeEncodedHost, Options{},
		[]string{"http://%65vil.com/", "http://%31%32%37.1/", "foo://a%2Eb/"},
		[]string{"http://evil.com/%65", "http://a/?h=%65", "http://%/"}},
	{CodeHostText, Options{},
		// Fullwidth letters and U+200B, which UTS #46 maps and removes;
		// U+3002, a dot to IDNA; case; an IPv6 address shortened.
		[]string{"http://ｌｏｃａｌｈｏｓｔ/", "http://tools.ie\u200btf.org/", "http://example。com/", "http://EXAMPLE.com/",
			"http://Bücher.de/", "http://[0:0::1]/", "HTTP://A.com/x y"},
		// The same text; a U-label as written (its A-label is the same
		// name); IPv4 spellings (CodeIPv4Form); no scheme.
		[]string{"http://example.com/", "https://bücher.de/", "http://0x7f.1/", "http://%65vil.com/", "//EXAMPLE.com/", "foo://EXAMPLE.com/", "http://example.com./"}},
	{CodeSemicolonQuery, Options{},
		[]string{"http://a/?x=1;y=2", "http://a/?;"},
		[]string{"http://a/;x?y=1", "http://a/?x=%3B", "http://a/#;"}},
	{CodeQueryLimit, Options{},
		[]string{"http://a/?" + strings.Repeat("a&", 10000)},
		[]string{"http://a/?" + strings.Repeat("a&", 9999), "http://a/#" + strings.Repeat("&", 20000)}},
	{CodeIPv4Form, Options{},
		[]string{"http://0x7f.1/", "http://0177.0.0.1/", "http://127.1/", "http://2130706433/", "http://127.0.0.1./", "http://1.2.3.256/", "http://%31%32%37.1/", "file://127.1/x",
			"http://1.2.3.04/", "http://010.0.0.1:8080/"},
		[]string{"http://127.0.0.1/", "http://1.2.3.4.example/", "http://v1.2a/", "http://a/127.1", "http://0x7g.com/",
			// A file URL's host ends at the third slash (URL Standard, "file host state").
			"file:///127.1/x"}},
	{CodeIPv6Embedded, Options{},
		[]string{"http://[::ffff:127.0.0.1]/", "http://[::ffff:7f00:1]/", "http://[64:ff9b::a00:1]/", "http://[2002:7f00:1::]/", "http://[::127.0.0.1]/"},
		[]string{"http://[::1]/", "http://[::]/", "http://[2001:db8::1]/", "http://127.0.0.1/"}},
	{CodeInternalAddress, Options{SSRF: true},
		[]string{"http://127.0.0.1/", "http://10.1.2.3/", "http://192.168.0.1/", "http://169.254.169.254/latest", "http://[::1]/",
			"http://[fd00:ec2::254]/", "http://localhost/", "http://a.localhost/", "http://0x7f.1/", "http://[::ffff:10.0.0.1]/", "http://0/", "http://100.64.0.1/",
			"http://10.0.0.1:8080/a"},
		[]string{"http://8.8.8.8/", "http://example.com/", "http://[2001:4860::8888]/", "http://a/127.0.0.1", "http://localhost.example.com/", "file:///127.0.0.1/x", "file:///localhost/x"}},
	{CodePassword, Options{},
		[]string{"http://user:pass@host/", "ftp://a:b@c/", "http://a:b@c@d/"},
		[]string{"http://user@host/", "http://user:@host/", "http://host:80/", "mailto:a:b@c"}},
	{CodeUserinfoHost, Options{},
		[]string{"http://www.bank.com@evil.com/", "http://bank.com@evil.com/", "http://10.0.0.1@evil.com/", "https://user:paypal.com@evil.com/"},
		[]string{"http://john.doe@example.com/", "http://user@example.com/", "http://example.com/www.bank.com@x"}},
	{CodeUserinfoHTTP, Options{},
		[]string{"http://user@host/", "https://@host/", "ws://a:b@c/"},
		[]string{"ftp://user@host/", "http://host/", "http://host/a@b", "ssh://git@github.com/x"}},
	{CodeMixedScript, Options{},
		[]string{"http://paypаl.com/", "http://xn--paypl-7ve.com/", "http://gοogle.com/", "http://bücher.xn--pple-43d.com/", "http://aᚠb.com/", "http://ＰＡＹＰАＬ.com/"},
		[]string{"http://例え.jp/", "http://日本語ドメイン.jp/", "http://москва.рф/", "http://bücher.de/", "http://ab.com/", "http://\ufdd0zyx.com/", "http://a\u0301b.com/"}},
	{CodeConfusable, Options{},
		[]string{"http://аррӏе.com/", "http://xn--80ak6aa92e.com/", "http://сосо.com/", "http://СОСО.com/", "http://νο.com/"},
		[]string{"http://москва.рф/", "http://apple.com/", "http://пример.рф/", "http://αβγ.gr/", "http://рус.рус/", "http://xn--p1acf.xn--p1acf/"}},
	{CodeEncodedNUL, Options{},
		[]string{"http://a/%00", "http://a/?x=%00", "http://a/#%00"},
		[]string{"http://a/%2500", "http://a/%0", "http://a/00"}},
	{CodeEncodedControl, Options{},
		[]string{"http://a/%0a", "http://a/?x=%0D%0A", "http://a/%7f"},
		[]string{"http://a/%20", "http://a/%250a", "http://a/%80"}},
	{CodeEncodedSlash, Options{},
		[]string{"http://a/b%2fc", "http://a/%2F", "http://a/..%5c..%5cwin.ini"},
		[]string{"http://a/b/c", "http://a/?x=%2F", "http://a/%252F"}},
	{CodeEncodedDot, Options{},
		[]string{"http://a/%2e%2e/x", "http://a/.%2E/x", "http://a/b/%2e", "/%2E%2e"},
		[]string{"http://a/../x", "http://a/%2e%2e%2e/", "http://a/?%2e%2e", "http://a/%2ex"}},
	{CodeBadUTF8, Options{},
		[]string{"http://a/%c0%af", "http://a/%ff", "http://a/?x=%e9", "http://a/%ed%a0%80", "http://a/%c3"},
		[]string{"http://a/%c3%a9", "http://a/%e2%82%ac", "http://a/%7e", "http://a/é"}},
	{CodeUnexpectedPort, Options{},
		[]string{"http://a:22/", "https://a:25/", "http://a:0053/", "ws://a:6667/", "http://a:0/", "https://a:10080/"},
		[]string{"http://a:80/", "http://a:8080/", "ssh://a:22/", "http://a/:22", "smtp://a:25/"}},
	{CodePortRange, Options{},
		[]string{"http://a:99999/", "http://a:65536/", "foo://a:123456789012345678901234567890/"},
		[]string{"http://a:65535/", "http://a:00065535/", "http://a/:99999"}},
	{CodeScriptScheme, Options{Navigation: true},
		[]string{"javascript:alert(1)", "JavaScript:x", " javascript:x", "java\tscript:x", "data:text/html,x", "vbscript:x", "data:,x", "data:image/png;base64,AA"},
		[]string{"http://javascript/", "/javascript:x", "javascriptx:y", "a/data:x"}},
	// In the default set: the schemes that run script, and data: of a
	// document type that holds scripts (Fetch Standard's data: URL
	// processor: the type before "," or ";", whitespace trimmed).
	{CodeScriptScheme, Options{},
		[]string{"javascript:alert(1)", "JAVASCRIPT:x", "\tjavascript:x", "vbscript:x", "data:text/html,<script>", "data:TEXT/HTML;base64,PHNjcmlwdD4=",
			"data: text/html ,x", "data:image/svg+xml,<svg/>", "data:application/xhtml+xml,x"},
		[]string{"data:,x", "data:text/plain,text/html", "data:image/png;base64,AA", "http://a/javascript:x", "javascript-x:y"}},
}

func hasCode(fs []Finding, c Code) bool {
	for _, f := range fs {
		if f.Code == c {
			return true
		}
	}
	return false
}

func TestCodes(t *testing.T) {
	seen := map[Code]bool{}
	for _, tc := range codeCases {
		seen[tc.code] = true
		for _, s := range tc.must {
			if fs := tc.opts.Lint(s); !hasCode(fs, tc.code) {
				t.Errorf("Lint(%q) = %v, want a %s finding", s, fs, tc.code)
			}
		}
		for _, s := range tc.near {
			if fs := tc.opts.Lint(s); hasCode(fs, tc.code) {
				t.Errorf("Lint(%q) = %v, want no %s finding", s, fs, tc.code)
			}
		}
	}
	for _, c := range Codes() {
		if !seen[c] {
			t.Errorf("code %s has no test case", c)
		}
	}
}

// TestOptIn checks that the opt-in classes are off by default, and that
// the findings in the default set that Navigation raises are raised.
func TestOptIn(t *testing.T) {
	for _, s := range []string{"http://127.0.0.1/", "data:,x", "http://localhost/"} {
		for _, f := range Lint(s) {
			if f.Code == CodeInternalAddress || f.Code == CodeScriptScheme {
				t.Errorf("Lint(%q) without options gave %v", s, f)
			}
		}
	}
	for _, tc := range []struct {
		in         string
		code       Code
		plain, nav Severity
	}{
		{"javascript:alert(1)", CodeScriptScheme, Medium, High},
		{"data:text/html,x", CodeScriptScheme, Medium, High},
		{"//evil.com/", CodeSchemeRelative, Low, High},
		{"///evil.com/", CodeSchemeRelative, Medium, High},
		{`\\evil.com`, CodeSchemeRelative, Medium, High},
		{`/\evil.com`, CodeSchemeRelative, Medium, High},
		{"/\t/evil.com", CodeSchemeRelative, Medium, High},
	} {
		for _, o := range []Options{{}, {Navigation: true}} {
			want := tc.plain
			if o.Navigation {
				want = tc.nav
			}
			var got Severity
			for _, f := range o.Lint(tc.in) {
				if f.Code == tc.code {
					got = f.Severity
				}
			}
			if got != want {
				t.Errorf("%+v.Lint(%q): %s %v, want %v", o, tc.in, tc.code, got, want)
			}
		}
	}
}

// TestClean checks that ordinary URLs give no finding at all.
func TestClean(t *testing.T) {
	for _, s := range []string{
		"http://example.com/", "https://www.example.com/a/b?c=d&e=f#g", "file:///etc/hosts",
		"mailto:someone@example.com", "urn:isbn:0451450523", "http://[2001:db8::1]:8080/",
		"https://bücher.de/", "/relative/path?x", "../a", "", "http://a/%C3%A9",
	} {
		if fs := (Options{SSRF: true, Navigation: true}).Lint(s); len(fs) != 0 {
			t.Errorf("Lint(%q) = %v, want nothing", s, fs)
		}
	}
}

// TestSpans checks the spans and components of findings against the
// components of the input, as RFC 3986, Appendix B splits it.
func TestSpans(t *testing.T) {
	for _, tc := range []struct {
		in         string
		code       Code
		comp       uri.Component
		start, end int
	}{
		{"http://user:pass@host/", CodePassword, uri.ComponentUserinfo, 12, 16},
		{"http://0x7f.1:80/", CodeIPv4Form, uri.ComponentHost, 7, 13},
		{"http://a:22/x", CodeUnexpectedPort, uri.ComponentPort, 9, 11},
		{"http://a/b%2fc", CodeEncodedSlash, uri.ComponentPath, 10, 13},
		{"http://a/?x=1;y", CodeSemicolonQuery, uri.ComponentQuery, 13, 14},
		{"ht\ttp://a/", CodeTabNewline, 0, 2, 3},
		{"  http://a/", CodeEdgeSpace, 0, 0, 2},
		{"ht\ttp://a\\@b/", CodeBackslash, uri.ComponentHost, 9, 10},
		{"http://a/%2e%2e/x", CodeEncodedDot, uri.ComponentPath, 9, 15},
	} {
		var got *Finding
		fs := Lint(tc.in)
		for i := range fs {
			if fs[i].Code == tc.code {
				got = &fs[i]
			}
		}
		if got == nil || got.Component != tc.comp || got.Start != tc.start || got.End != tc.end {
			t.Errorf("Lint(%q): %s finding %v, want %v at %d-%d", tc.in, tc.code, got, tc.comp, tc.start, tc.end)
		}
		if got != nil && got.Message == "" {
			t.Errorf("Lint(%q): %s finding without a message", tc.in, tc.code)
		}
	}
}

// TestReaders checks that a Reader given in Options is compared, as a
// WHATWG parser will be.
func TestReaders(t *testing.T) {
	fake := Reader{Name: "fake", Read: func(string) Reading {
		return Reading{Scheme: "http", Host: "other.example", Path: "/"}
	}}
	fs := Options{Readers: []Reader{fake}}.Lint("http://example.com/")
	if len(fs) != 1 || fs[0].Code != CodeDifferential || fs[0].Component != uri.ComponentHost ||
		!strings.Contains(fs[0].Message, "fake") || fs[0].Severity != High {
		t.Errorf("Lint with a reader that reads another host = %v", fs)
	}
	if fs := (Options{Readers: []Reader{NetURL(), WHATWG()}}).Lint("http://example.com/"); len(fs) != 0 {
		t.Errorf("Lint with net/url as an extra reader = %v", fs)
	}
}

func TestRedact(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"http://user:pass@host/", "http://user:xxxxx@host/"},
		{"http://user@host/", "http://user@host/"},
		{"http://user:@host/", "http://user:@host/"},
		{"http://a:b@c@host/x", "http://a:xxxxx@host/x"},
		{`http://a:b\@host/x`, `http://a:xxxxx@host/x`},
		{"not a url", "not a url"},
		{"http://host/a:b@c", "http://host/a:b@c"},
		// Browsers remove the tab and read "http::0@0": userinfo ":0".
		{"http::0@\t0", "http::xxxxx@\t0"},
		{"http://a:b\tc@host/", "http://a:xxxxx@host/"},
	} {
		if got := Redact(tc.in); got != tc.want {
			t.Errorf("Redact(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestSeverity(t *testing.T) {
	for _, s := range []Severity{Info, Low, Medium, High} {
		if p, ok := ParseSeverity(s.String()); !ok || p != s {
			t.Errorf("ParseSeverity(%q) = %v, %v", s.String(), p, ok)
		}
	}
	if !(Info < Low && Low < Medium && Medium < High) {
		t.Error("severities are not ordered")
	}
	if _, ok := ParseSeverity("severe"); ok {
		t.Error(`ParseSeverity("severe") ok`)
	}
}

// TestRFCLayout checks the split of rfcLayout against the regular
// expression of RFC 3986, Appendix B, run as written, on strings valid and
// not; and, for valid references, against the components the parser finds
// (the grammar and Appendix B split a valid reference alike).
func TestRFCLayout(t *testing.T) {
	appendixB := regexp.MustCompile(`^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`)
	spanOf := func(m []int, g int) span {
		if m[2*g] < 0 {
			return span{}
		}
		return span{m[2*g], m[2*g+1], true}
	}
	for _, s := range []string{
		"", "a", "/a", "//", "//h", "//u@h:1/p?q#f", "s:", "s://", "s://@:", "s://[::1]:80/p?#",
		"http://ü@bücher.de:8/ü?ü#ü", "?q", "#f", "s:p?q?#f?", "//h?q", "s://h#",
		// Not references: Appendix B splits any string.
		":a", "a/b:c", "a?b:c", "a#b:c", "s:x//y", "s:?//x", "s://a/b:c?d#e#f?g", "s://a?b/c", "s://a#b/c",
		"http://a@b@c/", "http:\\\\x\\y", "s:// x:1 /p", "s:a:b://c", "//a:b@c:d@e",
		"s://h:1:2/p", "s://h/p:1", "s://h?:1/", "//h:8", "s:/h:1/", "s:///:1", "s://[::1]:8/", "s://u@h:8/",
		"a:b/c://d", "s://h#x?y", "?#", "s:#", "s://#", "s://h:8#f", "s://h:/p",
	} {
		m := appendixB.FindStringSubmatchIndex(s)
		l := rfcLayout(s)
		want := layout{scheme: spanOf(m, 2), authority: spanOf(m, 4), path: spanOf(m, 5), query: spanOf(m, 7), fragment: spanOf(m, 9)}
		got := layout{scheme: l.scheme, authority: l.authority, path: l.path, query: l.query, fragment: l.fragment}
		if got != want {
			t.Errorf("rfcLayout(%q) = %+v, Appendix B gives %+v", s, got, want)
		}
		i, err := uri.ParseIRI(s)
		if err != nil {
			continue
		}
		var il layout
		if iriLayout(&il, s, &i); il != l {
			t.Errorf("iriLayout(%q) = %+v, rfcLayout gives %+v", s, il, l)
		}
		parts := []struct {
			name      string
			p         span
			has       bool
			component string
		}{
			{"scheme", l.scheme, i.HasScheme(), i.Scheme()},
			{"authority", l.authority, i.HasAuthority(), i.Authority()},
			{"userinfo", l.userinfo, i.HasUserinfo(), i.Userinfo()},
			{"host", l.host, i.HasAuthority(), i.Host()},
			{"port", l.port, i.HasPort(), i.Port()},
			{"path", l.path, true, i.Path()},
			{"query", l.query, i.HasQuery(), i.Query()},
			{"fragment", l.fragment, i.HasFragment(), i.Fragment()},
		}
		for _, p := range parts {
			if p.p.ok != p.has || p.p.of(s) != p.component {
				t.Errorf("rfcLayout(%q): %s %+v %q, the parser reads %v %q", s, p.name, p.p, p.p.of(s), p.has, p.component)
			}
		}
	}
}

// TestCleanAllocs checks that Lint allocates, on a URL it finds nothing
// in, only what net/url.Parse allocates (its *url.URL): the checks skip
// what cannot fire and compare readings without building strings.
func TestCleanAllocs(t *testing.T) {
	for _, s := range []string{
		"https://example.com/a/b.html?x=1&y=2#top", "http://www.example.org/", "file:///usr/share/doc/index.html",
		"mailto:user@example.com", "urn:isbn:0451450523", "/relative/path?q", "https://example.com:8443/x",
	} {
		if fs := Lint(s); len(fs) != 0 {
			t.Fatalf("Lint(%q) = %v, want no finding", s, fs)
		}
		netURL := testing.AllocsPerRun(50, func() { _, _ = url.Parse(s) })
		if n := testing.AllocsPerRun(50, func() { Lint(s) }); n > netURL {
			t.Errorf("Lint(%q): %v allocations, net/url.Parse alone %v", s, n, netURL)
		}
	}
}

// TestPlainName checks plainName against its definition, written the plain
// way, on every string of up to five bytes of a set that reaches each case
// (a label that is a number, an A-label, a final dot, an uppercase letter),
// and on the DNS length limit.
func TestPlainName(t *testing.T) {
	def := func(h string) bool {
		if h == "" || len(h) > 253 || strings.Contains(h, "xn--") {
			return false
		}
		for i := 0; i < len(h); i++ {
			c := h[i]
			if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '.') {
				return false
			}
		}
		labels := strings.Split(strings.TrimSuffix(h, "."), ".")
		last := labels[len(labels)-1]
		return last != "" && !(last[0] >= '0' && last[0] <= '9')
	}
	var walk func(h string)
	walk = func(h string) {
		if got, want := plainName(h), def(h); got != want {
			t.Errorf("plainName(%q) = %v, want %v", h, got, want)
		}
		if len(h) < 5 {
			for _, c := range []string{"a", "1", "-", ".", "x", "n", "A"} {
				walk(h + c)
			}
		}
	}
	walk("")
	for _, h := range []string{"xn--a.b", "a.xn--b", strings.Repeat("a", 253), strings.Repeat("a", 254), strings.Repeat("a.", 126) + "b"} {
		if got, want := plainName(h), def(h); got != want {
			t.Errorf("plainName(%.20q...) = %v, want %v", h, got, want)
		}
	}
}

// netURLFragmentCases are inputs whose fragment url.Parse reads: valid and
// malformed triplets, "#" and spaces that it escapes again, a second "#",
// and a malformed text before the fragment, whose error comes first.
var netURLFragmentCases = []string{
	"http://a/b#c", "http://a/b#", "#", "#%41", "http://a/#%zz", "http://a/#%", "http://a/#%2",
	"http://a/#%2g", "http://a/#a%", "http://a/## #", "http://a#b#c", "http://a/# %41",
	"%zz#y", "http://[::1/#x", "http://a b/#%zz", "mailto:x#%E2%82%AC", "http://a/?q#f%25",
	"http://a:99999/#f", "#" + strings.Repeat("#", 100),
}

// parseNetURL gives what url.Parse gives, the fragment aside: the same
// error text, or a URL whose other fields are the same.
func TestParseNetURL(t *testing.T) {
	for _, s := range netURLFragmentCases {
		checkParseNetURL(t, s)
	}
}

func checkParseNetURL(t *testing.T, s string) {
	t.Helper()
	// checkReaders gives parseNetURLAt the first "#" from a valid
	// reference's layout.
	if iri, err := uri.ParseIRI(s); err == nil {
		var l layout
		iriLayout(&l, s, &iri)
		hash := -1
		if l.fragment.ok {
			hash = l.fragment.start - 1
		}
		if want := strings.IndexByte(s, '#'); hash != want {
			t.Fatalf("%q: the layout's fragment begins after %d, the first \"#\" is at %d", s, hash, want)
		}
	}
	want, werr := url.Parse(s)
	got, gerr := parseNetURL(s)
	if (werr == nil) != (gerr == nil) || werr != nil && werr.Error() != gerr.Error() {
		t.Fatalf("%q: error %v, url.Parse gives %v", s, gerr, werr)
	}
	if werr != nil {
		return
	}
	w := *want
	w.Fragment, w.RawFragment = "", ""
	if (got.User == nil) != (w.User == nil) || got.User.String() != w.User.String() {
		t.Fatalf("%q: userinfo %v, url.Parse gives %v", s, got.User, w.User)
	}
	got.User, w.User = nil, nil
	if *got != w {
		t.Fatalf("%q: %#v, url.Parse gives %#v", s, *got, w)
	}
}

// TestBrowserLayout holds browserLayout to the URL Standard's parser (the
// whatwg package, tested on the web-platform-tests): on special URLs whose
// query and fragment hold nothing that parser percent-encodes, the layout's
// query and fragment are the parser's, present or not, and a host of
// lowercase letters is the parser's host. The path ends at the first "?" or
// "#" (the standard's path state), whichever comes first.
func TestBrowserLayout(t *testing.T) {
	for _, s := range []string{
		"file:///a/b?q#f", "file:///a#f?x", "file:///a?q?r#f#g", "file:///", "file:/x?y", "file:x#y",
		"file://c:/x?y", "file://host/p#", "file:///a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p?x", "file:////x?",
		"http:\\\\h\\p?q", "https:/h/p#x", "https:h?q#f", "http:///h/p/q/r/s/t/u/v/w/x/y/z#f?g",
		"http://a@b:8/p?q#f", "ws:\\/h?", "wss:////h#", "ftp:/h/a.b/c?d=e&f=g#h",
		"http://h/0123456789012345678901234567890123456789?#", "http://h#/p?q", "http://h?/p#q",
	} {
		w, err := whatwg.Parse(s)
		if err != nil {
			t.Fatalf("whatwg.Parse(%q): %v", s, err)
		}
		var l layout
		browserLayout(&l, s, lowerScheme(s[:strings.IndexByte(s, ':')]))
		if q, ok := w.Query(); l.query.ok != ok || l.query.of(s) != q {
			t.Errorf("browserLayout(%q): query %v %q, the URL Standard %v %q", s, l.query.ok, l.query.of(s), ok, q)
		}
		if f, ok := w.Fragment(); l.fragment.ok != ok || l.fragment.of(s) != f {
			t.Errorf("browserLayout(%q): fragment %v %q, the URL Standard %v %q", s, l.fragment.ok, l.fragment.of(s), ok, f)
		}
		if h := w.Hostname(); h != "" && strings.Trim(h, "abcdefghijklmnopqrstuvwxyz") == "" && l.host.of(s) != h {
			t.Errorf("browserLayout(%q): host %q, the URL Standard %q", s, l.host.of(s), h)
		}
		end := len(s)
		if k := strings.IndexAny(s[l.path.start:], "?#"); k >= 0 {
			end = l.path.start + k
		}
		if l.path.end != end {
			t.Errorf("browserLayout(%q): path %+v %q does not end at the first \"?\" or \"#\"", s, l.path, l.path.of(s))
		}
	}
}
