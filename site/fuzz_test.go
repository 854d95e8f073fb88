package site

import (
	"testing"

	"github.com/ferret-go/uri"
)

// FuzzSite checks that the functions never panic, that a registrable domain
// is its own registrable domain and ends with the host's public suffix, and
// that same-origin URIs are same-site.
func FuzzSite(f *testing.F) {
	for _, s := range []string{"https://www.example.co.uk/", "http://a.b.c.kobe.jp:8080/", "http://食狮.公司.cn/",
		"http://[::1]/", "http://1.2.3.4/", "http://example.com./", "mailto:x@y", "http://%41.com/", "http://a..b/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := uri.Parse(s)
		if err != nil {
			return
		}
		if d, ok := RegistrableDomain(u); ok {
			d2, ok2 := HostRegistrableDomain(d)
			if !ok2 || d2 != d {
				t.Fatalf("registrable domain %q of %q has registrable domain %q, %v", d, s, d2, ok2)
			}
			ps, _, ok3 := PublicSuffix(u)
			if !ok3 || len(ps) >= len(d) || d[len(d)-len(ps)-1:] != "."+ps {
				t.Fatalf("registrable domain %q of %q does not end with its public suffix %q", d, s, ps)
			}
		}
		if SameOrigin(u, u) && !SameSite(u, u) {
			t.Fatalf("%q is same-origin with itself but not same-site", s)
		}
		_ = OriginOf(u).String()
	})
}
