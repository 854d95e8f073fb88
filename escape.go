package uri

import (
	"strings"
	"unsafe"

	"github.com/ferret-go/uri/internal/grow"
)

// Percent-encoding, RFC 3986, sections 2.1 to 2.5.
//
// A component's ABNF lists the characters it allows literally; every other
// octet of a data string must be written as a pct-encoded triplet when the
// component is produced (section 2.4). Escaping here encodes exactly the
// octets the chosen component does not allow literally and nothing more, so
// unreserved characters are never encoded (section 2.3) and reserved
// characters the component allows (such as ":" in a path) stay literal. Text
// is taken as octets: a UTF-8 character becomes one triplet per byte, as
// section 2.5 says for new schemes, and invalid UTF-8 is encoded byte by byte
// the same way. The hexadecimal digits are uppercase (section 2.1: "should use
// uppercase hexadecimal digits").

// EscapeMode names the component, or part of a component, that decoded text
// is escaped for by [Escape] and [AppendEscape], and unescaped from by
// [Unescape]. Each mode allows literally what its grammar rule allows; all
// modes encode "%" (section 2.4) and allow the unreserved characters. A mode
// outside the list below encodes everything but the unreserved characters,
// which is safe in any component.
type EscapeMode uint8

const (
	// EscapeUserinfo: userinfo (section 3.2.1). Allows sub-delims and ":".
	EscapeUserinfo EscapeMode = iota + 1
	// EscapeHost: reg-name (section 3.2.2). Allows sub-delims. The result is
	// always a reg-name; an IP address is written by [URI.WithHost] or
	// [URI.WithAddr].
	EscapeHost
	// EscapePath: a whole path (section 3.3). Allows pchar and "/", so "/"
	// separates segments; use EscapeSegment for data that may hold "/".
	EscapePath
	// EscapePathNoScheme: a path that may begin a relative reference
	// (path-noscheme, section 3.3): as EscapePath, and a ":" before the first
	// "/" is encoded, so that it cannot be read as a scheme delimiter.
	EscapePathNoScheme
	// EscapeSegment: one path segment (section 3.3). Allows pchar, so "/"
	// becomes "%2F".
	EscapeSegment
	// EscapeQuery: a whole query (section 3.4). Allows pchar, "/" and "?",
	// so "&" and "=" stay literal and keep their usual delimiting role.
	EscapeQuery
	// EscapeQueryPart: a key or a value of a query parameter. As EscapeQuery,
	// and "&", "=" and "+" are encoded: the first two delimit pairs, and "+"
	// would read as a space to a form decoder.
	EscapeQueryPart
	// EscapeForm: a key or a value in application/x-www-form-urlencoded
	// style. As EscapeQueryPart, except that a space becomes "+"; when
	// unescaping, "+" becomes a space.
	EscapeForm
	// EscapeFragment: a fragment (section 3.5). Allows pchar, "/" and "?".
	EscapeFragment
)

// charset indexes the bits of literal: the public modes first, with the same
// numbers, then the sets only this package uses. Its last values are not
// sets but ways of writing a piece of text: as it is, or as a path whose
// first segment is escaped as segment-nz-nc.
type charset uint8

const (
	csUnreserved charset = 0 // the fallback for unknown modes
	// csSegNC is the first segment of a relative-path reference
	// (segment-nz-nc, section 3.3): pchar without ":".
	csSegNC        = charset(EscapeFragment + 1)
	numCharsets    = csSegNC + 1
	csRaw          = numCharsets     // written as it is: already valid text
	csPathNoScheme = numCharsets + 1 // EscapePathNoScheme's split
)

// charset returns the set m escapes with; an unknown mode gives
// csUnreserved, EscapePathNoScheme its split.
func (m EscapeMode) charset() charset {
	switch {
	case m == EscapePathNoScheme:
		return csPathNoScheme
	case m > EscapeFragment:
		return csUnreserved
	}
	return charset(m)
}

