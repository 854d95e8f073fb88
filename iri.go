package uri

import (
	"net/netip"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Internationalized Resource Identifiers (RFC 3987): the grammar of section
// 2.2, the mapping to URIs of section 3.1 and back of section 3.2.

// isUCS reports whether r is a ucschar (RFC 3987, section 2.2): a non-ASCII
// character outside the surrogates, the private use areas, the
// noncharacters and the specials.
//
//	ucschar = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF
//	        / %x10000-1FFFD / %x20000-2FFFD / ... / %xD0000-DFFFD
//	        / %xE1000-EFFFD
func isUCS(r rune) bool {
	switch {
	case r < 0xA0:
		return false
	case r <= 0xD7FF:
		return true
	case r < 0xF900: // surrogates, and the private use area E000-F8FF
		return false
	case r <= 0xFDCF:
		return true
	case r < 0xFDF0: // noncharacters FDD0-FDEF
		return false
	case r <= 0xFFEF:
		return true
	case r < 0x10000: // specials FFF0-FFFF
		return false
	case r&0xFFFF > 0xFFFD: // the two noncharacters of each plane
		return false
	case r < 0xE0000:
		return true
	case r < 0xE1000: // tags and variation selectors
		return false
	}
	return r < 0xF0000
}

// isPrivate reports whether r is an iprivate (RFC 3987, section 2.2), which
// only a query may hold:
//
//	iprivate = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD
func isPrivate(r rune) bool {
	return r >= 0xE000 && r <= 0xF8FF || r >= 0xF0000 && r <= 0x10FFFD && r&0xFFFF <= 0xFFFD
}

// scanUCS goes on with scan from the non-ASCII byte s[i] over ucschar (and
// iprivate when private is set), where RFC 3987 puts them beside unreserved.
// It stops at a byte that begins no such character, including one that is
// not valid UTF-8, and at the bidirectional formatting characters, which
// section 4.1 forbids in IRIs although they are ucschar.
func scanUCS(s string, i int, mask uint8, private bool) int {
	for i < len(s) && s[i] >= utf8.RuneSelf {
		r, n := utf8.DecodeRuneInString(s[i:])
		if n == 1 || !isUCS(r) && !(private && isPrivate(r)) || isBidiFormat(r) {
			break
		}
		i = scan(s, i+n, mask)
	}
	return i
}

// isBidiFormat reports whether r is one of the bidirectional formatting
// characters that an IRI must not contain (RFC 3987, section 4.1: LRM, RLM,
// LRE, RLE, PDF, LRO, RLO), or one of the isolates Unicode added since
// (LRI, RLI, FSI, PDI), which format text the same way.
func isBidiFormat(r rune) bool {
	return r == 0x200E || r == 0x200F || r >= 0x202A && r <= 0x202E || r >= 0x2066 && r <= 0x2069
}

// IRI is one IRI reference (RFC 3987, section 2.2): a URI reference whose
// components other than the scheme, the port and an IP-literal may hold
// non-ASCII characters (ucschar), and whose query may hold private-use ones
// (iprivate). It is the twin of [URI]: the same immutable, comparable value
// that keeps its text and the offsets of its components, with the same
// getters; the text is UTF-8 and is kept as it was given, so
// [IRI.String] gives back the input exactly.
//
// An IRI is for reading and showing identifiers as people write them.
// Protocols take URIs: [IRI.ToURI] maps an IRI to one (section 3.1), and
// [URI.ToIRI] maps back (section 3.2). Every URI is an IRI; the zero IRI is
// the empty reference "".
type IRI struct{ u URI }

// ParseIRI parses s as an IRI-reference (RFC 3987, section 2.2). Invalid
// text gives an [*Error], as [Parse] does; text that is not valid UTF-8 gives
// one with cause [ErrInvalidUTF8] at the offset of the first bad byte. An
// ASCII-only s is parsed exactly as [Parse] parses it, with no allocation.
func ParseIRI(s string) (i IRI, err error) {
	// parseRule for RuleReference, written out: one call fewer.
	if e := parse(s, &i.u, pIRI); e != nil {
		return IRI{}, parseError(s, pIRI, e)
	}
	return
}

// MustParseIRI is like [ParseIRI] but panics if s is not a valid
// IRI-reference. It is meant for tests and for constants.
func MustParseIRI(s string) IRI {
	i, err := ParseIRI(s)
	if err != nil {
		panic(err)
	}
	return i
}

// componentAt returns the component that holds s[k], as the regular
// expression of RFC 3986, Appendix B splits any string:
//
//	^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
//
// It names the component of an error found outside the grammar's reading.
func componentAt(s string, k int) Component {
	i := strings.IndexAny(s, ":/?#")
	if i > 0 && s[i] == ':' {
		if k < i {
			return ComponentScheme
		}
		i++
	} else {
		i = 0
	}
	if strings.HasPrefix(s[i:], "//") {
		end := len(s)
		if j := strings.IndexAny(s[i+2:], "/?#"); j >= 0 {
			end = i + 2 + j
		}
		if k < end {
			return ComponentHost
		}
		i = end
	}
	q := strings.IndexAny(s[i:], "?#")
	switch {
	case q < 0 || k < i+q:
		return ComponentPath
	case s[i+q] == '?' && (strings.IndexByte(s[i+q:], '#') < 0 || k < i+q+strings.IndexByte(s[i+q:], '#')):
		return ComponentQuery
	}
	return ComponentFragment
}

// firstInvalidUTF8 returns the offset of the first byte of s that begins no
// valid UTF-8 sequence, or -1.
func firstInvalidUTF8(s string) int {
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			return i
		}
		i += n
	}
	return -1
}

