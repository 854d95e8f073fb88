package readers

import (
	"net/netip"
	"strconv"
	"strings"

	"github.com/ferret-go/uri/internal/ascii"
)

// CurlCode is a CURLUcode that curl_url_set returns for a URL it rejects.
// Its name tells the component: CurlBadUser, CurlBadHostname, CurlBadPath.
type CurlCode int

// The CURLUcode values (include/curl/urlapi.h, curl 7.88.1) that reading a
// URL can give.
const (
	CurlMalformedInput CurlCode = 3  // CURLUE_MALFORMED_INPUT: longer than 8,000,000 bytes
	CurlBadPortNumber  CurlCode = 4  // CURLUE_BAD_PORT_NUMBER
	CurlNoHost         CurlCode = 14 // CURLUE_NO_HOST: empty host
	CurlBadFileURL     CurlCode = 19 // CURLUE_BAD_FILE_URL
	CurlBadFragment    CurlCode = 20 // CURLUE_BAD_FRAGMENT: a control byte or space
	CurlBadHostname    CurlCode = 21 // CURLUE_BAD_HOSTNAME
	CurlBadIPv6        CurlCode = 22 // CURLUE_BAD_IPV6
	CurlBadLogin       CurlCode = 23 // CURLUE_BAD_LOGIN: the login options
	CurlBadPassword    CurlCode = 24 // CURLUE_BAD_PASSWORD
	CurlBadPath        CurlCode = 25 // CURLUE_BAD_PATH
	CurlBadQuery       CurlCode = 26 // CURLUE_BAD_QUERY
	CurlBadScheme      CurlCode = 27 // CURLUE_BAD_SCHEME: no scheme (without guessing)
	CurlBadSlashes     CurlCode = 28 // CURLUE_BAD_SLASHES: not 1 to 3 slashes after the scheme
	CurlBadUser        CurlCode = 29 // CURLUE_BAD_USER
)

// Error returns the code's name and curl_url_strerror's text.
// component names the part of the URL a code is about, for [Error].
func (c CurlCode) component() string {
	switch c {
	case CurlBadPortNumber:
		return "port"
	case CurlNoHost, CurlBadHostname, CurlBadIPv6:
		return "host"
	case CurlBadFragment:
		return "fragment"
	case CurlBadLogin, CurlBadPassword, CurlBadUser:
		return "userinfo"
	case CurlBadPath, CurlBadFileURL:
		return "path"
	case CurlBadQuery:
		return "query"
	case CurlBadScheme, CurlBadSlashes:
		return "scheme"
	}
	return "url"
}

func (c CurlCode) Error() string {
	switch c {
	case CurlMalformedInput:
		return "curl: CURLUE_MALFORMED_INPUT: Malformed input to a URL function"
	case CurlBadPortNumber:
		return "curl: CURLUE_BAD_PORT_NUMBER: Port number was not a decimal number between 0 and 65535"
	case CurlNoHost:
		return "curl: CURLUE_NO_HOST: No host part in the URL"
	case CurlBadFileURL:
		return "curl: CURLUE_BAD_FILE_URL: Bad file:// URL"
	case CurlBadFragment:
		return "curl: CURLUE_BAD_FRAGMENT: Bad fragment"
	case CurlBadHostname:
		return "curl: CURLUE_BAD_HOSTNAME: Bad hostname"
	case CurlBadIPv6:
		return "curl: CURLUE_BAD_IPV6: Bad IPv6 address"
	case CurlBadLogin:
		return "curl: CURLUE_BAD_LOGIN: Bad login part"
	case CurlBadPassword:
		return "curl: CURLUE_BAD_PASSWORD: Bad password"
	case CurlBadPath:
		return "curl: CURLUE_BAD_PATH: Bad path"
	case CurlBadQuery:
		return "curl: CURLUE_BAD_QUERY: Bad query"
	case CurlBadScheme:
		return "curl: CURLUE_BAD_SCHEME: Bad scheme"
	case CurlBadSlashes:
		return "curl: CURLUE_BAD_SLASHES: Unsupported number of slashes following scheme"
	case CurlBadUser:
		return "curl: CURLUE_BAD_USER: Bad user"
	}
	return "curl: CURLUcode " + strconv.Itoa(int(c))
}

