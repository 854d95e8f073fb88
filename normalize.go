package uri

import (
	"errors"
	"slices"
	"strconv"
	"strings"
)

// Normalization and comparison (RFC 3986, section 6).
//
// Normalizing is done in two passes. The first, isNormal, only reads: when the
// reference is already in normal form (the common case for stored or
// generated URIs), Normalize returns it as it is, with no allocation. The
// second, appendNormal, writes the normal form into a buffer on the stack and
// records each component's end, so the result is one string allocation and a
// URI whose offsets come from those lengths, not from parsing again. The two
// passes must agree exactly: isNormal(u) must hold if and only if
// appendNormal(u) gives back u's text. The fuzz test checks that both ways.
// The mirror is worth its upkeep: on URIs already in normal form (the normal
// forms of the URL lists), Normalize takes 57-102 ns and no allocation with
// the check, 171-229 ns and one allocation without it, 2.2x to 3x
// (BenchmarkNormalizeNormal, 6 interleaved rounds).

// NormalizeFlags selects normalizations to apply on top of the RFC's own
// (sections 6.2.2 and 6.2.3), for a [Normalizer]. The zero value selects
// none. Each flag says whether it is safe by the RFC, that is, whether every
// URI it makes equal is equivalent by RFC 3986, or whether it may make equal
// two URIs that identify different resources. The unsafe ones are the
// protocol-based rung of the comparison ladder (section 6.2.4): what web
// crawlers and caches do to find duplicates, at some risk of false positives.
type NormalizeFlags uint16

const (
	// SyntaxOnly stops at syntax-based normalization (RFC 3986, section
	// 6.2.2): case, percent-encoding and dot segments. The port and an empty
	// path are kept as written and the scheme table is not used. RFC-safe: it
	// only does less, one rung lower on the ladder.
	SyntaxOnly NormalizeFlags = 1 << iota

	// DropEmptyQuery removes a "?" with nothing after it. May change the
	// resource: section 6.2.3 says "http://example.com/?" cannot be assumed
	// equivalent to "http://example.com/" unless the scheme says so.
	DropEmptyQuery

	// DropEmptyFragment removes a "#" with nothing after it. May change the
	// resource: section 6.2.3 says two URIs that differ only by a final "#"
	// are different, whatever the scheme.
	DropEmptyFragment

	// DropFragment removes the fragment. Section 6.1 advises it when URIs are
	// compared to select a network action (retrieval, caching), since the
	// fragment is not sent; but the fragment does identify a secondary
	// resource, so the result may identify a different one.
	DropFragment

	// SortQuery sorts the query's "&"-separated parameters by name (the text
	// before the first "="), keeping the order of parameters that share a
	// name. May change the resource: the query's structure is the server's
	// business, and some servers read parameters in order.
	SortQuery

	// DropTrailingSlash removes the "/" at the end of the path ("/a/b/"
	// becomes "/a/b"), except the one of a path that is just "/", and in a
	// relative reference the one that ends a "./" or "../". May change the
	// resource: the two are different URIs that many servers redirect one to
	// the other (section 6.2.4).
	DropTrailingSlash

	// DropDirectoryIndex removes a last path segment that names a directory
	// index page, keeping the "/" before it: "index" or "default" followed
	// by ".html", ".htm", ".shtml", ".php", ".asp", ".aspx" or ".jsp", in
	// any ASCII case ("Index.HTML"). May change the resource: it is a
	// server convention, not a rule.
	DropDirectoryIndex

	// DecodeSafe decodes, besides the unreserved characters, the
	// percent-encoded reserved characters that servers treat the same either
	// way in practice: in the path "!$&'()*+,=:@" ("/" and ";" stay
	// encoded) and in the query and fragment "!$'()*,:@/?" ("&", "=", "+"
	// and ";" stay encoded, since forms give them meaning). May change the
	// resource: RFC 3986, section 2.2 says such URIs are not equivalent.
	DecodeSafe

	// CollapseSlashes replaces each run of "/" in the path by one ("/a//b"
	// becomes "/a/b"), after dot segments are removed. May change the
	// resource: an empty segment is a segment.
	CollapseSlashes
)