// literal[c] has bit cs set when octet c stands for itself in charset cs.
// The table is derived from class once and never written after.
var literal = func() (t [256]uint16) {
	allow := [numCharsets]uint8{
		csUnreserved:       cUnreserved,
		EscapeUserinfo:     mUserinfo,
		EscapeHost:         mRegName,
		EscapePath:         mPath,
		EscapePathNoScheme: mPath, // the first segment is escaped as csSegNC
		EscapeSegment:      mPchar,
		EscapeQuery:        mQuery,
		EscapeQueryPart:    mQuery,
		EscapeForm:         mQuery,
		EscapeFragment:     mQuery,
		csSegNC:            mSegNC,
	}
	for c := range t {
		for m, mask := range allow {
			if class[c]&mask != 0 {
				t[c] |= 1 << m
			}
		}
	}
	// Pair delimiters, and "+" which form decoders read as a space.
	for _, c := range "&=+" {
		t[c] &^= 1<<EscapeQueryPart | 1<<EscapeForm
	}
	return t
}()

const (
	upperhex = "0123456789ABCDEF"
	formBit  = 1 << EscapeForm
)

// triplets holds "%00%01...%FF": the triplet of octet c is
// triplets[3*c:3*c+3]. It is computed once and never written after.
var triplets = func() string {
	b := make([]byte, 0, 3*256)
	for c := 0; c < 256; c++ {
		b = append(b, '%', upperhex[c>>4], upperhex[c&15])
	}
	return string(b)
}()

// escTable is how one charset writes each octet, for the loops that
// escape: word[c] holds the bytes octet c becomes (c itself, "+" for a
// space in form mode, or its triplet "%XY"), and n[c] their number. A loop
// stores the whole word where the octet goes and moves on by n[c], one
// store and no branch an octet; the bytes of the word past n[c] are
// overwritten by the next octet's, or fall in room the caller gave and
// does not keep. Measuring is a sum of n. Against the test of literal with
// a branch for each octet that needs encoding, per octet of 1 KiB with a
// space in six bytes (callgrind, bench/row38.sh): writing 12.0 -> 5.7
// instructions, measuring 7.0 -> 4.3.
type escTable struct {
	word [256][4]byte
	n    [256]uint8
	bit  uint16 // the charset's bit in literal
}

// escTables[cs] is charset cs's escTable, derived from literal once and
// never written after.
var escTables = func() (t [numCharsets]escTable) {
	for cs := range t {
		e := &t[cs]
		e.bit = 1 << cs
		for c := range 256 {
			switch {
			case literal[c]&e.bit != 0:
				e.word[c], e.n[c] = [4]byte{byte(c)}, 1
			case c == ' ' && e.bit == formBit:
				e.word[c], e.n[c] = [4]byte{'+'}, 1
			default:
				e.word[c], e.n[c] = [4]byte{'%', upperhex[c>>4], upperhex[c&15]}, 3
			}
		}
	}
	return t
}()

// table returns cs's escTable; for csPathNoScheme, that of the path.
func (cs charset) table() *escTable {
	if cs == csPathNoScheme {
		cs = charset(EscapePath)
	}
	return &escTables[cs]
}

// bit returns cs's bit in literal; for csPathNoScheme, that of the path.
func (cs charset) bit() uint16 {
	if cs == csPathNoScheme {
		cs = charset(EscapePath)
	}
	return 1 << cs
}

// component returns the component that m escapes for, for errors.
func (m EscapeMode) component() Component {
	switch m {
	case EscapeUserinfo:
		return ComponentUserinfo
	case EscapeHost:
		return ComponentHost
	case EscapePath, EscapePathNoScheme, EscapeSegment:
		return ComponentPath
	case EscapeQuery, EscapeQueryPart, EscapeForm:
		return ComponentQuery
	case EscapeFragment:
		return ComponentFragment
	}
	return 0
}

// split returns the two stretches of s that are escaped with one table
// each: for csPathNoScheme the first segment and the rest; otherwise all of
// s and nothing.
func (cs charset) split(s string) (head string, ht *escTable, tail string, tt *escTable) {
	if cs == csPathNoScheme {
		k := strings.IndexByte(s, '/')
		if k < 0 {
			k = len(s)
		}
		return s[:k], &escTables[csSegNC], s[k:], &escTables[EscapePath]
	}
	t := cs.table()
	return s, t, "", t
}

