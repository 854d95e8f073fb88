package uri

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// The character sets below are copied from the ABNF of RFC 3986 (sections
// 2.2, 2.3, 3.2.1, 3.2.2, 3.3, 3.4, 3.5), not derived from the package's
// table, so that the tests check the table against the RFC.
const (
	escUnreserved = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
	escGenDelims  = ":/?#[]@"
	escSubDelims  = "!$&'()*+,;="
)

// escLiteral lists, per mode, the characters besides unreserved that the
// component allows literally.
var escLiteral = map[EscapeMode]string{
	EscapeUserinfo:     escSubDelims + ":",         // userinfo
	EscapeHost:         escSubDelims,               // reg-name
	EscapePath:         escSubDelims + ":@" + "/",  // pchar and "/"
	EscapeSegment:      escSubDelims + ":@",        // pchar
	EscapeQuery:        escSubDelims + ":@" + "/?", // query
	EscapeFragment:     escSubDelims + ":@" + "/?", // fragment
	EscapeQueryPart:    "!$'()*,;" + ":@" + "/?",   // query without "&", "=", "+"
	EscapeForm:         "!$'()*,;" + ":@" + "/?",   // same; " " becomes "+"
	0:                  "",                         // unknown modes: unreserved only
	EscapeFragment + 1: "",                         // the first value past the list
	EscapeMode(200):    "",
}

// TestEscapeEveryOctet checks every octet alone in every mode against the
// sets of the RFC: literal when allowed, else "%" and two uppercase hex
// digits (section 2.1), with a space as "+" in form mode.
func TestEscapeEveryOctet(t *testing.T) {
	for m := range escLiteral {
		for c := 0; c < 256; c++ {
			s := string([]byte{byte(c)})
			want := escapeOctets(s, m)
			if got := Escape(s, m); got != want {
				t.Errorf("Escape(%q, %d) = %q, want %q", s, m, got, want)
			}
			if got := string(AppendEscape([]byte("x"), s, m)); got != "x"+want {
				t.Errorf("AppendEscape(x, %q, %d) = %q, want %q", s, m, got, "x"+want)
			}
		}
	}
}

// escapeOctets is what Escape must give for text s in mode m (not
// EscapePathNoScheme, whose first segment differs), from the sets of the
// RFC, octet by octet: literal when the mode's component allows it, else
// "%" and two uppercase hex digits (section 2.1), a space as "+" in form
// mode.
func escapeOctets(s string, m EscapeMode) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case strings.IndexByte(escUnreserved, c) >= 0, c != '%' && strings.IndexByte(escLiteral[m], c) >= 0:
			b.WriteByte(c)
		case c == ' ' && m == EscapeForm:
			b.WriteByte('+')
		default:
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// TestEscapeLengths checks texts of every length up to 300 bytes, and
// longer ones, that mix literal octets, spaces, delimiters and non-ASCII
// octets, against escapeOctets: so that each of Escape's buffers (short,
// stack, measured) and AppendEscape with and without room for three bytes
// an octet meet every place of the octets to encode; and Unescape gives the
// text back at each length.
func TestEscapeLengths(t *testing.T) {
	const pattern = "ab c/d:é?%&=+#日[~]\x00z9-_."
	long := strings.Repeat(pattern, 3000)
	var lengths []int
	for n := 0; n <= 300; n++ {
		lengths = append(lengths, n)
	}
	lengths = append(lengths, 767, 768, 1000, 4096, len(long))
	for m := range escLiteral {
		if m == EscapePathNoScheme {
			continue
		}
		for _, n := range lengths {
			for _, off := range []int{0, 1, 7} {
				if off+n > len(long) {
					continue
				}
				s := long[off : off+n]
				want := escapeOctets(s, m)
				if got := Escape(s, m); got != want {
					t.Fatalf("Escape(%.20q… (%d bytes), %d) = %.40q…, want %.40q…", s, n, m, got, want)
				}
				if got := AppendEscape([]byte("x"), s, m); string(got) != "x"+want {
					t.Fatalf("AppendEscape(x, %.20q… (%d bytes), %d) differs from the octet rule", s, n, m)
				}
				roomy := AppendEscape(make([]byte, 1, 1+3*n), s, m)
				if string(roomy[1:]) != want {
					t.Fatalf("AppendEscape with room, %.20q… (%d bytes), %d, differs from the octet rule", s, n, m)
				}
				// And back: decoding writes results of up to 32 bytes
				// straight into their allocation, longer ones through a
				// buffer, and scans texts of up to 32 bytes by a loop.
				if got, err := Unescape(want, m); err != nil || got != s {
					t.Fatalf("Unescape(Escape(%.20q… (%d bytes), %d)) = %.20q…, %v", s, n, m, got, err)
				}
			}
		}
	}
}

