package uri

import (
	"errors"
	"strconv"
	"strings"
	"unsafe"
)

// RemoveDotSegments removes the "." and ".." segments of a path with the
// algorithm of RFC 3986, section 5.2.4, as used both by reference resolution
// (section 5.2) and by normalization (section 6.2.2.3). A path with no dot
// segment is returned as it is, without allocating. Percent-encoded dots
// ("%2E") are not dot segments here: decode unreserved characters first (see
// section 6.2.2.2) if they should count.
func RemoveDotSegments(path string) string {
	if !hasDotSegment(path) {
		return path
	}
	return string(appendRemoveDotSegments(make([]byte, 0, len(path)), path))
}

// hasDotSegment reports whether some segment of path is "." or "..".
func hasDotSegment(path string) bool {
	for i := 0; i < len(path); {
		j := strings.IndexByte(path[i:], '/')
		if j < 0 {
			j = len(path) - i
		}
		if seg := path[i : i+j]; seg == "." || seg == ".." {
			return true
		}
		i += j + 1
	}
	return false
}

// appendRemoveDotSegments appends path to out with its dot segments removed,
// following the steps of RFC 3986, section 5.2.4 on the input buffer in[i:]
// and the output buffer out[base:]. Each step consumes input, so the loop is
// linear; "removing the last segment" of the output truncates it at its last
// "/".
func appendRemoveDotSegments(out []byte, path string) []byte {
	base := len(out)
	popSegment := func() {
		j := len(out) - 1
		for j >= base && out[j] != '/' {
			j--
		}
		out = out[:max(j, base)]
	}
	for i := 0; i < len(path); {
		in := path[i:]
		switch {
		case strings.HasPrefix(in, "../"): // A
			i += 3
		case strings.HasPrefix(in, "./"): // A
			i += 2
		case strings.HasPrefix(in, "/./"): // B
			i += 2
		case in == "/.": // B: the input becomes "/"
			out = append(out, '/')
			i = len(path)
		case strings.HasPrefix(in, "/../"): // C
			i += 3
			popSegment()
		case in == "/..": // C: the input becomes "/"
			popSegment()
			out = append(out, '/')
			i = len(path)
		case in == "." || in == "..": // D
			i = len(path)
		default: // E: move the first segment, with its leading "/", to the output
			j := strings.IndexByte(in[1:], '/') + 1
			if j == 0 {
				j = len(in)
			}
			out = append(out, in[:j]...)
			i += j
		}
	}
	return out
}

// Standard names the specification whose resolution rules a [Resolver]
// follows. The zero value means RFC 3986.
type Standard uint16

// The specifications a Resolver can follow. RFC 2396 and RFC 1808 are
// obsolete; they are here to reproduce what older software did.
const (
	RFC3986 Standard = 3986 // RFC 3986, section 5.2 (the default)
	RFC2396 Standard = 2396 // RFC 2396, section 5.2 and Appendix C
	RFC1808 Standard = 1808 // RFC 1808, sections 4 and 5
)

// String returns "RFC 3986", "RFC 2396" or "RFC 1808".
func (s Standard) String() string {
	if s == 0 {
		s = RFC3986
	}
	return "RFC " + strconv.Itoa(int(s))
}

// ErrUnknownStandard is returned by a [Resolver] whose Standard is none of
// RFC3986, RFC2396 and RFC1808.
var ErrUnknownStandard = errors.New("uri: unknown resolution standard")

// A Resolver turns references into target URIs against a base URI. Its zero
// value follows RFC 3986 strictly; it is a small value, safe to copy and to
// use from several goroutines.
type Resolver struct {
	// NonStrict makes a reference whose scheme equals the base's (compared
	// without regard to case) count as relative: "http:g" against
	// "http://a/b/c/d;p?q" gives "http://a/b/c/g" instead of "http:g". RFC
	// 3986, section 5.2.2 allows this for backward compatibility only.
	NonStrict bool
	// Standard selects the algorithm: RFC3986 (also the zero value), or the
	// obsolete RFC2396 or RFC1808. The older algorithms keep ".." segments
	// that would climb above the root ("http://a/../g"), leave dot segments
	// of absolute-path references alone, resolve a query-only reference
	// against the base's directory (RFC 2396: "?y" gives "http://a/b/c/?y"),
	// and, in RFC 1808, treat ";params" after the path as their own part.
	Standard Standard
}

// Resolve resolves ref against u as its base, with the strict algorithm of
// RFC 3986, section 5.2. It is Resolver{}.Resolve(u, ref).
func (u URI) Resolve(ref URI) (URI, error) { return Resolver{}.Resolve(u, ref) }

