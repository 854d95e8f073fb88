package uri

import (
	"io"
	"iter"
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ferret-go/uri/internal/ascii"
)

// Finding URIs in running text: RFC 3986, Appendix C ("Delimiting a URI in
// Context").
//
// The scan looks only at the bytes that can make a URI stand out: the ":"
// after a scheme and, for abbreviated references, a "/" after a host name or
// "www.". Each is found with strings.IndexByte or strings.Index, which read
// text at memory speed; everything else about a candidate (its scheme, the
// delimiters before it, where it ends) is read around that byte, and every
// byte is read a bounded number of times, so that time and memory are linear
// in the input whatever it holds.

// DefaultMaxLength is the longest URI, in bytes of text, that an [Extractor]
// reports when its MaxLength is 0: 64 KiB, far more than a person writes in
// text and more than most servers accept (RFC 9110, section 4.1, recommends
// supporting 8000 octets).
const DefaultMaxLength = 64 << 10

// Match is one URI found in text by an [Extractor].
type Match struct {
	// URI is the URI as the text gives it, with the delimiters of Appendix C
	// left out. For a URI broken across lines inside angle brackets it is
	// the URI with the whitespace removed; for an abbreviated reference it
	// is a network-path reference (RFC 3986, section 4.2), "//" and the text,
	// such as "//www.example.com/a".
	URI URI
	// Start and End are the span of the URI in the input, in bytes: the
	// text from the URI's first byte to its last, delimiters excluded and
	// any whitespace inside a line-broken URI included. For a string input
	// s, s[Start:End] is that text; for a stream they are offsets from the
	// beginning of the stream.
	Start, End int64
	// Abbreviated reports a reference without a scheme that user agents
	// accept, such as "www.example.com" or "example.com/path": found only
	// when [Extractor.Abbreviated] is set, and given no scheme.
	Abbreviated bool
	// HyphenBreak reports that the URI was broken across lines right after
	// a hyphen. The hyphen is kept in URI; Appendix C warns that a
	// typesetter may have added it, so a caller for whom URI does not work
	// may try it without that hyphen.
	HyphenBreak bool
}

