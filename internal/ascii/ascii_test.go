package ascii

import (
	"strings"
	"testing"
)

// The plain loops that the scans must agree with.

func isRef(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

func inRangeRef(s string, lo byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < lo || s[i] >= 0x80 {
			return false
		}
	}
	return true
}

func hasBelowRef(s string, lo byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < lo {
			return true
		}
	}
	return false
}

// check compares each scan with its loop on s (Is as a string and as
// bytes).
func check(t *testing.T, s string) {
	t.Helper()
	if got, want := Is(s), isRef(s); got != want || IsBytes([]byte(s)) != want {
		t.Fatalf("Is(%q) = %v, want %v", s, got, want)
	}
	for _, lo := range []byte{0, 1, 0x0e, 0x20, 0x21, 0x41, 0x7f, 0x80} {
		if got, want := InRange(s, lo), inRangeRef(s, lo); got != want {
			t.Fatalf("InRange(%q, %#x) = %v, want %v", s, lo, got, want)
		}
		if got, want := HasBelow(s, lo), hasBelowRef(s, lo); got != want {
			t.Fatalf("HasBelow(%q, %#x) = %v, want %v", s, lo, got, want)
		}
	}
}

// TestScans puts every byte, and every pair of bytes of a set that meets
// the borrows' edge cases, at every position of texts of 0 to 19 bytes
// over a background of each kind.
func TestScans(t *testing.T) {
	edges := []byte{0, 1, 0x0d, 0x0e, 0x1f, 0x20, 0x21, 'a', 0x7f, 0x80, 0x81, 0xc3, 0xff}
	for _, bg := range []byte{'a', 0x20, 0x7f, 0xff} {
		for n := 0; n < 20; n++ {
			base := []byte(strings.Repeat(string([]byte{bg}), n))
			check(t, string(base))
			for i := 0; i < n; i++ {
				for c := range 256 {
					b := append([]byte(nil), base...)
					b[i] = byte(c)
					check(t, string(b))
				}
				for j := i + 1; j < n; j++ {
					for _, c := range edges {
						for _, d := range edges {
							b := append([]byte(nil), base...)
							b[i], b[j] = c, d
							check(t, string(b))
						}
					}
				}
			}
		}
	}
}

func TestAllocs(t *testing.T) {
	s := strings.Repeat("example.com/", 10)
	b := []byte(s)
	if n := testing.AllocsPerRun(100, func() {
		Is(s)
		IsBytes(b)
		InRange(s, 0x20)
		HasBelow(s, 0x0e)
	}); n != 0 {
		t.Errorf("the scans allocate %v times", n)
	}
}

func BenchmarkIs(b *testing.B) {
	for _, s := range []string{"example.com", "www.example.com/a/path/to/something?q=1", strings.Repeat("a", 1000)} {
		b.Run("len="+itoa(len(s)), func(b *testing.B) {
			b.SetBytes(int64(len(s)))
			for b.Loop() {
				Is(s)
			}
		})
		b.Run("len="+itoa(len(s))+"/loop", func(b *testing.B) {
			b.SetBytes(int64(len(s)))
			for b.Loop() {
				isRef(s)
			}
		})
	}
}

func BenchmarkInRange(b *testing.B) {
	for _, s := range []string{"http://example.com/", "https://www.example.com/a/path/to/something?q=1", strings.Repeat("a", 1000)} {
		b.Run("len="+itoa(len(s)), func(b *testing.B) {
			b.SetBytes(int64(len(s)))
			for b.Loop() {
				InRange(s, 0x20)
			}
		})
	}
}

func BenchmarkHasBelow(b *testing.B) {
	for _, s := range []string{"//example.com/", "//www.example.com/a/path/to/something?q=1", strings.Repeat("a", 1000)} {
		b.Run("len="+itoa(len(s)), func(b *testing.B) {
			b.SetBytes(int64(len(s)))
			for b.Loop() {
				HasBelow(s, 0x0e)
			}
		})
	}
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
