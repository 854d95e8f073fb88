package uri_test

import (
	"fmt"

	"github.com/ferret-go/uri"
)

func ExampleEscape() {
	s := "a/b c:d?é"
	fmt.Println(uri.Escape(s, uri.EscapeSegment))
	fmt.Println(uri.Escape(s, uri.EscapePath))
	fmt.Println(uri.Escape(s, uri.EscapePathNoScheme))
	fmt.Println(uri.Escape(s, uri.EscapeQuery))
	fmt.Println(uri.Escape("x=1&y=a+b c", uri.EscapeQueryPart))
	fmt.Println(uri.Escape("x=1&y=a+b c", uri.EscapeForm))
	// Output:
	// a%2Fb%20c:d%3F%C3%A9
	// a/b%20c:d%3F%C3%A9
	// a/b%20c:d%3F%C3%A9
	// a/b%20c:d?%C3%A9
	// x%3D1%26y%3Da%2Bb%20c
	// x%3D1%26y%3Da%2Bb+c
}

func ExampleAppendEscape() {
	b := []byte("/files/")
	b = uri.AppendEscape(b, "report 2024.pdf", uri.EscapeSegment)
	fmt.Println(string(b))
	// Output: /files/report%202024.pdf
}

func ExampleUnescape() {
	fmt.Println(uri.Unescape("caf%C3%A9+cr%c3%a8me", uri.EscapePath))
	fmt.Println(uri.Unescape("caf%C3%A9+cr%c3%a8me", uri.EscapeForm))
	fmt.Println(uri.Unescape("100%", uri.EscapeQuery))
	// Output:
	// café+crème <nil>
	// café crème <nil>
	//  uri: invalid percent-encoding "%" in query at offset 3
}

func ExampleAppendUnescape() {
	b, err := uri.AppendUnescape(nil, "a%20b", uri.EscapeSegment)
	fmt.Printf("%q %v\n", b, err)
	// Output: "a b" <nil>
}

func ExampleURI_DecodedSegments() {
	u := uri.MustParse("http://example.com/a%2Fb/c%20d")
	fmt.Printf("%q\n", u.Segments())
	fmt.Printf("%q\n", u.DecodedSegments())
	fmt.Printf("%q\n", u.DecodedPath())
	// Output:
	// ["" "a%2Fb" "c%20d"]
	// ["" "a/b" "c d"]
	// "/a/b/c d"
}

func ExampleURI_DecodedHost() {
	fmt.Println(uri.MustParse("http://b%C3%BCcher.example/").DecodedHost())
	fmt.Println(uri.MustParse("http://[::1]/").DecodedHost())
	// Output:
	// bücher.example
	// ::1
}
