package fileuri

import (
	"errors"
	"testing"

	"github.com/ferret-go/uri"
)

// TestToPath holds file URIs in the forms of RFC 8089 (section 2 and
// Appendix E) beyond the RFC's own examples, which rfc8089_test.go holds
// verbatim.
func TestToPath(t *testing.T) {
	for _, c := range []struct {
		in, want string
		o        OS
		why      string
	}{
		{"file:///etc/hosts", "/etc/hosts", POSIX, "section 2, empty authority"},
		{"file://localhost/etc/hosts", "/etc/hosts", POSIX, "section 2, localhost"},
		{"file:/etc/hosts", "/etc/hosts", POSIX, "section 2, no authority"},
		{"file:///a%20b/%25%23%3F/caf%C3%A9", "/a b/%#?/café", POSIX, "percent-encoded"},
		{"file:///a%5Cb", `/a\b`, POSIX, `"\" is a file name character on POSIX`},
		{"file:///C:/x/y", `C:\x\y`, Windows, "Appendix E.2, drive letter"},
		{"file:///C:", `C:\`, Windows, "Appendix E.2, drive only"},
		{"file:/c:/x", `c:\x`, Windows, "Appendix E.2, file:/c:/x"},
		{"file:c:/x", `c:\x`, Windows, "Appendix E.2, file:c:/x"},
		{"file://localhost/C:/x", `C:\x`, Windows, "localhost"},
		{"file://server/share/f", `\\server\share\f`, Windows, "Appendix E.3, UNC"},
		{"file:////server/share/f", `\\server\share\f`, Windows, "Appendix E.3, file:////"},
		{"file://///server/share/f", `\\server\share\f`, Windows, "Appendix E.3, file://///"},
	} {
		got, err := ToPath(uri.MustParse(c.in), c.o)
		if err != nil || got != c.want {
			t.Errorf("%s: ToPath(%q) = %q, %v; want %q", c.why, c.in, got, err, c.want)
		}
	}
}

func TestToPathErrors(t *testing.T) {
	for _, c := range []struct {
		in     string
		o      OS
		err    error
		offset int
	}{
		{"http://x/", POSIX, ErrNotFile, 0},
		{"file://server/f", POSIX, ErrRemoteHost, 7},
		{"file:///a%2Fb", POSIX, ErrSegment, 9},
		{"file:///a/b%00", POSIX, ErrSegment, 11},
		{"file:///C:/a%5Cb", Windows, ErrSegment, 12},
		{"file:///x/y", Windows, ErrRelative, 7},
		{"file:x/y", POSIX, ErrRelative, 5},
		{"file:///x?q", POSIX, ErrQuery, 9},
	} {
		_, err := ToPath(uri.MustParse(c.in), c.o)
		var e *Error
		if !errors.Is(err, c.err) || !errors.As(err, &e) || e.Offset != c.offset {
			t.Errorf("ToPath(%q) = %v, want %v at offset %d", c.in, err, c.err, c.offset)
		}
	}
}

func TestFromPath(t *testing.T) {
	for _, c := range []struct {
		in   string
		o    OS
		want string
	}{
		{"/etc/hosts", POSIX, "file:///etc/hosts"},
		{"/a b/%#?/café", POSIX, "file:///a%20b/%25%23%3F/caf%C3%A9"},
		{"/", POSIX, "file:///"},
		{`C:\x\y`, Windows, "file:///C:/x/y"},
		{`C:\`, Windows, "file:///C:/"},
		{`C:`, Windows, "file:///C:/"},
		{`\\server\share\f`, Windows, "file://server/share/f"},
	} {
		u, err := FromPath(c.in, c.o)
		if err != nil || u.String() != c.want {
			t.Errorf("FromPath(%q) = %q, %v; want %q", c.in, u, err, c.want)
		}
	}
	for _, c := range []struct {
		in string
		o  OS
	}{{"a/b", POSIX}, {`x\y`, Windows}, {`\x`, Windows}, {`C:x`, Windows}} {
		if _, err := FromPath(c.in, c.o); !errors.Is(err, ErrRelative) {
			t.Errorf("FromPath(%q): %v, want ErrRelative", c.in, err)
		}
	}
}

// FuzzRoundTrip checks that path → URI → path is the identity for the
// absolute paths FromPath accepts, on both systems.
func FuzzRoundTrip(f *testing.F) {
	for _, s := range []string{"/a b/c", `C:\x\y`, `\\srv\share\a%b`, "/%2F", "/a//b/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p string) {
		for _, o := range []OS{POSIX, Windows} {
			u, err := FromPath(p, o)
			if err != nil {
				continue
			}
			if _, err := uri.ParseURI(u.String()); err != nil {
				t.Fatalf("FromPath(%q, %d) = %q: not strict: %v", p, o, u, err)
			}
			back, err := ToPath(u, o)
			if err != nil {
				t.Fatalf("ToPath(FromPath(%q, %d) = %q): %v", p, o, u, err)
			}
			want := p
			if o == Windows {
				want = windowsForm(p)
			}
			if back != want {
				t.Fatalf("ToPath(FromPath(%q, %d) = %q) = %q, want %q", p, o, u, back, want)
			}
		}
	})
}

// windowsForm is p with "/" as "\" and a bare drive given its root.
func windowsForm(p string) string {
	b := []byte(p)
	for i, c := range b {
		if c == '/' {
			b[i] = '\\'
		}
	}
	if len(b) == 2 {
		b = append(b, '\\')
	}
	return string(b)
}
