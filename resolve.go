package uri

import "strings"

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
