package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/ferret-go/uri"
	"github.com/ferret-go/uri/internal/stable"
	"github.com/ferret-go/uri/whatwg"
)

const editHelp = `Edit changes each input, a URI reference, and prints the result, one line
per input (or one per combination of --iterate). What no flag touches is kept
byte for byte: an empty query or fragment ("http://a/?#") stays, a port is
neither added nor dropped, the path is not normalized.

  $ uri edit --set host=example.org --set port= 'https://curl.se:8443/a?b#c'
  https://example.org/a?b#c

The edits run in this order: --redirect, --set (with --iterate), --append,
the query's --trim, --keep, --replace and --sort-query, --punycode,
--normalize, then the port flags. By default the result is exact; trurl's
output, which libcurl normalizes, is "uri edit --normalize --guess-scheme"
(see the README's "trurl -> uri" table). A decoded host that is not ASCII is percent-encoded as UTF-8
(RFC 3986, section 3.2.2); --punycode writes it with A-labels instead.
A component is scheme, userinfo, user, password, host, port, path, query or
fragment (user and password are the parts of the userinfo around its first
":"). "NAME?=VALUE" and "NAME?:=VALUE" set NAME only when it is absent (trurl's
"?="). "NAME=VALUE" takes a decoded value and percent-encodes what the
component needs; "NAME:=VALUE" takes the value as it is written in a URI, and
it must be valid there. An empty decoded value removes the component ("port="
drops the port and its ":"), an empty raw value leaves it present and empty
("query:=" gives a "?" with nothing after it). A host is never absent in an
authority, only empty (a reg-name may be, RFC 3986, section 3.2.2): "host="
and "host:=" empty it and keep the authority ("http://a/x" gives
"http:///x"), or add an empty one ("//") where there is none.

Query pairs are separated by "&" (or --query-separator); a pair's key is
the text before its first "=", decoded. --trim and --keep take a key or a
glob ("utm_*", as path.Match has it, matched against the decoded key); the
pairs that no flag touches are kept as written, in their order. An edited
query drops its empty fields ("a&&b" holds two pairs), and a query left
without pairs is removed with its "?".

--get TEMPLATE prints the template filled from each result instead of the
URI. In it {NAME} is a component decoded, {:NAME} as written (every field is
as written with --urlencode), and also:
  {url}               the whole URI reference
  {authority}         the authority, as written
  {query:KEY}         the value of the first pair called KEY, decoded
  {query-all:KEY}     the values of every pair called KEY, separated by spaces
  {zoneid}            an IPv6 host's zone identifier, decoded (with --zone)
  {default:port}      the port, or the scheme's default port when there is none
  {puny:host}         the host with A-labels (punycode) for Unicode labels;
                      an input that is an IRI is then read as one (RFC 3987)
  {idn:host}          the host with U-labels (Unicode) for A-labels that
                      browsers show in Unicode (as to-iri); a homograph stays
                      an A-label, where trurl converts every A-label
  {default:url} {puny:url} {idn:url}   the URI so changed
  {url:NAME}          NAME as written: trurl's long form of {:NAME}
  {must:NAME}         NAME, and the input is rejected when NAME is absent
  {strict:NAME}       NAME, and the input is rejected when NAME decoded
                      holds a NUL or bytes that are not UTF-8
"\{", "\}", "\\", "\n" and "\t" stand for "{", "}", "\", newline and tab.
An absent component is the empty text. A template that holds "{{" is a Go
text/template instead, run on the resulting uri.URI: {{.Host}},
{{.DecodedPath}}, {{.QueryParams 0}}, and {{.Input}} for the input line.

With --json each output is one JSON object on a line: the result, its
components as written (null when absent), and the query as an ordered array
of decoded pairs, so that repeated keys survive; "text" is the template's
text with --get:

  {"input":"http://a/?x=1&x=2#f","ok":true,"result":"http://a/?x=1&x=2#f",
   "parts":{"scheme":"http","userinfo":null,"host":"a","port":null,"path":"/",
   "query":"x=1&x=2","fragment":"f"},
   "params":[{"key":"x","value":"1"},{"key":"x","value":"2"}]}

A rejected input, or an edit that cannot be made (a port that is not
digits, a userinfo without a host), prints "<input>: <message>" on standard
error, or the rejected object of parse --json, and the next input is read;
--verify stops at the first one instead (and so runs on one core) and
--quiet prints nothing for it.
Bytes that are not valid UTF-8 are written as U+FFFD in JSON strings.
`

const getHelp = `Get prints TEMPLATE filled from each input: "uri get T" is "uri edit --get T",
and takes the same flags. See "uri edit --help" for the template's fields.

  $ uri get '{scheme} {host} {default:port} {query:q}' 'https://example.org/s?q=a%20b'
  https example.org 443 a b

Bytes that are not valid UTF-8 are written as U+FFFD in JSON strings.
`

