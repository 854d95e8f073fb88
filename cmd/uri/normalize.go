package main

import "github.com/ferret-go/uri"

const normalizeHelp = `Normalize prints the normal form of each input, one line per input: the
result of syntax-based and scheme-based normalization (RFC 3986, sections
6.2.2 and 6.2.3). The scheme and host are lowercased, an IPv6 address is
written as RFC 5952 says, percent-encoded unreserved characters are decoded
and the other percent-encodings uppercased, dot segments are removed, an
empty or default port is dropped and an empty http(s) path becomes "/":

  $ uri normalize 'HTTP://www.Example.COM:80/a/./b/../%7Euser/'
  http://www.example.com/a/~user/

--flags adds normalizations beyond the RFC, as a comma-separated list (see
below); all but syntax-only may make equal two URIs that identify different
resources, which crawlers and caches accept to find duplicates.

A rejected input prints "<input>: <message>" on standard error, as check
does. With --json each input gives one object per line on standard output,
in input order:

  {"input":"HTTP://a:80","ok":true,"result":"http://a/"}

or the rejected object of parse --json. Bytes that are not valid UTF-8 are
written as U+FFFD.
`

// cmdNormalize prints normal forms (RFC 3986, section 6.2.2 and 6.2.3).
var cmdNormalize = &command{
	name:     "normalize",
	synopsis: "[--json] [--flags list] [--rule rule] [--zone] [--max-line n] [-j n] [input...]",
	summary:  "print the normal form of URI references",
	help:     normalizeHelp,
	shared:   flagJSON | flagNormalize | flagRule | flagZone | flagStream,
	run:      runNormalize,
}

func runNormalize(e *env, l *cmdLine) int {
	n := uri.Normalizer{Flags: l.normalize.flags}
	o := l.options()
	return e.eachInput(l.args, func(in string) bool {
		u, err := o.Parse(in)
		if err == nil {
			u = n.Normalize(u)
		}
		return e.result(in, u.String(), err)
	})
}