// Curl reads s as libcurl 7.88.1's curl_url_set does without
// CURLU_GUESS_SCHEME, as trurl and a program of libcurl read a URL.
//
// The curl readers emulate libcurl 7.88.1's URL API (lib/urlapi.c at tag
// curl-7_88_1, Debian 12's libcurl4), as the curl command and trurl read a
// URL: curl_url_set(h, CURLUPART_URL, s, flags) with CURLU_NON_SUPPORT_SCHEME
// (any scheme is read, as libcurl's own transfer code, lib/url.c, asks),
// CURLU_URLENCODE off, and CURLU_GUESS_SCHEME off ("curl") or on
// ("curl_guess", what the curl command uses for a URL typed without a
// scheme); then curl_url_get of each part with no flags.
//
// The Reading's fields are what curl_url_get returns:
//
//   - Scheme: lowercased.
//   - Userinfo: the user, then ":" and the password, then ";" and the login
//     options, each as curl keeps it (raw, percent-encoded as written);
//     options are split off only for the schemes whose handler takes them
//     (imap, imaps, pop3, pop3s, smtp, smtps). Present whenever the
//     authority has an "@" (the user may be empty).
//   - Host: the host libcurl connects to, before IDN conversion and before
//     DNS: percent-decoded (decode_host), IPv4 numbers in any of the forms
//     inet_aton takes ("0x7f.1", "2130706433", "0177.0.0.1") rewritten as
//     dotted decimal (ipv4_normalize), an IPv6 address in brackets,
//     rewritten in inet_ntop's form where that is shorter, without its zone
//     id (curl keeps the zone apart, CURLUPART_ZONEID). Case is kept.
//     Absent for file: URLs, which have no host in libcurl.
//   - Port: the explicit port, in decimal without leading zeros (0 is
//     accepted); absent when none is given (or ":" ends the authority).
//   - Path: raw, after RFC 3986 dot-segment removal (dedotdotify); "/" when
//     the URL has none. Always present.
//   - Query: raw, without "?"; present, maybe empty, when there is a "?".
//   - Fragment: raw, without "#"; absent when "#" ends the URL.
//
// The string is read as a C string: it ends at its first NUL byte. The
// errors are *[Error] values holding the CURLUcode curl_url_set returns, a [CurlCode];
// libcurl gives no offset.
func Curl(s string) Reading { return wrapCurl("curl", curlRead(s, false)) }

// CurlGuess reads s as libcurl 7.88.1's curl_url_set does with
// CURLU_GUESS_SCHEME, as the curl command reads a URL typed without a scheme
// ("example.com/x" is http, "ftp.example.com" ftp).
func CurlGuess(s string) Reading { return wrapCurl("curl_guess", curlRead(s, true)) }

// curlMaxInput is CURL_MAX_INPUT_LENGTH (lib/urldata.h).
const curlMaxInput = 8000000

// curlMaxScheme is MAX_SCHEME_LEN (lib/urlapi.c).
const curlMaxScheme = 40

// at returns s[i], or 0 past its end: the NUL a C string ends with.
func at(s string, i int) byte {
	if i < len(s) {
		return s[i]
	}
	return 0
}