// Options are the choices of the lenient parsers and the conversions. The
// zero Options are those of the package's functions ([Parse], [ParseIRI],
// [IRI.ToURI], [Repair]): no zone identifiers, and IDNA as browsers do it.
// Options are values: safe to copy and to share.
type Options struct {
	// Rule is the production the parsers match: RuleReference (the zero
	// Rule) for a reference, RuleURI, RuleAbsolute or RuleRelative. Repair
	// checks its result against it.
	Rule Rule

	// Zones accepts an IPv6 zone identifier in an IP-literal, in the form of
	// RFC 6874 ("[fe80::1%25eth0]": "%25", then unreserved characters and
	// pct-encoded triplets) or bare as address bars take it ("[fe80::1%eth0]":
	// "%", not followed by two hexadecimal digits, then unreserved
	// characters). RFC 9844 obsoleted RFC 6874 in 2025 and took zones out of
	// URIs, so the strict parsers reject both. The zone is the zone of
	// [URI.Addr]; the text is kept as written. A zone never holds "]":
	// "http://[::1%25]evil.com]/" is an error with or without this option.
	Zones bool

	// IDNA is the profile that maps a non-ASCII host to ASCII in
	// [Options.ToURI] and [Options.Repair].
	IDNA IDNAProfile

	// Limits of the parsers ([Options.Parse], [Options.ParseIRI]) and of
	// the input and result of [Options.Repair] and [Options.ToURI], for
	// servers that read untrusted references; zero means none, the
	// default (see [ErrTooLong]). Each one exceeded gives an [*Error] with
	// its own cause. Every method of Options checks MaxLength on its
	// input before it reads it, and the other limits before it makes
	// anything in proportion to the input.
	//
	// MaxLength is the most bytes of text (ErrTooLong), MaxSegments the
	// most path segments as [URI.Segments] counts them
	// (ErrTooManySegments), MaxQueryParams the most "&"-separated fields
	// of the query, empty ones included, as net/url counts them
	// (ErrTooManyQueryParams), and MaxHostLength the most bytes of the
	// host as written, with the brackets of an IP-literal
	// (ErrHostTooLong).
	MaxLength, MaxSegments, MaxQueryParams, MaxHostLength int
}

// flags returns the parser flags for o, beside those of the grammar.
func (o Options) flags() pflags {
	if o.Zones {
		return pZone
	}
	return 0
}

// Parse parses s by the rule o.Rule (a URI-reference by default, as [Parse]
// does), with the extensions o allows.
func (o Options) Parse(s string) (u URI, err error) {
	if e := o.parse(&u, s, 0); e != nil {
		return URI{}, e
	}
	return
}

// parse parses s into *u with o's rule, limits and extensions, and the
// extensions f.
func (o *Options) parse(u *URI, s string, f pflags) *Error {
	if !o.limited() {
		return parseRule(u, s, o.Rule, o.flags()|f)
	}
	if err := o.tooLong(s); err != nil {
		return err
	}
	if err := parseRule(u, s, o.Rule, o.flags()|f); err != nil {
		return err
	}
	return o.checkLimits(u)
}

