package safebrowsing_test

import (
	"fmt"

	"github.com/ferret-go/uri/safebrowsing"
)

func ExampleCanonicalize() {
	for _, s := range []string{"http://host/%25%32%35", "www.GOOgle.com", "http://3279880203/blah/../x#frag"} {
		c, _ := safebrowsing.Canonicalize(s)
		fmt.Println(c)
	}
	// Output:
	// http://host/%25
	// http://www.google.com/
	// http://195.127.0.11/x
}

func ExampleURL_Expressions() {
	u, _ := safebrowsing.Parse("http://a.b.c/1/2.html?param=1")
	for e := range u.Expressions() {
		fmt.Println(e)
	}
	// Output:
	// a.b.c/1/2.html?param=1
	// a.b.c/1/2.html
	// a.b.c/
	// a.b.c/1/
	// b.c/1/2.html?param=1
	// b.c/1/2.html
	// b.c/
	// b.c/1/
}

func ExampleURL_Hashes() {
	u, _ := safebrowsing.Parse("http://example.com/")
	for e, h := range u.Hashes() {
		fmt.Println(e, h.Prefix())
	}
	// Output:
	// example.com/ 73d986e0
}
