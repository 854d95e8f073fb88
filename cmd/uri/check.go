package main

const checkHelp = `Check reports the inputs that are not valid: for each one it prints a line
"<input>: <message>" on standard error, and nothing for a valid input, so the
exit status answers the question. Bytes of the input that are not printable
ASCII are shown as Go escapes (\t, \x00, \u00e9).

With --json it writes one JSON object per input on standard output, each on
one line, in input order: {"input":"...","ok":true} for a valid input and,
for a rejected one, the same object as parse --json:

  {"input":"http://a b/","ok":false,"error":"uri: invalid character ' ' in host at offset 8","offset":8}

Bytes that are not valid UTF-8 are written as U+FFFD.
`

// cmdCheck answers, by its exit status, whether the inputs are valid.
var cmdCheck = &command{
	name:     "check",
	synopsis: "[--json] [--rule rule] [--zone] [--max-line n] [-j n] [input...]",
	summary:  "report the inputs that are not valid URI references",
	help:     checkHelp,
	shared:   flagJSON | flagRule | flagZone | flagStream,
	run:      runCheck,
}

func runCheck(e *env, l *cmdLine) int {
	o := l.options()
	return e.eachInput(l.args, func(in string) bool {
		_, err := o.Parse(in)
		if err != nil {
			e.rejected(in, err)
		} else {
			e.validURI(in)
		}
		return err == nil
	})
}