// editSynopsis is the synopsis of the flags that edit and get share.
const editSynopsis = "[--json] [--rule rule] [--zone] [--idna profile] [-s|--set name=value] [-a|--append name=value] [--trim glob] [--keep glob] [--replace key=value] [--replace-append key=value] [--sort-query] [--query-separator c] [--redirect ref] [--iterate 'name=v1 v2'] [--default-port] [--drop-default-port] [--keep-port] [--punycode] [--as-idn] [--normalize] [--guess-scheme] [--accept-space] [--curl] [--url URI] [-f|--url-file file] [--urlencode] [--verify] [--quiet] [--max-line n] [-j n]"

// cmdEdit is URL surgery: set, clear and append components, edit the query.
var cmdEdit = &command{
	name:     "edit",
	synopsis: editSynopsis + " [--trurl-json] [-g|--get template] [input...]",
	summary:  "change components of URI references, or print them through a template",
	help:     editHelp + trurlJSONHelp,
	shared:   flagJSON | flagRule | flagZone | flagIDNA | flagStream,
	flags:    func(fs *flag.FlagSet) runFunc { return editFlags(fs, false) },
}

// cmdGet is "edit --get" with the template as the first argument.
var cmdGet = &command{
	name:     "get",
	synopsis: editSynopsis + " TEMPLATE [input...]",
	summary:  "print parts of URI references through a template",
	help:     getHelp,
	shared:   flagJSON | flagRule | flagZone | flagIDNA | flagStream,
	flags:    func(fs *flag.FlagSet) runFunc { return editFlags(fs, true) },
	fixed:    1,
}

// listValue is a flag that may be repeated; its values are kept in order.
type listValue struct {
	vals  []string
	check func(string) error // nil, or what a value must pass
}

func (v *listValue) String() string { return strings.Join(v.vals, " ") }

func (v *listValue) Set(s string) error {
	if v.check != nil {
		if err := v.check(s); err != nil {
			return err
		}
	}
	v.vals = append(v.vals, s)
	return nil
}

