package uri

import (
	"strconv"
	"strings"
)

// Standard names the specification whose resolution rules a [Resolver]
// follows. The zero value means RFC 3986.
type Standard uint16

// The specifications a Resolver can follow. RFC 2396 and RFC 1808 are
// obsolete; they are here to reproduce what older software did.
const (
	// RFC3986 follows RFC 3986, section 5.2; it is the default.
	RFC3986 Standard = 3986
	// RFC2396 follows RFC 2396, section 5.2 and Appendix C.
	RFC2396 Standard = 2396
	// RFC1808 follows RFC 1808, sections 4 and 5.
	RFC1808 Standard = 1808
)

// String returns "RFC 3986", "RFC 2396" or "RFC 1808".
func (s Standard) String() string {
	if s == 0 {
		s = RFC3986
	}
	return "RFC " + strconv.Itoa(int(s))
}

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
//
// It is inlined, so that the target is written in place in the caller's
// frame, with one call (kasztp, a sibling "gx": 869 -> 825 instructions a
// resolution, against a call of Resolver.Resolve that returned its copy).
func (u URI) Resolve(ref URI) (t URI, err error) {
	if e := resolve(&t, &u, &ref, Resolver{}); e != nil {
		return URI{}, e
	}
	return
}

// Resolve transforms ref into its target URI with base as the base URI
// (RFC 3986, section 5.2.2, or the older rules that r.Standard selects).
//
// The base must have a scheme (section 5.1): a relative base is an error
// with cause [ErrMissingScheme], not a guess. The base's fragment is ignored.
// The target keeps the absent/empty distinctions of its components ("?"
// alone in ref gives an empty query). When the target has no authority and
// its path would begin with "//", the path is prefixed with "/." so that the
// text does not read back as an authority ("foo:/.//bar", not "foo://bar").
//
// The result is built with at most one allocation, and none when it is a
// substring of base or ref. Its components are copied, not parsed again.
func (r Resolver) Resolve(base, ref URI) (t URI, err error) {
	if e := resolve(&t, &base, &ref, r); e != nil {
		return URI{}, e
	}
	return
}

// resolve is Resolver.Resolve, writing the target into *out. The target is
// written in place through every call: a URI, even of 48 bytes, is large
// enough that returning it up each level costs time (returned: 1223 -> 1283
// instructions a resolution of ../g?y#s on kasztp, callgrind).
func resolve(out, base, ref *URI, r Resolver) *Error {
	if base.IsRelative() {
		return newError(base.s, 0, ComponentScheme, ErrMissingScheme)
	}
	// 5.2.2: a non-strict parser may ignore a scheme in the reference if
	// it is identical to the base URI's scheme.
	refScheme := ref.schemeEnd > 0 &&
		!(r.NonStrict && strings.EqualFold(ref.Scheme(), base.Scheme()))
	switch r.Standard {
	case 0, RFC3986:
		return resolve3986(out, base, ref, refScheme)
	case RFC2396:
		return resolve2396(out, base, ref, refScheme)
	case RFC1808:
		return resolve1808(out, base, ref, refScheme)
	}
	return &Error{Input: strconv.Itoa(int(r.Standard)), Err: ErrUnknownStandard}
}

// dotRule says how a target path's dot segments are removed.
type dotRule uint8

const (
	keepDots   dotRule = iota // the path is used as it is
	removeDots                // RFC 3986, section 5.2.4
	legacyDots                // RFC 2396, section 5.2, step 6 (and RFC 1808, step 6)
)

// target describes a resolution's result by where its components come
// from: the scheme's text, the URI whose authority it takes (nil for none),
// and the texts of path, query and fragment, each with its delimiter. The
// path is dir+path with dot segments removed by rule, then tail as it is.
type target struct {
	scheme          string
	auth            *URI
	dir, path, tail string
	query, fragment string
	rule            dotRule
}

// inherited returns the scheme and the authority (nil for none) that a
// reference without either takes from base. (A function, not a method on
// target: a store through a pointer would make base escape.)
func inherited(base *URI) (scheme string, auth *URI) {
	if base.authorityText() != "" {
		return base.schemeText(), base
	}
	return base.schemeText(), nil
}