// firstUnsafe returns the index of the first octet of s that is not literal
// under bit b, or len(s). It tests four octets per step while all pass,
// a loop written so that the compiler proves its indices (Escape of 1 KiB
// with nothing to encode: 5,672 -> 4,650 instructions, callgrind).
func firstUnsafe(s string, b uint16) int {
	i := 0
	for ; i <= len(s)-4; i += 4 {
		t := s[i : i+4]
		if literal[t[0]]&literal[t[1]]&literal[t[2]]&literal[t[3]]&b == 0 {
			break
		}
	}
	for ; i < len(s); i++ {
		if literal[s[i]]&b == 0 {
			return i
		}
	}
	return len(s)
}

// escapedLen returns the length of s written with tab: the sum of its
// octets' lengths, eight at a time and without a branch (four at a time:
// 4.3 instructions an octet, eight: 3.5; callgrind).
func escapedLen(s string, tab *escTable) int {
	n, l, i := 0, &tab.n, 0
	for ; i <= len(s)-8; i += 8 {
		t := s[i : i+8]
		n += int(l[t[0]]) + int(l[t[1]]) + int(l[t[2]]) + int(l[t[3]]) +
			int(l[t[4]]) + int(l[t[5]]) + int(l[t[6]]) + int(l[t[7]])
	}
	for ; i < len(s); i++ {
		n += int(l[s[i]])
	}
	return n
}

// fillEscaped writes s with tab into t, which has room for it
// (escapedLen(s, tab) bytes), and returns the number of bytes written.
func fillEscaped(t []byte, s string, tab *escTable) int {
	if len(t) >= 3*len(s) {
		return fillRoomy(t, s, tab)
	}
	// Room measured to the byte (appendEscaped, escapeFrom): the measure
	// alone says the writes fit, so fillRoomy takes only as many octets
	// as the room left holds at three bytes each, which it proves without
	// the measure; each stretch takes at least a third of what is left.
	// The checked loop below does the last octets.
	j := 0
	for len(s) >= roomyMin {
		m := min((len(t)-j-1)/3, len(s)) // a byte to spare: putWords straight
		if m < roomyMin {
			break
		}
		j += fillRoomy(t[j:], s[:m], tab)
		s = s[m:]
	}
	return fillChecked(t, j, s, tab)
}

// fillChecked writes s with tab into t from j, each write bounds-checked,
// and returns the end: the last octets of fillEscaped and fillTight, where
// the room left does not prove an unsafe store fits.
func fillChecked(t []byte, j int, s string, tab *escTable) int {
	for i := 0; i < len(s); i++ {
		c := s[i]
		w := &tab.word[c]
		if tab.n[c] == 1 {
			t[j] = w[0]
			j++
			continue
		}
		u := t[j : j+3 : j+3] // one bounds check for the three
		u[0], u[1], u[2] = w[0], w[1], w[2]
		j += 3
	}
	return j
}

// roomyMin is the fewest octets that fillEscaped hands to fillRoomy at a
// time: below it, a call costs more than the checks it spares.
const roomyMin = 16

// fillRoomy is fillEscaped for a t with room for three bytes per octet of
// s, the most any octet takes, so that no write can pass its end: it
// writes through an unsafe pointer (putWords), without a bounds check per
// byte.
func fillRoomy(t []byte, s string, tab *escTable) int {
	_ = t[:3*len(s)] // the room, checked: the callers give it
	return putWords(unsafe.Pointer(unsafe.SliceData(t)), s, tab, len(t) == 3*len(s))
}