func curlRead(s string, guess bool) Reading {
	// A C string ends at its first NUL.
	if i := strings.IndexByte(s, 0); i >= 0 {
		s = s[:i]
	}
	if len(s) > curlMaxInput {
		return Reading{Err: CurlMalformedInput}
	}
	var r Reading
	schemeLen := curlSchemeLen(s, guess)
	var path, host string
	hasHost := false
	if schemeLen > 0 {
		r.Scheme = s[:schemeLen]
		if !isLowerASCII(r.Scheme) {
			r.Scheme = strings.ToLower(r.Scheme)
		}
		r.Has |= HasScheme
	}
	if r.Scheme == "file" {
		// parseurl's file: branch: no host; "file://" must be followed by
		// a "/", "localhost/" or "127.0.0.1/" (RFC 8089 local files).
		if len(s) <= 6 {
			return Reading{Err: CurlBadFileURL}
		}
		path = s[5:]
		if strings.HasPrefix(path, "//") {
			p := path[2:]
			if at(p, 0) != '/' && !curlURLDrive(p) {
				if hasPrefixFold(p, "localhost/") || hasPrefixFold(p, "127.0.0.1/") {
					p = p[9:]
				} else {
					return Reading{Err: CurlBadFileURL}
				}
			}
			path = p
		}
		// Drive letters are refused outside Windows.
		if at(path, 0) == '/' && curlURLDrive(path[1:]) || curlURLDrive(path) {
			return Reading{Err: CurlBadFileURL}
		}
	} else {
		p := s
		if schemeLen > 0 {
			p = s[schemeLen+1:]
			i := 0
			for i < 4 && at(p, i) == '/' {
				i++
			}
			p = p[i:]
			if i < 1 || i > 3 {
				return Reading{Err: CurlBadSlashes}
			}
		} else if !guess {
			return Reading{Err: CurlBadScheme}
		}
		end := 0
		for end < len(p) && p[end] != '/' && p[end] != '?' && p[end] != '#' {
			end++
		}
		if end == 0 {
			return Reading{Err: CurlNoHost}
		}
		host, hasHost = p[:end], true
		path = p[end:]
	}

	// The fragment, from the first "#"; then the query, from the first "?"
	// before it.
	rest := path
	if i := strings.IndexByte(path, '#'); i >= 0 {
		rest = path[:i]
		if f := path[i+1:]; f != "" {
			if curlJunk(f) {
				return Reading{Err: CurlBadFragment}
			}
			r.Fragment = f
			r.Has |= HasFragment
		}
	}
	if i := strings.IndexByte(rest, '?'); i >= 0 {
		q := rest[i+1:]
		if curlJunk(q) {
			return Reading{Err: CurlBadQuery}
		}
		r.Query = q
		r.Has |= HasQuery
		rest = rest[:i]
	}
	r.Path = "/"
	r.Has |= HasPath
	if len(rest) > 1 {
		if curlJunk(rest) {
			return Reading{Err: CurlBadPath}
		}
		r.Path = curlDedot(rest)
	}

	if !hasHost {
		return r
	}
	// parse_hostname_login: the login ends at the first "@".
	if i := strings.IndexByte(host, '@'); i >= 0 {
		login := host[:i]
		host = host[i+1:]
		ui, err := curlLogin(login, curlURLOptions(r.Scheme))
		if err != nil {
			return Reading{Err: err}
		}
		r.Userinfo = ui
		r.Has |= HasUserinfo
	}
	// Curl_parse_port.
	var portText string
	hasPort := false
	if at(host, 0) == '[' {
		i := strings.IndexByte(host, ']')
		if i < 0 {
			return Reading{Err: CurlBadIPv6}
		}
		if i+1 < len(host) {
			if host[i+1] != ':' {
				return Reading{Err: CurlBadPortNumber}
			}
			portText, hasPort = host[i+2:], true
			host = host[:i+1]
		}
	} else if i := strings.IndexByte(host, ':'); i >= 0 {
		portText, hasPort = host[i+1:], true
		host = host[:i]
	}
	if hasPort {
		if portText == "" {
			if schemeLen == 0 {
				return Reading{Err: CurlBadPortNumber}
			}
		} else {
			port, ok := curlPort(portText)
			if !ok {
				return Reading{Err: CurlBadPortNumber}
			}
			r.Port = port
			r.Has |= HasPort
		}
	}
	if curlJunk(host) {
		return Reading{Err: CurlBadHostname}
	}
	if v4, ok := curlIPv4(host); ok {
		host = v4
	} else {
		var err error
		if host, err = curlCheckHost(host); err != nil {
			return Reading{Err: err}
		}
	}
	r.Host = host
	r.Has |= HasHost
	if r.Has&HasScheme == 0 {
		// CURLU_GUESS_SCHEME: the legacy guess from the host name.
		r.Scheme = "http"
		for _, g := range [...]string{"ftp", "dict", "ldap", "imap", "smtp", "pop3"} {
			if len(host) > len(g) && host[len(g)] == '.' && hasPrefixFold(host, g) {
				r.Scheme = g
				break
			}
		}
		r.Has |= HasScheme
	}
	return r
}