// normalizeFlagNames are the names of the flags, bit by bit.
var normalizeFlagNames = [...]string{
	"SyntaxOnly", "DropEmptyQuery", "DropEmptyFragment", "DropFragment", "SortQuery",
	"DropTrailingSlash", "DropDirectoryIndex", "DecodeSafe", "CollapseSlashes",
}

// String returns the names of the flags in f joined by "|", such as
// "DropFragment|SortQuery", or "0" for none. Unknown bits are shown in hex.
func (f NormalizeFlags) String() string {
	if f == 0 {
		return "0"
	}
	b := f.appendNames(nil, normalizeFlagNames[:], '|')
	if rest := f &^ (1<<len(normalizeFlagNames) - 1); rest != 0 {
		if len(b) > 0 {
			b = append(b, '|')
		}
		b = append(b, "0x"...)
		b = strconv.AppendUint(b, uint64(rest), 16)
	}
	return string(b)
}

// normalizeFlagKeys are the flags' names in their text form, bit by bit:
// what MarshalText writes and the uri command's --flags takes.
var normalizeFlagKeys = [...]string{
	"syntax-only", "drop-empty-query", "drop-empty-fragment", "drop-fragment", "sort-query",
	"drop-trailing-slash", "drop-directory-index", "decode-safe", "collapse-slashes",
}

// MarshalText implements [encoding.TextMarshaler]: the flags of f in their
// text form, in the order of the constants, joined by ",", such as
// "drop-fragment,sort-query"; empty for none. Unknown bits are an error.
func (f NormalizeFlags) MarshalText() ([]byte, error) {
	if rest := f &^ (1<<len(normalizeFlagKeys) - 1); rest != 0 {
		return nil, errors.New("uri: unknown normalization flags 0x" + strconv.FormatUint(uint64(rest), 16))
	}
	return f.appendNames(nil, normalizeFlagKeys[:], ','), nil
}

// appendNames appends to b the names of the flags set in f, names[i] that
// of bit i, separated by sep.
func (f NormalizeFlags) appendNames(b []byte, names []string, sep byte) []byte {
	for i, name := range names {
		if f&(1<<i) != 0 {
			if len(b) > 0 {
				b = append(b, sep)
			}
			b = append(b, name...)
		}
	}
	return b
}

// UnmarshalText implements [encoding.TextUnmarshaler]: it sets f to the
// flags named in a comma-separated list of the names MarshalText writes
// ("drop-fragment, sort-query"); spaces around a name and empty items are
// ignored. An unknown name is an error that quotes it, and leaves f as it was.
func (f *NormalizeFlags) UnmarshalText(text []byte) error {
	var g NormalizeFlags
	for name := range strings.SplitSeq(string(text), ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		i := slices.Index(normalizeFlagKeys[:], name)
		if i < 0 {
			return errors.New("uri: unknown normalization " + strconv.Quote(name))
		}
		g |= 1 << i
	}
	*f = g
	return nil
}

// Normalizer normalizes and compares URI references. The zero value applies
// syntax-based and scheme-based normalization (RFC 3986, sections 6.2.2 and
// 6.2.3) with the default scheme table, like [URI.Normalize]; Flags add or
// remove steps and Schemes replaces the table. A Normalizer is a small value,
// safe for concurrent use as long as its Schemes map is not modified.
type Normalizer struct {
	// Flags selects the steps beyond (or short of) the RFC's own.
	Flags NormalizeFlags
	// Schemes gives the scheme facts; nil means the table that
	// [DefaultSchemes] returns.
	Schemes Schemes
}

// Normalize returns u in normal form: the result of syntax-based
// normalization (RFC 3986, section 6.2.2) and scheme-based normalization
// (section 6.2.3) with the table of [DefaultSchemes]. It is the same as the
// zero [Normalizer]'s Normalize; see there for the steps.
func (u URI) Normalize() URI { return Normalizer{}.Normalize(u) }

// Equal reports whether u and v are equivalent after syntax-based and
// scheme-based normalization (RFC 3986, section 6.2), that is, whether
// u.Normalize() and v.Normalize() are the same string. It does not allocate
// for URIs of up to 256 bytes. Section 6.1 advises resolving relative
// references before comparing them; Equal compares them as written.
func (u URI) Equal(v URI) bool { return Normalizer{}.Equal(u, v) }

