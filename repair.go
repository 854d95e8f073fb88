package uri

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/ferret-go/uri/internal/idnafast"
)

// Repair: what people paste and crawlers scrape, made a URI, with every
// change reported. The model is the W3C's "Legacy extended IRI" (LEIRI,
// XML Linking and XML Schema's anyURI): an IRI that may also hold the
// characters RFC 3986 forbids but real URLs carry, which become a URI by
// percent-encoding them (RFC 3987, section 3.1, applied to a wider set).

// RepairKind says why [Repair] changed some text.
type RepairKind uint8

const (
	// RepairTrim: white space or C0 controls before or after the reference
	// were removed.
	RepairTrim RepairKind = iota + 1
	// RepairEncode: a character that no component allows (a space, a
	// control, `"`, "<", ">", "\", "^", "`", "{", "|", "}", DEL) was
	// percent-encoded.
	RepairEncode
	// RepairPercent: a "%" not followed by two hexadecimal digits was
	// encoded as "%25".
	RepairPercent
	// RepairNonASCII: a non-ASCII character outside the host was
	// percent-encoded as UTF-8 (RFC 3987, section 3.1), or a byte that is
	// not UTF-8 was percent-encoded as it is.
	RepairNonASCII
	// RepairDelimiter: a delimiter where it cannot be one was
	// percent-encoded: "#" inside the fragment, "[" or "]" outside an
	// IP-literal, "@" in the userinfo (the last "@" of the authority ends
	// it, as browsers and net/url read it).
	RepairDelimiter
	// RepairIDNA: a host with non-ASCII characters was written as A-labels
	// (IDNA ToASCII).
	RepairIDNA
	// RepairSeveral: changes of different kinds, merged into one because
	// the input has more changes than [Options.Repair] reports one by one
	// (64, and one more for every 128 bytes of input): its Old and New
	// span the text between them too.
	RepairSeveral
	// RepairSlash: in a URL of a special scheme other than file, the
	// slashes (or backslashes, or none) after the scheme were written
	// "//", or the "\" that ends the authority was written "/", as the URL
	// Standard reads them (special authority slashes state, authority
	// state); or, in a reference without a scheme read against a page of
	// such a scheme, the run of two or more "/" and "\" that begins it
	// was written "//" (relative slash state). Only whatwg.Repair and
	// whatwg.RepairRef make this change.
	RepairSlash
	// RepairHost: the host and port were written as the URL Standard
	// serializes them, where RFC 3986 read another host or port in the
	// text (an IPv4 address in another form, a host with a tab, IDNA
	// mapped otherwise). Only whatwg.Repair makes this change.
	RepairHost
	// RepairDotSegment: "./" was written before the first segment of a
	// relative-path reference, which holds a ":" after text that cannot
	// be a scheme (":foo.com", "[61:24:74]:98", "10.0.0.7:8080/x"): RFC
	// 3986, section 4.2, says such a segment "must be preceded by a
	// dot-segment", and the URL Standard reads the text as a path (no
	// scheme state). Only whatwg.Repair and whatwg.RepairRef make this
	// change.
	RepairDotSegment
)

var repairKindNames = [...]string{
	RepairTrim:       "trimmed",
	RepairEncode:     "encoded a character no component allows",
	RepairPercent:    `encoded a "%" that begins no triplet`,
	RepairNonASCII:   "encoded a non-ASCII character as UTF-8",
	RepairDelimiter:  "encoded a delimiter out of place",
	RepairIDNA:       "wrote the host as A-labels (IDNA)",
	RepairSeveral:    "several changes, merged (more than are reported one by one)",
	RepairSlash:      `wrote the slashes as the URL Standard reads them`,
	RepairHost:       "wrote the host and port as the URL Standard reads them",
	RepairDotSegment: `wrote "./" before a first segment holding ":"`,
}

// String returns a short description, such as "encoded a delimiter out of
// place".
func (k RepairKind) String() string {
	if int(k) < len(repairKindNames) && repairKindNames[k] != "" {
		return repairKindNames[k]
	}
	return "RepairKind(" + strconv.Itoa(int(k)) + ")"
}

