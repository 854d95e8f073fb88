package whatwg

import (
	"encoding/json"
	"errors"
	"testing"
	"unsafe"
)

func TestAPI(t *testing.T) {
	if !CanParse("/x", MustParse("http://h/")) || CanParse("/x", URL{}) {
		t.Errorf("CanParse")
	}
	u, err := ParseWithBase("../c", "http://h/a/b")
	if err != nil || u.Href() != "http://h/c" {
		t.Errorf("ParseWithBase = %q, %v", u, err)
	}
	if _, err := ParseWithBase("c", "no base"); !errors.Is(err, ErrMissingScheme) {
		t.Errorf("ParseWithBase with a bad base: %v", err)
	}
	func() {
		defer func() {
			if recover() == nil {
				t.Errorf("MustParse did not panic")
			}
		}()
		MustParse("::")
	}()

	// URLs compare with == as the standard's URL equivalence does: by
	// serialization.
	if MustParse("HTTP://H:80/a/../b") != MustParse("http://h/b") {
		t.Errorf("equal URLs differ")
	}

	var z URL
	if z.Href() != "" || z.Protocol() != "" || z.Host() != "" || z.Pathname() != "" || z.Origin() != "null" {
		t.Errorf("zero URL getters")
	}
	if z.SetHost("h") != z || z.SetPathname("/p") != z || z.SetSearch("q") != z {
		t.Errorf("setters on the zero URL")
	}

	var s struct{ U URL }
	if err := json.Unmarshal([]byte(`{"U":"HTTPS://Example.org/%7e?a b"}`), &s); err != nil {
		t.Fatal(err)
	}
	out, _ := json.Marshal(s)
	if string(out) != `{"U":"https://example.org/%7e?a%20b"}` {
		t.Errorf("JSON round trip: %s", out)
	}
	if err := json.Unmarshal([]byte(`{"U":"nope"}`), &s); err == nil {
		t.Errorf("UnmarshalText accepted an invalid URL")
	}

	u = MustParse("http://h/p?")
	if q, ok := u.Query(); !ok || q != "" || u.Search() != "" {
		t.Errorf("empty query: %q %v %q", q, ok, u.Search())
	}
	if _, ok := MustParse("http://h/p").Fragment(); ok {
		t.Errorf("null fragment reported")
	}
	if !MustParse("mailto:x").HasOpaquePath() || MustParse("sc:/x").HasOpaquePath() || !MustParse("ws://h").Special() {
		t.Errorf("HasOpaquePath/Special")
	}
}

// The href of an input already in serialized form is the input itself, and
// parsing it allocates nothing; otherwise one allocation.
func TestAllocations(t *testing.T) {
	for _, s := range []string{
		"https://example.org/a/b?c=d#e", "file:///home/x.txt", "mailto:user@example.org",
		"http://[2001:db8::1]:8080/", "http://192.0.2.1/", "https://user:pass@h/p",
	} {
		u := MustParse(s)
		if unsafe.StringData(u.Href()) != unsafe.StringData(s) {
			t.Errorf("href of %q is a copy", s)
		}
		if n := testing.AllocsPerRun(10, func() { Parse(s) }); n != 0 {
			t.Errorf("Parse(%q): %v allocations", s, n)
		}
	}
	for _, s := range []string{
		"HTTPS://EXAMPLE.org", "http://h/a b/./../c?d e#f g", "http:\\\\h\\a\\..\\b", "http://0x7f.1/",
		"http://[0:0::1]/", "http://h:080/", "file:c|/x", "http://h/%7b%zz",
		// A changed href over 32 bytes: a copy of the text would be a
		// second allocation.
		"HTTP://example.org/a/long/path/with/several/segments?q=1#f",
	} {
		if n := testing.AllocsPerRun(10, func() { Parse(s) }); n > 1 {
			t.Errorf("Parse(%q): %v allocations", s, n)
		}
	}
	// A failure allocates its *Error and nothing else: a host that is
	// forbidden once percent-decoded fails before its decoding.
	for _, s := range []string{"x", "http://ho%00st/", "http://EX%2FAMPLE/", "https://ex ample.com/", "http://h:99999/"} {
		if n := testing.AllocsPerRun(10, func() { Parse(s) }); n != 1 {
			t.Errorf("Parse(%q) (a failure): %v allocations", s, n)
		}
	}
}
