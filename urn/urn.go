// Package urn reads Uniform Resource Names as RFC 8141 defines them: the
// namespace identifier (NID) and namespace-specific string (NSS) of section
// 2, the r-, q- and f-components of sections 2.3.1 to 2.3.3, and
// URN-equivalence (section 3) as a key and as Equal.
//
//	urn:example:a123,z456?+resolve?=query#frag
//	    \_____/ \_______/  \_____/  \___/ \__/
//	      NID      NSS        r       q     f
package urn

import (
	"errors"
	"fmt"
	"strings"

	"github.com/ferret-go/uri"

	"github.com/ferret-go/uri/internal/pctenc"
)

// The sentinel errors that an *Error wraps; match them with errors.Is.
var (
	ErrNotURN           = errors.New(`scheme is not "urn"`)
	ErrNID              = errors.New("invalid NID")
	ErrNSS              = errors.New("invalid NSS")
	ErrComponent        = errors.New("invalid r-, q- or f-component")
	ErrInvalidCharacter = errors.New("invalid character")
)

// Error is a URN that is not valid: the text, the byte offset in it of the
// first offending byte, and the cause (one or two of the Err sentinels).
type Error struct {
	Input  string
	Offset int
	Err    error // ErrNotURN, ErrNID, ErrNSS or ErrComponent
	Char   bool  // the offending byte is a character not allowed there (ErrInvalidCharacter)
}

func (e *Error) Error() string {
	if e.Char && e.Offset < len(e.Input) {
		return fmt.Sprintf("urn: %v: invalid character %q at offset %d", e.Err, e.Input[e.Offset], e.Offset)
	}
	return fmt.Sprintf("urn: %v at offset %d", e.Err, e.Offset)
}

// Unwrap returns Err, and ErrInvalidCharacter when Char is set.
func (e *Error) Unwrap() []error {
	if e.Char {
		return []error{e.Err, ErrInvalidCharacter}
	}
	return []error{e.Err}
}

// URN is a parsed URN: its text and the offsets of its parts. It is
// comparable; == compares the text, Equal compares by URN-equivalence.
type URN struct {
	s                string
	nid, nssEnd      int // s[4:nid] is the NID; s[nid+1:nssEnd] the NSS
	rEnd, qEnd       int // ends of the r- and q-components (including "?+" / "?=")
	hasR, hasQ, hasF bool
	rStart, qStart   int
	fStart           int
	_                struct{}
}

func isAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// isPcharByte reports whether c is a pchar of RFC 3986 other than a
// pct-encoded triplet.
func isPcharByte(c byte) bool {
	return isAlnum(c) || strings.IndexByte("-._~!$&'()*+,;=:@", c) >= 0
}

// scan reads a run of pchar and of the bytes in extra, from s[i], stopping
// before a byte that is neither. It returns the end, or an offset and false
// for a malformed pct-encoded triplet; stop reports where to stop early.
func scan(s string, i int, extra string, stop func(int) bool) (int, bool) {
	for i < len(s) {
		if stop != nil && stop(i) {
			return i, true
		}
		c := s[i]
		switch {
		case c == '%':
			if i+2 >= len(s) || !pctenc.IsHex(s[i+1]) || !pctenc.IsHex(s[i+2]) {
				return i, false
			}
			i += 3
		case isPcharByte(c) || strings.IndexByte(extra, c) >= 0:
			i++
		default:
			return i, true
		}
	}
	return i, true
}

