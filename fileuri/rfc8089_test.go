package fileuri

import (
	"errors"
	"testing"

	"github.com/ferret-go/uri"
)

// The examples of RFC 8089, copied verbatim from the RFC's text as its
// author keeps it (github.com/phluid61/internet-drafts,
// file-scheme/rfc8089.txt): every URI of Appendix B, of Appendix E and of
// Appendix F (which collects the forms of B and E again). Section 2 and
// Appendices A, C, D, E.1 and E.4 hold no example URI. The expected paths
// are what the RFC says each URI names: a local file for Appendix B's first
// two and every drive-letter form, a non-local one (a UNC share on Windows,
// none on POSIX, section 3) for an authority or a UNC string.

// TestRFC8089Examples reads each example under both systems. The forms that
// are not RFC 3986 URIs (E.2.2's vertical line) go through StringToPath
// only; the others through ToPath too, which must agree.
func TestRFC8089Examples(t *testing.T) {
	for _, c := range []struct {
		section string
		in      string
		windows string // the path under Windows; "" for an error
		werr    error
		posix   string // the path under POSIX; "" for an error
		perr    error
	}{
		{"Appendix B, local, empty authority", "file:///path/to/file", `\path\to\file`, ErrRelative, "/path/to/file", nil},
		{"Appendix B, local, no authority", "file:/path/to/file", `\path\to\file`, ErrRelative, "/path/to/file", nil},
		{"Appendix B, non-local, explicit authority", "file://host.example.com/path/to/file", `\\host.example.com\path\to\file`, nil, "", ErrRemoteHost},
		{"Appendix E.2, drive letter, no authority", "file:c:/path/to/file", `c:\path\to\file`, nil, "c:/path/to/file", ErrRelative},
		{"Appendix E.2, drive letter in path-absolute", "file:///c:/path/to/file", `c:\path\to\file`, nil, "/c:/path/to/file", nil},
		{"Appendix E.2.1, base URI", "file:///c:/path/to/file.txt", `c:\path\to\file.txt`, nil, "/c:/path/to/file.txt", nil},
		{"Appendix E.2.1, resolved", "file:///c:/some/other/thing.bmp", `c:\some\other\thing.bmp`, nil, "/c:/some/other/thing.bmp", nil},
		{"Appendix E.2.1, base URI", "file:///c:/foo.txt", `c:\foo.txt`, nil, "/c:/foo.txt", nil},
		{"Appendix E.2.1, resolved", "file:///c:/bar.txt", `c:\bar.txt`, nil, "/c:/bar.txt", nil},
		{"Appendix E.2.2, vertical line, empty authority", "file:///c|/path/to/file", `c:\path\to\file`, nil, "", ErrInvalidPath},
		{"Appendix E.2.2, vertical line, no authority", "file:/c|/path/to/file", `c:\path\to\file`, nil, "", ErrInvalidPath},
		{"Appendix E.2.2, vertical line, drive first", "file:c|/path/to/file", `c:\path\to\file`, nil, "", ErrInvalidPath},
		{"Appendix E.3.2, UNC string in the path", "file:////host.example.com/path/to/file", `\\host.example.com\path\to\file`, nil, "//host.example.com/path/to/file", nil},
		{"Appendix E.3.2, UNC string after an extra slash", "file://///host.example.com/path/to/file", `\\host.example.com\path\to\file`, nil, "///host.example.com/path/to/file", nil},
	} {
		for _, sys := range []struct {
			o    OS
			want string
			err  error
		}{{Windows, c.windows, c.werr}, {POSIX, c.posix, c.perr}} {
			if sys.err != nil {
				sys.want = ""
			}
			got, err := StringToPath(c.in, sys.o)
			if got != sys.want || !errors.Is(err, sys.err) || (sys.err == nil) != (err == nil) {
				t.Errorf("%s: StringToPath(%q, %v) = %q, %v; want %q, %v", c.section, c.in, sys.o, got, err, sys.want, sys.err)
			}
			u, perr := uri.ParseURI(c.in)
			if perr != nil {
				continue // E.2.2: not an RFC 3986 URI, so no uri.URI
			}
			got2, err2 := ToPath(u, sys.o)
			if got2 != got || (err == nil) != (err2 == nil) {
				t.Errorf("%s: ToPath(%q, %v) = %q, %v; StringToPath gave %q, %v", c.section, c.in, sys.o, got2, err2, got, err)
			}
		}
	}
}

