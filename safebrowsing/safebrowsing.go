// Package safebrowsing computes the lookup keys of Google Safe Browsing and
// Web Risk: the canonical form of a URL, its suffix/prefix expressions, and
// their SHA-256 full hashes and 4-byte hash prefixes, as Google's "URLs and
// Hashing" document specifies them
// (https://developers.google.com/safe-browsing/reference/URLs.and.Hashing,
// the current version; the Update API v4 copy is
// https://developers.google.com/safe-browsing/v4/urls-hashing and the Web
// Risk copy https://cloud.google.com/web-risk/docs/urls-hashing).
//
// [Parse] canonicalizes a URL into a [URL] with one allocation; its methods
// give the canonical form ([URL.String]), the expressions in the document's
// order ([URL.Expressions]) and their hashes ([URL.Hashes]).
//
// # Where the document's versions differ
//
// The v4 and Web Risk copies canonicalize "http://www.gotaport.com:1234/" to
// "http://www.gotaport.com/", dropping the port; the current document, like
// the v2 API's before it, keeps it: "http://www.gotaport.com:1234/". This
// package follows the current document and keeps a port that is not the
// scheme's default (80 for http, 443 for https), and drops a default or
// empty one. The port is never part of an expression, so the hashes are the
// same under both readings. The current document also maps a bracketed IPv6
// host to its shortest form, and an IPv4-mapped ([::ffff:1.2.3.4]) or NAT64
// ([64:ff9b::1.2.3.4]) address to the IPv4 address; the older copies say
// nothing of IPv6.
package safebrowsing

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"iter"
	"strconv"
	"unsafe"
)

// Errors. A URL that cannot be canonicalized gives an [*Error] whose cause
// is one of these.
var (
	// ErrNoHost: there is no host once the URL is unescaped and its dots
	// removed, as in "http:///path" or "http://.../".
	ErrNoHost = errors.New("no host")
	// ErrInvalidPort: the port holds something other than digits, or a
	// number above 65535.
	ErrInvalidPort = errors.New("invalid port")
)

// Error is the error of a URL that cannot be canonicalized.
type Error struct {
	Input  string // the URL given
	Offset int    // the byte offset in Input of the authority (host and port)
	Err    error  // ErrNoHost or ErrInvalidPort
}

func (e *Error) Error() string {
	return "safebrowsing: " + e.Err.Error() + " in " + strconv.Quote(e.Input) + " at offset " + strconv.Itoa(e.Offset)
}

// Unwrap returns the cause, for errors.Is.
func (e *Error) Unwrap() error { return e.Err }

// URL is a canonical URL with what its expressions need: an immutable value,
// safe to copy and share.
type URL struct {
	s         string // the canonical URL, then (with a port) host+path again
	n         int    // len of the canonical URL in s
	hostStart int    // where the host begins in s
	hostEnd   int    // where it ends
	exprHost  int    // where the host of the expressions begins in s
	pathLen   int    // the length of the path (without the query)
	queryLen  int    // the length of "?" and the query, 0 without a query
	ip        bool   // the host is an IP address: no host suffixes
}

// String returns the canonical URL.
func (u URL) String() string { return u.s[:u.n] }

// Host returns the canonical host.
func (u URL) Host() string { return u.s[u.hostStart:u.hostEnd] }

// Path returns the canonical path, without the query.
func (u URL) Path() string {
	i := u.exprHost + u.hostEnd - u.hostStart
	return u.s[i : i+u.pathLen]
}

// Query returns the query with its "?", or "" when there is none.
func (u URL) Query() string {
	i := u.exprHost + u.hostEnd - u.hostStart + u.pathLen
	return u.s[i : i+u.queryLen]
}

// Canonicalize returns the canonical form of the URL s (see [Parse]).
func Canonicalize(s string) (string, error) {
	u, err := Parse(s)
	return u.String(), err
}

// maxHosts and maxPaths are the document's limits: "up to 5 different host
// strings" and "up to 6 different path strings".
const (
	maxHosts    = 5
	maxHostComp = 5 // the suffixes start with the last 5 components
	maxDirs     = 4 // "the 4 paths formed by starting at the root"
)

// Expressions returns an iterator over the suffix/prefix expressions of u,
// in the document's order ("Suffix/Prefix Expressions"): for each host, the
// exact host first, then the suffixes formed from its last five components,
// longest first, down to two components (none for an IP address); and for
// each host, the exact path with the query, the exact path without it, then
// the directories from the root, each with its trailing slash, at most four
// of them. An expression that equals one already given is not given again.
// At most 30 expressions; the strings share u's memory.
func (u URL) Expressions() iter.Seq[string] {
	return func(yield func(string) bool) {
		hostLen := u.hostEnd - u.hostStart
		host := u.s[u.exprHost : u.exprHost+hostLen]
		rest := u.exprHost + hostLen // where the path begins in s
		// The host starts: the exact host, then the last 5..2 components.
		var starts [maxHosts]int
		nh := 1
		starts[0] = 0
		if !u.ip {
			// dots[k] is the start of the suffix of k+1 components.
			var dots [maxHostComp]int
			comps := 0
			for i := len(host) - 1; i >= 0 && comps < maxHostComp; i-- {
				if host[i] == '.' {
					dots[comps] = i + 1
					comps++
				}
			}
			// The suffixes of 5 down to 2 components; the whole host,
			// already given, is not among them (no dot before it).
			for k := comps - 1; k >= 1; k-- {
				starts[nh] = dots[k]
				nh++
				if nh == maxHosts {
					break
				}
			}
		}
		// The path ends: with the query, without, then the directories.
		var ends [2 + maxDirs]int
		np := 0
		if u.queryLen > 0 {
			ends[np] = rest + u.pathLen + u.queryLen
			np++
		}
		ends[np] = rest + u.pathLen
		np++
		path := u.s[rest : rest+u.pathLen]
		dirs := 0
		for i := 0; i < len(path) && dirs < maxDirs; i++ {
			if path[i] == '/' {
				dirs++
				if i+1 != len(path) {
					ends[np] = rest + i + 1
					np++
				}
			}
		}
		for _, h := range starts[:nh] {
			for _, e := range ends[:np] {
				if !yield(u.s[u.exprHost+h : e]) {
					return
				}
			}
		}
	}
}

// Hash is the SHA-256 full hash of an expression ("Hash Computations").
type Hash [sha256.Size]byte

// Prefix is a 4-byte hash prefix: the first, most significant, 4 bytes of a
// full hash ("Hash Prefix Computations"), the length the lists mostly use.
type Prefix [4]byte

// Prefix returns the 4-byte prefix of h.
func (h Hash) Prefix() Prefix { return Prefix(h[:4]) }

// String returns h in lowercase hexadecimal.
func (h Hash) String() string { return hex.EncodeToString(h[:]) }

// String returns p in lowercase hexadecimal.
func (p Prefix) String() string { return hex.EncodeToString(p[:]) }

// HashExpression returns the SHA-256 full hash of the expression e.
func HashExpression(e string) Hash {
	return sha256.Sum256(unsafe.Slice(unsafe.StringData(e), len(e)))
}

// Hashes returns an iterator over the expressions of u (see
// [URL.Expressions]), in the same order, each with its full hash.
func (u URL) Hashes() iter.Seq2[string, Hash] {
	return func(yield func(string, Hash) bool) {
		u.Expressions()(func(e string) bool { return yield(e, HashExpression(e)) })
	}
}