// editFlags defines the flags of edit, and of get when get is set (which
// takes its template as the first argument instead of --get).
func editFlags(fs *flag.FlagSet, get bool) runFunc {
	sets := &listValue{check: checkComponentArg}
	appends := &listValue{check: checkAppendArg}
	iterates := &listValue{check: checkComponentArg}
	trims, keeps := &listValue{}, &listValue{}
	replaces := &listValue{check: checkPairArg}
	replaceAppends := &listValue{check: checkPairArg}
	fs.Var(sets, "set", "set a component: `name=value` (decoded) or name:=value (as written);\n"+
		"an empty decoded value removes it; may be repeated")
	// trurl's one-letter names: -s, -a, -f and (edit) -g.
	fs.Var(sets, "s", "short for --set")
	fs.Var(appends, "a", "short for --append")
	fs.Var(appends, "append", "append a path segment (path=seg) or a query pair (query=key=value);\n"+
		"name:=value appends the text as written; may be repeated")
	fs.Var(trims, "trim", "remove the query pairs whose key matches the `glob` (\"query=\" before it is\n"+
		"allowed, as trurl writes it); may be repeated")
	fs.Var(keeps, "keep", "keep only the query pairs whose key matches a `glob`; may be repeated")
	fs.Var(replaces, "replace", "set the first pair called key to value and remove the others called key,\n"+
		"when there is one: `key=value`, decoded; may be repeated")
	fs.Var(replaceAppends, "replace-append", "as --replace, and append the pair when there is none (`key=value`)")
	sortQuery := fs.Bool("sort-query", false, "sort the query's pairs by decoded key, keeping the order of equal keys")
	sep := fs.String("query-separator", "&", "the one `c`haracter that separates query pairs (trurl's \"& ; :\" or any other)")
	redirect := fs.String("redirect", "", "first resolve the reference `ref` against each input (RFC 3986, section 5.2)")
	fs.Var(iterates, "iterate", "one output per value: `'name=v1 v2'` (values separated by spaces);\n"+
		"several --iterate give every combination")
	defaultPort := fs.Bool("default-port", false, "write the scheme's default port when there is no port")
	dropDefault := fs.Bool("drop-default-port", false, "remove a port that is the scheme's default (trurl does by default)")
	keepPort := fs.Bool("keep-port", false, "keep the port as written: the default; with --normalize, keep a default port")
	normalize := fs.Bool("normalize", false, "write each result as libcurl (and so trurl) does: RFC 3986's syntax- and\n"+
		"scheme-based normalization (section 6.2.2, 6.2.3: case, percent-encoding, dot\n"+
		"segments, a default port dropped, \"/\" for an empty path), IPv4 numbers\n"+
		"as four decimals (\"0x7f.1\" is 127.0.0.1, as inet_aton reads them)")
	guess := fs.Bool("guess-scheme", false, "read an input without \"scheme://\" as a suffix reference (RFC 3986,\n"+
		"section 4.5), as libcurl guesses: ftp, dict, ldap, imap, smtp or pop3 when\n"+
		"the host begins with that label and a dot, else http")
	punycode := fs.Bool("punycode", false, "write a host whose decoded labels are not ASCII with A-labels (IDNA, --idna);\n"+
		"an input that is an IRI (RFC 3987) is read and mapped to a URI first")
	asIDN := fs.Bool("as-idn", false, "write the host with U-labels where browsers show them (as {idn:host}):\n"+
		"the result is an IRI (RFC 3987)")
	acceptSpace := fs.Bool("accept-space", false, "read a space in an input or a --set value as \"%20\", or as \"+\" in the query\n"+
		"(RFC 3986 has no space: trurl's best effort)")
	curlOnly := fs.Bool("curl", false, "reject an input whose scheme libcurl 7.88 does not support (trurl --curl)")
	urls := &listValue{}
	fs.Var(urls, "url", "an input `URI`, as trurl takes it; may be repeated")
	urlFiles := &listValue{}
	fs.Var(urlFiles, "f", "short for --url-file")
	fs.Var(urlFiles, "url-file", "read inputs from `file`, one a line (\"-\": standard input); a final \"\\r\",\n"+
		"trailing spaces and tabs are removed and empty lines skipped, as trurl does")
	urlencode := fs.Bool("urlencode", false, "fill every template field as written (percent-encoded), not decoded")
	verify := fs.Bool("verify", false, "stop at the first input that is rejected")
	quiet := fs.Bool("quiet", false, "print nothing for a rejected input (the exit status still tells)")
	var getTmpl *string
	if !get {
		getTmpl = fs.String("get", "", "print the `template` filled from each result (see above) instead of the URI")
		fs.StringVar(getTmpl, "g", "", "short for --get")
	}
	trurlJSON := defineTrurlJSON(fs, get)
	return func(e *env, l *cmdLine) int {
		sp := &editSpec{
			sortQuery: *sortQuery, defaultPort: *defaultPort, dropDefaultPort: *dropDefault,
			urlencode: *urlencode, punycode: *punycode, verify: *verify, quiet: *quiet, opts: l.options(),
			asIDN: *asIDN, acceptSpace: *acceptSpace, curlOnly: *curlOnly,
			normalize: *normalize, keepPort: *keepPort, guessScheme: *guess,
			schemes: uri.DefaultSchemes(),
		}
		inputs := l.args
		tmpl := ""
		if get {
			if len(inputs) == 0 {
				return l.usageError("missing TEMPLATE")
			}
			tmpl, inputs = inputs[0], inputs[1:]
		} else {
			tmpl = *getTmpl
		}
		if trurlJSON != nil && *trurlJSON {
			if why := checkTrurlJSON(l, tmpl); why != "" {
				return l.usageError(why)
			}
			sp.trurlJSON = true
		}
		if tmpl != "" || get {
			t, err := parseTemplate(tmpl)
			if err != nil {
				return l.usageError(err.Error())
			}
			sp.tmpl = t
		}
		if len(*sep) != 1 {
			return l.usageError("--query-separator must be one character, not " + strconv.Quote(*sep))
		}
		sp.sep = (*sep)[0]
		if len(urls.vals) > 0 || len(urlFiles.vals) > 0 {
			more, err := readURLInputs(e, urls.vals, urlFiles.vals)
			if err != nil {
				fmt.Fprintf(e.err, "uri %s: %v\n", l.cmd.name, err)
				return exitRejected
			}
			inputs = append(more, inputs...)
		}
		sp.readIRI = sp.punycode || sp.tmpl != nil && sp.tmpl.readsIRI
		if *redirect != "" {
			// --rule is for the inputs; the reference is any URI
			// reference (RFC 3986, section 5.2), relative ones above all.
			o := l.options()
			o.Rule = uri.RuleReference
			ref, err := o.Parse(*redirect)
			if err != nil {
				return l.usageError("invalid --redirect reference: " + err.Error())
			}
			sp.redirect, sp.hasRedirect = ref, true
		}
		for _, s := range sets.vals {
			a := parseComponentArg(s)
			if sp.acceptSpace && a.raw {
				// As in an input: "+" in the query, "%20" elsewhere.
				sp20 := "%20"
				if a.comp == compQuery {
					sp20 = "+"
				}
				a.value = strings.ReplaceAll(a.value, " ", sp20)
			}
			sp.sets = append(sp.sets, a)
		}
		for _, s := range appends.vals {
			sp.appends = append(sp.appends, parseComponentArg(s))
		}
		for _, s := range iterates.vals {
			c := parseComponentArg(s)
			sp.iterates = append(sp.iterates, iteration{c, strings.Fields(c.value)})
		}
		for _, s := range trims.vals {
			sp.trims = append(sp.trims, strings.TrimPrefix(s, "query="))
		}
		for _, s := range keeps.vals {
			sp.keeps = append(sp.keeps, strings.TrimPrefix(s, "query="))
		}
		for _, g := range append(slices.Clone(sp.trims), sp.keeps...) {
			if _, err := path.Match(g, ""); err != nil {
				return l.usageError("bad glob " + strconv.Quote(g) + ": " + err.Error())
			}
		}
		for _, s := range replaces.vals {
			k, v, hasValue := strings.Cut(s, "=")
			sp.replaces = append(sp.replaces, replacement{k, v, hasValue, false})
		}
		for _, s := range replaceAppends.vals {
			k, v, hasValue := strings.Cut(s, "=")
			sp.replaces = append(sp.replaces, replacement{k, v, hasValue, true})
			sp.replaceAppends = true
		}
		return runEdit(e, l, sp, inputs)
	}
}