// Extractor finds URIs in running text, as RFC 3986, Appendix C describes:
// URIs delimited by double quotes ("http://example.com/"), by angle brackets
// (<http://example.com/>, also with the legacy prefix "URL:") or by
// whitespace. Every URI it reports is a valid [URI] with a scheme (section 3),
// or, when asked, an abbreviated reference.
//
// The zero Extractor reports every URI whose scheme is followed by "//" (an
// authority, section 3.2) and every URI of the schemes that are written
// without one (about, cid, data, file, geo, info, magnet, mailto, mid, news,
// sip, sips, sms, tag, tel, urn, xmpp), so that "Note:" or "std::vector" in
// prose is not taken for a URI. Schemes changes which schemes count.
//
// The rules, which the tests hold it to:
//
//   - Inside angle brackets, with or without "URL:" (with or without a space
//     after it), the URI runs to the ">": whitespace inside, such as line
//     breaks added to wrap a long URI, is removed (Appendix C: "The
//     whitespace should be ignored when the URI is extracted"), and
//     punctuation before the ">" is part of the URI. A line break right
//     after a hyphen keeps the hyphen, because Appendix C says that no
//     whitespace should be introduced after a hyphen: a writer who follows
//     the RFC never breaks there, so a hyphen before a break is taken to be
//     the URI's own, and the match says so with HyphenBreak. Whitespace
//     between "<" and the scheme must hold a line break, so that
//     "x < http://a/ and b > c" is read as a comparison.
//   - Inside double quotes the URI runs to the closing quote, punctuation
//     included.
//   - Elsewhere the URI ends at whitespace or at a character that no URI
//     holds ('"', '<', '>', '\', '^', '`', '{', '|', '}', controls, non-ASCII),
//     at a ")" or "]" whose opening partner is not inside the URI (so that
//     "(see http://x.org/a)" and Markdown's "[t](http://x/y)" give
//     "http://x.org/a" and "http://x/y" while ".../wiki/Go_(language)"
//     keeps its parentheses); sentence punctuation at its end (".", ",",
//     ";", ":", "!", "?", "'") is left out, and so are the "*" of
//     Markdown's emphasis ("**https://x/y**" gives "https://x/y"; a "*"
//     inside the URI stays).
//   - A candidate that does not parse as a URI (section 3) is not reported
//     and the scan goes on after it; one longer than MaxLength neither.
//   - A scheme begins at the first letter of the run of scheme characters
//     before its ":" ("1.http://a" gives "http://a"); a run of more than 64
//     is no scheme. A line break inside the scheme is not rejoined, nor
//     whitespace of more than 64 bytes between "<" (or "<URL:") and it.
//     These bounds keep what decides a match near it, so that
//     [Extractor.Stream] decides as [Extractor.All] does.
//
// An Extractor is a value: its methods do not change it, so one may be used
// by many goroutines at once, as long as none of them changes its fields.
type Extractor struct {
	// Schemes, when not empty, are the only schemes reported, compared
	// without regard to case ("http", "https", "mailto"); a URI of one of
	// them counts with or without an authority. When empty, the zero
	// Extractor's rule applies.
	Schemes []string

	// Abbreviated also reports references without a scheme that user agents
	// accept as abbreviations: "www." followed by a host name
	// ("www.example.com", "www.example.com/a"), and a host name that ends in
	// a top-level label of letters, with an optional port, followed by a
	// path ("example.com/a", "golang.org/x/net", "example.com:8080/");
	// "www." is looked for in lower case only. They
	// are reported with [Match.Abbreviated] as network-path references
	// ("//www.example.com"): the text names no scheme, so none is made up;
	// resolve one against "https:" to get a URI. The host must follow a
	// byte that cannot be part of a URI path or an e-mail address.
	Abbreviated bool

	// MaxLength is the longest URI reported, in bytes of text; 0 means
	// DefaultMaxLength. It bounds the memory of [Extractor.Stream].
	MaxLength int

	// IRI, when set, converts an IRI (RFC 3987: a URI with non-ASCII
	// characters) to its URI form, as RFC 3987, section 3.1 says, or returns
	// an error when the text is not an IRI. With it, candidates may hold
	// non-ASCII letters, marks, digits and symbols (Unicode punctuation
	// and spaces still end a URI); each candidate with a non-ASCII byte is
	// given to IRI, and the match's URI is what it returns, its span the
	// IRI's text. Without it, a non-ASCII byte ends a URI, as it ends the
	// URI grammar. An abbreviated reference with a non-ASCII byte is given
	// to IRI as a network-path reference, "//" and its text. The package's
	// IRI parser and mapping is [Options.IRIToURI], as a method value:
	// Extractor{IRI: uri.Options{}.IRIToURI}. The function must be safe to
	// call from several goroutines when the Extractor is shared.
	IRI func(text string) (URI, error)
}

// Extract returns the URIs in text that the zero [Extractor] finds.
func Extract(text string) []Match { return Extractor{}.Extract(text) }

// Extract returns the URIs in text, in the order they appear, or nil when
// there is none.
func (x Extractor) Extract(text string) []Match {
	var ms []Match
	for m := range x.All(text) {
		if len(ms) == cap(ms) {
			// Double, where append grows a large slice by a quarter:
			// half the copying on URI-dense text (a Match is 120 bytes).
			ms = slices.Grow(ms, max(len(ms), 8))
		}
		ms = append(ms, m)
	}
	return ms
}

// All returns an iterator over the URIs in text, in the order they appear.
// Each URI shares memory with text, except those that had to be rejoined
// and the abbreviated references.
func (x Extractor) All(text string) iter.Seq[Match] {
	return func(yield func(Match) bool) {
		var e engine
		e.init(&x)
		e.window(text, true)
		for {
			m, st := e.next()
			if st != found || !yield(m.match(0)) {
				return
			}
		}
	}
}

