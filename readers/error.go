package readers

import (
	"fmt"
	"strings"
)

// An Error is a reader's rejection of a string: which reader, which
// component, the byte offset in the input where the trouble starts, and
// the reason the parser gives. Every Reading.Err of every reader is an
// *Error; match it with errors.As. Err holds the parser's own error value
// where it has one (a [CurlCode], a [*JavaError]), for errors.Is and
// errors.As.
type Error struct {
	Reader    string // the reader's Name
	Component string // "scheme", "userinfo", "host", "port", "path", "query", "fragment", or "url" for the whole
	Offset    int    // byte offset in the string given to Read, or -1 where the parser gives none (curl)
	Reason    string // what the parser says, in its words where it has some
	Err       error  // the parser's own error value, or nil
}

func (e *Error) Error() string {
	if e.Offset < 0 {
		return fmt.Sprintf("readers: %s: %s: %s", e.Reader, e.Component, e.Reason)
	}
	return fmt.Sprintf("readers: %s: %s at byte %d: %s", e.Reader, e.Component, e.Offset, e.Reason)
}

// Unwrap returns Err.
func (e *Error) Unwrap() error { return e.Err }

// wrapCurl makes a curl reading's CurlCode an *Error of reader name.
func wrapCurl(name string, r Reading) Reading {
	if c, ok := r.Err.(CurlCode); ok {
		r.Err = &Error{Reader: name, Component: c.component(), Offset: -1,
			Reason: strings.TrimPrefix(c.Error(), "curl: "), Err: c}
	}
	return r
}

// wrapJava makes a java reading's *JavaError an *Error, its component
// named from the words of Java's reason ("Illegal character in path").
func wrapJava(r Reading) Reading {
	if e, ok := r.Err.(*JavaError); ok {
		comp := "url"
		for _, w := range [...]struct{ word, comp string }{
			{"scheme", "scheme"}, {"user info", "userinfo"}, {"port", "port"}, {"authority", "host"},
			{"hostname", "host"}, {"IPv", "host"}, {"host", "host"}, {"opaque part", "path"},
			{"path", "path"}, {"query", "query"}, {"fragment", "fragment"},
		} {
			if strings.Contains(e.Reason, w.word) {
				comp = w.comp
				break
			}
		}
		if e.Exception == "NumberFormatException" {
			comp = "host"
		}
		r.Err = &Error{Reader: "java", Component: comp, Offset: e.Offset, Reason: e.Exception + ": " + e.Reason, Err: e}
	}
	return r
}