// curlSchemeLen is Curl_is_absolute_url: the length of the scheme that
// starts s, or 0. Up to 40 letters, digits, "+", "-" or "." (a digit may
// come first) and a ":"; when guessing, the ":" must be followed by "/".
func curlSchemeLen(s string, guess bool) int {
	i := 0
	for i < curlMaxScheme && i < len(s) && isSchemeChar(s[i]) {
		i++
	}
	if i > 0 && at(s, i) == ':' && (at(s, i+1) == '/' || !guess) {
		return i
	}
	return 0
}

func isLowerASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			return false
		}
	}
	return true
}

// hasPrefixFold is curl's checkprefix: a case-insensitive ASCII prefix test.
func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// curlURLDrive is STARTS_WITH_URL_DRIVE_PREFIX: a letter, ":" or "|", then
// "/", "\" or the end.
func curlURLDrive(s string) bool {
	c := at(s, 0)
	if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
		return false
	}
	if d := at(s, 1); d != ':' && d != '|' {
		return false
	}
	d := at(s, 2)
	return d == '/' || d == '\\' || d == 0
}

// curlJunk is junkscan without CURLU_ALLOW_SPACE: a byte 0x01-0x1f, 0x7f or
// a space.
func curlJunk(s string) bool {
	return ascii.HasBelow(s, ' '+1) || strings.IndexByte(s, 0x7f) >= 0
}

// curlURLOptions tells whether the scheme's handler has PROTOPT_URLOPTIONS
// (login options after ";").
func curlURLOptions(scheme string) bool {
	switch scheme {
	case "imap", "imaps", "pop3", "pop3s", "smtp", "smtps":
		return true
	}
	return false
}

// curlLogin is Curl_parse_login_details and the checks parse_hostname_login
// makes: user, password after the first ":", options after the first ";"
// (when the scheme takes them). It returns them as user[:password][;options].
func curlLogin(login string, options bool) (string, error) {
	psep := strings.IndexByte(login, ':')
	osep := -1
	if options {
		osep = strings.IndexByte(login, ';')
	}
	user, pass, opts := login, "", ""
	hasPass := psep >= 0
	switch {
	case psep >= 0 && osep >= 0 && osep < psep: // user;options:password
		user, opts, pass = login[:osep], login[osep+1:psep], login[psep+1:]
	case psep >= 0 && osep >= 0: // user:password;options
		user, pass, opts = login[:psep], login[psep+1:osep], login[osep+1:]
	case psep >= 0:
		user, pass = login[:psep], login[psep+1:]
	case osep >= 0:
		user, opts = login[:osep], login[osep+1:]
	}
	if curlJunk(user) {
		return "", CurlBadUser
	}
	if hasPass && curlJunk(pass) {
		return "", CurlBadPassword
	}
	if curlJunk(opts) {
		return "", CurlBadLogin
	}
	if opts == "" && (osep < 0 || osep > psep) {
		// user[:password] in its place in the input.
		if hasPass {
			return login[:psep+1+len(pass)], nil
		}
		return login[:len(user)], nil
	}
	var b strings.Builder
	b.Grow(len(login))
	b.WriteString(user)
	if hasPass {
		b.WriteByte(':')
		b.WriteString(pass)
	}
	if opts != "" {
		b.WriteByte(';')
		b.WriteString(opts)
	}
	return b.String(), nil
}

// curlPort reads the port as Curl_parse_port does: a decimal number
// (strtol) no greater than 65535 and nothing after it, written back
// without leading zeros.
func curlPort(s string) (string, bool) {
	if s[0] < '0' || s[0] > '9' {
		return "", false
	}
	v := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return "", false
		}
		v = v*10 + int(c-'0')
		if v > 0xffff {
			return "", false
		}
	}
	if s[0] != '0' || len(s) == 1 {
		return s, true
	}
	return strconv.Itoa(v), true
}

