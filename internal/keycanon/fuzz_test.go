package keycanon

import (
	"strconv"
	"strings"
	"testing"
)

// unescapeByPasses is the documents' own wording: decode every "%XY" once,
// left to right, and again until a pass changes nothing. Quadratic, so for
// short inputs only.
func unescapeByPasses(s string) string {
	for {
		var b strings.Builder
		for i := 0; i < len(s); i++ {
			if s[i] == '%' && i+2 < len(s) {
				if v, err := strconv.ParseUint(s[i+1:i+3], 16, 8); err == nil {
					b.WriteByte(byte(v))
					i += 2
					continue
				}
			}
			b.WriteByte(s[i])
		}
		if b.String() == s {
			return s
		}
		s = b.String()
	}
}

// FuzzUnescapeRepeatedly checks that the one-pass unescaping gives what
// the passes give, and that it is idempotent.
func FuzzUnescapeRepeatedly(f *testing.F) {
	for _, s := range []string{"%252525", "%%32%35", "%2%35", "%25%32%35", "a%41%", "%%%25%32%35asd%%"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 256 {
			return
		}
		got := string(UnescapeRepeatedly([]byte(s)))
		if want := unescapeByPasses(s); got != want {
			t.Fatalf("UnescapeRepeatedly(%q) = %q, passes give %q", s, got, want)
		}
		if again := string(UnescapeRepeatedly([]byte(got))); again != got {
			t.Fatalf("not idempotent: %q -> %q -> %q", s, got, again)
		}
	})
}

// inetAtonByParts is inet_aton as its manual page puts it, with strconv:
// one to four parts, each decimal, octal after "0" or hexadecimal after
// "0x"; the last fills the bytes the others leave.
func inetAtonByParts(h string) (string, bool) {
	parts := strings.Split(h, ".")
	if len(parts) > 4 {
		return "", false
	}
	var v uint64
	for i, p := range parts {
		base := 10
		switch {
		case strings.HasPrefix(p, "0x") || strings.HasPrefix(p, "0X"):
			base, p = 16, p[2:]
		case strings.HasPrefix(p, "0") && len(p) > 1:
			base, p = 8, p[1:]
		}
		if p == "" || strings.ContainsAny(p, "+-_") {
			return "", false
		}
		n, err := strconv.ParseUint(p, base, 32)
		if err != nil {
			return "", false
		}
		if i < len(parts)-1 {
			if n > 255 {
				return "", false
			}
			v = v<<8 | n
			continue
		}
		bits := 8 * (4 - i)
		if n >= 1<<bits {
			return "", false
		}
		v = v<<bits | n
	}
	return strconv.Itoa(int(v>>24)) + "." + strconv.Itoa(int(v>>16&255)) + "." + strconv.Itoa(int(v>>8&255)) + "." + strconv.Itoa(int(v&255)), true
}

// FuzzInetAton checks InetAton against the manual page's reading, and that
// the dotted decimal form it writes reads back as the same address.
func FuzzInetAton(f *testing.F) {
	for _, s := range []string{"127.0.0.1", "017.0.0.1", "10.0.258", "3279880203", "0x7f.1", "0", "0x", "1.2.3.4.5", "08", "0.0.0.0x100", "4294967296", "1..2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, ok := InetAton([]byte(s))
		want, wok := inetAtonByParts(s)
		if ok != wok || ok && a.String() != want {
			t.Fatalf("InetAton(%q) = %v, %v; the parts give %q, %v", s, a, ok, want, wok)
		}
		if ok {
			if b, ok2 := InetAton([]byte(a.String())); !ok2 || b != a {
				t.Fatalf("InetAton(%q) = %v, which reads back as %v, %v", s, a, b, ok2)
			}
		}
	})
}
