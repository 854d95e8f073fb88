package keycanon

import (
	"strconv"
	"strings"
	"testing"
)

// GoogleURLCanonicalizerTest.java's unescapeRepeatedly cases, as
// internetarchive/surt tests/test_surt.py (test_unescapeRepeatedly) copies
// them.
func TestUnescapeRepeatedly(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"%!A%21%21%25", "%!A!!%"}, {"%", "%"}, {"%2", "%2"}, {"%25", "%"},
		{"%25%", "%%"}, {"%2525", "%"}, {"%252525", "%"}, {"%25%32%35", "%"},
	} {
		if got := string(UnescapeRepeatedly([]byte(c.in))); got != c.want {
			t.Errorf("UnescapeRepeatedly(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	// Linear: a chain of a million levels.
	if got := string(UnescapeRepeatedly([]byte("%25" + strings.Repeat("25", 1<<20)))); got != "%" {
		t.Errorf("chain: %q", got)
	}
}

// One pass only: "%2541" is "%41"; a "%" that begins no triplet stays.
func TestUnescapeOnce(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"%2541.com", "%41.com"}, {"abc", "abc"}, {"%", "%"}, {"%4", "%4"},
		{"%zz%41", "%zzA"}, {"%%41", "%A"}, {"a%2e%2E", "a.."},
	} {
		if got := string(UnescapeOnce([]byte(c.in))); got != c.want {
			t.Errorf("UnescapeOnce(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// internetarchive/surt test_attemptIPFormats, and the Safe Browsing
// document's "http://3279880203/blah".
func TestInetAton(t *testing.T) {
	for _, c := range []struct {
		in, want string
		ok       bool
	}{
		{"127.0.0.1", "127.0.0.1", true}, {"017.0.0.1", "15.0.0.1", true},
		{"168.188.99.26", "168.188.99.26", true}, {"10.0.258", "10.0.1.2", true},
		{"1.2.3.256", "", false}, {"www.foo.com", "", false},
		{"3279880203", "195.127.0.11", true}, {"0x7f.1", "127.0.0.1", true},
	} {
		a, ok := InetAton([]byte(c.in))
		if ok != c.ok || ok && a.String() != c.want {
			t.Errorf("InetAton(%q) = %v, %v; want %q, %v", c.in, a, ok, c.want, c.ok)
		}
	}
}

// The word-at-a-time loops against the byte-at-a-time rule: each special
// byte at each place of strings of 0 to 24 bytes.
func TestEscapeWords(t *testing.T) {
	ref := func(b []byte) string {
		var s strings.Builder
		for _, c := range b {
			if MustEscape(c) {
				s.WriteString("%" + strings.ToUpper(strconv.FormatUint(uint64(c)|0x100, 16)[1:]))
			} else {
				s.WriteByte(c)
			}
		}
		return s.String()
	}
	for n := 0; n <= 24; n++ {
		for p := -1; p < n; p++ {
			for _, special := range []byte{0, '\t', '\n', '\r', 0x0d, 0x0e, ' ', '!', '#', '%', 0x7e, 0x7f, 0x80, 0xff, 'Z'} {
				b := []byte(strings.Repeat("aZ~", 9)[:n])
				if p >= 0 {
					b[p] = special
				}
				want := ref(b)
				if got := string(AppendEscaped(nil, b)); got != want {
					t.Fatalf("AppendEscaped(%q) = %q, want %q", b, got, want)
				}
				if got := EscapedLen(b); got != len(want) {
					t.Fatalf("EscapedLen(%q) = %d, want %d", b, got, len(want))
				}
				control := false
				for _, c := range b {
					control = control || c < 0x0e
				}
				if got := HasControl(string(b)); got != control {
					t.Fatalf("HasControl(%q) = %v, want %v", b, got, control)
				}
			}
		}
	}
}