// ParseIRI parses s as an IRI-reference (RFC 3987, section 2.2), as
// [ParseIRI] does, or by the IRI twin of another rule of o.Rule (IRI,
// absolute-IRI, irelative-ref), with the extensions o allows.
func (o Options) ParseIRI(s string) (i IRI, err error) {
	if e := o.parse(&i.u, s, pIRI); e != nil {
		return IRI{}, e
	}
	return
}

// String returns the IRI's text, exactly as it was parsed.
func (i IRI) String() string { return i.u.s }

// HasScheme reports whether the reference has a scheme.
func (i IRI) HasScheme() bool { return i.u.HasScheme() }

// IsRelative reports whether the reference is relative: without a scheme.
func (i IRI) IsRelative() bool { return i.u.IsRelative() }

// Scheme returns the scheme, without ":", or "" when there is none.
func (i IRI) Scheme() string { return i.u.Scheme() }

// HasAuthority reports whether the reference has an authority ("//").
func (i IRI) HasAuthority() bool { return i.u.HasAuthority() }

// Authority returns the raw authority, without "//".
func (i IRI) Authority() string { return i.u.Authority() }

// HasUserinfo reports whether the authority has a userinfo, maybe empty.
func (i IRI) HasUserinfo() bool { return i.u.HasUserinfo() }

// Userinfo returns the raw iuserinfo, without "@".
func (i IRI) Userinfo() string { return i.u.Userinfo() }

// Host returns the raw ihost: an IP-literal with its brackets, or a
// reg-name that may hold non-ASCII characters.
func (i IRI) Host() string { return i.u.Host() }

// HostKind tells which rule the host matched (see [URI.HostKind]).
func (i IRI) HostKind() HostKind { return i.u.HostKind() }

// Addr returns the address of an IPv4 or IPv6 host (see [URI.Addr]).
func (i IRI) Addr() netip.Addr { return i.u.Addr() }

// HasPort reports whether the authority has a port, maybe empty.
func (i IRI) HasPort() bool { return i.u.HasPort() }

// Port returns the port's digits, without ":".
func (i IRI) Port() string { return i.u.Port() }

// Path returns the raw ipath.
func (i IRI) Path() string { return i.u.Path() }

// Segments returns the raw segments of the path (see [URI.Segments]).
func (i IRI) Segments() []string { return i.u.Segments() }

// HasQuery reports whether the reference has a query, maybe empty.
func (i IRI) HasQuery() bool { return i.u.HasQuery() }

// Query returns the raw iquery, without "?".
func (i IRI) Query() string { return i.u.Query() }

// HasFragment reports whether the reference has a fragment, maybe empty.
func (i IRI) HasFragment() bool { return i.u.HasFragment() }

// Fragment returns the raw ifragment, without "#".
func (i IRI) Fragment() string { return i.u.Fragment() }

// Span returns where component c is in i's text, as [URI.Span] does.
func (i IRI) Span(c Component) (start, end int, ok bool) { return i.u.Span(c) }

// DecodedUserinfo returns the userinfo with its triplets decoded.
func (i IRI) DecodedUserinfo() string { return i.u.DecodedUserinfo() }

// DecodedHost returns the host with its triplets decoded, and an IP-literal
// without brackets.
func (i IRI) DecodedHost() string { return i.u.DecodedHost() }

// DecodedPath returns the path with its triplets decoded.
func (i IRI) DecodedPath() string { return i.u.DecodedPath() }

// DecodedQuery returns the query with its triplets decoded.
func (i IRI) DecodedQuery() string { return i.u.DecodedQuery() }

// DecodedFragment returns the fragment with its triplets decoded.
func (i IRI) DecodedFragment() string { return i.u.DecodedFragment() }

// Resolve resolves the reference ref against the base i (RFC 3987, section
// 6.5, which applies RFC 3986, section 5.2 to IRIs as they are).
func (i IRI) Resolve(ref IRI) (IRI, error) {
	u, err := i.u.Resolve(ref.u)
	return IRI{u}, err
}

// MarshalText returns the IRI's text.
func (i IRI) MarshalText() ([]byte, error) { return []byte(i.u.s), nil }

// AppendText appends the IRI's text to b.
func (i IRI) AppendText(b []byte) ([]byte, error) { return append(b, i.u.s...), nil }

