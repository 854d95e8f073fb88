package lint

import (
	"strconv"

	"github.com/ferret-go/uri"
)

// A Code names one kind of finding. Codes are stable: a code keeps its
// meaning once released, so programs may match on them and configuration
// may list them. Each code is documented with the section of RFC 3986,
// section 7 (Security Considerations) it comes from, or with the parser
// differential it reports.
type Code string

// Codes of parser differentials: places where RFC 3986, net/url and
// browsers (the URL Standard of WHATWG) read the same string differently.
// CodeDifferential compares the parsers' readings, net/url.Parse and this
// module's whatwg.Parse called for real; the other codes name the known
// patterns, with spans found by a model of how the URL Standard delimits
// the authority ("\" as "/", any number of slashes, tabs and newlines
// removed, leading and trailing spaces and controls removed, the last "@").
const (
	// CodeInvalid: the string is no URI reference by RFC 3986 (nor IRI
	// reference by RFC 3987); the finding points at the first offending
	// byte. Another parser may still accept it, and read it its own way:
	// the message says what net/url.Parse and the URL Standard make of it.
	CodeInvalid Code = "invalid"
	// CodeDifferential: net/url.Parse, the URL Standard (whatwg.Parse) or
	// a parser of Options.Readers reads the scheme, userinfo, host or port
	// of a valid reference differently from RFC 3986 (net/url also the
	// path), or rejects it. Hosts are compared as names (case, IDNA) and
	// addresses, ports as numbers with the scheme's default. A relative
	// reference is not given to the URL Standard, which needs a base, nor
	// to Options.Readers. When a reader of Options.Readers reads another
	// host or rejects the reference, one finding names every reader with
	// the host it reads (High when a host differs: a request would go
	// elsewhere), or that it rejects the reference (Low, when no host
	// differs).
	CodeDifferential Code = "differential"
	// CodeEdgeSpace: spaces or C0 controls before or after the reference,
	// which browsers remove and RFC 3986 rejects (Appendix C says to remove
	// such delimiters before parsing, so a string checked with them may be
	// used without them).
	CodeEdgeSpace Code = "edge-space"
	// CodeTabNewline: a tab, CR or LF inside the reference: browsers remove
	// them anywhere ("ht\ntp://" is "http://"), RFC 3986 rejects them.
	CodeTabNewline Code = "tab-newline"
	// CodeMultipleAt: more than one "@" in the authority. RFC 3986 allows
	// none in the userinfo (section 3.2.1); net/url and browsers take the
	// last as the end of the userinfo, other parsers may not, and so read
	// different hosts or none ("http://a@evil.com:80@good.com/"). The
	// finding names, beside net/url and browsers, each parser of package
	// readers that, called on the input, reads another host than browsers
	// or rejects it, and those whose host is the one after the first "@".
	CodeMultipleAt Code = "multiple-at"
	// CodeBackslash: a "\" before the query of a URL whose scheme browsers
	// treat as special (http, https, ws, wss, ftp, file): browsers read it
	// as "/", so it may end the authority ("http://good.com\@evil.com/").
	CodeBackslash Code = "backslash"
	// CodeSlashCount: a special scheme other than file followed by a number
	// of slashes other than two ("http:/x", "http:////x"): browsers skip
	// any number of "/" and "\" and read an authority; RFC 3986 and net/url
	// read a path. (Two of them, one a "\", is a CodeBackslash.)
	CodeSlashCount Code = "slash-count"
	// CodeSchemeRelative: a reference without a scheme that begins with
	// two or more "/" or "\\", tabs and newlines aside ("//evil.com",
	// "///evil.com", "\\\\evil.com", "/\\evil.com"): browsers resolving it
	// against a page whose scheme is special read the host after them
	// (URL Standard, "relative slash state" and "special authority ignore
	// slashes state"), where a check that the target "begins with /" sees
	// a path on the same site: the open-redirect bypass. The message and
	// the claims name the host browsers reach against
	// https://example.com/ ([ExampleBase]). Low for "//host", which every
	// reader reads alike, Medium for the other shapes; High for all with
	// [Options.Navigation].
	CodeSchemeRelative Code = "scheme-relative"
	// CodeIPv6Zone: an IP-literal with a zone identifier ("%"), which RFC
	// 9844 took out of URIs and browsers reject but net/url accepts; with
	// a second "]" in the authority the readings of the host diverge
	// ("http://[::1%25]evil.com]/", golang/go#78569).
	CodeIPv6Zone Code = "ipv6-zone"
	// CodeEncodedHost: percent-encoded octets in the host. RFC 3986
	// compares a reg-name as written (section 6.2.2.2 decodes only
	// unreserved characters), browsers and net/url decode the host first,
	// so "%31%32%37.1" may reach a resolver as 127.0.0.1.
	CodeEncodedHost Code = "encoded-host"
	// CodeHostText: net/url.Parse and the URL Standard both accept the
	// string but give different host text (net/url's Hostname, the
	// standard's serialized host): case, fullwidth or other characters
	// that IDNA maps ("ｌｏｃａｌｈｏｓｔ"), invisible ones it removes
	// (U+200B), dots it maps ("。"), IP addresses written otherwise.
	// Reported even when both name the same host: a program that compares
	// net/url's Host with a list is bypassed by the other spelling. Low for
	// a difference of ASCII case only, Medium otherwise.
	CodeHostText Code = "host-text"
	// CodeSemicolonQuery: ";" in the query. net/url.ParseQuery (since Go
	// 1.17) drops a pair that holds one and returns an error, browsers'
	// URLSearchParams keep it in the value, older servers and frameworks
	// split at it, so the parameters a proxy checks may not be those the
	// application reads (CVE-2021-23336).
	CodeSemicolonQuery Code = "semicolon-query"
	// CodeQueryLimit: more query parameters than net/url.ParseQuery reads
	// (10000, GODEBUG urlmaxqueryparams): net/url returns an error where
	// other readers see parameters.
	CodeQueryLimit Code = "query-limit"
)

