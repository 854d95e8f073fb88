// Package fileuri converts between file URIs (RFC 8089) and operating
// system paths, for POSIX and Windows whatever the GOOS the program runs on.
//
// FromPath writes file:///etc/hosts, file:///C:/x/y and, for a UNC path,
// file://server/share/f. ToPath reads those, "localhost" as the local host,
// and the non-standard forms of RFC 8089, Appendix E that Windows programs
// meet: file:c:/x and file:/c:/x (E.2), file:////server/share/f and
// file://///server/share/f (E.3.2); it never writes them. StringToPath reads
// the text of a file URI, including the forms that are not RFC 3986 URIs and
// so cannot be a uri.URI: file:///c|/x (E.2.2) and backslashes as
// separators (E.4). Resolve resolves a reference against a file URI with a
// drive letter as E.2.1 describes.
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

// appendSegments writes "/" and each segment of rel, encoded when encode
// is set, as it is otherwise (FromPath's first try). Segments are separated
// by "/", and by "\\" too when windows is set, which is written as "/".
func appendSegments(b *strings.Builder, rel string, encode, windows bool) {
	b.WriteByte('/')
	if !encode {
		for windows {
			i := strings.IndexByte(rel, '\\')
			if i < 0 {
				break
			}
			b.WriteString(rel[:i])
			b.WriteByte('/')
			rel = rel[i+1:]
		}
		b.WriteString(rel)
		return
	}
	for {
		i := strings.IndexByte(rel, '/')
		if windows {
			if j := strings.IndexByte(rel, '\\'); j >= 0 && (i < 0 || j < i) {
				i = j
			}
		}
		if i < 0 {
			appendSegment(b, rel)
			return
		}
		appendSegment(b, rel[:i])
		b.WriteByte('/')
		rel = rel[i+1:]
	}
}

// isSep reports whether c separates segments of a Windows path.
func isSep(c byte) bool { return c == '/' || c == '\\' }

// cutSep is strings.Cut at the first Windows separator.
func cutSep(s string) (before, after string) {
	for i := 0; i < len(s); i++ {
		if isSep(s[i]) {
			return s[:i], s[i+1:]
		}
	}
	return s, ""
}

func isDriveLetter(s string) bool {
	return len(s) >= 2 && ('a' <= s[0] && s[0] <= 'z' || 'A' <= s[0] && s[0] <= 'Z') && (s[1] == ':' || s[1] == '|')
}

// FromPath returns the file URI of the absolute path p under the syntax o:
// "file://" + the path for POSIX ("/a b" is file:///a%20b); for Windows,
// "file:///C:/x" for C:\x and "file://server/share/x" for \\server\share\x
// ("/" is a separator too). Bytes that are not UTF-8 are percent-encoded
// as they are. A relative path, a NUL, or a UNC path without a share or with
// a server name that is not letters, digits, "-", ".", "_" and "~" gives an
// *Error.
func FromPath(p string, o OS) (uri.URI, error) {
	if strings.IndexByte(p, '%') < 0 {
		// Most paths need no encoding: write them as they are and let the
		// RFC 3986 parser, which must read the result anyway, say whether
		// they were right (a "?" or "#" parses, but as a query or fragment).
		s, err := buildURI(p, o, false)
		if err != nil {
			return uri.URI{}, err
		}
		if u, err := uri.ParseURI(s); err == nil && !u.HasQuery() && !u.HasFragment() {
			return u, nil
		}
	}
	if i := strings.IndexByte(p, 0); i >= 0 {
		return uri.URI{}, &Error{p, i, ErrSegment}
	}
	s, err := buildURI(p, o, true)
	if err != nil {
		return uri.URI{}, err
	}
	u, err := uri.ParseURI(s)
	if err != nil {
		return uri.URI{}, &Error{p, 0, ErrInvalidPath}
	}
	return u, nil
}

// buildURI writes FromPath's text for p, its segments percent-encoded when
// encode is set and as they are otherwise.
func buildURI(p string, o OS, encode bool) (string, error) {
	var b strings.Builder
	b.Grow(len(p) + 8)
	b.WriteString("file://")
	switch o.resolve() {
	case POSIX:
		if !strings.HasPrefix(p, "/") {
			return "", &Error{p, 0, ErrRelative}
		}
		appendSegments(&b, p[1:], encode, false)
	default:
		switch {
		case len(p) >= 2 && isSep(p[0]) && isSep(p[1]):
			host, path := cutSep(p[2:])
			if share, _ := cutSep(path); share == "" {
				return "", &Error{p, 2 + len(host), ErrInvalidPath} // no share
			}
			// The server name is written as it is: letters, digits, '-', '.', '_', '~'.
			for i := 0; i < len(host); i++ {
				if c := host[i]; !(isUnreservedOrSafe(c) && strings.IndexByte("!$&'()*+,;=:@", c) < 0) {
					return "", &Error{p, 2 + i, ErrInvalidPath}
				}
			}
			if host == "" || host == "." || host == ".." {
				return "", &Error{p, 2, ErrInvalidPath}
			}
			b.WriteString(host)
			appendSegments(&b, path, encode, true)
		case isDriveLetter(p) && p[1] == ':' && (len(p) == 2 || isSep(p[2])):
			b.WriteByte('/')
			b.WriteString(p[:2])
			if len(p) == 2 {
				b.WriteByte('/')
			} else {
				appendSegments(&b, p[3:], encode, true)
			}
		default:
			return "", &Error{p, 0, ErrRelative}
		}
	}
	return b.String(), nil
}

