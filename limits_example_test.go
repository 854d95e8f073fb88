package uri_test

import (
	"errors"
	"fmt"

	"github.com/ferret-go/uri"
)

func ExampleOptions_limits() {
	o := uri.Options{MaxLength: 2048, MaxSegments: 32, MaxQueryParams: 2, MaxHostLength: 253}
	_, err := o.Parse("https://example.com/search?q=a&page=2&debug=1")
	fmt.Println(err)
	fmt.Println(errors.Is(err, uri.ErrTooManyQueryParams))
	// Output:
	// uri: more query parameters than the limit (Options.MaxQueryParams) in query at offset 37
	// true
}
