package uri_test

import (
	"errors"
	"fmt"
	"net/netip"

	"github.com/ferret-go/uri"
)

func ExampleURI_WithScheme() {
	u, _ := uri.MustParse("//example.com/a").WithScheme("https")
	fmt.Println(u)
	_, err := u.WithScheme("1http")
	fmt.Println(err)
	// Output:
	// https://example.com/a
	// uri: invalid character '1' in scheme at offset 0
}

func ExampleURI_WithoutScheme() {
	u, _ := uri.MustParse("https://example.com/a").WithoutScheme()
	fmt.Println(u)
	_, err := uri.MustParse("urn:isbn:0451450523").WithoutScheme()
	fmt.Println(errors.Is(err, uri.ErrPathColon))
	// Output:
	// //example.com/a
	// true
}

func ExampleURI_WithDecodedUserinfo() {
	u, _ := uri.MustParse("ftp://ftp.example.com/pub").WithDecodedUserinfo("anonymous:me@home")
	fmt.Println(u)
	fmt.Println(u.DecodedUserinfo())
	// Output:
	// ftp://anonymous:me%40home@ftp.example.com/pub
	// anonymous:me@home
}

func ExampleURI_WithUserinfo() {
	u, _ := uri.MustParse("ftp://h/").WithUserinfo("me%40home")
	fmt.Println(u)
	_, err := u.WithUserinfo("me@home")
	fmt.Println(err)
	// Output:
	// ftp://me%40home@h/
	// uri: invalid character '@' in userinfo at offset 2
}

func ExampleURI_WithoutUserinfo() {
	fmt.Println(uri.MustParse("http://user:pw@example.com/").WithoutUserinfo())
	// Output: http://example.com/
}

func ExampleURI_WithDecodedHost() {
	u := uri.MustParse("http://example.com:8080/index.html")
	for _, host := range []string{"example.org", "192.0.2.1", "2001:db8::1", "bücher.example", ""} {
		v, _ := u.WithDecodedHost(host)
		fmt.Println(v, v.HostKind())
	}
	// Output:
	// http://example.org:8080/index.html reg-name
	// http://192.0.2.1:8080/index.html ipv4
	// http://[2001:db8::1]:8080/index.html ipv6
	// http://b%C3%BCcher.example:8080/index.html reg-name
	// http://:8080/index.html reg-name
}

func ExampleURI_WithHost() {
	u, _ := uri.MustParse("http://a/").WithHost("[v1.fe80::a+en1]")
	fmt.Println(u, u.HostKind())
	_, err := u.WithHost("a:80")
	fmt.Println(err)
	// Output:
	// http://[v1.fe80::a+en1]/ ipvfuture
	// uri: invalid character ':' in host at offset 1
}

func ExampleURI_WithAddr() {
	u := uri.MustParse("http://localhost:8080/")
	v4, _ := u.WithAddr(netip.MustParseAddr("127.0.0.1"))
	v6, _ := u.WithAddr(netip.IPv6Loopback())
	fmt.Println(v4)
	fmt.Println(v6)
	// Output:
	// http://127.0.0.1:8080/
	// http://[::1]:8080/
}

func ExampleURI_WithPortNumber() {
	u, _ := uri.MustParse("http://example.com/").WithPortNumber(8080)
	fmt.Println(u)
	_, err := uri.MustParse("mailto:fred@example.com").WithPortNumber(25)
	fmt.Println(errors.Is(err, uri.ErrNoAuthority))
	// Output:
	// http://example.com:8080/
	// true
}

func ExampleURI_WithPort() {
	u, _ := uri.MustParse("http://example.com/").WithPort("")
	fmt.Println(u, u.HasPort())
	// Output: http://example.com:/ true
}

func ExampleURI_WithoutPort() {
	fmt.Println(uri.MustParse("http://example.com:80/").WithoutPort())
	// Output: http://example.com/
}

func ExampleURI_WithoutAuthority() {
	u, _ := uri.MustParse("file://localhost/etc/hosts").WithoutAuthority()
	fmt.Println(u)
	_, err := uri.MustParse("http://a//b").WithoutAuthority()
	fmt.Println(err)
	// Output:
	// file:/etc/hosts
	// uri: path without an authority must not begin with "//" in path at offset 0
}

func ExampleURI_WithDecodedPath() {
	u, _ := uri.MustParse("http://example.com/?q").WithDecodedPath("/docs/read me.txt")
	fmt.Println(u)
	r, _ := uri.MustParse("").WithDecodedPath("a:b/c:d")
	fmt.Println(r) // ":" in the first segment would read as a scheme
	_, err := u.WithDecodedPath("docs")
	fmt.Println(err)
	// Output:
	// http://example.com/docs/read%20me.txt?q
	// a%3Ab/c:d
	// uri: path beside an authority must be empty or begin with "/" in path at offset 0
}

func ExampleURI_WithPath() {
	u, _ := uri.MustParse("http://example.com/").WithPath("/a%2Fb/c")
	fmt.Println(u.Segments())
	_, err := uri.MustParse("rel").WithPath("a:b")
	fmt.Println(err)
	// Output:
	// [ a%2Fb c]
	// uri: first segment of a relative-path reference must not contain ":" in path at offset 1
}

func ExampleURI_WithSegments() {
	u := uri.MustParse("http://example.com/a%2Fb/c")
	v, _ := u.WithSegments(u.Segments()...)
	fmt.Println(v == u)
	_, err := u.WithSegments("", "a/b")
	fmt.Println(err)
	// Output:
	// true
	// uri: invalid character '/' in path at offset 1
}

