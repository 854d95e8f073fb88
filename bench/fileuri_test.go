package bench

import (
	"net/url"
	"strings"
	"testing"

	"github.com/ferret-go/uri"
	"github.com/ferret-go/uri/fileuri"
)

// Paths to file URIs and back (RFC 8089) against what Go programs write
// today (golang/go#32456): url.URL{Scheme: "file", Path:
// filepath.ToSlash(p)}.String(), and url.Parse then the URL's Path through
// filepath.FromSlash. filepath's two functions depend on GOOS, so the
// Windows forms are spelled out here as they behave on Windows ("\" and "/"
// swapped); on POSIX they are the identity.

func naivePathToURI(p string) string {
	return (&url.URL{Scheme: "file", Path: p}).String() // filepath.ToSlash(p) on POSIX
}

func naivePathToURIWindows(p string) string {
	return (&url.URL{Scheme: "file", Path: strings.ReplaceAll(p, `\`, "/")}).String() // filepath.ToSlash on Windows
}

func naiveURIToPath(s string) (string, error) {
	u, err := url.Parse(s)
	if err != nil {
		return "", err
	}
	return u.Path, nil // filepath.FromSlash(u.Path) on POSIX
}

func naiveURIToPathWindows(s string) (string, error) {
	u, err := url.Parse(s)
	if err != nil {
		return "", err
	}
	return strings.ReplaceAll(u.Path, "/", `\`), nil // filepath.FromSlash on Windows
}

// filePaths are the POSIX paths of the isaacs_files list (file:///Users/...),
// as fileuri reads them.
func filePaths(tb testing.TB) []string {
	var ps []string
	for _, line := range readLines(tb, "isaacs_files") {
		u, err := uri.Parse(line)
		if err != nil {
			continue
		}
		if p, err := fileuri.ToPath(u, fileuri.POSIX); err == nil {
			ps = append(ps, p)
		}
	}
	if len(ps) == 0 {
		tb.Skip("no file paths")
	}
	return ps
}

// windowsPaths are the same paths as Windows writes them: on drive C: for
// three in four, on the share \\fs\home for every fourth.
func windowsPaths(ps []string) []string {
	ws := make([]string, len(ps))
	for i, p := range ps {
		w := strings.ReplaceAll(p, "/", `\`)
		if i%4 == 3 {
			ws[i] = `\\fs\home` + w
		} else {
			ws[i] = "C:" + w
		}
	}
	return ws
}

// TestNaiveFileURIs lists where the naive conversion is wrong and fileuri
// is not (RFC 8089): drive letters become a host "C:" and come back with a
// "\" before them, UNC shares lose their server, and "%" and "#" in names,
// which RFC 3986 lets a path hold only as triplets, do not come back. Both
// directions, both systems.
func TestNaiveFileURIs(t *testing.T) {
	cases := []struct {
		path      string
		os        fileuri.OS
		want      string // RFC 8089's URI (section 2, Appendix E.2, E.3.1)
		naiveTo   bool   // whether the naive path → URI gives want
		naiveBack bool   // whether the naive URI → path gives the path back
	}{
		{"/home/u/a b#c?d.txt", fileuri.POSIX, "file:///home/u/a%20b%23c%3Fd.txt", true, true},
		{"/tmp/100%25done", fileuri.POSIX, "file:///tmp/100%2525done", true, true},
		{`C:\Users\u\x.txt`, fileuri.Windows, "file:///C:/Users/u/x.txt", false, false},
		{`C:\`, fileuri.Windows, "file:///C:/", false, false},
		{`\\server\share\f.txt`, fileuri.Windows, "file://server/share/f.txt", false, false},
		{`\\server\share\a b#1.txt`, fileuri.Windows, "file://server/share/a%20b%231.txt", false, false},
		{`D:\100%\x`, fileuri.Windows, "file:///D:/100%25/x", false, false},
	}
	for _, c := range cases {
		u, err := fileuri.FromPath(c.path, c.os)
		if err != nil || u.String() != c.want {
			t.Errorf("FromPath(%q) = %q, %v; want %q", c.path, u, err, c.want)
		}
		back, err := fileuri.ToPath(u, c.os)
		if err != nil || back != c.path {
			t.Errorf("ToPath(FromPath(%q)) = %q, %v", c.path, back, err)
		}
		to, from := naivePathToURI, naiveURIToPath
		if c.os == fileuri.Windows {
			to, from = naivePathToURIWindows, naiveURIToPathWindows
		}
		if naive := to(c.path); (naive == c.want) != c.naiveTo {
			t.Errorf("naive(%q) = %q; RFC 8089 says %q", c.path, naive, c.want)
		} else if !c.naiveTo {
			t.Logf("wrong: naive path→URI %q = %q, RFC 8089: %q", c.path, naive, c.want)
		}
		if nb, err := from(c.want); (err == nil && nb == c.path) != c.naiveBack {
			t.Errorf("naive back(%q) = %q, %v; the path is %q", c.want, nb, err, c.path)
		} else if !c.naiveBack {
			t.Logf("wrong: naive URI→path %q = %q, %v; the path is %q", c.want, nb, err, c.path)
		}
	}
}

// TestNaiveFileURIsPOSIX: URIs that name no local POSIX path (section 3: a
// non-local host; a query, which a file URI does not have), which the naive
// reading turns into a local path without a word.
func TestNaiveFileURIsPOSIX(t *testing.T) {
	for _, s := range []string{"file://remote.example/etc/passwd", "file:///etc/passwd?x"} {
		if _, err := fileuri.ToPath(uri.MustParse(s), fileuri.POSIX); err == nil {
			t.Errorf("ToPath(%q): no error", s)
		}
		if p, err := naiveURIToPath(s); err != nil || p != "/etc/passwd" {
			t.Errorf("naive(%q) = %q, %v", s, p, err)
		} else {
			t.Logf("wrong: naive URI→path %q = %q, RFC 8089 names no local path", s, p)
		}
	}
}

// BenchmarkFilePath converts the isaacs_files paths to file URIs and back,
// as POSIX paths and as the same paths on Windows (windowsPaths), fileuri
// against the naive conversions above in one binary.
func BenchmarkFilePath(b *testing.B) {
	posix := filePaths(b)
	for _, sys := range []struct {
		name string
		os   fileuri.OS
		ps   []string
		to   func(string) string
		from func(string) (string, error)
	}{
		{"posix", fileuri.POSIX, posix, naivePathToURI, naiveURIToPath},
		{"windows", fileuri.Windows, windowsPaths(posix), naivePathToURIWindows, naiveURIToPathWindows},
	} {
		ps, o := sys.ps, sys.os
		us := make([]string, len(ps))
		for i, p := range ps {
			u, err := fileuri.FromPath(p, o)
			if err != nil {
				b.Fatal(err)
			}
			us[i] = u.String()
		}
		b.Run("op=FromPath/os="+sys.name+"/lib=neturl", func(b *testing.B) {
			measure(b, func(i int) { sink = sys.to(ps[i%len(ps)]) })
		})
		b.Run("op=FromPath/os="+sys.name+"/lib=uri", func(b *testing.B) {
			measure(b, func(i int) { u, _ := fileuri.FromPath(ps[i%len(ps)], o); sink = u.String() })
		})
		b.Run("op=ToPath/os="+sys.name+"/lib=neturl", func(b *testing.B) {
			measure(b, func(i int) { sink, _ = sys.from(us[i%len(us)]) })
		})
		b.Run("op=ToPath/os="+sys.name+"/lib=uri", func(b *testing.B) {
			measure(b, func(i int) {
				u, _ := uri.Parse(us[i%len(us)])
				sink, _ = fileuri.ToPath(u, o)
			})
		})
	}
}