// Stream returns an iterator over the URIs in the text that r yields, for
// inputs larger than memory: it reads r in pieces and holds a window of at
// most about twice MaxLength plus 64 KiB, whatever the input. Each match is
// the one [Extractor.All] would give for the whole text, its span counted
// from the start of the stream; its URI does not share memory with the
// stream.
//
// When reading fails, the iterator yields the matches that the text read so
// far decides (not one that the failure may have cut), then an [*Error]
// whose Err wraps [ErrRead] and the reader's error (so errors.Is finds
// either) and whose Offset is the number of bytes read; then it stops.
func (x Extractor) Stream(r io.Reader) iter.Seq2[Match, error] { return x.stream(r, streamChunk) }

// stream is Stream reading at least chunk bytes at a time; the tests make
// chunk small, so that windows end everywhere.
func (x Extractor) stream(r io.Reader, chunk int) iter.Seq2[Match, error] {
	return func(yield func(Match, error) bool) {
		var e engine
		e.init(&x)
		// The window is a string view of buf, not a copy: on the prose
		// of bench/extract_test.go a copy per read (string(buf)) gave
		// 1.15 GiB/s of CPU time against 2.69 with the view (benchstat,
		// 5 interleaved rounds, p=0.008) and allocated 4.7 MiB per
		// 256 KiB read against 0.15. No string of the window outlives
		// it: each match's URI is cloned before it is yielded, and the
		// IRI hook is given a copy (see engine.parseText).
		e.borrowed = true
		var (
			buf     []byte
			base    int64 // the offset in the stream of buf[0]
			readErr error
			eof     bool
		)
		for {
			// A candidate cut by the end of the window is read again from
			// its start: the window doubles, so that this costs a constant
			// per byte. Otherwise any read that brings bytes will do, so
			// that a slow stream, such as a terminal, is scanned as it comes.
			if e.pending {
				buf, eof, readErr = fill(r, buf, max(chunk, len(buf)), true)
			} else {
				buf, eof, readErr = fill(r, buf, chunk, false)
			}
			e.window(bytesString(buf), eof)
			for {
				m, st := e.next()
				if st == more {
					break
				}
				if st == done {
					return
				}
				m.u.s = strings.Clone(m.u.s)
				if !yield(m.match(base), nil) {
					return
				}
			}
			if readErr != nil {
				yield(Match{}, newError("", int(base)+len(buf), 0, &readError{readErr}))
				return
			}
			k := e.keep()
			buf = buf[:copy(buf, buf[k:])]
			base += int64(k)
		}
	}
}

// streamChunk is the least that Stream reads before it scans again.
const streamChunk = 64 << 10

// fill appends up to n bytes from r to buf: exactly n when all is true,
// otherwise what the first read that brings any gives. It returns fewer only
// at the end of the input (eof) or on a read error, which it returns.
func fill(r io.Reader, buf []byte, n int, all bool) (_ []byte, eof bool, err error) {
	buf = slices.Grow(buf, n)
	want := len(buf) + n
	for empty := 0; len(buf) < want; {
		k, err := r.Read(buf[len(buf):want])
		buf = buf[:len(buf)+k]
		switch {
		case err == io.EOF:
			return buf, true, nil
		case err != nil:
			return buf, false, err
		case k > 0 && !all:
			return buf, false, nil
		case k == 0:
			if empty++; empty == 100 {
				return buf, false, io.ErrNoProgress
			}
		default:
			empty = 0
		}
	}
	return buf, false, nil
}

// readError wraps the error of a reader given to [Extractor.Stream]: it
// matches both ErrRead and the reader's error.
type readError struct{ err error }

func (e *readError) Error() string   { return ErrRead.Error() + ": " + e.err.Error() }
func (e *readError) Unwrap() []error { return []error{ErrRead, e.err} }

// Bytes of text, as the scan sees them. A byte may be in several classes.
const (
	xRun    = 1 << iota // passes a URI delimited by whitespace: URI characters but ( ) [ ]
	xQuote              // passes a URI inside quotes: every URI character
	xAngle              // passes a URI inside angle brackets: URI characters and whitespace
	xSpace              // whitespace that Appendix C removes inside angle brackets
	xTrail              // sentence punctuation and Markdown's "*", left out at the end of a URI
	xDomain             // a byte of an abbreviated host name: ALPHA, DIGIT, "-", ".", "_"
	xNoHost             // a byte after which no abbreviated host name begins
)