// Normalize returns u in the normal form that n selects. The steps are those
// of RFC 3986, section 6.2.2:
//   - the scheme and a registered name are lowercased; an IPv6 address is
//     written in the canonical form of RFC 5952 (lowercase, no leading
//     zeros, the longest run of zero groups shortened to "::", dotted IPv4
//     for IPv4-mapped addresses); an IPvFuture literal is lowercased, since
//     a host is case-insensitive (section 3.2.2);
//   - in every component, percent-encodings of unreserved characters are
//     decoded and the hexadecimal digits of the others are uppercased;
//     userinfo, path, query and fragment otherwise keep their case;
//   - dot segments are removed from the path (section 5.2.4). A relative
//     reference keeps what it needs to resolve to the same URI: its leading
//     "../" segments, a "./" before a first segment that holds ":" or is
//     empty, and "./" for a path that would otherwise become empty ("a/.."
//     becomes "./"). A path without authority that would begin with "//"
//     gets "/." in front, so that it is not read as an authority
//     ("foo:/.//bar" stays as it is);
//
// then, unless Flags has [SyntaxOnly], those of section 6.2.3 with n's
// scheme table:
//   - an empty port is removed, whatever the scheme ("http://a:/");
//   - leading zeros of the port are removed (the port is a decimal number,
//     section 3.2.3) and a port equal to the scheme's default is removed;
//   - an empty path after an authority becomes "/" when the scheme says so;
//   - a host equal to the scheme's default host is removed when there is no
//     userinfo and no port;
//
// and then the steps of n's other flags. The delimiters of empty components
// ("?", "#") are kept unless a flag says otherwise, as section 6.2.3 advises.
//
// The result is a valid reference whose components and host kind are those
// that [Parse] finds in its text, and normalizing it again gives it back.
// When u is already normal, Normalize returns u itself without allocating;
// otherwise it allocates the new text once (more only for text over 512
// bytes, or a path segment that is an encoded dot, like "%2E").
// A normal form longer than [MaxTextLength] (it can grow by a few bytes: "/"
// for an empty path, "./" in front of one) cannot be held: u comes back as
// it is.
func (n Normalizer) Normalize(u URI) URI {
	if n.isNormal(u) {
		return u
	}
	var buf [512]byte
	var v URI
	w := writer{t: buf[:0]}
	w.t = n.appendNormal(w.t, u, &w.o)
	if w.doneCopy(&v) != nil {
		// Only a text within a few bytes of MaxTextLength can grow past
		// it ("/" for an empty path, "./" in front of a path): it stays
		// as it is, since no value can hold its normal form.
		return u
	}
	return v
}

// Key returns the normal form of u as a string, for use as a map key when
// removing duplicates: two references have the same key exactly when
// n.Equal says they are equal.
func (n Normalizer) Key(u URI) string { return n.Normalize(u).s }

// Equal reports whether a and b have the same normal form under n: the
// comparison ladder of RFC 3986, section 6.2, as a simple string comparison
// (section 6.2.1) after the normalizations n selects. It does not allocate
// for URIs of up to 256 bytes.
func (n Normalizer) Equal(a, b URI) bool {
	if a.s == b.s {
		return true
	}
	na, nb := n.isNormal(a), n.isNormal(b)
	if na && nb {
		return false // two different normal forms
	}
	var bufA, bufB [256]byte
	switch {
	case na:
		x := n.appendNormal(bufB[:0], b, nil)
		return a.s == string(x)
	case nb:
		x := n.appendNormal(bufA[:0], a, nil)
		return b.s == string(x)
	}
	x := n.appendNormal(bufA[:0], a, nil)
	y := n.appendNormal(bufB[:0], b, nil)
	return string(x) == string(y)
}

// lookup returns the facts of a lowercase scheme name.
func (n Normalizer) lookup(scheme string) SchemeInfo {
	var info SchemeInfo
	if n.Schemes == nil {
		info, _ = defaultScheme(scheme)
	} else {
		info, _ = n.Schemes.Lookup(scheme)
	}
	return info
}

