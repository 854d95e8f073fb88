package surt

import (
	"bytes"
	"net/netip"

	"github.com/ferret-go/uri/internal/keycanon"
)

// attemptIP reads h as an IPv4 address the way the key maker does: a host
// of digits only is a number, taken modulo 2^32 ("3279880203" is
// 195.127.0.11); a host that looks like a dotted address, one to four parts
// of decimal digits after a nonzero digit or of octal digits after a "0",
// is read as inet_aton reads it (a part with a leading "0" is octal, the
// last part fills the bytes the others leave: "10.0.258" is 10.0.1.2). Any
// other host, or one that inet_aton rejects, is not an address.
func attemptIP(h []byte) (netip.Addr, bool) {
	if len(h) == 0 {
		return netip.Addr{}, false
	}
	allDigits := true
	var v uint32
	for _, c := range h {
		if c < '0' || c > '9' {
			allDigits = false
			break
		}
		v = v*10 + uint32(c-'0') // modulo 2^32, as the mask does
	}
	if allDigits {
		return netip.AddrFrom4([4]byte{byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)}), true
	}
	// The shapes of the key maker's two regular expressions.
	octal := h[0] == '0'
	parts := 1
	run := 0
	for _, c := range h {
		switch {
		case c == '.':
			if run == 0 {
				return netip.Addr{}, false
			}
			parts++
			run = 0
		case '0' <= c && c <= '7', !octal && (c == '8' || c == '9'):
			run++
		default:
			return netip.Addr{}, false
		}
	}
	if run == 0 || parts > 4 {
		return netip.Addr{}, false
	}
	return keycanon.InetAton(h)
}

// stripPathSessionID removes an ASP.NET session id segment from the path,
// as the key maker's two expressions do, one after the other:
// "/(S(4hqa0555fwsecu455xqckv45))/mileg.aspx" and
// "/(4hqa0555fwsecu455xqckv45)/mileg.aspx" are "/mileg.aspx". The segment
// must follow a "/" and be followed by a path that has ".aspx" after at
// least one byte and before any "?"; of several, the last is removed.
func stripPathSessionID(p []byte) []byte {
	// Both forms begin with "(": without one there is nothing to remove.
	if bytes.IndexByte(p, '(') < 0 {
		return p
	}
	p = stripAspx(p, true)
	return stripAspx(p, false)
}

// groupedID returns the end of "(" one or more of (letter "(" 24 letters or
// digits ")") ")/" at p[i:], or -1.
func groupedID(p []byte, i int) int {
	if i >= len(p) || p[i] != '(' {
		return -1
	}
	i++
	groups := 0
	for i+27 <= len(p) && isAlpha(p[i]) && p[i+1] == '(' && alnum24(p[i+2:i+26]) && p[i+26] == ')' {
		i += 27
		groups++
	}
	if groups == 0 || i+2 > len(p) || p[i] != ')' || p[i+1] != '/' {
		return -1
	}
	return i + 2
}

// plainID returns the end of "(" 24 letters or digits ")/" at p[i:], or -1.
func plainID(p []byte, i int) int {
	if i+28 > len(p) || p[i] != '(' || !alnum24(p[i+1:i+25]) || p[i+25] != ')' || p[i+26] != '/' {
		return -1
	}
	return i + 27
}