// UnmarshalText parses text as an IRI-reference into *i.
func (i *IRI) UnmarshalText(text []byte) error {
	v, err := ParseIRI(string(text))
	if err != nil {
		return err
	}
	*i = v
	return nil
}

// GoString returns the Go syntax of a call that makes i.
func (i IRI) GoString() string { return "uri.MustParseIRI(" + strconv.Quote(i.u.s) + ")" }

// ToURI maps i to a URI (RFC 3987, section 3.1) with the zero [Options]:
// see [Options.ToURI].
func (i IRI) ToURI() (URI, error) { return Options{}.ToURI(i) }

// ToURI maps the IRI i to a URI (RFC 3987, section 3.1): every non-ASCII
// character of the userinfo, path, query and fragment becomes the
// percent-encoded octets of its UTF-8 (uppercase hexadecimal, step 2), and a
// reg-name host with non-ASCII characters becomes its IDNA ToASCII form,
// A-labels, under o.IDNA (section 3.1 allows this for hosts; it is the form
// DNS resolves). Triplets in such a host are decoded first and must make
// UTF-8. A host that IDNA rejects gives an [*Error] whose cause is an
// [*IDNAError] naming the label and the rule, at the label's offset in i's
// text. An ASCII-only IRI is a URI already and comes back unchanged, with
// no allocation.
//
// o's limits hold for i before any work, and for the result (which is
// longer than i where it encodes): an [*Error] with ErrTooLong,
// ErrTooManySegments, ErrTooManyQueryParams or ErrHostTooLong, at its
// offset in i's text, or in the result's when only the result passes.
func (o Options) ToURI(i IRI) (URI, error) {
	u := &i.u
	if o.limited() {
		if err := o.tooLong(u.s); err != nil {
			return URI{}, err
		}
		if err := o.checkLimits(u); err != nil {
			return URI{}, err
		}
	}
	if firstNonASCII(u.s) == len(u.s) {
		return *u, nil
	}
	var v URI
	w := writer{t: make([]byte, 0, len(u.s)+len(u.s)/2)}
	for c := range numComps {
		if c == iUserinfo && u.HasAuthority() {
			w.slashes()
		}
		start, end := u.span(c)
		n := len(w.t)
		kind := u.kind
		if c == iHost && kind == HostRegName && firstNonASCII(u.s[start:end]) < end-start {
			host, err := o.IDNA.hostToASCII(u.s, start, end)
			if err != nil {
				return URI{}, err
			}
			w.t = appendEscape(w.t, host, charset(EscapeHost))
			kind = regNameKind(string(w.t[n:]), 0, len(w.t)-n)
		} else {
			w.t = appendNonASCIIEscaped(w.t, u.s[start:end])
		}
		w.end(c, u.HasAuthority(), kind)
	}
	if err := w.done(&v); err != nil {
		return URI{}, err
	}
	if o.limited() {
		if err := o.tooLong(v.s); err != nil {
			return URI{}, err
		}
		if err := o.checkLimits(&v); err != nil {
			return URI{}, err
		}
	}
	return v, nil
}

// IRIToURI parses s as an IRI reference with o's options and maps it to a
// URI (RFC 3987, sections 2.2 and 3.1): [Options.ParseIRI] then
// [Options.ToURI]. It is the hook of [Extractor.IRI].
func (o Options) IRIToURI(s string) (URI, error) {
	i, err := o.ParseIRI(s)
	if err != nil {
		return URI{}, err
	}
	return o.ToURI(i)
}

// firstNonASCII returns the index of the first byte of s above 0x7F, or
// len(s).
func firstNonASCII(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return i
		}
	}
	return len(s)
}

// appendNonASCIIEscaped appends s to b with every byte above 0x7F
// percent-encoded.
func appendNonASCIIEscaped(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf {
			b = append(b, '%', upperhex[c>>4], upperhex[c&15])
		} else {
			b = append(b, c)
		}
	}
	return b
}