// Parse reads s as a namestring of RFC 8141, section 2:
//
//	namestring    = assigned-name [ rq-components ] [ "#" f-component ]
//	assigned-name = "urn" ":" NID ":" NSS
//	NID           = (alphanum) 0*30(ldh) (alphanum)
//	NSS           = pchar *(pchar / "/")
//	rq-components = [ "?+" r-component ] [ "?=" q-component ]
//
// "urn" is matched in any case. An r- or q-component is not empty and runs to
// the next "?=" or "#". A failure is an *Error.
func Parse(s string) (URN, error) {
	fail := func(off int, err error, char bool) (URN, error) {
		return URN{}, &Error{Input: s, Offset: off, Err: err, Char: char}
	}
	if len(s) < 4 || !strings.EqualFold(s[:4], "urn:") {
		return fail(0, ErrNotURN, false)
	}
	i := 4
	for i < len(s) && (isAlnum(s[i]) || s[i] == '-') {
		i++
	}
	n := i - 4
	switch {
	case i < len(s) && s[i] != ':':
		return fail(i, ErrNID, true)
	case i == len(s):
		return fail(i, ErrNID, false) // no ':' after the NID
	case n < 2 || n > 32:
		return fail(4, ErrNID, false)
	case s[4] == '-':
		return fail(4, ErrNID, true)
	case s[i-1] == '-':
		return fail(i-1, ErrNID, true)
	}
	u := URN{s: s, nid: i}
	i++
	end, ok := scan(s, i, "/", nil)
	if !ok {
		return fail(end, ErrNSS, true)
	}
	if end == i || s[i] == '/' {
		// Empty, or starting with '/' (NSS = pchar *(pchar / "/")).
		return fail(i, ErrNSS, i < len(s) && s[i] != '?' && s[i] != '#')
	}
	u.nssEnd = end
	i = end
	atQ := func(j int) bool { return strings.HasPrefix(s[j:], "?=") }
	if strings.HasPrefix(s[i:], "?+") {
		u.hasR, u.rStart = true, i+2
		end, ok := scan(s, i+2, "/?", atQ)
		if !ok || end == i+2 || s[i+2] == '/' || s[i+2] == '?' {
			return fail(end, ErrComponent, end < len(s))
		}
		i = end
	}
	u.rEnd = i
	if atQ(i) {
		u.hasQ, u.qStart = true, i+2
		end, ok := scan(s, i+2, "/?", nil)
		if !ok || end == i+2 || s[i+2] == '/' || s[i+2] == '?' {
			return fail(end, ErrComponent, end < len(s))
		}
		i = end
	}
	u.qEnd = i
	if i < len(s) && s[i] == '#' {
		u.hasF, u.fStart = true, i+1
		end, ok := scan(s, i+1, "/?", nil)
		if !ok || end < len(s) {
			return fail(end, ErrComponent, true)
		}
		i = end
	}
	if i < len(s) {
		if s[i] == '?' {
			return fail(i, ErrComponent, true)
		}
		return fail(i, ErrNSS, true)
	}
	return u, nil
}

// FromURI reads u as a URN; it is Parse(u.String()).
func FromURI(u uri.URI) (URN, error) { return Parse(u.String()) }

// String returns the URN's text as parsed.
func (u URN) String() string { return u.s }

// NID returns the namespace identifier, as written.
func (u URN) NID() string { return u.s[4:u.nid] }

// NSS returns the namespace-specific string, as written (percent-encoded).
func (u URN) NSS() string { return u.s[u.nid+1 : u.nssEnd] }

// RComponent returns the r-component without its "?+", and whether there is one.
func (u URN) RComponent() (string, bool) {
	if !u.hasR {
		return "", false
	}
	return u.s[u.rStart:u.rEnd], true
}

// QComponent returns the q-component without its "?=", and whether there is one.
func (u URN) QComponent() (string, bool) {
	if !u.hasQ {
		return "", false
	}
	return u.s[u.qStart:u.qEnd], true
}

// FComponent returns the f-component without its "#", and whether there is
// one (it may be empty).
func (u URN) FComponent() (string, bool) {
	if !u.hasF {
		return "", false
	}
	return u.s[u.fStart:], true
}

// Key returns the form that URN-equivalence compares (RFC 8141, section
// 3.1): "urn:", the NID in lowercase, ":", and the NSS with the hexadecimal
// digits of its percent-encoded triplets in uppercase; the r-, q- and
// f-components are left out, and the NSS is otherwise kept as written (it is
// case-sensitive, and its triplets are not decoded).
func (u URN) Key() string {
	if u.s == "" {
		return ""
	}
	var b strings.Builder
	b.Grow(u.nssEnd)
	b.WriteString("urn:")
	b.WriteString(strings.ToLower(u.NID()))
	b.WriteByte(':')
	nss := u.NSS()
	for i := 0; i < len(nss); i++ {
		c := nss[i]
		if c == '%' {
			b.WriteByte('%')
			b.WriteString(strings.ToUpper(nss[i+1 : i+3]))
			i += 2
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// Equal reports whether u and v are URN-equivalent (RFC 8141, section 3.1).
func (u URN) Equal(v URN) bool { return u.Key() == v.Key() }
