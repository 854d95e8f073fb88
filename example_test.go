package uri_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/ferret-go/uri"
)

// The example URI of RFC 3986, section 3, and its components.
func ExampleParse() {
	u, err := uri.Parse("foo://example.com:8042/over/there?name=ferret#nose")
	if err != nil {
		panic(err)
	}
	fmt.Println("scheme:   ", u.Scheme())
	fmt.Println("authority:", u.Authority())
	fmt.Println("host:     ", u.Host())
	fmt.Println("port:     ", u.Port())
	fmt.Println("path:     ", u.Path())
	fmt.Println("query:    ", u.Query())
	fmt.Println("fragment: ", u.Fragment())
	fmt.Println("string:   ", u)
	// Output:
	// scheme:    foo
	// authority: example.com:8042
	// host:      example.com
	// port:      8042
	// path:      /over/there
	// query:     name=ferret
	// fragment:  nose
	// string:    foo://example.com:8042/over/there?name=ferret#nose
}

// A URI without an authority: the rest after the scheme is the path.
func ExampleParse_urn() {
	u := uri.MustParse("urn:example:animal:ferret:nose")
	fmt.Println(u.Scheme(), u.HasAuthority(), u.Path())
	// Output:
	// urn false example:animal:ferret:nose
}

// ParseURI requires a scheme; ParseRelative forbids one; Parse takes either.
func ExampleParseURI() {
	for _, s := range []string{"http://a/b", "../g?y"} {
		_, errURI := uri.ParseURI(s)
		_, errRel := uri.ParseRelative(s)
		fmt.Printf("%-10s ParseURI: %v\n", s, errURI)
		fmt.Printf("%-10s ParseRelative: %v\n", s, errRel)
	}
	// Output:
	// http://a/b ParseURI: <nil>
	// http://a/b ParseRelative: uri: scheme not allowed in a relative reference at offset 0
	// ../g?y     ParseURI: uri: missing scheme at offset 0
	// ../g?y     ParseRelative: <nil>
}

// ParseAbsolute is for base URIs: a scheme, and no fragment.
func ExampleParseAbsolute() {
	_, err := uri.ParseAbsolute("http://a/b/c/d;p?q#s")
	fmt.Println(err)
	fmt.Println(errors.Is(err, uri.ErrUnexpectedFragment))
	// Output:
	// uri: fragment not allowed in an absolute URI at offset 18
	// true
}

// Relative references, such as those of RFC 3986, section 5.4.
func ExampleParseRelative() {
	for _, s := range []string{"g;x?y#s", "//g", "../../g", "./1a:b"} {
		u, err := uri.ParseRelative(s)
		fmt.Printf("%-8s authority=%v host=%q path=%q query=%q fragment=%q err=%v\n",
			s, u.HasAuthority(), u.Host(), u.Path(), u.Query(), u.Fragment(), err)
	}
	// Output:
	// g;x?y#s  authority=false host="" path="g;x" query="y" fragment="s" err=<nil>
	// //g      authority=true host="g" path="" query="" fragment="" err=<nil>
	// ../../g  authority=false host="" path="../../g" query="" fragment="" err=<nil>
	// ./1a:b   authority=false host="" path="./1a:b" query="" fragment="" err=<nil>
}

// Errors say what is wrong, where, and in which component; errors.Is matches
// the cause and, for the scheme, host and port, the component's sentinel.
func ExampleError() {
	_, err := uri.Parse("http://a b/")
	fmt.Println(err)

	var e *uri.Error
	if errors.As(err, &e) {
		fmt.Println("offset:", e.Offset, "component:", e.Component)
		fmt.Printf("text before: %q\n", e.Input[:e.Offset])
	}
	fmt.Println(errors.Is(err, uri.ErrInvalidCharacter), errors.Is(err, uri.ErrInvalidHost))

	_, err = uri.Parse("http://[::1/")
	fmt.Println(err, errors.Is(err, uri.ErrUnterminatedIPLiteral))
	// Output:
	// uri: invalid character ' ' in host at offset 8
	// offset: 8 component: host
	// text before: "http://a"
	// true true
	// uri: unterminated IP literal in host at offset 7 true
}