// appendDecoded writes each "/"-separated segment of rel, decoded and
// preceded by sep, refusing a segment that would decode to a '/' (or '\' on
// Windows) or a NUL; off is rel's offset in input, the URI's text.
func appendDecoded(b *strings.Builder, rel string, sep byte, input string, off int) error {
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
			host, path = decodeHost(h), "/"+rest
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
			b.Grow(len(t) + 1)
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
		b.Grow(len(host) + len(path) + 2)
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
	b.Grow(len(path))
	if err := appendDecoded(&b, path[1:], '/', s, pathOff+1); err != nil {
		return "", err
	}
	return b.String(), nil
}

// decodeHost percent-decodes the file-host of a UNC string in a path (RFC
// 8089, Appendix E.3.2), dropping the brackets of an inline-IP ("%5B" IPv6
// "%5D") as URI.DecodedHost does for an IP-literal authority.
func decodeHost(h string) string {
	h = pctenc.Decode(h)
	if len(h) >= 2 && h[0] == '[' && h[len(h)-1] == ']' {
		h = h[1 : len(h)-1]
	}
	return h
}

// StringToPath is ToPath on the text s of a file URI, which may also be one
// of the forms of RFC 8089, Appendix E that are not RFC 3986 URIs. Under
// Windows, a vertical line in place of a drive letter's colon (E.2.2:
// file:///c|/path/to/file, file:/c|/path/to/file, file:c|/path/to/file) is
// read as the colon, and a backslash as the "/" separator (E.4: on Windows a
// backslash can be nothing else). Under POSIX both are file name bytes that a
// URI must percent-encode, so they are errors. The offsets of an *Error are
// in s; text that is not a URI even so gives ErrInvalidPath wrapping the
// *uri.Error.
func StringToPath(s string, o OS) (string, error) {
	t := s
	if o.resolve() == Windows && strings.ContainsAny(s, `|\`) {
		b := []byte(s)
		for i, c := range b {
			if c == '\\' {
				b[i] = '/'
			}
		}
		if i := driveBar(b); i >= 0 {
			b[i] = ':'
		}
		t = string(b)
	}
	u, err := uri.ParseURI(t)
	if err != nil {
		var ue *uri.Error
		if errors.As(err, &ue) {
			return "", &Error{s, ue.Offset, notURI{ue}}
		}
		return "", &Error{s, 0, fmt.Errorf("%w: %w", ErrInvalidPath, err)}
	}
	p, err := ToPath(u, o)
	var e *Error
	if errors.As(err, &e) {
		e.Input = s // t is s with bytes replaced one for one: the offsets hold
	}
	return p, err
}

// notURI is the cause of StringToPath's error for text that is not an RFC
// 3986 URI: ErrInvalidPath and the parser's *uri.Error, both for errors.Is
// and errors.As, with the parser's words but not its offset a second time.
type notURI struct{ e *uri.Error }

func (n notURI) Error() string {
	msg := strings.TrimPrefix(n.e.Error(), "uri: ")
	if i := strings.LastIndex(msg, " at offset "); i >= 0 {
		msg = msg[:i]
	}
	return ErrInvalidPath.Error() + ": " + msg
}

func (n notURI) Unwrap() []error { return []error{ErrInvalidPath, n.e} }

// driveBar returns the index of the vertical line of a drive letter written
// "c|" (RFC 8089, Appendix E.2.2) where a file URI's path starts: after
// "file:", "file:/" or "file://" and an authority, followed by "/" or the end.
// It returns -1 when there is none.
func driveBar(b []byte) int {
	const scheme = "file:"
	if len(b) < len(scheme) || !strings.EqualFold(string(b[:len(scheme)]), scheme) {
		return -1
	}
	p := b[len(scheme):]
	off := len(scheme)
	if len(p) >= 2 && p[0] == '/' && p[1] == '/' {
		end := 2
		for end < len(p) && p[end] != '/' && p[end] != '?' && p[end] != '#' {
			end++
		}
		p, off = p[end:], off+end
	}
	if len(p) > 0 && p[0] == '/' {
		p, off = p[1:], off+1
	}
	if len(p) >= 2 && isDriveLetter(string(p[:2])) && p[1] == '|' && (len(p) == 2 || p[2] == '/') {
		return off + 1
	}
	return -1
}

// drivePrefix returns the length of the drive letter that starts path p,
// "/c:" or "c:" followed by "/" or the end, or 0.
func drivePrefix(p string) int {
	t := strings.TrimPrefix(p, "/")
	if isDriveLetter(t) && t[1] == ':' && (len(t) == 2 || t[2] == '/') {
		return len(p) - len(t) + 2
	}
	return 0
}

// Resolve resolves ref against the file URI base as RFC 3986, section 5.2
// does, with the rule RFC 8089, Appendix E.2.1 gives for DOS and Windows
// drive letters: when base's path starts with one (file:///c:/x or
// file:c:/x), a reference path that starts with "/" is taken from that
// drive's root and ".." segments never remove the drive. A reference with a
// scheme, an authority or a drive letter of its own resolves as RFC 3986
// says.
func Resolve(base, ref uri.URI) (uri.URI, error) {
	p := base.Path()
	n := drivePrefix(p)
	if n == 0 || ref.HasScheme() || ref.HasAuthority() || drivePrefix(ref.Path()) > 0 {
		return base.Resolve(ref)
	}
	drive, rest := p[:n], p[n:]
	if rest == "" {
		rest = "/"
	}
	b, err := base.WithPath(rest)
	if err != nil {
		return uri.URI{}, err
	}
	r, err := b.Resolve(ref)
	if err != nil {
		return uri.URI{}, err
	}
	return r.WithPath(drive + r.Path())
}
