package lint

import (
	"bufio"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/ferret-go/uri"
	"github.com/ferret-go/uri/readers"
	"github.com/ferret-go/uri/whatwg"
)

// The readers of the claims, called here for real and read the way each
// documents (TestClaims does not use the package's own readings): RFC 3986
// is uri.ParseIRI, Appendix B the regular expression of RFC 3986, Appendix B
// (verbatim) with the authority split at its last "@" and at the ":" of the
// port, net/url is url.Parse, the URL Standard whatwg.Parse or
// whatwg.ParseWithBase.

var appendixB = regexp.MustCompile(`^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`)

// readFor returns what reader reads as comp in s (against base), and
// whether it rejects s; ok is false for a reader or component this test
// does not know.
func readFor(reader, base string, comp uri.Component, s string) (value string, rejects, ok bool) {
	var scheme, userinfo, host, port, path string
	switch reader {
	case ReaderRFC3986:
		u, err := uri.ParseIRI(s)
		if err != nil {
			return "", true, true
		}
		scheme, userinfo, host, port, path = u.Scheme(), u.DecodedUserinfo(), u.DecodedHost(), u.Port(), u.DecodedPath()
	case ReaderAppendixB:
		m := appendixB.FindStringSubmatch(s)
		scheme, path = m[2], m[5]
		auth := m[4]
		if k := strings.LastIndexByte(auth, '@'); k >= 0 {
			userinfo, auth = auth[:k], auth[k+1:]
		}
		host = auth
		if strings.HasPrefix(auth, "[") {
			if k := strings.IndexByte(auth, ']'); k >= 0 {
				host = auth[:k+1]
			}
		} else if k := strings.IndexByte(auth, ':'); k >= 0 {
			host, port = auth[:k], auth[k+1:]
		}
	case ReaderNetURL:
		u, err := url.Parse(s)
		if err != nil {
			return "", true, true
		}
		scheme, host, port, path = u.Scheme, u.Hostname(), u.Port(), u.Path
		if u.User != nil {
			userinfo = u.User.Username()
			if p, ok := u.User.Password(); ok {
				userinfo += ":" + p
			}
		}
	case ReaderWHATWG:
		var u whatwg.URL
		var err error
		if base != "" {
			u, err = whatwg.ParseWithBase(s, base)
		} else {
			u, err = whatwg.Parse(s)
		}
		if err != nil {
			return "", true, true
		}
		scheme, host, port = strings.TrimSuffix(u.Protocol(), ":"), u.Hostname(), u.Port()
		host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
		if u.Username() != "" || u.Password() != "" {
			userinfo = unescapeTriplets(u.Username())
			if u.Password() != "" {
				userinfo += ":" + unescapeTriplets(u.Password())
			}
		}
	default:
		// A reader of package readers, whose emulations the oracles
		// module checks against the real parsers.
		r, found := readers.ByName(reader)
		if !found {
			return "", false, false
		}
		rd := r.Read(s)
		if rd.Err != nil {
			return "", true, true
		}
		scheme, userinfo, port, path = rd.Scheme, rd.Userinfo, rd.Port, rd.Path
		host = strings.TrimSuffix(strings.TrimPrefix(rd.Host, "["), "]")
	}
	switch comp {
	case uri.ComponentScheme:
		return scheme, false, true
	case uri.ComponentUserinfo:
		return userinfo, false, true
	case uri.ComponentHost:
		return host, false, true
	case uri.ComponentPort:
		return port, false, true
	case uri.ComponentPath:
		return path, false, true
	}
	return "", false, false
}