// putWords writes s with tab at p, where there are 3*len(s)+1 bytes of
// room, or 3*len(s) if exact, and returns the number of bytes written. Each
// octet is one 4-byte store of its word, whose last byte (and more, for an
// octet written as itself) the next octet's word overwrites; that of the
// last octet falls in the byte of room to spare or, if exact, is not
// written. It is the loop of fillRoomy; Escape has its own for short texts.
//
// The writes go through an unsafe pointer, the callers having proved the
// room once. Counted against the same loops storing through checked slices
// (callgrind, bench/row38.sh's escapes), the checks doubled the
// instructions: Escape of 1 KiB with a space in six bytes 11,999 -> 24,666
// (net/url's PathEscape 31,922), of 1 KiB of UTF-8 12,167 -> 24,744
// (46,847), of 16 bytes with spaces in form mode 379 -> 545 (580);
// WithDecodedQuery of 16 such bytes 829 -> 1,032 (1,356).
func putWords(p unsafe.Pointer, s string, tab *escTable, exact bool) int {
	word, n := &tab.word, &tab.n // one nil check, not one an octet
	last := s
	if exact && len(s) > 0 {
		last, s = s[len(s)-1:], s[:len(s)-1]
	}
	j, i := 0, 0
	for ; i <= len(s)-8; i += 8 {
		t := s[i : i+8]
		j = putQuad(p, j, t[0], t[1], t[2], t[3], word, n)
		j = putQuad(p, j, t[4], t[5], t[6], t[7], word, n)
	}
	if i <= len(s)-4 {
		t := s[i : i+4]
		j = putQuad(p, j, t[0], t[1], t[2], t[3], word, n)
		i += 4
	}
	for ; i < len(s); i++ {
		c := s[i]
		*(*[4]byte)(unsafe.Add(p, j)) = word[c]
		j += int(n[c])
	}
	if exact && len(last) > 0 {
		c := last[0]
		*(*[3]byte)(unsafe.Add(p, j)) = [3]byte(word[c][:3])
		j += int(n[c])
	}
	return j
}

// putQuad writes octets c0 to c3 at p+j as putWords does, where there are
// 13 bytes of room, and returns the end. It is the step of putWords and of
// Escape's loop for short texts, and is inlined into both.
func putQuad(p unsafe.Pointer, j int, c0, c1, c2, c3 byte, word *[256][4]byte, n *[256]uint8) int {
	*(*[4]byte)(unsafe.Add(p, j)) = word[c0]
	j += int(n[c0])
	*(*[4]byte)(unsafe.Add(p, j)) = word[c1]
	j += int(n[c1])
	*(*[4]byte)(unsafe.Add(p, j)) = word[c2]
	j += int(n[c2])
	*(*[4]byte)(unsafe.Add(p, j)) = word[c3]
	return j + int(n[c3])
}

// escapeLen returns the length of s written in charset cs, and whether
// escaping changes s at all.
func escapeLen(s string, cs charset) (n int, changed bool) {
	switch cs {
	case csRaw:
		return len(s), false
	case csPathNoScheme:
		head, ht, tail, tt := cs.split(s)
		i := firstUnsafe(head, ht.bit)
		j := firstUnsafe(tail, tt.bit)
		if i == len(head) && j == len(tail) {
			return len(s), false
		}
		return i + escapedLen(head[i:], ht) + j + escapedLen(tail[j:], tt), true
	}
	tab := cs.table()
	i := firstUnsafe(s, tab.bit)
	if i == len(s) {
		return len(s), false
	}
	return i + escapedLen(s[i:], tab), true
}

// appendEscaped appends s written in charset cs to t, where n is that
// length (escapeLen's).
func appendEscaped(t []byte, s string, cs charset, n int) []byte {
	if cs == csRaw {
		return append(t, s...)
	}
	head, ht, tail, tt := cs.split(s)
	l := len(t)
	t = grow.Bytes(t, n)[:l+n]
	k := fillEscaped(t[l:], head, ht)
	fillEscaped(t[l+k:], tail, tt)
	return t
}

// writeEscape writes s in charset cs, as [Escape] does.
func writeEscape(w *strings.Builder, s string, cs charset) {
	switch cs {
	case csRaw:
		w.WriteString(s)
	case csPathNoScheme:
		head, ht, tail, tt := cs.split(s)
		writeEscaped(w, head, ht)
		writeEscaped(w, tail, tt)
	default:
		writeEscaped(w, s, cs.table())
	}
}

// writeEscaped writes s with tab: runs of literal octets whole, and the
// rest in chunks escaped on the stack, so that text where most octets need
// encoding costs one copy per chunk rather than a call per triplet.
func writeEscaped(w *strings.Builder, s string, tab *escTable) {
	var chunk [escapeChunk*3 + 1]byte // a byte to spare: putWords straight
	for s != "" {
		i := firstUnsafe(s, tab.bit)
		w.WriteString(s[:i])
		s = s[i:]
		k := min(len(s), escapeChunk)
		w.Write(chunk[:fillRoomy(chunk[:], s[:k], tab)])
		s = s[k:]
	}
}

// escapeChunk is how many octets writeEscaped escapes at a time.
const escapeChunk = 256

