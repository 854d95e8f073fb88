package dataurl

import (
	"errors"
	"fmt"
)

// The sentinel errors that an *Error wraps; match them with errors.Is.
var (
	ErrInvalidURL      = errors.New("not a URL")              // the URL Standard's parser failed (the *whatwg.Error is wrapped too)
	ErrNotData         = errors.New("scheme is not data")     // a URL of another scheme
	ErrNoComma         = errors.New("no ',' before the body") // the MIME type runs to the end
	ErrBase64          = errors.New("invalid base64")         // forgiving-base64 decoding failed
	ErrMIMEType        = errors.New("invalid MIME type")      // ParseMIMEType failed
	ErrUnrepresentable = errors.New("MIME type cannot be written in a data: URL")
)

// Error is a failure of this package: the text read, the byte offset in it
// of what is wrong, the sentinel error (Err) and, for ErrInvalidURL, the
// URL parser's error (Cause).
type Error struct {
	Input  string // the text read: for Parse, the URL's serialization without its fragment
	Offset int    // byte offset in Input
	Err    error  // one of the Err sentinels
	Reason string // a few words more, or ""
	Cause  error  // the underlying error, or nil
}

func (e *Error) Error() string {
	s := fmt.Sprintf("dataurl: %v at offset %d", e.Err, e.Offset)
	if e.Reason != "" {
		s += ": " + e.Reason
	}
	if e.Cause != nil {
		s += ": " + e.Cause.Error()
	}
	return s
}

// Unwrap returns Err and, if there is one, Cause.
func (e *Error) Unwrap() []error {
	if e.Cause != nil {
		return []error{e.Err, e.Cause}
	}
	return []error{e.Err}
}
