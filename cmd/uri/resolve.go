package main

import (
	"flag"
	"strconv"

	"github.com/ferret-go/uri"
)

const resolveHelp = `Resolve resolves each reference against BASE and prints its target URI
(RFC 3986, section 5.2), one per line. BASE must be a URI with a scheme
(section 5.1); its fragment is ignored. A bad BASE is a usage error.

By default resolution is strict RFC 3986. --non-strict treats a reference
whose scheme equals the base's as relative ("http:g" gives "http://a/b/c/g"
against "http://a/b/c/d;p?q"), as section 5.2.2 allows for backward
compatibility. --rfc 2396 and --rfc 1808 reproduce the obsolete rules of
RFC 2396 and RFC 1808 (for instance "../../../g" gives "http://a/../g").

A rejected reference prints "<reference>: <message>" on standard error.
With --json each reference gives one object per line on standard output:

  {"input":"../g","ok":true,"result":"http://a/b/g"}

or the rejected object of parse --json. Bytes that are not valid UTF-8 are
written as U+FFFD.
`

// cmdResolve resolves references (RFC 3986, section 5.2). Its own flags
// choose the Resolver.
var cmdResolve = &command{
	name:     "resolve",
	synopsis: "[--json] [--non-strict] [--rfc 3986|2396|1808] [--zone] [--max-line n] [-j n] BASE [reference...]",
	summary:  "resolve references against a base URI",
	help:     resolveHelp,
	shared:   flagJSON | flagZone | flagStream,
	fixed:    1,
	flags: func(fs *flag.FlagSet) runFunc {
		nonStrict := fs.Bool("non-strict", false, "ignore a reference's scheme when it equals the base's (RFC 3986, 5.2.2)")
		rfc := fs.Int("rfc", 3986, "the `standard` whose rules to follow: 3986, 2396 or 1808")
		return func(e *env, l *cmdLine) int { return runResolve(e, l, *nonStrict, *rfc) }
	},
}

func runResolve(e *env, l *cmdLine, nonStrict bool, rfc int) int {
	// Checked before the conversion, which would wrap a large number
	// around to a valid one.
	switch rfc {
	case 3986, 2396, 1808:
	default:
		return l.usageError("--rfc must be 3986, 2396 or 1808, not " + strconv.Itoa(rfc))
	}
	r := uri.Resolver{NonStrict: nonStrict, Standard: uri.Standard(rfc)}
	base, inputs, code, ok := l.baseArg()
	if !ok {
		return code
	}
	return e.eachInput(inputs, func(in string) bool {
		ref, err := l.parse(in)
		var target uri.URI
		if err == nil {
			target, err = r.Resolve(base, ref)
		}
		return e.result(in, target.String(), err)
	})
}