// TestRFC8089POSIXUNCPath: under POSIX the UNC forms of Appendix E.3.2 are
// read by the normative syntax of section 2 (an empty authority and a path
// that starts with "//"), which the table above shows; the RFC says such a
// URI is not a local file URI, but a POSIX path "//host/..." is one, so
// this package keeps the section 2 reading there and says so here.
func TestRFC8089POSIXUNCPath(t *testing.T) {
	p, err := ToPath(uri.MustParse("file:////host.example.com/path/to/file"), POSIX)
	if err != nil || p != "//host.example.com/path/to/file" {
		t.Errorf("got %q, %v", p, err)
	}
}

// TestRFC8089UNCString is Appendix E.3.1's example both ways: the UNC
// string and the URI that maps its host to the authority.
func TestRFC8089UNCString(t *testing.T) {
	const unc = `\\host.example.com\Share\path\to\file.txt`
	const want = "file://host.example.com/Share/path/to/file.txt"
	u, err := FromPath(unc, Windows)
	if err != nil || u.String() != want {
		t.Errorf("FromPath(%q) = %q, %v; want %q (Appendix E.3.1)", unc, u, err, want)
	}
	p, err := ToPath(uri.MustParse(want), Windows)
	if err != nil || p != unc {
		t.Errorf("ToPath(%q) = %q, %v; want %q (Appendix E.3.1)", want, p, err, unc)
	}
}

// TestRFC8089Resolve holds Appendix E.2.1's two resolutions, which keep the
// drive letter where RFC 3986, section 5.2 alone would not, and checks that
// a base without a drive letter resolves as RFC 3986 says.
func TestRFC8089Resolve(t *testing.T) {
	for _, c := range []struct {
		why, base, ref, want string
	}{
		{"Appendix E.2.1, first example", "file:///c:/path/to/file.txt", "/some/other/thing.bmp", "file:///c:/some/other/thing.bmp"},
		{"Appendix E.2.1, second example", "file:///c:/foo.txt", "../bar.txt", "file:///c:/bar.txt"},
		{"Appendix E.2.1, a reference with its own drive (\"/c:/foo.txt\")", "file:///d:/x/y", "/c:/foo.txt", "file:///c:/foo.txt"},
		{"drive with no authority (Appendix E.2's file:c:/...)", "file:c:/path/to/file", "../../x", "file:c:/x"},
		{"drive only", "file:///c:", "x", "file:///c:/x"},
		{"query and fragment kept", "file:///c:/a/b", "/d?q#f", "file:///c:/d?q#f"},
		{"a reference with an authority: RFC 3986", "file:///c:/a/b", "//host/d", "file://host/d"},
		{"a reference with a scheme: RFC 3986", "file:///c:/a/b", "http://h/x", "http://h/x"},
		{"no drive: RFC 3986, section 5.2", "file:///path/to/file.txt", "../../x", "file:///x"},
	} {
		got, err := Resolve(uri.MustParse(c.base), uri.MustParse(c.ref))
		if err != nil || got.String() != c.want {
			t.Errorf("%s: Resolve(%q, %q) = %q, %v; want %q", c.why, c.base, c.ref, got, err, c.want)
		}
	}
	// What RFC 3986 alone gives for the RFC's examples, so that the test
	// above shows a difference (Appendix E.2.1 "can be" resolved otherwise).
	for _, c := range [][3]string{
		{"file:///c:/path/to/file.txt", "/some/other/thing.bmp", "file:///some/other/thing.bmp"},
		{"file:///c:/foo.txt", "../bar.txt", "file:///bar.txt"},
	} {
		got, err := uri.MustParse(c[0]).Resolve(uri.MustParse(c[1]))
		if err != nil || got.String() != c[2] {
			t.Errorf("RFC 3986 Resolve(%q, %q) = %q, %v; want %q", c[0], c[1], got, err, c[2])
		}
	}
}