// Codes of RFC 3986, section 7.4 (rare IP address formats) and of
// server-side request forgery.
const (
	// CodeIPv4Form: a reg-name that resolvers (inet_aton) and browsers read
	// as an IPv4 address: fewer than four parts, octal ("0177.0.0.1"), hex
	// ("0x7f.1"), one number ("2130706433"), a final dot; the message gives
	// the address. A reg-name that ends in a number but is no address
	// ("1.2.3.256") is one browsers reject.
	CodeIPv4Form Code = "ipv4-form"
	// CodeIPv6Embedded: an IPv6 address that carries an IPv4 address
	// (IPv4-mapped "::ffff:127.0.0.1", IPv4-compatible, NAT64 64:ff9b::/96,
	// 6to4 2002::/16), which a guard checking IPv4 ranges may miss.
	CodeIPv6Embedded Code = "ipv6-embedded"
	// CodeInternalAddress: a host that is, or names, a loopback, private,
	// link-local, unspecified, shared (CGNAT) or cloud metadata address, or
	// "localhost". Opt-in: [Options.SSRF].
	CodeInternalAddress Code = "internal-address"
)

// Codes of RFC 3986, sections 7.5 and 7.6 (sensitive information, semantic
// attacks).
const (
	// CodePassword: a password in the userinfo (section 7.5; section 3.2.1
	// deprecates "user:password"). See [Redact].
	CodePassword Code = "password"
	// CodeUserinfoHost: a userinfo that looks like a host name or address
	// ("http://www.bank.com@evil.com/"), the semantic attack of section 7.6.
	CodeUserinfoHost Code = "userinfo-host"
	// CodeUserinfoHTTP: a userinfo in an http, https, ws or wss URI, which
	// RFC 9110, section 4.2.4 forbids senders to generate.
	CodeUserinfoHTTP Code = "userinfo-http"
	// CodeMixedScript: a host label mixing scripts (Latin with Cyrillic,
	// Greek...) outside the combinations of the "highly restrictive" level
	// of Unicode TS #39, section 5.2, which browsers apply before they
	// show a label in Unicode; punycode labels are decoded first.
	CodeMixedScript Code = "mixed-script"
	// CodeConfusable: a host label of another script written wholly in
	// letters that look like Latin ones ("аррӏе"), a whole-script
	// confusable (Unicode TS #39, section 4), under an ASCII top-level
	// domain (under ".рф" a Cyrillic label is expected); or a label that
	// mixes scripts and writes one of them only in such letters, a
	// mixed-script confusable. The same rules keep such a label an
	// A-label in [uri.URI.Display].
	CodeConfusable Code = "confusable"
)

