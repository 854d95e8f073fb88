package dataurl

func isASCIISpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}

func b64Value(c byte) (byte, bool) {
	switch {
	case 'A' <= c && c <= 'Z':
		return c - 'A', true
	case 'a' <= c && c <= 'z':
		return c - 'a' + 26, true
	case '0' <= c && c <= '9':
		return c - '0' + 52, true
	case c == '+':
		return 62, true
	case c == '/':
		return 63, true
	}
	return 0, false
}

// DecodeBase64 is the Infra Standard's forgiving-base64 decode (section
// 4.7): ASCII whitespace anywhere is ignored, the padding "=" or "==" is
// optional but must be right when present, and the bits left over at the end
// need not be zero. A failure is an *Error (ErrBase64) whose offset is that of
// the offending byte in s, or len(s) when the length is wrong.
func DecodeBase64(s string) ([]byte, error) {
	n := 0 // characters other than ASCII whitespace
	for i := 0; i < len(s); i++ {
		if !isASCIISpace(s[i]) {
			n++
		}
	}
	// Trailing '=' (one or two) is padding only when the length is a multiple of 4.
	pad := 0
	if n%4 == 0 {
		for i := len(s) - 1; i >= 0 && pad < 2; i-- {
			if isASCIISpace(s[i]) {
				continue
			}
			if s[i] != '=' {
				break
			}
			pad++
		}
	}
	data := n - pad
	if data%4 == 1 {
		return nil, &Error{Input: s, Offset: len(s), Err: ErrBase64, Reason: "length leaves one character over"}
	}
	out := make([]byte, 0, data*3/4)
	var acc uint32
	bits := 0
	seen := 0
	for i := 0; i < len(s) && seen < data; i++ {
		c := s[i]
		if isASCIISpace(c) {
			continue
		}
		v, ok := b64Value(c)
		if !ok {
			return nil, &Error{Input: s, Offset: i, Err: ErrBase64, Reason: "not a base64 character"}
		}
		seen++
		acc = acc<<6 | uint32(v)
		bits += 6
		if bits >= 8 {
			bits -= 8
			out = append(out, byte(acc>>bits))
			acc &= 1<<bits - 1
		}
	}
	return out, nil
}
