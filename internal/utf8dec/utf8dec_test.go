package utf8dec

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// decodeCases are byte strings and what the Encoding Standard's UTF-8
// decoder makes of them, "R" standing for U+FFFD. The first is the example
// of the Unicode Standard, chapter 3, Table 3-8 ("U+FFFD for maximal
// subparts"); the others follow the decoder's steps (lead byte ranges, the
// bounds 0xA0 after 0xE0, 0x9F after 0xED, 0x90 after 0xF0, 0x8F after
// 0xF4, the byte that breaks a sequence restored to the stream). Every
// expected value agrees with Node's TextDecoder (ignoreBOM), an
// implementation of the Encoding Standard.
var decodeCases = []struct{ in, want string }{
	{"\x61\xF1\x80\x80\xE1\x80\xC2\x62\x80\x63\x80\xBF\x64", "aRRRbRcRRd"},
	{"\xE3\x80", "R"},           // a truncated sequence is one subpart
	{"\x80\x80", "RR"},          // lone continuation bytes, one each
	{"\xE3", "R"},               // truncated at the end
	{"\xE3\r\x80\x82", "R\rRR"}, // the "\r" breaks the sequence and stays
	{"\xC0\xAF", "RR"},          // overlong: 0xC0 begins no sequence
	{"\xED\xA0\x80", "RRR"},     // a surrogate: 0xA0 is above 0x9F
	{"\xF4\x90\x80\x80", "RRRR"},
	{"\xF0\x90", "R"},
	{"\xF0\x90\x80\x80", "\U00010000"},
	{"\xF5", "R"},
	{"\xFFA", "RA"},
	{"\xEF\xBB\xBFA", "\uFEFFA"}, // without BOM: the BOM is kept
	{"\xC2", "R"},
	{"\xDF\xBF", "\u07FF"},
	{"\xE0\xA0\x80", "\u0800"},
	{"\xE0\x9F\x80", "RRR"},
	{"\xF4\x8F\xBF\xBF", "\U0010FFFF"},
	{"\xED\x9F\xBF", "\uD7FF"},
	{"\xED\xBF\xBF", "RRR"},
	{"\xF8\x80\x80\x80\x80", "RRRRR"},
	{"\xE3\xE3\x80", "RR"},
	{"\xF1\xF1", "RR"},
	{"\xC3\xA9", "é"},
	{"", ""},
	{"plain", "plain"},
}

func TestDecode(t *testing.T) {
	for _, tc := range decodeCases {
		want := strings.ReplaceAll(tc.want, "R", Replacement)
		if got := Decode(tc.in); got != want {
			t.Errorf("Decode(%q) = %q, want %q", tc.in, got, want)
		}
		if got := string(Append([]byte("x"), tc.in)); got != "x"+want {
			t.Errorf("Append(x, %q) = %q, want %q", tc.in, got, "x"+want)
		}
	}
}

// TestOffset checks Offset on the Table 3-8 example, position by position:
// each byte of a U+FFFD maps to the start of its subpart, other bytes to
// themselves.
func TestOffset(t *testing.T) {
	in := "\x61\xF1\x80\x80\xE1\x80\xC2\x62\x80\x63\x80\xBF\x64"
	// Decode(in) is a R R R b R c R R d; the input offsets of its
	// characters: a 0, subparts at 1, 4, 6, b 7, subpart 8, c 9,
	// subparts 10 and 11, d 12.
	starts := []int{0, 1, 4, 6, 7, 8, 9, 10, 11, 12}
	dec := Decode(in)
	offs := Offsets(in)
	if len(offs) != len(dec)+1 {
		t.Fatalf("len(Offsets(in)) = %d, want %d", len(offs), len(dec)+1)
	}
	k := 0
	for j, r := range dec {
		for b := 0; b < utf8.RuneLen(r); b++ {
			if got := Offset(in, j+b); got != starts[k] {
				t.Errorf("Offset(in, %d) = %d, want %d", j+b, got, starts[k])
			}
			if got := offs[j+b]; got != starts[k] {
				t.Errorf("Offsets(in)[%d] = %d, want %d", j+b, got, starts[k])
			}
		}
		k++
	}
	if got := Offset(in, len(dec)); got != len(in) {
		t.Errorf("Offset(in, end) = %d, want %d", got, len(in))
	}
	if got := offs[len(dec)]; got != len(in) {
		t.Errorf("Offsets(in)[end] = %d, want %d", got, len(in))
	}
}

// FuzzDecode checks for any string: the result is valid UTF-8; valid input
// comes back as it is; the subparts and the scalar values between them
// cover the input exactly, each subpart being 1 to 3 bytes that begin no
// valid sequence; and Offset is monotonic and within the input.
func FuzzDecode(f *testing.F) {
	for _, tc := range decodeCases {
		f.Add(tc.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d := Decode(s)
		if !utf8.ValidString(d) {
			t.Fatalf("Decode(%q) = %q, not UTF-8", s, d)
		}
		if utf8.ValidString(s) && d != s {
			t.Fatalf("Decode(%q) = %q, changed valid input", s, d)
		}
		for i := 0; i < len(s); {
			n := Subpart(s[i:])
			if n == 0 {
				r, m := utf8.DecodeRuneInString(s[i:])
				if r == utf8.RuneError && m == 1 {
					t.Fatalf("Subpart(%q) = 0 at an invalid byte", s[i:])
				}
				i += m
				continue
			}
			if n > 3 || utf8.FullRuneInString(s[i:i+n]) && utf8.ValidString(s[i:i+n]) {
				t.Fatalf("Subpart(%q) = %d", s[i:], n)
			}
			i += n
		}
		last := 0
		offs := Offsets(s)
		if len(offs) != len(d)+1 {
			t.Fatalf("len(Offsets(%q)) = %d, want %d", s, len(offs), len(d)+1)
		}
		for j := 0; j <= len(d); j++ {
			o := Offset(s, j)
			if o < last || o > len(s) {
				t.Fatalf("Offset(%q, %d) = %d after %d", s, j, o, last)
			}
			if offs[j] != o {
				t.Fatalf("Offsets(%q)[%d] = %d, Offset %d", s, j, offs[j], o)
			}
			last = o
		}
	})
}
