package whatwg

import "github.com/ferret-go/uri"

// URI returns the URL as an RFC 3986 URI (package uri): its href read by
// uri.ParseURI. Most hrefs are valid URIs; those that are not hold code
// points RFC 3986 does not allow and the URL Standard leaves unencoded,
// such as "|", "^", "{", "}" or "`" in a query, "[" or "]" in a path, a
// space in an opaque path, or a "%" not followed by two hex digits; then
// the error is uri.ParseURI's. The URI shares the href's memory; the cost
// is one RFC 3986 parse of the href, without allocation.
func (u URL) URI() (uri.URI, error) {
	return uri.ParseURI(u.href)
}

// FromURI reads an RFC 3986 URI reference the URL Standard's way: its text
// parsed by the basic URL parser against base (the zero URL for none; a
// relative reference needs one). See "Two standards" in the package
// documentation for where the two readings of one string differ.
func FromURI(v uri.URI, base URL) (URL, error) {
	return ParseRef(v.String(), base)
}