// ToIRI maps u to an IRI for reading (RFC 3987, section 3.2): the
// percent-encoded octets of the userinfo, path, query and fragment that make
// UTF-8 characters fit for an IRI are decoded, and the A-labels of a
// reg-name host become U-labels (IDNA ToUnicode). Only non-ASCII characters
// are decoded: a triplet of ASCII (reserved or not) stays as written, so no
// delimiter appears and the IRI maps back to u with [IRI.ToURI], except for
// the case of hexadecimal digits, as section 3.2 says: the triplets of
// non-ASCII octets that stay encoded are written in uppercase, as the
// section's example has it. A triplet stays encoded when its octets are not UTF-8 (step 3) or
// when its character is not fit for an IRI (step 4): not a ucschar (an
// iprivate outside the query), a bidirectional formatting character
// (section 4.1), white space, a format character (Cf) or a compatibility
// look-alike such as a full-width letter (not NFKC-stable, section 6.1). An
// A-label stays when its U-label holds such a character, does not map back
// to the same A-label, or is one that browsers show as its A-label: section
// 3.2 makes ToUnicode optional ("MAY convert"), and section 8 warns of
// spoofing, so a label becomes Unicode only by the IDN display policy of
// browsers (UTS #39 at the "highly restrictive" level of section 5.2, no
// whole-script or mixed-script confusables with ASCII letters, only
// characters of Identifier_Status Allowed, no deviation characters ß, ς,
// ZWJ, ZWNJ nor hidden marks; the rules and their sources are listed in
// package internal/idnspoof). So "xn--pple-43d.com" (Cyrillic "а" and
// Latin "pple") and "xn--80ak6aa92e.com" (Cyrillic "аррӏе") stay as they
// are, and "xn--bcher-kva.example" becomes "bücher.example". A URI with
// nothing to decode comes back as it is, with no allocation, and so does
// one whose IRI would be longer than [MaxTextLength] (U-labels can be
// longer than their A-labels).
func (u URI) ToIRI() IRI {
	if !u.hasIRIForm() {
		return IRI{u}
	}
	var v IRI
	w := writer{t: make([]byte, 0, len(u.s))}
	for c := range numComps {
		if c == iUserinfo && u.HasAuthority() {
			w.slashes()
		}
		start, end := u.span(c)
		switch c {
		case iScheme, iPort:
			w.put(u.s[start:end])
		case iHost:
			w.t = appendULabels(w.t, u.s[start:end], u.kind)
		default:
			w.t = appendIRIDecoded(w.t, u.s[start:end], c == iQuery)
		}
		w.end(c, u.HasAuthority(), u.kind)
	}
	if w.done(&v.u) != nil {
		// U-labels longer than their A-labels made a text past
		// MaxTextLength: u is an IRI as it is.
		return IRI{u}
	}
	return v
}

// Display returns u as an IRI for people to read: [URI.ToIRI]'s text, whose
// host labels are shown in Unicode only where browsers would show them
// (UTS #39 restriction levels and confusables; see ToIRI). It is for
// showing, not for sending: even a label that passes those rules may look
// like another one of the same script (RFC 3987, section 8; RFC 5890,
// section 4.4).
func (u URI) Display() string { return u.ToIRI().String() }

// hasIRIForm reports whether ToIRI may change u: a triplet of a non-ASCII
// octet, or an A-label.
func (u URI) hasIRIForm() bool {
	for i := 0; i+2 < len(u.s); i++ {
		if u.s[i] == '%' && unhex(u.s[i+1]) >= 8 {
			return true
		}
	}
	return u.kind == HostRegName && hasACEPrefix(u.Host())
}

// appendIRIDecoded appends the raw component s to b with the triplets that
// make a character fit for an IRI decoded (RFC 3987, section 3.2, steps 2 to
// 4); query tells whether iprivate characters are fit.
func appendIRIDecoded(b []byte, s string, query bool) []byte {
	for i := 0; i < len(s); {
		if s[i] != '%' || i+2 >= len(s) || unhex(s[i+1]) < 8 {
			b = append(b, s[i])
			i++
			continue
		}
		var oct [utf8.UTFMax]byte
		n := 0
		for k := i; n < len(oct) && k+2 < len(s) && s[k] == '%'; k += 3 {
			oct[n] = unhex(s[k+1])<<4 | unhex(s[k+2])
			n++
		}
		r, size := utf8.DecodeRune(oct[:n])
		if size > 1 && iriFit(r, query) {
			b = append(b, oct[:size]...)
			i += 3 * size
			continue
		}
		// Step 4 re-encodes the octet, in uppercase as section 3.1 writes.
		b = append(b, '%', upperhex[oct[0]>>4], upperhex[oct[0]&15])
		i += 3
	}
	return b
}
