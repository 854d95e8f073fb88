// Package safebrowsing computes the lookup keys of Google Safe Browsing and
// Web Risk: the canonical form of a URL, its suffix/prefix expressions, and
// their SHA-256 full hashes and 4-byte hash prefixes, as Google's "URLs and
// Hashing" document specifies them
// (https://developers.google.com/safe-browsing/reference/URLs.and.Hashing,
// the current version; the Update API v4 copy is
// https://developers.google.com/safe-browsing/v4/urls-hashing and the Web
// Risk copy https://cloud.google.com/web-risk/docs/urls-hashing).
//
// [Parse] canonicalizes a URL into a [URL] with at most one allocation (none
// for a URL already in canonical form); its methods give the canonical form
// ([URL.String]), the expressions in the document's order
// ([URL.Expressions]) and their hashes ([URL.Hashes]).
//
// # Where the document's versions differ
//
// The current document forms the host suffixes of the expressions from the
// host's registrable domain (eTLD+1, from the Public Suffix List) up; the v4
// and Web Risk copies from its last five components, with "co.uk" among
// them for "example.co.uk". The two agree where the public suffix is one
// label. This package follows the current document ([URL.Expressions]).
//
// The v4 and Web Risk copies canonicalize "http://www.gotaport.com:1234/" to
// "http://www.gotaport.com/", dropping the port; the v2 API's guide kept
// it, "http://www.gotaport.com:1234/"; the current document lists no
// canonicalization tests and names the port only to discard it from the
// expressions. This package keeps a port that is not the scheme's default
// (80 for http, 443 for https), and drops a default or empty one. The port is
// never part of an expression, so the hashes are the same under both
// readings. The current document also maps a bracketed IPv6 host to its
// shortest form, and an IPv4-mapped ([::ffff:1.2.3.4]) or NAT64
// ([64:ff9b::1.2.3.4]) address to the IPv4 address; the older copies say
// nothing of IPv6.
package safebrowsing

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"iter"
	"strconv"
	"strings"

	"github.com/ferret-go/uri/internal/bytestr"
	"golang.org/x/net/publicsuffix"
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
	var u URL
	err := parse(&u, s, true)
	return u.String(), err
}

// maxHosts and maxDirs are the document's limits: "at most 5 different
// strings" for the host (the exact host and up to four others) and, for the
// path, the directories of "the four paths formed by starting at the root".
const (
	maxHosts = 5
	maxDirs  = 4
)

// Expressions returns an iterator over the host-suffix/path-prefix
// expressions of u, as the current document's "Host-Suffix Path-Prefix
// Expressions" forms them: the hosts are the exact host, then, unless it is
// an IP address, up to four hosts formed by starting with its registrable
// domain (eTLD+1, from the Public Suffix List, both its sections) and adding
// successive leading components, longest first: for "a.b.c.d.e.f.com",
// "c.d.e.f.com" down to "f.com". A host that is a public suffix itself
// ("co.uk", "localhost") has only itself. For each host come the exact path
// with the query, the exact path without it, then the directories from the
// root, each with its trailing slash, at most four of them. An expression
// that equals one already given is not given again. At most 30
// expressions; the strings share u's memory.
//
// The v4 and Web Risk copies of the document take the host suffixes from
// the last five components instead ("co.uk/" is then an expression of
// "http://example.co.uk/1"); the two agree wherever the public suffix is a
// single label. This package follows the current document.
func (u URL) Expressions() iter.Seq[string] {
	return func(yield func(string) bool) {
		hostLen := u.hostEnd - u.hostStart
		host := u.s[u.exprHost : u.exprHost+hostLen]
		rest := u.exprHost + hostLen // where the path begins in s
		// The host starts: the exact host, then the others, longest first.
		var starts [maxHosts]int
		nh := 1
		starts[0] = 0
		if !u.ip {
			nh += hostSuffixes(host, starts[1:])
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

// hostSuffixes writes to starts the offsets in host of its suffixes other
// than itself that the current document checks: its registrable domain and
// up to three more, each with one more leading label, at most len(starts),
// longest first. It returns how many there are.
func hostSuffixes(host string, starts []int) int {
	// A host of one or two labels is its registrable domain or a public
	// suffix: either way there is no other host to check, and the list
	// need not be asked (x/net's lookup allocates for a name: it first
	// tries to read it as an IP address).
	if strings.Count(host, ".") < 2 {
		return 0
	}
	ps, _ := publicsuffix.PublicSuffix(host)
	if len(ps) >= len(host) {
		return 0 // a public suffix: no registrable domain
	}
	// The registrable domain is the public suffix and the label before
	// it; each further suffix begins after the dot before the one before.
	var found [maxHosts - 1]int
	n := 0
	i := len(host) - len(ps) - 1 // the dot before the public suffix
	for n < len(found) && n < len(starts) {
		j := strings.LastIndexByte(host[:i], '.')
		if j < 0 {
			break // the next suffix would be host itself
		}
		found[n] = j + 1
		n++
		i = j
	}
	for k := range n {
		starts[k] = found[n-1-k]
	}
	return n
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
	// A view, not []byte(e): the conversion copies e (onto the heap when
	// longer than 32 bytes), and HashExpression took 2,866 instructions an
	// expression of the four real lists against 2,760 (+3.8 %, callgrind,
	// bench/results/unsafe-2026-11-29-safebrowsing.txt). Sum256 only reads.
	return sha256.Sum256(bytestr.Bytes(e))
}

// Hashes returns an iterator over the expressions of u (see
// [URL.Expressions]), in the same order, each with its full hash.
func (u URL) Hashes() iter.Seq2[string, Hash] {
	return func(yield func(string, Hash) bool) {
		u.Expressions()(func(e string) bool { return yield(e, HashExpression(e)) })
	}
}