var repairKindKeys = [...]string{
	RepairTrim:       "trim",
	RepairEncode:     "encode",
	RepairPercent:    "percent",
	RepairNonASCII:   "non-ascii",
	RepairDelimiter:  "delimiter",
	RepairIDNA:       "idna",
	RepairSeveral:    "several",
	RepairSlash:      "slash",
	RepairHost:       "host",
	RepairDotSegment: "dot-segment",
}

// MarshalText implements [encoding.TextMarshaler]: a short stable name for
// k ("trim", "encode", "percent", "non-ascii", "delimiter", "idna",
// "several", "slash", "host" or "dot-segment"), the
// "reason" of the uri command's repair --json. An unknown kind is an error.
func (k RepairKind) MarshalText() ([]byte, error) {
	if int(k) < len(repairKindKeys) && repairKindKeys[k] != "" {
		return []byte(repairKindKeys[k]), nil
	}
	return nil, errors.New("uri: unknown RepairKind " + strconv.Itoa(int(k)))
}

// UnmarshalText implements [encoding.TextUnmarshaler] for the names
// MarshalText writes.
func (k *RepairKind) UnmarshalText(text []byte) error {
	for i, name := range repairKindKeys {
		if name != "" && name == string(text) {
			*k = RepairKind(i)
			return nil
		}
	}
	return errors.New("uri: unknown RepairKind " + strconv.Quote(string(text)))
}

// A Change is one change [Repair] made: the text Old at byte offset Offset
// of the input became New, for the reason Kind.
type Change struct {
	Offset    int
	Old, New  string
	Kind      RepairKind
	Component Component
}

// String returns a line such as `offset 18: path: " " -> "%20" (encoded a
// character no component allows)`.
func (c Change) String() string {
	return "offset " + strconv.Itoa(c.Offset) + ": " + c.Component.String() + ": " +
		strconv.Quote(c.Old) + " -> " + strconv.Quote(c.New) + " (" + c.Kind.String() + ")"
}

// Repair makes s a URI with the zero [Options]: see [Options.Repair].
func Repair(s string) (URI, []Change, error) { return Options{}.Repair(s) }

