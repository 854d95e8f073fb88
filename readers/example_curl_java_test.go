package readers_test

import (
	"errors"
	"fmt"

	"github.com/ferret-go/uri/readers"
)

// Where curl and Java's URI would connect for strings that other parsers
// read differently (the answers of libcurl 7.88.1 and OpenJDK 17.0.15,
// recorded in testdata/table-curl.json and table-java.json).
func Example_curlAndJava() {
	curl, _ := readers.ByName("curl")
	java, _ := readers.ByName("java")
	show := func(r readers.Reading) string {
		switch {
		case r.Err != nil:
			return "error"
		case r.Has&readers.HasHost == 0:
			return "no host"
		}
		return r.Host
	}
	for _, s := range []string{
		"http://evil.com;@good.com/",
		"http://0x7f.1/",
		"http://a_b.example.com/",
		"http://a\\@b/",
	} {
		fmt.Printf("%-27s curl: %-16s java: %s\n", s, show(curl.Read(s)), show(java.Read(s)))
	}
	// Output:
	// http://evil.com;@good.com/  curl: good.com         java: good.com
	// http://0x7f.1/              curl: 127.0.0.1        java: no host
	// http://a_b.example.com/     curl: a_b.example.com  java: no host
	// http://a\@b/                curl: b                java: error
}

// A string libcurl rejects gives the CURLUcode as a readers.CurlCode.
func ExampleCurlCode() {
	curl, _ := readers.ByName("curl")
	err := curl.Read("http://exa mple.com/").Err
	fmt.Println(errors.Is(err, readers.CurlBadHostname))
	fmt.Println(err)
	// Output:
	// true
	// readers: curl: host: CURLUE_BAD_HOSTNAME: Bad hostname
}

// A string java.net.URI rejects gives a *readers.JavaError with the byte
// offset of the fault.
func ExampleJavaError() {
	java, _ := readers.ByName("java")
	var e *readers.JavaError
	if errors.As(java.Read("http://example.com/a b").Err, &e) {
		fmt.Println(e.Reason, "at", e.Offset)
	}
	// Output:
	// Illegal character in path at 20
}