// Component texts of u with their delimiters, as resolution moves them
// ("//" for an authority, even an empty one: "" means none).
// They take a pointer: a value receiver would copy the URI first.
func (u *URI) schemeText() string    { return u.s[:u.schemeEnd] }
func (u *URI) authorityText() string { return u.s[u.schemeEnd:u.pathStart] }
func (u *URI) pathText() string      { return u.s[u.pathStart:u.queryStart] }
func (u *URI) queryText() string     { return u.s[u.queryStart:u.fragStart] }
func (u *URI) fragmentText() string  { return u.s[u.fragStart:] }

// resolve3986 is the pseudocode of RFC 3986, section 5.2.2. Its only error
// is a target longer than MaxTextLength.
func resolve3986(out, base, ref *URI, refScheme bool) *Error {
	// Field by field, not a composite literal: that is built aside and
	// copied, with a store-forwarding stall.
	var t target
	t.rule = removeDots
	t.path, t.query, t.fragment = ref.pathText(), ref.queryText(), ref.fragmentText()
	switch {
	case refScheme:
		if !hasDotSegment(t.path) {
			*out = *ref // the target is ref itself
			return nil
		}
		t.scheme = ref.schemeText()
		if ref.authorityText() != "" {
			t.auth = ref
		}
	case ref.authorityText() != "":
		if !hasDotSegment(t.path) {
			// The target is ref under base's scheme: one
			// concatenation, ref's offsets moved by the scheme.
			if uint(len(base.schemeText())+len(ref.s)-int(ref.schemeEnd)) > MaxTextLength {
				return errTextTooLong()
			}
			*out = *ref
			out.replace(base.schemeText()+ref.s[ref.schemeEnd:], iScheme, int(base.schemeEnd)-int(ref.schemeEnd))
			return nil
		}
		t.scheme, t.auth = base.schemeText(), ref
	default:
		// The reference has no authority (and no scheme, or one that a
		// non-strict resolution ignores), so its text after the scheme
		// is path, query and fragment, and in the common cases the target
		// is a prefix of base's text followed by a suffix of ref's:
		// spliced in two copies, not written component by component
		// (kasztp, a sibling "gx": 996 -> 869 instructions a resolution).
		switch {
		case t.path == "":
			if t.query == "" {
				if t.fragment == "" {
					// The target is the base without its fragment,
					// whose layout is the base's.
					*out = *base
					out.s = base.s[:base.fragStart]
					return nil
				}
				// Base's path and query, ref's fragment.
				return splice(out, base, int(base.fragStart), ref, 0)
			}
			// Base's path, ref's query and fragment.
			return splice(out, base, int(base.queryStart), ref, 0)
		case t.path[0] == '/':
			if !hasDotSegment(t.path) {
				return splice(out, base, int(base.pathStart), ref, 0)
			}
		case base.pathStart < base.queryStart:
			// 5.2.3: the merge keeps base's path up to its last "/".
			dir := base.pathText()
			dir = dir[:strings.LastIndexByte(dir, '/')+1]
			if k, dir, ok := climb(dir, t.path); ok {
				return splice(out, base, int(base.pathStart)+len(dir), ref, k)
			}
		}
		// A path with dot segments to remove, or a merge with an empty
		// base path (5.2.3's "/"), in the general way.
		t.scheme, t.auth = inherited(base)
		if t.path[0] != '/' {
			t.dir = mergeDir(base.pathText(), base.authorityText() != "")
		}
	}
	return t.build(out)
}