// Escape returns s percent-encoded for the component that m names: every
// octet that the component does not allow literally becomes "%" and two
// uppercase hexadecimal digits (RFC 3986, section 2.1). When nothing needs
// encoding, s itself is returned and nothing is allocated; otherwise the
// result is the one allocation.
//
// Escape is for producing a component from data (section 2.4); escaping text
// that is already percent-encoded encodes its "%" again.
func Escape(s string, m EscapeMode) string {
	tab := modeTable[m]
	if tab == nil {
		return escapeNoScheme(s)
	}
	if len(s) == 1 {
		// A constant: s, its triplet, or "+" for a space in form mode.
		switch c := s[0]; {
		case literal[c]&tab.bit != 0:
			return s
		case tab.n[c] == 1:
			return "+"
		default:
			return triplets[3*int(c) : 3*int(c)+3]
		}
	}
	i := firstUnsafe(s, tab.bit)
	if i == len(s) {
		return s
	}
	if len(s) >= escapeShort/3 {
		return escapeFrom(s, i, tab)
	}
	// A short text, escaped into a buffer that holds it whatever it
	// holds (with putWords's byte to spare): the length bound keeps the
	// unsafe writes inside buf. The loop is putWords's, here rather than
	// called: 16 bytes with three spaces in form mode took 444
	// instructions through a function and a call to putWords, 379 here
	// (net/url 580; callgrind).
	var buf [escapeShort]byte
	p, word, n := unsafe.Pointer(&buf), &tab.word, &tab.n
	j := 0
	if i >= 8 {
		// A long run of literal octets, copied whole; shorter ones go
		// through the loop, cheaper than a call.
		copy(buf[:], s[:i])
		j, s = i, s[i:]
	}
	k := 0
	for ; k <= len(s)-8; k += 8 {
		t := s[k : k+8]
		j = putQuad(p, j, t[0], t[1], t[2], t[3], word, n)
		j = putQuad(p, j, t[4], t[5], t[6], t[7], word, n)
	}
	for ; k < len(s); k++ {
		c := s[k]
		*(*[4]byte)(unsafe.Add(p, j)) = word[c]
		j += int(n[c])
	}
	return string(buf[:j])
}

// fillTight writes s with tab at the start of t, up to cap(t), and returns
// the number of bytes written: for room measured to the byte, with three
// bytes to spare for the last octet's word, where fillRoomy needs three
// bytes an octet. Eight octets, then four, go through putQuad's unsafe
// stores while the room left holds the most they can take (25 and 13
// bytes, a word's last byte included), then one while it holds a word; the
// last ones, with less room (none when the measure and the three bytes are
// there), through t, checked. So the unsafe writes stay inside t whatever s
// holds, and a measure that was short panics rather than write past t.
// Without the bytes to spare, where no block of eight could run, apply's
// WithDecodedQuery of 16 bytes took 1,058 instructions instead of 925
// (callgrind); the unsafe stores are putWords's, and so is their measured
// win over checked ones.
func fillTight(t []byte, s string, tab *escTable) int {
	t = t[:cap(t)]
	p, word, n := unsafe.Pointer(unsafe.SliceData(t)), &tab.word, &tab.n
	j, k := 0, 0
	for ; k <= len(s)-8 && len(t)-j >= 3*8+1; k += 8 {
		u := s[k : k+8]
		j = putQuad(p, j, u[0], u[1], u[2], u[3], word, n)
		j = putQuad(p, j, u[4], u[5], u[6], u[7], word, n)
	}
	for ; k <= len(s)-4 && len(t)-j >= 3*4+1; k += 4 {
		u := s[k : k+4]
		j = putQuad(p, j, u[0], u[1], u[2], u[3], word, n)
	}
	for ; k < len(s) && len(t)-j >= 4; k++ {
		c := s[k]
		*(*[4]byte)(unsafe.Add(p, j)) = word[c]
		j += int(n[c])
	}
	if k == len(s) {
		return j // the common case: the measure's three bytes held the last word
	}
	return fillChecked(t, j, s[k:], tab)
}

// modeTable[m] is the escTable of every EscapeMode m but
// EscapePathNoScheme, whose entry is nil: one load where the switch of
// charset costs a fifth of Escape of a short text with nothing to encode
// (callgrind). It is computed once and never written after.
var modeTable = func() (t [256]*escTable) {
	for m := range t {
		if EscapeMode(m) != EscapePathNoScheme {
			t[m] = EscapeMode(m).charset().table()
		}
	}
	return t
}()