// unescapeTriplets decodes each "%" followed by two hex digits.
func unescapeTriplets(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			b.WriteByte(unhex(s[i+1])<<4 | unhex(s[i+2]))
			i += 2
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func isHex(c byte) bool { return '0' <= c && c <= '9' || 'a' <= c|0x20 && c|0x20 <= 'f' }

func unhex(c byte) byte {
	if c <= '9' {
		return c - '0'
	}
	return c | 0x20 - 'a' + 10
}

// namesReaders holds the codes whose messages say what a reader reads: a
// finding of one of them carries claims (CodeBackslash when High, which
// says where the readers' hosts part).
var namesReaders = map[Code]bool{
	CodeInvalid: true, CodeDifferential: true, CodeSlashCount: true, CodeSchemeRelative: true,
	CodeMultipleAt: true, CodeIPv6Zone: true, CodeEncodedHost: true, CodeHostText: true,
	CodePortRange: true, CodeIPv4Form: true,
}

// checkClaims lints s with o and checks every claim of every finding
// against the reader it names, and that the message says it.
func checkClaims(t *testing.T, o Options, s string) {
	t.Helper()
	for _, f := range o.Lint(s) {
		if len(f.Claims) == 0 && (namesReaders[f.Code] || f.Code == CodeBackslash && f.Severity == High) {
			t.Errorf("Lint(%q): %v names readers without claims", s, f)
		}
		for _, cl := range f.Claims {
			v, rejects, ok := readFor(cl.Reader, cl.Base, cl.Component, s)
			if !ok {
				t.Errorf("Lint(%q): %v: claim %+v of an unknown reader or component", s, f, cl)
				continue
			}
			if rejects != cl.Rejects || v != cl.Value {
				t.Errorf("Lint(%q): %v: claim %+v, but %s reads %q (rejects: %v)", s, f, cl, cl.Reader, v, rejects)
			}
			if !strings.Contains(f.Message, cl.Reader) && !strings.Contains(f.Message, cl.readerName()) {
				t.Errorf("Lint(%q): %v does not name %s", s, f, cl.Reader)
			}
			if cl.Rejects && !strings.Contains(f.Message, "reject") && !(cl.Reader == ReaderRFC3986 && strings.HasPrefix(f.Message, "not a URI reference by RFC 3986")) ||
				!cl.Rejects && cl.Value != "" && !strings.Contains(f.Message, quote(cl.Value)) {
				t.Errorf("Lint(%q): %v does not say what %s does (%+v)", s, f, cl.Reader, cl)
			}
		}
		switch f.Code {
		case CodeTabNewline:
			// "browsers remove them (reading X)": the standard reads s
			// as it reads X.
			k := strings.Index(f.Message, "(reading ")
			if k < 0 {
				t.Errorf("Lint(%q): %v says no reading", s, f)
				break
			}
			// A long reading is shortened ("..."): not checked.
			if x := unquotePrefix(f.Message[k+len("(reading "):]); !strings.HasSuffix(x, "...") {
				sameWHATWG(t, s, x)
			}
		case CodeEdgeSpace:
			sameWHATWG(t, s, strings.Trim(s, "\x00\x01\x02\x03\x04\x05\x06\x07\x08\t\n\x0b\x0c\r\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f "))
		case CodeSemicolonQuery, CodeQueryLimit:
			// "net/url.ParseQuery ... returns an error".
			if _, err := url.ParseQuery(appendixB.FindStringSubmatch(s)[7]); err == nil {
				t.Errorf("Lint(%q): %v, but url.ParseQuery accepts the query", s, f)
			}
		case CodeScriptScheme:
			// A browser reads the scheme the finding names.
			u, err := whatwg.Parse(s)
			if err != nil || !strings.HasPrefix(f.Message, strings.TrimSuffix(u.Protocol(), ":")+":") {
				t.Errorf("Lint(%q): %v, but the URL Standard reads %q, %v", s, f, u.Protocol(), err)
			}
		}
	}
}

// unquotePrefix returns the Go-quoted string that m begins with, or "".
// (strconv.QuotedPrefix, not a search for a quote without a backslash
// before it, which took "a:\\" for the quoted text "a:\\" cut short: a
// fuzz input, A:<tab><backslash>, found it.)
func unquotePrefix(m string) string {
	q, err := strconv.QuotedPrefix(m)
	if err != nil {
		return ""
	}
	v, _ := strconv.Unquote(q)
	return v
}

// sameWHATWG checks that the URL Standard reads a and b alike.
func sameWHATWG(t *testing.T, a, b string) {
	t.Helper()
	ua, ea := whatwg.Parse(a)
	ub, eb := whatwg.Parse(b)
	if (ea == nil) != (eb == nil) || ea == nil && ua.Href() != ub.Href() {
		t.Errorf("the URL Standard reads %q as %q (%v) but %q as %q (%v)", a, ua.Href(), ea, b, ub.Href(), eb)
	}
}

// claimInputs returns the inputs of the test tables and the lines of the
// URL samples of ../testdata/urls (see its README).
func claimInputs(t *testing.T) []string {
	var in []string
	for _, tc := range codeCases {
		in = append(in, tc.must...)
		in = append(in, tc.near...)
	}
	files, err := filepath.Glob("../testdata/urls/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no URL samples in ../testdata/urls: %v", err)
	}
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			in = append(in, sc.Text())
		}
		f.Close()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	return in
}

