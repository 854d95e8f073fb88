package uri

import (
	"bytes"
	"iter"
	"slices"
	"strings"

	"github.com/ferret-go/uri/internal/grow"
)

// Query parameters. RFC 3986, section 3.4 gives the query no inner
// structure; the key=value pairs separated by "&" are a convention of HTML
// forms (application/x-www-form-urlencoded) and of most schemes. A [Query]
// reads that convention off the query text without copying it: pairs are
// found by scanning, keys are compared after decoding, and edits rewrite only
// the pairs they touch.

// QueryMode selects how the pairs of a [Query] are decoded and encoded.
type QueryMode uint8

const (
	// QueryRFC3986 splits at "&" and "=" and decodes pct-encoded triplets
	// only: "+" is a plus sign. It is the zero value, the default.
	QueryRFC3986 QueryMode = iota
	// QueryForm follows application/x-www-form-urlencoded: as QueryRFC3986,
	// and "+" stands for a space.
	QueryForm
)

// Query is the text of a URI's query read as an ordered list of key/value
// pairs, in the order written and with duplicates kept. It is an immutable
// value: the editing methods return a new Query, in which the text of the
// pairs they do not touch is kept byte for byte.
//
// The text is split at every "&" into fields; a field that is empty ("a&&b",
// a trailing "&") holds no pair and is skipped when reading, but kept when
// editing. A field is split at its first "=" into key and value; a field
// without "=" is a key with an empty value, so "debug" and "debug=" read
// alike. Keys and values are decoded after splitting (RFC 3986, section 2.4),
// so "%26" and "%3D" are data, and keys match when their decoded forms are
// equal: "a%62c" matches "abc".
//
// A Query has one raw form, its text ([Query.String], what [URI.Query]
// returns), and its methods work on one decoded form: every key and value
// they take or return is decoded, and they encode what they write (in mode's
// [EscapeMode]: [EscapeQueryPart], or [EscapeForm] in [QueryForm]).
//
// The zero Query is empty, in mode [QueryRFC3986].
type Query struct {
	raw  string
	mode QueryMode
}

// Pair is one key/value pair of a query. Key and Value are decoded, as
// every key and value a [Query] takes or returns is: the raw form of a query
// is its text, [Query.String].
type Pair struct {
	Key, Value string
}

// ParseQuery returns the query whose raw text is raw (without the leading
// "?"), to be read in mode. raw must match query (RFC 3986, section 3.4);
// nothing is copied or allocated. Its arguments come in the order of
// [NewQuery]'s.
func ParseQuery(mode QueryMode, raw string) (Query, error) {
	if err := checkRaw(raw, mQuery, ComponentQuery); err != nil {
		return Query{}, err
	}
	return Query{raw: raw, mode: mode}, nil
}

// NewQuery returns the query made of pairs, in order, with each key and value
// encoded for mode (EscapeQueryPart or, in QueryForm, EscapeForm) and written
// as "key=value", joined by "&". Parsing its text in the same mode gives back
// the same pairs. It allocates once.
func NewQuery(mode QueryMode, pairs ...Pair) Query {
	if len(pairs) == 0 {
		return Query{mode: mode}
	}
	m := mode.charset()
	n := 2*len(pairs) - 1 // each "=" and the "&" between pairs
	for _, p := range pairs {
		k, _ := escapeLen(p.Key, m)
		v, _ := escapeLen(p.Value, m)
		n += k + v
	}
	var b strings.Builder
	b.Grow(n)
	for i, p := range pairs {
		if i > 0 {
			b.WriteByte('&')
		}
		writePair(&b, p.Key, p.Value, m)
	}
	return Query{raw: b.String(), mode: mode}
}

// QueryParams returns u's query read in mode. A URI's query is always valid,
// so there is no error.
func (u URI) QueryParams(mode QueryMode) Query { return Query{raw: u.Query(), mode: mode} }

// WithQueryParams returns u with its query set to q's text. An empty q
// gives an empty query ("?"), as [URI.WithQuery] does with ""; use
// [URI.WithoutQuery] to remove the query.
func (u URI) WithQueryParams(q Query) (v URI, err error) {
	var p part
	p.raw(iQuery, q.raw)
	err = apply(&v, &u, iQuery, &p, nil)
	return v, err
}

// String returns the raw text of the query, without "?".
func (q Query) String() string { return q.raw }

// Mode returns the mode q is read in.
func (q Query) Mode() QueryMode { return q.mode }

// charset returns the charset that keys and values are escaped with.
func (m QueryMode) charset() charset {
	if m == QueryForm {
		return charset(EscapeForm)
	}
	return charset(EscapeQueryPart)
}

func writePair(b *strings.Builder, key, value string, m charset) {
	writeEscape(b, key, m)
	b.WriteByte('=')
	writeEscape(b, value, m)
}

