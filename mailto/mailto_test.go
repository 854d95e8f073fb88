package mailto

import (
	"errors"
	"reflect"
	"testing"

	"github.com/ferret-go/uri"
)

// TestRFC6068Examples holds every example URI of RFC 6068, sections 2 and
// 6, copied verbatim from the RFC's text (as vendored in the public
// repository antonioconselheiro/encrypted-uri, rfc6068.txt). Section 1 says
// the line breaks and spaces inside a long <...> are presentation only, so
// the URIs of 6.1 and 6.3 that the RFC breaks across lines are joined; the
// HTML example of 6.1 is given as the URI its "&amp;" stands for. The
// expected fields are what the RFC's prose says each URI holds.
func TestRFC6068Examples(t *testing.T) {
	to := func(a ...string) []string { return a }
	for _, c := range []struct {
		section string
		in      string
		want    Message
	}{
		{"2, to in the path", "mailto:addr1@an.example,addr2@an.example", Message{To: to("addr1@an.example", "addr2@an.example")}},
		{"2, is equivalent to", "mailto:?to=addr1@an.example,addr2@an.example", Message{To: to("addr1@an.example", "addr2@an.example")}},
		{"2, is equivalent to", "mailto:addr1@an.example?to=addr2@an.example", Message{To: to("addr1@an.example", "addr2@an.example")}},
		{"6.1, an ordinary individual mailing address", "mailto:chris@example.com", Message{To: to("chris@example.com")}},
		{"6.1, the file to send back in the subject", "mailto:infobot@example.com?subject=current-issue", Message{To: to("infobot@example.com"), Subject: "current-issue"}},
		{"6.1, a send request in the body", "mailto:infobot@example.com?body=send%20current-issue", Message{To: to("infobot@example.com"), Body: "send current-issue"}},
		{"6.1, two lines (joined across the RFC's line break)", "mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index", Message{To: to("infobot@example.com"), Body: "send current-issue\r\nsend index"}},
		{"6.1, In-Reply-To (joined across the RFC's line break)", "mailto:list@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E", Message{To: to("list@example.org"), Headers: []Header{{"In-Reply-To", "<3469A91.D10AF4C@example.com>"}}}},
		{"6.1, subscribe to a mailing list", "mailto:majordomo@example.com?body=subscribe%20bamboo-l", Message{To: to("majordomo@example.com"), Body: "subscribe bamboo-l"}},
		{"6.1, a CC of another user", "mailto:joe@example.com?cc=bob@example.com&body=hello", Message{To: to("joe@example.com"), Body: "hello", Headers: []Header{{"cc", "bob@example.com"}}}},
		{"6.1, the address gorby%kremvax@example.com", "mailto:gorby%25kremvax@example.com", Message{To: to("gorby%kremvax@example.com")}},
		{"6.1, the address unlikely?address@example.com", "mailto:unlikely%3Faddress@example.com?blat=foop", Message{To: to("unlikely?address@example.com"), Headers: []Header{{"blat", "foop"}}}},
		{"6.1, the HTML example with &amp; read as &", "mailto:joe@an.example?cc=bob@an.example&body=hello", Message{To: to("joe@an.example"), Body: "hello", Headers: []Header{{"cc", "bob@an.example"}}}},
		{"6.1, the address Mike&family@example.org", "mailto:Mike%26family@example.org", Message{To: to("Mike&family@example.org")}},
		{"6.2, the address \"not@me\"@example.org", "mailto:%22not%40me%22@example.org", Message{To: to(`"not@me"@example.org`)}},
		{"6.2, the address \"oh\\\\no\"@example.org", "mailto:%22oh%5C%5Cno%22@example.org", Message{To: to(`"oh\\no"@example.org`)}},
		{"6.2, the address \"\\\\\\\"it's\\ ugly\\\\\\\"\"@example.org", "mailto:%22%5C%5C%5C%22it's%5C%20ugly%5C%5C%5C%22%22@example.org", Message{To: to(`"\\\"it's\ ugly\\\""@example.org`)}},
		{"6.3, subject cafe with e-acute in UTF-8", "mailto:user@example.org?subject=caf%C3%A9", Message{To: to("user@example.org"), Subject: "caf\u00e9"}},
		{"6.3, the same subject as an encoded-word (joined)", "mailto:user@example.org?subject=%3D%3Futf-8%3FQ%3Fcaf%3DC3%3DA9%3F%3D", Message{To: to("user@example.org"), Subject: "=?utf-8?Q?caf=C3=A9?="}},
		{"6.3, encoded as iso-8859-1 (joined)", "mailto:user@example.org?subject=%3D%3Fiso-8859-1%3FQ%3Fcaf%3DE9%3F%3D", Message{To: to("user@example.org"), Subject: "=?iso-8859-1?Q?caf=E9?="}},
		{"6.3, subject and body", "mailto:user@example.org?subject=caf%C3%A9&body=caf%C3%A9", Message{To: to("user@example.org"), Subject: "caf\u00e9", Body: "caf\u00e9"}},
		{"6.3, natto as a domain label", "mailto:user@%E7%B4%8D%E8%B1%86.example.org?subject=Test&body=NATTO", Message{To: to("user@\u7d0d\u8c46.example.org"), Subject: "Test", Body: "NATTO"}},
	} {
		got, err := Parse(c.in)
		if err != nil {
			t.Errorf("section %s: Parse(%q): %v", c.section, c.in, err)
			continue
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("section %s: Parse(%q) = %+v, want %+v", c.section, c.in, got, c.want)
		}
		// Building the fields again gives a URI that reads back the same
		// (the RFC's own text may encode more than Build needs to).
		b, err := Build(got)
		if err != nil {
			t.Errorf("section %s: Build(%+v): %v", c.section, got, err)
			continue
		}
		if back, err := Parse(b); err != nil || !reflect.DeepEqual(back, got) {
			t.Errorf("section %s: Parse(Build(...) = %q) = %+v, %v", c.section, b, back, err)
		}
	}
	// Section 6.1: "The following example, using "?" twice, is incorrect".
	const wrong = "mailto:joe@example.com?cc=bob@example.com?body=hello"
	var e *Error
	if _, err := Parse(wrong); !errors.Is(err, ErrInvalidCharacter) || !errors.As(err, &e) || e.Offset != 41 {
		t.Errorf("section 6.1, the WRONG example: Parse(%q) = %v, want ErrInvalidCharacter at offset 41", wrong, err)
	}
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct {
		in     string
		err    error
		offset int
	}{
		{"http://x", ErrNotMailto, 0},
		{"mailto:a b@example.org", ErrInvalidCharacter, 8},
		{"mailto:a@example.org#f", ErrInvalidCharacter, 20},
		{"mailto:a%2@example.org", ErrEscape, 8},
		{"mailto:a@example.org?subject", ErrField, 21},
		{"mailto:a@example.org?subject=%FF", ErrUTF8, 29},
		{"mailto:a@example.org?x=a?b", ErrInvalidCharacter, 24},
		// RFC 6068, section 2: to = addr-spec *("," addr-spec), and
		// addr-spec = local-part "@" domain (RFC 5322 without comments).
		{"mailto:bad", ErrAddress, 7},
		{"mailto:a@example.org,bad", ErrAddress, 21},
		{"mailto:?to=bad", ErrAddress, 11},
		{"mailto:a@example.org?to=b@example.org,", ErrAddress, 38},
		{"mailto:a@example.org,", ErrAddress, 21},
		{"mailto:@example.org", ErrAddress, 7},
		{"mailto:a@", ErrAddress, 7},
		{"mailto:a..b@example.org", ErrAddress, 7},
		{"mailto:.a@example.org", ErrAddress, 7},
		{"mailto:a@example.org.", ErrAddress, 7},
		{"mailto:a(b)@example.org", ErrAddress, 7},
		{"mailto:a%20b@example.org", ErrAddress, 7},
		{"mailto:%22a%22b%22@example.org", ErrAddress, 7},
		{"mailto:%22a@example.org", ErrAddress, 7},
		{"mailto:a@%5B1.2.3.4", ErrAddress, 7},
		{"mailto:a@%5Ba%5Bb%5D", ErrAddress, 7},
		{"mailto:a@b@c", ErrAddress, 7},
	} {
		_, err := Parse(c.in)
		var e *Error
		if !errors.Is(err, c.err) || !errors.As(err, &e) || e.Offset != c.offset {
			t.Errorf("Parse(%q) = %v, want %v at offset %d", c.in, err, c.err, c.offset)
		}
	}
}

