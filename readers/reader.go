package readers

import "strings"

// A Reading is what one parser makes of a string: the error it gives, or
// its components as that parser returns them (raw or decoded as that parser
// returns them; each Reader's documentation says which). Has tells a
// component that is present but empty from one that is absent, for the
// parsers that make the difference.
type Reading struct {
	Err error // non-nil when the parser rejects the string

	Scheme   string // without the ":"
	Userinfo string // user, and ":" and password where there is one
	Host     string // the host a client built on the parser connects to; an IPv6 address in brackets
	Port     string // digits, as the parser returns them
	Path     string
	Query    string // without the "?"
	Fragment string // without the "#"

	Has Parts // which components are present
}

// Parts is a set of components, a bit per component.
type Parts uint8

// The components of a Reading, as bits of Parts.
const (
	HasScheme Parts = 1 << iota
	HasUserinfo
	HasHost
	HasPort
	HasPath
	HasQuery
	HasFragment
)

// A Reader is one parser: Name is its short name, as `uri compare` and its
// JSON keys show it ("python"), Parser the parser and version emulated
// ("urllib.parse.urlsplit of Python 3.11"), and Read reads a string.
type Reader struct {
	Name   string
	Parser string
	Read   func(s string) Reading
}

// All returns every reader of this package, in the order `uri compare`
// shows them. The slice is new on each call.
func All() []Reader {
	return []Reader{
		{Name: "curl", Parser: "libcurl 7.88's URL API (curl_url_set), as curl and trurl read a URL with a scheme", Read: Curl},
		{Name: "curl_guess", Parser: "libcurl 7.88's URL API (curl_url_set) with CURLU_GUESS_SCHEME, as the curl command reads a URL", Read: CurlGuess},
		{Name: "python", Parser: "urllib.parse.urlsplit of Python 3.11 (Debian 12: 3.11.2-6+deb12u6), hostname and port", Read: Python},
		{Name: "node_url", Parser: "url.parse (legacy) of Node 20 (20.20.2)", Read: NodeURL},
		{Name: "java", Parser: "java.net.URI of Java 17 (new URI(s))", Read: Java},
		{Name: "php", Parser: "parse_url of PHP 8.2 (Debian 12: php8.2-cli 8.2.36)", Read: PHP},
	}
}

// ByName returns the reader of that Name, and whether there is one.
func ByName(name string) (Reader, bool) {
	for _, r := range All() {
		if r.Name == name {
			return r, true
		}
	}
	return Reader{}, false
}

// SameReading reports whether the readers named a and b read s alike,
// every field and the error's cause (its Reader aside), as far as this
// package knows without reading s: a caller that has a's reading of s may
// then use it for b. It is true for "curl" and "curl_guess" when s, up to
// its first NUL, begins with a scheme, ":" and "/": Curl_is_absolute_url
// finds the same scheme with CURLU_GUESS_SCHEME and without, and the guess
// is made only where there is none (lib/urlapi.c, curl 7.88.1). It is false
// where it does not know, and for a == b only if the reader is one of these.
func SameReading(a, b, s string) bool {
	if (a == "curl" || a == "curl_guess") && (b == "curl" || b == "curl_guess") {
		// curlSchemeLen looks at no more than a scheme of
		// curlMaxScheme bytes, ":" and "/": a NUL after those does
		// not change what it finds.
		if len(s) > curlMaxScheme+2 {
			s = s[:curlMaxScheme+2]
		}
		if i := strings.IndexByte(s, 0); i >= 0 {
			s = s[:i]
		}
		return curlSchemeLen(s, true) > 0
	}
	return false
}