// xclass is the table of the classes above. It is computed once and never
// written after.
var xclass = func() (t [256]uint8) {
	for c := range 256 {
		b := byte(c)
		uriChar := class[b]&(cUnreserved|cSubDelim|cColon|cAt|cSlash|cQuestion) != 0 ||
			strings.IndexByte("#[]%", b) >= 0
		if uriChar {
			t[c] |= xQuote | xAngle
			if strings.IndexByte("()[]", b) < 0 {
				t[c] |= xRun
			}
		}
		if strings.IndexByte(" \t\n\v\f\r", b) >= 0 {
			t[c] |= xSpace | xAngle
		}
		if strings.IndexByte(".,;:!?'*", b) >= 0 {
			t[c] |= xTrail
		}
		if isAlpha(b) || isDigit(b) || strings.IndexByte("-._", b) >= 0 {
			t[c] |= xDomain
		}
		if class[b]&cUnreserved != 0 || strings.IndexByte("%/@:#?&=+$\\", b) >= 0 {
			t[c] |= xNoHost
		}
	}
	return t
}()

// Bounds on what the scan reads before the byte that it found. They make
// the text a match depends on bounded, so that Stream gives the same matches
// as All holding only a window of the input.
const (
	maxSchemeLen = 64  // a longer run of scheme characters before ":" is no scheme
	maxSpaceRun  = 64  // whitespace between "<" (or "<URL:") and the scheme
	maxHostLen   = 253 // an abbreviated host name (RFC 1035's 255 octets, less two)
	lookBehind   = 512 // more than any of the above reads back, with "<URL:" and a port
)

// engine is one run of the scan over a window of the text: all of it for
// All, a part for Stream. It finds the next needle (":", "/", "www."),
// reads the candidate around it and either reports a match or moves on.
type engine struct {
	x      *Extractor
	maxLen int
	iri    bool

	s        string
	final    bool // s ends where the input does
	pending  bool // the window ended inside a candidate
	borrowed bool // s is a view of Stream's buffer, valid until the next read
	pos      int  // the search for needles resumes here
	lo       int  // where the last match (or dropped candidate) ended: nothing before is read for a new one

	colon, slash, www int // the next needle of each kind at or after pos, len(s) for none, -1 unknown

	// work counts the bytes the scan has read, for the tests that hold it
	// to a constant times the input's length.
	work int
}

// status is what engine.next found.
type status uint8

const (
	found status = iota // a match
	done                // the end of the input
	more                // the end of the window: Stream must read more
)

// candidate is a match in window coordinates.
type candidate struct {
	u            URI
	start, end   int
	abbreviated  bool
	hyphenBreaks bool
}

func (c candidate) match(base int64) Match {
	return Match{URI: c.u, Start: base + int64(c.start), End: base + int64(c.end),
		Abbreviated: c.abbreviated, HyphenBreak: c.hyphenBreaks}
}

func (e *engine) init(x *Extractor) {
	e.x = x
	e.maxLen = x.MaxLength
	if e.maxLen <= 0 {
		e.maxLen = DefaultMaxLength
	}
	// So that start+maxLen+1 cannot overflow.
	e.maxLen = min(e.maxLen, math.MaxInt/4)
	e.iri = x.IRI != nil
}

// window sets the text to scan: the same text as before, from the index
// keep returned, with more after it.
func (e *engine) window(s string, final bool) {
	e.s, e.final = s, final
	e.colon, e.slash, e.www = -1, -1, -1
}

// keep returns the first byte of the window that the scan may still read,
// and moves the scan's positions to a window that begins there.
func (e *engine) keep() int {
	k := max(0, e.pos-lookBehind)
	e.pos -= k
	e.lo = max(0, e.lo-k)
	return k
}