// TestStringToPath covers what StringToPath adds to ToPath: Appendix E.4's
// backslashes on Windows, the offsets of its errors in the text given, and
// the inline-IP of Appendix E.3.2's file-host.
func TestStringToPath(t *testing.T) {
	for _, c := range []struct {
		in   string
		o    OS
		want string
	}{
		{`file:///c:\path\to\file`, Windows, `c:\path\to\file`},
		{`file:\\server\share\f`, Windows, `\\server\share\f`},
		{"file://localhost/C|/x", Windows, `C:\x`},
		{"file:///C|", Windows, `C:\`},
		{"file:////%5B2001:db8::1%5D/share/f", Windows, `\\2001:db8::1\share\f`},
		{"file:////srv%2Dx/share/f", Windows, `\\srv-x\share\f`},
		{"file:///a%20b", POSIX, "/a b"},
	} {
		got, err := StringToPath(c.in, c.o)
		if err != nil || got != c.want {
			t.Errorf("StringToPath(%q, %v) = %q, %v; want %q", c.in, c.o, got, err, c.want)
		}
	}
	for _, c := range []struct {
		in     string
		o      OS
		err    error
		offset int
	}{
		{"file:///c|/x", POSIX, ErrInvalidPath, 9},      // "|" is no drive on POSIX
		{`file:///a\b`, POSIX, ErrInvalidPath, 9},       // nor "\" a separator
		{"file:///x/c|/y", Windows, ErrInvalidPath, 11}, // a vertical line elsewhere
		{`file:///c|/a%2Fb`, Windows, ErrSegment, 12},   // ToPath's offsets, in the text given
		{"file:///c|/x?q", Windows, ErrQuery, 12},
		{"mailto:a@b", Windows, ErrNotFile, 0},
	} {
		_, err := StringToPath(c.in, c.o)
		var e *Error
		if !errors.Is(err, c.err) || !errors.As(err, &e) || e.Offset != c.offset || e.Input != c.in {
			t.Errorf("StringToPath(%q, %v) = %v (%#v), want %v at offset %d", c.in, c.o, err, e, c.err, c.offset)
		}
	}
	var ue *uri.Error
	if _, err := StringToPath("file:///c|/x", POSIX); !errors.As(err, &ue) {
		t.Errorf("StringToPath: %v does not wrap the *uri.Error", err)
	}
}

// FuzzStringToPath: on any text StringToPath does not panic, and for an RFC
// 3986 URI (which holds no "|" or "\") it agrees with ToPath.
func FuzzStringToPath(f *testing.F) {
	for _, s := range []string{"file:///c|/path/to/file", "file:c|/x", `file:\\s\h\f`, "file:////h/s/f", "file:///a%2F"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, perr := uri.ParseURI(s)
		for _, o := range []OS{POSIX, Windows} {
			p, err := StringToPath(s, o)
			if err != nil {
				var e *Error
				if !errors.As(err, &e) || e.Input != s || e.Offset < 0 || e.Offset > len(s) {
					t.Fatalf("StringToPath(%q, %v): %v", s, o, err)
				}
			}
			if perr != nil {
				continue
			}
			q, err2 := ToPath(u, o)
			if q != p || (err == nil) != (err2 == nil) {
				t.Fatalf("StringToPath(%q, %v) = %q, %v; ToPath = %q, %v", s, o, p, err, q, err2)
			}
		}
	})
}