// curlIPv4 is ipv4_normalize: the host as one to four numbers separated by
// ".", each as strtoul reads it with base 0 (decimal, "0" octal, "0x"
// hexadecimal), the last filling the remaining bytes, rewritten as dotted
// decimal; ok is false for a host that is not such a number.
func curlIPv4(h string) (string, bool) {
	var parts [4]uint64
	n := 0
	i := 0
	for {
		if i >= len(h) || h[i] < '0' || h[i] > '9' {
			return "", false
		}
		v, next, ok := curlStrtoul(h, i)
		if !ok {
			return "", false
		}
		parts[n] = v
		i = next
		if i == len(h) {
			break
		}
		if h[i] != '.' || n == 3 {
			return "", false
		}
		n++
		i++
	}
	var v uint64
	switch n {
	case 0:
		v = parts[0]
	case 1:
		if parts[0] > 0xff || parts[1] > 0xffffff {
			return "", false
		}
		v = parts[0]<<24 | parts[1]
	case 2:
		if parts[0] > 0xff || parts[1] > 0xff || parts[2] > 0xffff {
			return "", false
		}
		v = parts[0]<<24 | parts[1]<<16 | parts[2]
	case 3:
		if parts[0] > 0xff || parts[1] > 0xff || parts[2] > 0xff || parts[3] > 0xff {
			return "", false
		}
		if isPlainDotted(h) {
			return h, true
		}
		v = parts[0]<<24 | parts[1]<<16 | parts[2]<<8 | parts[3]
	}
	var buf [15]byte
	b := strconv.AppendUint(buf[:0], v>>24, 10)
	for sh := 16; sh >= 0; sh -= 8 {
		b = append(b, '.')
		b = strconv.AppendUint(b, v>>sh&0xff, 10)
	}
	return string(b), true
}

// isPlainDotted tells whether h, a valid four-part number, is already in
// dotted decimal without leading zeros (so that normalizing changes
// nothing).
func isPlainDotted(h string) bool {
	start := 0
	for i := 0; i <= len(h); i++ {
		if i == len(h) || h[i] == '.' {
			if i-start > 1 && h[start] == '0' {
				return false
			}
			start = i + 1
		} else if h[i] < '0' || h[i] > '9' {
			return false
		}
	}
	return true
}

// curlStrtoul reads a number at s[i:] as glibc's strtoul with base 0 does
// (s[i] is a digit): "0x" or "0X" and a hex digit start hexadecimal, "0"
// octal, else decimal. ok is false when the value exceeds 32 bits (as
// ipv4_normalize refuses it).
func curlStrtoul(s string, i int) (v uint64, next int, ok bool) {
	base := uint64(10)
	if s[i] == '0' {
		base = 8
		if c := at(s, i+1); (c == 'x' || c == 'X') && hexVal(at(s, i+2)) >= 0 {
			base = 16
			i += 2
		}
	}
	for ; i < len(s); i++ {
		d := hexVal(s[i])
		if d < 0 || uint64(d) >= base {
			break
		}
		v = v*base + uint64(d)
		if v > 0xffffffff {
			// Keep reading digits: the value is refused either way.
			for i < len(s) && hexVal(s[i]) >= 0 && uint64(hexVal(s[i])) < base {
				i++
			}
			return 0, i, false
		}
	}
	return v, i, true
}