// decodeSets returns the decode classes for the path and for the query and
// fragment.
func (n Normalizer) decodeSets() (path, query uint8) {
	if n.Flags&DecodeSafe != 0 {
		return dUnreserved | dSafePath, dUnreserved | dSafeQuery
	}
	return dUnreserved, dUnreserved
}

// isNormal reports whether u is its own normal form under n. It only reads.
func (n Normalizer) isNormal(u URI) bool {
	f := n.Flags
	scheme := u.Scheme()
	if hasUpper(scheme) {
		return false
	}
	schemeBased := f&SyntaxOnly == 0
	var info SchemeInfo
	if schemeBased && scheme != "" {
		info = n.lookup(scheme)
	}
	auth := u.HasAuthority()
	if auth {
		if !pctNormal(u.Userinfo(), dUnreserved) {
			return false
		}
		host := u.Host()
		switch u.kind {
		case HostRegName:
			if !regNameNormal(host) {
				return false
			}
		case HostIPv6:
			var buf [64]byte
			if string(appendIPv6(buf[:0], u.Addr())) != host[1:len(host)-1] {
				return false
			}
		case HostIPvFuture:
			if hasUpper(host) {
				return false
			}
		}
		if schemeBased {
			if u.HasPort() {
				if p := u.Port(); p == "" || p[0] == '0' && len(p) > 1 || isPort(p, info.Port) {
					return false
				}
			} else if info.DefaultHost != "" && !u.HasUserinfo() && strings.EqualFold(u.s[u.hostStart:u.hostEnd], info.DefaultHost) {
				return false
			}
		}
	}
	pathSet, querySet := n.decodeSets()
	slash := schemeBased && info.EmptyPathIsSlash
	if !n.pathNormal(u.Path(), auth, scheme != "", slash, pathSet) {
		return false
	}
	if u.HasQuery() {
		q := u.Query()
		if q == "" && f&DropEmptyQuery != 0 || !pctNormal(q, querySet) || f&SortQuery != 0 && !paramsSorted(q) {
			return false
		}
	}
	if u.HasFragment() {
		fr := u.Fragment()
		if f&DropFragment != 0 || fr == "" && f&DropEmptyFragment != 0 || !pctNormal(fr, querySet) {
			return false
		}
	}
	return true
}

// pathNormal reports whether path p is its own normal form, in a reference
// that has an authority or not, and a scheme or not. slash tells that an
// empty path after an authority must be "/". It mirrors appendPath.
func (n Normalizer) pathNormal(p string, auth, scheme, slash bool, decode uint8) bool {
	f := n.Flags
	if p == "" {
		return !(auth && slash)
	}
	if !pctNormal(p, decode) {
		return false
	}
	r := p // the part that must be free of dot segments
	if !scheme && !auth && p[0] != '/' {
		// A relative path: "../" repeated, then the rest, with "./" in
		// front of a rest that needs it.
		ups := false
		for strings.HasPrefix(r, "../") {
			r, ups = r[3:], true
		}
		if strings.HasPrefix(r, "./") {
			if ups || !needsDotPrefix(r[2:]) {
				return false
			}
			r = r[2:]
		}
		if f&CollapseSlashes != 0 && r != "" && r[0] == '/' ||
			f&DropTrailingSlash != 0 && r != "" && r[len(r)-1] == '/' ||
			f&DropDirectoryIndex != 0 && isDirectoryIndex(lastSegment(r)) {
			return false
		}
	} else {
		if !auth {
			r = unguard(p)
		}
		if f&DropTrailingSlash != 0 && len(r) > 1 && r[len(r)-1] == '/' {
			return false
		}
		if f&DropDirectoryIndex != 0 {
			if i := strings.LastIndexByte(r, '/'); i >= 0 && isDirectoryIndex(r[i+1:]) {
				return false
			}
		}
	}
	if f&CollapseSlashes != 0 && strings.Contains(r, "//") {
		return false
	}
	return !hasDotSegment(r)
}