// Repair turns s, a URL as people paste it or crawlers scrape it, into a
// valid URI reference, and reports each change it made with its offset in
// s and its reason, in the order of s. It
//   - removes white space and C0 controls before and after the reference;
//   - percent-encodes the characters no component allows (space, controls,
//     `"`, "<", ">", "\", "^", "`", "{", "|", "}", DEL), a "%" not followed
//     by two hexadecimal digits, and delimiters out of place (a second "#",
//     "[" or "]" outside an IP-literal, any "@" of the authority but the
//     last);
//   - percent-encodes non-ASCII characters outside the host as UTF-8, and
//     a byte that is not UTF-8 as it is;
//   - writes a host with non-ASCII characters as A-labels, under o.IDNA.
//
// This is the LEIRI-to-URI mapping of the W3C, with the choices a
// browser's address bar makes where the text is ambiguous. Repair does not
// guess where the grammar leaves no room: a bad scheme, an invalid
// IP-literal, a port that is not digits or a host that IDNA rejects stay
// errors, an [*Error] whose Input is s and whose offset is in s. What
// Repair returns parses strictly (with o's options), and repairing it again
// changes nothing. Text that is already a valid reference comes back as it
// is, with no change.
//
// Repair reads s as RFC 3986 does, for every scheme: a "\" is encoded, not
// read as "/", and a host is what RFC 3986 reads, so that for the URL
// Standard's special schemes (http, https, ws, wss, ftp, file) the result
// may name another host than the one a browser given s would reach
// ("http://evil.com\@good.com/" becomes "http://evil.com%5C@good.com/",
// whose host is good.com, where a browser goes to evil.com). Where s is a
// URL that a browser may follow, use whatwg.Repair instead, which keeps the
// scheme, host and port the URL Standard reads, or fails.
//
// Limits: o's limits are checked on s before the work: MaxLength on s
// itself and on the length of the result, which a first pass over s
// reckons without writing it; MaxSegments, MaxQueryParams and (for a host
// that needs no IDNA) MaxHostLength on the components as s splits them,
// which Repair does not add to. Memory: the result is made in one array of
// its length, and the changes, a record of about 48 bytes each, are
// reported one by one up to 64 plus one for every 128 bytes of s; past
// that, a change is merged into the one before it when both are in the
// same component, across the text between them, with the kind
// [RepairSeveral] when their kinds differ. So Repair allocates at most
// about 3.4 times the length of s (three for a result in which every byte
// is encoded), and most inputs far less. A host with non-ASCII characters
// is mapped label by label into the result when it is made of letters and
// digits that IDNA keeps, ASCII letters, digits and "-" (nothing more than
// the result for a 16 MiB host of "éa." labels, 21 bytes a byte before);
// any other such host costs what golang.org/x/net/idna's mapping of the
// whole host costs besides, about 20 bytes a byte.
func (o Options) Repair(s string) (URI, []Change, error) {
	if err := textTooLong(s); err != nil {
		return URI{}, nil, err
	}
	if err := o.tooLong(s); err != nil {
		return URI{}, nil, err
	}
	start, end := 0, len(s)
	for start < end && s[start] <= ' ' {
		start++
	}
	for end > start && s[end-1] <= ' ' {
		end--
	}
	t := s[start:end]
	u, err := o.Parse(t)
	if err == nil || isLimit(err) {
		if err != nil {
			// Valid but over a limit: Repair changes nothing that
			// would bring it under.
			e := err.(*Error)
			return URI{}, nil, newError(s, start+e.Offset, e.Component, e.Err)
		}
		var changes []Change
		if start > 0 {
			changes = append(changes, Change{Offset: 0, Old: s[:start], Kind: RepairTrim})
		}
		if end < len(s) {
			changes = append(changes, Change{Offset: end, Old: s[end:], Kind: RepairTrim})
		}
		return u, changes, nil
	}

	// First pass: how long the result is, how many changes there are,
	// the host's A-labels, and the limits; nothing is written.
	r := repairer{in: s, base: start, o: o, count: true, lastAt: -1, overAt: -1, hostOverAt: -1}
	if err := r.run(t); err != nil {
		return URI{}, nil, err
	}
	if err := r.limits(t); err != nil {
		return URI{}, nil, err
	}
	// Second pass: the result, written into an array of its length.
	r.count = false
	r.budget = 64 + len(t)/128
	r.out = make([]byte, 0, r.n)
	r.changes = make([]Change, 0, min(r.starts, r.budget)+8)
	if start > 0 {
		r.changes = append(r.changes, Change{Offset: 0, Old: s[:start], Kind: RepairTrim})
	}
	if err := r.run(t); err != nil {
		return URI{}, nil, err
	}
	// r.out is not written again: the result takes its memory rather
	// than a copy (repair --json on two 4 MiB lines of "#": 20,031 ->
	// 13,584 page faults, 1.02 -> 0.70 s).
	u, err = o.Parse(bytesString(r.out))
	if err != nil {
		e := err.(*Error)
		return URI{}, nil, newError(s, r.inputOffset(e.Offset), e.Component, e.Err)
	}
	if end < len(s) {
		r.changes = append(r.changes, Change{Offset: end, Old: s[end:], Kind: RepairTrim})
	}
	return u, r.changes, nil
}

// isLimit reports whether err is one of the limits of [Options]. An
// [*Error] is asked about its cause: the other error its Unwrap gives, the
// component's (ErrInvalidScheme, ErrInvalidHost, ErrInvalidPort), is no
// limit, and Unwrap makes a slice for each errors.Is, which on every input
// Repair changes cost four allocations and about 1,700 instructions
// (http:// and "[" x 1 KiB: 23,600 -> 21,900 instructions, callgrind).
func isLimit(err error) bool {
	if e, ok := err.(*Error); ok {
		err = e.Err
	}
	return errors.Is(err, ErrTooLong) || errors.Is(err, ErrTooManySegments) ||
		errors.Is(err, ErrTooManyQueryParams) || errors.Is(err, ErrHostTooLong)
}

