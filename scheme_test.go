package uri

import (
	"strings"
	"testing"
)

func TestDefaultPort(t *testing.T) {
	for _, tc := range []struct {
		scheme string
		port   uint16
		ok     bool
	}{
		{"http", 80, true},
		{"HTTP", 80, true},
		{"hTtPs", 443, true},
		{"ws", 80, true},
		{"WSS", 443, true},
		{"ftp", 21, true},
		{"ssh", 22, true},
		{"git", 9418, true},
		{"file", 0, false},
		{"FILE", 0, false},
		{"foo", 0, false},
		{"", 0, false},
		{"HTTP" + strings.Repeat("S", 40), 0, false},
		{"http" + strings.Repeat("s", 40), 0, false},
	} {
		port, ok := DefaultPort(tc.scheme)
		if port != tc.port || ok != tc.ok {
			t.Errorf("DefaultPort(%q) = %d, %v, want %d, %v", tc.scheme, port, ok, tc.port, tc.ok)
		}
	}
	// The table and DefaultPort agree, in any case.
	for name, info := range DefaultSchemes() {
		if len(name) > maxDefaultSchemeLen {
			t.Errorf("scheme %q is longer than maxDefaultSchemeLen (%d)", name, maxDefaultSchemeLen)
		}
		for _, s := range []string{name, strings.ToUpper(name)} {
			if port, ok := DefaultPort(s); port != info.Port || ok != (info.Port != 0) {
				t.Errorf("DefaultPort(%q) = %d, %v; the table says %d", s, port, ok, info.Port)
			}
		}
	}
	if n := testing.AllocsPerRun(100, func() {
		DefaultPort("HTTPS")
		DefaultPort("https")
	}); n != 0 {
		t.Errorf("DefaultPort allocates %v times", n)
	}
}

func BenchmarkDefaultPort(b *testing.B) {
	for _, s := range []string{"https", "HTTPS", "foo"} {
		b.Run(s, func(b *testing.B) {
			for b.Loop() {
				DefaultPort(s)
			}
		})
	}
}
