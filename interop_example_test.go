package uri_test

import (
	"encoding/json"
	"flag"
	"fmt"
	"net/url"

	"github.com/ferret-go/uri"
)

func ExampleURI_URL() {
	v, _ := uri.MustParse("HTTP://user@example.com:8080/a%2Fb?q#").URL()
	fmt.Println(v.Scheme, v.Host, v.Path, v.RawPath, v.RawQuery)
	fmt.Println(v) // scheme lowercased, empty fragment lost
	// Output:
	// http example.com:8080 /a/b /a%2Fb q
	// http://user@example.com:8080/a%2Fb?q
}

func ExampleFromURL() {
	u, err := uri.FromURL(&url.URL{Scheme: "https", Host: "example.com", Path: "/a b"})
	fmt.Println(u, err)
	// Output: https://example.com/a%20b <nil>
}

func ExampleURI_Scan() {
	var u uri.URI
	err := u.Scan([]byte("https://example.com/")) // as a database/sql driver passes it
	fmt.Println(u, err)
	// Output: https://example.com/ <nil>
}

func ExampleURI_MarshalText_json() {
	var cfg struct {
		Endpoint uri.URI `json:"endpoint"`
	}
	err := json.Unmarshal([]byte(`{"endpoint":"https://api.example.com/v1/"}`), &cfg)
	fmt.Println(cfg.Endpoint.Host(), err)
	b, _ := json.Marshal(cfg)
	fmt.Println(string(b))
	// Output:
	// api.example.com <nil>
	// {"endpoint":"https://api.example.com/v1/"}
}

func ExampleURI_UnmarshalText_flag() {
	fs := flag.NewFlagSet("server", flag.ContinueOnError)
	var endpoint uri.URI
	fs.TextVar(&endpoint, "endpoint", uri.MustParse("http://localhost:8080/"), "where to listen")
	_ = fs.Parse([]string{"-endpoint", "http://[::1]:9090/"})
	fmt.Println(endpoint.Host(), endpoint.DecodedHost(), endpoint.Port())
	// Output: [::1] ::1 9090
}