// repairer writes the repaired text of s[base:], recording each change. It
// runs twice over the text: counting (count set), then writing into room
// made once.
type repairer struct {
	in   string
	base int
	o    Options

	// The counting pass: n, the length of the result so far; starts,
	// how many changes (a run of one kind in one component counted once,
	// as written); cKind, cComp and cEnd, the last change, for that;
	// overAt and hostOverAt, the offset in the input at which the result
	// and its host pass o.MaxLength and o.MaxHostLength (-1: not yet);
	// hostN, the host's length so far.
	count              bool
	n, starts          int
	cKind              RepairKind
	cComp              Component
	cEnd               int
	overAt, hostOverAt int
	hostN              int
	// Where the counting pass split the text, which the writing pass
	// takes rather than scan again: path, query ("?") and fragment ("#")
	// starts in the trimmed text; in the authority, the userinfo's last
	// "@" (-1: none) and the host's end; and whether IDNA maps the host
	// (then hostA is its A-label form, escaped).
	pathAt, queryAt, fragAt int
	userAt, hostStop        int
	hostIDNA                bool
	hostA                   string
	// idna maps the host label by label, when it can (hostFast): then
	// hostA is not kept, and the writing pass maps the host again
	// into the result.
	idna     *idnafast.Mapper
	hostFast bool

	// The writing pass.
	out     []byte
	changes []Change
	// budget: how many changes are kept one by one; past it, a change in
	// the component of the last one is merged into it.
	budget int
	// lastAt: where the last change's New begins in out (-1: none, or
	// the leading trim).
	lastAt int
	quiet  bool // record no change (the host written alone for IDNA)
}

// Bits of repairClass: what Repair does with a byte.
const (
	rEncode  = 1 << iota // no component allows it: space, controls, `"<>\^{|}` and "`", DEL
	rPercent             // "%": kept before two hex digits, else encoded
	rHigh                // above 0x7F
	rBracket             // "[" or "]": a delimiter out of place outside an IP-literal
	rAt                  // "@": out of place in the userinfo
	rHash                // "#": out of place in the fragment
)

var repairClass = func() (t [256]uint8) {
	for c := range 256 {
		switch {
		case c <= ' ' || c == 0x7F || strings.IndexByte("\"<>\\^`{|}", byte(c)) >= 0:
			t[c] = rEncode
		case c == '%':
			t[c] = rPercent
		case c >= utf8.RuneSelf:
			t[c] = rHigh
		case c == '[' || c == ']':
			t[c] = rBracket
		case c == '@':
			t[c] = rAt
		case c == '#':
			t[c] = rHash
		}
	}
	return
}()

