package main

import "github.com/ferret-go/uri"

// keyResult introduces the member that carries a transformed input.
const keyResult jsonKey = `,"result":`

// writeResult writes what a transforming subcommand (resolve, relative, ...)
// made of one input: with --json {"input":...,"ok":true,"result":...} or the
// rejected object; otherwise the result on a line of standard output, or
// "<input>: <message>" on standard error as check does. It reports whether
// the input was accepted.
func (e *env) writeResult(asJSON bool, in string, res uri.URI, err error) bool {
	switch {
	case asJSON && err != nil:
		e.writeRejectedJSON(in, err)
	case asJSON:
		j := e.beginJSON(in)
		j.boolean(keyOK, true)
		j.str(keyResult, res.String())
		e.endJSON(j)
	case err != nil:
		e.writeRejectedLine(in, err)
	default:
		e.text = append(append(e.text[:0], res.String()...), '\n')
		e.out.Write(e.text)
	}
	return err == nil
}

// writeRejectedLine writes "<input>: <message>" on standard error, with the
// input's bytes that are not printable ASCII escaped.
func (e *env) writeRejectedLine(in string, err error) {
	b, _ := appendVisible(e.text[:0], in, 0)
	b = append(b, ": "...)
	b = append(b, err.Error()...)
	e.text = append(b, '\n')
	e.err.Write(e.text)
}

// baseArg takes the base URI, the first argument of resolve and relative.
// A missing or bad base is a usage error: ok is false and code the status.
func (f *flagSet) baseArg(args []string) (base uri.URI, inputs []string, code int, ok bool) {
	if len(args) == 0 {
		return base, nil, f.usageError("missing BASE"), false
	}
	base, err := uri.Parse(args[0])
	if err == nil && base.IsRelative() {
		err = &uri.Error{Input: args[0], Component: uri.ComponentScheme, Err: uri.ErrMissingScheme}
	}
	if err != nil {
		b, _ := appendVisible(nil, args[0], 0)
		return base, nil, f.usageError("invalid base " + string(b) + ": " + err.Error()), false
	}
	return base, args[1:], exitOK, true
}
