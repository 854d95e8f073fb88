package main

import "testing"

// The expected keys come from the packages' published sources (see
// surt/surt_test.go and safebrowsing/canonical_test.go).
func TestKey(t *testing.T) {
	runCmdTests(t, []cmdTest{
		{name: "surt", args: []string{"key", "http://www.archive.org/goo/?b&a", "dns:archive.org"},
			stdout: "org,archive)/goo?a&b\ndns:archive.org\n"},
		{name: "surt options", args: []string{"key", "--with-scheme", "--trailing-comma", "--keep-www", "http://www.example.com/"},
			stdout: "http://(com,example,www,)/\n"},
		{name: "surt stdin", stdin: "http://archive.org/goo/?a=2&b&a=1\n\n", args: []string{"key"},
			stdout: "org,archive)/goo?a=1&a=2&b\n-\n"},
		{name: "safebrowsing", args: []string{"key", "--profile", "safebrowsing", "http://host/%25%32%35", "www.google.com"},
			stdout: "http://host/%25\nhttp://www.google.com/\n"},
		{name: "expressions", args: []string{"key", "--profile", "safebrowsing", "--expressions", "http://a.b.c/1/2.html?param=1"},
			stdout: "a.b.c/1/2.html?param=1 a.b.c/1/2.html a.b.c/ a.b.c/1/ b.c/1/2.html?param=1 b.c/1/2.html b.c/ b.c/1/\n"},
		// The prefix of "example.com/" is the first 4 bytes of its SHA-256
		// (printf 'example.com/' | sha256sum).
		{name: "hash", args: []string{"key", "--profile", "safebrowsing", "--expressions", "--hash", "http://example.com/"},
			stdout: "example.com/ 73d986e0\n"},
		{name: "json", args: []string{"key", "--json", "--profile", "safebrowsing", "--hash", "http://example.com/"},
			stdout: `{"input":"http://example.com/","ok":true,"key":"http://example.com/","expressions":["example.com/"],"prefixes":["73d986e0"]}` + "\n"},
		{name: "rejected", args: []string{"key", "http://a:99999/"},
			stderr: "http://a:99999/: surt: invalid port in \"http://a:99999/\" at offset 9\n", code: 1},
		{name: "profile mix", args: []string{"key", "--hash", "x"},
			stderr: "uri key: --expressions and --hash need --profile safebrowsing\nUsage: uri key " + cmdKey.synopsis + "\nRun \"uri key --help\" for more.\n", code: 2},
	})
}

func TestSite(t *testing.T) {
	runCmdTests(t, []cmdTest{
		{name: "text", args: []string{"site", "https://www.example.co.uk:8443/a", "http://192.0.2.1/", "mailto:x@example.com"},
			stdout: "www.example.co.uk co.uk example.co.uk https://www.example.co.uk:8443\n192.0.2.1 - - http://192.0.2.1\n- - - null\n"},
		{name: "json", args: []string{"site", "--json", "https://foo.github.io/"},
			stdout: `{"input":"https://foo.github.io/","ok":true,"host":"foo.github.io","public_suffix":"github.io","registrable_domain":"foo.github.io","origin":"https://foo.github.io"}` + "\n"},
		// Every column reads the host as the origin does: lower case
		// (RFC 6454, section 4, step 5), triplets decoded.
		{name: "case", args: []string{"site", "http://EXample.COM/", "http://[::A]/", "http://a%2Eb.Example.COM/", "file://HOST/x", "http://%FF%1B.com/"},
			stdout: "example.com com example.com http://example.com\n[::a] - - http://[::a]\na.b.example.com com example.com http://a.b.example.com\n" +
				"host host - null\n\\xff\\x1b.com - - http://\\xff\\x1b.com\n"},
		{name: "case json", args: []string{"site", "--json", "HTTPS://WWW.Example.COM/"},
			stdout: `{"input":"HTTPS://WWW.Example.COM/","ok":true,"host":"www.example.com","public_suffix":"com","registrable_domain":"example.com","origin":"https://www.example.com"}` + "\n"},
		{name: "rejected", args: []string{"site", "http://a b/"},
			stderr: "http://a b/: uri: invalid character ' ' in host at offset 8\n", code: 1},
	})
}