// run repairs t, the trimmed input, by regions found as RFC 3986, Appendix
// B splits a reference, but with the last "@" of the authority ending the
// userinfo.
func (r *repairer) run(t string) *Error {
	i := 0
	// scheme ":", not repaired: text before the first ":" that is no
	// scheme is a path, repaired as one, which the final parse judges.
	if k, err := parseScheme(t); err == nil && k > 0 {
		i = k
		r.copy(t, 0, i, ComponentScheme)
	}
	// The writing pass takes the splits the counting pass found: the
	// scans that find them (IndexAny, LastIndexByte) cost more than the
	// rest of a pass on text that is one long authority (http:// and
	// "[" x 64 Ki: 45 -> 23 instructions a byte, callgrind).
	pathStart := r.pathAt
	if r.count {
		pathStart = i
	}
	if strings.HasPrefix(t[i:], "//") {
		r.copy(t, i, i+2, 0)
		authEnd := pathStart
		if r.count {
			authEnd = len(t)
			if k := strings.IndexAny(t[i+2:], "/?#"); k >= 0 {
				authEnd = i + 2 + k
			}
		}
		if err := r.authority(t, i+2, authEnd); err != nil {
			return err
		}
		pathStart = authEnd
	}
	if r.count {
		queryStart := len(t)
		if k := strings.IndexAny(t[pathStart:], "?#"); k >= 0 {
			queryStart = pathStart + k
		}
		fragStart := len(t)
		if k := strings.IndexByte(t[queryStart:], '#'); k >= 0 {
			fragStart = queryStart + k
		}
		r.pathAt, r.queryAt, r.fragAt = pathStart, queryStart, fragStart
	}
	queryStart, fragStart := r.queryAt, r.fragAt
	r.text(t, pathStart, queryStart, ComponentPath, rBracket)
	if queryStart < fragStart {
		r.copy(t, queryStart, queryStart+1, ComponentQuery)
		r.text(t, queryStart+1, fragStart, ComponentQuery, rBracket)
	}
	if fragStart < len(t) {
		r.copy(t, fragStart, fragStart+1, ComponentFragment)
		r.text(t, fragStart+1, len(t), ComponentFragment, rBracket|rHash)
	}
	return nil
}

// authority repairs the authority t[i:end]: the userinfo up to the last
// "@", then the host, then the port, left as it is.
func (r *repairer) authority(t string, i, end int) *Error {
	if r.count {
		r.userAt = -1
		if at := strings.LastIndexByte(t[i:end], '@'); at >= 0 {
			r.userAt = i + at
		}
	}
	if at := r.userAt; at >= 0 {
		r.text(t, i, at, ComponentUserinfo, rBracket|rAt)
		r.copy(t, at, at+1, ComponentUserinfo)
		i = at + 1
	}
	if r.count {
		r.hostStop = end
		if i < end && t[i] == '[' {
			if k := strings.IndexByte(t[i:end], ']'); k >= 0 {
				r.hostStop = i + k + 1
			}
		} else if k := strings.LastIndexByte(t[i:end], ':'); k >= 0 {
			r.hostStop = i + k
		}
	}
	hostEnd := r.hostStop
	r.hostN = 0
	if i < end && t[i] == '[' {
		// An IP-literal: repaired by nobody, judged by the final parse.
		r.copy(t, i, hostEnd, ComponentHost)
	} else if err := r.host(t, i, hostEnd); err != nil {
		return err
	}
	r.copy(t, hostEnd, end, ComponentPort)
	return nil
}

// host repairs the reg-name t[i:end]: encoded as any text, but with its
// non-ASCII characters left for IDNA, which then maps the whole host. The
// counting pass does the IDNA mapping, so that its errors come before any
// room is made; the writing pass writes its result.
func (r *repairer) host(t string, i, end int) *Error {
	if !r.count {
		if r.hostIDNA {
			at := len(r.out)
			if r.hostFast {
				r.out, _ = r.idna.AppendHost(r.out, t[i:end])
			} else {
				r.out = append(r.out, r.hostA...)
			}
			r.record(Change{Offset: r.base + i, Old: t[i:end], Kind: RepairIDNA, Component: ComponentHost}, at)
			return nil
		}
		r.text(t, i, end, ComponentHost, rBracket)
		return nil
	}
	if firstNonASCII(t[i:end]) == end-i {
		r.text(t, i, end, ComponentHost, rBracket)
		return nil
	}
	// The common host (ASCII letters, digits, "-" and ".", and letters
	// IDNA keeps), which Repair writes as it is, mapped label by label
	// without the copies below: golang.org/x/net/idna allocates about 21
	// bytes a byte of a host of short labels (a 16 MiB host of "éa."
	// labels), the Mapper nothing per label. The writing pass maps it
	// again. Any other host, or profile, is golang.org/x/net/idna's.
	if r.o.IDNA != IDNALookup {
		if r.idna == nil {
			r.idna = new(idnafast.Mapper)
		}
		if n, ok := r.idna.Len(t[i:end]); ok {
			r.hostIDNA, r.hostFast = true, true
			r.n += n
			r.starts++
			return nil
		}
	}
	// The host written alone, with its changes not recorded: IDNA needs
	// its text.
	w := repairer{in: r.in, base: r.base, quiet: true, out: make([]byte, 0, 3*(end-i))}
	w.text(t, i, end, ComponentHost, rBracket)
	if firstNonASCII(bytesString(w.out)) == len(w.out) {
		// Only bytes that are not UTF-8, each encoded: no IDNA.
		r.text(t, i, end, ComponentHost, rBracket)
		return nil
	}
	host := bytesString(w.out)
	a, err := r.o.IDNA.hostToASCII(host, 0, len(host))
	if err != nil {
		// The host's offset in the input; the label's is within it.
		err.Offset = r.base + i + r.offsetIn(t[i:end], host, err.Offset)
		err.Input = r.in
		return err
	}
	r.hostIDNA = true
	r.hostA = string(appendEscape(nil, a, charset(EscapeHost)))
	r.n += len(r.hostA)
	r.starts++
	return nil
}