func TestEscape(t *testing.T) {
	tests := []struct {
		m        EscapeMode
		in, want string
	}{
		// Nothing to encode: s itself.
		{EscapePath, "", ""},
		{EscapePath, "/over/there", "/over/there"},
		{EscapeSegment, escUnreserved, escUnreserved},
		// Every reserved character in each component (section 2.2).
		{EscapeUserinfo, escGenDelims, ":%2F%3F%23%5B%5D%40"},
		{EscapeHost, escGenDelims, "%3A%2F%3F%23%5B%5D%40"},
		{EscapePath, escGenDelims, ":/%3F%23%5B%5D@"},
		{EscapeSegment, escGenDelims, ":%2F%3F%23%5B%5D@"},
		{EscapeQuery, escGenDelims, ":/?%23%5B%5D@"},
		{EscapeFragment, escGenDelims, ":/?%23%5B%5D@"},
		{EscapeQueryPart, escGenDelims, ":/?%23%5B%5D@"},
		{EscapeForm, escGenDelims, ":/?%23%5B%5D@"},
		{EscapeUserinfo, escSubDelims, escSubDelims},
		{EscapeHost, escSubDelims, escSubDelims},
		{EscapePath, escSubDelims, escSubDelims},
		{EscapeQuery, escSubDelims, escSubDelims},
		{EscapeQueryPart, escSubDelims, "!$%26'()*%2B,;%3D"},
		{EscapeForm, escSubDelims, "!$%26'()*%2B,;%3D"},
		// "%" is always encoded (section 2.4), so escaping twice encodes twice.
		{EscapePath, "100%", "100%25"},
		{EscapePath, "%41", "%2541"},
		{EscapeHost, "%", "%25"},
		// Space.
		{EscapePath, "a b", "a%20b"},
		{EscapeQuery, "a b", "a%20b"},
		{EscapeQueryPart, "a b", "a%20b"},
		{EscapeForm, "a b+c", "a+b%2Bc"},
		// UTF-8 is encoded octet by octet, uppercase (sections 2.1, 2.5).
		{EscapeSegment, "é", "%C3%A9"},
		{EscapeHost, "bücher.example", "b%C3%BCcher.example"},
		{EscapeFragment, "日本", "%E6%97%A5%E6%9C%AC"},
		// Invalid UTF-8 is octets like any other.
		{EscapeSegment, "\xff\xfe", "%FF%FE"},
		{EscapeQuery, "a\x80", "a%80"},
		// Controls.
		{EscapePath, "\x00\t\n\x7f", "%00%09%0A%7F"},
		// "/" inside a segment; ":" in the first segment of a relative path.
		{EscapeSegment, "a/b", "a%2Fb"},
		{EscapePath, "a/b", "a/b"},
		{EscapePathNoScheme, "a:b/c:d", "a%3Ab/c:d"},
		{EscapePathNoScheme, "/a:b", "/a:b"},
		{EscapePathNoScheme, "a:b", "a%3Ab"},
		{EscapePathNoScheme, "ab/c:d", "ab/c:d"},
		{EscapePath, "a:b", "a:b"},
		// Delimiters of the surrounding URI.
		{EscapeQuery, "a#b", "a%23b"},
		{EscapePath, "a?b#c", "a%3Fb%23c"},
		// Longer than the stack buffer.
		{EscapeSegment, strings.Repeat("a b", 100), strings.Repeat("a%20b", 100)},
	}
	for _, tt := range tests {
		if got := Escape(tt.in, tt.m); got != tt.want {
			t.Errorf("Escape(%q, %d) = %q, want %q", tt.in, tt.m, got, tt.want)
		}
		if got := string(AppendEscape([]byte("pre"), tt.in, tt.m)); got != "pre"+tt.want {
			t.Errorf("AppendEscape(pre, %q, %d) = %q, want %q", tt.in, tt.m, got, "pre"+tt.want)
		}
		if got, err := Unescape(tt.want, tt.m); err != nil || got != tt.in {
			t.Errorf("Unescape(%q, %d) = %q, %v, want %q", tt.want, tt.m, got, err, tt.in)
		}
	}
}

