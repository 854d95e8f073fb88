// Package whatwg implements the WHATWG URL Standard (https://url.spec.whatwg.org/,
// the source kept in shared/rfc/whatwg-url.bs): the basic URL parser with
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
// Failures of the parser are *Error values carrying the offset and the
// standard's name of the validation error; errors.Is matches them against
// the Err sentinels. The non-fatal validation errors are returned by
// Validate only, so that Parse does not pay for them.
package whatwg
