package main

import "github.com/ferret-go/uri"

const relativeHelp = `Relative prints, for each target, the shortest reference that resolves to it
against BASE: the inverse of resolve. Resolving the output against BASE with
"uri resolve" gives the same URI as resolving the target does. BASE must be a
URI with a scheme; a bad BASE is a usage error. A relative target is resolved
against BASE first.

The reference keeps what it needs to read back the same way: "./" before a
first segment with a ":", "//host" when the authority differs, the whole
target when the scheme differs.

A rejected target prints "<target>: <message>" on standard error. With --json
each target gives one object per line on standard output:

  {"input":"http://a/b/g","ok":true,"result":"../g"}

or the rejected object of parse --json. Bytes that are not valid UTF-8 are
written as U+FFFD.
`

// cmdRelative is the inverse of cmdResolve.
var cmdRelative = &command{
	name:     "relative",
	synopsis: "[--json] [--zone] [--max-line n] [-j n] BASE [target...]",
	summary:  "make the shortest references to targets from a base URI",
	help:     relativeHelp,
	shared:   flagJSON | flagZone | flagStream,
	fixed:    1,
	run:      runRelative,
}

func runRelative(e *env, l *cmdLine) int {
	base, inputs, code, ok := l.baseArg()
	if !ok {
		return code
	}
	return e.eachInput(inputs, func(in string) bool {
		target, err := l.parse(in)
		var ref uri.URI
		if err == nil {
			ref, err = base.Relative(target)
		}
		return e.result(in, ref.String(), err)
	})
}
