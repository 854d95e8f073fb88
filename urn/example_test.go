package urn_test

import (
	"fmt"

	"github.com/ferret-go/uri/urn"
)

func ExampleParse() {
	u, err := urn.Parse("URN:EXAMPLE:a123,z456%2d?+abc?=xyz#789")
	if err != nil {
		fmt.Println(err)
		return
	}
	r, _ := u.RComponent()
	q, _ := u.QComponent()
	f, _ := u.FComponent()
	fmt.Println(u.NID(), u.NSS(), r, q, f)
	fmt.Println(u.Key())

	_, err = urn.Parse("urn:a:b")
	fmt.Println(err)
	// Output:
	// EXAMPLE a123,z456%2d abc xyz 789
	// urn:example:a123,z456%2D
	// urn: invalid NID at offset 4
}

func ExampleURN_Equal() {
	a, _ := urn.Parse("urn:example:a123,z456")
	b, _ := urn.Parse("URN:example:a123,z456#789")
	c, _ := urn.Parse("urn:example:A123,z456")
	fmt.Println(a.Equal(b), a.Equal(c))
	// Output: true false
}
