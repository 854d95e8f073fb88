package whatwg_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/ferret-go/uri"
	"github.com/ferret-go/uri/whatwg"
)

func ExampleParse() {
	u, err := whatwg.Parse("HTTPS://EXAMPLE.com:443/a/./b/../c?q=1 2#frag")
	if err != nil {
		panic(err)
	}
	fmt.Println(u.Href())
	fmt.Println(u.Protocol(), u.Hostname(), u.Port() == "", u.Pathname(), u.Search(), u.Hash())
	fmt.Println(u.Origin())
	// Output:
	// https://example.com/a/c?q=1%202#frag
	// https: example.com true /a/c ?q=1%202 #frag
	// https://example.com
}

func ExampleParse_hosts() {
	for _, s := range []string{
		"http://0x7f.1/",         // IPv4 in hexadecimal and short form
		"http://[0:0::1]/",       // IPv6, compressed when serialized
		"http://☕.example/",      // a domain through UTS #46
		"git://GitHub.com/x.git", // an opaque host keeps its case
	} {
		u, _ := whatwg.Parse(s)
		fmt.Println(u.Host())
	}
	// Output:
	// 127.0.0.1
	// [::1]
	// xn--53h.example
	// GitHub.com
}

func ExampleParseRef() {
	base := whatwg.MustParse("https://example.org/dir/page.html?x#y")
	for _, ref := range []string{"other.html", "../up", "?q", "#f", "//cdn.example/lib.js", "\\\\back\\slashes"} {
		u, _ := whatwg.ParseRef(ref, base)
		fmt.Println(u)
	}
	// Output:
	// https://example.org/dir/other.html
	// https://example.org/up
	// https://example.org/dir/page.html?q
	// https://example.org/dir/page.html?x#f
	// https://cdn.example/lib.js
	// https://back/slashes
}

func ExampleError() {
	_, err := whatwg.Parse("https://example.org:99999/")
	var e *whatwg.Error
	if errors.As(err, &e) {
		fmt.Println(e.Reason, e.Offset, errors.Is(err, whatwg.ErrPortOutOfRange))
	}
	// Output:
	// port-out-of-range 20 true
}

// The special authority slashes state reports the first "\\" once, then
// the special authority ignore slashes state reports each "\\" it skips.
func ExampleValidate() {
	u, verrs, _ := whatwg.Validate(" https:\\\\example.org\\a ", whatwg.URL{})
	fmt.Println(u)
	for _, v := range verrs {
		fmt.Println(v.Kind, v.Offset)
	}
	// Output:
	// https://example.org/a
	// invalid-URL-unit 0
	// special-scheme-missing-following-solidus 7
	// special-scheme-missing-following-solidus 7
	// special-scheme-missing-following-solidus 8
	// invalid-reverse-solidus 20
}

func ExampleURL_SetHost() {
	u := whatwg.MustParse("http://example.net:8080/path")
	fmt.Println(u.SetHost("example.com:81"))
	fmt.Println(u.SetHostname("example.com:81")) // hostname state: a ":" ends it, the URL is unchanged
	fmt.Println(u.SetPort("80"))                 // the default port is null
	fmt.Println(u.SetProtocol("https"))
	fmt.Println(u.SetProtocol("mailto")) // special to non-special is refused
	fmt.Println(u.SetPathname("a b/../c").SetSearch("?q=ü").SetHash("top"))
	// Output:
	// http://example.com:81/path
	// http://example.net:8080/path
	// http://example.net/path
	// https://example.net:8080/path
	// http://example.net:8080/path
	// http://example.net:8080/c?q=%C3%BC#top
}

func ExampleURL_SearchParams() {
	u := whatwg.MustParse("https://example.org/search?q=a+b&lang=en&q=c")
	sp := u.SearchParams()
	fmt.Println(sp.GetAll("q"))
	sp.Set("page", "2")
	sp.Sort()
	fmt.Println(u.WithSearchParams(sp))
	// Output:
	// [a b c]
	// https://example.org/search?lang=en&page=2&q=a+b&q=c
}