// Addresses that RFC 6068 and RFC 5322 take, beyond the RFC's examples
// above: every atext, a domain literal, a quoted-string with spaces, UTF-8
// (RFC 6532), and no address at all.
func TestParseAddresses(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"mailto:", nil},
		{"mailto:?subject=x", nil},
		{"mailto:a!%23$%25%26'*+-%2F%3D%3F%5E_%60%7B%7C%7D~b@example.org", []string{"a!#$%&'*+-/=?^_`{|}~b@example.org"}},
		{"mailto:first.last@sub.example.org", []string{"first.last@sub.example.org"}},
		{"mailto:a@%5B192.0.2.1%5D", []string{"a@[192.0.2.1]"}},
		{"mailto:a@%5BIPv6:2001:db8::1%5D", []string{"a@[IPv6:2001:db8::1]"}},
		{"mailto:%22a%20b@c%22@example.org", []string{`"a b@c"@example.org`}},
		{"mailto:%22%22@example.org", []string{`""@example.org`}},
		{"mailto:%C3%A9@%C3%A9.example", []string{"é@é.example"}},
	} {
		m, err := Parse(c.in)
		if err != nil || !reflect.DeepEqual(m.To, c.want) {
			t.Errorf("Parse(%q).To = %q, %v, want %q", c.in, m.To, err, c.want)
		}
	}
	if _, err := Build(Message{To: []string{"bad"}}); !errors.Is(err, ErrAddress) {
		t.Errorf("Build of the address \"bad\": %v, want ErrAddress", err)
	}
}