// offsetIn maps an offset in the repaired host back to the raw host: the
// same when nothing was encoded, otherwise the host's start.
func (r *repairer) offsetIn(raw, repaired string, off int) int {
	if raw == repaired {
		return off
	}
	return 0
}

// limits checks o's limits on what the counting pass found, before any
// room is made for the result: MaxLength on the result's length, the
// others on the components as the text splits them (Repair adds no "/" to
// the path, no "&" to the query, and only makes an ASCII host longer).
func (r *repairer) limits(t string) *Error {
	o := r.o
	if o.MaxLength > 0 && r.overAt >= 0 {
		return newError(r.in, r.overAt, componentAt(r.in[r.base:], r.overAt-r.base), ErrTooLong)
	}
	if o.MaxHostLength > 0 && r.hostOverAt >= 0 {
		return newError(r.in, r.hostOverAt, ComponentHost, ErrHostTooLong)
	}
	if o.MaxSegments > 0 && r.queryAt > r.pathAt {
		path := t[r.pathAt:r.queryAt]
		if strings.Count(path, "/") >= o.MaxSegments {
			return newError(r.in, r.base+r.pathAt+nthIndex(path, '/', o.MaxSegments), ComponentPath, ErrTooManySegments)
		}
	}
	if o.MaxQueryParams > 0 && r.queryAt < r.fragAt {
		q := t[r.queryAt+1 : r.fragAt]
		if strings.Count(q, "&") >= o.MaxQueryParams {
			return newError(r.in, r.base+r.queryAt+1+nthIndex(q, '&', o.MaxQueryParams), ComponentQuery, ErrTooManyQueryParams)
		}
	}
	return nil
}

// copy writes t[i:end], unchanged, of component comp; counting, it counts
// it, and notes where the result passes the limits.
func (r *repairer) copy(t string, i, end int, comp Component) {
	if !r.count {
		r.out = append(r.out, t[i:end]...)
		return
	}
	r.counted(end-i, i, 1, comp)
}

// counted adds n bytes of result made from the input at t[i], unit bytes
// of result for each byte of input, and notes the input offset at which
// the result, or its host, passes its limit.
func (r *repairer) counted(n, i, unit int, comp Component) {
	if m := r.o.MaxLength; m > 0 && r.overAt < 0 && r.n+n > m {
		r.overAt = r.base + i + (m-r.n)/unit
	}
	r.n += n
	if comp == ComponentHost {
		if m := r.o.MaxHostLength; m > 0 && r.hostOverAt < 0 && r.hostN+n > m {
			r.hostOverAt = r.base + i + (m-r.hostN)/unit
		}
		r.hostN += n
	}
}

