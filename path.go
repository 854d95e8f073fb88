package uri

import "strings"

// Path algorithms (RFC 3986, sections 3.3, 5.2.3 and 5.2.4), shared by
// resolution, relativization and normalization: each concept has one
// function here.

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

// hasDotSegment reports whether some segment of p is "." or "..". It scans
// for "." rather than for "/": paths have fewer dots than slashes, and a dot
// segment begins with a dot that begins p or follows a "/".
func hasDotSegment(p string) bool {
	for i := 0; ; i++ {
		j := strings.IndexByte(p[i:], '.')
		if j < 0 {
			return false
		}
		i += j
		if i > 0 && p[i-1] != '/' {
			continue
		}
		if i+1 < len(p) && p[i+1] == '.' {
			i++ // ".." so far
		}
		if i+1 == len(p) || p[i+1] == '/' {
			return true
		}
	}
}

// hasEncodedDotSegment reports whether some segment of p is "." or ".."
// once its percent-encoded unreserved characters are decoded, and holds a
// "%", such as "%2E" or ".%2e" (section 2.3 makes "%2E" a ".").
func hasEncodedDotSegment(p string) bool {
	for i := strings.IndexByte(p, '%'); i >= 0; {
		// The segment around the "%" at i.
		s := strings.LastIndexByte(p[:i], '/') + 1
		e := strings.IndexByte(p[i:], '/')
		if e < 0 {
			e = len(p)
		} else {
			e += i
		}
		if isDots(p[s:e]) {
			return true
		}
		j := strings.IndexByte(p[e:], '%')
		if j < 0 {
			return false
		}
		i = e + j
	}
	return false
}

// isDots reports whether seg, made of "." and "%2E" in either case, stands
// for "." or "..".
func isDots(seg string) bool {
	n := 0
	for i := 0; i < len(seg); i++ {
		switch {
		case seg[i] == '.':
		case seg[i] == '%' && i+2 < len(seg) && seg[i+1] == '2' && seg[i+2]|0x20 == 'e':
			i += 2
		default:
			return false
		}
		n++
	}
	return n == 1 || n == 2
}

// appendRemoveDotSegments appends path to out with its dot segments removed
// (RFC 3986, section 5.2.4). Rules 2A and 2D apply only while the input does
// not begin with "/", that is before anything is output; rule 2E then moves
// a rootless first segment; from there on the input begins with "/" and
// appendSlashSegments does the rest.
func appendRemoveDotSegments(out []byte, path string) []byte {
	base := len(out)
	for { // 2A
		if strings.HasPrefix(path, "../") {
			path = path[3:]
		} else if strings.HasPrefix(path, "./") {
			path = path[2:]
		} else {
			break
		}
	}
	if path == "" || path == "." || path == ".." { // 2D
		return out
	}
	if path[0] != '/' { // 2E on a rootless first segment
		j := strings.IndexByte(path, '/')
		if j < 0 {
			return append(out, path...)
		}
		out = append(out, path[:j]...)
		path = path[j:]
	}
	return appendSlashSegments(out, base, path[1:])
}

// appendSlashSegments is section 5.2.4, step 2 on the input "/"+p, with the
// output buffer out[base:]: each segment is one step, so the loop is
// linear. "/." and "/.." are 2B and 2C: a final one leaves "/" as the input,
// which 2E moves to the output.
func appendSlashSegments(out []byte, base int, p string) []byte {
	for {
		// Segments are short: a loop beats a call to IndexByte here.
		j := 0
		for j < len(p) && p[j] != '/' {
			j++
		}
		seg, last := p[:j], j == len(p)
		switch seg {
		case ".": // 2B
		case "..": // 2C
			out = popSegment(out, base)
		default: // 2E
			out = append(out, '/')
			out = append(out, seg...)
			if last {
				return out
			}
		}
		if last {
			return append(out, '/')
		}
		p = p[j+1:]
	}
}

// appendMerge appends the merge of a base directory dir and a reference path
// (section 5.2.3: dir is mergeDir's) with its dot segments removed (5.2.4),
// without writing dir+path anywhere first. The dot removal of dir leaves
// either nothing (dir was only "./" and "../", which rule 2A drops) or a
// text that ends with the "/" that path follows: the input is then "/"+path.
func appendMerge(out []byte, dir, path string) []byte {
	start := len(out)
	if hasDotSegment(dir) {
		out = appendRemoveDotSegments(out, dir)
	} else {
		out = append(out, dir...)
	}
	if len(out) == start {
		return appendRemoveDotSegments(out, path)
	}
	return appendSlashSegments(out[:len(out)-1], start, path)
}

