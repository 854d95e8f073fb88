package main

import (
	"strings"
	"testing"

	"github.com/ferret-go/uri"
)

// FuzzGetTemplate: any template is read or refused without a panic, one that
// is read fills without a panic, and text with no "{", "}" or "\" is its own
// output (trurl.md, --get: "All other text in the format string is shown
// as-is").
func FuzzGetTemplate(f *testing.F) {
	for _, s := range []string{"{url}", `\{{scheme}\[`, "{query:}", "{default:puny:url}", "{strict:url:query}",
		"{zoneid}", "{{.Host}}", "a{b", `\`, "{must:port}", "plain text"} {
		f.Add(s)
	}
	u := uri.MustParse("https://u:p@xn--rksmrgs-5wao1o.se:8/a%20b?=x&q=1#f")
	sp := &editSpec{sep: '&', schemes: uri.DefaultSchemes()}
	f.Fuzz(func(t *testing.T, s string) {
		tm, err := parseTemplate(s)
		if err != nil {
			return
		}
		out, _ := tm.fill(nil, "in", u, sp)
		if !strings.ContainsAny(s, `{}\`) && string(out) != s {
			t.Errorf("template %q gives %q", s, out)
		}
	})
}

// FuzzAcceptSpace: --accept-space leaves no space, and changes nothing else
// of a string without one.
func FuzzAcceptSpace(f *testing.F) {
	for _, s := range []string{"gopher://localhost/ with space", "https://localhost/?with space#a b", "a?b?c d#e#f g", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e := encodeSpaces(s)
		if strings.IndexByte(e, ' ') >= 0 {
			t.Errorf("%q gives %q", s, e)
		}
		if strings.IndexByte(s, ' ') < 0 && e != s {
			t.Errorf("%q without a space gives %q", s, e)
		}
		if n := strings.Count(s, " "); len(e) < len(s) || len(e) > len(s)+2*n {
			t.Errorf("%q gives %q: more than its spaces changed", s, e)
		}
	})
}

// FuzzTrurlTemplate: --trurl's templates are read or refused without a
// panic, and text with no "{", "[" or "\" is its own output (trurl.md,
// --get: "All other text in the format string is shown as-is"), "}" and
// "]" included.
func FuzzTrurlTemplate(f *testing.F) {
	for _, s := range []string{"{scheme} {host", "[scheme] [host", "[[host] {{host}", `\[host] {host}`, `\}\]\x\`,
		"[query:name]", "{", "[", "a}b]c", "{options}"} {
		f.Add(s)
	}
	u := uri.MustParse("imap://u:p;o@h:8/a%20b?name=mr%00smith#f")
	sp := &editSpec{sep: '&', schemes: uri.DefaultSchemes(), trurl: true, normalize: true}
	f.Fuzz(func(t *testing.T, s string) {
		tm, err := parseTrurlTemplate(s)
		if err != nil {
			return
		}
		out, _ := tm.fill(nil, "in", u, sp)
		if !strings.ContainsAny(s, `{[\`) && string(out) != s {
			t.Errorf("template %q gives %q", s, out)
		}
	})
}

// FuzzNormalizeAsCurl: --normalize makes a valid URI reference of any
// valid one, and its result is its own normal form (libcurl's form is
// stable: trurl run on its output prints it again).
func FuzzNormalizeAsCurl(f *testing.F) {
	for _, s := range []string{"http://ex%61mple:80/%62ath/a/../b?%2e%FF#tes%74", "sftp://us%65r:pwd;giraffe@odd",
		"imap://a;b:c@odd", "http://e/?&&e&x&", "http://a/?x=a%20b+c&%2A*", "file:/x", "a/b?c#d", "http://0x7f.1/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := uri.Parse(s)
		if err != nil {
			return
		}
		if strings.Contains(strings.ToLower(u.Path()), "%2e") {
			// libcurl removes dot segments before it decodes "%2E", so
			// its form of "http://h/%2e" is "http://h/." and that of
			// "http://h/." is "http://h/" (trurl 0.16.1 with libcurl
			// 7.88.1): stable from the second run on.
			if u, err = uri.Parse(normalizeAsCurl(u, false, 0, '&').String()); err != nil {
				t.Fatalf("%q gives %q, which is not a URI reference: %v", s, normalizeAsCurl(uri.MustParse(s), false, 0, '&').String(), err)
			}
		}
		v := normalizeAsCurl(u, false, 0, '&')
		w, err := uri.Parse(v.String())
		if err != nil {
			t.Fatalf("%q gives %q, which is not a URI reference: %v", s, v.String(), err)
		}
		if x := normalizeAsCurl(w, false, 0, '&'); x.String() != v.String() {
			t.Errorf("%q gives %q, then %q", s, v.String(), x.String())
		}
	})
}