// climb removes the dot segments of dir+path (sections 5.2.3, 5.2.4) for a
// relative-path reference whose result is dir, shortened, followed by a
// suffix of path: dir is the part of an absolute base path that the merge
// keeps, without dot segments, and the segments of path are read in order.
// A "." goes (step 2A, 2B, 2D) and a ".." takes off the last segment (2C):
// dir's when none of path is kept yet, or the one segment of path kept
// since (then neither it nor the ".." is in the result). climb returns k,
// where the kept suffix of path begins, and dir shortened; ok is false
// when the result is not of that form ("." after a kept segment, ".." after
// two, a rootless or empty dir, where 2C leaves a "/": "a/../c" gives "/c")
// or when the suffix begins with "/", which the "/." guard may concern:
// the general merge does those.
func climb(dir, path string) (k int, d string, ok bool) {
	if dir == "" || dir[0] != '/' || hasDotSegment(dir) {
		return 0, dir, false
	}
	kept := 0 // segments of path[k:] so far
	for j := 0; j < len(path); {
		e := j
		for e < len(path) && path[e] != '/' {
			e++
		}
		seg, next := path[j:e], min(e+1, len(path))
		switch {
		case seg == "..":
			switch kept {
			case 0:
				if len(dir) > 1 { // the root stays
					dir = dir[:strings.LastIndexByte(dir[:len(dir)-1], '/')+1]
				}
			case 1:
				kept = 0
			default:
				return 0, dir, false
			}
			k = next
		case seg == ".":
			if kept > 0 {
				return 0, dir, false
			}
			k = next
		default:
			kept++
		}
		j = next
	}
	if k < len(path) && path[k] == '/' {
		return 0, dir, false
	}
	return k, dir, true
}

// splice makes *out the target base.s[:h] + what follows the first k bytes
// of ref's path, for a reference with no authority (and no scheme, or one
// that a non-strict resolution ignores): base's scheme and authority, then
// the path from h on, which is base's path and query (h at base's query
// end: ref is then a fragment) or begins a path that goes on in ref's (h
// within base's path), and ref's query and fragment.
func splice(out, base *URI, h int, ref *URI, k int) *Error {
	k += int(ref.pathStart)
	head, tail := base.s[:h], ref.s[k:]
	if uint(len(head)+len(tail)) > MaxTextLength {
		return errTextTooLong()
	}
	var o offsets
	o.endScheme(int(base.schemeEnd))
	o.endUserinfo(int(base.hostStart))
	o.endHost(int(base.hostEnd), base.kind)
	o.endAuthority(int(base.pathStart))
	o.endPath(min(h, int(base.queryStart)) + int(ref.queryStart) - k)
	o.endQuery(h + int(ref.fragStart) - k)
	buf := make([]byte, 0, len(head)+len(tail))
	buf = append(buf, head...)
	buf = append(buf, tail...)
	return out.set(buf, &o)
}

// resolve2396 is RFC 2396, section 5.2. Where it differs from RFC 3986: a
// reference with an empty path and no scheme, authority or query is the
// current document (the base without its fragment) plus the reference's
// fragment; every other relative-path reference, including a query-only one,
// is merged with the base's directory; dot segments are removed only from
// merged paths, and ".." segments that would climb above the root stay.
func resolve2396(out, base, ref *URI, refScheme bool) *Error {
	t := target{path: ref.pathText(), query: ref.queryText(), fragment: ref.fragmentText()}
	switch {
	case refScheme:
		*out = *ref
		return nil
	case ref.authorityText() != "":
		t.scheme, t.auth = base.schemeText(), ref
	default:
		t.scheme, t.auth = inherited(base)
		switch {
		case t.path == "" && t.query == "":
			t.path, t.query = base.pathText(), base.queryText()
		case t.path == "" || t.path[0] != '/':
			// The 3986 merge rule covers a base with an authority and
			// an empty path, which RFC 2396 leaves unsaid.
			t.dir, t.rule = mergeDir(base.pathText(), base.authorityText() != ""), legacyDots
		}
	}
	return t.build(out)
}

