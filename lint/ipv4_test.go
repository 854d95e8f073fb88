package lint

import "testing"

// TestIPv4FormLargeHex checks that a host whose last part is hexadecimal
// and too large for an IPv4 address ends in a number, as the URL
// Standard's ends in a number checker says: browsers reject the URL, and
// Lint says so, as it does for a decimal last part too large.
func TestIPv4FormLargeHex(t *testing.T) {
	for _, s := range []string{"http://0xFFFFFFFFFF/", "http://4294967296000/", "http://a.0x1ffffffff/"} {
		found := false
		for _, f := range Lint(s) {
			found = found || f.Code == CodeIPv4Form && f.Severity == Low
		}
		if !found {
			t.Errorf("Lint(%q): no low %s finding", s, CodeIPv4Form)
		}
	}
}