// text repairs t[i:end] of component comp, where the repairClass bits
// extra mark the ASCII delimiters that cannot stand there, and writes it.
// Non-ASCII characters of a host are kept, for IDNA.
func (r *repairer) text(t string, i, end int, comp Component, extra uint8) {
	bad := uint8(rEncode|rPercent|rHigh) | extra
	for i < end {
		// The run of bytes that stay as they are, written at once.
		j := i
		for j < end && repairClass[t[j]]&bad == 0 {
			j++
		}
		if j > i {
			r.copy(t, i, j, comp)
			if i = j; i == end {
				return
			}
		}
		c := t[i]
		cl := repairClass[c]
		switch cl {
		case rPercent:
			if i+2 < end && isHex(t[i+1]) && isHex(t[i+2]) {
				r.copy(t, i, i+3, comp)
				i += 3
				continue
			}
			// A run of lone "%" is encoded at once.
			j := i + 1
			for j < end && t[j] == '%' && !(j+2 < end && isHex(t[j+1]) && isHex(t[j+2])) {
				j++
			}
			r.encode(t, i, j-i, RepairPercent, comp)
			i = j
		case rHigh:
			_, n := utf8.DecodeRuneInString(t[i:end])
			if comp == ComponentHost && n > 1 {
				r.copy(t, i, i+n, comp)
			} else {
				r.encode(t, i, n, RepairNonASCII, comp)
			}
			i += n
		default:
			// A run of bytes of one class (to encode, or one delimiter
			// out of place) is encoded at once.
			j := i + 1
			for j < end && repairClass[t[j]] == cl {
				j++
			}
			kind := RepairDelimiter
			if cl == rEncode {
				kind = RepairEncode
			}
			r.encode(t, i, j-i, kind, comp)
			i = j
		}
	}
}

// encode writes the n bytes at t[i] percent-encoded and records the change,
// as part of the previous one when that is of the same kind and component
// and ends where this one begins: a run of lone "%" is one change.
func (r *repairer) encode(t string, i, n int, kind RepairKind, comp Component) {
	if r.count {
		r.counted(3*n, i, 3, comp)
		if kind != r.cKind || comp != r.cComp || i != r.cEnd {
			r.starts++
		}
		r.cKind, r.cComp, r.cEnd = kind, comp, i+n
		return
	}
	at := len(r.out)
	for k := i; k < i+n; k++ {
		r.out = append(r.out, '%', upperhex[t[k]>>4], upperhex[t[k]&15])
	}
	r.record(Change{Offset: r.base + i, Old: t[i : i+n], Kind: kind, Component: comp}, at)
}

// record appends c, whose New text was written in r.out from offset at to
// its end; or merges it into the last change, when that is in the same
// component and either ends where c begins and is of c's kind, or the
// changes are over budget. The New texts are cut from r.out, which was made
// at the result's length and so does not move.
func (r *repairer) record(c Change, at int) {
	if r.quiet {
		return
	}
	if k := len(r.changes) - 1; k >= 0 && r.lastAt >= 0 {
		p := &r.changes[k]
		end := p.Offset + len(p.Old)
		if p.Component == c.Component && end <= c.Offset &&
			(end == c.Offset && p.Kind == c.Kind || len(r.changes) >= r.budget) {
			if p.Kind != c.Kind {
				p.Kind = RepairSeveral
			}
			p.Old = r.in[p.Offset : c.Offset+len(c.Old)]
			p.New = bytesString(r.out[r.lastAt:])
			return
		}
	}
	c.New = bytesString(r.out[at:])
	r.changes = append(r.changes, c)
	r.lastAt = at
}

// inputOffset maps an offset in the repaired text back to the input: into a
// change, its offset; between changes, shifted by what they added.
func (r *repairer) inputOffset(off int) int {
	shift := r.base // input offset minus output offset, between changes
	for _, c := range r.changes {
		if c.Kind == RepairTrim {
			continue
		}
		at := c.Offset - shift
		if off < at {
			break
		}
		if off < at+len(c.New) {
			return c.Offset
		}
		shift += len(c.Old) - len(c.New)
	}
	return off + shift
}