// editSpec is what edit does to each input, from its flags.
type editSpec struct {
	opts        uri.Options
	schemes     uri.Schemes
	redirect    uri.URI
	hasRedirect bool
	sets        []componentArg
	iterates    []iteration
	appends     []componentArg
	trims       []string
	keeps       []string
	replaces    []replacement
	// replaceAppends is set when a --replace-append may add a query.
	replaceAppends bool
	sortQuery      bool
	sep            byte
	defaultPort    bool
	// dropDefaultPort removes a port equal to the scheme's default.
	dropDefaultPort bool
	urlencode       bool
	punycode        bool
	asIDN           bool // --as-idn
	acceptSpace     bool // --accept-space
	curlOnly        bool // --curl
	normalize       bool // --normalize
	keepPort        bool // --keep-port
	guessScheme     bool // --guess-scheme
	// readIRI is set when an input that is an IRI is read as one and mapped
	// to a URI (RFC 3987, section 3.1): with --punycode or a puny: field.
	readIRI       bool
	verify, quiet bool
	tmpl          *getTemplate // nil without --get
	trurlJSON     bool         // --trurl-json (trurljson.go)
}

// iteration is one --iterate: a component and its values.
type iteration struct {
	comp   componentArg
	values []string
}

// replacement is one --replace or --replace-append.
type replacement struct {
	key, value string
	hasValue   bool // "key=value", not "key" (a pair without "=")
	add        bool // append when there is no such pair
}

// component names a part of a URI reference that edit sets and get prints.
type component uint8

const (
	compScheme component = iota + 1
	compUserinfo
	compUser
	compPassword
	compHost
	compPort
	compPath
	compQuery
	compFragment
)

var componentNames = []string{
	compScheme: "scheme", compUserinfo: "userinfo", compUser: "user", compPassword: "password",
	compHost: "host", compPort: "port", compPath: "path", compQuery: "query", compFragment: "fragment",
}

func lookupComponent(name string) component {
	for c, n := range componentNames {
		if n != "" && n == name {
			return component(c)
		}
	}
	return 0
}

// componentArg is the value of --set, --append or --iterate: a component,
// a value and whether the value is raw (":=").
type componentArg struct {
	comp  component
	value string
	raw   bool
	// ifAbsent is trurl's "name?=value": set only when the component is
	// absent.
	ifAbsent bool
}

// parseComponentArg splits "name=value", "name:=value", "name?=value" or
// "name?:=value"; s has passed checkComponentArg.
func parseComponentArg(s string) componentArg {
	name, value, _ := strings.Cut(s, "=")
	name, raw := strings.CutSuffix(name, ":")
	name, ifAbsent := strings.CutSuffix(name, "?")
	return componentArg{lookupComponent(name), value, raw, ifAbsent}
}

func checkComponentArg(s string) error {
	name, _, ok := strings.Cut(s, "=")
	name = strings.TrimSuffix(name, ":")
	name = strings.TrimSuffix(name, "?")
	if !ok {
		return errors.New("want name=value or name:=value")
	}
	if lookupComponent(name) == 0 {
		return errors.New("unknown component " + strconv.Quote(name) + ": want one of " + strings.Join(componentNames[1:], ", "))
	}
	return nil
}

func checkAppendArg(s string) error {
	if err := checkComponentArg(s); err != nil {
		return err
	}
	if c := parseComponentArg(s).comp; c != compPath && c != compQuery {
		return errors.New("only path and query can be appended to")
	}
	return nil
}

func checkPairArg(s string) error {
	if k, _, _ := strings.Cut(s, "="); k == "" {
		return errors.New("want key=value with a key")
	}
	return nil
}

// editError is an edit that cannot be made on an input: the flag and what
// the library said. Its offset is not one in the input, so it does not
// unwrap to the *uri.Error.
type editError struct {
	what string
	err  error
}

func (e *editError) Error() string { return e.what + ": " + e.err.Error() }

// errAbsent is the error of a {must:NAME} field whose component is absent.
type errAbsent struct{ name string }

func (e *errAbsent) Error() string {
	return "uri: no " + e.name + " in the input ({must:" + e.name + "})"
}

// Keys of edit --json.
const (
	keyParts     jsonKey = `"parts":`
	keyParams    jsonKey = `"params":`
	keyPairKey   jsonKey = `"key":`
	keyPairValue jsonKey = `"value":`
	keyText      jsonKey = `"text":`
)

func runEdit(e *env, l *cmdLine, sp *editSpec, inputs []string) int {
	var ed editor
	ed.sp = sp
	stopped := false
	if sp.trurlJSON {
		ed.beginTrurlJSON(e)
		defer ed.endTrurlJSON(e)
	}
	return e.eachInput(inputs, func(in string) bool {
		if stopped {
			return true
		}
		u, err := sp.parse(l, in)
		if err == nil {
			err = ed.each(u, func(v uri.URI) error { return ed.write(e, in, v) })
		}
		if err != nil {
			if !sp.quiet {
				e.rejected(in, err)
			}
			if sp.verify {
				stopped = true
			}
		}
		return err == nil
	})
}

