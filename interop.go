package uri

import (
	"database/sql/driver"
	"fmt"
	"net/url"
)

// Interoperation with net/url and database/sql. (encoding.TextMarshaler,
// encoding.TextUnmarshaler and fmt.Stringer are implemented in uri.go.)

// URL returns u as a net/url URL: the value url.Parse gives for u's text.
// url.Parse refuses two kinds of host that RFC 3986 allows: an IPvFuture,
// and a reg-name with a triplet of an ASCII octet ("%41"). URL still
// converts those when net/url can hold them: an IPvFuture is kept with its
// brackets in Host, and a reg-name whose ASCII triplets all stand for
// unreserved characters is decoded (an equivalent host, RFC 3986, section
// 6.2.2.2). Otherwise, as for "http://a%2Fb/", it returns url.Parse's error.
//
// A net/url URL cannot hold everything a URI reference can, so converting
// back with [FromURL] loses:
//
//   - the case of the scheme: net/url lowercases it (schemes are
//     case-insensitive, RFC 3986, section 3.1, so the URI stays equivalent);
//   - an empty fragment: "http://a/#" comes back as "http://a/";
//   - an empty authority with nothing after it: "foo://" comes back as
//     "foo:", and "//" as "";
//   - the written form of the userinfo and host: net/url keeps them decoded
//     and encodes them again its own way, so "%41" comes back as "A" and a
//     lowercase triplet in uppercase;
//   - the written form of the path and fragment, only where net/url cannot
//     keep it in RawPath and RawFragment.
//
// net/url tells an empty query from an absent one with ForceQuery, and an
// empty host without "//" ("file:/x") from one with it ("file:///x") with
// OmitHost; a path without authority that does not begin with "/"
// ("mailto:x") goes to Opaque, and the port is part of Host, as text.
func (u URI) URL() (*url.URL, error) {
	v, err := url.Parse(u.s)
	if err == nil || !u.HasAuthority() {
		return v, err
	}
	host, ok := netURLHost(u)
	if !ok {
		return nil, err
	}
	// Parse the text with a stand-in host that net/url accepts, then put in
	// the real one: the fields of a URL are independent.
	v, err2 := url.Parse(u.s[:u.hostStart] + "h" + u.s[u.hostEnd:])
	if err2 != nil {
		return nil, err
	}
	v.Host = host + u.s[u.hostEnd:u.pathStart]
	return v, nil
}

// netURLHost returns u's host as net/url's Host holds it, for the hosts
// url.Parse refuses, and whether net/url can hold it.
func netURLHost(u URI) (string, bool) {
	h := u.s[u.hostStart:u.hostEnd]
	switch u.kind {
	case HostIPvFuture:
		return h, true
	case HostRegName:
		for i := 0; i < len(h); i++ {
			if h[i] != '%' {
				continue
			}
			c := unhex(h[i+1])<<4 | unhex(h[i+2])
			if c < 0x80 && class[c]&cUnreserved == 0 {
				return "", false
			}
			i += 2
		}
		return unescapeValid(h, false), true
	}
	return "", false
}

// FromURL returns the URI reference that v's String method writes. It fails
// with an [*Error] when that text is not a valid URI reference, as happens
// with what net/url allows but RFC 3986 does not: an IPv6 zone
// ("[fe80::1%25en0]"), and characters net/url writes as they are set, in
// Opaque, RawQuery, or Host ("<", ">", `"`). A nil v gives the empty
// reference, as the zero URL does. See [URI.URL] for what a round trip
// through net/url loses.
func FromURL(v *url.URL) (URI, error) {
	if v == nil {
		return URI{}, nil
	}
	return Parse(v.String())
}

// Scan implements database/sql.Scanner: it parses a string or []byte column
// value with [Parse]. SQL NULL is an error rather than the empty reference,
// which is a valid URI; scan a nullable column into sql.Null[uri.URI]. On
// error u is left unchanged.
func (u *URI) Scan(src any) error {
	var s string
	switch v := src.(type) {
	case string:
		s = v
	case []byte:
		s = string(v) // copied: the driver may reuse v
	case nil:
		return &Error{Err: ErrScanNull}
	default:
		return &Error{Err: fmt.Errorf("%w %T", ErrScanType, src)}
	}
	v, err := Parse(s)
	if err != nil {
		return err
	}
	*u = v
	return nil
}

// Value implements database/sql/driver.Valuer: the text of u, as a string.
// The zero URI gives "", not NULL.
func (u URI) Value() (driver.Value, error) { return u.s, nil }
