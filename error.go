package uri

import (
	"errors"
	"strconv"
	"unicode/utf8"
)

// Sentinel causes. Every error returned by this package's parsers is an
// [*Error] whose cause is one of these, so callers test with [errors.Is]:
//
//	if errors.Is(err, uri.ErrInvalidPort) { ... }
//
// An error found inside the scheme, host or port also matches
// [ErrInvalidScheme], [ErrInvalidHost] or [ErrInvalidPort], whatever its cause;
// an invalid IPv6 literal matches both [ErrInvalidIPv6] and [ErrInvalidHost].
var (
	// ErrInvalidCharacter: a byte that the component's grammar does not allow,
	// such as a space, a control character, a non-ASCII byte, a second "#",
	// or a "[" outside an IP-literal.
	ErrInvalidCharacter = errors.New("invalid character")
	// ErrInvalidUTF8: an IRI (RFC 3987) or a host to map through IDNA that
	// is not valid UTF-8; the offset is that of the first bad byte.
	ErrInvalidUTF8 = errors.New("invalid UTF-8")
	// ErrInvalidPercentEncoding: a "%" not followed by two hexadecimal digits
	// (RFC 3986, section 2.1).
	ErrInvalidPercentEncoding = errors.New("invalid percent-encoding")
	// ErrInvalidScheme: the scheme is empty or breaks the rule of RFC 3986,
	// section 3.1 (a letter, then letters, digits, "+", "-" or ".").
	ErrInvalidScheme = errors.New("invalid scheme")
	// ErrEmptyScheme: a ":" begins the reference, so the scheme before it
	// is empty. It also matches ErrInvalidScheme.
	ErrEmptyScheme = errors.New("empty scheme")
	// ErrInvalidHost: the host matches none of IP-literal, IPv4address and
	// reg-name (RFC 3986, section 3.2.2).
	ErrInvalidHost = errors.New("invalid host")
	// ErrInvalidIPv6: the text between "[" and "]" is not an IPv6address.
	ErrInvalidIPv6 = errors.New("invalid IPv6 literal")
	// ErrInvalidIPvFuture: the text between "[v" and "]" is not an IPvFuture.
	ErrInvalidIPvFuture = errors.New("invalid IPvFuture literal")
	// ErrUnterminatedIPLiteral: a "[" that opens an IP-literal with no "]".
	ErrUnterminatedIPLiteral = errors.New("unterminated IP literal")
	// ErrInvalidPort: the port holds something other than digits (RFC 3986,
	// section 3.2.3).
	ErrInvalidPort = errors.New("invalid port")
	// ErrMissingScheme: a URI (RFC 3986, section 3) or absolute-URI (section
	// 4.3) was required, and the input is a relative reference.
	ErrMissingScheme = errors.New("missing scheme")
	// ErrUnexpectedScheme: a relative-ref (RFC 3986, section 4.2) was required,
	// and the input has a scheme.
	ErrUnexpectedScheme = errors.New("scheme not allowed in a relative reference")
	// ErrUnexpectedFragment: an absolute-URI (RFC 3986, section 4.3) was
	// required, and the input has a fragment.
	ErrUnexpectedFragment = errors.New("fragment not allowed in an absolute URI")

	// ErrNoAuthority: a userinfo or port was set on a reference without an
	// authority. Set a host first: the authority is written only when there
	// is a host, possibly empty.
	ErrNoAuthority = errors.New("no authority (set a host first)")
	// ErrPathNotAbsolute: the path beside an authority must be empty or
	// begin with "/" (RFC 3986, section 3.3).
	ErrPathNotAbsolute = errors.New(`path beside an authority must be empty or begin with "/"`)
	// ErrPathDoubleSlash: without an authority the path must not begin with
	// "//", which would read as an authority (RFC 3986, section 3.3).
	ErrPathDoubleSlash = errors.New(`path without an authority must not begin with "//"`)
	// ErrPathColon: in a relative-path reference the first segment must not
	// contain ":", which would read as a scheme delimiter (RFC 3986, section
	// 3.3, path-noscheme). Only raw text can have it: decoded text is
	// encoded.
	ErrPathColon = errors.New(`first segment of a relative-path reference must not contain ":"`)

	// ErrUnknownStandard: a [Resolver]'s Standard is none of RFC3986,
	// RFC2396 and RFC1808; the error's Input is the number.
	ErrUnknownStandard = errors.New("unknown resolution standard")
	// ErrUnknownComponent: a Component that names none of the seven of
	// RFC 3986, section 3, given to an edit that takes one
	// ([URI.With], [Builder.Set] and their kin).
	ErrUnknownComponent = errors.New("unknown component")

	// ErrScanNull: [URI.Scan] was given SQL NULL, which is no reference
	// (the empty reference is valid and is stored as ""). Scan a nullable
	// column into sql.Null[uri.URI].
	ErrScanNull = errors.New("cannot scan NULL into uri.URI (use sql.Null[uri.URI])")
	// ErrScanType: [URI.Scan] was given a value that is neither a string nor
	// a []byte; the error's message names its type.
	ErrScanType = errors.New("cannot scan into uri.URI a value of type")

	// ErrRead: the reader given to [Extractor.Stream] failed; the error
	// wraps the reader's error too, and its Offset is the number of bytes
	// read.
	ErrRead = errors.New("reading text")
)

