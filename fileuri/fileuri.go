// Package fileuri converts between file URIs (RFC 8089) and operating
// system paths, for POSIX and Windows whatever the GOOS the program runs on.
//
// FromPath writes file:///etc/hosts, file:///C:/x/y and, for a UNC path,
// file://server/share/f. ToPath reads those, "localhost" as the local host,
// and the non-standard forms of RFC 8089, Appendix E that Windows programs
// meet: file:c:/x, file:/c:/x, file:///c|/x (E.2), file:////server/share/f
// and file://///server/share/f (E.3); it never writes them. (file:///c|/x is
// not an RFC 3986 URI, so a uri.URI cannot hold it: not read yet.)
package fileuri

import (
	"errors"
	"fmt"
	"runtime"
	"strings"

	"github.com/ferret-go/uri"
	"github.com/ferret-go/uri/internal/pctenc"
)

// OS names the path syntax to read or write.
type OS uint8

const (
	Native  OS = iota // Windows when runtime.GOOS is "windows", POSIX otherwise
	POSIX             // "/" separates segments; a path is absolute when it starts with "/"
	Windows           // drive letters (C:\x) and UNC shares (\\server\share\x)
)

func (o OS) resolve() OS {
	if o == Native {
		if runtime.GOOS == "windows" {
			return Windows
		}
		return POSIX
	}
	return o
}

// The sentinel errors that an *Error wraps; match them with errors.Is.
var (
	ErrNotFile     = errors.New(`scheme is not "file"`)
	ErrRelative    = errors.New("path is not absolute")
	ErrRemoteHost  = errors.New("host is not local and POSIX paths have no host")
	ErrSegment     = errors.New(`segment would decode to a separator or NUL`)
	ErrQuery       = errors.New("file URI has a query or fragment")
	ErrInvalidPath = errors.New("invalid path")
)

// Error is a failure of ToPath or FromPath: the text, the byte offset in it
// of the first offending byte, and the cause (one of the Err sentinels).
type Error struct {
	Input  string
	Offset int
	Err    error
}

func (e *Error) Error() string { return fmt.Sprintf("fileuri: %v at offset %d", e.Err, e.Offset) }

// Unwrap returns Err.
func (e *Error) Unwrap() error { return e.Err }

func isUnreservedOrSafe(c byte) bool { return pchar[c] }

// pchar is the set of bytes a path segment holds as they are (RFC 3986,
// section 3.3), computed once and never written after.
var pchar = func() (t [256]bool) {
	for c := range t {
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
			t[c] = true
		default:
			t[c] = strings.IndexByte("-._~!$&'()*+,;=:@", byte(c)) >= 0
		}
	}
	return t
}()

// appendSegment writes seg percent-encoded as a path segment needs: '%',
// '#', '?', space, controls, non-ASCII (as its UTF-8 bytes) and every other
// byte outside pchar.
func appendSegment(b *strings.Builder, seg string) {
	pctenc.Write(b, seg, isUnreservedOrSafe)
}

// appendSegments writes "/" and each "/"-separated segment of rel, encoded.
func appendSegments(b *strings.Builder, rel string) {
	i := 0
	for i < len(rel) && (pchar[rel[i]] || rel[i] == '/') {
		i++
	}
	if i == len(rel) {
		// Nothing to encode, as in most paths: the text as it is.
		b.WriteByte('/')
		b.WriteString(rel)
		return
	}
	for {
		seg, rest, more := strings.Cut(rel, "/")
		b.WriteByte('/')
		appendSegment(b, seg)
		if !more {
			return
		}
		rel = rest
	}
}

func isDriveLetter(s string) bool {
	return len(s) >= 2 && ('a' <= s[0] && s[0] <= 'z' || 'A' <= s[0] && s[0] <= 'Z') && (s[1] == ':' || s[1] == '|')
}