// resolve1808 is RFC 1808, section 4. The path of base and ref is split at
// its first ";" into path and params (section 2.4.5), which resolve on their
// own; an empty reference is the whole base, fragment included; params and
// query are inherited only when the reference's are empty; the base's
// network location is inherited unless the reference's is non-empty.
func resolve1808(out, base, ref *URI, refScheme bool) *Error {
	if ref.s == "" {
		*out = *base // step 2a
		return nil
	}
	if refScheme {
		*out = *ref // step 2b
		return nil
	}
	t := target{query: ref.queryText(), fragment: ref.fragmentText()}
	if ref.HasAuthority() && ref.Authority() != "" { // step 3
		t.scheme, t.auth, t.path = base.schemeText(), ref, ref.pathText()
		return t.build(out)
	}
	t.scheme, t.auth = inherited(base)
	rpath, rparams := splitParams(ref.pathText())
	bpath, bparams := splitParams(base.pathText())
	switch {
	case rpath != "" && rpath[0] == '/': // step 4
		t.path, t.tail = rpath, rparams
	case rpath == "": // step 5
		t.path, t.tail = bpath, rparams
		if len(rparams) <= 1 { // empty params: inherit the base's
			if bparams != "" {
				t.tail = bparams
			}
			if len(t.query) <= 1 && base.HasQuery() {
				t.query = base.queryText()
			}
		}
	default: // step 6
		t.dir, t.path, t.tail, t.rule = mergeDir(bpath, base.authorityText() != ""), rpath, rparams, legacyDots
	}
	return t.build(out)
}

// splitParams splits an RFC 1808 path at its first ";": params keeps the ";".
func splitParams(path string) (p, params string) {
	if i := strings.IndexByte(path, ';'); i >= 0 {
		return path[:i], path[i:]
	}
	return path, ""
}

// build writes the target's text once, into one allocation, with a writer
// that marks its layout as the pieces go in. Its only error is a target
// longer than MaxTextLength, found before anything is written.
func (t *target) build(out *URI) *Error {
	// The path first: when it has dot segments, appendMerge looks at the
	// directory itself.
	if t.rule != keepDots && !hasDotSegment(t.path) && !hasDotSegment(t.dir) {
		t.rule = keepDots
	}
	slack := 2 // room for the "/." guard
	a := t.auth
	authLen := 0
	if a != nil {
		authLen = int(a.pathStart - a.schemeEnd)
		slack = min(len(t.tail), 1) // room for the "/" before RFC 1808 params
	}
	n := len(t.scheme) + authLen + len(t.dir) + len(t.path) + len(t.tail) + len(t.query) + len(t.fragment) + slack
	if uint(n-slack) > MaxTextLength {
		return errTextTooLong()
	}
	// buf is not written again once done: it becomes the text without a
	// copy. string(buf) would copy it into a second allocation, which
	// costs 20-37 % more CPU per resolution and twice the bytes
	// (BenchmarkResolve, node and kasztp lists); strings.Builder cannot
	// do the in-place edits below (dot removal, the "/." guard).
	// The writer's marks on a local layout, and the text in a local
	// slice: appends through a writer struct kept it in memory, 93
	// instructions a resolution more (callgrind).
	var o offsets
	buf := make([]byte, 0, n)
	buf = append(buf, t.scheme...)
	o.endScheme(len(buf))
	if a != nil {
		// The authority in one copy, its marks moved from a's text.
		at := len(buf) - int(a.schemeEnd)
		buf = append(buf, a.s[a.schemeEnd:a.pathStart]...)
		o.endUserinfo(at + int(a.hostStart))
		o.endHost(at+int(a.hostEnd), a.kind)
		o.endAuthority(len(buf))
	}
	start := len(buf)
	switch t.rule {
	case keepDots:
		buf = append(buf, t.dir...)
		buf = append(buf, t.path...)
	case legacyDots:
		buf = appendMergeLegacy(buf, t.dir, t.path)
	default:
		buf = appendMerge(buf, t.dir, t.path)
	}
	buf = append(buf, t.tail...)
	if a != nil && len(buf) > start && buf[start] != '/' {
		// RFC 3986, section 3.3: beside an authority a path is empty or
		// begins with "/". Only RFC 1808 params on the empty path of a
		// base like "http://a" get here; 1808 keeps that slash apart.
		buf = insert(buf, start, "/")
	}
	if a == nil {
		buf = guard(buf, start)
	}
	o.endPath(len(buf))
	buf = append(buf, t.query...)
	o.endQuery(len(buf))
	buf = append(buf, t.fragment...)
	return out.set(buf, &o)
}