// nextField returns the field of raw that starts at i and the index where the
// next one starts, which is len(raw)+1 after the last field.
func nextField(raw string, i int) (field string, next int) {
	j := strings.IndexByte(raw[i:], '&')
	if j < 0 {
		return raw[i:], len(raw) + 1
	}
	return raw[i : i+j], i + j + 1
}

// keyIs reports whether the raw key of field, decoded, equals key, without
// allocating.
func keyIs(field, key string, form bool) bool {
	k := field
	if i := strings.IndexByte(field, '='); i >= 0 {
		k = field[:i]
	}
	if len(k) < len(key) { // decoding never lengthens
		return false
	}
	if firstDecode(k, form) == len(k) {
		return k == key
	}
	j := 0
	for i := 0; i < len(k); i++ {
		c := k[i]
		switch {
		case c == '%' && i+2 < len(k):
			c = unhex(k[i+1])<<4 | unhex(k[i+2])
			i += 2
		case c == '+' && form:
			c = ' '
		}
		if j == len(key) || key[j] != c {
			return false
		}
		j++
	}
	return j == len(key)
}

// value returns the decoded value of field.
func value(field string, form bool) string {
	_, v, _ := strings.Cut(field, "=")
	return unescapeValid(v, form)
}

// Lookup returns the value of the first pair whose key is key, decoded, and
// whether there is one. It allocates only to decode a value that holds
// triplets (or "+" in QueryForm).
func (q Query) Lookup(key string) (string, bool) {
	form := q.mode == QueryForm
	for i := 0; i <= len(q.raw); {
		var f string
		f, i = nextField(q.raw, i)
		if f != "" && keyIs(f, key, form) {
			return value(f, form), true
		}
	}
	return "", false
}

// Get returns the value of the first pair whose key is key, or "" when there
// is none; [Query.Lookup] tells the two apart.
func (q Query) Get(key string) string {
	v, _ := q.Lookup(key)
	return v
}

// Has reports whether some pair has the key key.
func (q Query) Has(key string) bool {
	form := q.mode == QueryForm
	for i := 0; i <= len(q.raw); {
		var f string
		f, i = nextField(q.raw, i)
		if f != "" && keyIs(f, key, form) {
			return true
		}
	}
	return false
}

// Values returns the values of all pairs whose key is key, in order, or nil.
func (q Query) Values(key string) []string {
	var vs []string
	form := q.mode == QueryForm
	for i := 0; i <= len(q.raw); {
		var f string
		f, i = nextField(q.raw, i)
		if f != "" && keyIs(f, key, form) {
			vs = append(vs, value(f, form))
		}
	}
	return vs
}

// Len returns the number of pairs.
func (q Query) Len() int {
	n := 0
	for i := 0; i <= len(q.raw); {
		var f string
		f, i = nextField(q.raw, i)
		if f != "" {
			n++
		}
	}
	return n
}

// All returns an iterator over the pairs, in order, with keys and values
// decoded.
func (q Query) All() iter.Seq2[string, string] {
	return func(yield func(key, value string) bool) {
		form := q.mode == QueryForm
		for i := 0; i <= len(q.raw); {
			var f string
			f, i = nextField(q.raw, i)
			if f == "" {
				continue
			}
			k, v := f, ""
			if j := strings.IndexByte(f, '='); j >= 0 {
				k, v = f[:j], f[j+1:]
			}
			if !yield(unescapeValid(k, form), unescapeValid(v, form)) {
				return
			}
		}
	}
}

// Add returns q with the pair key=value added at the end.
func (q Query) Add(key, value string) Query {
	m := q.mode.charset()
	k, _ := escapeLen(key, m)
	v, _ := escapeLen(value, m)
	var b strings.Builder
	b.Grow(len(q.raw) + 1 + k + 1 + v)
	b.WriteString(q.raw)
	if q.raw != "" && q.raw[len(q.raw)-1] != '&' {
		b.WriteByte('&')
	}
	writePair(&b, key, value, m)
	return Query{raw: b.String(), mode: q.mode}
}

// Set returns q with the pair key=value in place of the first pair whose key
// is key, and without the other pairs of that key; when there is none, the
// pair is added at the end as [Query.Add] does.
func (q Query) Set(key, value string) Query { return q.rewrite(key, value, true) }

// Del returns q without the pairs whose key is key, or q itself when there is
// none.
func (q Query) Del(key string) Query { return q.rewrite(key, "", false) }