// FromPath returns the file URI of the absolute path p under the syntax o:
// "file://" + the path for POSIX ("/a b" is file:///a%20b); for Windows,
// "file:///C:/x" for C:\x and "file://server/share/x" for \\server\share\x
// ("/" is a separator too). A relative path, a NUL, or a path that is not
// valid UTF-8 gives an *Error.
func FromPath(p string, o OS) (uri.URI, error) {
	if i := strings.IndexByte(p, 0); i >= 0 {
		return uri.URI{}, &Error{p, i, ErrSegment}
	}
	var b strings.Builder
	b.Grow(len(p) + 8)
	b.WriteString("file://")
	switch o.resolve() {
	case POSIX:
		if !strings.HasPrefix(p, "/") {
			return uri.URI{}, &Error{p, 0, ErrRelative}
		}
		appendSegments(&b, p[1:])
	default:
		q := strings.ReplaceAll(p, `\`, "/")
		switch {
		case strings.HasPrefix(q, "//"):
			rest := q[2:]
			host, path, _ := strings.Cut(rest, "/")
			if share, _, _ := strings.Cut(path, "/"); share == "" {
				return uri.URI{}, &Error{p, 2 + len(host), ErrInvalidPath} // no share
			}
			// The server name is written as it is: letters, digits, '-', '.', '_', '~'.
			for i := 0; i < len(host); i++ {
				if c := host[i]; !(isUnreservedOrSafe(c) && strings.IndexByte("!$&'()*+,;=:@", c) < 0) {
					return uri.URI{}, &Error{p, 2 + i, ErrInvalidPath}
				}
			}
			if host == "" || host == "." || host == ".." {
				return uri.URI{}, &Error{p, 2, ErrInvalidPath}
			}
			b.WriteString(host)
			appendSegments(&b, path)
		case isDriveLetter(q) && q[1] == ':' && (len(q) == 2 || q[2] == '/'):
			b.WriteByte('/')
			b.WriteString(q[:2])
			if len(q) == 2 {
				b.WriteByte('/')
			}
			if len(q) > 2 {
				appendSegments(&b, q[3:])
			}
		default:
			return uri.URI{}, &Error{p, 0, ErrRelative}
		}
	}
	u, err := uri.ParseURI(b.String())
	if err != nil {
		return uri.URI{}, &Error{p, 0, ErrInvalidPath}
	}
	return u, nil
}

// appendDecoded writes each "/"-separated segment of rel, decoded and
// preceded by sep, refusing a segment that would decode to a '/' (or '\' on
// Windows) or a NUL; off is rel's offset in input, the URI's text.
func appendDecoded(b *strings.Builder, rel string, sep byte, input string, off int) error {
	b.Grow(len(rel) + 1)
	b.WriteByte(sep)
	for i := 0; i < len(rel); i++ {
		c, at := rel[i], i
		switch {
		case c == '/':
			b.WriteByte(sep)
			continue
		case c == '%' && i+2 < len(rel):
			h, ok1 := pctenc.Unhex(rel[i+1])
			l, ok2 := pctenc.Unhex(rel[i+2])
			if ok1 && ok2 {
				c = h<<4 | l
				i += 2
			}
		}
		if c == 0 || c == '/' || sep == '\\' && c == '\\' {
			return &Error{input, off + at, ErrSegment}
		}
		b.WriteByte(c)
	}
	return nil
}

// ToPath returns the path that the file URI u names under the syntax o.
// An empty host and "localhost" are the local host; another host is a UNC
// share on Windows and an error on POSIX. A query or fragment, a scheme other
// than file, or a segment that decodes to a separator or NUL gives an *Error.
func ToPath(u uri.URI, o OS) (string, error) {
	s := u.String()
	if !strings.EqualFold(u.Scheme(), "file") {
		return "", &Error{s, 0, ErrNotFile}
	}
	if u.HasQuery() || u.HasFragment() {
		return "", &Error{s, strings.IndexAny(s, "?#"), ErrQuery}
	}
	windows := o.resolve() == Windows
	host := u.DecodedHost()
	if strings.EqualFold(host, "localhost") {
		host = ""
	}
	path := u.Path()
	pathOff := len(s) - len(path)
	if u.HasUserinfo() || u.HasPort() {
		return "", &Error{s, len("file://"), ErrRemoteHost}
	}
	if windows && host == "" {
		// Appendix E.3: file:////server/share and file://///server/share.
		if t := strings.TrimPrefix(path, "/"); strings.HasPrefix(t, "//") && !strings.HasPrefix(t, "///") || strings.HasPrefix(path, "//") {
			t = strings.TrimLeft(path, "/")
			pathOff += len(path) - len(t)
			h, rest, _ := strings.Cut(t, "/")
			host, path = h, "/"+rest
			pathOff += len(h)
			if host == "" {
				return "", &Error{s, pathOff, ErrInvalidPath}
			}
		}
	}
	if strings.ContainsAny(host, "\x00/\\") {
		return "", &Error{s, len("file://"), ErrSegment}
	}
	if host != "" && !windows {
		return "", &Error{s, len("file://"), ErrRemoteHost}
	}
	if windows {
		// Drive letters: /C:/x, /c|/x (E.2), and c:/x (file:c:/x).
		t := strings.TrimPrefix(path, "/")
		if host == "" && isDriveLetter(t) && (len(t) == 2 || t[2] == '/') {
			off := pathOff + len(path) - len(t)
			var b strings.Builder
			b.WriteByte(t[0])
			b.WriteByte(':')
			if err := appendDecoded(&b, strings.TrimPrefix(t[2:], "/"), '\\', s, off+3); err != nil {
				return "", err
			}
			return b.String(), nil
		}
		if host == "" {
			return "", &Error{s, pathOff, ErrRelative}
		}
		var b strings.Builder
		b.WriteString(`\\`)
		b.WriteString(host)
		if err := appendDecoded(&b, strings.TrimPrefix(path, "/"), '\\', s, pathOff+1); err != nil {
			return "", err
		}
		return b.String(), nil
	}
	if !strings.HasPrefix(path, "/") {
		return "", &Error{s, pathOff, ErrRelative}
	}
	if strings.IndexByte(path, '%') < 0 {
		return path, nil // nothing to decode: the path is the text (a URI holds no NUL)
	}
	var b strings.Builder
	if err := appendDecoded(&b, path[1:], '/', s, pathOff+1); err != nil {
		return "", err
	}
	return b.String(), nil
}
