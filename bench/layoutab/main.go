// Command layoutab counts, under callgrind, the instructions of one call of
// the value-making operations of package uri (edits, builds, parse,
// resolve, normalize, relative, ToIRI) and of net/url's counterparts, on the
// first 2,000 URLs of a list that both libraries parse alike. It uses only
// API that the module had before issue 33's layout change, so that
// layoutab.sh can build it against an older commit and compare the two in
// one run. Usage: layoutab LIST OP N (N calls in measure, after one warm-up
// round).
package main

import (
	"bufio"
	"fmt"
	"net/url"
	"os"
	"strconv"

	"github.com/ferret-go/uri"
)

// sink keeps the results alive.
var sink string

var (
	rel  = uri.MustParse("../g?y#s")
	rel2 = uri.MustParse("/path?q")
	base = uri.MustParse("http://example.com/a/b/c")
)

type op struct {
	name string
	f    func(u uri.URI, p *url.URL) string
}

func must(u uri.URI, err error) string {
	if err != nil {
		panic(err)
	}
	return u.String()
}

var ops = []op{
	{"WithHost", func(u uri.URI, p *url.URL) string { return must(u.WithHost("example.org")) }},
	{"WithScheme", func(u uri.URI, p *url.URL) string { return must(u.WithScheme("https")) }},
	{"WithPath", func(u uri.URI, p *url.URL) string { return must(u.WithPath("/new/path/index%20page.html")) }},
	{"WithQuery", func(u uri.URI, p *url.URL) string { return must(u.WithQuery("q=caf%C3%A9&lang=en")) }},
	{"WithDecodedPath", func(u uri.URI, p *url.URL) string { return must(u.WithDecodedPath("/new/path/index page.html")) }},
	{"WithPortNumber", func(u uri.URI, p *url.URL) string { return must(u.WithPortNumber(8443)) }},
	{"WithoutQuery", func(u uri.URI, p *url.URL) string { return u.WithoutQuery().String() }},
	{"WithoutFragment", func(u uri.URI, p *url.URL) string { return u.WithoutFragment().String() }},
	{"Chain3-builder", func(u uri.URI, p *url.URL) string {
		return must(u.Builder().SetScheme("https").SetPath("/new/path/index%20page.html").SetQuery("q=1").Build())
	}},
	{"Build-raw", func(u uri.URI, p *url.URL) string {
		return must(new(uri.Builder).SetScheme("https").SetHost("example.com").SetPort("8080").SetPath("/a%20b/c").SetFragment("sec%202").Build())
	}},
	{"Build-decoded", func(u uri.URI, p *url.URL) string {
		return must(new(uri.Builder).SetScheme("https").SetDecodedHost("example.com").SetPortNumber(8080).SetDecodedPath("/a b/c").SetDecodedFragment("sec 2").Build())
	}},
	{"neturl-host", func(u uri.URI, p *url.URL) string { v := *p; v.Host = "example.org"; return v.String() }},
	{"neturl-chain3", func(u uri.URI, p *url.URL) string {
		v := *p
		v.Scheme = "https"
		v.Path = "/new/path/index page.html"
		v.RawQuery = "q=1"
		return v.String()
	}},
	{"neturl-build", func(u uri.URI, p *url.URL) string {
		v := url.URL{Scheme: "https", Host: "example.com:8080", Path: "/a b/c", Fragment: "sec 2"}
		return v.String()
	}},
	{"Parse", func(u uri.URI, p *url.URL) string { v, _ := uri.Parse(u.String()); return v.Host() }},
	{"Resolve", func(u uri.URI, p *url.URL) string { return must(u.Resolve(rel)) }},
	{"Resolve2", func(u uri.URI, p *url.URL) string { return must(u.Resolve(rel2)) }},
	{"Normalize", func(u uri.URI, p *url.URL) string { return u.Normalize().String() }},
	{"Relative", func(u uri.URI, p *url.URL) string { return must(base.Relative(u)) }},
	{"ToIRI", func(u uri.URI, p *url.URL) string { return u.ToIRI().String() }},
	{"none", func(u uri.URI, p *url.URL) string { return "" }},
}

// measure makes n calls of f, cycling over the URLs.
//
//go:noinline
func measure(f func(uri.URI, *url.URL) string, us []uri.URI, ps []*url.URL, n int) {
	for i := 0; i < n; i++ {
		k := i % len(us)
		sink = f(us[k], ps[k])
	}
}

func main() {
	file, name := os.Args[1], os.Args[2]
	n, _ := strconv.Atoi(os.Args[3])
	fh, _ := os.Open(file)
	var us []uri.URI
	var ps []*url.URL
	sc := bufio.NewScanner(fh)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		u, err := uri.Parse(sc.Text())
		p, err2 := url.Parse(sc.Text())
		if err != nil || err2 != nil || !u.HasAuthority() || p.String() != u.String() {
			continue
		}
		us, ps = append(us, u), append(ps, p)
		if len(us) == 2000 {
			break
		}
	}
	for _, o := range ops {
		if o.name == name {
			measure(o.f, us, ps, len(us)) // warm: the stack grown, the lines once edited
			measure(o.f, us, ps, n)
			fmt.Println(len(us))
		}
	}
}
