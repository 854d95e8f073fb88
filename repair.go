package uri

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/ferret-go/uri/internal/grow"
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
)

var repairKindNames = [...]string{
	RepairTrim:      "trimmed",
	RepairEncode:    "encoded a character no component allows",
	RepairPercent:   `encoded a "%" that begins no triplet`,
	RepairNonASCII:  "encoded a non-ASCII character as UTF-8",
	RepairDelimiter: "encoded a delimiter out of place",
	RepairIDNA:      "wrote the host as A-labels (IDNA)",
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
	RepairTrim:      "trim",
	RepairEncode:    "encode",
	RepairPercent:   "percent",
	RepairNonASCII:  "non-ascii",
	RepairDelimiter: "delimiter",
	RepairIDNA:      "idna",
}

// MarshalText implements [encoding.TextMarshaler]: a short stable name for
// k ("trim", "encode", "percent", "non-ascii", "delimiter" or "idna"), the
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
// errors, an [*Error] whose Input is s and whose offset is in s. A "\" is
// encoded, not read as "/" as browsers read it in http URLs. What Repair
// returns parses strictly (with o's options), and repairing it again
// changes nothing. Text that is already a valid reference comes back as it
// is, with no change.
func (o Options) Repair(s string) (URI, []Change, error) {
	var changes []Change
	start, end := 0, len(s)
	for start < end && s[start] <= ' ' {
		start++
	}
	for end > start && s[end-1] <= ' ' {
		end--
	}
	if start > 0 {
		changes = append(changes, Change{Offset: 0, Old: s[:start], Kind: RepairTrim})
	}
	t := s[start:end]
	if u, err := o.Parse(t); err == nil {
		if end < len(s) {
			changes = append(changes, Change{Offset: end, Old: s[end:], Kind: RepairTrim})
		}
		return u, changes, nil
	}

	r := repairer{in: s, base: start, o: o, changes: changes}
	if err := r.run(t); err != nil {
		return URI{}, nil, err
	}
	if end < len(s) {
		r.changes = append(r.changes, Change{Offset: end, Old: s[end:], Kind: RepairTrim})
	}
	// r.out is not written again: the result takes its memory rather
	// than a copy (repair --json on two 4 MiB lines of "#": 20,031 ->
	// 13,584 page faults, 1.02 -> 0.70 s).
	out := bytesString(r.out)
	for k, at := range r.outAt {
		if at >= 0 {
			r.changes[k].New = out[at : at+r.newLen[k]]
		}
	}
	u, err := o.Parse(out)
	if err != nil {
		e := err.(*Error)
		return URI{}, nil, newError(s, r.inputOffset(e.Offset), e.Component, e.Err)
	}
	return u, r.changes, nil
}

// repairer writes the repaired text of s[base:], recording each change.
type repairer struct {
	in      string
	base    int
	o       Options
	out     []byte
	changes []Change
	// For each change in changes, where its New text is written in out
	// (-1 for the leading trim) and how long it is. New itself is cut from
	// the final text at the end, so that a run of changes coalesced into
	// one costs no copy per byte.
	outAt, newLen []int
}

// run repairs t, the trimmed input, by regions found as RFC 3986, Appendix
// B splits a reference, but with the last "@" of the authority ending the
// userinfo.
func (r *repairer) run(t string) *Error {
	r.out = make([]byte, 0, len(t)+len(t)/4+8)
	i := 0
	// scheme ":", not repaired: text before the first ":" that is no
	// scheme is a path, repaired as one, which the final parse judges.
	if k, err := parseScheme(t); err == nil && k > 0 {
		i = k
		r.out = append(r.out, t[:i]...)
	}
	pathStart := i
	if strings.HasPrefix(t[i:], "//") {
		r.out = append(r.out, "//"...)
		authEnd := len(t)
		if k := strings.IndexAny(t[i+2:], "/?#"); k >= 0 {
			authEnd = i + 2 + k
		}
		if err := r.authority(t, i+2, authEnd); err != nil {
			return err
		}
		pathStart = authEnd
	}
	queryStart := len(t)
	if k := strings.IndexAny(t[pathStart:], "?#"); k >= 0 {
		queryStart = pathStart + k
	}
	fragStart := len(t)
	if k := strings.IndexByte(t[pathStart:], '#'); k >= 0 {
		fragStart = pathStart + k
	}
	r.text(t, pathStart, queryStart, ComponentPath, "[]")
	if queryStart < fragStart {
		r.out = append(r.out, '?')
		r.text(t, queryStart+1, fragStart, ComponentQuery, "[]")
	}
	if fragStart < len(t) {
		r.out = append(r.out, '#')
		r.text(t, fragStart+1, len(t), ComponentFragment, "[]#")
	}
	return nil
}

// authority repairs the authority t[i:end]: the userinfo up to the last
// "@", then the host, then the port, left as it is.
func (r *repairer) authority(t string, i, end int) *Error {
	if at := strings.LastIndexByte(t[i:end], '@'); at >= 0 {
		r.text(t, i, i+at, ComponentUserinfo, "[]@")
		r.out = append(r.out, '@')
		i += at + 1
	}
	hostEnd := end
	if i < end && t[i] == '[' {
		// An IP-literal: repaired by nobody, judged by the final parse.
		if k := strings.IndexByte(t[i:end], ']'); k >= 0 {
			hostEnd = i + k + 1
		}
		r.out = append(r.out, t[i:hostEnd]...)
	} else {
		if k := strings.LastIndexByte(t[i:end], ':'); k >= 0 {
			hostEnd = i + k
		}
		if err := r.host(t, i, hostEnd); err != nil {
			return err
		}
	}
	r.out = append(r.out, t[hostEnd:end]...)
	return nil
}

