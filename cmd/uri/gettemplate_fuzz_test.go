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