// Codes of RFC 3986, section 7.3 (back-end transcoding): percent-encoded
// octets that mean something else once decoded.
const (
	// CodeEncodedNUL: "%00", which ends a string in C.
	CodeEncodedNUL Code = "encoded-nul"
	// CodeEncodedControl: another encoded control ("%0A", "%7F"...).
	CodeEncodedControl Code = "encoded-control"
	// CodeEncodedSlash: "%2F" or "%5C" in the path: a server that decodes
	// before routing sees another path.
	CodeEncodedSlash Code = "encoded-slash"
	// CodeEncodedDot: a path segment that is "." or ".." once decoded but
	// not as written ("%2e%2e"), so it escapes dot-segment removal (section
	// 5.2.4) and is climbed by a server that decodes first.
	CodeEncodedDot Code = "encoded-dot"
	// CodeBadUTF8: percent-encoded octets that are not UTF-8: invalid,
	// overlong ("%C0%AF", a "/" to a lax decoder) or surrogates.
	CodeBadUTF8 Code = "bad-utf8"
)

// Codes of RFC 3986, section 7.2 (the port and the scheme).
const (
	// CodeUnexpectedPort: a port of another protocol under a web scheme
	// (mail, SSH, DNS...: the "bad ports" of the Fetch Standard, which
	// browsers refuse; the message says where Chromium does not yet), the
	// cross-protocol attack of section 7.2.
	CodeUnexpectedPort Code = "unexpected-port"
	// CodePortRange: a port above 65535, which RFC 3986 allows (port =
	// *DIGIT) but no transport has; net/url accepts it, browsers reject.
	CodePortRange Code = "port-range"
	// CodeScriptScheme: a javascript: or vbscript: URL, or a data: URL of
	// a document that can hold scripts (text/html, application/xhtml+xml,
	// image/svg+xml), which a browser runs in the page that follows it:
	// Medium, High with [Options.Navigation], which also reports any other
	// data: URL (content of the URL's own making where a navigation or a
	// fetch is expected). Spaces, tabs and case are as browsers read them.
	CodeScriptScheme Code = "script-scheme"
)

// Codes lists every code, in the order of this documentation.
func Codes() []Code {
	return []Code{
		CodeInvalid, CodeDifferential, CodeEdgeSpace, CodeTabNewline, CodeMultipleAt,
		CodeBackslash, CodeSlashCount, CodeSchemeRelative, CodeIPv6Zone, CodeEncodedHost, CodeHostText, CodeSemicolonQuery,
		CodeQueryLimit, CodeIPv4Form, CodeIPv6Embedded, CodeInternalAddress, CodePassword,
		CodeUserinfoHost, CodeUserinfoHTTP, CodeMixedScript, CodeConfusable, CodeEncodedNUL,
		CodeEncodedControl, CodeEncodedSlash, CodeEncodedDot, CodeBadUTF8, CodeUnexpectedPort,
		CodePortRange, CodeScriptScheme,
	}
}

// Severity says how much a finding matters. Severities are ordered: a
// program that rejects findings at or above one level compares with >=.
type Severity uint8

const (
	// Info: worth knowing; no known parser reads the string dangerously.
	Info Severity = iota + 1
	// Low: parsers may disagree on a detail, or a server may.
	Low
	// Medium: a known class of attack applies, depending on the reader.
	Medium
	// High: parsers disagree on the host, the userinfo or the scheme, or
	// the string is built to deceive.
	High
)

var severityNames = [...]string{"", "info", "low", "medium", "high"}

// String returns "info", "low", "medium" or "high".
func (s Severity) String() string {
	if int(s) < len(severityNames) && s > 0 {
		return severityNames[s]
	}
	return "Severity(" + strconv.Itoa(int(s)) + ")"
}

// ParseSeverity returns the severity named name, as [Severity.String]
// writes it, and whether there is one.
func ParseSeverity(name string) (Severity, bool) {
	for i := 1; i < len(severityNames); i++ {
		if severityNames[i] == name {
			return Severity(i), true
		}
	}
	return 0, false
}