// editor applies an editSpec, with buffers reused from one input to the next.
type editor struct {
	sp     *editSpec
	fields []queryField
	text   []byte
	combo  []int
	// For --trurl-json: the objects written, and the port of the last
	// result that --normalize dropped for being the scheme's default
	// (trurl's "parts" has the port as given).
	objects     int
	droppedPort string
}

// each calls out with every result of editing u: one, or one per
// combination of the --iterate values.
func (ed *editor) each(u uri.URI, out func(uri.URI) error) error {
	sp := ed.sp
	if sp.hasRedirect {
		v, err := u.Resolve(sp.redirect)
		if err != nil {
			return &editError{"--redirect", err}
		}
		u = v
	}
	for _, a := range sp.sets {
		v, err := setComponent(u, a)
		if err != nil {
			return err
		}
		u = v
	}
	if len(sp.iterates) == 0 {
		v, err := ed.finish(u)
		if err != nil {
			return err
		}
		return out(v)
	}
	ed.combo = ed.combo[:0]
	for range sp.iterates {
		ed.combo = append(ed.combo, 0)
	}
	for _, it := range sp.iterates {
		if len(it.values) == 0 {
			return nil // no combination at all
		}
	}
	for {
		v := u
		for i, it := range sp.iterates {
			a := it.comp
			a.value = it.values[ed.combo[i]]
			w, err := setComponent(v, a)
			if err != nil {
				return err
			}
			v = w
		}
		v, err := ed.finish(v)
		if err != nil {
			return err
		}
		if err := out(v); err != nil {
			return err
		}
		// The next combination: the last --iterate varies fastest.
		i := len(ed.combo) - 1
		for ; i >= 0; i-- {
			ed.combo[i]++
			if ed.combo[i] < len(sp.iterates[i].values) {
				break
			}
			ed.combo[i] = 0
		}
		if i < 0 {
			return nil
		}
	}
}

// finish makes the edits after --set: appends, query and port.
func (ed *editor) finish(u uri.URI) (uri.URI, error) {
	sp := ed.sp
	for _, a := range sp.appends {
		var err error
		switch {
		case a.comp == compPath && a.raw:
			u, err = u.AddSegment(a.value)
		case a.comp == compPath:
			u, err = u.AddDecodedSegment(a.value)
		case a.comp == compQuery:
			pair := a.value
			if !a.raw {
				k, v, hasValue := strings.Cut(a.value, "=")
				pair = ed.encodePair(k, v, hasValue)
			}
			q := u.Query()
			if q != "" {
				q += string(sp.sep)
			}
			u, err = u.WithQuery(q + pair)
		}
		if err != nil {
			return u, &editError{"--append " + componentNames[a.comp], err}
		}
	}
	queryEdits := len(sp.trims) > 0 || len(sp.keeps) > 0 || len(sp.replaces) > 0 || sp.sortQuery
	if queryEdits && (u.HasQuery() || sp.replaceAppends) {
		old := u.Query()
		switch q := ed.editQuery(old); {
		case q == old:
		case q == "":
			// Every pair is gone: so is the "?" that held them.
			u = u.WithoutQuery()
		default:
			v, err := u.WithQuery(q)
			if err != nil {
				return u, &editError{"query", err}
			}
			u = v
		}
	}
	if sp.punycode && u.HostKind() == uri.HostRegName {
		if h := punyHost(u, sp.opts); h != u.Host() {
			v, err := u.WithHost(h)
			if err != nil {
				return u, &editError{"--punycode", err}
			}
			u = v
		}
	}
	ed.droppedPort = ""
	if sp.normalize {
		port, hadPort := u.PortNumber()
		u = normalizeAsCurl(u, sp.keepPort)
		if hadPort && !u.HasPort() {
			ed.droppedPort = strconv.Itoa(int(port))
		}
	}
	if sp.defaultPort || sp.dropDefaultPort {
		info, ok := sp.schemes.Lookup(u.Scheme())
		switch {
		case !ok || info.Port == 0 || !u.HasAuthority():
		case sp.defaultPort && !u.HasPort():
			v, err := u.WithPortNumber(info.Port)
			if err != nil {
				return u, &editError{"--default-port", err}
			}
			u = v
		case sp.dropDefaultPort:
			if p, ok := u.PortNumber(); ok && p == info.Port {
				u = u.WithoutPort()
			}
		}
	}
	return u, nil
}

// setComponent applies one --set or --iterate value.
func setComponent(u uri.URI, a componentArg) (uri.URI, error) {
	v, err := setComponentErr(u, a)
	if err != nil {
		op := "="
		if a.raw {
			op = ":="
		}
		if a.ifAbsent {
			op = "?" + op
		}
		return u, &editError{"--set " + componentNames[a.comp] + op + a.value, err}
	}
	return v, nil
}

