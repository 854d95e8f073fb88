package uri_test

import (
	"fmt"

	"github.com/ferret-go/uri"
)

// The normal and abnormal examples of RFC 3986, sections 5.4.1 and 5.4.2
// (a few of each), against their base URI.
func ExampleURI_Resolve() {
	base := uri.MustParse("http://a/b/c/d;p?q")
	for _, ref := range []string{
		"g:h", "g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s", ";x", "", ".", "..", "../g", "../..",
		"../../../g", "/./g", "g.", "./../g", "g/../h", "g;x=1/../y", "g?y/./x",
	} {
		t, err := base.Resolve(uri.MustParse(ref))
		if err != nil {
			panic(err)
		}
		fmt.Printf("%-12q %s\n", ref, t)
	}
	// Output:
	// "g:h"        g:h
	// "g"          http://a/b/c/g
	// "./g"        http://a/b/c/g
	// "g/"         http://a/b/c/g/
	// "/g"         http://a/g
	// "//g"        http://g
	// "?y"         http://a/b/c/d;p?y
	// "g?y"        http://a/b/c/g?y
	// "#s"         http://a/b/c/d;p?q#s
	// ";x"         http://a/b/c/;x
	// ""           http://a/b/c/d;p?q
	// "."          http://a/b/c/
	// ".."         http://a/b/
	// "../g"       http://a/b/g
	// "../.."      http://a/
	// "../../../g" http://a/g
	// "/./g"       http://a/g
	// "g."         http://a/b/c/g.
	// "./../g"     http://a/b/g
	// "g/../h"     http://a/b/c/h
	// "g;x=1/../y" http://a/b/c/y
	// "g?y/./x"    http://a/b/c/g?y/./x
}

// A reference with the base's scheme: strict parsers keep it as it is,
// non-strict ones resolve it as relative (RFC 3986, section 5.4.2).
func ExampleResolver_nonStrict() {
	base := uri.MustParse("http://a/b/c/d;p?q")
	ref := uri.MustParse("http:g")
	strict, _ := uri.Resolver{}.Resolve(base, ref)
	loose, _ := uri.Resolver{NonStrict: true}.Resolve(base, ref)
	fmt.Println(strict)
	fmt.Println(loose)
	// Output:
	// http:g
	// http://a/b/c/g
}

// The obsolete RFC 2396 algorithm, for what older software did (outputs as
// in its Appendix C): a query-only reference keeps the base's directory, not
// its last segment; ".." that climbs above the root stays; dot segments of
// an absolute path are left alone.
func ExampleResolver_rfc2396() {
	base := uri.MustParse("http://a/b/c/d;p?q")
	old := uri.Resolver{Standard: uri.RFC2396}
	for _, ref := range []string{"?y", "../../../g", "/./g"} {
		t2396, _ := old.Resolve(base, uri.MustParse(ref))
		t3986, _ := base.Resolve(uri.MustParse(ref))
		fmt.Printf("%-12q RFC 2396: %-18s RFC 3986: %s\n", ref, t2396, t3986)
	}
	// Output:
	// "?y"         RFC 2396: http://a/b/c/?y    RFC 3986: http://a/b/c/d;p?y
	// "../../../g" RFC 2396: http://a/../g      RFC 3986: http://a/g
	// "/./g"       RFC 2396: http://a/./g       RFC 3986: http://a/g
}

// Relative is the inverse of Resolve: the shortest reference that resolves
// against the base to the target (here, targets of RFC 3986, section 5.4.1).
func ExampleURI_Relative() {
	base := uri.MustParse("http://a/b/c/d;p?q")
	for _, target := range []string{
		"http://a/b/c/g", "http://a/b/c/g/", "http://a/b/g", "http://a/g", "http://g",
		"http://a/b/c/d;p?y", "http://a/b/c/d;p?q#s", "http://a/b/c/", "https://a/b/c/g",
	} {
		r, err := base.Relative(uri.MustParse(target))
		if err != nil {
			panic(err)
		}
		fmt.Printf("%-22s %q\n", target, r)
	}
	// Output:
	// http://a/b/c/g         "g"
	// http://a/b/c/g/        "g/"
	// http://a/b/g           "../g"
	// http://a/g             "/g"
	// http://g               "//g"
	// http://a/b/c/d;p?y     "?y"
	// http://a/b/c/d;p?q#s   "#s"
	// http://a/b/c/          "."
	// https://a/b/c/g        "https://a/b/c/g"
}

// The two examples that RFC 3986, section 5.2.4 works through step by step.
func ExampleRemoveDotSegments() {
	fmt.Println(uri.RemoveDotSegments("/a/b/c/./../../g"))
	fmt.Println(uri.RemoveDotSegments("mid/content=5/../6"))
	// Output:
	// /a/g
	// mid/6
}
