package whatwg

import (
	"errors"
	"net/netip"
	"testing"
)

func TestParseIPv4(t *testing.T) {
	for _, tc := range []struct {
		in     string
		want   string // "" for a failure
		reason string
	}{
		{"1.2.3.4", "1.2.3.4", ""},
		{"1.2.3.4.", "1.2.3.4", ""},
		{"0x7f.1", "127.0.0.1", ""},
		{"0X7F.0.0.01", "127.0.0.1", ""},
		{"3279880203", "195.127.0.11", ""},
		{"10.0.258", "10.0.1.2", ""},
		{"0x", "0.0.0.0", ""},
		{"0", "0.0.0.0", ""},
		{"4294967295", "255.255.255.255", ""},
		{"4294967296", "", "IPv4-out-of-range-part"},
		{"0xFFFFFFFFFF", "", "IPv4-out-of-range-part"},
		{"256.1", "", "IPv4-out-of-range-part"},
		{"1.2.3.4.5", "", "IPv4-too-many-parts"},
		// More than four parts fail as such before a part is parsed
		// (IPv4 parser, step 4), non-numeric ones included.
		{"a.1.2.3.4", "", "IPv4-too-many-parts"},
		{"1.2.3.x.5", "", "IPv4-too-many-parts"},
		{"1.2.3.4.x", "", "IPv4-too-many-parts"},
		{"1.2.3.4..", "", "IPv4-too-many-parts"},
		{"x.1.2.3", "", "IPv4-non-numeric-part"},
		{"1.2.3.x", "", "IPv4-non-numeric-part"},
		{"1.2.3.4.", "1.2.3.4", ""},
		{"0xa.0.99.255", "10.0.99.255", ""},
		{"00.0.0.0", "0.0.0.0", ""},
		{"0.0x.00.0X", "0.0.0.0", ""},
		{"1.0xg", "", "IPv4-non-numeric-part"},
		{"1.08", "", "IPv4-non-numeric-part"},
		{"09", "", "IPv4-non-numeric-part"},
		{"1..2", "", "IPv4-non-numeric-part"},
		{"a.1", "", "IPv4-non-numeric-part"},
		{".", "", "IPv4-non-numeric-part"},
		{"", "", "IPv4-non-numeric-part"},
	} {
		a, err := ParseIPv4(tc.in)
		if tc.want != "" {
			if err != nil || a != netip.MustParseAddr(tc.want) {
				t.Errorf("ParseIPv4(%q) = %v, %v, want %s", tc.in, a, err, tc.want)
			}
			continue
		}
		var e *Error
		if !errors.As(err, &e) || !errors.Is(err, ErrIPv4) || e.Reason != tc.reason || a.IsValid() {
			t.Errorf("ParseIPv4(%q) = %v, %v, want the failure %s", tc.in, a, err, tc.reason)
		}
	}
}

func TestEndsInNumber(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want bool
	}{
		{"", false},
		{".", false},
		{"1", true},
		{"1.", true},
		{"1..", false},
		{"a.09", true},
		{"a.0x", true},
		{"a.0XfF", true},
		{"a.0xg", false},
		{"a.1a", false},
		{"example.com", false},
		{"0xFFFFFFFFFF", true},
	} {
		if got := EndsInNumber(tc.in); got != tc.want {
			t.Errorf("EndsInNumber(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

// TestIPv4AsParser checks that EndsInNumber and ParseIPv4 read an ASCII
// host as the host parser of a special URL does.
func TestIPv4AsParser(t *testing.T) {
	for _, h := range []string{
		"1.2.3.4", "0x7f.1", "1.2.3.4.", "0x", "a.0x", "4294967296", "0xFFFFFFFFFF",
		"1.2.3.4.5", "09", "1..2", "example.com", "a.1", "1a", "256.256", "0.0.0.0x100",
		"0xa.0.99.255", "012.0.0.1", "199.99.9.0", "255.255.255.255", "0.0.0.0", "100.10.1.0.",
		"1.2.3.004", "1.2.3.4.x.5", "a.1.2.3.4",
	} {
		u, perr := Parse("http://" + h + "/")
		a, err := ParseIPv4(h)
		switch {
		case !EndsInNumber(h):
			if perr == nil && u.Hostname() != h {
				t.Errorf("%q ends in no number, but the parser reads the host %q", h, u.Hostname())
			}
		case err != nil:
			if !errors.Is(perr, ErrIPv4) {
				t.Errorf("ParseIPv4(%q) fails (%v), the parser gives %v", h, err, perr)
			}
		case perr != nil || u.Hostname() != a.String():
			t.Errorf("ParseIPv4(%q) = %v, the parser reads %q, %v", h, a, u.Hostname(), perr)
		}
	}
}
