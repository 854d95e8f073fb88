package site_test

import (
	"fmt"

	"github.com/ferret-go/uri"
	"github.com/ferret-go/uri/site"
)

func ExampleRegistrableDomain() {
	for _, s := range []string{"https://www.example.co.uk/a", "https://foo.github.io/", "http://192.0.2.1/"} {
		d, ok := site.RegistrableDomain(uri.MustParse(s))
		fmt.Printf("%q %v\n", d, ok)
	}
	// Output:
	// "example.co.uk" true
	// "foo.github.io" true
	// "" false
}

func ExampleOriginOf() {
	fmt.Println(site.OriginOf(uri.MustParse("HTTPS://Example.com:443/path?q")))
	fmt.Println(site.OriginOf(uri.MustParse("http://example.com:8080/")))
	fmt.Println(site.OriginOf(uri.MustParse("data:text/plain,hi")))
	// Output:
	// https://example.com
	// http://example.com:8080
	// null
}

func ExampleSameSite() {
	a := uri.MustParse("https://shop.example.com/cart")
	b := uri.MustParse("https://www.example.com:8443/")
	fmt.Println(site.SameSite(a, b), site.SameOrigin(a, b))
	// Output: true false
}