// next finds the next match at or after e.pos.
func (e *engine) next() (candidate, status) {
	s := e.s
	for {
		// The nearest needle.
		if e.colon < e.pos {
			e.colon = e.indexFrom(e.pos, ":")
		}
		p, kind := e.colon, byte(':')
		if e.x.Abbreviated {
			if e.slash < e.pos {
				e.slash = e.indexFrom(e.pos, "/")
			}
			if e.www < e.pos {
				e.www = e.indexFrom(e.pos, "www.")
			}
			if e.slash < p {
				p, kind = e.slash, '/'
			}
			if e.www < p {
				p, kind = e.www, 'w'
			}
		}
		if p == len(s) {
			if e.final {
				return candidate{}, done
			}
			e.pos = max(e.pos, len(s)-len("www.")+1)
			e.pending = false
			return candidate{}, more
		}
		e.pos = p

		var c candidate
		var st verdict
		var resume int
		switch kind {
		case ':':
			c, st, resume = e.atColon(p)
		case '/':
			c, st, resume = e.atSlash(p)
		default:
			c, st, resume = e.atWWW(p)
		}
		switch st {
		case needMore:
			e.pending = true
			return candidate{}, more
		case accept:
			e.pos, e.lo = resume, resume
			return c, found
		case drop:
			// A candidate that was read to its end and failed: skip it,
			// so that no byte of it is read again. (One cut at MaxLength
			// may end before its needle, when MaxLength is small.)
			e.pos = max(resume, p+1)
			e.lo = e.pos
		default:
			e.pos = p + 1
		}
	}
}

// indexFrom returns the index of the first needle in s at or after i, or
// len(s).
func (e *engine) indexFrom(i int, needle string) int {
	s := e.s
	var j int
	if len(needle) == 1 {
		j = strings.IndexByte(s[i:], needle[0])
	} else {
		j = strings.Index(s[i:], needle)
	}
	if j < 0 {
		j = len(s) - i
	}
	e.work += j
	return i + j
}

// verdict is what reading the candidate around a needle gave.
type verdict uint8

const (
	reject   verdict = iota // no candidate here: go on after the needle
	accept                  // a match; go on after it
	drop                    // a candidate that is not a URI; go on after it
	needMore                // the window ends too soon to tell
)

// atColon reads the candidate whose scheme ends at the ":" at s[p]
// (RFC 3986, section 3.1): scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ).
func (e *engine) atColon(p int) (candidate, verdict, int) {
	s := e.s
	// The scheme: the run of scheme characters before the ":", from its
	// first letter. A run longer than any scheme is none.
	i := p
	for i > e.lo && class[s[i-1]]&cScheme != 0 {
		if i--; p-i > maxSchemeLen {
			return candidate{}, reject, 0
		}
	}
	e.work += p - i
	for i < p && !isAlpha(s[i]) {
		i++
	}
	if i == p {
		return candidate{}, reject, 0
	}
	if p+3 > len(s) && !e.final {
		return candidate{}, needMore, 0
	}

	// The delimiter before it: "<", "<URL:", or a double quote.
	switch e.opening(i) {
	case '<':
		c, st, resume := e.inAngles(i)
		if st != reject {
			return c, st, resume
		}
	case '"':
		c, st, resume := e.inQuotes(i, len(s[i:p]))
		if st != reject {
			return c, st, resume
		}
	}
	return e.inRun(i, len(s[i:p]))
}

// opening returns '<' when the URI that begins at s[i] is inside angle
// brackets, '"' when it is inside double quotes, or 0.
func (e *engine) opening(i int) byte {
	s := e.s
	if i > e.lo && s[i-1] == '"' {
		return '"'
	}
	// Whitespace may stand between "<URL:" and the scheme, and a line
	// break between "<" and the scheme: "x < http://a/ and b > c" is a
	// comparison, not a URI in brackets.
	j := e.skipSpaceBack(i)
	if j > e.lo && s[j-1] == '<' && (j == i || strings.ContainsAny(s[j:i], "\n\r")) {
		return '<'
	}
	if j-5 >= e.lo && s[j-5] == '<' && strings.EqualFold(s[j-4:j], "URL:") {
		return '<'
	}
	return 0
}

// skipSpaceBack returns the start of the run of at most maxSpaceRun
// whitespace bytes that ends at s[i], not before e.lo.
func (e *engine) skipSpaceBack(i int) int {
	j := i
	for j > e.lo && i-j < maxSpaceRun && xclass[e.s[j-1]]&xSpace != 0 {
		j--
	}
	e.work += i - j
	return j
}

