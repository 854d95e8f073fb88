package mailto

import (
	"errors"
	"reflect"
	"testing"

	"github.com/ferret-go/uri"
)

// TestRFC6068Examples holds examples of RFC 6068, section 6 ("Examples").
// The full text of section 6 could not be retrieved here (search returned
// only the RFC's first page), so these URIs are written from memory of that
// section and checked against the grammar of section 2, not copied from it;
// the expected fields are this package's reading.
func TestRFC6068Examples(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Message
	}{
		{"mailto:chris@example.com", Message{To: []string{"chris@example.com"}}},
		{"mailto:infobot@example.com?subject=current-issue", Message{To: []string{"infobot@example.com"}, Subject: "current-issue"}},
		{"mailto:infobot@example.com?body=send%20current-issue", Message{To: []string{"infobot@example.com"}, Body: "send current-issue"}},
		{"mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index", Message{To: []string{"infobot@example.com"}, Body: "send current-issue\r\nsend index"}},
		{"mailto:list@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E", Message{To: []string{"list@example.org"}, Headers: []Header{{"In-Reply-To", "<3469A91.D10AF4C@example.com>"}}}},
		{"mailto:majordomo@example.com?body=subscribe%20bamboo-l", Message{To: []string{"majordomo@example.com"}, Body: "subscribe bamboo-l"}},
		{"mailto:joe@example.com?cc=bob@example.com&body=hello", Message{To: []string{"joe@example.com"}, Body: "hello", Headers: []Header{{"cc", "bob@example.com"}}}},
		{"mailto:?to=addr1@an.example,addr2@an.example", Message{To: []string{"addr1@an.example", "addr2@an.example"}}},
		{"mailto:addr1@an.example?to=addr2@an.example", Message{To: []string{"addr1@an.example", "addr2@an.example"}}},
		{"mailto:gorby%25kremvax@example.com", Message{To: []string{"gorby%kremvax@example.com"}}},
		{"mailto:unlikely%3Faddress@example.com?blat=foop", Message{To: []string{"unlikely?address@example.com"}, Headers: []Header{{"blat", "foop"}}}},
		{"mailto:Mike%26family@example.org", Message{To: []string{"Mike&family@example.org"}}},
		{"mailto:%22not%40me%22@example.org", Message{To: []string{`"not@me"@example.org`}}},
		{"mailto:user@example.org?subject=caf%C3%A9", Message{To: []string{"user@example.org"}, Subject: "café"}},
		{"mailto:user@%E7%B4%8D%E8%B1%86.example.org?subject=Test&body=NATTO", Message{To: []string{"user@納豆.example.org"}, Subject: "Test", Body: "NATTO"}},
	} {
		got, err := Parse(c.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", c.in, err)
			continue
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("Parse(%q) = %+v, want %+v", c.in, got, c.want)
		}
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
	} {
		_, err := Parse(c.in)
		var e *Error
		if !errors.Is(err, c.err) || !errors.As(err, &e) || e.Offset != c.offset {
			t.Errorf("Parse(%q) = %v, want %v at offset %d", c.in, err, c.err, c.offset)
		}
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
	f.Add("a@example.org", "b,c@example.org", "subj?&#", "body\r\n%", "cc", "x=y&z")
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