// Resolve transforms ref into its target URI with base as the base URI
// (RFC 3986, section 5.2.2, or the older rules that r.Standard selects).
//
// The base must have a scheme (section 5.1): a relative base is an error
// with cause [ErrMissingScheme], not a guess. The base's fragment is ignored.
// The target keeps the absent/empty distinctions of its parts ("?" alone in
// ref gives an empty query). When the target has no authority and its path
// would begin with "//", the path is prefixed with "/." so that the text does
// not read back as an authority ("foo:/.//bar", not "foo://bar").
//
// The result is built with at most one allocation, and none when it is a
// substring of base or ref.
func (r Resolver) Resolve(base, ref URI) (URI, error) {
	if base.IsRelative() {
		return URI{}, newError(base.s, 0, ComponentScheme, ErrMissingScheme)
	}
	b, rp := base.parts(), ref.parts()
	if r.NonStrict && rp.scheme != "" && strings.EqualFold(rp.scheme, b.scheme) {
		rp.scheme = ""
	}
	switch r.Standard {
	case 0, RFC3986:
		return resolve3986(base, ref, &b, &rp), nil
	case RFC2396:
		return resolve2396(base, ref, &b, &rp), nil
	case RFC1808:
		return resolve1808(base, ref, &b, &rp), nil
	}
	return URI{}, ErrUnknownStandard
}

// dotRule says how a target path's dot segments are removed.
type dotRule uint8

const (
	keepDots   dotRule = iota // the path is used as it is
	removeDots                // RFC 3986, section 5.2.4
	legacyDots                // RFC 2396, section 5.2, step 6 (and RFC 1808, step 6)
)

// resolve3986 is the pseudocode of RFC 3986, section 5.2.2.
func resolve3986(base, ref URI, b, r *parts) URI {
	var t parts
	var dir string // the base path's directory, for a merge (section 5.2.3)
	path, rule := r.path, removeDots
	switch {
	case r.scheme != "":
		if !hasDotSegment(r.path) {
			return ref // the target is ref itself
		}
		t = *r
	case r.auth:
		t = *r
		t.scheme = b.scheme
	default:
		t = *b
		t.query, t.fragment = r.query, r.fragment
		switch {
		case r.path == "":
			path, rule = b.path, keepDots
			if r.query == "" {
				t.query = b.query
				if r.fragment == "" {
					// The target is the base without its fragment.
					return b.uri(base.s[:base.fragStart])
				}
			}
		case r.path[0] == '/':
		default:
			dir = mergeDir(b)
		}
	}
	t.fragment = r.fragment
	return t.buildPath(dir, path, "", rule)
}

// mergeDir returns what section 5.2.3 keeps of the base path when merging:
// "/" for a base with an authority and an empty path, otherwise everything up
// to and including the last "/" (nothing when there is none).
func mergeDir(b *parts) string {
	if b.auth && b.path == "" {
		return "/"
	}
	return b.path[:strings.LastIndexByte(b.path, '/')+1]
}

// resolve2396 is RFC 2396, section 5.2. Where it differs from RFC 3986: a
// reference with an empty path and no scheme, authority or query is the
// current document (the base without its fragment) plus the reference's
// fragment; every other relative-path reference, including a query-only one,
// is merged with the base's directory; dot segments are removed only from
// merged paths, and ".." segments that would climb above the root stay.
func resolve2396(base, ref URI, b, r *parts) URI {
	var t parts
	var dir string
	path, rule := r.path, keepDots
	switch {
	case r.scheme != "":
		t = *r
	case r.auth:
		t = *r
		t.scheme = b.scheme
	case r.path == "" && r.query == "":
		t = *b
		path = b.path
	default:
		t = *b
		t.query = r.query
		if r.path == "" || r.path[0] != '/' {
			// The 3986 merge rule for a base with an authority and an
			// empty path: RFC 2396 leaves that case unsaid.
			dir, rule = mergeDir(b), legacyDots
		}
	}
	t.fragment = r.fragment
	return t.buildPath(dir, path, "", rule)
}

// resolve1808 is RFC 1808, section 4. The path of base and ref is split at
// its first ";" into path and params (section 2.4.5), which resolve on their
// own; an empty reference is the whole base, fragment included; params and
// query are inherited only when the reference's are empty; the base's
// network location is inherited unless the reference's is non-empty.
func resolve1808(base, ref URI, b, r *parts) URI {
	if ref.s == "" {
		return base // step 2a
	}
	if r.scheme != "" {
		return ref // step 2b
	}
	t := *b
	t.query, t.fragment = r.query, r.fragment
	if r.auth && len(r.userinfo)+len(r.host)+len(r.port) > 0 { // step 3
		t.auth, t.userinfo, t.host, t.port, t.kind, t.addr = true, r.userinfo, r.host, r.port, r.kind, r.addr
		return t.buildPath("", r.path, "", keepDots)
	}
	rpath, rparams := splitParams(r.path)
	bpath, bparams := splitParams(b.path)
	switch {
	case rpath != "" && rpath[0] == '/': // step 4
		return t.buildPath("", r.path, "", keepDots)
	case rpath == "": // step 5
		if len(rparams) <= 1 { // empty params: inherit the base's
			if bparams != "" {
				rparams = bparams
			}
			if len(r.query) <= 1 && b.query != "" {
				t.query = b.query
			}
		}
		return t.buildPath("", bpath, rparams, keepDots)
	}
	// step 6
	dir := bpath[:strings.LastIndexByte(bpath, '/')+1]
	if b.auth && bpath == "" {
		dir = "/"
	}
	return t.buildPath(dir, rpath, rparams, legacyDots)
}