func TestUnescape(t *testing.T) {
	tests := []struct {
		m        EscapeMode
		in, want string
	}{
		{EscapePath, "", ""},
		{EscapePath, "abc", "abc"},
		{EscapePath, "%41%42", "AB"},
		{EscapePath, "%c3%A9", "é"}, // either case of hex digits (section 2.1)
		{EscapePath, "%2F", "/"},
		{EscapePath, "%25", "%"},
		{EscapePath, "%2541", "%41"}, // decoded once only (section 2.4)
		{EscapePath, "%FF", "\xff"},  // octets, not necessarily UTF-8
		{EscapePath, "%00", "\x00"},
		{EscapePath, "a+b", "a+b"},
		{EscapeQuery, "a+b", "a+b"},
		{EscapeQueryPart, "a+b", "a+b"},
		{EscapeForm, "a+b", "a b"},
		{EscapeForm, "a%2Bb+", "a+b "},
		{EscapeForm, "+", " "},
		// Characters the component does not allow are copied, not rejected.
		{EscapeHost, "a b/c", "a b/c"},
		{EscapePath, strings.Repeat("%20", 100), strings.Repeat(" ", 100)},
		{EscapeForm, strings.Repeat("a+%41", 50) + "z", strings.Repeat("a A", 50) + "z"},
		{EscapeForm, strings.Repeat("a+%41", 50), strings.Repeat("a A", 50)},
	}
	for _, tt := range tests {
		got, err := Unescape(tt.in, tt.m)
		if err != nil || got != tt.want {
			t.Errorf("Unescape(%q, %d) = %q, %v, want %q", tt.in, tt.m, got, err, tt.want)
		}
		b, err := AppendUnescape([]byte("pre"), tt.in, tt.m)
		if err != nil || string(b) != "pre"+tt.want {
			t.Errorf("AppendUnescape(pre, %q, %d) = %q, %v, want %q", tt.in, tt.m, b, err, "pre"+tt.want)
		}
	}
}

func TestUnescapeError(t *testing.T) {
	tests := []struct {
		m    EscapeMode
		in   string
		off  int
		comp Component
	}{
		{EscapePath, "%", 0, ComponentPath},
		{EscapePath, "a%", 1, ComponentPath},
		{EscapePath, "a%4", 1, ComponentPath},
		{EscapeSegment, "%4g", 0, ComponentPath},
		{EscapeQuery, "ok%41%zz", 5, ComponentQuery},
		{EscapeForm, "a+%", 2, ComponentQuery},
		{EscapeUserinfo, "%%41", 0, ComponentUserinfo},
		{EscapeHost, "ab%GG", 2, ComponentHost},
		{EscapeFragment, "x% 1", 1, ComponentFragment},
		{EscapeMode(200), "%", 0, 0},
	}
	for _, tt := range tests {
		got, err := Unescape(tt.in, tt.m)
		var e *Error
		if !errors.As(err, &e) || !errors.Is(err, ErrInvalidPercentEncoding) {
			t.Errorf("Unescape(%q) = %q, %v, want an *Error with ErrInvalidPercentEncoding", tt.in, got, err)
			continue
		}
		if got != "" || e.Offset != tt.off || e.Component != tt.comp || e.Input != tt.in {
			t.Errorf("Unescape(%q) = %q, %+v, want offset %d in %v", tt.in, got, e, tt.off, tt.comp)
		}
		b, err := AppendUnescape([]byte("pre"), tt.in, tt.m)
		if err == nil || string(b) != "pre" {
			t.Errorf("AppendUnescape(pre, %q) = %q, %v, want pre and an error", tt.in, b, err)
		}
	}
	_, err := Unescape("a%zz", EscapePath)
	if want := `uri: invalid percent-encoding "%zz" in path at offset 1`; err == nil || err.Error() != want {
		t.Errorf("error message = %v, want %s", err, want)
	}
}

// TestEscapeAllocs checks the promise of no allocation when there is nothing
// to encode or decode, and of one allocation otherwise.
func TestEscapeAllocs(t *testing.T) {
	clean := "/over/there/index.html"
	buf := make([]byte, 0, 64)
	allocs := []struct {
		name string
		max  float64
		f    func()
	}{
		{"Escape clean", 0, func() { _ = Escape(clean, EscapePath) }},
		{"Escape clean no-scheme", 0, func() { _ = Escape(clean, EscapePathNoScheme) }},
		{"Unescape clean", 0, func() { _, _ = Unescape(clean, EscapeForm) }},
		{"AppendEscape", 0, func() { buf = AppendEscape(buf[:0], "a b/c", EscapeSegment) }},
		{"AppendUnescape", 0, func() { buf, _ = AppendUnescape(buf[:0], "a%20b", EscapeSegment) }},
		{"Escape dirty", 1, func() { _ = Escape("a b/c", EscapeSegment) }},
		{"Unescape dirty", 1, func() { _, _ = Unescape("a%20b", EscapeSegment) }},
		{"DecodedHost clean", 0, func() { _ = MustParse("http://example.com/").DecodedHost() }},
	}
	for _, a := range allocs {
		if n := testing.AllocsPerRun(100, a.f); n > a.max {
			t.Errorf("%s: %v allocations, want at most %v", a.name, n, a.max)
		}
	}
}

