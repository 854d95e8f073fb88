package main

import (
	"errors"
	"strings"

	"github.com/ferret-go/uri"
)

const equalHelp = `Equal tells whether two URI references are equivalent: whether their normal
forms, as normalize prints them, are the same (RFC 3986, section 6.2). The
two are given as arguments or, without arguments, as lines of standard
input, each holding two references separated by spaces or tabs (a URI
reference never contains either).

For each pair it prints "equal" and the normal form, or "different" and the
two normal forms, separated by spaces:

  $ uri equal 'eXAMPLE://a/./b/../b/%63/%7bfoo%7d' 'example://a/b/c/%7Bfoo%7D'
  equal example://a/b/c/%7Bfoo%7D
  $ uri equal http://a/ 'http://a/?'
  different http://a/ http://a/?

--flags adds normalizations beyond the RFC, as for normalize. A reference
that does not parse gives "<reference>: <message>" on standard error, and a
line that does not hold two references (one, or three) "<line>: <message>":
the line is rejected, as any command rejects an input, and the next lines
are read.

With --json it writes one JSON object per pair, each on one line, in input
order; "input" is the line, or the two arguments joined by a space:

  {"input":"HTTP://a:80 http://a/","ok":true,"equal":true,"a":"http://a/","b":"http://a/"}
  {"input":"http://a/ b c","ok":false,"error":"uri equal: want two URI references separated by spaces","offset":null}

For a reference that does not parse, offset is the offset of the error in
"input". Bytes that are not valid UTF-8 are written as U+FFFD.

Exit status: 0 when every pair is equivalent, 1 when a pair is not or an
input is rejected (a reference that does not parse, a line that does not hold
two references), 2 on a usage error (such as one or three references given
as arguments).
`

// Keys of equal --json.
const (
	keyEqual jsonKey = `"equal":`
	keyA     jsonKey = `"a":`
	keyB     jsonKey = `"b":`
)

// errNotAPair is the error of a line that does not hold two references.
var errNotAPair = errors.New("uri equal: want two URI references separated by spaces")

// cmdEqual compares pairs (RFC 3986, section 6.2). Its exit status is its
// answer: 1 for a pair that is not equivalent, as for an input rejected.
var cmdEqual = &command{
	name:     "equal",
	synopsis: "[--json] [--flags list] [--rule rule] [--zone] [--max-line n] [-j n] [reference reference]",
	summary:  "tell whether two URI references are equivalent",
	help:     equalHelp,
	shared:   flagJSON | flagNormalize | flagRule | flagZone | flagStream,
	run:      runEqual,
}

func runEqual(e *env, l *cmdLine) int {
	if len(l.args) != 0 && len(l.args) != 2 {
		return l.usageError("want two references, or none to read pairs from standard input")
	}
	n := uri.Normalizer{Flags: l.normalize.flags}
	bad := false // an input did not parse
	compare := func(in, a, b string, aStart, bStart int, pair bool) bool {
		var u, v uri.URI
		var err error
		errIn, errStart := in, 0 // where err is
		if !pair {
			err = errNotAPair
		} else if u, err = l.parse(a); err != nil {
			errIn, errStart = a, aStart
		} else if v, err = l.parse(b); err != nil {
			errIn, errStart = b, bStart
		}
		if err != nil {
			bad = true
			if e.json {
				var ue *uri.Error
				if errors.As(err, &ue) {
					// The offset in the line, not in the reference.
					moved := *ue
					moved.Input, moved.Offset = in, ue.Offset+errStart
					err = &moved
				}
				e.rejected(in, err)
			} else {
				e.rejected(errIn, err)
			}
			return false
		}
		ka, kb := n.Key(u), n.Key(v)
		if e.json {
			j := e.beginJSON(in)
			j.key(keyOK).boolean(true)
			j.key(keyEqual).boolean(ka == kb)
			j.key(keyA).plain(ka)
			j.key(keyB).plain(kb)
			e.endJSON(j)
			return ka == kb
		}
		t := e.textRoom(len(ka) + len(kb) + 12)
		if ka == kb {
			t = append(append(t, "equal "...), ka...)
		} else {
			t = append(append(t, "different "...), ka...)
			t = append(append(t, ' '), kb...)
		}
		e.writeText(append(t, '\n'))
		return ka == kb
	}
	code := exitOK
	if len(l.args) == 2 {
		a, b := l.args[0], l.args[1]
		if !compare(a+" "+b, a, b, 0, len(a)+1, true) || e.failed() {
			code = exitRejected
		}
	} else {
		code = e.eachInput(nil, func(in string) bool {
			a, b, aStart, bStart, pair := splitPair(in)
			return compare(in, a, b, aStart, bStart, pair)
		})
	}
	if bad || e.cut > 0 {
		// A rejected input, or a line cut by --max-line, which holds no
		// pair that can be read: as for every command, 1.
		return exitRejected
	}
	return code
}

// splitPair splits a line into two fields separated by spaces or tabs, and
// returns their offsets; pair is false unless there are exactly two.
func splitPair(line string) (a, b string, aStart, bStart int, pair bool) {
	isSpace := func(c byte) bool { return c == ' ' || c == '\t' }
	i := 0
	for i < len(line) && isSpace(line[i]) {
		i++
	}
	j := i
	for j < len(line) && !isSpace(line[j]) {
		j++
	}
	k := j
	for k < len(line) && isSpace(line[k]) {
		k++
	}
	m := k
	for m < len(line) && !isSpace(line[m]) {
		m++
	}
	rest := strings.TrimLeft(line[m:], " \t")
	if j == i || m == k || rest != "" {
		return "", "", 0, 0, false
	}
	return line[i:j], line[k:m], i, k, true
}
