package dataurl

import (
	"errors"
	"strings"
	"testing"
)

func TestCheck(t *testing.T) {
	// Forms of RFC 2397's grammar (section 3); section 4's own examples are
	// in rfc2397_test.go.
	for _, s := range []string{
		"data:,A%20brief%20note",
		"data:text/plain;charset=iso-8859-7,%BE%D3%BE",
		"data:image/gif;base64,R0lGODdh",
		"data:;base64,SGk=",
		"data:;base64,SGk=#f", // a fragment is not data (RFC 2396, section 4)
		"data:;charset=utf-8,x",
		"data:application/vnd-xxx-query,select_vcount,fcol_from_fieldtable/local",
	} {
		if err := Check(s); err != nil {
			t.Errorf("Check(%q): %v", s, err)
		}
	}
	for _, c := range []struct {
		in     string
		err    error
		offset int
	}{
		{"data:text/plain", ErrNoComma, 15},
		{"data:text,x", ErrRFC2397, 9},
		{"data:text/plain;charset,x", ErrRFC2397, 23},
		{"data:text/plain;a=;b=c,x", ErrRFC2397, 18},
		{"data:;base64,SGk", ErrBase64, 13},
		{"data:;base64,?", ErrBase64, 13},      // the query is data too (found by FuzzCheck)
		{"data:;base64,SGk=?x", ErrBase64, 13}, // "SGk=?x" is not base64
		{"data:;base64,SG?k=", ErrBase64, 13},  // "SG?k=" neither
		{"http:,x", ErrRFC2397, 0},
	} {
		err := Check(c.in)
		var e *Error
		if !errors.Is(err, c.err) || !errors.As(err, &e) || e.Offset != c.offset {
			t.Errorf("Check(%q) = %v, want %v at offset %d", c.in, err, c.err, c.offset)
		}
	}
	if err := Check("data:a b,x"); err == nil {
		t.Error(`Check("data:a b,x") = nil, want the URI parser's error`)
	}
}

// FuzzCheckBuild: what Build writes passes Check when its MIME type's
// parameter values are tokens (Build may quote others).
func FuzzCheckBuild(f *testing.F) {
	f.Add("text/plain;charset=utf-8", []byte("a,b"))
	f.Fuzz(func(t *testing.T, mime string, body []byte) {
		m, err := ParseMIMEType(mime)
		if err != nil {
			return
		}
		for _, p := range m.Params {
			if checkToken(p.Value, 0, "") != nil || strings.ContainsAny(p.Value, "%") {
				return
			}
		}
		if checkToken(m.Type, 0, "") != nil || checkToken(m.Subtype, 0, "") != nil || strings.Contains(m.Type+m.Subtype, "%") {
			return
		}
		s, err := Build(m, body)
		if err != nil {
			return
		}
		if err := Check(s); err != nil {
			t.Fatalf("Check(Build(%q, %q) = %q): %v", m, body, s, err)
		}
	})
}

// FuzzCheck: Check and Parse never panic, and a text Check accepts is one
// Parse reads.
func FuzzCheck(f *testing.F) {
	for _, s := range []string{"data:,x", "data:a/b;c=d;base64,SGk=", "data:;;=,", "data:a/b;c=d;"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if Check(s) == nil {
			if _, err := Parse(s); err != nil {
				t.Fatalf("Check(%q) passed but Parse fails: %v", s, err)
			}
		}
	})
}