func TestDecodedAccessors(t *testing.T) {
	u := MustParse("http://us%65r:p%40ss@ex%61mple.com:8080/a%2Fb/c%20d/?x=%26+y#f%23")
	checks := []struct{ name, got, want string }{
		{"DecodedUserinfo", u.DecodedUserinfo(), "user:p@ss"},
		{"DecodedHost", u.DecodedHost(), "example.com"},
		{"DecodedPath", u.DecodedPath(), "/a/b/c d/"},
		{"DecodedQuery", u.DecodedQuery(), "x=&+y"},
		{"DecodedFragment", u.DecodedFragment(), "f#"},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s = %q, want %q", c.name, c.got, c.want)
		}
	}
	if got, want := u.DecodedSegments(), []string{"", "a/b", "c d", ""}; !slices.Equal(got, want) {
		t.Errorf("DecodedSegments = %q, want %q", got, want)
	}
	// An IP literal comes without brackets, as Host gives it.
	if got := MustParse("http://[::1]/").DecodedHost(); got != "::1" {
		t.Errorf("DecodedHost of [::1] = %q", got)
	}
	// Absent components decode to "".
	e := MustParse("rel")
	if e.DecodedUserinfo() != "" || e.DecodedHost() != "" || e.DecodedQuery() != "" || e.DecodedFragment() != "" {
		t.Errorf("absent components of %q decode to non-empty text", e)
	}
	if got := MustParse("").DecodedSegments(); got != nil {
		t.Errorf("DecodedSegments of the empty path = %q, want nil", got)
	}
}

// TestFillRoomyChecksRoom: fillRoomy's unsafe stores rest on one check of
// the room (three bytes an octet), which must stop a caller that gives less
// rather than let the stores pass the end of t. Room of exactly three bytes
// an octet, and more, is written in full.
func TestFillRoomyChecksRoom(t *testing.T) {
	tab := charset(EscapePath).table()
	for _, s := range []string{"a", "é", "a b", "日本語"} {
		for _, room := range []int{3 * len(s), 3*len(s) + 1, 3*len(s) + 7} {
			want := escapeOctets(s, EscapePath)
			buf := make([]byte, room)
			if n := fillRoomy(buf, s, tab); string(buf[:n]) != want {
				t.Errorf("fillRoomy(%d bytes, %q) = %q, want %q", room, s, buf[:n], want)
			}
		}
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("fillRoomy(%d bytes, %q) wrote without room", 3*len(s)-1, s)
				}
			}()
			fillRoomy(make([]byte, 3*len(s)-1), s, tab)
		}()
	}
}

// TestFillTightChecksRoom: fillTight writes into room measured to the byte
// (with or without its three bytes to spare) whatever the text holds, and a
// room shorter than the text escaped panics rather than let its unsafe
// stores pass the end of t. The guard bytes after t's capacity must come
// out untouched.
func TestFillTightChecksRoom(t *testing.T) {
	tab := charset(EscapePath).table()
	for _, s := range []string{
		"", "a", "é", "a b", "日本語", "abcdefgh", " the quick brown", "日本語のテキ",
		"abcdefghijklmnopqrstuvwxyz%", "%%%%%%%%%%%%%%%%%%%%%%%%%%%", "a%b%c%d%e%f%g%h%i%j%k",
	} {
		want := escapeOctets(s, EscapePath)
		for _, spare := range []int{0, 1, 2, 3, 8} {
			mem := make([]byte, len(want)+spare+4)
			for i := range mem {
				mem[i] = '!'
			}
			buf := mem[: len(want) : len(want)+spare]
			if n := fillTight(buf, s, tab); string(buf[:n]) != want {
				t.Errorf("fillTight(%d+%d bytes, %q) = %q, want %q", len(want), spare, s, buf[:n], want)
			}
			if string(mem[len(want)+spare:]) != "!!!!" {
				t.Errorf("fillTight(%d+%d bytes, %q) wrote past its room: %q", len(want), spare, s, mem[len(want):])
			}
		}
		if want == "" {
			continue
		}
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("fillTight(%d bytes, %q) wrote without room", len(want)-1, s)
				}
			}()
			fillTight(make([]byte, len(want)-1), s, tab)
		}()
	}
}
