package uri_test

import (
	"fmt"

	"github.com/ferret-go/uri"
)

func ExampleURI_Normalize() {
	// The example of RFC 3986, section 6.2.2.
	u := uri.MustParse("eXAMPLE://a/./b/../b/%63/%7bfoo%7d")
	fmt.Println(u.Normalize())

	// Scheme-based normalization (section 6.2.3) for http.
	fmt.Println(uri.MustParse("HTTP://www.Example.COM:80").Normalize())

	// A relative reference keeps what it needs to resolve the same way.
	fmt.Println(uri.MustParse("a/../../b/./c").Normalize())
	// Output:
	// example://a/b/c/%7Bfoo%7D
	// http://www.example.com/
	// ../b/c
}

func ExampleURI_Equal() {
	a := uri.MustParse("http://example.com/~smith/")
	b := uri.MustParse("HTTP://EXAMPLE.com:/%7Esmith/")
	c := uri.MustParse("http://example.com/~smith/?")
	fmt.Println(a.Equal(b), a.Equal(c))
	// Output:
	// true false
}

func ExampleNormalizer() {
	// A crawler's normalizer: also drop fragments, sort query parameters,
	// drop the trailing "/" and index pages.
	n := uri.Normalizer{Flags: uri.DropFragment | uri.SortQuery | uri.DropTrailingSlash | uri.DropDirectoryIndex}
	u := uri.MustParse("https://example.com:443/docs/index.html?b=2&a=1#intro")
	fmt.Println(n.Normalize(u))
	// Output:
	// https://example.com/docs?a=1&b=2
}

func ExampleNormalizer_Key() {
	seen := map[string]bool{}
	n := uri.Normalizer{Flags: uri.DropFragment}
	for _, s := range []string{
		"http://example.com/a",
		"HTTP://example.com:80/a#top",
		"http://example.com/./a",
		"http://example.com/b",
	} {
		key := n.Key(uri.MustParse(s))
		if !seen[key] {
			seen[key] = true
			fmt.Println(key)
		}
	}
	// Output:
	// http://example.com/a
	// http://example.com/b
}

func ExampleDefaultSchemes() {
	// Extend a copy of the default table with a scheme of one's own.
	schemes := uri.DefaultSchemes()
	schemes["myproto"] = uri.SchemeInfo{Port: 7777, EmptyPathIsSlash: true}
	n := uri.Normalizer{Schemes: schemes}
	fmt.Println(n.Normalize(uri.MustParse("MyProto://host:7777")))
	fmt.Println(n.Normalize(uri.MustParse("http://host:80")))
	// Output:
	// myproto://host/
	// http://host/
}

func ExampleNormalizeFlags() {
	u := uri.MustParse("http://a/b/?")
	fmt.Println(uri.Normalizer{}.Normalize(u))
	fmt.Println(uri.Normalizer{Flags: uri.DropEmptyQuery | uri.DropTrailingSlash}.Normalize(u))
	// Output:
	// http://a/b/?
	// http://a/b
}

func ExampleNormalizeFlags_UnmarshalText() {
	// Flags from a configuration file or a command line, in the text form
	// the uri command's --flags takes.
	var f uri.NormalizeFlags
	if err := f.UnmarshalText([]byte("drop-fragment, sort-query")); err != nil {
		panic(err)
	}
	fmt.Println(uri.Normalizer{Flags: f}.Normalize(uri.MustParse("http://a/?b=2&a=1#x")))
	text, _ := f.MarshalText()
	fmt.Println(string(text))
	fmt.Println(f.UnmarshalText([]byte("sort-queries")))
	// Output:
	// http://a/?a=1&b=2
	// drop-fragment,sort-query
	// uri: unknown normalization "sort-queries"
}
