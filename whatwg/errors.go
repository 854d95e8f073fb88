package whatwg

import (
	"errors"
	"strconv"
)

// The failures of the basic URL parser and of the host parser. Each is named
// after the validation error that the URL Standard (section "Validation
// errors" of "URLs" and "Hosts") reports together with the failure. An
// *Error wraps exactly one of them, so errors.Is(err, ErrHostMissing) says
// why a parse failed.
var (
	// ErrMissingScheme: the input has no scheme and there is no base URL
	// to resolve it against, or the base has an opaque path
	// (missing-scheme-non-relative-URL).
	ErrMissingScheme = errors.New("missing-scheme-non-relative-URL")
	// ErrHostMissing: a special URL, or a URL with credentials or a port,
	// has an empty host (host-missing).
	ErrHostMissing = errors.New("host-missing")
	// ErrPortOutOfRange: the port is larger than 65535 (port-out-of-range).
	ErrPortOutOfRange = errors.New("port-out-of-range")
	// ErrPortInvalid: the port holds something other than ASCII digits
	// (port-invalid).
	ErrPortInvalid = errors.New("port-invalid")
	// ErrDomainToASCII: UTS #46 ToASCII rejected the domain
	// (domain-to-ASCII).
	ErrDomainToASCII = errors.New("domain-to-ASCII")
	// ErrDomainInvalidCodePoint: the domain holds a forbidden domain code
	// point (domain-invalid-code-point).
	ErrDomainInvalidCodePoint = errors.New("domain-invalid-code-point")
	// ErrHostInvalidCodePoint: an opaque host holds a forbidden host code
	// point (host-invalid-code-point).
	ErrHostInvalidCodePoint = errors.New("host-invalid-code-point")
	// ErrIPv4 covers the IPv4 parser's failures: IPv4-too-many-parts,
	// IPv4-non-numeric-part and IPv4-out-of-range-part (see Error.Reason).
	ErrIPv4 = errors.New("invalid IPv4 address")
	// ErrIPv6 covers the IPv6 parser's failures: IPv6-unclosed,
	// IPv6-invalid-compression, IPv6-too-many-pieces,
	// IPv6-multiple-compression, IPv6-invalid-code-point,
	// IPv6-too-few-pieces and the IPv4-in-IPv6 ones (see Error.Reason).
	ErrIPv6 = errors.New("invalid IPv6 address")
	// ErrLabelTooLong: a label of a non-ASCII domain is longer than the
	// real readers give to Punycode (RFC 3492), whose time is quadratic in
	// a label's length: more than 1000 UTF-16 code units after UTS #46
	// mapping, or an "xn--" label of more than 2000 after its prefix. The
	// URL Standard sets no such limit; ICU4C does (ICU-13727), and so
	// Chromium (156 accepts a label of 1000 "é", 1000 CJK ideographs or
	// 500 characters outside the BMP, and fails on one more), and rust-url
	// follows it; whatwg/url issue 824 discusses it. The *Error's Offset
	// is the label's, its Reason "domain-to-ASCII", and errors.Is matches
	// ErrDomainToASCII too. An ASCII domain is not given to Punycode and
	// has no such limit, as in Chromium. Chromium 156 also refuses a
	// non-ASCII host longer than 1265 UTF-16 code units in all, whatever
	// its labels (found by bisection, cause not traced): this package does
	// not.
	ErrLabelTooLong error = labelTooLongError{}
	// ErrTooLong: the input is longer than MaxInput, a limit of this
	// implementation (not of the standard) that keeps offsets in 32 bits.
	ErrTooLong = errors.New("input too long")
)

// labelTooLongError is ErrLabelTooLong's type: a domain-to-ASCII failure.
type labelTooLongError struct{}

func (labelTooLongError) Error() string {
	return "domain-to-ASCII: a label too long for Punycode (over 1000 UTF-16 code units, ICU-13727)"
}

// Is makes errors.Is(ErrLabelTooLong, ErrDomainToASCII) true.
func (labelTooLongError) Is(target error) bool { return target == ErrDomainToASCII }

// MaxInput is the longest input Parse and the setters take: 1 GiB, so that
// an href, at most three times as long as its input, fits the URL's 32-bit
// offsets.
const MaxInput = 1 << 30

// Error is a failure of the basic URL parser: the input, the byte offset in
// it where the parser gave up, the validation error's name from the URL
// Standard (Reason), and the sentinel error (one of the Err variables) that
// errors.Is matches.
type Error struct {
	Input  string // the string given to the parser
	Offset int    // byte offset in Input
	Reason string // the URL Standard's name of the validation error
	Err    error  // one of the package's Err sentinels
}

// Error formats the failure as `whatwg: parse "input": reason at offset N`.
func (e *Error) Error() string {
	return "whatwg: parse " + strconv.Quote(e.Input) + ": " + e.Reason + " at offset " + strconv.Itoa(e.Offset)
}

// Unwrap returns the sentinel error, for errors.Is.
func (e *Error) Unwrap() error { return e.Err }

// ValidationError is one of the URL Standard's validation errors (section
// "Validation errors"): a non-fatal report that the input is not a valid URL
// string although the parser recovered from it. Kind is the standard's name
// (such as "invalid-reverse-solidus"), Offset a byte offset in the input
// given to the parser.
type ValidationError struct {
	Kind   string
	Offset int
}

// String formats the error as "kind@offset".
func (v ValidationError) String() string { return v.Kind + "@" + strconv.Itoa(v.Offset) }