// appendNormal appends the normal form of u under n to b and returns it,
// and marks its layout in o when o is not nil (b holds nothing else then).
// The steps, in order, are those listed on Normalize.
func (n Normalizer) appendNormal(b []byte, u URI, o *offsets) []byte {
	if o == nil {
		o = new(offsets) // on the stack: appendNormal does not keep it
	}
	f := n.Flags
	schemeBased := f&SyntaxOnly == 0
	start := len(b)

	// Scheme (section 6.2.2.1).
	var info SchemeInfo
	if !u.IsRelative() {
		b = appendLower(b, u.s[:u.schemeEnd])
		if schemeBased {
			if scheme := u.Scheme(); !hasUpper(scheme) {
				info = n.lookup(scheme)
			} else {
				info = n.lookup(string(b[start : len(b)-1]))
			}
		}
	}
	o.endScheme(len(b) - start)

	// Authority.
	if u.HasAuthority() {
		b = append(b, '/', '/')
		if u.HasUserinfo() {
			b = appendPct(b, u.Userinfo(), dUnreserved, false)
			b = append(b, '@')
		}
		o.endUserinfo(len(b) - start)

		// Port first, since it decides whether a default host goes.
		port, hasPort := u.Port(), u.HasPort()
		if schemeBased && hasPort {
			for len(port) > 1 && port[0] == '0' {
				port = port[1:]
			}
			hasPort = port != "" && !isPort(port, info.Port)
		}

		h := len(b)
		kind := u.kind
		switch u.kind {
		case HostIPv6:
			b = append(b, '[')
			b = appendIPv6(b, u.Addr())
			b = append(b, ']')
		case HostIPvFuture:
			b = appendLower(b, u.s[u.hostStart:u.hostEnd])
		case HostIPv4:
			b = append(b, u.s[u.hostStart:u.hostEnd]...)
		default:
			host := u.Host()
			b = appendPct(b, host, dUnreserved, true)
			if strings.IndexByte(host, '%') >= 0 {
				// Decoding may have made an IPv4address ("%31.2.3.4"),
				// which the first-match rule of section 3.2.2 makes one.
				if nh := len(b) - h; nh >= 7 && nh <= 15 {
					if _, end, ok := parseIPv4(string(b[h:]), 0); ok && end == nh {
						kind = HostIPv4
					}
				}
			}
		}
		if schemeBased && info.DefaultHost != "" && !hasPort && !u.HasUserinfo() &&
			len(b)-h == len(info.DefaultHost) && strings.EqualFold(string(b[h:]), info.DefaultHost) {
			b = b[:h]
			kind = HostRegName
		}
		o.endHost(len(b)-start, kind)
		if hasPort {
			b = append(b, ':')
			b = append(b, port...)
		}
		o.endAuthority(len(b) - start)
	}

	// Path (sections 6.2.2.2, 6.2.2.3, 6.2.3).
	pathSet, querySet := n.decodeSets()
	b = n.appendPath(b, u.Path(), u.HasAuthority(), !u.IsRelative(), schemeBased && info.EmptyPathIsSlash, pathSet)
	o.endPath(len(b) - start)

	// Query.
	if u.HasQuery() && !(u.fragStart == u.queryStart+1 && f&DropEmptyQuery != 0) {
		b = append(b, '?')
		q := len(b)
		b = appendPct(b, u.Query(), querySet, false)
		if f&SortQuery != 0 {
			b = sortParams(b, q)
		}
	}
	o.endQuery(len(b) - start)

	// Fragment: no scheme-based normalization (section 6.2.3).
	if u.HasFragment() && f&DropFragment == 0 && !(len(u.s) == int(u.fragStart)+1 && f&DropEmptyFragment != 0) {
		b = append(b, '#')
		b = appendPct(b, u.Fragment(), querySet, false)
	}
	return b
}

