package whatwg

// Fuzz tests. Seeds: testdata/fuzz/<FuzzName>/ (checked in) and the inputs
// of urltestdata.json. Run one with, for example,
//
//	go test -run '^$' -fuzz '^FuzzParse$' -fuzztime 2m

import (
	"errors"
	"strings"
	"testing"

	"github.com/ferret-go/uri/internal/utf8dec"
)

func addURLTestSeeds(f *testing.F, add func(input, base string)) {
	var t testing.T
	for _, c := range loadURLCases(&t) {
		base := ""
		if c.Base != nil {
			base = *c.Base
		}
		add(c.Input, base)
	}
}

// FuzzParse: parsing never panics; a parsed URL's href parses to the same
// URL (the standard's idempotence: serializing then parsing gives the
// same URL); getters slice the href without overlap.
func FuzzParse(f *testing.F) {
	addURLTestSeeds(f, func(in, base string) { f.Add(in, base) })
	f.Fuzz(func(t *testing.T, input, base string) {
		var b URL
		if base != "" {
			var err error
			if b, err = Parse(base); err != nil {
				b = URL{}
			}
		}
		u, err := ParseRef(input, b)
		_, verrs, err2 := Validate(input, b)
		if (err == nil) != (err2 == nil) {
			t.Fatalf("ParseRef and Validate disagree on %q: %v, %v", input, err, err2)
		}
		// A string that is not UTF-8 reads as its scalar value string,
		// the Encoding Standard's decoding of it.
		if d := utf8dec.Decode(input); d != input {
			ud, errd := ParseRef(d, b)
			if (err == nil) != (errd == nil) || err == nil && ud.Href() != u.Href() {
				t.Fatalf("ParseRef(%q) = %q, %v; of its decoding %q: %q, %v", input, u.Href(), err, d, ud.Href(), errd)
			}
		}
		var e *Error
		if errors.As(err, &e) && (e.Offset < 0 || e.Offset > len(input)) {
			t.Fatalf("ParseRef(%q): %v, offset outside the input", input, err)
		}
		if err != nil {
			return
		}
		for _, v := range verrs {
			if v.Offset < 0 || v.Offset > len(input) {
				t.Fatalf("validation error %v outside %q", v, input)
			}
		}
		v, err := Parse(u.Href())
		if err != nil {
			t.Fatalf("Parse(%q) = %q, which fails to parse: %v", input, u.Href(), err)
		}
		if v != u {
			t.Fatalf("Parse(%q) = %#v; reparsed %#v", input, u, v)
		}
		whole := u.Protocol()
		if u.Host() != "" || strings.HasPrefix(u.Href()[len(whole):], "//") {
			whole += "//"
			if u.Username() != "" || u.Password() != "" {
				whole += u.Username()
				if u.Password() != "" {
					whole += ":" + u.Password()
				}
				whole += "@"
			}
			whole += u.Host()
		}
		tail := u.Pathname()
		if q, ok := u.Query(); ok {
			tail += "?" + q
		}
		if fr, ok := u.Fragment(); ok {
			tail += "#" + fr
		}
		if !strings.HasSuffix(u.Href(), tail) || !strings.HasPrefix(u.Href(), whole) || len(whole)+len(tail) > len(u.Href()) {
			t.Fatalf("attributes of %q do not add up: %q %q %q %q", u.Href(), whole, u.Pathname(), u.Search(), u.Hash())
		}
	})
}

// FuzzSetters: every setter leaves a URL whose href parses to that same
// URL, and never panics.
func FuzzSetters(f *testing.F) {
	for _, s := range []struct{ href, value string }{
		{"https://example.org/a?b#c", "x:y@h:1/p?q#f"},
		{"file:///c:/x", "C|\\y"},
		{"mailto:x@y", "http:"},
		{"sc://h/p", "/./..//a"},
		{"sc:/p", "//x"},
		{"http://[::1]:8080/", "[::ffff:1.2.3.4]:0"},
		{"http://user:pass@h/", ""},
	} {
		for attr := range uint8(10) {
			f.Add(s.href, s.value, attr)
		}
	}
	f.Fuzz(func(t *testing.T, href, value string, attr uint8) {
		u, err := Parse(href)
		if err != nil {
			return
		}
		names := []string{"href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"}
		name := names[int(attr)%len(names)]
		v := set(u, name, value)
		w, err := Parse(v.Href())
		if err != nil {
			t.Fatalf("%q.%s = %q gives %q, which fails to parse: %v", href, name, value, v.Href(), err)
		}
		if w != v {
			t.Fatalf("%q.%s = %q gives %#v; reparsed %#v", href, name, value, v, w)
		}
		sp := v.SearchParams()
		sp.Sort()
		x := v.WithSearchParams(sp)
		if y, err := Parse(x.Href()); err != nil || y != x {
			t.Fatalf("%q with sorted search params %q does not reparse: %v", v.Href(), x.Href(), err)
		}
	})
}