// escapeNoScheme is Escape in EscapePathNoScheme mode, whose first segment
// and rest are escaped differently.
func escapeNoScheme(s string) string {
	n, changed := escapeLen(s, csPathNoScheme)
	if !changed {
		return s
	}
	var b strings.Builder
	b.Grow(n)
	writeEscape(&b, s, csPathNoScheme)
	return b.String()
}

// escapeFrom returns s escaped with tab, where s[i] is the first octet to
// encode. It is apart from Escape so that the path where nothing needs
// encoding stays small.
func escapeFrom(s string, i int, tab *escTable) string {
	var buf [256]byte
	if i+3*(len(s)-i) < len(buf) { // a byte to spare: putWords straight
		// Short enough to escape in one pass, whatever it holds.
		copy(buf[:], s[:i])
		n := i + fillRoomy(buf[i:], s[i:], tab)
		return string(buf[:n])
	}
	n := i + escapedLen(s[i:], tab)
	if n <= len(buf) {
		copy(buf[:], s[:i])
		fillEscaped(buf[i:], s[i:], tab)
		return string(buf[:n])
	}
	var b strings.Builder
	b.Grow(n)
	b.WriteString(s[:i])
	writeEscaped(&b, s[i:], tab)
	return b.String()
}

// escapeShort is the size of Escape's buffer for short texts, which holds
// any text of less than a third of it escaped, with a byte to spare for
// putWords.
const escapeShort = 64

// AppendEscape appends s percent-encoded as [Escape] does to dst and returns
// the extended buffer. It allocates only when dst must grow.
func AppendEscape(dst []byte, s string, m EscapeMode) []byte {
	return appendEscape(dst, s, m.charset())
}

// appendEscape appends s written in charset cs to t. When t has room for
// the longest result, three bytes per octet, it writes in one pass;
// otherwise it measures first, so as to grow t once.
func appendEscape(t []byte, s string, cs charset) []byte {
	if cs == csRaw {
		return append(t, s...)
	}
	l := len(t)
	if cap(t)-l >= 3*len(s) {
		room := t[l:cap(t)]
		if cs != csPathNoScheme {
			return t[:l+fillFrom(room, s, cs.table())]
		}
		head, ht, tail, tt := cs.split(s)
		k := fillFrom(room, head, ht)
		k += fillFrom(room[k:], tail, tt)
		return t[:l+k]
	}
	n, changed := escapeLen(s, cs)
	if !changed {
		return append(t, s...)
	}
	return appendEscaped(t, s, cs, n)
}

// fillFrom is fillEscaped for a t with room for three bytes per octet of s:
// the literal octets that a longer s begins with are copied whole.
func fillFrom(t []byte, s string, tab *escTable) int {
	// t has the room fillRoomy needs: it is called straight, not through
	// fillEscaped, a call fewer for each piece a Builder writes.
	if len(s) <= 32 {
		// Shorter than a scan and a copy: a clean octet costs the scan
		// about 4.5 instructions and the table 5.7, and the copy's call
		// about 40 (WithDecodedPath of 16 bytes 876 -> 867 instructions
		// with nothing to encode, 918 -> 867 with spaces; callgrind).
		return fillRoomy(t, s, tab)
	}
	return fillAfter(t, s, tab, firstUnsafe(s, tab.bit))
}

// fillAfter is fillFrom for an s whose first i octets are known to be
// literal under tab (firstUnsafe's answer): they are copied whole when
// there are 8 or more, and the rest goes through the table.
func fillAfter(t []byte, s string, tab *escTable, i int) int {
	if i < 8 {
		return fillRoomy(t, s, tab) // a short run: cheaper in the loop than a copy
	}
	copy(t, s[:i])
	if i == len(s) {
		return i
	}
	return i + fillRoomy(t[i:], s[i:], tab)
}

