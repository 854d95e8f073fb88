package dataurl

import (
	"bytes"
	"errors"
	"testing"

	"github.com/ferret-go/uri"
)

func TestBuild(t *testing.T) {
	for _, c := range []struct {
		mime string
		body string
		want string
	}{
		{"text/plain;charset=US-ASCII", "Hello, World!", "data:,Hello,%20World!"},
		{"text/plain", "a b", "data:text/plain,a%20b"},
		{"IMAGE/GIF", "\x00\x01\x02\xff\xfe\xfd", "data:image/gif;base64,AAEC//79"},
		{"text/plain;charset=utf-8", "", "data:text/plain;charset=utf-8,"},
		{"text/plain", "#?%", "data:text/plain,%23%3F%25"},
	} {
		m, err := ParseMIMEType(c.mime)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Build(m, []byte(c.body))
		if err != nil || got != c.want {
			t.Errorf("Build(%q, %q) = %q, %v; want %q", c.mime, c.body, got, err, c.want)
		}
	}
}

func TestBuildUnrepresentable(t *testing.T) {
	for _, m := range []MIMEType{
		{Type: "text", Subtype: "plain", Params: []Param{{"a", "b c"}}},
		{Type: "text", Subtype: "pl#in"},
		{Type: "text", Subtype: "plain", Params: []Param{{"a", "x,y"}}},
	} {
		_, err := Build(m, []byte("x"))
		var e *Error
		if !errors.Is(err, ErrUnrepresentable) || !errors.As(err, &e) {
			t.Errorf("Build(%q): %v, want ErrUnrepresentable", m, err)
		}
	}
	if _, err := Build(MIMEType{Type: "te xt", Subtype: "plain"}, nil); !errors.Is(err, ErrMIMEType) {
		t.Errorf("Build(invalid type): %v, want ErrMIMEType", err)
	}
}

// FuzzBuild checks that what Build writes parses strictly as an RFC 3986 URI
// and that Parse reads back the same MIME type and body.
func FuzzBuild(f *testing.F) {
	f.Add("text/plain", []byte("hello, world"))
	f.Add("image/png;name=x", []byte{0, 1, 2, 255})
	f.Add("text/plain;charset=US-ASCII", []byte("%20#?"))
	f.Add("a/b;base64=x", []byte(";base64,"))
	f.Fuzz(func(t *testing.T, mime string, body []byte) {
		m, err := ParseMIMEType(mime)
		if err != nil {
			return
		}
		s, err := Build(m, body)
		if err != nil {
			if !errors.Is(err, ErrUnrepresentable) {
				t.Fatalf("Build(%q): %v", m, err)
			}
			return
		}
		if _, err := uri.ParseURI(s); err != nil {
			t.Fatalf("Build(%q, %q) = %q, not an RFC 3986 URI: %v", m, body, s, err)
		}
		d, err := Parse(s)
		if err != nil {
			t.Fatalf("Parse(%q): %v", s, err)
		}
		if d.MIMEType.String() != m.String() || !bytes.Equal(d.Body, body) {
			t.Fatalf("Parse(Build(%q, %q) = %q) = %q %q", m, body, s, d.MIMEType, d.Body)
		}
	})
}
