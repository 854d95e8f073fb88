package uri_test

import (
	"fmt"

	"github.com/ferret-go/uri"
)

func ExampleParseQuery() {
	q, _ := uri.ParseQuery(uri.QueryForm, "tag=go&tag=uri&q=caf%C3%A9+au+lait&debug")
	fmt.Println(q.Get("q"))
	fmt.Println(q.Values("tag"))
	fmt.Println(q.Has("debug"), q.Has("verbose"))
	for k, v := range q.All() {
		fmt.Printf("%q=%q\n", k, v)
	}
	// Output:
	// café au lait
	// [go uri]
	// true false
	// "tag"="go"
	// "tag"="uri"
	// "q"="café au lait"
	// "debug"=""
}

func ExampleNewQuery() {
	q := uri.NewQuery(uri.QueryRFC3986,
		uri.Pair{Key: "q", Value: "a&b=c"},
		uri.Pair{Key: "page", Value: "2"},
	)
	fmt.Println(q)
	// Output: q=a%26b%3Dc&page=2
}

func ExampleQuery_Set() {
	u := uri.MustParse("http://example.com/list?sort=name&page=1&filter=%7Eold")
	q := u.QueryParams(uri.QueryRFC3986).Set("page", "2")
	v, _ := u.WithQueryParams(q)
	fmt.Println(v) // the other pairs keep their text
	// Output: http://example.com/list?sort=name&page=2&filter=%7Eold
}

func ExampleQuery_Add() {
	q, _ := uri.ParseQuery(uri.QueryRFC3986, "tag=go")
	fmt.Println(q.Add("tag", "net url"))
	// Output: tag=go&tag=net%20url
}

func ExampleQuery_Del() {
	u := uri.MustParse("http://example.com/?utm_source=mail&id=7&utm_source=x")
	v, _ := u.WithQueryParams(u.QueryParams(uri.QueryRFC3986).Del("utm_source"))
	fmt.Println(v)
	// Output: http://example.com/?id=7
}

func ExampleQuery_Lookup() {
	q, _ := uri.ParseQuery(uri.QueryRFC3986, "a=&b=1")
	fmt.Println(q.Lookup("a"))
	fmt.Println(q.Lookup("c"))
	// Output:
	// true
	//  false
}

func ExampleURI_WithQueryParams() {
	u := uri.MustParse("http://example.com/?id=7#top")
	q := u.QueryParams(uri.QueryRFC3986).Del("id")
	v, _ := u.WithQueryParams(q)
	fmt.Println(v) // an empty query is still a query
	if q.Len() == 0 {
		u = u.WithoutQuery()
	}
	fmt.Println(u)
	// Output:
	// http://example.com/?#top
	// http://example.com/#top
}

func ExampleURI_QueryParams() {
	u := uri.MustParse("https://example.com/search?q=go+uri&tag=a&tag=b&debug")
	q := u.QueryParams(uri.QueryForm)
	fmt.Println(q.Get("q"))
	fmt.Println(q.Values("tag"))
	fmt.Println(q.Has("debug"), q.Has("page"), q.Len())
	// Output:
	// go uri
	// [a b]
	// true false 4
}

func ExampleQuery_Get() {
	q, _ := uri.ParseQuery(uri.QueryRFC3986, "name=ferret&empty=&flag")
	fmt.Printf("%q %q %q %q\n", q.Get("name"), q.Get("empty"), q.Get("flag"), q.Get("absent"))
	// Output: "ferret" "" "" ""
}

func ExampleQuery_All() {
	q, _ := uri.ParseQuery(uri.QueryForm, "a=1&b=x+y&a=2&&c")
	for k, v := range q.All() {
		fmt.Printf("%s=%q\n", k, v)
	}
	// Output:
	// a="1"
	// b="x y"
	// a="2"
	// c=""
}

func ExampleQuery_Values() {
	q := uri.MustParse("/search?tag=go&tag=uri&tag=rfc%203986").QueryParams(uri.QueryRFC3986)
	fmt.Printf("%q\n", q.Values("tag"))
	fmt.Println(q.String()) // the raw text
	// Output:
	// ["go" "uri" "rfc 3986"]
	// tag=go&tag=uri&tag=rfc%203986
}
