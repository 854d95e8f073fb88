// Uri parses and checks URI references as RFC 3986 defines them.
//
// Usage:
//
//	uri <command> [flags] [input...]
//
// The commands are:
//
//	parse       show the components of URI references
//	check       report the inputs that are not valid URI references
//	resolve     resolve references against a base URI
//	relative    make the shortest references to targets from a base URI
//	normalize   print the normal form of URI references
//	equal       tell whether two URI references are equivalent
//	to-uri      map IRIs to URIs (percent-encoding, IDNA)
//	to-iri      map URIs to IRIs for display
//	repair      make valid URIs of pasted URLs, saying what changed
//	compare     show how RFC 3986, the URL Standard, net/url and other parsers read each input
//	extract     find the URIs in text
//	key         print lookup keys: SURT for web archives, Safe Browsing canonical forms and hashes
//	site        print the public suffix, registrable domain and origin of URLs
//	template    expand URI Templates (RFC 6570) or match URIs against one
//	lint        say how other parsers read URLs and what RFC 3986 warns about
//	guard       say whether a guarded fetch of URLs would be allowed, and why
//	serve       serve the URI viewer, a live page, on a local address
//	edit        change components of URI references, or print them through a template
//	get         print parts of URI references through a template
//	completion  print a shell completion script for bash, zsh or fish
//	man         print the manual page uri(1), in roff
//	file-path   print the local paths file URIs name
//	from-path   print the file URIs of local paths
//	data        print the MIME type and body of data: URLs
//	mailto      print the addresses and fields of mailto: URIs
//	urn         print the parts and equivalence key of URNs
//
// "uri <command> --help" describes a command, its flags and its output, and
// "uri --help" lists the commands.
//
// # Inputs
//
// Every command takes its inputs as arguments or, when there are none, reads
// standard input, one input per line. A "\r" before the "\n" is dropped, a
// last line without "\n" counts, and an empty line is an input: the empty
// string is a valid relative reference (RFC 3986, section 4.2). Lines are
// handled as they are read, in memory that does not grow with the input, and
// a line may be of any length. Flags may come before, between or after the
// inputs, as GNU tools take them; "--" ends the flags, so that an input that
// begins with "-" must follow "--".
//
// By default inputs must match URI-reference (RFC 3986, section 4.1);
// --rule uri, --rule absolute and --rule relative ask for URI (section 3),
// absolute-URI (section 4.3) and relative-ref (section 4.2) instead.
//
// # Output
//
// Without --json the output is meant for a person. parse prints the diagram of
// RFC 3986, section 3 under each input and a listing of its components:
//
//	$ uri parse 'foo://example.com:8042/over/there?name=ferret#nose'
//	  foo://example.com:8042/over/there?name=ferret#nose
//	  \_/   \______________/\_________/ \_________/ \__/
//	   |            |            |           |        |
//	scheme      authority      path        query  fragment
//	scheme     "foo"
//	authority  "example.com:8042"
//	userinfo   (absent)
//	host       "example.com" (reg-name)
//	port       "8042" (8042)
//	path       "/over/there"
//	segments   ["", "over", "there"]
//	query      "name=ferret"
//	fragment   "nose"
//
// and, for a rejected input, the input with a caret under the offending byte
// and the error. check prints nothing for a valid input and "<input>:
// <message>" on standard error for a rejected one. Bytes that are not
// printable ASCII are shown as Go escapes (\x00, \u00e9), so that the
// terminal is safe and the columns line up.
//
// With --json every command writes exactly one JSON object per input, one per
// line, in input order, on standard output. A rejected input always gives
//
//	{"input":"http://a b/","ok":false,"error":"uri: invalid character ' ' in host at offset 8","offset":8}
//
// where error and offset are those of the *uri.Error. Strings are UTF-8: a
// byte of the input that is not valid UTF-8 is written as U+FFFD, as
// encoding/json does.
//
// # Resolution
//
// "uri resolve BASE [reference...]" prints the target URI of each reference
// (RFC 3986, section 5.2); --non-strict accepts a reference whose scheme
// equals the base's as relative, and --rfc 2396 or --rfc 1808 follow those
// obsolete standards. "uri relative BASE [target...]" prints the shortest
// reference that resolves to each target. The base is an argument; a base
// that is not a URI with a scheme is a usage error. With --json each input
// gives {"input":"...","ok":true,"result":"..."}.
//
// # Normalization and comparison
//
// "uri normalize [input...]" prints the normal form of each input: the
// result of syntax-based and scheme-based normalization (RFC 3986, sections
// 6.2.2 and 6.2.3), with --json {"input":"...","ok":true,"result":"..."}.
// "uri equal A B" tells whether A and B are equivalent, that is, whether
// their normal forms are the same (section 6.2): it prints "equal" and the
// normal form or "different" and both, and exits 0 when they are equivalent,
// 1 when they are not or one does not parse. Without arguments it
// reads pairs from standard input, two references on a line separated by
// spaces or tabs. Both take --flags, a comma-separated list of normalizations
// beyond the RFC's (drop-fragment, sort-query, drop-trailing-slash, ...),
// for crawlers and caches that accept to make equal some URIs that may
// identify different resources.
//
// # Editing
//
// "uri edit" changes components of each input and prints the result:
// --set NAME=VALUE (decoded) or NAME:=VALUE (as written), --append path=SEG
// or query=K=V, --trim and --keep query pairs by glob, --replace,
// --sort-query, --redirect REF, --iterate 'NAME=V1 V2', the port flags; what
// no flag touches is kept byte for byte. "uri get TEMPLATE" prints parts
// through a template such as '{scheme} {host} {default:port} {query:q}', or
// a Go template ({{.Host}}). With --json the query is an ordered array of
// pairs.
//
// # Hostile lines, big inputs and terminals
//
// A line that is not UTF-8, holds NUL bytes or a lone "\r", or is 64 MiB
// long is an input like any other; with --json an input that is not UTF-8
// also has its bytes in "input_b64". --max-line N rejects longer lines of
// standard input without holding them. Reading standard input from a file or
// a pipe, the commands run on every core (-j N) and write in input order; on
// a terminal they answer each line as it is typed. With standard error on a
// terminal, rejected inputs get a caret under the offending byte, in color
// unless NO_COLOR is set, and a progress line shows while a large input is
// read. "uri completion bash|zsh|fish" prints a completion script, "uri man"
// the manual page, "uri --version" the version.
//
// # Finding URIs in text
//
// "uri extract [file...]" differs from the other commands: its arguments are
// files, read as streams (standard input when there is none, or for "-"),
// and it prints every URI found in their text, one per line, as RFC 3986,
// Appendix C delimits them: in double quotes, in angle brackets (where a URI
// may be broken across lines), or between whitespace, without the sentence
// punctuation or Markdown emphasis ("**") that follows it. --schemes names the only schemes to report,
// --abbreviated also reports www.example.com and example.com/path as
// network-path references, and --json writes
// {"uri":"...","start":N,"end":M} with the span's byte offsets, and "file"
// when several files are given. It exits 1 only when a file cannot be read.
//
// # Lookup keys
//
// "uri key [input...]" prints the SURT key under which web archives index
// each URL ("org,archive)/goo?a&b"), as the Wayback URL key maker writes it;
// --with-scheme, --trailing-comma and --keep-www are its options. With
// --profile safebrowsing it prints the canonical form of Google Safe
// Browsing and Web Risk instead, or with --expressions the URL's
// suffix/prefix expressions on one line, and with --hash their 4-byte
// SHA-256 prefixes. "uri site [input...]" prints each URL's host, public
// suffix, registrable domain and origin (RFC 6454).
//
// # Lint
//
// "uri lint [input...]" prints, for each input, one line per finding of the
// lint package: how net/url and browsers read the string differently from
// RFC 3986, and what RFC 3986, section 7 warns about, each with a stable
// code, a severity and the byte span. Any string is an input, valid or not.
// An input fails (exit status 1) when it has a finding at or above --fail-on
// (medium by default); --ssrf and --navigation add the checks for URLs a
// server fetches and for links and redirects, and --policy checks each input
// against a lint.Policy ("schemes=https hosts=.example.com"). --readers adds
// the emulations of package readers ("python,php", or "all"): one
// differential finding names each that reads another host than RFC 3986, or
// rejects the input; by default lint consults RFC 3986, net/url and the URL
// Standard alone.
//
// # Exit status
//
// 0 when every input was valid, 1 when any was rejected (or reading the input
// or writing the output failed), 2 on a usage error such as an unknown command
// or flag. --help and -h print the usage on standard output and exit 0; uri
// without a command prints it on standard error and exits 2. equal answers
// with its status: 1 means a pair is not equivalent, or an input (a
// reference, a line without two) was rejected.
package main