func hexVal(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c && c <= 'f':
		return int(c-'a') + 10
	case 'A' <= c && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// curlCheckHost is decode_host and hostname_check: a host with "%" is
// percent-decoded (a decoded byte under 0x20 is refused); then an IPv6
// address in brackets must be one inet_pton takes (its zone id, after "%",
// is dropped), and any other host may not hold a space, control or one of
// "/:#?!@{}[]\$'"^`*<>=;,+&()".
func curlCheckHost(h string) (string, error) {
	if h != "" && h[0] != '[' && strings.IndexByte(h, '%') >= 0 {
		var ok bool
		if h, ok = curlDecode(h); !ok {
			return "", CurlBadHostname
		}
	}
	if h == "" {
		return "", CurlNoHost
	}
	if h[0] == '[' {
		// (A decoded host may start with "[" too.)
		return curlIPv6(h)
	}
	for i := 0; i < len(h); i++ {
		if curlBadHostByte(h[i]) {
			return "", CurlBadHostname
		}
	}
	return h, nil
}

func curlBadHostByte(c byte) bool {
	switch c {
	case ' ', '\r', '\n', '\t', '/', ':', '#', '?', '!', '@', '{', '}', '[', ']', '\\', '$', '\'', '"', '^', '`', '*', '<', '>', '=', ';', ',', '+', '&', '(', ')':
		return true
	}
	return false
}

// curlDecode is Curl_urldecode with REJECT_CTRL: "%" and two hex digits
// become the byte; a resulting byte under 0x20 fails.
func curlDecode(s string) (string, bool) {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' && i+2 < len(s) && hexVal(s[i+1]) >= 0 && hexVal(s[i+2]) >= 0 {
			c = byte(hexVal(s[i+1])<<4 | hexVal(s[i+2]))
			i += 2
		}
		if c < 0x20 {
			return "", false
		}
		b = append(b, c)
	}
	return string(b), true
}

// curlIPv6 is hostname_check's bracket branch, for a host starting with
// "[" (and, but for a decoded host, ending at its first "]").
func curlIPv6(h string) (string, error) {
	if len(h) < 4 {
		return "", CurlBadIPv6
	}
	name := h[1:]
	hlen := len(h) - 2
	n := 0
	for n < len(name) && (hexVal(name[n]) >= 0 || name[n] == ':' || name[n] == '.') {
		n++
	}
	if n != hlen {
		if at(name, n) != '%' {
			return "", CurlBadIPv6
		}
		// A zone id: "%25" is skipped when something other than "]"
		// follows it; then 1 to 15 bytes and "]". libcurl keeps it apart.
		z := name[n+1:]
		if strings.HasPrefix(z, "25") && len(z) > 2 && z[2] != ']' {
			z = z[2:]
		}
		i := strings.IndexByte(z, ']')
		if i < 1 || i > 15 {
			return "", CurlBadIPv6
		}
		hlen = n
	}
	addr := name[:hlen]
	var a [16]byte
	if !inetPton6(addr, &a) {
		return "", CurlBadIPv6
	}
	var buf [46]byte
	norm := inetNtop6(&a, buf[:0])
	if len(norm) < len(addr) {
		return "[" + string(norm) + "]", nil
	}
	if len(h) == hlen+2 && h[len(h)-1] == ']' {
		return h, nil
	}
	return h[:1+hlen] + "]", nil
}

// inetPton6 is glibc's inet_pton(AF_INET6): up to eight groups of 1-4 hex
// digits, one "::", an IPv4 dotted quad (no leading zeros) in place of the
// last two groups.
func inetPton6(s string, dst *[16]byte) bool {
	var a [16]byte
	tp, colonp := 0, -1
	i := 0
	if at(s, 0) == ':' {
		if at(s, 1) != ':' {
			return false
		}
		i = 1
	}
	curtok := i
	seen := 0
	val := 0
	for i < len(s) {
		c := s[i]
		i++
		if d := hexVal(c); d >= 0 {
			val = val<<4 | d
			seen++
			if seen > 4 {
				return false
			}
			continue
		}
		if c == ':' {
			curtok = i
			if seen == 0 {
				if colonp >= 0 {
					return false
				}
				colonp = tp
				continue
			}
			if i == len(s) {
				return false
			}
			if tp+2 > 16 {
				return false
			}
			a[tp], a[tp+1] = byte(val>>8), byte(val)
			tp += 2
			seen, val = 0, 0
			continue
		}
		if c == '.' && tp+4 <= 16 && inetPton4(s[curtok:], a[tp:tp+4]) {
			tp += 4
			seen = 0
			break
		}
		return false
	}
	if seen > 0 {
		if tp+2 > 16 {
			return false
		}
		a[tp], a[tp+1] = byte(val>>8), byte(val)
		tp += 2
	}
	if colonp >= 0 {
		if tp == 16 {
			return false
		}
		n := tp - colonp
		for k := 1; k <= n; k++ {
			a[16-k] = a[colonp+n-k]
			a[colonp+n-k] = 0
		}
		tp = 16
	}
	if tp != 16 {
		return false
	}
	*dst = a
	return true
}