// Component names a part of a URI reference, for errors and for the
// operations that work on one component. The zero Component stands for the
// reference as a whole ("URI reference"), as in an error that no single
// component causes.
type Component uint8

// The components of RFC 3986, section 3, in the order they are written.
const (
	ComponentScheme Component = iota + 1
	ComponentUserinfo
	ComponentHost
	ComponentPort
	ComponentPath
	ComponentQuery
	ComponentFragment
)

var componentNames = [...]string{
	0:                 "URI reference",
	ComponentScheme:   "scheme",
	ComponentUserinfo: "userinfo",
	ComponentHost:     "host",
	ComponentPort:     "port",
	ComponentPath:     "path",
	ComponentQuery:    "query",
	ComponentFragment: "fragment",
}

// String returns the component's name as the RFC spells it, such as "path".
func (c Component) String() string {
	if int(c) < len(componentNames) {
		return componentNames[c]
	}
	return "Component(" + strconv.Itoa(int(c)) + ")"
}

// Error describes text that is not valid where it was given: what is wrong
// (Err, one of the package's sentinel errors or an error wrapping one), in
// which component, and at which byte offset of Input. Every error the
// package returns is an *Error. Its message reads like
//
//	uri: invalid character ' ' in path at offset 17
type Error struct {
	Input     string    // the text being read: a parser's input, an edit's argument
	Offset    int       // byte offset in Input of the first offending byte
	Component Component // the component the offending byte was in
	Err       error     // the cause: ErrInvalidCharacter, ErrInvalidPort, ...
}

// Error returns the message: the cause, the offending text where there is
// one, the component and the offset.
func (e *Error) Error() string {
	b := make([]byte, 0, 64)
	b = append(b, "uri: "...)
	b = append(b, e.Err.Error()...)
	switch e.Err {
	case ErrInvalidCharacter:
		b = append(b, ' ')
		b = appendQuotedChar(b, e.Input, e.Offset)
	case ErrInvalidPercentEncoding:
		end := min(e.Offset+3, len(e.Input))
		b = append(b, ' ')
		b = strconv.AppendQuote(b, e.Input[e.Offset:end])
	}
	switch {
	case errors.Is(e.Err, ErrScanNull) || errors.Is(e.Err, ErrScanType):
		return string(b) // no text was read: a value of the wrong kind
	case e.Err == ErrUnknownStandard || e.Err == ErrUnknownComponent:
		return string(b) + " " + e.Input
	case errors.Is(e.Err, ErrRead):
		return string(b) + " at offset " + strconv.Itoa(e.Offset)
	}
	switch e.Err {
	case ErrMissingScheme, ErrUnexpectedScheme, ErrUnexpectedFragment, ErrEmptyScheme:
		// The cause already names the component.
	default:
		b = append(b, " in "...)
		b = append(b, e.Component.String()...)
	}
	b = append(b, " at offset "...)
	b = strconv.AppendInt(b, int64(e.Offset), 10)
	return string(b)
}

// Unwrap returns the cause and, for an error inside the scheme, host or port,
// the sentinel of that component, so that errors.Is matches either.
func (e *Error) Unwrap() []error {
	var comp error
	switch e.Component {
	case ComponentScheme:
		comp = ErrInvalidScheme
	case ComponentHost:
		comp = ErrInvalidHost
	case ComponentPort:
		comp = ErrInvalidPort
	}
	if comp == nil || comp == e.Err || e.Err == ErrMissingScheme || e.Err == ErrUnexpectedScheme {
		return []error{e.Err}
	}
	return []error{e.Err, comp}
}

// appendQuotedChar quotes the character at s[i]: the whole UTF-8 sequence when
// one starts there, otherwise the single byte in \x form.
func appendQuotedChar(b []byte, s string, i int) []byte {
	if i >= len(s) {
		return append(b, "end of input"...)
	}
	if c := s[i]; c >= utf8.RuneSelf {
		if r, n := utf8.DecodeRuneInString(s[i:]); n > 1 {
			return strconv.AppendQuoteRune(b, r)
		}
		const hex = "0123456789abcdef"
		return append(b, '\'', '\\', 'x', hex[c>>4], hex[c&15], '\'')
	}
	return strconv.AppendQuoteRuneToASCII(b, rune(s[i]))
}

// newError is the one place errors are made: only on the failure path.
func newError(s string, off int, comp Component, err error) *Error {
	return &Error{Input: s, Offset: off, Component: comp, Err: err}
}

// badByte reports the byte at s[i], where a scan of comp stopped on something
// that is neither allowed nor a delimiter: a malformed "%" triplet or a
// character the grammar does not allow. A well-formed triplet where the
// grammar allows none (a port, or after an IP-literal) is an invalid "%"
// character, not an invalid percent-encoding.
func badByte(s string, i int, comp Component) *Error {
	if s[i] == '%' && (i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2])) {
		return newError(s, i, comp, ErrInvalidPercentEncoding)
	}
	return newError(s, i, comp, ErrInvalidCharacter)
}
