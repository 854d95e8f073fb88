package uri

import "net/netip"

// RFC 3986, section 3.2.2: host = IP-literal / IPv4address / reg-name.

// parseHost reads the host that starts at s[i] and returns the index just past
// it and its kind. It stops at the first byte that cannot continue the host;
// the caller checks what follows.
func parseHost(s string, i int, f pflags) (end int, kind HostKind, err *Error) {
	if i < len(s) && s[i] == '[' {
		return parseIPLiteral(s, i, f)
	}
	// reg-name = *( unreserved / pct-encoded / sub-delims )
	end = scanF(s, i, mRegName, f)
	return end, regNameKind(s, i, end), nil
}

// regNameKind classifies the host s[i:end], which matched reg-name: the
// rules of host are tried in order, so text that matches IPv4address is one,
// even though it would also match reg-name.
func regNameKind(s string, i, end int) HostKind {
	if end > i && isDigit(s[i]) {
		if _, n, ok := parseIPv4(s, i); ok && n == end {
			return HostIPv4
		}
	}
	return HostRegName
}

// hostAddr returns the address of host, the text of a host of the given
// kind: the zero Addr unless kind is HostIPv4 or HostIPv6. A URI keeps the
// kind but not the address, which [URI.Addr] reads again from the text: the
// address with its zone would make every URI value 24 bytes longer (96
// instead of 72 bytes), a third more memory for every URI kept, for a
// field most hosts do not have. (Parsing and the edits measured the same
// either way: BENCHMARKS.md, "A URI of 72 bytes".)
func hostAddr(host string, kind HostKind) netip.Addr {
	switch kind {
	case HostIPv4:
		a, _, _ := parseIPv4(host, 0)
		return netip.AddrFrom4(a)
	case HostIPv6:
		a, stop, _ := parseIPv6(host, 1)
		addr := netip.AddrFrom16(a)
		if stop < len(host) && host[stop] == '%' {
			// Only a parse with zones lets a "%" in (see parseZone).
			zone, _, _ := parseZone(host, stop)
			addr = addr.WithZone(unescapeValid(zone, false))
		}
		return addr
	}
	return netip.Addr{}
}

// parseIPLiteral reads IP-literal = "[" ( IPv6address / IPvFuture ) "]"
// starting at the "[" at s[i], and returns the index just past the "]".
func parseIPLiteral(s string, i int, f pflags) (end int, kind HostKind, err *Error) {
	var stop int
	var bad bool
	cause := ErrInvalidIPv6
	if i+1 < len(s) && s[i+1]|0x20 == 'v' { // ABNF strings are case-insensitive
		kind, cause = HostIPvFuture, ErrInvalidIPvFuture
		stop, bad = parseIPvFuture(s, i+1)
	} else {
		kind = HostIPv6
		_, stop, bad = parseIPv6(s, i+1)
		if f&pZone != 0 && !bad && stop < len(s) && s[stop] == '%' {
			_, stop, bad = parseZone(s, stop)
		}
	}
	switch {
	case !bad && stop < len(s) && s[stop] == ']':
		return stop + 1, kind, nil
	case stop == len(s) || isAuthorityEnd(s[stop]):
		// The authority ended before the literal did.
		return 0, 0, newError(s, i, ComponentHost, ErrUnterminatedIPLiteral)
	}
	return 0, 0, newError(s, stop, ComponentHost, cause)
}

// parseZone reads a zone identifier at the "%" s[i] after an IPv6address
// and returns it as written (the bare form has no triplet, so decoding
// either form is unescapeValid's), with the index where it stopped, or
// bad=true and the offset of the offending byte. The parser only needs the
// index; [URI.Addr] decodes. Two forms, as RFC 6874 has them:
//
//	"%25" ZoneID, ZoneID = 1*( unreserved / pct-encoded )   (section 2)
//	"%" 1*unreserved, when the "%" is not followed by two hex digits
//	(the bare form that section 4 suggests parsers accept, as pasted
//	from "ping fe80::a%en1")
//
// Neither form holds "]", so a zone never swallows the end of the literal.
// RFC 9844 obsoletes RFC 6874 and takes zones out of URIs: only a parse
// that asks for zones calls this.
func parseZone(s string, i int) (zone string, stop int, bad bool) {
	if i+3 < len(s) && s[i+1] == '2' && s[i+2] == '5' {
		if end := scan(s, i+3, cUnreserved); end > i+3 {
			return s[i+3 : end], end, false
		}
	}
	if i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
		return "", i, true // "%ee1" could be either: RFC 6874 says rewrite it
	}
	end := i + 1
	for end < len(s) && class[s[end]]&cUnreserved != 0 {
		end++
	}
	if end == i+1 {
		return "", end, true
	}
	return s[i+1 : end], end, false
}

// appendIPv6 appends the IPv6 address a in the text RFC 5952 recommends,
// with its zone, if any, in RFC 6874's form.
func appendIPv6(b []byte, a netip.Addr) []byte {
	if zone := a.Zone(); zone != "" {
		return appendZone(a.WithZone("").AppendTo(b), zone)
	}
	return a.AppendTo(b)
}

// appendZone appends "%25" and the zone identifier zone to b, with the
// octets that are not unreserved percent-encoded (RFC 6874, section 2).
func appendZone(b []byte, zone string) []byte {
	b = append(b, "%25"...)
	for i := 0; i < len(zone); i++ {
		if c := zone[i]; class[c]&cUnreserved != 0 {
			b = append(b, c)
		} else {
			b = append(b, '%', upperhex[c>>4], upperhex[c&15])
		}
	}
	return b
}