// inetPton4 is glibc's inet_pton4: exactly four decimal octets, no leading
// zero, each at most 255, to the end of s; the address goes into dst. That
// is netip.ParseAddr's dotted decimal (and ipaddress.IPv4Address's, pyIPv4).
func inetPton4(s string, dst []byte) bool {
	a, err := netip.ParseAddr(s)
	if err != nil || !a.Is4() {
		return false
	}
	b := a.As4()
	copy(dst, b[:])
	return true
}

// inetNtop6 is glibc's inet_ntop(AF_INET6): lowercase hex without leading
// zeros, the first longest run of two or more zero groups as "::", and
// "::a.b.c.d" / "::ffff:a.b.c.d" for IPv4-compatible and -mapped
// addresses.
func inetNtop6(a *[16]byte, b []byte) []byte {
	var w [8]int
	for i := range w {
		w[i] = int(a[2*i])<<8 | int(a[2*i+1])
	}
	best, bestLen, cur, curLen := -1, 0, -1, 0
	for i := 0; i < 8; i++ {
		if w[i] == 0 {
			if cur < 0 {
				cur, curLen = i, 1
			} else {
				curLen++
			}
			continue
		}
		if cur >= 0 {
			if best < 0 || curLen > bestLen {
				best, bestLen = cur, curLen
			}
			cur = -1
		}
	}
	if cur >= 0 && (best < 0 || curLen > bestLen) {
		best, bestLen = cur, curLen
	}
	if best >= 0 && bestLen < 2 {
		best = -1
	}
	for i := 0; i < 8; i++ {
		if best >= 0 && i >= best && i < best+bestLen {
			if i == best {
				b = append(b, ':')
			}
			continue
		}
		if i != 0 {
			b = append(b, ':')
		}
		if i == 6 && best == 0 && (bestLen == 6 || bestLen == 5 && w[5] == 0xffff) {
			for k := 12; k < 16; k++ {
				if k > 12 {
					b = append(b, '.')
				}
				b = strconv.AppendUint(b, uint64(a[k]), 10)
			}
			return b
		}
		b = strconv.AppendUint(b, uint64(w[i]), 16)
	}
	if best >= 0 && best+bestLen == 8 {
		b = append(b, ':')
	}
	return b
}

// curlDedot is dedotdotify (RFC 3986, section 5.2.4, as libcurl writes
// it) of a path with at least two bytes and no "?" or "#". It returns p
// itself when no segment is "." or "..".
func curlDedot(p string) string {
	if !hasDotSegment(p) {
		return p
	}
	out := make([]byte, 0, len(p))
	in := p
	for {
		dotdot := true
		switch {
		case strings.HasPrefix(in, "./"):
			in = in[2:]
		case strings.HasPrefix(in, "../"):
			in = in[3:]
		case in == "." || in == "..":
			out = out[:0]
			return string(out)
		case strings.HasPrefix(in, "/./"):
			in = in[2:]
		case in == "/.":
			return string(append(out, '/'))
		case strings.HasPrefix(in, "/../"):
			in = in[3:]
			out = curlDropSegment(out)
		case in == "/..":
			return string(append(curlDropSegment(out), '/'))
		default:
			dotdot = false
		}
		if !dotdot {
			// Move the first segment, with its "/", to the output.
			j := 1
			for j < len(in) && in[j] != '/' {
				j++
			}
			out = append(out, in[:j]...)
			in = in[j:]
		}
		if in == "" {
			return string(out)
		}
	}
}

// curlDropSegment removes the output's last segment and its "/".
func curlDropSegment(out []byte) []byte {
	i := len(out)
	for i > 0 {
		i--
		if out[i] == '/' {
			break
		}
	}
	return out[:i]
}

// hasDotSegment tells whether a segment of p (split at "/") is "." or "..".
func hasDotSegment(p string) bool {
	start := 0
	for i := 0; i <= len(p); i++ {
		if i == len(p) || p[i] == '/' {
			if seg := p[start:i]; seg == "." || seg == ".." {
				return true
			}
			start = i + 1
		}
	}
	return false
}
