package whatwg

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
		if u, ok := parseFast(input); ok {
			return u, nil
		}
	}
	return parseSlow(input, base, errs)
}

// parseSlow runs the basic URL parser.
func parseSlow(input string, base *URL, errs *[]ValidationError) (URL, error) {
	p := parser{base: base, errs: errs}
	in := preprocess(input, true, &p)
	p.in = in
	pre := 0 // the errors of preprocess have offsets in input already
	if errs != nil {
		pre = len(*errs)
	}
	p.r.port = -1
	if f := p.run(stSchemeStart, stNone); f.err != nil {
		return URL{}, &Error{Input: input, Offset: origOffset(input, in, f.off), Reason: f.reason, Err: f.err}
	}
	if errs != nil && len(*errs) > pre {
		mapOffsets(input, in, (*errs)[pre:])
	}
	return p.r.assemble(in, p.arena), nil
}

// mapOffsets maps the offsets of errs from the preprocessed input in to
// input, in one pass over input.
func mapOffsets(input, in string, errs []ValidationError) {
	if len(input) == len(in) {
		return
	}
	pos := make([]int, 0, len(in)+1) // pos[k]: offset in input of in[k]
	i := 0
	for i < len(input) && input[i] <= ' ' {
		i++
	}
	for ; i < len(input) && len(pos) < len(in); i++ {
		if c := input[i]; c != '\t' && c != '\n' && c != '\r' {
			pos = append(pos, i)
		}
	}
	pos = append(pos, i)
	for k := range errs {
		errs[k].Offset = pos[min(max(errs[k].Offset, 0), len(pos)-1)]
	}
}

// origOffset maps an offset in the preprocessed input back to the input.
func origOffset(input, in string, off int) int {
	if off < 0 {
		off = 0
	}
	if len(input) == len(in) {
		return off
	}
	i := 0
	for i < len(input) && input[i] <= ' ' {
		i++
	}
	for k := 0; i < len(input) && k < off; i++ {
		if c := input[i]; c != '\t' && c != '\n' && c != '\r' {
			k++
		}
	}
	// The byte at off is the next one kept: a tab or newline the
	// preprocessing removed comes before it.
	for i < len(input) && (input[i] == '\t' || input[i] == '\n' || input[i] == '\r') {
		i++
	}
	return i
}