func TestBuild(t *testing.T) {
	m := Message{
		To:      []string{"Mike&family@example.org", `"a,b"@example.org`},
		Subject: "Re: 100% & more?",
		Body:    "line 1\r\nline 2 #",
		Headers: []Header{{"cc", "bob@example.com"}, {"In-Reply-To", "<x=y@example>"}},
	}
	s, err := Build(m)
	if err != nil {
		t.Fatal(err)
	}
	const want = "mailto:Mike%26family@example.org,%22a%2Cb%22@example.org?subject=Re:%20100%25%20%26%20more%3F&body=line%201%0D%0Aline%202%20%23&cc=bob@example.com&In-Reply-To=%3Cx%3Dy@example%3E"
	if s != want {
		t.Errorf("Build = %q, want %q", s, want)
	}
	if _, err := uri.ParseURI(s); err != nil {
		t.Errorf("Build result %q: %v", s, err)
	}
	if got, err := Parse(s); err != nil || !reflect.DeepEqual(got, m) {
		t.Errorf("Parse(Build(m)) = %+v, %v", got, err)
	}
}

// FuzzBuild checks that building then reading gives back the same fields and
// that every result parses strictly as an RFC 3986 URI.
func FuzzBuild(f *testing.F) {
	f.Add("a@example.org", `"b,c"@example.org`, "subj?&#", "body\r\n%", "cc", "x=y&z")
	f.Fuzz(func(t *testing.T, to1, to2, subject, body, hname, hvalue string) {
		m := Message{Subject: subject, Body: body}
		for _, a := range []string{to1, to2} {
			if a != "" {
				m.To = append(m.To, a)
			}
		}
		if hname != "" || hvalue != "" {
			m.Headers = []Header{{hname, hvalue}}
		}
		s, err := Build(m)
		if err != nil {
			return
		}
		if _, err := uri.ParseURI(s); err != nil {
			t.Fatalf("Build(%+v) = %q: not an RFC 3986 URI: %v", m, s, err)
		}
		got, err := Parse(s)
		if err != nil {
			t.Fatalf("Parse(%q): %v", s, err)
		}
		if !reflect.DeepEqual(got, m) {
			t.Fatalf("Parse(Build(%+v)) = %+v", m, got)
		}
	})
}

// FuzzParse checks that Parse never panics, that a failure points into the
// input, and that what it accepts has addr-spec addresses and builds back
// into a URI that reads the same.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"mailto:chris@example.com", "mailto:bad", "mailto:%22not%40me%22@example.org",
		"mailto:?to=addr1@an.example,addr2@an.example", "mailto:a@%5B192.0.2.1%5D?subject=caf%C3%A9&body=x%0D%0Ay"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := Parse(s)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Offset < 0 || e.Offset > len(s) {
				t.Fatalf("Parse(%q) = %v: not an *Error inside the input", s, err)
			}
			return
		}
		for _, a := range m.To {
			if why := checkAddrSpec(a); why != "" {
				t.Fatalf("Parse(%q) accepted the address %q: %s", s, a, why)
			}
		}
		b, err := Build(m)
		if err != nil {
			return // a header field named to, subject or body
		}
		if back, err := Parse(b); err != nil || !reflect.DeepEqual(back, m) {
			t.Fatalf("Parse(Build(Parse(%q))) = %+v, %v, want %+v", s, back, err, m)
		}
	})
}
