package main

import (
	"errors"
	"flag"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/ferret-go/uri"
	"github.com/ferret-go/uri/internal/stable"
)

const editHelp = `Edit changes each input, a URI reference, and prints the result, one line
per input (or one per combination of --iterate). What no flag touches is kept
byte for byte: an empty query or fragment ("http://a/?#") stays, a port is
neither added nor dropped, the path is not normalized.

  $ uri edit --set host=example.org --set port= 'https://curl.se:8443/a?b#c'
  https://example.org/a?b#c

The edits run in this order: --redirect, --set (with --iterate), --append,
the query's --trim, --keep, --replace and --sort-query, --punycode, then the
port flags. A decoded host that is not ASCII is percent-encoded as UTF-8
(RFC 3986, section 3.2.2); --punycode writes it with A-labels instead.
A component is scheme, userinfo, user, password, host, port, path, query or
fragment (user and password are the parts of the userinfo around its first
":"). "NAME=VALUE" takes a decoded value and percent-encodes what the
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
  {default:port}      the port, or the scheme's default port when there is none
  {puny:host}         the host with A-labels (punycode) for Unicode labels
  {idn:host}          the host with U-labels (Unicode) for A-labels that
                      browsers show in Unicode (as to-iri)
  {must:NAME}         NAME, and the input is rejected when NAME is absent
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
const editSynopsis = "[--json] [--rule rule] [--zone] [--idna profile] [--set name=value] [--append name=value] [--trim glob] [--keep glob] [--replace key=value] [--replace-append key=value] [--sort-query] [--query-separator c] [--redirect ref] [--iterate 'name=v1 v2'] [--default-port] [--drop-default-port] [--keep-port] [--punycode] [--urlencode] [--verify] [--quiet] [--max-line n] [-j n]"

// cmdEdit is URL surgery: set, clear and append components, edit the query.
var cmdEdit = &command{
	name:     "edit",
	synopsis: editSynopsis + " [--get template] [input...]",
	summary:  "change components of URI references, or print them through a template",
	help:     editHelp,
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
	fs.Var(appends, "append", "append a path segment (path=seg) or a query pair (query=key=value);\n"+
		"name:=value appends the text as written; may be repeated")
	fs.Var(trims, "trim", "remove the query pairs whose key matches the `glob` (\"query=\" before it is\n"+
		"allowed, as trurl writes it); may be repeated")
	fs.Var(keeps, "keep", "keep only the query pairs whose key matches a `glob`; may be repeated")
	fs.Var(replaces, "replace", "set the first pair called key to value and remove the others called key,\n"+
		"when there is one: `key=value`, decoded; may be repeated")
	fs.Var(replaceAppends, "replace-append", "as --replace, and append the pair when there is none (`key=value`)")
	sortQuery := fs.Bool("sort-query", false, "sort the query's pairs by decoded key, keeping the order of equal keys")
	sep := fs.String("query-separator", "&", "the `c`haracter that separates query pairs: & or ;")
	redirect := fs.String("redirect", "", "first resolve the reference `ref` against each input (RFC 3986, section 5.2)")
	fs.Var(iterates, "iterate", "one output per value: `'name=v1 v2'` (values separated by spaces);\n"+
		"several --iterate give every combination")
	defaultPort := fs.Bool("default-port", false, "write the scheme's default port when there is no port")
	dropDefault := fs.Bool("drop-default-port", false, "remove a port that is the scheme's default (trurl does by default)")
	fs.Bool("keep-port", false, "keep the port as written: the default, accepted for trurl's command lines")
	punycode := fs.Bool("punycode", false, "write a host whose decoded labels are not ASCII with A-labels (IDNA, --idna)")
	urlencode := fs.Bool("urlencode", false, "fill every template field as written (percent-encoded), not decoded")
	verify := fs.Bool("verify", false, "stop at the first input that is rejected")
	quiet := fs.Bool("quiet", false, "print nothing for a rejected input (the exit status still tells)")
	var getTmpl *string
	if !get {
		getTmpl = fs.String("get", "", "print the `template` filled from each result (see above) instead of the URI")
	}
	return func(e *env, l *cmdLine) int {
		sp := &editSpec{
			sortQuery: *sortQuery, defaultPort: *defaultPort, dropDefaultPort: *dropDefault,
			urlencode: *urlencode, punycode: *punycode, verify: *verify, quiet: *quiet, opts: l.options(),
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
		if tmpl != "" || get {
			t, err := parseTemplate(tmpl)
			if err != nil {
				return l.usageError(err.Error())
			}
			sp.tmpl = t
		}
		switch *sep {
		case "&", ";":
			sp.sep = (*sep)[0]
		default:
			return l.usageError("--query-separator must be & or ;, not " + strconv.Quote(*sep))
		}
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
			sp.sets = append(sp.sets, parseComponentArg(s))
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
			k, v, _ := strings.Cut(s, "=")
			sp.replaces = append(sp.replaces, replacement{k, v, false})
		}
		for _, s := range replaceAppends.vals {
			k, v, _ := strings.Cut(s, "=")
			sp.replaces = append(sp.replaces, replacement{k, v, true})
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
	verify, quiet   bool
	tmpl            *getTemplate // nil without --get
}

// iteration is one --iterate: a component and its values.
type iteration struct {
	comp   componentArg
	values []string
}

// replacement is one --replace or --replace-append.
type replacement struct {
	key, value string
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
}

// parseComponentArg splits "name=value" or "name:=value"; s has passed
// checkComponentArg.
func parseComponentArg(s string) componentArg {
	name, value, _ := strings.Cut(s, "=")
	name, raw := strings.CutSuffix(name, ":")
	return componentArg{lookupComponent(name), value, raw}
}

func checkComponentArg(s string) error {
	name, _, ok := strings.Cut(s, "=")
	name = strings.TrimSuffix(name, ":")
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
	return e.eachInput(inputs, func(in string) bool {
		if stopped {
			return true
		}
		u, err := l.parse(in)
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
		return u, &editError{"--set " + componentNames[a.comp] + op + a.value, err}
	}
	return v, nil
}

func setComponentErr(u uri.URI, a componentArg) (uri.URI, error) {
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
	}
	return u.WithDecoded(c, a.value)
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
	if ed.sp.sep == ';' {
		s = strings.ReplaceAll(s, ";", "%3B")
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
				out = append(out, queryField{raw: ed.encodePair(r.key, r.value, true), key: r.key})
			}
		}
		fields = out
		if !found && r.add {
			fields = append(fields, queryField{raw: ed.encodePair(r.key, r.value, true), key: r.key})
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
