package surt_test

import (
	"fmt"

	"github.com/ferret-go/uri/surt"
)

func ExampleKey() {
	for _, s := range []string{
		"http://www.archive.org/goo/?b&a",
		"https://archive.org/index.php?PHPSESSID=0123456789abcdefghijklemopqrstuv&action=profile",
		"dns:archive.org",
	} {
		k, _ := surt.Key(s)
		fmt.Println(k)
	}
	// Output:
	// org,archive)/goo?a&b
	// org,archive)/index.php?action=profile
	// dns:archive.org
}

func ExampleOptions_Key() {
	o := surt.Options{WithScheme: true, TrailingComma: true, KeepWWW: true}
	k, _ := o.Key("http://www.example.com/")
	fmt.Println(k)
	// Output: http://(com,example,www,)/
}

func ExampleOptions_HostPrefix() {
	var o surt.Options
	fmt.Println(o.HostPrefix("www.archive.org", false))
	fmt.Println(o.HostPrefix("archive.org", true))
	// Output:
	// org,archive)
	// org,archive,
}