// host repairs the reg-name t[i:end]: encoded as any text, but with its
// non-ASCII characters left for IDNA, which then maps the whole host.
func (r *repairer) host(t string, i, end int) *Error {
	n, k := len(r.out), len(r.changes)
	r.text(t, i, end, ComponentHost, "[]")
	if h := bytesString(r.out[n:]); firstNonASCII(h) == len(h) {
		return nil // ASCII: looked at without a copy (3x a long "%" host)
	}
	host := string(r.out[n:])
	a, err := r.o.IDNA.hostToASCII(host, 0, len(host))
	if err != nil {
		// The host's offset in the input; the label's is within it.
		err.Offset = r.base + i + r.offsetIn(t[i:end], host, err.Offset)
		err.Input = r.in
		return err
	}
	a = string(appendEscape(nil, a, charset(EscapeHost)))
	// One change for the host replaces those made inside it.
	r.changes = r.changes[:k]
	r.outAt, r.newLen = r.outAt[:min(k, len(r.outAt))], r.newLen[:min(k, len(r.newLen))]
	r.out = append(r.out[:n], a...)
	r.record(Change{Offset: r.base + i, Old: t[i:end], Kind: RepairIDNA, Component: ComponentHost}, n)
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

// text repairs t[i:end] of component comp, where extra lists the ASCII
// delimiters that cannot stand there, and writes it to r.out. Non-ASCII
// characters of a host are kept, for IDNA.
func (r *repairer) text(t string, i, end int, comp Component, extra string) {
	for i < end {
		c := t[i]
		switch {
		case c == '%' && i+2 < end && isHex(t[i+1]) && isHex(t[i+2]):
			r.out = append(r.out, t[i:i+3]...)
			i += 3
			continue
		case c == '%':
			r.encode(t, i, 1, RepairPercent, comp)
		case c >= utf8.RuneSelf:
			_, n := utf8.DecodeRuneInString(t[i:end])
			if comp == ComponentHost && n > 1 {
				r.out = append(r.out, t[i:i+n]...)
			} else {
				r.encode(t, i, n, RepairNonASCII, comp)
			}
			i += n
			continue
		case c <= ' ' || c == 0x7F || strings.IndexByte("\"<>\\^`{|}", c) >= 0:
			r.encode(t, i, 1, RepairEncode, comp)
		case strings.IndexByte(extra, c) >= 0:
			r.encode(t, i, 1, RepairDelimiter, comp)
		default:
			r.out = append(r.out, c)
		}
		i++
	}
}

// encode writes the n bytes at t[i] percent-encoded and records the change,
// as part of the previous one when that is of the same kind and component
// and ends where this one begins: a run of lone "%" is one change.
func (r *repairer) encode(t string, i, n int, kind RepairKind, comp Component) {
	at := len(r.out)
	// Room for the run, and when the output must grow, room for the rest
	// of t at the rate of output to input so far (at most three bytes a
	// byte), or twice its room if that is more: append alone grows a long
	// output by a quarter at a time, copying it each time (two lines of 4
	// MiB of "#" grew through 30 arrays each; repair --json on them
	// faulted 20,031 times), and doubling made 8.8 times a 4 MiB run of
	// "@" to repair it into 3 times its length, where this makes 4.3.
	if cap(r.out)-len(r.out) < 3*n {
		rest := len(t) - i
		rate := float64(len(r.out)) / float64(max(i, 1))
		r.out = grow.Bytes(r.out, max(3*n, min(3*rest, int(rate*float64(rest))+rest/8)))
	}
	for k := i; k < i+n; k++ {
		r.out = append(r.out, '%', upperhex[t[k]>>4], upperhex[t[k]&15])
	}
	if k := len(r.changes) - 1; k >= 0 && k < len(r.outAt) && r.outAt[k] >= 0 {
		c := &r.changes[k]
		if c.Kind == kind && c.Component == comp && c.Offset+len(c.Old) == r.base+i && r.outAt[k]+r.newLen[k] == at {
			c.Old = r.in[c.Offset : r.base+i+n]
			r.newLen[k] = len(r.out) - r.outAt[k]
			return
		}
	}
	r.record(Change{Offset: r.base + i, Old: t[i : i+n], Kind: kind, Component: comp}, at)
}

// record appends c, whose New text was written in r.out from offset at to
// its end.
func (r *repairer) record(c Change, at int) {
	for len(r.outAt) < len(r.changes) {
		// The leading trim: before the output.
		r.outAt, r.newLen = append(r.outAt, -1), append(r.newLen, 0)
	}
	// Doubling: a change every other byte of a long input is common
	// enough in pasted text.
	r.changes = append(grow.Slice(r.changes, 1), c)
	r.outAt = append(grow.Slice(r.outAt, 1), at)
	r.newLen = append(grow.Slice(r.newLen, 1), len(r.out)-at)
}

// inputOffset maps an offset in the repaired text back to the input: into a
// change, its offset; between changes, shifted by what they added.
func (r *repairer) inputOffset(off int) int {
	shift := r.base
	for k, c := range r.changes {
		if k >= len(r.outAt) || r.outAt[k] < 0 {
			continue
		}
		at := r.outAt[k]
		if off < at {
			break
		}
		if off < at+r.newLen[k] {
			return c.Offset
		}
		shift = c.Offset + len(c.Old) - (at + r.newLen[k])
	}
	return off + shift
}