// TestClaims checks every claim of every finding, with and without the
// opt-in checks and with every reader of package readers, over the test tables and the URL samples, against the
// reader it names (FuzzLint does the same for any string).
func TestClaims(t *testing.T) {
	all, err := ReadersNamed("all")
	if err != nil || len(all) != len(readers.All()) {
		t.Fatalf("ReadersNamed(\"all\") = %d readers, %v", len(all), err)
	}
	for _, s := range claimInputs(t) {
		checkClaims(t, Options{}, s)
		checkClaims(t, Options{SSRF: true, Navigation: true}, s)
		checkClaims(t, Options{SSRF: true, Readers: all}, s)
	}
}

// TestClaimExamples checks the claims of the cases issue 34 names, each
// against what the reader does by its documentation.
func TestClaimExamples(t *testing.T) {
	type claim struct {
		reader, value string
		rejects       bool
	}
	for _, tc := range []struct {
		in     string
		code   Code
		claims []claim
	}{
		// net/url rejects a "\" in the userinfo ("invalid userinfo"),
		// RFC 3986 anywhere; browsers read it as "/" in a special URL.
		{`http://a.com\@b.com/`, CodeBackslash, []claim{
			{ReaderWHATWG, "a.com", false}, {ReaderAppendixB, "b.com", false},
			{ReaderNetURL, "", true}, {ReaderRFC3986, "", true}}},
		// url.Parse and the URL Standard's authority state end the
		// userinfo at the last "@"; curl's parse_hostname_login ends
		// it at the first and then refuses the host "b@c"; Java's
		// URI finds no server-based authority, so no host; Python's
		// urlsplit, Node's url.parse and PHP's parse_url take the
		// last (host "c", the browsers': not named).
		{"http://a@b@c/", CodeMultipleAt, []claim{
			{ReaderNetURL, "c", false}, {ReaderWHATWG, "c", false},
			{"curl", "", true}, {"curl_guess", "", true}, {"java", "", false}}},
		// UTS #46 maps fullwidth letters and removes U+200B.
		{"http://ｌｏｃａｌｈｏｓｔ/", CodeHostText, []claim{{ReaderNetURL, "ｌｏｃａｌｈｏｓｔ", false}, {ReaderWHATWG, "localhost", false}}},
		{"http://tools.ie\u200btf.org/", CodeHostText, []claim{{ReaderNetURL, "tools.ie\u200btf.org", false}, {ReaderWHATWG, "tools.ietf.org", false}}},
		// Against an https page any run of "/" and "\" is the authority.
		{"///evil.com/", CodeSchemeRelative, []claim{{ReaderWHATWG, "evil.com", false}, {ReaderRFC3986, "", false}, {ReaderNetURL, "", false}}},
		{`\\evil.com`, CodeSchemeRelative, []claim{{ReaderWHATWG, "evil.com", false}, {ReaderRFC3986, "", true}, {ReaderNetURL, "", false}}},
		{`/\evil.com`, CodeSchemeRelative, []claim{{ReaderWHATWG, "evil.com", false}, {ReaderRFC3986, "", true}, {ReaderNetURL, "", false}}},
		{"/\t/evil.com", CodeSchemeRelative, []claim{{ReaderWHATWG, "evil.com", false}, {ReaderRFC3986, "", true}, {ReaderNetURL, "", true}}},
		// The bytes are decoded before the "\r" goes: three U+FFFD in the
		// host, which UTS #46 disallows.
		{"http://u@example.com\xe3\r\x80\x82/", CodeInvalid, []claim{{ReaderRFC3986, "", true}, {ReaderNetURL, "", true}, {ReaderWHATWG, "", true}}},
	} {
		var f *Finding
		fs := Lint(tc.in)
		for i := range fs {
			if fs[i].Code == tc.code {
				f = &fs[i]
			}
		}
		if f == nil || len(f.Claims) != len(tc.claims) {
			t.Errorf("Lint(%q) = %v, want a %s finding with %d claims", tc.in, fs, tc.code, len(tc.claims))
			continue
		}
		for i, want := range tc.claims {
			if got := f.Claims[i]; got.Reader != want.reader || got.Value != want.value || got.Rejects != want.rejects {
				t.Errorf("Lint(%q): claim %d = %+v, want %+v", tc.in, i, got, want)
			}
		}
	}
}