func setComponentErr(u uri.URI, a componentArg) (uri.URI, error) {
	if a.ifAbsent && hasComponent(u, a.comp) {
		return u, nil
	}
	// A host is absent only with its authority: "host=" empties it, as
	// "host:=" does, rather than removing the authority (RFC 3986,
	// section 3.2.2: a reg-name may be empty).
	clear := a.value == "" && !a.raw && a.comp != compHost
	switch a.comp {
	case compScheme:
		if a.value == "" {
			return u.WithoutScheme()
		}
		return u.WithScheme(a.value)
	case compUser, compPassword:
		return setUserOrPassword(u, a, clear)
	}
	// The other names are RFC 3986's components, which the module's edit
	// engine sets by name: an empty decoded value removes one ("path="
	// empties the path).
	c := rfcComponents[a.comp]
	switch {
	case clear:
		return u.Without(c)
	case a.raw:
		return u.With(c, a.value)
	case a.comp == compHost && strings.HasPrefix(a.value, "["):
		// An IP literal is written as it is: its brackets and colons
		// are its syntax (RFC 3986, section 3.2.2), not data to encode.
		if v, err := u.With(c, a.value); err == nil {
			return v, nil
		}
	}
	return u.WithDecoded(c, a.value)
}

// hasComponent reports whether u has component c, as "name?=value" asks.
func hasComponent(u uri.URI, c component) bool {
	switch c {
	case compScheme:
		return u.HasScheme()
	case compUserinfo, compUser:
		return u.HasUserinfo()
	case compPassword:
		return strings.IndexByte(u.Userinfo(), ':') >= 0
	case compHost:
		return u.HasAuthority() && u.Host() != ""
	case compPort:
		return u.HasPort()
	case compPath:
		return u.Path() != ""
	case compQuery:
		return u.HasQuery()
	case compFragment:
		return u.HasFragment()
	}
	return false
}

// rfcComponents names the RFC 3986 component of each component of the
// command that is one.
var rfcComponents = [...]uri.Component{
	compScheme:   uri.ComponentScheme,
	compUserinfo: uri.ComponentUserinfo,
	compHost:     uri.ComponentHost,
	compPort:     uri.ComponentPort,
	compPath:     uri.ComponentPath,
	compQuery:    uri.ComponentQuery,
	compFragment: uri.ComponentFragment,
}

// setUserOrPassword sets the user or the password, the two halves of a
// userinfo "user:password" that RFC 3986, section 3.2.1 deprecates but
// command lines still carry.
func setUserOrPassword(u uri.URI, a componentArg, clear bool) (uri.URI, error) {
	user, pass, hasPass := strings.Cut(u.Userinfo(), ":")
	v := a.value
	if !a.raw {
		v = uri.Escape(v, uri.EscapeUserinfo)
	}
	if a.comp == compUser {
		if !a.raw {
			v = strings.ReplaceAll(v, ":", "%3A")
		}
		user = v
	} else {
		pass, hasPass = v, !clear
	}
	if hasPass {
		user += ":" + pass
	}
	if user == "" && !a.raw && !u.HasUserinfo() {
		return u, nil
	}
	if user == "" && clear {
		return u.WithoutUserinfo(), nil
	}
	return u.WithUserinfo(user)
}

// queryField is one field of a query between separators: its text as
// written and its key decoded.
type queryField struct {
	raw string
	key string
}

// splitQuery splits q at sep into ed.fields.
func (ed *editor) splitQuery(q string) []queryField {
	// Made at its size at once: grown by append, a long query's fields
	// were copied at every doubling and scanned by the collector each
	// time (get --json on two 4 MiB queries of 300,000 pairs: 0.44 s).
	n := strings.Count(q, string(ed.sp.sep)) + 1
	f := ed.fields[:0]
	if cap(f) < n {
		f = make([]queryField, 0, n)
	}
	for field := range strings.SplitSeq(q, string(ed.sp.sep)) {
		k, _, _ := strings.Cut(field, "=")
		f = append(f, queryField{raw: field, key: decodeQueryText(k)})
	}
	ed.fields = f
	return f
}

// decodeQueryText decodes a key or value of a valid query; it is the text
// itself if it cannot be decoded.
func decodeQueryText(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	d, err := uri.Unescape(s, uri.EscapeQueryPart)
	if err != nil {
		return s
	}
	return d
}

// encodePair writes a decoded key and value as the text of a pair.
func (ed *editor) encodePair(k, v string, hasValue bool) string {
	s := ed.encodePart(k)
	if hasValue {
		s += "=" + ed.encodePart(v)
	}
	return s
}

func (ed *editor) encodePart(s string) string {
	s = uri.Escape(s, uri.EscapeQueryPart)
	if sep := ed.sp.sep; sep != '&' && strings.IndexByte(s, sep) >= 0 {
		// The separator inside a key or value is percent-encoded (RFC
		// 3986, section 2.1: its triplet is the same character's data).
		const hex = "0123456789ABCDEF"
		s = strings.ReplaceAll(s, string(sep), string([]byte{'%', hex[sep>>4], hex[sep&15]}))
	}
	return s
}

func matchAny(globs []string, key string) bool {
	for _, g := range globs {
		if ok, _ := path.Match(g, key); ok {
			return true
		}
	}
	return false
}

