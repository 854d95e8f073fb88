package whatwg

import (
	"unicode/utf8"

	"github.com/ferret-go/uri/internal/utf8dec"
)

// Parse runs the basic URL parser (section "URL parsing") on input without
// a base URL, as the URL constructor with one argument does. A failure is
// an *Error.
func Parse(input string) (URL, error) { return parse(input, nil, nil) }

// ParseRef runs the basic URL parser on input with base as the base URL,
// as new URL(input, base) does once base is parsed: a relative reference
// such as "../a?b" resolves against base. The zero URL as base means none.
func ParseRef(input string, base URL) (URL, error) {
	if base.href == "" {
		return parse(input, nil, nil)
	}
	return parse(input, &base, nil)
}

// ParseWithBase parses base, then input against it (the URL constructor's
// two-argument form). A failure to parse base is returned as is.
func ParseWithBase(input, base string) (URL, error) {
	b, err := Parse(base)
	if err != nil {
		return URL{}, err
	}
	return parse(input, &b, nil)
}

// MustParse is Parse that panics on a failure; for URLs known to be valid,
// such as constants in a program.
func MustParse(input string) URL {
	u, err := Parse(input)
	if err != nil {
		panic(err)
	}
	return u
}

// CanParse reports whether input parses against base (which may be the
// zero URL for none), as URL.canParse does.
func CanParse(input string, base URL) bool {
	_, err := ParseRef(input, base)
	return err == nil
}

// Validate parses input against base (the zero URL for none) like
// ParseRef, and also returns the validation errors that the standard
// reports on the way (section "Validation errors"): an input is a valid
// URL string when it parses with none. The parser only records them when
// asked through this function, so Parse does not pay for them.
func Validate(input string, base URL) (URL, []ValidationError, error) {
	errs := []ValidationError{}
	var b *URL
	if base.href != "" {
		b = &base
	}
	u, err := parse(input, b, &errs)
	return u, errs, err
}

func parse(input string, base *URL, errs *[]ValidationError) (URL, error) {
	if len(input) > MaxInput {
		return URL{}, &Error{Input: input, Offset: MaxInput, Reason: "input-too-long", Err: ErrTooLong}
	}
	if errs == nil {
		u, r := parseFast(input)
		if r == fastOK {
			return u, nil
		}
		if r == fastNoScheme && base == nil {
			// The failure the parser would reach, without preprocessing
			// or its setup (the 121 WPT inputs that fail so, under
			// callgrind: 739 -> 440 instructions each; BENCHMARKS.md,
			// "Against ada").
			return URL{}, &Error{Input: input, Offset: 0, Reason: "missing-scheme-non-relative-URL", Err: ErrMissingScheme}
		}
	}
	return parseSlow(input, base, errs)
}

// parseSlow runs the basic URL parser.
func parseSlow(input string, base *URL, errs *[]ValidationError) (URL, error) {
	p := parser{base: base, errs: errs}
	in, err := p.parse(input)
	if err != nil {
		return URL{}, err
	}
	return p.r.assemble(in, p.arena), nil
}

// parse runs the basic URL parser on input, leaving the URL record in p.r
// (not serialized), and returns the preprocessed input, of which p.r's
// strings may be substrings.
func (p *parser) parse(input string) (string, error) {
	in := preprocess(input, true, p)
	p.in = in
	errs := p.errs
	pre := 0 // the errors of preprocess have offsets in scalar(input)
	if errs != nil {
		pre = len(*errs)
	}
	p.r.port = -1
	if f := p.run(stSchemeStart, stNone); f.err != nil {
		return "", &Error{Input: input, Offset: origOffset(input, in, f.off), Reason: f.reason, Err: f.err}
	}
	if errs != nil && len(*errs) > 0 {
		mapOffsets(input, in, *errs, pre)
	}
	return in, nil
}

// mapOffsets maps the offsets of errs to input: the first pre, preprocess's,
// are offsets in scalar(input) (see preprocess), the others in in, the
// preprocessed input. One pass over input, and one more when it is not
// UTF-8.
func mapOffsets(input, in string, errs []ValidationError, pre int) {
	if in == input {
		return // as in origOffset
	}
	valid := utf8.ValidString(input)
	dec := input
	if !valid {
		dec = utf8dec.Decode(input)
	}
	if len(dec) != len(in) && len(errs) > pre {
		pos := make([]int, 0, len(in)+1) // pos[k]: offset in dec of in[k]
		i := 0
		for i < len(dec) && dec[i] <= ' ' {
			i++
		}
		for ; i < len(dec) && len(pos) < len(in); i++ {
			if c := dec[i]; c != '\t' && c != '\n' && c != '\r' {
				pos = append(pos, i)
			}
		}
		pos = append(pos, i)
		for k := pre; k < len(errs); k++ {
			errs[k].Offset = pos[min(max(errs[k].Offset, 0), len(pos)-1)]
		}
	}
	if !valid {
		// One table for all the errors: utf8dec.Offset for each walked
		// the input once an error (an input of 64 KiB with an invalid
		// byte and an error a byte: 2.4 s).
		back := utf8dec.Offsets(input)
		for k := range errs {
			if off := errs[k].Offset; off >= 0 && off < len(back) {
				errs[k].Offset = back[off]
			} else {
				errs[k].Offset = utf8dec.Offset(input, off)
			}
		}
	}
}

// origOffset maps an offset in the preprocessed input in back to the
// input (through scalar(input) when the input is not UTF-8).
func origOffset(input, in string, off int) int {
	if off < 0 {
		off = 0
	}
	if in == input {
		// preprocess returned the input itself (nothing removed, valid
		// UTF-8): a comparison of two pointers, where a validity check
		// first cost the wpt inputs about 4 % more instructions.
		return off
	}
	valid := utf8.ValidString(input)
	dec := input
	if !valid {
		dec = utf8dec.Decode(input)
	}
	i := off
	if len(dec) != len(in) {
		i = 0
		for i < len(dec) && dec[i] <= ' ' {
			i++
		}
		for k := 0; i < len(dec) && k < off; i++ {
			if c := dec[i]; c != '\t' && c != '\n' && c != '\r' {
				k++
			}
		}
	}
	if !valid {
		return utf8dec.Offset(input, i)
	}
	// The byte at off is the next one kept: a tab or newline the
	// preprocessing removed comes before it.
	for i < len(input) && (input[i] == '\t' || input[i] == '\n' || input[i] == '\r') {
		i++
	}
	return i
}