// Unescape decodes the pct-encoded triplets of s (RFC 3986, section 2.1), as
// text of the component that m names. Only in [EscapeForm] mode does "+"
// decode to a space; every other mode decodes the same way. Other characters
// are copied as they are, whether or not the component allows them, so
// Unescape never rejects data; the result is octets and need not be UTF-8.
//
// A "%" not followed by two hexadecimal digits gives an [*Error] with cause
// [ErrInvalidPercentEncoding] and its offset in s. When s holds nothing to
// decode, s itself is returned and nothing is allocated.
func Unescape(s string, m EscapeMode) (string, error) {
	form := m == EscapeForm
	var i int
	if len(s) <= 32 {
		i = firstDecodeShort(s, form)
	} else {
		i = firstDecode(s, form)
	}
	if i == len(s) {
		return s, nil
	}
	if len(s) == 1 && s[0] == '+' {
		return " ", nil
	}
	return unescapeFrom(s, i, m)
}

// unescapeFrom decodes s, where s[i] is the first octet to decode.
func unescapeFrom(s string, i int, m EscapeMode) (string, error) {
	k, err := checkTriplets(s, i, m)
	if err != nil {
		return "", err
	}
	return decode(s, i, len(s)-2*k, m == EscapeForm), nil
}

// AppendUnescape appends s decoded as [Unescape] does to dst and returns the
// extended buffer. On error dst is returned unchanged.
func AppendUnescape(dst []byte, s string, m EscapeMode) ([]byte, error) {
	form := m == EscapeForm
	i := firstDecode(s, form)
	if i == len(s) {
		return append(dst, s...), nil
	}
	k, err := checkTriplets(s, i, m)
	if err != nil {
		return dst, err
	}
	n := len(s) - 2*k
	l := len(dst)
	dst = grow.Bytes(dst, n)[:l+n]
	copy(dst[l:], s[:i])
	unescapeChunk(dst[l+i:], s[i:], form) // dst has room for all of it
	return dst, nil
}

// firstDecode returns the index of the first "%" in s, or of the first "+"
// in form mode, or len(s).
func firstDecode(s string, form bool) int {
	if len(s) <= 32 {
		return firstDecodeShort(s, form)
	}
	i := strings.IndexByte(s, '%')
	if i < 0 {
		i = len(s)
	}
	if form {
		if j := strings.IndexByte(s[:i], '+'); j >= 0 {
			return j
		}
	}
	return i
}

// firstDecodeShort is firstDecode by a loop, which beats two calls to
// strings.IndexByte on texts of up to 32 bytes, such as keys and values. It
// is inlined, so that Unescape of the shortest texts makes no call, where
// net/url was ahead.
func firstDecodeShort(s string, form bool) int {
	i := 0
	for i < len(s) && s[i] != '%' && (s[i] != '+' || !form) {
		i++
	}
	return i
}

// checkTriplets returns the number of "%" triplets in s[i:], or the error of
// the first malformed one.
func checkTriplets(s string, i int, m EscapeMode) (int, *Error) {
	k := 0
	for ; i < len(s); i++ {
		if s[i] == '%' {
			if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
				return 0, newError(s, i, m.component(), ErrInvalidPercentEncoding)
			}
			i += 2
			k++
		}
	}
	return k, nil
}

// decode returns s decoded, where s[:i] holds nothing to decode, every
// triplet is well formed and n is the decoded length; it allocates once.
func decode(s string, i, n int, form bool) string {
	if n <= 32 {
		return decodeShort(s, i, n, form)
	}
	var buf [128]byte
	if n <= len(buf) {
		t := buf[:n]
		copy(t, s[:i])
		unescapeChunk(t[i:], s[i:], form) // t has room for all of it
		return string(t)
	}
	var b strings.Builder
	b.Grow(n)
	b.WriteString(s[:i])
	var chunk [512]byte
	for i < len(s) {
		w, r := unescapeChunk(chunk[:], s[i:], form)
		b.Write(chunk[:w])
		i += r
		// Copy a run with nothing to decode as it is.
		j := firstDecode(s[i:], form)
		b.WriteString(s[i : i+j])
		i += j
	}
	return b.String()
}

// decodeShort is decode for a result of up to 32 bytes, written straight
// into its allocation: copying it out of a buffer cost a tenth of Unescape
// of 4 UTF-8 octets (callgrind), where net/url was level. Longer results
// are written in a buffer on the stack first, whose lines are in the cache.
func decodeShort(s string, i, n int, form bool) string {
	t := make([]byte, n)
	copy(t, s[:i])
	unescapeChunk(t[i:], s[i:], form) // t has room for all of it
	return bytesString(t)
}

