package readers

import (
	"errors"
	"testing"
)

// TestAll checks what the command and lint rely on: each reader has a
// name that is a JSON key and a --readers word, unique, a parser named,
// and ByName finds it.
func TestAll(t *testing.T) {
	seen := map[string]bool{"rfc3986": true, "whatwg": true, "net_url": true} // the command's own three
	for _, r := range All() {
		for i := 0; i < len(r.Name); i++ {
			if c := r.Name[i]; !(c >= 'a' && c <= 'z' || c == '_') {
				t.Errorf("reader name %q: %q is not a lowercase letter or _", r.Name, c)
			}
		}
		if r.Name == "" || seen[r.Name] {
			t.Errorf("reader name %q is empty or taken", r.Name)
		}
		seen[r.Name] = true
		if r.Parser == "" || r.Read == nil {
			t.Errorf("reader %q: no parser named or no Read", r.Name)
		}
		if got, ok := ByName(r.Name); !ok || got.Name != r.Name {
			t.Errorf("ByName(%q) = %q, %v", r.Name, got.Name, ok)
		}
	}
	if _, ok := ByName("rfc3986"); ok {
		t.Error(`ByName("rfc3986") found an emulation: that name is the command's own reader`)
	}
}

// TestSameReading checks SameReading against the readers themselves: where
// it says curl and curl_guess read a string alike, every field and the
// error's cause are the same. The inputs are the recorded tables' and the
// readers' tables' with shapes around the scheme.
func TestSameReading(t *testing.T) {
	inputs := []string{"http://a/", "HTTP:/a", "http:a", "a:/b", "example.com/x", "ftp.example.com", "x:\x00/", "h\x00ttp://a/",
		"mailto:a@b.c", "http:\\\\a", "1+2.c://x:1/", "localhost:8080/x", "file:///etc/passwd", "file:/x", ":/x", "http://[::1]:80:81/"}
	for _, name := range []string{"curl", "curl_guess", "java"} {
		tab := loadRecorded(t, name)
		for _, c := range tab.Cases {
			inputs = append(inputs, c.Input)
		}
	}
	same := 0
	for _, s := range inputs {
		if SameReading("java", "java", s) || SameReading("curl", "python", s) {
			t.Errorf("SameReading of readers it does not know = true for %q", s)
		}
		if !SameReading("curl", "curl_guess", s) {
			continue
		}
		same++
		a, b := Curl(s), CurlGuess(s)
		ea, eb := a.Err, b.Err
		a.Err, b.Err = nil, nil
		if a != b || (ea == nil) != (eb == nil) || ea != nil && !errors.Is(eb, errors.Unwrap(ea)) {
			t.Errorf("SameReading(curl, curl_guess, %q), but Curl = %+v, %v; CurlGuess = %+v, %v", s, a, ea, b, eb)
		}
	}
	if same == 0 || same == len(inputs) {
		t.Errorf("SameReading true on %d of %d inputs", same, len(inputs))
	}
}
