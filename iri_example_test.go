package uri_test

import (
	"errors"
	"fmt"

	"github.com/ferret-go/uri"
)

func ExampleParseIRI() {
	i, err := uri.ParseIRI("http://r\u00e9sum\u00e9.example.org/D\u00fcrst?q=caf\u00e9")
	if err != nil {
		panic(err)
	}
	fmt.Println(i.Host(), i.Path(), i.Query())
	// Output: résumé.example.org /Dürst q=café
}

func ExampleIRI_ToURI() {
	i := uri.MustParseIRI("http://r\u00e9sum\u00e9.example.org/D\u00fcrst")
	u, err := i.ToURI()
	fmt.Println(u, err)

	// A host that IDNA rejects names the label and the rule.
	_, err = uri.MustParseIRI("http://a\u200db.example/").ToURI()
	var ie *uri.IDNAError
	fmt.Println(errors.Is(err, uri.ErrIDNA), errors.As(err, &ie) && ie.Label == "a\u200db")
	// Output:
	// http://xn--rsum-bpad.example.org/D%C3%BCrst <nil>
	// true true
}

func ExampleURI_ToIRI() {
	u := uri.MustParse("http://xn--99zt52a.example.org/D%C3%BCrst%e2%80%ae")
	// The right-to-left override stays encoded: section 4.1 of RFC 3987
	// forbids it in IRIs.
	fmt.Println(u.ToIRI())
	// Output: http://納豆.example.org/Dürst%E2%80%AE
}

func ExampleURI_Display() {
	// German, one script: shown in Unicode.
	fmt.Println(uri.MustParse("http://xn--bcher-kva.example/").Display())
	// Cyrillic "а" among Latin letters, and Cyrillic letters that all
	// look like Latin ones: browsers show the A-labels, and so does
	// Display (Unicode TS #39, sections 4 and 5.2).
	fmt.Println(uri.MustParse("http://xn--pple-43d.com/").Display())
	fmt.Println(uri.MustParse("http://xn--80ak6aa92e.com/").Display())
	// Output:
	// http://bücher.example/
	// http://xn--pple-43d.com/
	// http://xn--80ak6aa92e.com/
}

func ExampleRepair() {
	u, changes, err := uri.Repair(" http://exa mple.com/a b?c|d#e#f\n")
	fmt.Println(u, err)
	for _, c := range changes {
		fmt.Println(c)
	}
	// Output:
	// http://exa%20mple.com/a%20b?c%7Cd#e%23f <nil>
	// offset 0: URI reference: " " -> "" (trimmed)
	// offset 11: host: " " -> "%20" (encoded a character no component allows)
	// offset 22: path: " " -> "%20" (encoded a character no component allows)
	// offset 26: query: "|" -> "%7C" (encoded a character no component allows)
	// offset 30: fragment: "#" -> "%23" (encoded a delimiter out of place)
	// offset 32: URI reference: "\n" -> "" (trimmed)
}

func ExampleOptions_zones() {
	// RFC 9844 took zone identifiers out of URIs: only an explicit option
	// reads them.
	_, err := uri.Parse("http://[fe80::1%25eth0]/")
	fmt.Println(err)

	u, err := uri.Options{Zones: true}.Parse("http://[fe80::1%25eth0]/")
	fmt.Println(u.Addr(), u.Addr().Zone(), err)
	// Output:
	// uri: invalid IPv6 literal in host at offset 15
	// fe80::1%eth0 eth0 <nil>
}