func ExampleURI_WithDecodedSegments() {
	u, _ := uri.MustParse("http://example.com").WithDecodedSegments("", "files", "a/b c")
	fmt.Println(u)
	fmt.Printf("%q\n", u.DecodedSegments())
	// Output:
	// http://example.com/files/a%2Fb%20c
	// ["" "files" "a/b c"]
}

func ExampleURI_AddSegment() {
	u, _ := uri.MustParse("https://example.com/files/").AddSegment("a%2Fb")
	fmt.Println(u)
	// Output: https://example.com/files/a%2Fb
}

func ExampleURI_AddDecodedSegment() {
	u, _ := uri.MustParse("https://api.example.com/v1/").AddDecodedSegment("users")
	u, _ = u.AddDecodedSegment("ana maría")
	fmt.Println(u)
	// Output: https://api.example.com/v1/users/ana%20mar%C3%ADa
}

func ExampleURI_WithDecodedQuery() {
	u, _ := uri.MustParse("http://example.com/search").WithDecodedQuery("q=a b&lang=en")
	fmt.Println(u)
	// Output: http://example.com/search?q=a%20b&lang=en
}

func ExampleURI_WithQuery() {
	u, _ := uri.MustParse("http://example.com/").WithQuery("q=a%20b")
	fmt.Println(u)
	// Output: http://example.com/?q=a%20b
}

func ExampleURI_WithoutQuery() {
	fmt.Println(uri.MustParse("http://example.com/?utm_source=x#top").WithoutQuery())
	// Output: http://example.com/#top
}

func ExampleURI_WithDecodedFragment() {
	u, _ := uri.MustParse("http://example.com/doc").WithDecodedFragment("section 2")
	fmt.Println(u)
	// Output: http://example.com/doc#section%202
}

func ExampleURI_WithFragment() {
	u, _ := uri.MustParse("http://example.com/doc").WithFragment("a/b?c")
	fmt.Println(u)
	// Output: http://example.com/doc#a/b?c
}

func ExampleURI_WithoutFragment() {
	fmt.Println(uri.MustParse("http://example.com/doc#top").WithoutFragment())
	// Output: http://example.com/doc
}

func ExampleBuilder() {
	var b uri.Builder
	u, err := b.SetScheme("https").
		SetDecodedHost("example.com").
		SetPortNumber(8443).
		SetDecodedPath("/search results").
		SetQueryParams(uri.NewQuery(uri.QueryForm, uri.Pair{Key: "q", Value: "café & crème"})).
		SetDecodedFragment("top").
		Build()
	fmt.Println(u, err)

	// An empty host: the authority is written.
	f, _ := new(uri.Builder).SetScheme("file").SetHost("").SetPath("/etc/hosts").Build()
	fmt.Println(f)

	_, err = new(uri.Builder).SetDecodedUserinfo("me").SetPath("/x").Build()
	fmt.Println(err)
	// Output:
	// https://example.com:8443/search%20results?q=caf%C3%A9+%26+cr%C3%A8me#top <nil>
	// file:///etc/hosts
	// uri: no authority (set a host first) in userinfo at offset 0
}

// Several edits of a parsed URI, written with one allocation.
func ExampleURI_Builder() {
	u := uri.MustParse("http://user@example.com:8080/a%20b?q=1#top")
	v, err := u.Builder().
		SetScheme("https").
		RemoveUserinfo().
		RemovePort().
		SetDecodedPath("/café").
		RemoveFragment().
		Build()
	fmt.Println(v, err)
	// Output: https://example.com/caf%C3%A9?q=1 <nil>
}

func ExampleURI_WithAuthority() {
	u := uri.MustParse("http://example.com/a?b")
	v, _ := u.WithAuthority("user@[2001:db8::1]:8080")
	fmt.Println(v, v.HostKind(), v.Port())
	_, err := u.WithAuthority("example.com/x")
	fmt.Println(err)
	// Output:
	// http://user@[2001:db8::1]:8080/a?b ipv6 8080
	// uri: invalid character '/' in host at offset 11
}

// Build reports the first error any setter met, with its offset in the
// text given to that setter.
func ExampleBuilder_Build() {
	_, err := new(uri.Builder).SetScheme("http").SetHost("exa mple.com").SetPath("/").Build()
	fmt.Println(err)
	var e *uri.Error
	if errors.As(err, &e) {
		fmt.Printf("%q %d %v\n", e.Input, e.Offset, e.Component)
	}
	// Output:
	// uri: invalid character ' ' in host at offset 3
	// "exa mple.com" 3 host
}

// With, WithDecoded and Without take the component as a value, for code
// that chooses it at run time, such as a command line's "--set host=...".
func ExampleURI_With() {
	u := uri.MustParse("https://example.com/a?b#c")
	for _, edit := range []struct {
		comp  uri.Component
		value string
	}{
		{uri.ComponentHost, "example.org"},
		{uri.ComponentPath, "/docs/read me"},
		{uri.ComponentFragment, ""},
	} {
		var err error
		if edit.value == "" {
			u, err = u.Without(edit.comp)
		} else {
			u, err = u.WithDecoded(edit.comp, edit.value)
		}
		if err != nil {
			fmt.Println(err)
			return
		}
	}
	fmt.Println(u)
	_, err := u.With(uri.ComponentPort, "80a")
	fmt.Println(err)
	// Output:
	// https://example.org/docs/read%20me?b
	// uri: invalid character 'a' in port at offset 2
}