// splitParams splits an RFC 1808 path at its first ";": params keeps the ";".
func splitParams(path string) (p, params string) {
	if i := strings.IndexByte(path, ';'); i >= 0 {
		return path[:i], path[i:]
	}
	return path, ""
}

// buildPath makes the URI of t whose path is dir+path with dot segments
// removed by rule, followed by tail as it is. It writes the text once, into
// one allocation.
func (t *parts) buildPath(dir, path, tail string, rule dotRule) URI {
	if rule != keepDots && !hasDotSegment(dir) && !hasDotSegment(path) {
		rule = keepDots
	}
	n := len(t.scheme) + 2 + len(t.userinfo) + len(t.host) + len(t.port) +
		3 + len(dir) + len(path) + len(tail) + len(t.query) + len(t.fragment)
	buf := make([]byte, 0, n)
	buf = append(buf, t.scheme...)
	if t.auth {
		buf = append(buf, "//"...)
		buf = append(buf, t.userinfo...)
		buf = append(buf, t.host...)
		buf = append(buf, t.port...)
	}
	start := len(buf)
	switch {
	case rule == keepDots:
		buf = append(buf, dir...)
		buf = append(buf, path...)
	default:
		in := path
		if dir != "" {
			// The merged path must be one input for the dot removal;
			// build it on the stack when it is small.
			var tmp [256]byte
			merged := append(append(tmp[:0], dir...), path...)
			in = unsafe.String(unsafe.SliceData(merged), len(merged))
		}
		if rule == legacyDots {
			buf = appendRemoveDotSegmentsLegacy(buf, in)
		} else {
			buf = appendRemoveDotSegments(buf, in)
		}
	}
	buf = append(buf, tail...)
	if t.auth && len(buf) > start && buf[start] != '/' {
		// RFC 3986, section 3.3: beside an authority a path is empty or
		// begins with "/". Only RFC 1808 params on the empty path of a
		// base like "http://a" get here; 1808 keeps that slash apart.
		buf = append(buf, 0)
		copy(buf[start+1:], buf[start:len(buf)-1])
		buf[start] = '/'
	}
	if !t.auth && len(buf)-start >= 2 && buf[start] == '/' && buf[start+1] == '/' {
		// RFC 3986, section 3.3: without an authority a path cannot
		// begin with "//". "/." keeps the same path after dot removal.
		buf = append(buf, "/."...)
		copy(buf[start+2:], buf[start:len(buf)-2])
		buf[start], buf[start+1] = '/', '.'
	}
	end := len(buf)
	buf = append(buf, t.query...)
	buf = append(buf, t.fragment...)
	s := unsafe.String(unsafe.SliceData(buf), len(buf))
	t.path = s[start:end]
	return t.uri(s)
}

// appendRemoveDotSegmentsLegacy is step 6 of RFC 2396, section 5.2 (and of
// RFC 1808, section 4) on a merged path: every "." segment goes, leaving a
// trailing "/" where it was last; each ".." removes the segment before it
// unless that is "..", or the root of an absolute path; ".." segments with
// nothing left to remove stay. out[base:] holds the kept segments joined by
// "/"; n counts them.
func appendRemoveDotSegmentsLegacy(out []byte, path string) []byte {
	base := len(out)
	abs := len(path) > 0 && path[0] == '/'
	n := 0
	push := func(seg string) {
		if n > 0 {
			out = append(out, '/')
		}
		out = append(out, seg...)
		n++
	}
	for i := 0; i <= len(path); {
		j := strings.IndexByte(path[i:], '/')
		last := j < 0
		if last {
			j = len(path) - i
		}
		seg := path[i : i+j]
		i += j + 1
		switch {
		case seg == ".":
			if last {
				push("")
			}
		case seg == ".." && n > 0 && !(abs && n == 1) && !lastSegmentIs(out[base:], ".."):
			k := len(out) - 1
			for k >= base && out[k] != '/' {
				k--
			}
			out = out[:max(k, base)]
			n--
			if last {
				push("")
			}
		default:
			push(seg)
		}
	}
	return out
}

func lastSegmentIs(b []byte, seg string) bool {
	return len(b) >= len(seg) && string(b[len(b)-len(seg):]) == seg &&
		(len(b) == len(seg) || b[len(b)-len(seg)-1] == '/')
}