// editQuery applies --trim, --keep, --replace and --sort-query to the text
// of a query. Fields that no flag touches keep their text; empty fields
// ("a&&b"), which hold no pair, are dropped.
func (ed *editor) editQuery(q string) string {
	sp := ed.sp
	fields := ed.splitQuery(q)
	kept := fields[:0]
	for _, f := range fields {
		if f.raw == "" {
			continue
		}
		if matchAny(sp.trims, f.key) || len(sp.keeps) > 0 && !matchAny(sp.keeps, f.key) {
			continue
		}
		kept = append(kept, f)
	}
	fields = kept
	for _, r := range sp.replaces {
		found := false
		out := fields[:0]
		for _, f := range fields {
			if f.key != r.key {
				out = append(out, f)
				continue
			}
			if !found {
				found = true
				out = append(out, queryField{raw: ed.encodePair(r.key, r.value, r.hasValue), key: r.key})
			}
		}
		fields = out
		if !found && r.add {
			fields = append(fields, queryField{raw: ed.encodePair(r.key, r.value, r.hasValue), key: r.key})
		}
	}
	if sp.sortQuery {
		stable.SortFunc(fields, func(a, b queryField) int { return strings.Compare(a.key, b.key) })
	}
	ed.fields = fields
	var b strings.Builder
	for i, f := range fields {
		if i > 0 {
			b.WriteByte(sp.sep)
		}
		b.WriteString(f.raw)
	}
	return b.String()
}

// write writes one result of an input: the URI or the template's text, or
// the JSON object.
func (ed *editor) write(e *env, in string, u uri.URI) error {
	sp := ed.sp
	if sp.trurlJSON {
		ed.writeTrurlJSON(e, u)
		return nil
	}
	if sp.tmpl != nil {
		t, err := sp.tmpl.fill(ed.text[:0], in, u, sp)
		ed.text = t
		if err != nil {
			return err
		}
	}
	if !e.json {
		if sp.tmpl == nil {
			ed.text = append(ed.text[:0], u.String()...)
			if sp.asIDN {
				ed.text = append(ed.text[:0], withHost(u, idnHost(u))...)
			}
		}
		ed.text = append(ed.text, '\n')
		e.out.Write(ed.text)
		return nil
	}
	j := e.beginJSONURI(in)
	j.key(keyOK).boolean(true)
	j.key(keyResult).plain(u.String())
	j.key(keyParts).beginObject()
	j.key(keyScheme).plainOrNull(u.Scheme(), u.HasScheme())
	j.key(keyUserinfo).plainOrNull(u.Userinfo(), u.HasUserinfo())
	j.key(keyHost).plainOrNull(u.Host(), u.HasAuthority())
	j.key(keyPort).plainOrNull(u.Port(), u.HasPort())
	j.key(keyPath).plain(u.Path())
	j.key(keyQuery).plainOrNull(u.Query(), u.HasQuery())
	j.key(keyFragment).plainOrNull(u.Fragment(), u.HasFragment())
	j.endObject()
	j.key(keyParams).beginArray()
	if u.HasQuery() {
		// Read as they are written, not split into ed.fields first:
		// on a long query the fields' strings cost the collector more
		// than the writing (edit --json on two 4 MiB lines of pairs).
		for field := range strings.SplitSeq(u.Query(), string(sp.sep)) {
			if field == "" {
				continue
			}
			k, v, _ := strings.Cut(field, "=")
			j.beginObject()
			if sp.urlencode {
				j.key(keyPairKey).plain(k)
				j.key(keyPairValue).plain(v)
			} else {
				j.key(keyPairKey).str(decodeQueryText(k))
				j.key(keyPairValue).str(decodeQueryText(v))
			}
			j.endObject()
		}
	}
	j.endArray()
	if sp.tmpl != nil {
		j.key(keyText).str(bytesToString(ed.text)) // ed.text stays as it is until the line is written
	}
	e.endJSON(j)
	return nil
}

// parse reads one input as the command line says: by --rule and --zone,
// with --accept-space's spaces encoded, as an IRI mapped to a URI where
// readIRI is set, and with --curl's schemes only.
func (sp *editSpec) parse(l *cmdLine, in string) (uri.URI, error) {
	if sp.acceptSpace {
		in = encodeSpaces(in)
	}
	if sp.guessScheme {
		in = guessScheme(in)
	}
	u, err := l.parse(in)
	if err != nil && sp.readIRI {
		o := l.options()
		if v, ierr := o.IRIToURI(in); ierr == nil {
			u, err = v, nil
		}
	}
	if err == nil && sp.curlOnly && !curlScheme(u.Scheme()) {
		err = errors.New("uri: scheme " + strconv.Quote(u.Scheme()) + " is not one libcurl supports (--curl)")
	}
	return u, err
}