// unescapeChunk decodes the start of s into t until t is full or s is
// used up, and returns the number of bytes written and read; every triplet
// of s is well formed. Given room for the whole decoded text, it decodes
// all of s.
func unescapeChunk(t []byte, s string, form bool) (j, i int) {
	for i < len(s) && j < len(t) {
		c := s[i]
		switch {
		case c == '%':
			c = unhex(s[i+1])<<4 | unhex(s[i+2])
			i += 3
		case c == '+' && form:
			c = ' '
			i++
		default:
			i++
		}
		t[j] = c
		j++
	}
	return j, i
}

// unescapeValid decodes text taken from a valid URI, whose triplets are all
// well formed, so it cannot fail.
func unescapeValid(s string, form bool) string {
	i := firstDecode(s, form)
	if i == len(s) {
		return s
	}
	return decode(s, i, len(s)-2*strings.Count(s[i:], "%"), form)
}

// Percent-encoding normalization (RFC 3986, sections 2.3, 6.2.2.1 and
// 6.2.2.2): which triplets a Normalizer decodes, and the normal form of
// the others.

// decodeClass tells, for each octet, in which components a normalizer
// decodes its percent-encoding: dUnreserved everywhere (RFC 3986, section
// 2.3), the others only with DecodeSafe. It is never written after init.
var decodeClass = func() (t [256]uint8) {
	for c := range 256 {
		if class[c]&cUnreserved != 0 {
			t[c] |= dUnreserved
		}
	}
	for _, c := range []byte("!$&'()*+,=:@") {
		t[c] |= dSafePath
	}
	for _, c := range []byte("!$'()*,:@/?") {
		t[c] |= dSafeQuery
	}
	return t
}()

const (
	dUnreserved = 1 << iota
	dSafePath
	dSafeQuery
)

// pctNormal reports whether every percent-encoding in s, a valid component,
// is normal: uppercase hexadecimal digits, and not one that decode says to
// decode.
func pctNormal(s string, decode uint8) bool {
	for {
		i := strings.IndexByte(s, '%')
		if i < 0 {
			return true
		}
		if !tripletNormal(s[i+1], s[i+2], decode) {
			return false
		}
		s = s[i+3:]
	}
}

// tripletNormal reports whether "%" hi lo is a normal percent-encoding.
func tripletNormal(hi, lo byte, decode uint8) bool {
	return hi-'a' >= 6 && lo-'a' >= 6 && decodeClass[unhex(hi)<<4|unhex(lo)]&decode == 0
}

// appendPct appends s, a valid component, with its percent-encodings
// normalized (RFC 3986, sections 6.2.2.1 and 6.2.2.2): those of the octets
// in decode are decoded, the others get uppercase hexadecimal digits. With
// lower, letters are lowercased too, decoded ones included (the host).
func appendPct(b []byte, s string, decode uint8, lowercase bool) []byte {
	for {
		i := strings.IndexByte(s, '%')
		if i < 0 {
			i = len(s)
		}
		if lowercase {
			b = appendLower(b, s[:i])
		} else {
			b = append(b, s[:i]...)
		}
		if i == len(s) {
			return b
		}
		b = appendTriplet(b, s[i+1], s[i+2], decode, lowercase)
		s = s[i+3:]
	}
}

// appendTriplet appends the normal form of the percent-encoding "%" hi lo.
func appendTriplet(b []byte, hi, lo byte, decode uint8, lowercase bool) []byte {
	c := unhex(hi)<<4 | unhex(lo)
	if decodeClass[c]&decode == 0 {
		return append(b, '%', upper(hi), upper(lo))
	}
	if lowercase {
		c = lower(c)
	}
	return append(b, c)
}

// pctInPlace normalizes the percent-encodings of b[start:] in place, as
// appendPct does; the text only shrinks.
func pctInPlace(b []byte, start int, decode uint8) []byte {
	w := start
	for r := start; r < len(b); r++ {
		if b[r] != '%' {
			b[w] = b[r]
			w++
			continue
		}
		hi, lo := b[r+1], b[r+2]
		w += len(appendTriplet(b[w:w], hi, lo, decode, false))
		r += 2
	}
	return b[:w]
}
