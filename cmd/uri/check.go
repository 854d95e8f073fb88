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

func runCheck(e *env, args []string) int {
	f := e.newFlags("check", "[--json] [--rule rule] [input...]", checkHelp)
	asJSON := f.Bool("json", false, "write one JSON object per input, one per line, on standard output")
	rule := f.ruleFlag()
	inputs, code, ok := f.parse(args)
	if !ok {
		return code
	}
	return e.eachInput(inputs, func(in string) bool {
		_, err := rule.parse(in)
		switch {
		case *asJSON && err != nil:
			e.writeRejectedJSON(in, err)
		case *asJSON:
			j := e.beginJSON(in)
			j.boolean(keyOK, true)
			e.endJSON(j)
		case err != nil:
			e.writeRejectedLine(in, err)
		}
		return err == nil
	})
}