// encodeSpaces writes each space of s as "%20", or as "+" in the query, as
// trurl's --accept-space does (the query is what follows the first "?"
// before a "#"; application/x-www-form-urlencoded has "+" for a space).
func encodeSpaces(s string) string {
	if strings.IndexByte(s, ' ') < 0 {
		return s
	}
	var b strings.Builder
	inQuery := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '?' && !inQuery:
			inQuery = true
			b.WriteByte(c)
		case c == '#':
			b.WriteString(strings.ReplaceAll(s[i:], " ", "%20"))
			return b.String()
		case c == ' ' && inQuery:
			b.WriteByte('+')
		case c == ' ':
			b.WriteString("%20")
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// curlSchemes are the schemes libcurl 7.88.1 supports as Debian 12 builds
// it ("curl -V": Protocols), with the ws and wss it reads; --curl accepts
// these alone.
var curlSchemes = []string{"dict", "file", "ftp", "ftps", "gopher", "gophers", "http", "https",
	"imap", "imaps", "ldap", "ldaps", "mqtt", "pop3", "pop3s", "rtmp", "rtsp", "scp", "sftp",
	"smb", "smbs", "smtp", "smtps", "telnet", "tftp", "ws", "wss"}

func curlScheme(scheme string) bool {
	return slices.Contains(curlSchemes, strings.ToLower(scheme))
}

// withHost returns the text of u with host written in place of its host:
// an IRI when host is not ASCII (RFC 3987, section 3.2).
func withHost(u uri.URI, host string) string {
	if !u.HasAuthority() || host == u.Host() {
		return u.String()
	}
	s := u.String()
	start := 0
	if u.HasScheme() {
		start = len(u.Scheme()) + 1
	}
	start += 2 // "//"
	if u.HasUserinfo() {
		start += len(u.Userinfo()) + 1
	}
	return s[:start] + host + s[start+len(u.Host()):]
}

// maxURLFileLine is the longest line of a --url-file that is read: trurl's
// limit (trurl.md, --url-file: 4094 bytes), beyond which a line is skipped.
const maxURLFileLine = 4094

// readURLInputs returns the inputs of --url and of the --url-file files,
// read as trurl reads them: a final "\r", then trailing spaces and tabs,
// removed from each line, and empty lines skipped.
func readURLInputs(e *env, urls, files []string) ([]string, error) {
	out := slices.Clone(urls)
	for _, name := range files {
		var data []byte
		var err error
		if name == "-" {
			data, err = io.ReadAll(e.stdin)
		} else {
			data, err = os.ReadFile(name)
		}
		if err != nil {
			return nil, err
		}
		for line := range strings.SplitSeq(string(data), "\n") {
			if len(line) > maxURLFileLine {
				fmt.Fprintf(e.err, "uri: %s: a line of %d bytes is skipped (the limit is %d, as trurl's)\n", name, len(line), maxURLFileLine)
				continue
			}
			line = strings.TrimSuffix(line, "\r")
			line = strings.TrimRight(line, " \t")
			if line != "" {
				out = append(out, line)
			}
		}
	}
	return out, nil
}

// normalizeAsCurl returns u as libcurl writes a URL it has read: RFC 3986's
// normal form (URI.Normalize: sections 6.2.2 and 6.2.3) but for the case of
// a reg-name, which libcurl keeps, an IPv4 host in
// any of the number forms inet_aton reads as four decimals (libcurl's
// ipv4_normalize), and "/" for the empty path of a URI with an authority
// (section 6.2.3). keepPort keeps a port equal to the scheme's default.
func normalizeAsCurl(u uri.URI, keepPort bool) uri.URI {
	port, hadPort := u.Port(), u.HasPort()
	host := u.Host()
	u = u.Normalize()
	if h := u.Host(); h != host && strings.EqualFold(h, host) && u.HostKind() == uri.HostRegName {
		// libcurl keeps a host's case (RFC 3986, section 6.2.2.1 makes
		// both cases the same host).
		if v, err := u.WithHost(host); err == nil {
			u = v
		}
	}
	if keepPort && hadPort && !u.HasPort() {
		if v, err := u.WithPort(port); err == nil {
			u = v
		}
	}
	if u.HostKind() == uri.HostRegName && u.Host() != "" {
		if a, err := whatwg.ParseIPv4(u.Host()); err == nil {
			if v, err := u.WithHost(a.String()); err == nil {
				u = v
			}
		}
	}
	if u.HasAuthority() && u.Path() == "" {
		if v, err := u.WithPath("/"); err == nil {
			u = v
		}
	}
	return u
}

// guessScheme returns in with a scheme and "//" before it when it has no
// "scheme://": RFC 3986, section 4.5's suffix reference, read with
// libcurl's guess (lib/urlapi.c, guess_scheme in 7.88).
func guessScheme(in string) string {
	if i := strings.Index(in, "://"); i > 0 {
		// "scheme:" alone is a URI when the scheme is RFC 3986's (section 3.1).
		if u, err := uri.Parse(in[:i+1]); err == nil && u.HasScheme() {
			return in
		}
	}
	for _, p := range []string{"ftp", "dict", "ldap", "imap", "smtp", "pop3"} {
		if len(in) > len(p) && strings.EqualFold(in[:len(p)], p) && in[len(p)] == '.' {
			return p + "://" + in
		}
	}
	return "http://" + in
}