// inAngles reads a URI that begins at s[i], inside angle brackets: up to
// the ">", whitespace removed (Appendix C).
func (e *engine) inAngles(i int) (candidate, verdict, int) {
	s := e.s
	end, st := e.scan(i, xAngle)
	if st != accept || end == len(s) || s[end] != '>' {
		if st == needMore {
			return candidate{}, needMore, 0
		}
		return candidate{}, reject, 0
	}
	last := end
	for last > i && xclass[s[last-1]]&xSpace != 0 {
		last--
	}
	text, hyphen := s[i:last], false
	if strings.ContainsFunc(text, isSpaceRune) {
		text, hyphen = rejoin(text)
		e.work += len(text)
	}
	u, ok := e.parse(text, strings.IndexByte(text, ':'))
	if !ok {
		return candidate{}, reject, 0
	}
	return candidate{u: u, start: i, end: last, hyphenBreaks: hyphen}, accept, end + 1
}

func isSpaceRune(r rune) bool { return r < utf8.RuneSelf && xclass[r]&xSpace != 0 }

// rejoin removes the whitespace of a URI broken across lines, and reports
// whether a line break came right after a hyphen (see [Match.HyphenBreak]).
func rejoin(s string) (string, bool) {
	var b strings.Builder
	b.Grow(len(s))
	hyphen := false
	for i := 0; i < len(s); {
		if xclass[s[i]]&xSpace == 0 {
			b.WriteByte(s[i])
			i++
			continue
		}
		j, lineBreak := i, false
		for j < len(s) && xclass[s[j]]&xSpace != 0 {
			lineBreak = lineBreak || s[j] == '\n' || s[j] == '\r'
			j++
		}
		if lineBreak && i > 0 && s[i-1] == '-' {
			hyphen = true
		}
		i = j
	}
	return b.String(), hyphen
}

// inQuotes reads a URI that begins at s[i], after a double quote: up to the
// closing quote, which must come before any whitespace. schemeLen is the
// length of its scheme.
func (e *engine) inQuotes(i, schemeLen int) (candidate, verdict, int) {
	s := e.s
	if !e.wanted(s[i:i+schemeLen], s[i+schemeLen+1:]) {
		return candidate{}, reject, 0
	}
	end, st := e.scan(i, xQuote)
	if st != accept || end == len(s) || s[end] != '"' {
		if st == needMore {
			return candidate{}, needMore, 0
		}
		return candidate{}, reject, 0
	}
	u, ok := e.parse(s[i:end], schemeLen)
	if !ok {
		return candidate{}, reject, 0
	}
	return candidate{u: u, start: i, end: end}, accept, end + 1
}

// inRun reads a URI that begins at s[i] and is delimited by whitespace, or
// by nothing at all: up to a byte that no URI holds, or a ")" or "]"
// without its partner, less the sentence punctuation at its end.
func (e *engine) inRun(i, schemeLen int) (candidate, verdict, int) {
	s := e.s
	if !e.wanted(s[i:i+schemeLen], s[i+schemeLen+1:]) {
		return candidate{}, reject, 0
	}
	last, end, st := e.run(i, i+schemeLen+1)
	if st != accept {
		return candidate{}, st, end
	}
	u, ok := e.parse(s[i:last], schemeLen)
	if !ok {
		return candidate{}, drop, end
	}
	return candidate{u: u, start: i, end: last}, accept, last
}

// run scans a candidate delimited by whitespace from s[i] and returns its
// end without the sentence punctuation at its end (never before trimFrom),
// the end of the scan, and the scan's verdict: accept, or needMore or drop
// (see scan), for which the caller gives up.
func (e *engine) run(i, trimFrom int) (last, end int, v verdict) {
	end, v = e.scan(i, xRun)
	last = end
	for last > trimFrom && xclass[e.s[last-1]]&xTrail != 0 {
		last--
	}
	return last, end, v
}

// scan reads the bytes of class from s[i] on, with ( ) [ ] balanced for
// xRun, and returns the index of the first byte that ends the candidate.
// The verdict is accept when it found that byte or the end of the input,
// needMore when the window ended first, and drop when the candidate runs
// longer than MaxLength (end is then where the scan may go on).
func (e *engine) scan(i int, cls uint8) (int, verdict) {
	end, v := e.scanFrom(i, cls)
	e.work += end - i
	return end, v
}

