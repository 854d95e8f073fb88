package uri

import "strings"

// Relative returns the shortest reference that resolves, against u as the
// base, to the same URI as target does: u.Resolve(u.Relative(target)) equals
// u.Resolve(target) (with the strict rules of RFC 3986, section 5.2). It is
// the inverse of resolution, for writing links that stay valid when a whole
// tree moves.
//
// The result keeps what the grammar needs to read back the same way: "./"
// before a first segment with a ":" (section 4.2) or before a path that
// begins with "/", "." for the base's own directory, a network-path
// reference ("//host/...") when the authority differs, and the target whole
// when the scheme differs or when no relative form can give its path. Like
// Resolve, it needs a base with a scheme and ignores the base's fragment.
func (u URI) Relative(target URI) (URI, error) {
	t := target
	if u.IsRelative() || t.IsRelative() || hasDotSegment(t.pathText()) {
		// Otherwise the target is its own resolution (RFC 3986, section
		// 5.2.2: a scheme, and remove_dot_segments leaves the path as
		// it is), and resolving would only copy it.
		var err error
		if t, err = u.Resolve(target); err != nil {
			return URI{}, err
		}
	}
	b := &u
	if t.schemeText() != b.schemeText() {
		return t, nil
	}
	if t.authorityText() != b.authorityText() {
		if !t.HasAuthority() {
			return t, nil // a reference without scheme would inherit the authority
		}
		return t.withoutScheme(), nil
	}
	path, query, fragment := t.pathText(), t.queryText(), t.fragmentText()
	if path == b.pathText() {
		if query == b.queryText() {
			return t.tail(int(t.fragStart)), nil // "" or "#fragment"
		}
		if query != "" {
			return t.tail(int(t.queryStart)), nil
		}
		// The target drops the base's query: only a path can say so.
	}
	// What a merge keeps of the base path, as dot removal leaves it: a
	// reference path is appended to this (RFC 3986, 5.2.3 and 5.2.4).
	dir := RemoveDotSegments(mergeDir(b.pathText(), b.authorityText() != ""))
	if path == "" {
		switch {
		case t.HasAuthority():
			// A merge with an authority gives at least "/" (5.2.3).
			return t.withoutScheme(), nil
		case dir == "":
			// The base path has no "/": "." merges to "." and dot
			// removal empties it.
			return relativeRef(".", query, fragment), nil
		}
		return t, nil
	}

	// Candidates, shortest wins: a relative path from the base's
	// directory, an absolute path, a network path, the target whole.
	best, kind := len(t.s), 0 // 0 network path or whole, 1 absolute path, 2 relative path
	if t.HasAuthority() {
		best -= int(t.schemeEnd)
	}
	if path[0] == '/' {
		n := len(t.s) - int(t.pathStart)
		if needsGuard(path) {
			n += 2 // "/." keeps "//" from reading as an authority
		}
		if n < best {
			best, kind = n, 1
		}
	}
	real := path
	if !t.HasAuthority() {
		real = unguard(path) // resolution puts the guard back
	}
	ups, rest, ok := relativePath(dir, real)
	if ok {
		if n := relativeLen(ups, rest) + len(query) + len(fragment); n <= best {
			best, kind = n, 2
		}
	}
	switch kind {
	case 1:
		if needsGuard(path) {
			return relativeRef("/."+path, query, fragment), nil
		}
		return t.tail(int(t.pathStart)), nil
	case 2:
		var w strings.Builder
		w.Grow(best)
		writeRelativePath(&w, ups, rest)
		n := w.Len()
		w.WriteString(query)
		w.WriteString(fragment)
		return pathOnly(w.String(), n, n+len(query)), nil
	}
	if t.HasAuthority() {
		return t.withoutScheme(), nil
	}
	return t, nil
}

// withoutScheme returns u as a network-path reference: "//authority/path?query#frag".
func (u URI) withoutScheme() URI {
	d := int(u.schemeEnd)
	u.replace(u.s[d:], iScheme, -d)
	return u
}

// pathOnly returns the relative reference without authority s, whose query
// and fragment begin at queryStart and fragStart.
func pathOnly(s string, queryStart, fragStart int) (u URI) {
	u.s = s
	u.endPath(queryStart)
	u.endQuery(fragStart)
	return u
}

// tail returns the relative reference that is u's text from i, a component
// boundary at or after the path's start.
func (u URI) tail(i int) URI {
	return pathOnly(u.s[i:], int(u.queryStart)-min(i, int(u.queryStart)), int(u.fragStart)-i)
}

// relativeRef makes a relative reference without authority from texts that
// are known to be valid: a path, and a query and fragment with delimiters.
func relativeRef(path, query, fragment string) URI {
	s := path
	if query != "" || fragment != "" {
		s = path + query + fragment
	}
	return pathOnly(s, len(path), len(path)+len(query))
}

// relativePath finds how to reach path from the directory dir (a merge
// prefix without dot segments: empty or ending in "/"): climb ups levels
// with "..", then descend by rest. ok is false when the two have no first
// segment in common: an absolute dir can't reach a rootless path, and
// climbing out of a rootless dir's first segment makes the path absolute
// (section 5.2.4, step 2C).
func relativePath(dir, path string) (ups int, rest string, ok bool) {
	if strings.HasPrefix(path, dir) {
		return 0, path[len(dir):], true
	}
	// The longest common prefix that ends with "/": whole segments.
	c := 0
	for c < len(dir) && c < len(path) && dir[c] == path[c] {
		c++
	}
	c = strings.LastIndexByte(dir[:c], '/') + 1
	if c == 0 {
		return 0, "", false
	}
	return strings.Count(dir[c:], "/"), path[c:], true
}

func relativeLen(ups int, rest string) int {
	switch {
	case ups > 0 && rest == "":
		return 3*ups - 1 // "../.."
	case ups > 0:
		return 3*ups + len(rest)
	case rest == "":
		return 1 // "."
	case needsDotPrefix(rest):
		return 2 + len(rest)
	}
	return len(rest)
}

// writeRelativePath writes the path that relativeLen measures.
func writeRelativePath(w *strings.Builder, ups int, rest string) {
	switch {
	case ups > 0:
		for i := 1; i < ups; i++ {
			w.WriteString("../")
		}
		if rest == "" {
			w.WriteString("..") // a final ".." keeps its "/" when resolved
			return
		}
		w.WriteString("../")
	case rest == "":
		w.WriteByte('.')
		return
	case needsDotPrefix(rest):
		w.WriteString("./")
	}
	w.WriteString(rest)
}
