package readers

import "testing"

// TestAllocs: each reader takes at most one allocation on the usual
// shapes, the ones that make it copy included (tabs, uppercase hosts,
// control bytes, backslashes, escapes). Node's IDNA conversion of a
// non-ASCII host (golang.org/x/net/idna) takes more, and a rejection
// allocates its *Error besides: neither is listed.
func TestAllocs(t *testing.T) {
	inputs := []string{
		"http://example.com/a/b?c=d#e",
		"https://user:pass@EXAMPLE.com:8080/p?q",
		"HTTP://A.B/\tc\r\n",
		"http://a\x01b/\x7f?\x00#",
		"http://a\\b\\c/d",
		"http://[FE80::1]:80/",
		"http://%41%42@host/",
		"//x/y",
		"mailto:a@b.c",
	}
	for _, r := range All() {
		for _, in := range inputs {
			if r.Read(in).Err != nil {
				continue // a rejection: its *Error is not counted
			}
			if n := testing.AllocsPerRun(10, func() { r.Read(in) }); n > 1 {
				t.Errorf("%s(%q): %.0f allocations", r.Name, in, n)
			}
		}
	}
}
