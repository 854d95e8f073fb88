// Package whatwg implements the WHATWG URL Standard (https://url.spec.whatwg.org/;
// its source, url.bs, is in the repository github.com/whatwg/url): the basic URL parser with
// every state of its state machine, the host parser (domains through UTS #46
// with the standard's flags, IPv4 numbers in every base and short form, IPv6
// with compression, opaque hosts), the URL serializer, origin, the URL class's
// attributes and setters, and URLSearchParams (the
// application/x-www-form-urlencoded parser and serializer).
//
// This is the reading of URLs that browsers, Node and crawlers that must
// behave like browsers use. The parent package, github.com/ferret-go/uri,
// reads RFC 3986; see "Two standards" below for where they differ.
//
// A URL is an immutable, comparable value holding its serialization (href)
// and the offsets of its components. Parsing a string that is already in
// serialized form allocates nothing: the href is the input string.
//
// The parser works in UTF-8 only: the encoding argument of the standard's
// URL parser is a legacy of HTML's, not implemented. The standard's input
// is a scalar value string; a Go string that is not valid UTF-8 is first
// made one as the Encoding Standard's "UTF-8 decode without BOM" does, each
// maximal subpart of invalid bytes becoming one U+FFFD ("\xe3\x80" one,
// "\x80\x80" two; not strings.ToValidUTF8's one per run), and only then are
// tabs and newlines removed: "\xe3\r\x80\x82" is three U+FFFD, not the
// U+3002 its bytes make without the "\r". The host parser and
// URLSearchParams decode percent-decoded bytes the same way. Offsets in
// errors are offsets in the Go string. Blob URL entries are not resolved:
// Origin reads a blob URL's path.
//
// Failures of the parser are *Error values carrying the offset and the
// standard's name of the validation error; errors.Is matches them against
// the Err sentinels. The non-fatal validation errors are returned by
// Validate only, so that Parse does not pay for them.
//
// # Two standards
//
// The parent package reads RFC 3986; this one the URL Standard. URL.URI
// gives a URL's href as a uri.URI (when the href is a valid RFC 3986 URI,
// as most are), and FromURI reads a uri.URI's text the URL Standard's way.
// Repair is uri.Repair that keeps where a URL goes: for a special scheme,
// the URI it makes has the scheme, host and port the URL Standard reads in
// its input, or it fails (ErrRejected, ErrOtherDestination); a reference
// without a scheme is read against a base, RepairBase or RepairRef's, and
// its repair resolves against that base where the input does.
// The same string can read differently under the two; each row here is a
// case of TestTwoStandards (bridge_test.go):
//
//	what                      input                     RFC 3986 (package uri)               URL Standard (this package)
//	backslash                 http:\\example.com\a\b    invalid                              http://example.com/a/b ("\" is "/" in special URLs)
//	tab and newline           "http://exa\tmple.com/"   invalid                              http://example.com/ (removed anywhere)
//	leading/trailing C0/space " http://example.com/ "   invalid                              http://example.com/ (trimmed)
//	special-scheme slashes    http:example.com/a        path "example.com/a", no authority   http://example.com/a
//	                          http:///example.com/a     empty host, path "/example.com/a"    http://example.com/a
//	IPv4 number forms         http://0x7f.1/            reg-name "0x7f.1"                    http://127.0.0.1/
//	                          http://256.256.256.256/   reg-name                             failure
//	default port              http://example.com:80/    port "80" (kept until normalized)    http://example.com/ (port null)
//	port range                http://example.com:99999/ port "99999" (port = *DIGIT)         failure
//	empty path (special)      http://example.com        path ""                              path "/"
//	dot segments              http://h/a/./b/../c       path as written                      http://h/a/c
//	case                      HTTP://EXAMPLE.com/A      kept (compared case-insensitively)   http://example.com/A
//	percent-encode sets       http://h/a b/{c}          invalid (space, braces)              http://h/a%20b/%7Bc%7D
//	                          http://h/?a'b             query "a'b"                          http://h/?a%27b (special-query set)
//	                          sc://h/?a'b               query "a'b"                          sc://h/?a'b (query set)
//	percent-encoded host      http://%65xample.com/     reg-name "%65xample.com"             http://example.com/ (decoded, then IDNA)
//	IDNA                      http://☕.example/         invalid (not ASCII)                  http://xn--53h.example/ (UTS #46 ToASCII)
//	                          http://xn--ls8h.example/  reg-name                             unchanged (ASCII hosts are only lowercased)
//	opaque path               mailto:a b@example.com    invalid (space)                      unchanged (C0 control percent-encode set)
//	Windows drive letter      file:c|/x                 invalid ("|")                        file:///c:/x
//
// The other way round, an href that is not an RFC 3986 URI keeps code points
// the URL Standard leaves unencoded: "|", "^", "{", "}" and "`" in a query,
// "|" and "[", "]" in a path, a space in an opaque path, a "%" not followed
// by two hex digits. URL.URI reports those with uri's error.
//
// URL.URI costs one RFC 3986 parse of the href (no allocation: the URI
// shares the href); a later version could build the uri.URI from the URL's
// offsets directly once package uri offers a constructor for it.
package whatwg