func isAlpha(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

func isAlnum(c byte) bool { return isAlpha(c) || '0' <= c && c <= '9' }

func alnum24(b []byte) bool {
	for _, c := range b {
		if !isAlnum(c) {
			return false
		}
	}
	return true
}

func hasAspxAt(p []byte, j int) bool {
	return j+5 <= len(p) && p[j] == '.' && lowerEq(p[j+1:j+5], "aspx")
}

func lowerEq(b []byte, s string) bool {
	for i := range b {
		c := b[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != s[i] {
			return false
		}
	}
	return true
}

// stripAspx removes the last id segment (groupedID's or plainID's) found after a "/" and
// before a rest with ".aspx" (see stripPathSessionID). The candidates are
// tried from the right; where the rest is checked is remembered, so that
// the whole takes time linear in the path.
func stripAspx(p []byte, grouped bool) []byte {
	// nextAspx and secondAspx are the two least j >= from with ".aspx" at
	// j, nextQ the least j >= from with "?", all over p[from:]; from only
	// moves left, so the whole is linear.
	from := len(p)
	nextAspx, secondAspx, nextQ := len(p)+1, len(p)+1, len(p)
	for i := len(p) - 1; i >= 1; i-- {
		i = bytes.LastIndexByte(p[:i+1], '(')
		if i <= 0 {
			break
		}
		if p[i-1] != '/' {
			continue
		}
		var e int
		if grouped {
			e = groupedID(p, i)
		} else {
			e = plainID(p, i)
		}
		if e < 0 {
			continue
		}
		// The rest p[e:] must hold ".aspx" at some j >= e+1, with no "?"
		// in p[e:j].
		for from > e {
			from--
			if p[from] == '?' {
				nextQ = from
			}
			if hasAspxAt(p, from) {
				nextAspx, secondAspx = from, nextAspx
			}
		}
		// from == e now; ".aspx" at e itself does not count.
		aspx := nextAspx
		if aspx == e {
			aspx = secondAspx
		}
		if aspx < nextQ {
			n := copy(p[i:], p[e:])
			return p[:i+n]
		}
	}
	return p
}

// stripQuerySessionID removes session ids from the query q, in place: for
// each kind in turn (jsessionid, phpsessid, sid, aspsessionid, then cfid with
// cftoken), the last one that is followed by "&" or the end is removed with
// that "&". The names are matched without regard to case, and anywhere, as
// the key maker's regular expressions do ("xsid=..." counts).
func stripQuerySessionID(q []byte) []byte {
	if !mayHoldSessionID(q) {
		return q
	}
	for kind := range 4 {
		q = stripLast(q, kind)
	}
	return stripCF(q)
}

// fixedID returns the end of name and n bytes at q[i:], letters and digits
// or (alpha) letters only, or -1.
func fixedID(q []byte, i int, name string, n int, alpha bool) int {
	if i < 0 || i+len(name)+n > len(q) || !lowerEq(q[i:i+len(name)], name) {
		return -1
	}
	for _, c := range q[i+len(name) : i+len(name)+n] {
		if !isAlpha(c) && (alpha || c < '0' || c > '9') {
			return -1
		}
	}
	return i + len(name) + n
}

// aspSessionID matches "aspsessionid", 8 letters, "=" and 24 letters.
func aspSessionID(q []byte, i int) int {
	e := fixedID(q, i, "aspsessionid", 8, true)
	if e < 0 || e >= len(q) || q[e] != '=' {
		return -1
	}
	return fixedID(q, e, "=", 24, true)
}

// stripLast removes q[i:e] and the "&" after it for the last i where the
// id of the kind (0 jsessionid, 1 phpsessid, 2 sid, 3 aspsessionid) ends at
// an e at the end of q or before "&". Each id has its "=" at a fixed place,
// so only the places before a "=" are tried.
func stripLast(q []byte, kind int) []byte {
	for k := len(q) - 1; k >= 0; k-- {
		k = bytes.LastIndexByte(q[:k+1], '=')
		if k < 0 {
			break
		}
		var i, e int
		switch kind {
		case 0:
			i = k - len("jsessionid")
			e = fixedID(q, i, "jsessionid=", 32, false)
		case 1:
			i = k - len("phpsessid")
			e = fixedID(q, i, "phpsessid=", 32, false)
		case 2:
			i = k - len("sid")
			e = fixedID(q, i, "sid=", 32, false)
		default:
			i = k - len("aspsessionid") - 8
			e = aspSessionID(q, i)
		}
		if e < 0 || e < len(q) && q[e] != '&' {
			continue
		}
		if e < len(q) {
			e++
		}
		n := copy(q[i:], q[e:])
		return q[:i+n]
	}
	return q
}

// stripCF removes the last "cfid=" value "&cftoken=" value, each value one
// or more bytes other than "&", and the "&" after it. The candidates are
// tried from the right, and the "&" that ends each value is found once per
// "&"-separated parameter, so the whole is linear.
func stripCF(q []byte) []byte {
	nextAmp := len(q) // the least index > k holding "&", or len(q)
	scanned := len(q) // q[scanned:] has been searched for "&"
	for k := len(q) - 1; k >= 0; k-- {
		k = bytes.LastIndexByte(q[:k+1], '=')
		if k < 0 {
			break
		}
		if j := bytes.IndexByte(q[k+1:scanned], '&'); j >= 0 {
			nextAmp = k + 1 + j
		}
		scanned = k + 1
		i := k - len("cfid")
		if i < 0 || !lowerEq(q[i:k+1], "cfid=") {
			continue
		}
		a := nextAmp
		if a == k+1 || a >= len(q) { // an empty value, or no "&"
			continue
		}
		t := a + 1
		if t+8 >= len(q) || !lowerEq(q[t:t+8], "cftoken=") || q[t+8] == '&' {
			continue
		}
		e := t + 8
		for e < len(q) && q[e] != '&' {
			e++
		}
		if e < len(q) {
			e++
		}
		n := copy(q[i:], q[e:])
		return q[:i+n]
	}
	return q
}

// mayHoldSessionID reports whether q may hold an id that
// stripQuerySessionID removes: a "=" followed by at least 24 letters or
// digits (the shortest value, that of aspsessionid), or a "cfid=". Without
// one, no step changes q, so it is skipped. Each "=" is looked at once and
// the runs after them do not overlap, so this is linear in q.
func mayHoldSessionID(q []byte) bool {
	for k := 0; k < len(q); {
		j := bytes.IndexByte(q[k:], '=')
		if j < 0 {
			return false
		}
		k += j
		if k >= 4 && lowerEq(q[k-4:k], "cfid") {
			return true
		}
		n := 0
		for m := k + 1; m < len(q) && n < 24 && isAlnum(q[m]); m++ {
			n++
		}
		if n >= 24 {
			return true
		}
		k++
	}
	return false
}