// The kind of a host, and its address for IPv4 and IPv6.
func ExampleURI_HostKind() {
	for _, s := range []string{
		"http://example.com/",
		"telnet://192.0.2.16:80/",
		"ldap://[2001:db8::7]/c=GB?objectClass?one",
		"http://[::ffff:1.2.3.4]/",
		"s://[v7.x]/",
		"http://1.2.3.04/", // a leading zero: a reg-name, not IPv4
		"file:///etc/hosts",
		"mailto:John.Doe@example.com",
	} {
		u := uri.MustParse(s)
		fmt.Printf("%-10q %-9s %v\n", u.Host(), u.HostKind(), u.Addr())
	}
	// Output:
	// "example.com" reg-name  invalid IP
	// "192.0.2.16" ipv4      192.0.2.16
	// "[2001:db8::7]" ipv6      2001:db8::7
	// "[::ffff:1.2.3.4]" ipv6      ::ffff:1.2.3.4
	// "[v7.x]"   ipvfuture invalid IP
	// "1.2.3.04" reg-name  invalid IP
	// ""         reg-name  invalid IP
	// ""                   invalid IP
}

// PortNumber reads the port; the grammar allows any digits, so it reports
// whether the value fits in 16 bits.
func ExampleURI_PortNumber() {
	for _, s := range []string{"http://a:8080/", "http://a:65535", "http://a:65536", "http://a:/", "http://a/"} {
		u := uri.MustParse(s)
		n, ok := u.PortNumber()
		fmt.Printf("%-16s HasPort=%-5v Port=%-7q PortNumber=%d,%v\n", s, u.HasPort(), u.Port(), n, ok)
	}
	// Output:
	// http://a:8080/   HasPort=true  Port="8080"  PortNumber=8080,true
	// http://a:65535   HasPort=true  Port="65535" PortNumber=65535,true
	// http://a:65536   HasPort=true  Port="65536" PortNumber=0,false
	// http://a:/       HasPort=true  Port=""      PortNumber=0,false
	// http://a/        HasPort=false Port=""      PortNumber=0,false
}

// Segments splits the path at every "/": a leading empty segment marks an
// absolute path.
func ExampleURI_Segments() {
	for _, s := range []string{"http://a/b/c/d;p?q", "g/", "/", ""} {
		fmt.Printf("%q\n", uri.MustParse(s).Segments())
	}
	// Output:
	// ["" "b" "c" "d;p"]
	// ["g" ""]
	// ["" ""]
	// []
}

// An absent component differs from an empty one (RFC 3986, section 5.3).
func ExampleURI_HasQuery() {
	for _, s := range []string{"http://a/", "http://a/?", "http://a/?#", "http://a/?q#f"} {
		u := uri.MustParse(s)
		fmt.Printf("%-14s HasQuery=%-5v Query=%-3q HasFragment=%-5v Fragment=%q\n",
			s, u.HasQuery(), u.Query(), u.HasFragment(), u.Fragment())
	}
	// Output:
	// http://a/      HasQuery=false Query=""  HasFragment=false Fragment=""
	// http://a/?     HasQuery=true  Query=""  HasFragment=false Fragment=""
	// http://a/?#    HasQuery=true  Query=""  HasFragment=true  Fragment=""
	// http://a/?q#f  HasQuery=true  Query="q" HasFragment=true  Fragment="f"
}

// HasAuthority tells "file:///x" (an empty host) from "file:/x" (none).
func ExampleURI_HasAuthority() {
	for _, s := range []string{"file:///x", "file:/x"} {
		u := uri.MustParse(s)
		fmt.Printf("%-10s HasAuthority=%v Host=%q Path=%q\n", s, u.HasAuthority(), u.Host(), u.Path())
	}
	// Output:
	// file:///x  HasAuthority=true Host="" Path="/x"
	// file:/x    HasAuthority=false Host="" Path="/x"
}

// MustParse is for constants; it panics on invalid input.
func ExampleMustParse() {
	base := uri.MustParse("http://a/b/c/d;p?q")
	fmt.Printf("%v\n%#v\n", base, base)
	// Output:
	// http://a/b/c/d;p?q
	// uri.MustParse("http://a/b/c/d;p?q")
}

// The classic URI object: each component raw (as written) and decoded, with
// absent told from empty.
func Example() {
	u, err := uri.Parse("https://ana%20maria@example.com:8443/docs/read%20me.txt?q=caf%C3%A9#sec%202")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(u.Scheme(), u.HasScheme())
	fmt.Println(u.Userinfo(), "|", u.DecodedUserinfo())
	fmt.Println(u.Host(), u.Port())
	fmt.Println(u.Path(), "|", u.DecodedPath())
	fmt.Println(u.Query(), "|", u.QueryParams(uri.QueryForm).Get("q"))
	fmt.Println(u.Fragment(), "|", u.DecodedFragment())

	v, _ := u.WithDecodedPath("/docs/index.html")
	fmt.Println(v.WithoutQuery().WithoutFragment())
	// Output:
	// https true
	// ana%20maria | ana maria
	// example.com 8443
	// /docs/read%20me.txt | /docs/read me.txt
	// q=caf%C3%A9 | café
	// sec%202 | sec 2
	// https://ana%20maria@example.com:8443/docs/index.html
}