// appendMergeLegacy is appendMerge by RFC 2396, section 5.2, step 6 (and
// RFC 1808, section 4, step 6), on the segments of dir+path: every "."
// segment goes, leaving a trailing "/" where it was last; each ".." removes
// the segment before it unless that is "..", or the root of an absolute
// path; ".." segments with nothing left to remove stay. out[base:] holds the
// kept segments joined by "/"; n counts them. dir ends with "/" or is empty,
// so its segments are those of dir without that "/".
func appendMergeLegacy(out []byte, dir, path string) []byte {
	base := len(out)
	abs := strings.HasPrefix(dir, "/") || dir == "" && strings.HasPrefix(path, "/")
	n := 0
	push := func(seg string) {
		if n > 0 {
			out = append(out, '/')
		}
		out = append(out, seg...)
		n++
	}
	segments := func(p string, final bool) {
		for i := 0; i <= len(p); {
			j := strings.IndexByte(p[i:], '/')
			last := j < 0
			if last {
				j = len(p) - i
			}
			seg := p[i : i+j]
			i += j + 1
			last = last && final
			switch {
			case seg == ".":
				if last {
					push("")
				}
			case seg == ".." && n > 0 && !(abs && n == 1) && string(out[lastSlash(out, base)+1:]) != "..":
				out = popSegment(out, base)
				n--
				if last {
					push("")
				}
			default:
				push(seg)
			}
		}
	}
	if dir != "" {
		segments(dir[:len(dir)-1], false)
	}
	segments(path, true)
	return out
}

// relativeUps walks the segments of a relative path p as remove_dot_segments
// would after a base directory (section 5.2.4): a segment goes one level
// down, ".." one up, "." nowhere. It returns how many levels p climbs above
// its start (ups), and the index in p just past the last segment at which it
// is that high, from where on p stays below.
func relativeUps(p string) (ups, i int) {
	depth, low := 0, 0
	for pos := 0; ; {
		end := strings.IndexByte(p[pos:], '/')
		if end < 0 {
			end = len(p)
		} else {
			end += pos
		}
		switch p[pos:end] {
		case ".":
		case "..":
			depth--
		default:
			depth++
		}
		if depth <= low {
			low, i = depth, end
		}
		if end == len(p) {
			return -low, i
		}
		pos = end + 1
	}
}

// mergeDir returns what section 5.2.3 keeps of a base path when merging: "/"
// when the base has an authority and an empty path, otherwise everything up
// to and including the last "/" (nothing when there is none).
func mergeDir(path string, auth bool) string {
	if path == "" && auth {
		return "/"
	}
	return path[:strings.LastIndexByte(path, '/')+1]
}

// lastSegment returns what follows the last "/" of p, or p.
func lastSegment(p string) string { return p[strings.LastIndexByte(p, '/')+1:] }

// lastSlash returns the index of the last "/" in b at or after start, or
// start-1 if there is none.
func lastSlash(b []byte, start int) int {
	i := len(b) - 1
	for i >= start && b[i] != '/' {
		i--
	}
	return i
}

// popSegment removes the last segment of the output buffer out[base:], with
// the "/" before it if any ("removing the last segment and its preceding
// "/"", section 5.2.4, step 2C).
func popSegment(out []byte, base int) []byte {
	return out[:max(lastSlash(out, base), base)]
}

// needsDotPrefix reports whether a relative path, after its leading "../"
// segments if any, must be written after "./": when it is empty (an empty
// path means the current document, not its directory), when it begins with
// an empty segment (it would be absolute), or when its first segment holds
// ":" (it would read as a scheme, section 4.2).
func needsDotPrefix[S ~string | ~[]byte](r S) bool {
	if len(r) == 0 || r[0] == '/' {
		return true
	}
	for i := 0; i < len(r) && r[i] != '/'; i++ {
		if r[i] == ':' {
			return true
		}
	}
	return false
}

// needsGuard reports whether a path without authority needs "/." in front:
// section 3.3 does not let it begin with "//", which would read as an
// authority. "/." keeps the same path after dot removal ("foo:/.//bar").
func needsGuard[S ~string | ~[]byte](p S) bool {
	return len(p) >= 2 && p[0] == '/' && p[1] == '/'
}

// unguard returns the path without authority p without the "/." that
// needsGuard asked for, if it has one.
func unguard(p string) string {
	if strings.HasPrefix(p, "/.//") {
		return p[2:]
	}
	return p
}

// guard puts "/." in front of the path without authority b[start:] if it
// needs it.
func guard(b []byte, start int) []byte {
	if needsGuard(b[start:]) {
		return insert(b, start, "/.")
	}
	return b
}

// insert inserts s into b at i.
func insert(b []byte, i int, s string) []byte {
	b = append(b, s...)
	copy(b[i+len(s):], b[i:])
	copy(b[i:], s)
	return b
}
