package lint

import (
	"errors"
	"testing"
)

func TestPolicy(t *testing.T) {
	for _, tc := range []struct {
		name  string
		p     Policy
		allow []string
		deny  []string
	}{
		{"zero", Policy{},
			[]string{"https://example.com/a?b", "http://bücher.de/", "http://example.com:8080/"},
			[]string{"ftp://example.com/", "javascript:alert(1)", "http://user@example.com/", "http://127.0.0.1/",
				"http://[::1]/", "http://localhost/", "http://0x7f.1/", `http://good.com\@evil.com/`, "http://a@b@c/",
				"http:///x", "/relative", "http://example.com:22/", "http://%65vil.com/", "http://аррӏе.com/", " http://a/",
				"http://example.com:99999/"}},
		{"hosts", Policy{Hosts: []string{"example.com", ".example.org"}},
			[]string{"http://example.com/", "http://EXAMPLE.com/", "http://a.example.org/", "http://example.org/", "http://example.com./"},
			[]string{"http://a.example.com/", "http://evilexample.org/", "http://example.com.evil/", "http://example.com@evil.com/"}},
		{"ports", Policy{Ports: []uint16{443}},
			[]string{"https://a.example/", "https://a.example:443/", "http://a.example:443/"},
			[]string{"http://a.example/", "https://a.example:8443/"}},
		{"schemes", Policy{Schemes: []string{"ftp"}},
			[]string{"ftp://a.example/x"},
			[]string{"http://a.example/"}},
		{"userinfo", Policy{AllowUserinfo: true},
			[]string{"http://user:pw@a.example/"},
			[]string{"http://www.bank.com@evil.example/"}},
		{"ip", Policy{AllowIP: true},
			[]string{"http://8.8.8.8/", "http://[2001:4860::8888]/"},
			[]string{"http://10.0.0.1/", "http://[::ffff:127.0.0.1]/", "http://2130706433/", "http://169.254.169.254/"}},
		{"internal", Policy{AllowIP: true, AllowInternal: true},
			[]string{"http://10.0.0.1/", "http://localhost/"},
			[]string{"http://0x7f.1/"}},
		{"threshold", Policy{Threshold: High},
			[]string{"http://a.example/?x=1;y=2", "http://a.example/%2e%2e/"},
			[]string{"http://a.example/%00"}},
	} {
		for _, s := range tc.allow {
			if u, err := tc.p.Check(s); err != nil {
				t.Errorf("%s: Check(%q) = %v", tc.name, s, err)
			} else if u.String() == "" {
				t.Errorf("%s: Check(%q) gave an empty URI", tc.name, s)
			}
		}
		for _, s := range tc.deny {
			_, err := tc.p.Check(s)
			var pe *PolicyError
			if err == nil || !errors.Is(err, ErrRejected) || !errors.As(err, &pe) || pe.Input != s {
				t.Errorf("%s: Check(%q) = %v, want a *PolicyError", tc.name, s, err)
			}
		}
	}
}

// TestPolicyASCIIHost checks that the URI Check returns has the host in
// the form resolvers take (RFC 3987, section 3.1).
func TestPolicyASCIIHost(t *testing.T) {
	u, err := Policy{Hosts: []string{"xn--bcher-kva.de"}}.Check("http://Bücher.de/")
	if err != nil || u.Host() != "xn--bcher-kva.de" {
		t.Errorf("Check = %v, %v, want host xn--bcher-kva.de", u, err)
	}
}