// rewrite drops the fields with key key and, when set, writes key=value in
// place of the first (or at the end). Other fields, empty ones included, are
// copied as they are and joined by "&" as before.
func (q Query) rewrite(key, value string, set bool) Query {
	form := q.mode == QueryForm
	m := q.mode.charset()
	pairLen := 0
	if set {
		k, _ := escapeLen(key, m)
		v, _ := escapeLen(value, m)
		pairLen = k + 1 + v
	}
	// First pass: the length of the result, and whether anything changes.
	n, fields, found := 0, 0, false
	for i := 0; i <= len(q.raw) && q.raw != ""; {
		var f string
		f, i = nextField(q.raw, i)
		if f != "" && keyIs(f, key, form) {
			if found || !set {
				found = true
				continue
			}
			found = true
			n += pairLen
		} else {
			n += len(f)
		}
		fields++
	}
	if !found && !set {
		return q
	}
	appendPair := set && !found
	if appendPair {
		if q.raw != "" && q.raw[len(q.raw)-1] == '&' {
			fields-- // the trailing empty field gives way to the pair
		}
		n += pairLen
		fields++
	}
	if fields > 1 {
		n += fields - 1
	}
	// Second pass: write.
	var b strings.Builder
	b.Grow(n)
	written := 0
	sep := func() {
		if written > 0 {
			b.WriteByte('&')
		}
		written++
	}
	done := false
	for i := 0; i <= len(q.raw) && q.raw != ""; {
		var f string
		f, i = nextField(q.raw, i)
		last := i > len(q.raw)
		switch {
		case f != "" && keyIs(f, key, form):
			if set && !done {
				sep()
				writePair(&b, key, value, m)
			}
			done = true
		case appendPair && last && f == "" && q.raw != "":
			// the trailing empty field: the appended pair takes its place
		default:
			sep()
			b.WriteString(f)
		}
	}
	if appendPair {
		sep()
		writePair(&b, key, value, m)
	}
	return Query{raw: b.String(), mode: q.mode}
}

// Sorting query parameters by name, for the SortQuery normalization.

// sortParams sorts the "&"-separated parameters of the query in b[start:]
// by name, stably (see SortQuery).
func sortParams(b []byte, start int) []byte {
	q := b[start:]
	if paramsSorted(q) {
		return b
	}
	type param struct{ start, end, keyEnd int }
	var stack [32]param
	params := stack[:0]
	if n := bytes.Count(q, []byte{'&'}) + 1; n > len(stack) {
		// Made at its size: grown by append, a long query's list
		// was copied through a dozen arrays.
		params = make([]param, 0, n)
	}
	for i := 0; i <= len(q); {
		j, k := nextParam(q, i)
		params = append(params, param{i, j, k})
		i = j + 1
	}
	// Stable by the offset as the last key: pdqsort's O(n log n)
	// comparisons and swaps, where SortStableFunc's in-place merges make
	// O(n log² n) swaps (a 16 MiB query of 1.2 million parameters in
	// reverse order: most of Normalize's time in memmove). internal/stable
	// does the same for lists that hold no position, with an index and a
	// copy that a parameter, which holds its offset, does not need.
	slices.SortFunc(params, func(x, y param) int {
		if c := compare(q[x.start:x.keyEnd], q[y.start:y.keyEnd]); c != 0 {
			return c
		}
		return x.start - y.start
	})
	// Write the sorted query after b, then move it into place; its room
	// made first (appended a parameter at a time, a long query's b was
	// copied through several arrays).
	end := len(b)
	b = grow.Bytes(b, len(q))
	for i, p := range params {
		if i > 0 {
			b = append(b, '&')
		}
		b = append(b, b[start+p.start:start+p.end]...)
	}
	copy(b[start:], b[end:])
	return b[:end]
}

// nextParam finds the parameter of query q that starts at i: it ends at
// end (the next "&" or the end of q), and its name at keyEnd (the first "="
// in it, or end).
func nextParam[S ~string | ~[]byte](q S, i int) (end, keyEnd int) {
	end = i
	for end < len(q) && q[end] != '&' {
		end++
	}
	keyEnd = i
	for keyEnd < end && q[keyEnd] != '=' {
		keyEnd++
	}
	return end, keyEnd
}

// paramsSorted reports whether the parameters of query q are in the order
// SortQuery gives them.
func paramsSorted[S ~string | ~[]byte](q S) bool {
	var prev S
	for i := 0; i <= len(q); {
		j, k := nextParam(q, i)
		if i > 0 && less(q[i:k], prev) {
			return false
		}
		prev = q[i:k]
		i = j + 1
	}
	return true
}

// less reports whether a sorts before b, byte by byte.
func less[S ~string | ~[]byte](a, b S) bool { return compare(a, b) < 0 }

// compare orders a and b byte by byte, as bytes.Compare does.
func compare[S ~string | ~[]byte](a, b S) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return int(a[i]) - int(b[i])
		}
	}
	return len(a) - len(b)
}
