package template_test

import (
	"errors"
	"fmt"

	"github.com/ferret-go/uri/template"
)

func Example() {
	t := template.MustParse("/users/{id}/repos{?page,sort}")
	s, _ := t.Expand(template.Vars{"id": template.String("ferret go"), "page": template.String("2")})
	fmt.Println(s)

	vars, ok := t.Match("/users/octo%20cat/repos?sort=name&page=3")
	fmt.Println(ok, vars["id"].Text(), vars["page"].Text(), vars["sort"].Text())
	// Output:
	// /users/ferret%20go/repos?page=2
	// true octo cat 3 name
}

func ExampleParse() {
	_, err := template.Parse("/search{?q,lang")
	fmt.Println(err)
	var e *template.Error
	if errors.As(err, &e) && errors.Is(err, template.ErrUnclosedExpression) {
		fmt.Println(e.Offset)
	}
	// Output:
	// template: unclosed expression at offset 7
	// 7
}

func ExampleTemplate_Expand() {
	vars := template.Vars{
		"path": template.String("/foo/bar"),
		"list": template.List("red", "green"),
		"keys": template.Pairs(template.Pair{Name: "semi", Value: ";"}, template.Pair{Name: "dot", Value: "."}),
		"word": template.String("café"),
	}
	for _, s := range []string{"{+path}/here", "{/list*}", "{?keys*}", "{#word:3}", "{;list}"} {
		out, _ := template.MustParse(s).Expand(vars)
		fmt.Println(out)
	}
	// Output:
	// /foo/bar/here
	// /red/green
	// ?semi=%3B&dot=.
	// #caf
	// ;list=red,green
}

func ExampleTemplate_AppendExpand() {
	t := template.MustParse("https://example.com/items/{id}")
	buf := make([]byte, 0, 64)
	for _, id := range []string{"1", "a/b"} {
		buf, _ = t.AppendExpand(buf[:0], template.Vars{"id": template.String(id)})
		fmt.Println(string(buf))
	}
	// Output:
	// https://example.com/items/1
	// https://example.com/items/a%2Fb
}

func ExampleExpandString() {
	s, err := template.ExpandString("/search{?q,lang}", template.Vars{"q": template.String("uri templates")})
	fmt.Println(s, err)
	_, err = template.ExpandString("/search{?q", nil)
	fmt.Println(err)
	// Output:
	// /search?q=uri%20templates <nil>
	// template: unclosed expression at offset 7
}

func ExampleTemplate_MatchExtra() {
	t := template.MustParse("/search{?q,page}")
	vars, extra, ok := t.MatchExtra("/search?page=2&utm=x&q=go%20uri")
	fmt.Println(ok, vars["q"].Text(), vars["page"].Text(), extra)
	// Output:
	// true go uri 2 [{utm x}]
}

func ExampleTemplate_Invertible() {
	fmt.Println(template.MustParse("{year}-{month}").Invertible())
	fmt.Println(template.MustParse("/{year}/{month}").Invertible())
	// Output:
	// template: ambiguous for matching at offset 0
	// <nil>
}

func ExampleRouter() {
	var r template.Router[string]
	for _, s := range []string{"/users/{id}", "/users/me", "/files/{+path}"} {
		r.Add(template.MustParse(s), "handler for "+s)
	}
	for _, u := range []string{"/users/me", "/users/42", "/files/a/b.txt"} {
		route, _ := r.Match(u)
		fmt.Println(route.Value, route.Vars)
	}
	// Output:
	// handler for /users/me map[]
	// handler for /users/{id} map[id:42]
	// handler for /files/{+path} map[path:a/b.txt]
}
