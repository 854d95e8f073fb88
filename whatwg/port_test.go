package whatwg

import "testing"

func TestDefaultPort(t *testing.T) {
	// The special schemes' default ports (section "URL miscellaneous").
	for _, tc := range []struct {
		scheme string
		port   uint16
		ok     bool
	}{
		{"ftp", 21, true},
		{"http", 80, true},
		{"https", 443, true},
		{"ws", 80, true},
		{"wss", 443, true},
		{"file", 0, false},
		{"HTTP", 0, false},
		{"ssh", 0, false},
		{"", 0, false},
	} {
		port, ok := DefaultPort(tc.scheme)
		if port != tc.port || ok != tc.ok {
			t.Errorf("DefaultPort(%q) = %d, %v, want %d, %v", tc.scheme, port, ok, tc.port, tc.ok)
		}
	}
}

// TestIsSpecial holds IsSpecial to the URL Standard's list of special
// schemes, lowercase only.
func TestIsSpecial(t *testing.T) {
	for _, s := range []string{"ftp", "file", "http", "https", "ws", "wss"} {
		if !IsSpecial(s) {
			t.Errorf("IsSpecial(%q) = false", s)
		}
	}
	for _, s := range []string{"", "HTTP", "gopher", "blob", "data", "javascript", "httpss", "ws:"} {
		if IsSpecial(s) {
			t.Errorf("IsSpecial(%q) = true", s)
		}
	}
}
