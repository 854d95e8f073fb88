package uri

import (
	"errors"
	"strings"
)

// Limits a server can set on what it parses, in [Options]. RFC 3986 sets
// no limit on the length of a URI or of any component (section 3.2.2 only
// notes that a reg-name for DNS is at most 255 octets): every parse here is
// linear in its input, so that a long reference costs its length and no
// more, and a limit is the caller's choice of how much that may be. The
// defaults are none, so that a valid reference is never rejected for its
// size unless the program says so; a server facing untrusted input should
// set them (HTTP servers commonly cap the request target at 8 KiB).
var (
	// ErrTooLong: the text is longer than [Options.MaxLength], or than
	// [MaxTextLength], the most a value can hold; the offset is that of the
	// first byte past the limit.
	ErrTooLong = errors.New("reference longer than the limit (Options.MaxLength)")
	// ErrTooManySegments: the path has more segments than
	// [Options.MaxSegments]; the offset is that of the "/" that begins
	// the first segment past the limit.
	ErrTooManySegments = errors.New("more path segments than the limit (Options.MaxSegments)")
	// ErrTooManyQueryParams: the query has more "&"-separated fields than
	// [Options.MaxQueryParams]; the offset is that of the "&" that begins
	// the first field past the limit.
	ErrTooManyQueryParams = errors.New("more query parameters than the limit (Options.MaxQueryParams)")
	// ErrHostTooLong: the host is longer than [Options.MaxHostLength];
	// the offset is that of the first byte past the limit. It also
	// matches ErrInvalidHost, as every error in the host does.
	ErrHostTooLong = errors.New("host longer than the limit (Options.MaxHostLength)")
)

// checkLimits checks the parsed reference u against o's limits, other than
// the length (checked before parsing).
func (o Options) checkLimits(u *URI) *Error {
	if o.MaxHostLength > 0 && int(u.hostEnd-u.hostStart) > o.MaxHostLength {
		return newError(u.s, int(u.hostStart)+o.MaxHostLength, ComponentHost, ErrHostTooLong)
	}
	if o.MaxSegments > 0 && u.queryStart > u.pathStart {
		// Segments as URI.Segments counts them: one more than the "/".
		path := u.s[u.pathStart:u.queryStart]
		if strings.Count(path, "/") >= o.MaxSegments {
			return newError(u.s, int(u.pathStart)+nthIndex(path, '/', o.MaxSegments), ComponentPath, ErrTooManySegments)
		}
	}
	if o.MaxQueryParams > 0 && u.HasQuery() {
		q := u.Query()
		if strings.Count(q, "&") >= o.MaxQueryParams {
			return newError(u.s, int(u.queryStart)+1+nthIndex(q, '&', o.MaxQueryParams), ComponentQuery, ErrTooManyQueryParams)
		}
	}
	return nil
}

// limited reports whether o sets any limit.
func (o Options) limited() bool {
	return o.MaxLength > 0 || o.MaxSegments > 0 || o.MaxQueryParams > 0 || o.MaxHostLength > 0
}

// tooLong returns the error of a text s longer than o.MaxLength, or nil.
func (o Options) tooLong(s string) *Error {
	if o.MaxLength > 0 && len(s) > o.MaxLength {
		return newError(s, o.MaxLength, componentAt(s, o.MaxLength), ErrTooLong)
	}
	return nil
}

// textTooLong returns the error of a text s longer than MaxTextLength, which
// no layout can hold, or nil. The error names the whole reference, not the
// component at the limit: finding that would read gigabytes of a text that
// is refused unread.
func textTooLong(s string) *Error {
	if uint(len(s)) > MaxTextLength {
		n := uint(MaxTextLength) // a variable: the constant overflows a 32-bit int
		return newError(s, int(n), 0, ErrTooLong)
	}
	return nil
}

// errTextTooLong is the error of a result (of an edit, a resolution, a
// mapping) longer than MaxTextLength. Its Input is empty: the text was
// never made.
func errTextTooLong() *Error {
	n := uint(MaxTextLength)
	return newError("", int(n), 0, ErrTooLong)
}

// nthIndex returns the index of the n-th (from 1) byte c of s; s has at
// least n of them.
func nthIndex(s string, c byte, n int) int {
	i := -1
	for ; n > 0; n-- {
		i += 1 + strings.IndexByte(s[i+1:], c)
	}
	return i
}
