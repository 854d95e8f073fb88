package bench

import (
	"net/url"
	"path"
	"strings"
	"testing"

	"github.com/ferret-go/uri"
	"github.com/ferret-go/uri/fileuri"
)

// Paths to file URIs and back (RFC 8089) against what Go programs write
// today: url.URL{Scheme: "file", Path: filepath.ToSlash(p)}.String(), and
// url.Parse then the URL's Path. path.Clean stands in for
// filepath.ToSlash, which is the identity for POSIX paths.

func naivePathToURI(p string) string {
	return (&url.URL{Scheme: "file", Path: path.Clean(p)}).String()
}

func naiveURIToPath(s string) (string, error) {
	u, err := url.Parse(s)
	if err != nil {
		return "", err
	}
	return u.Path, nil
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

// TestNaiveFileURIs lists where the naive conversion is wrong and fileuri
// is not (RFC 8089): Windows drive letters and UNC shares become hosts or
// lose their share, and a "%" already in a name is not told from an
// escape on the way back.
func TestNaiveFileURIs(t *testing.T) {
	cases := []struct {
		path    string
		os      fileuri.OS
		want    string // RFC 8089's URI
		naiveOK bool
	}{
		{"/home/u/a b#c?d.txt", fileuri.POSIX, "file:///home/u/a%20b%23c%3Fd.txt", true},
		{`C:\Users\u\x.txt`, fileuri.Windows, "file:///C:/Users/u/x.txt", false},
		{`\\server\share\f.txt`, fileuri.Windows, "file://server/share/f.txt", false},
		{"/tmp/100%25done", fileuri.POSIX, "file:///tmp/100%2525done", true},
	}
	for _, c := range cases {
		u, err := fileuri.FromPath(c.path, c.os)
		if err != nil || u.String() != c.want {
			t.Errorf("FromPath(%q) = %q, %v; want %q", c.path, u, err, c.want)
		}
		naive := naivePathToURI(strings.ReplaceAll(c.path, `\`, "/"))
		if (naive == c.want) != c.naiveOK {
			t.Errorf("naive(%q) = %q; RFC 8089 says %q", c.path, naive, c.want)
		}
		back, err := fileuri.ToPath(u, c.os)
		if err != nil || back != c.path {
			t.Errorf("ToPath(FromPath(%q)) = %q, %v", c.path, back, err)
		}
	}
}

// BenchmarkFilePath converts the isaacs_files paths to file URIs and back.
func BenchmarkFilePath(b *testing.B) {
	ps := filePaths(b)
	us := make([]string, len(ps))
	for i, p := range ps {
		u, err := fileuri.FromPath(p, fileuri.POSIX)
		if err != nil {
			b.Fatal(err)
		}
		us[i] = u.String()
	}
	b.Run("op=FromPath/lib=neturl", func(b *testing.B) {
		measure(b, func(i int) { sink = naivePathToURI(ps[i%len(ps)]) })
	})
	b.Run("op=FromPath/lib=uri", func(b *testing.B) {
		measure(b, func(i int) { u, _ := fileuri.FromPath(ps[i%len(ps)], fileuri.POSIX); sink = u.String() })
	})
	b.Run("op=ToPath/lib=neturl", func(b *testing.B) {
		measure(b, func(i int) { sink, _ = naiveURIToPath(us[i%len(us)]) })
	})
	b.Run("op=ToPath/lib=uri", func(b *testing.B) {
		measure(b, func(i int) {
			u, _ := uri.Parse(us[i%len(us)])
			sink, _ = fileuri.ToPath(u, fileuri.POSIX)
		})
	})
}
