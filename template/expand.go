package template

import (
	"unicode/utf8"

	"github.com/ferret-go/uri/internal/pctenc"
)

// Expand expands the template with vars (RFC 6570, section 3), at any level
// up to 4: every operator, prefix and explode modifiers, string, list and
// associative array values. A variable missing from vars, or undefined, is
// skipped (section 3.2.1). Text is taken as octets: a character outside the
// operator's allowed set becomes one pct-encoded triplet per UTF-8 octet
// (section 1.6), with uppercase hexadecimal digits.
//
// The only error is [ErrCompositePrefix], for a prefix modifier on a list or
// associative array value (section 2.4.1), in an [*Error] with the offset of
// the variable in the template.
//
// The result is a valid URI reference whenever the template's literals and
// the reserved expansions ("{+x}", "{#x}") put characters where RFC 3986
// allows them: the other expressions write only unreserved characters,
// pct-encoded triplets and their operators' delimiters.
func (t *Template) Expand(vars Vars) (string, error) {
	var buf [256]byte
	b, err := t.AppendExpand(buf[:0], vars)
	if err != nil {
		return "", err
	}
	return string(b), nil
}

// AppendExpand appends the expansion of the template with vars to dst and
// returns the extended slice, for callers that reuse a buffer: it allocates
// only when dst must grow. It expands as [Template.Expand] does; on error it
// returns dst unchanged.
func (t *Template) AppendExpand(dst []byte, vars Vars) ([]byte, error) {
	start := len(dst)
	for i := range t.parts {
		p := &t.parts[i]
		if p.op == nil {
			dst = append(dst, p.lit...)
			continue
		}
		op := p.op
		defined := false
		for j := range p.vars {
			v := &p.vars[j]
			val, ok := vars[v.name]
			if !ok || !val.Defined() {
				continue
			}
			dst = appendSep(dst, op, !defined)
			defined = true
			if val.kind == StringKind {
				dst = appendString(dst, op, v, val.s)
				continue
			}
			if v.maxLen > 0 {
				return dst[:start], &Error{Template: t.raw, Offset: v.off, Err: ErrCompositePrefix, Var: v.name}
			}
			switch {
			case !v.explode:
				dst = appendComposite(dst, op, v, val)
			case op.named:
				dst = appendExplodedNamed(dst, op, v, val)
			default:
				dst = appendExploded(dst, op, val)
			}
		}
	}
	return dst, nil
}

// appendSep appends what Appendix A writes before a defined variable of an
// expression: the operator's first string before the first, its separator
// before each later one.
func appendSep(dst []byte, op *operator, first bool) []byte {
	if !first {
		return append(dst, op.sep)
	}
	if op.first != 0 {
		return append(dst, op.first)
	}
	return dst
}

// appendString appends a string value (Appendix A, "If this variable's value
// is a string").
func appendString(dst []byte, op *operator, v *varspec, s string) []byte {
	if op.named {
		dst = append(dst, v.name...)
		if s == "" {
			if op.ifemp {
				dst = append(dst, '=')
			}
			return dst
		}
		dst = append(dst, '=')
	}
	if v.maxLen > 0 {
		s = s[:prefixLen(s, v.maxLen, op.reserved)]
	}
	return appendEncoded(dst, s, op.reserved)
}

// appendComposite appends a list or associative array without the explode
// modifier: its members, or its names and values, separated by ",".
func appendComposite(dst []byte, op *operator, v *varspec, val Value) []byte {
	if op.named {
		dst = append(dst, v.name...)
		dst = append(dst, '=')
	}
	for k, item := range val.comp.list {
		if k > 0 {
			dst = append(dst, ',')
		}
		dst = appendEncoded(dst, item, op.reserved)
	}
	for k, pr := range val.comp.pairs {
		if k > 0 {
			dst = append(dst, ',')
		}
		dst = appendEncoded(dst, pr.Name, op.reserved)
		dst = append(dst, ',')
		dst = appendEncoded(dst, pr.Value, op.reserved)
	}
	return dst
}