func (e *engine) scanFrom(i int, cls uint8) (int, verdict) {
	s := e.s
	start := i
	limit := len(s)
	if start+e.maxLen < limit {
		limit = start + e.maxLen + 1
	}
	var parens, brackets int
	for i < limit {
		// Eight bytes at a time while all are in the class: most of a URI.
		for i+8 <= limit {
			w := s[i : i+8]
			if xclass[w[0]]&xclass[w[1]]&xclass[w[2]]&xclass[w[3]]&
				xclass[w[4]]&xclass[w[5]]&xclass[w[6]]&xclass[w[7]]&cls == 0 {
				break
			}
			i += 8
		}
		for i < limit && xclass[s[i]]&cls != 0 {
			i++
		}
		if i == limit {
			break
		}
		c := s[i]
		if cls == xRun {
			switch c {
			case '(':
				parens++
				i++
				continue
			case '[':
				brackets++
				i++
				continue
			case ')':
				if parens > 0 {
					parens--
					i++
					continue
				}
			case ']':
				if brackets > 0 {
					brackets--
					i++
					continue
				}
			}
		}
		if c >= utf8.RuneSelf && e.iri {
			if r, n := utf8.DecodeRuneInString(s[i:]); isIRIRune(r, n) {
				i += n
				continue
			}
			if !e.final && !utf8.FullRuneInString(s[i:]) {
				return i, needMore
			}
		}
		return i, accept
	}
	switch {
	case i-start > e.maxLen:
		return i, drop
	case !e.final:
		return i, needMore
	}
	return i, accept
}

// isIRIRune reports whether the non-ASCII rune r, of n bytes, may be part of
// an IRI in text: a letter, mark, number or symbol. Unicode punctuation
// (such as the quotes “ ” and the full stop 。) and spaces end it.
func isIRIRune(r rune, n int) bool {
	if r == utf8.RuneError && n <= 1 {
		return false
	}
	return unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.S)
}

// wanted reports whether a URI of scheme whose text after the ":" begins
// with rest counts: see [Extractor].
func (e *engine) wanted(scheme, rest string) bool {
	if len(e.x.Schemes) > 0 {
		for _, w := range e.x.Schemes {
			if strings.EqualFold(w, scheme) {
				return true
			}
		}
		return false
	}
	return strings.HasPrefix(rest, "//") || opaqueScheme(scheme)
}

// opaqueScheme reports whether URIs of scheme are often written without an
// authority, and are found without one.
func opaqueScheme(scheme string) bool {
	if len(scheme) < 3 || len(scheme) > 6 {
		return false
	}
	var b [6]byte
	for i := 0; i < len(scheme); i++ {
		b[i] = lower(scheme[i])
	}
	switch string(b[:len(scheme)]) {
	case "about", // RFC 6694
		"cid", "mid", // RFC 2392
		"data",        // RFC 2397
		"file",        // RFC 8089, section 2 (file:/path)
		"geo",         // RFC 5870
		"info",        // RFC 4452
		"magnet",      // IANA, provisional
		"mailto",      // RFC 6068
		"news",        // RFC 5538
		"sip", "sips", // RFC 3261
		"sms",  // RFC 5724
		"tag",  // RFC 4151
		"tel",  // RFC 3966
		"urn",  // RFC 8141
		"xmpp": // RFC 5122
		return true
	}
	return false
}

// parse parses the candidate text, whose scheme is schemeLen bytes long, as
// a URI, through the IRI hook when it holds a non-ASCII byte. A URI that is
// no more than its scheme, ":" and perhaps "//" names no resource and is not
// reported.
func (e *engine) parse(text string, schemeLen int) (URI, bool) {
	if schemeLen <= 0 || !e.wanted(text[:schemeLen], text[schemeLen+1:]) {
		return URI{}, false
	}
	if rest := text[schemeLen+1:]; rest == "" || rest == "//" {
		return URI{}, false
	}
	u, err := e.parseText(text, ParseURI)
	if err != nil || !u.HasScheme() {
		return URI{}, false
	}
	return u, true
}