// appendPath appends the normal form of path p to b; auth and scheme tell
// whether the reference has them, slash that an empty path after an
// authority is "/", decode which percent-encodings to decode.
func (n Normalizer) appendPath(b []byte, p string, auth, scheme, slash bool, decode uint8) []byte {
	f := n.Flags
	if p == "" {
		if auth && slash {
			b = append(b, '/')
		}
		return b
	}
	if hasEncodedDotSegment(p) {
		// "%2E" is "." (section 2.3), so decode before removing dot
		// segments. Rare enough to afford a copy.
		var tmp [128]byte
		p = string(appendPct(tmp[:0], p, decode, false))
	}
	start := len(b)
	relative := !scheme && !auth && p[0] != '/'
	rest := start // where the path goes on after the leading "../"s
	ups := 0
	if !hasDotSegment(p) {
		b = appendPct(b, p, decode, false)
	} else {
		if relative {
			// RFC 3986, section 5.2.4 on base-directory + p, for any base
			// directory: the dots that climb above p's start stay as
			// leading "../" segments; the rest is what remove_dot_segments
			// does to the part of p that never climbs that high.
			var i int
			ups, i = relativeUps(p)
			for range ups {
				b = append(b, "../"...)
			}
			rest = len(b)
			if i == 0 {
				b = appendRemoveDotSegments(b, p)
			} else {
				// p[i:] is empty or begins with "/": that "/" is the
				// one that ends the "../" (or the base directory).
				b = appendRemoveDotSegments(b, p[i:])
				if len(b) > rest {
					b = append(b[:rest], b[rest+1:]...)
				}
			}
		} else {
			b = appendRemoveDotSegments(b, p)
		}
		b = pctInPlace(b, rest, decode)
	}
	if f&CollapseSlashes != 0 {
		b = collapseSlashes(b, rest)
		if relative && len(b) > rest && b[rest] == '/' {
			b = append(b[:rest], b[rest+1:]...)
		}
	}
	if f&(DropTrailingSlash|DropDirectoryIndex) != 0 {
		b = trimPathEnd(b, rest, relative, f)
	}
	switch {
	case relative:
		if ups == 0 && needsDotPrefix(b[rest:]) {
			b = insert(b, rest, "./")
		}
	case !auth:
		b = guard(b, start)
	}
	return b
}

// trimPathEnd applies DropTrailingSlash and DropDirectoryIndex to the path
// that ends b and begins at start, until neither changes it. In a relative
// path, start is just past the leading "../" segments.
func trimPathEnd(b []byte, start int, relative bool, f NormalizeFlags) []byte {
	keep := 1 // a path that is just "/" keeps it
	if relative {
		keep = 0 // the "/" that ends "../" is before start
	}
	for {
		if f&DropTrailingSlash != 0 {
			for len(b)-start > keep && b[len(b)-1] == '/' {
				b = b[:len(b)-1]
			}
		}
		if f&DropDirectoryIndex == 0 {
			return b
		}
		i := lastSlash(b, start)
		if i < start && !relative || !isDirectoryIndex(b[i+1:]) {
			return b
		}
		b = b[:i+1]
		if f&DropTrailingSlash == 0 {
			return b
		}
	}
}

// isDirectoryIndex reports whether a path segment names a directory index
// page, as DropDirectoryIndex lists them.
func isDirectoryIndex[S ~string | ~[]byte](seg S) bool {
	if len(seg) > len("default.shtml") {
		return false
	}
	var buf [len("default.shtml")]byte
	for i := 0; i < len(seg); i++ {
		buf[i] = lower(seg[i])
	}
	switch string(buf[:len(seg)]) {
	case "index.html", "index.htm", "index.shtml", "index.php", "index.asp", "index.aspx", "index.jsp",
		"default.html", "default.htm", "default.shtml", "default.php", "default.asp", "default.aspx", "default.jsp":
		return true
	}
	return false
}

// collapseSlashes replaces each run of "/" in b[start:] by one "/".
func collapseSlashes(b []byte, start int) []byte {
	w := start
	for r := start; r < len(b); r++ {
		if b[r] == '/' && w > start && b[w-1] == '/' {
			continue
		}
		b[w] = b[r]
		w++
	}
	return b[:w]
}

// isPort reports whether the port digits p, without leading zeros, are the
// number def; def 0 stands for no default port.
func isPort(p string, def uint16) bool {
	if def == 0 || len(p) > 5 {
		return false
	}
	v := 0
	for i := 0; i < len(p); i++ {
		v = v*10 + int(p[i]-'0')
	}
	return v == int(def)
}

// regNameNormal reports whether a registered name is in normal form: no
// uppercase letter outside percent-encodings, which are themselves normal.
func regNameNormal(h string) bool {
	for i := 0; i < len(h); i++ {
		c := h[i]
		if c == '%' {
			if !tripletNormal(h[i+1], h[i+2], dUnreserved) {
				return false
			}
			i += 2
		} else if c-'A' < 26 {
			return false
		}
	}
	return true
}