// appendExplodedNamed appends an exploded list or associative array of a
// named operator (";", "?", "&"): name=value for each member, separated by
// the operator's separator, where the name is the variable's for a list and
// the member's for pairs. A member's name is encoded as string values are,
// as section 3.2.1 says ("Both name and value strings are encoded in the
// same way as simple string values"); Appendix A's hint to encode it as a
// literal would keep "#" or "&" in a name, and the result would not be the
// URI meant.
func appendExplodedNamed(dst []byte, op *operator, v *varspec, val Value) []byte {
	member := func(dst []byte, value string) []byte {
		if value == "" {
			if op.ifemp {
				dst = append(dst, '=')
			}
			return dst
		}
		dst = append(dst, '=')
		return appendEncoded(dst, value, op.reserved)
	}
	for k, item := range val.comp.list {
		if k > 0 {
			dst = append(dst, op.sep)
		}
		dst = append(dst, v.name...)
		dst = member(dst, item)
	}
	for k, pr := range val.comp.pairs {
		if k > 0 {
			dst = append(dst, op.sep)
		}
		dst = appendEncoded(dst, pr.Name, op.reserved)
		dst = member(dst, pr.Value)
	}
	return dst
}

// appendExploded appends an exploded list or associative array of an
// unnamed operator: the members, or name=value pairs, separated by the
// operator's separator.
func appendExploded(dst []byte, op *operator, val Value) []byte {
	for k, item := range val.comp.list {
		if k > 0 {
			dst = append(dst, op.sep)
		}
		dst = appendEncoded(dst, item, op.reserved)
	}
	for k, pr := range val.comp.pairs {
		if k > 0 {
			dst = append(dst, op.sep)
		}
		dst = appendEncoded(dst, pr.Name, op.reserved)
		dst = append(dst, '=')
		dst = appendEncoded(dst, pr.Value, op.reserved)
	}
	return dst
}

// Character sets of section 1.5: allowU holds the unreserved characters,
// allowUR the unreserved and reserved ones.
var allowU, allowUR = func() (u, ur [256]bool) {
	const unreserved = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
	for i := 0; i < len(unreserved); i++ {
		u[unreserved[i]] = true
		ur[unreserved[i]] = true
	}
	const reserved = ":/?#[]@!$&'()*+,;="
	for i := 0; i < len(reserved); i++ {
		ur[reserved[i]] = true
	}
	return u, ur
}()

// appendEncoded appends s with every octet outside the allowed set written
// as a pct-encoded triplet (section 3.2.1). With reserved, the set is U+R
// and pct-encoded triplets already in s are copied as they are; otherwise it
// is U, and "%" is encoded too.
func appendEncoded(dst []byte, s string, reserved bool) []byte {
	allow := &allowU
	if reserved {
		allow = &allowUR
	}
	run := 0 // s[run:i] is allowed and not yet copied
	for i := 0; i < len(s); i++ {
		c := s[i]
		if allow[c] {
			continue
		}
		if reserved && c == '%' && i+2 < len(s) && pctenc.IsHex(s[i+1]) && pctenc.IsHex(s[i+2]) {
			i += 2
			continue
		}
		dst = append(dst, s[run:i]...)
		dst = pctenc.AppendTriplet(dst, c)
		run = i + 1
	}
	return append(dst, s[run:]...)
}

// prefixLen returns the length in bytes of the first n characters of s
// (section 2.4.1): code points, not octets, and with reserved a
// pct-encoded triplet, or the triplets of one UTF-8 sequence, count as one
// character, so that a prefix never splits them. Bytes that are not valid
// UTF-8 count one each.
func prefixLen(s string, n int, reserved bool) int {
	i := 0
	for ; n > 0 && i < len(s); n-- {
		c := s[i]
		switch {
		case reserved && c == '%' && i+2 < len(s) && pctenc.IsHex(s[i+1]) && pctenc.IsHex(s[i+2]):
			lead := pctenc.HexValue(s[i+1])<<4 | pctenc.HexValue(s[i+2])
			i += 3
			for more := utf8Continuations(lead); more > 0 && i+2 < len(s) && s[i] == '%' &&
				pctenc.IsHex(s[i+1]) && pctenc.IsHex(s[i+2]) && pctenc.HexValue(s[i+1])&0xC == 0x8; more-- {
				i += 3
			}
		case c < utf8.RuneSelf:
			i++
		default:
			_, size := utf8.DecodeRuneInString(s[i:])
			i += size
		}
	}
	return i
}

// utf8Continuations returns how many continuation bytes follow the lead
// byte b of a UTF-8 sequence.
func utf8Continuations(b byte) int {
	switch {
	case b >= 0xF0 && b < 0xF8:
		return 3
	case b >= 0xE0 && b < 0xF0:
		return 2
	case b >= 0xC0 && b < 0xE0:
		return 1
	}
	return 0
}