// Finding is one thing [Lint] found in a string.
type Finding struct {
	Code     Code
	Severity Severity
	// Component is the component that holds the span, as RFC 3986,
	// Appendix B splits the string; zero for the reference as a whole.
	Component uri.Component
	// Start and End delimit the bytes of the input the finding is about:
	// input[Start:End].
	Start, End int
	// Message is one line that explains the finding.
	Message string
	// Claims are what the message says of the readers it names, one for
	// each: the host (or other component) each reads, or that it rejects
	// the input. Each is what that reader, called for real, does with the
	// input (TestClaims checks them all).
	Claims []Claim
}

// Names of the readers in [Claim.Reader], besides the Name of a reader of
// [Options.Readers].
const (
	// ReaderRFC3986 is RFC 3986 (with RFC 3987 for non-ASCII
	// characters): github.com/ferret-go/uri's ParseIRI, its decoded
	// components (DecodedHost...).
	ReaderRFC3986 = "RFC 3986"
	// ReaderAppendixB is a reader that splits the string with the regular
	// expression of RFC 3986, Appendix B, which matches any string, and the
	// authority at its last "@" and the next ":" (outside brackets), as
	// many parsers do that check no grammar. The host is the text as
	// written.
	ReaderAppendixB = "RFC 3986, Appendix B"
	// ReaderNetURL is net/url.Parse: Hostname, Port, User, Path.
	ReaderNetURL = "net/url"
	// ReaderWHATWG is the URL Standard (what browsers read):
	// github.com/ferret-go/uri/whatwg's Parse, or ParseWithBase with
	// [Claim.Base]; the host is Hostname without brackets.
	ReaderWHATWG = "whatwg"
)

// ExampleBase is the page against which a reference without a scheme is
// resolved when a finding says where browsers take it: any page whose
// scheme is special reads such a reference alike, except for its own host.
const ExampleBase = "https://example.com/"

// A Claim is what a finding says that one reader makes of the input: the
// value of one component, as that reader decodes it (the host without the
// brackets of an IP-literal, "" for none or an empty one; the userinfo as
// "user:password"), or that the reader rejects the input.
type Claim struct {
	Reader string // ReaderRFC3986, ReaderAppendixB, ReaderNetURL, ReaderWHATWG or a Reader's Name
	// Base is the base URL the input is resolved against, or "" when it
	// is read alone.
	Base      string
	Rejects   bool          // the reader rejects the input; Value is ""
	Component uri.Component // what Value is: ComponentHost most often
	Value     string
}

// readerName is how a message names a claim's reader.
func (cl *Claim) readerName() string {
	switch cl.Reader {
	case ReaderWHATWG:
		if cl.Base != "" {
			return "browsers (the URL Standard) resolving it against " + cl.Base
		}
		return "browsers (the URL Standard)"
	case ReaderAppendixB:
		return "a parser that splits it as RFC 3986, Appendix B does"
	}
	return cl.Reader
}

// phrase returns what cl says in words: `net/url rejects it`, `browsers
// (the URL Standard) read the host "a.com"`.
func (cl *Claim) phrase() string {
	name := cl.readerName()
	verb := " reads "
	if cl.Reader == ReaderWHATWG {
		verb = " read "
	}
	if cl.Rejects {
		if cl.Reader == ReaderWHATWG {
			return name + " reject it"
		}
		return name + " rejects it"
	}
	what := "the " + cl.Component.String()
	if cl.Component == 0 {
		what = "the reference"
	}
	if cl.Value == "" {
		return name + verb + "no " + cl.Component.String() + " (or an empty one)"
	}
	return name + verb + what + " " + quote(cl.Value)
}

// phrases joins the phrases of claims with "; ".
func phrases(claims []Claim) string {
	var b []byte
	for i := range claims {
		if i > 0 {
			b = append(b, "; "...)
		}
		b = append(b, claims[i].phrase()...)
	}
	return string(b)
}

// String returns a line such as
// `7-17 host high multiple-at: "@" twice in the authority...`.
func (f Finding) String() string {
	comp := "reference"
	if f.Component != 0 {
		comp = f.Component.String()
	}
	return strconv.Itoa(f.Start) + "-" + strconv.Itoa(f.End) + " " + comp + " " +
		f.Severity.String() + " " + string(f.Code) + ": " + f.Message
}