// parseIPvFuture reads IPvFuture = "v" 1*HEXDIG "." 1*( unreserved /
// sub-delims / ":" ) from s[i:], where s[i] is "v" or "V". It returns the index
// where it stopped, or bad=true and the offset of the offending byte.
func parseIPvFuture(s string, i int) (stop int, bad bool) {
	j := i + 1
	for j < len(s) && isHex(s[j]) {
		j++
	}
	if j == i+1 || j == len(s) || s[j] != '.' {
		return j, true
	}
	j++
	k := j
	for k < len(s) && class[s[k]]&mFuture != 0 {
		k++
	}
	if k == j {
		return k, true
	}
	return k, false
}

// parseIPv6 reads an IPv6address (RFC 3986, section 3.2.2) from s[i:]:
// eight 16-bit groups of one to four hex digits separated by ":", where the
// last two may be an IPv4address, and where one "::" stands for one or more
// zero groups. It returns the address and the index where the address ended,
// or bad=true and the offset of the first byte that breaks the rule.
func parseIPv6(s string, i int) (a [16]byte, stop int, bad bool) {
	var groups [8]uint16
	n := 0         // groups read
	ellipsis := -1 // groups read before the "::", or -1
	if i+1 < len(s) && s[i] == ':' && s[i+1] == ':' {
		ellipsis = 0
		i += 2
	}
	for i < len(s) {
		max := 8 // groups the address may still hold, counting this one
		if ellipsis >= 0 {
			max = 7 // "::" stands for at least one group
		}
		j := i
		for j < len(s) && isHex(s[j]) {
			j++
		}
		if j < len(s) && s[j] == '.' {
			// ls32 = ( h16 ":" h16 ) / IPv4address: an IPv4 tail ends it.
			if n+2 > max {
				return a, i, true
			}
			v4, end, ok := parseIPv4(s, i)
			if !ok {
				return a, end, true
			}
			groups[n] = uint16(v4[0])<<8 | uint16(v4[1])
			groups[n+1] = uint16(v4[2])<<8 | uint16(v4[3])
			n += 2
			i = end
			break
		}
		if j == i {
			if ellipsis == n && n > 0 || ellipsis == 0 && n == 0 {
				break // "::" may end the address
			}
			return a, i, true // a ":" must be followed by a group
		}
		if j-i > 4 {
			return a, i + 4, true
		}
		if n == max {
			return a, i, true
		}
		var v uint16
		for k := i; k < j; k++ {
			v = v<<4 | uint16(unhex(s[k]))
		}
		groups[n] = v
		n++
		i = j
		if n == max || i >= len(s) || s[i] != ':' {
			break
		}
		if i+1 == len(s) {
			i++ // the input ends after a ":": the literal is cut short
			break
		}
		if s[i+1] == ':' {
			if ellipsis >= 0 {
				return a, i, true // a second "::"
			}
			ellipsis = n
			i += 2
		} else {
			i++
		}
	}
	if ellipsis < 0 && n != 8 {
		return a, i, true
	}
	// Spread the groups: those after the "::" go to the end.
	tail := 0
	if ellipsis >= 0 {
		tail = n - ellipsis
	} else {
		ellipsis = n
	}
	for k := 0; k < ellipsis; k++ {
		a[2*k], a[2*k+1] = byte(groups[k]>>8), byte(groups[k])
	}
	for k := 0; k < tail; k++ {
		g := groups[ellipsis+k]
		p := 8 - tail + k
		a[2*p], a[2*p+1] = byte(g>>8), byte(g)
	}
	return a, i, false
}

// parseIPv4 reads IPv4address = dec-octet "." dec-octet "." dec-octet "."
// dec-octet from s[i:]. A dec-octet is 0 to 255 with no leading zero, so
// "1.2.3.04" and "1.2.3.256" are not IPv4 addresses. It returns the index just
// past the address, or ok=false and the offset of the offending byte.
func parseIPv4(s string, i int) (a [4]byte, end int, ok bool) {
	for k := 0; k < 4; k++ {
		if k > 0 {
			if i >= len(s) || s[i] != '.' {
				return a, i, false
			}
			i++
		}
		j := i
		v := 0
		for j < len(s) && isDigit(s[j]) && j-i < 3 {
			v = v*10 + int(s[j]-'0')
			j++
		}
		switch {
		case j == i: // no digit
			return a, i, false
		case j-i > 1 && s[i] == '0': // leading zero
			return a, i, false
		case v > 255, j < len(s) && isDigit(s[j]): // too large, or a fourth digit
			return a, i, false
		}
		a[k] = byte(v)
		i = j
	}
	return a, i, true
}

// unhex returns the value of the hexadecimal digit c. A table, not a
// switch: in text where digits and letters alternate, as in encoded UTF-8,
// the switch's branches mispredict (BenchmarkEscape, PathUnescape of 1 MiB:
// 20% faster).
func unhex(c byte) byte { return hexValue[c] }

// hexValue maps each hexadecimal digit to its value, and other bytes to 0.
// It is computed once and never written after.
var hexValue = func() (t [256]byte) {
	for c := range 256 {
		switch {
		case c >= '0' && c <= '9':
			t[c] = byte(c - '0')
		case c >= 'a' && c <= 'f':
			t[c] = byte(c - 'a' + 10)
		case c >= 'A' && c <= 'F':
			t[c] = byte(c - 'A' + 10)
		}
	}
	return t
}()

// isAuthorityEnd reports whether c ends an authority (RFC 3986, section 3.2:
// "terminated by the next slash, question mark, or number sign").
func isAuthorityEnd(c byte) bool { return c == '/' || c == '?' || c == '#' }