// parseText parses text with parse, or with the IRI hook when text holds a
// non-ASCII byte.
func (e *engine) parseText(text string, parse func(string) (URI, error)) (URI, error) {
	if e.iri && !isASCII(text) {
		if e.borrowed {
			text = strings.Clone(text)
		}
		return e.x.IRI(text)
	}
	return parse(text)
}

func isASCII(s string) bool { return ascii.Is(s) }

// atWWW reads the abbreviated reference that begins with the "www." at s[p].
func (e *engine) atWWW(p int) (candidate, verdict, int) {
	s := e.s
	if p > 0 && xclass[s[p-1]]&xNoHost != 0 {
		return candidate{}, reject, 0
	}
	if p+len("www.")+1 > len(s) && !e.final {
		return candidate{}, needMore, 0
	}
	return e.abbreviated(p, true)
}

// atSlash reads the abbreviated reference whose host name (and port) ends
// at the "/" at s[p].
func (e *engine) atSlash(p int) (candidate, verdict, int) {
	s := e.s
	h, ok := e.hostBack(p)
	// A port: digits after a ":".
	if ok && h < p && h-1 >= e.lo && s[h-1] == ':' && p-h <= 5 && strings.Trim(s[h:p], "0123456789") == "" {
		h, ok = e.hostBack(h - 1)
	}
	if !ok || h == p || h > 0 && xclass[s[h-1]]&xNoHost != 0 {
		return candidate{}, reject, 0
	}
	host, _, _ := strings.Cut(s[h:p], ":")
	if !isDomain(host) {
		return candidate{}, reject, 0
	}
	return e.abbreviated(h, false)
}

// hostBack returns the start of the run of host name bytes that ends at
// s[i], not before e.lo, or false when the run is longer than a host name.
func (e *engine) hostBack(i int) (int, bool) {
	h := i
	for h > e.lo && xclass[e.s[h-1]]&xDomain != 0 {
		if h--; i-h > maxHostLen {
			return 0, false
		}
	}
	e.work += i - h
	return h, true
}

// isDomain reports whether s is a host name of the kind user agents take
// for one without a scheme: labels of letters, digits, "-" and "_",
// separated by dots, the last of at least two letters.
func isDomain(s string) bool {
	dot := strings.LastIndexByte(s, '.')
	if dot <= 0 || len(s)-dot-1 < 2 {
		return false
	}
	for i := dot + 1; i < len(s); i++ {
		if !isAlpha(s[i]) {
			return false
		}
	}
	for label := range strings.SplitSeq(s[:dot], ".") {
		if label == "" {
			return false
		}
	}
	return true
}

// abbreviated reads an abbreviated reference that begins at s[i], delimited
// as a URI without a scheme, and reports it as a network-path reference.
// www tells that it begins with "www.", whose host name is checked here.
func (e *engine) abbreviated(i int, www bool) (candidate, verdict, int) {
	last, end, st := e.run(i, i)
	if st != accept {
		return candidate{}, st, end
	}
	text := e.s[i:last]
	host := text
	if k := strings.IndexAny(text, "/?#:"); k >= 0 {
		host = text[:k]
	}
	// What fails once read to its end is skipped, as in inRun, so that no
	// later "/" reads it again.
	if www && !isWWWHost(host) {
		return candidate{}, drop, end
	}
	u, err := e.parseText("//"+text, Parse)
	if err != nil || u.HasScheme() || u.HostKind() != HostRegName || u.Host() == "" {
		return candidate{}, drop, end
	}
	return candidate{u: u, start: i, end: last, abbreviated: true}, accept, last
}

// isWWWHost reports whether host is "www." followed by labels of letters,
// digits, "-" and "_" separated by dots.
func isWWWHost(host string) bool {
	rest, ok := strings.CutPrefix(host, "www.")
	if !ok {
		return false
	}
	for label := range strings.SplitSeq(rest, ".") {
		if label == "" {
			return false
		}
		for i := 0; i < len(label); i++ {
			if xclass[label[i]]&xDomain == 0 {
				return false
			}
		}
	}
	return true
}
