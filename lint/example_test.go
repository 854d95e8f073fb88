package lint_test

import (
	"fmt"

	"github.com/ferret-go/uri"
	"github.com/ferret-go/uri/lint"
)

func ExampleLint() {
	for _, f := range lint.Lint("http://a@evil.com:80@good.com/") {
		fmt.Println(f.Code, f.Severity, f.Component, f.Start, f.End)
	}
	// Output:
	// invalid medium port 20 21
	// multiple-at high userinfo 7 29
	// password medium userinfo 18 20
	// userinfo-http medium userinfo 7 20
	// userinfo-host high userinfo 9 17
}

func ExampleOptions_Lint() {
	o := lint.Options{SSRF: true}
	for _, f := range o.Lint("http://0x7f.1/admin") {
		fmt.Println(f.Code+":", f.Message)
	}
	// Output:
	// differential: whatwg reads host "127.0.0.1" where RFC 3986 reads "0x7f.1"
	// ipv4-form: the host "0x7f.1" is the IPv4 address 127.0.0.1 to inet_aton resolvers (RFC 3986, section 7.4): browsers (the URL Standard) read the host "127.0.0.1"; RFC 3986 reads the host "0x7f.1"; net/url reads the host "0x7f.1"
	// internal-address: 127.0.0.1 is a loopback address
}

// Each finding that names a reader says, in Claims, what that reader does
// with the input: a program can act on a claim rather than parse the
// message.
func ExampleClaim() {
	for _, f := range lint.Lint(`http://a.com\@b.com/`) {
		if f.Code != lint.CodeBackslash {
			continue
		}
		for _, c := range f.Claims {
			if c.Rejects {
				fmt.Printf("%s: rejects\n", c.Reader)
			} else {
				fmt.Printf("%s: %s %q\n", c.Reader, c.Component, c.Value)
			}
		}
	}
	// Output:
	// whatwg: host "a.com"
	// RFC 3986, Appendix B: host "b.com"
	// net/url: rejects
	// RFC 3986: rejects
}

func ExamplePolicy_Check() {
	p := lint.Policy{Hosts: []string{".example.com"}}
	for _, s := range []string{
		"https://api.example.com/v1",
		`https://api.example.com\@evil.test/`,
		"https://169.254.169.254/latest/meta-data",
	} {
		u, err := p.Check(s)
		fmt.Println(u, err != nil)
	}
	// Output:
	// https://api.example.com/v1 false
	//  true
	//  true
}

func ExampleRedact() {
	fmt.Println(lint.Redact("https://alice:s3cret@db.example/"))
	// Output: https://alice:xxxxx@db.example/
}

// A Go gateway checks a URL that a Python worker and a Node service will
// fetch: with their readers in Options.Readers, one finding names every
// reader that goes elsewhere, with the host each reads.
func ExampleReadersNamed() {
	rs, err := lint.ReadersNamed("python", "node_url")
	if err != nil {
		panic(err)
	}
	for _, f := range (lint.Options{Readers: rs}).Lint("http://a%00b/") {
		if f.Code == lint.CodeDifferential && f.Component == uri.ComponentHost {
			fmt.Println(f.Severity)
			for _, c := range f.Claims {
				fmt.Printf("%s: %q %v\n", c.Reader, c.Value, c.Rejects)
			}
		}
	}
	// Output:
	// high
	// RFC 3986: "a\x00b" false
	// net/url: "" true
	// whatwg: "" true
	// python: "a%00b" false
	// node_url: "a" false
}