// The same string under both standards, and the bridge between them.
func ExampleFromURI() {
	v := uri.MustParse("HTTP://EXAMPLE.com:80/a/./b")
	fmt.Println(v.Host(), v.Port(), v.Path()) // RFC 3986: as written
	u, _ := whatwg.FromURI(v, whatwg.URL{})
	fmt.Println(u) // the URL Standard's reading
	back, _ := u.URI()
	fmt.Println(back.Host(), back.Port() == "", back.Path())
	// Output:
	// EXAMPLE.com 80 /a/./b
	// http://example.com/a/b
	// example.com true /a/b
}

// Repair makes a pasted URL a URI that goes where a browser given it goes:
// here "\" ends the authority, as the URL Standard reads it in http URLs,
// so the host is evil.com (uri.Repair would encode it and read good.com).
// A URL that browsers reject is an error.
func ExampleRepair() {
	u, changes, err := whatwg.Repair(`http://evil.com\@good.com/a b`)
	fmt.Println(u, u.Host(), err)
	for _, c := range changes {
		fmt.Println(c)
	}
	_, _, err = whatwg.Repair("http://exa mple.com/")
	fmt.Println(errors.Is(err, whatwg.ErrRejected), err)
	// Output:
	// http://evil.com/@good.com/a%20b evil.com <nil>
	// offset 15: path: "\\" -> "/" (wrote the slashes as the URL Standard reads them)
	// offset 27: path: " " -> "%20" (encoded a character no component allows)
	// true uri: the URL Standard rejects it (a browser goes nowhere): domain-invalid-code-point in host at offset 10
}

// A reference without a scheme goes where a link on the page goes: against
// a page of http or https, "/\" begins an authority.
func ExampleRepairRef() {
	page := whatwg.MustParse("https://good.example/app/")
	u, _, err := whatwg.RepairRef(uri.Options{}, `/\evil.example\@good.example/`, page)
	fmt.Println(u, err)
	// The same text on a page of a scheme that is not special is a path.
	u, _, err = whatwg.RepairRef(uri.Options{}, `/\evil.example/`, whatwg.MustParse("foo://h/"))
	fmt.Println(u, err)
	// Output:
	// //evil.example/@good.example/ <nil>
	// /%5Cevil.example/ <nil>
}

// A first segment with a ":" that begins no scheme is a path for the URL
// Standard; RFC 3986 needs "./" before it (section 4.2).
func ExampleRepairRef_colon() {
	page := whatwg.MustParse("http://example.org/foo/bar")
	u, changes, err := whatwg.RepairRef(uri.Options{}, ":foo.com/", page)
	fmt.Println(u, err, changes)
	v, _ := whatwg.ParseRef(u.String(), page)
	fmt.Println(v.Href())
	// Output:
	// ./:foo.com/ <nil> [offset 0: path: "" -> "./" (wrote "./" before a first segment holding ":")]
	// http://example.org/foo/:foo.com/
}

// A label of more than 1000 UTF-16 code units is refused before Punycode,
// as Chromium refuses it (ICU4C's bound): a label of 1000 "é" parses, one
// of 1001 does not, and the error gives the label's offset.
func ExampleErrLabelTooLong() {
	u, err := whatwg.Parse("http://" + strings.Repeat("é", 1000) + ".example/")
	fmt.Println(len(u.Hostname()), err)
	_, err = whatwg.Parse("http://a." + strings.Repeat("é", 1001) + "/")
	var e *whatwg.Error
	fmt.Println(errors.Is(err, whatwg.ErrLabelTooLong), errors.Is(err, whatwg.ErrDomainToASCII), errors.As(err, &e) && e.Offset == 9)
	// Output:
	// 1014 <nil>
	// true true true
}