func ExampleURI_Addr() {
	for _, s := range []string{"http://192.0.2.1/", "http://[2001:db8::1]:8080/", "http://example.com/"} {
		u := uri.MustParse(s)
		a := u.Addr()
		fmt.Println(u.Host(), a.IsValid(), a, a.Is4())
	}
	// Output:
	// 192.0.2.1 true 192.0.2.1 true
	// [2001:db8::1] true 2001:db8::1 false
	// example.com false invalid IP false
}

func ExampleURI_HasScheme() {
	for _, s := range []string{"http://a/b", "//a/b", "b/c", "urn:isbn:0451450523"} {
		u := uri.MustParse(s)
		fmt.Printf("%v %v %q\n", u.HasScheme(), u.IsRelative(), u.Scheme())
	}
	// Output:
	// true false "http"
	// false true ""
	// false true ""
	// true false "urn"
}

func ExampleURI_DecodedPath() {
	u := uri.MustParse("http://example.com/a%20b/c%2Fd")
	fmt.Println(u.Path())
	fmt.Println(u.DecodedPath()) // "%2F" is now a "/" like the others
	fmt.Printf("%q\n", u.DecodedSegments())
	// Output:
	// /a%20b/c%2Fd
	// /a b/c/d
	// ["" "a b" "c/d"]
}

func ExampleURI_DecodedQuery() {
	u := uri.MustParse("http://example.com/?q=a%20b+c&x=%26")
	fmt.Println(u.DecodedQuery()) // "+" is a plus sign here; "%26" an "&" like the delimiter
	fmt.Println(u.QueryParams(uri.QueryForm).Get("q"), u.QueryParams(uri.QueryForm).Get("x"))
	// Output:
	// q=a b+c&x=&
	// a b c &
}

func ExampleURI_DecodedUserinfo() {
	u := uri.MustParse("ftp://anonymous:me%40home@ftp.example.com/")
	fmt.Println(u.Userinfo())
	fmt.Println(u.DecodedUserinfo())
	// Output:
	// anonymous:me%40home
	// anonymous:me@home
}

func ExampleURI_DecodedFragment() {
	u := uri.MustParse("http://example.com/doc#section%202")
	fmt.Println(u.Fragment(), "|", u.DecodedFragment())
	// Output: section%202 | section 2
}

// Span tells where each component is in the text, for code that works on
// the text itself: here, marking the host and the query under a URI.
func ExampleURI_Span() {
	u := uri.MustParse("https://user@example.com:8443/a/b?q=1#top")
	marks := []byte(strings.Repeat(" ", len(u.String())))
	for _, c := range []uri.Component{uri.ComponentHost, uri.ComponentQuery} {
		start, end, _ := u.Span(c)
		for i := start; i < end; i++ {
			marks[i] = '^'
		}
	}
	fmt.Println(u)
	fmt.Println(strings.TrimRight(string(marks), " "))
	_, _, ok := uri.MustParse("https://example.com/").Span(uri.ComponentPort)
	fmt.Println("port present:", ok)
	// Output:
	// https://user@example.com:8443/a/b?q=1#top
	//              ^^^^^^^^^^^          ^^^
	// port present: false
}

// IDNA refuses a label too long for Punycode before encoding it: under
// IDNABrowser past browsers' bound (1000 UTF-16 code units), under
// IDNALookup past what DNS allows (an A-label of 63 octets).
func ExampleErrLabelTooLong() {
	_, err := uri.IDNABrowser.HostToASCII("a." + strings.Repeat("é", 1001))
	fmt.Println(errors.Is(err, uri.ErrLabelTooLong), errors.Is(err, uri.ErrIDNA))
	a, err := uri.IDNABrowser.HostToASCII(strings.Repeat("é", 60))
	fmt.Println(len(a), err)
	_, err = uri.IDNALookup.HostToASCII(strings.Repeat("é", 60))
	fmt.Println(errors.Is(err, uri.ErrLabelTooLong))
	// Output:
	// true true
	// 66 <nil>
	// true
}
