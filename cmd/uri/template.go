package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/ferret-go/uri/template"
)

const templateHelp = `Template expands and matches URI Templates (RFC 6570).

"uri template expand TEMPLATE..." prints the expansion of each template, one
per line, at level 4 (section 3). The variables (section 2.4) are given by

  --var name=value      a string
  --list name=item      an item of a list, in order (repeat for each item)
  --map name=key=value  a member of an associative array, in order (repeat)

where a bare --list name or --map name gives an empty one (section 2.3
counts it undefined), and by --vars FILE: a JSON object whose members are
strings, numbers, lists of strings, objects (associative arrays, in the order
written) or null (undefined), as in the RFC's test suite. Only the first "="
(and for --map the second) separates, so values may hold "=" and ","; a name
given two kinds is a usage error. The flags override --vars. With the
variables of section 3.2:

  $ uri template expand --list list=red --list list=green --list list=blue \
      --map keys='semi=;' --map keys=dot=. --map keys=comma=, '{?list*}{&keys*}'
  ?list=red&list=green&list=blue&semi=%3B&dot=.&comma=%2C
 An invalid template, or a prefix modifier on
a list, gives "<template>: <message> at offset N" on standard error and exit
status 1. With --json each template gives
{"input":"...","ok":true,"result":"..."} or
{"input":"...","ok":false,"error":"...","offset":N}.

"uri template match TEMPLATE [URI...]" prints, for each URI that the
template matches, a block: the URI, then the variables whose expansion is
the URI, one per line, each value quoted as Go quotes it (a list in [ ], an
associative array in { }), then the query parameters that name no variable
("extra"); an empty line separates blocks. A URI that does not match gives
"<URI>: template: no match" on standard error:

  $ uri template match '/users/{id}{?page}' '/users/42?page=2&x=1' /other
  /users/42?page=2&x=1
    id     "42"
    page   "2"
    extra  ["x=1"]
  /other: template: no match

With --json it writes one JSON object per URI, one per line:

  {"input":"/users/42?page=2&x=1","ok":true,"vars":{"id":"42","page":"2"},"extra":[["x","1"]]}
  {"input":"/other","ok":false}

where lists are JSON arrays, associative arrays objects and extra holds
[name, value] pairs. Bytes that are not valid UTF-8 are written as U+FFFD.
A template that is invalid, or ambiguous for matching (two adjacent
expressions, "{x}-{y}", ...), is reported on standard error with its offset,
with exit status 1.

Without TEMPLATE (expand) or URI (match) arguments, standard input is read,
one per line. Exit status: 0 when every input expanded or matched, 1 when
one did not, 2 on a usage error.
`

// cmdTemplate expands and matches URI Templates. Its verb is its first
// argument that is not a flag.
var cmdTemplate = &command{
	name:     "template",
	synopsis: "expand [--json] [--var name=value] [--list name=item] [--map name=key=value] [--vars FILE] [--max-line n] [-j n] [TEMPLATE...] | match [--json] [--max-line n] [-j n] TEMPLATE [URI...]",
	summary:  "expand URI Templates (RFC 6570) or match URIs against one",
	help:     templateHelp,
	shared:   flagJSON | flagStream,
	verbs:    []verb{{"expand", 0}, {"match", 1}},
	flags: func(fs *flag.FlagSet) runFunc {
		vars := &varFlags{}
		fs.Var(varFlag{vars, template.StringKind}, "var", "a string variable `name=value`; may be repeated")
		fs.Var(varFlag{vars, template.ListKind}, "list", "an item of the list variable name, `name=item`, or an empty list for a bare name;\n"+
			"repeat for each item, in order")
		fs.Var(varFlag{vars, template.PairsKind}, "map", "a member of the associative array name, `name=key=value`, or an empty one for a\n"+
			"bare name; repeat for each member, in order")
		file := fs.String("vars", "", "a JSON `FILE` holding an object of variables")
		return func(e *env, l *cmdLine) int { return runTemplate(e, l, vars, file) }
	},
}

// varFlags holds the variables of --var, --list and --map (RFC 6570,
// section 2.4: a string, a list, or an associative array of name/value
// pairs), in the order of their first flag.
type varFlags struct {
	names  []string
	values map[string]*varValue
}

type varValue struct {
	kind  template.Kind
	text  string
	items []string
	pairs []template.Pair
}

// varFlag is one of --var, --list and --map: the kind of value it gives.
type varFlag struct {
	vars *varFlags
	kind template.Kind
}

func (f varFlag) String() string { return "" }

// Set takes "name=value" for --var, "name=item" or a bare name for --list,
// "name=key=value" or a bare name for --map. --var replaces the value of an
// earlier --var, --list and --map add to theirs; one name given two kinds
// is an error.
func (f varFlag) Set(s string) error {
	name, rest, hasValue := strings.Cut(s, "=")
	if name == "" || !hasValue && f.kind == template.StringKind {
		return errors.New("want name=value")
	}
	var key, value string
	if f.kind == template.PairsKind && hasValue {
		var ok bool
		if key, value, ok = strings.Cut(rest, "="); !ok {
			return errors.New("want name=key=value")
		}
	}
	v := f.vars.values[name]
	if v == nil {
		v = &varValue{kind: f.kind}
		if f.vars.values == nil {
			f.vars.values = map[string]*varValue{}
		}
		f.vars.values[name] = v
		f.vars.names = append(f.vars.names, name)
	} else if v.kind != f.kind {
		return fmt.Errorf("%q is already given as a %s", name, kindName(v.kind))
	}
	switch {
	case f.kind == template.StringKind:
		v.text = rest
	case !hasValue:
	case f.kind == template.ListKind:
		v.items = append(v.items, rest)
	default:
		v.pairs = append(v.pairs, template.Pair{Name: key, Value: value})
	}
	return nil
}

// kindName names a kind of value as the flags do.
func kindName(k template.Kind) string {
	switch k {
	case template.ListKind:
		return "list (--list)"
	case template.PairsKind:
		return "map (--map)"
	}
	return "string (--var)"
}

// value returns the variable's value for the template package.
func (v *varValue) value() template.Value {
	switch v.kind {
	case template.ListKind:
		return template.List(v.items...)
	case template.PairsKind:
		return template.Pairs(v.pairs...)
	}
	return template.String(v.text)
}

func runTemplate(e *env, l *cmdLine, vars *varFlags, file *string) int {
	args := l.args
	if l.verb == "match" {
		if len(vars.names) > 0 || *file != "" {
			return l.usageError("match takes no variables")
		}
		if len(args) == 0 {
			return l.usageError("missing TEMPLATE")
		}
		return runTemplateMatch(e, args[0], args[1:])
	}
	v := template.Vars{}
	if *file != "" {
		if err := readVarsFile(*file, v); err != nil {
			fmt.Fprintf(e.err, "uri template: --vars %s: %v\n", *file, err)
			return exitUsage
		}
	}
	for _, name := range vars.names {
		v[name] = vars.values[name].value()
	}
	var buf []byte
	return e.eachInput(args, func(in string) bool {
		t, err := template.Parse(in)
		if err == nil {
			buf, err = t.AppendExpand(buf[:0], v)
		}
		if err != nil {
			e.templateRejected(in, err)
			return false
		}
		return e.result(in, string(buf), nil)
	})
}

// templateRejected writes that a template was rejected: the message on
// standard error, or the rejected JSON object with the offset in the
// template.
func (e *env) templateRejected(in string, err error) {
	var te *template.Error
	if !e.json || !errors.As(err, &te) {
		e.rejected(in, err)
		return
	}
	j := e.beginJSON(in)
	j.key(keyOK).boolean(false)
	j.key(keyError).str(err.Error())
	j.key(keyOffset).integer(te.Offset)
	e.endJSON(j)
}

// Keys of template match.
const (
	keyVars  jsonKey = `"vars":`
	keyExtra jsonKey = `"extra":`
)

func runTemplateMatch(e *env, src string, inputs []string) int {
	t, err := template.Parse(src)
	if err == nil {
		err = t.Invertible()
	}
	if err != nil {
		b, _ := appendVisible(nil, src, 0)
		fmt.Fprintf(e.err, "%s: %v\n", b, err)
		return exitRejected
	}
	names := t.Varnames()
	width := len("extra")
	for _, name := range names {
		width = max(width, len(name))
	}
	return e.eachInput(inputs, func(in string) bool {
		vars, extra, ok := t.MatchExtra(in)
		if !e.json {
			if !ok {
				e.rejected(in, errNoMatch)
				return false
			}
			b, _ := appendVisible(e.textRoom(2*len(in)+64), in, -1)
			b = append(b, '\n')
			for _, name := range names {
				if v, found := vars[name]; found {
					b = appendMatchLine(b, name, width, v)
				}
			}
			if len(extra) > 0 {
				b = append(b, "  extra"...)
				b = appendSpaces(b, width+2-len("extra"))
				b = append(b, '[')
				for i, p := range extra {
					if i > 0 {
						b = append(b, ", "...)
					}
					b = strconv.AppendQuote(b, p.Name+"="+p.Value)
				}
				b = append(b, "]\n"...)
			}
			e.beginBlock()
			e.writeText(b)
			return true
		}
		j := e.beginJSON(in)
		j.key(keyOK).boolean(ok)
		if ok {
			j.key(keyVars).beginObject()
			for _, name := range names {
				v, found := vars[name]
				if !found {
					continue
				}
				j.str(name)
				j.b = append(j.b, ':')
				writeTemplateValue(j, v)
			}
			j.endObject()
			if len(extra) > 0 {
				j.key(keyExtra).beginArray()
				for _, p := range extra {
					j.beginArray()
					j.str(p.Name)
					j.str(p.Value)
					j.endArray()
				}
				j.endArray()
			}
		}
		e.endJSON(j)
		return ok
	})
}

// errNoMatch is the error of a URI that template match does not match.
var errNoMatch = errors.New("template: no match")

// appendMatchLine appends the line of one matched variable: its name,
// indented, in a column width wide, and its value quoted as Go quotes a string (visible
// and unambiguous whatever it holds), a list as ["a", "b"], an associative
// array as {"k": "v"}.
func appendMatchLine(b []byte, name string, width int, v template.Value) []byte {
	b = append(b, "  "...)
	b = append(b, name...)
	b = appendSpaces(b, width+2-len(name))
	switch v.Kind() {
	case template.ListKind:
		b = append(b, '[')
		for i, item := range v.Items() {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = strconv.AppendQuote(b, item)
		}
		b = append(b, ']')
	case template.PairsKind:
		b = append(b, '{')
		for i, p := range v.Members() {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = strconv.AppendQuote(b, p.Name)
			b = append(b, ": "...)
			b = strconv.AppendQuote(b, p.Value)
		}
		b = append(b, '}')
	default:
		b = strconv.AppendQuote(b, v.Text())
	}
	return append(b, '\n')
}

// writeTemplateValue writes a variable's value: a string, an array for a
// list, an object for an associative array.
func writeTemplateValue(j *jsonLine, v template.Value) {
	switch v.Kind() {
	case template.ListKind:
		j.beginArray()
		for _, item := range v.Items() {
			j.str(item)
		}
		j.endArray()
	case template.PairsKind:
		j.beginObject()
		for _, p := range v.Members() {
			j.str(p.Name)
			j.b = append(j.b, ':')
			j.str(p.Value)
		}
		j.endObject()
	default:
		j.str(v.Text())
	}
}

// readVarsFile reads a JSON object of variables into vars, keeping the
// order of the members of associative arrays.
func readVarsFile(name string, vars template.Vars) error {
	data, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	if tok, err := d.Token(); err != nil || tok != json.Delim('{') {
		return errors.New("want a JSON object")
	}
	for d.More() {
		tok, err := d.Token()
		if err != nil {
			return err
		}
		v, err := readVarValue(d)
		if err != nil {
			return err
		}
		vars[tok.(string)] = v
	}
	if _, err := d.Token(); err != nil {
		return err
	}
	if _, err := d.Token(); err != io.EOF {
		return errors.New("more than one JSON value")
	}
	return nil
}

// readVarValue reads one variable's value: a string or number, a list of
// them, an object of them, or null.
func readVarValue(d *json.Decoder) (template.Value, error) {
	tok, err := d.Token()
	if err != nil {
		return template.Value{}, err
	}
	switch tok := tok.(type) {
	case nil:
		return template.Value{}, nil
	case string:
		return template.String(tok), nil
	case json.Number:
		return template.String(tok.String()), nil
	case bool:
		return template.String(fmt.Sprint(tok)), nil
	case json.Delim:
		var list []string
		var pairs []template.Pair
		for d.More() {
			var name string
			if tok == '{' {
				t, err := d.Token()
				if err != nil {
					return template.Value{}, err
				}
				name = t.(string)
			}
			t, err := d.Token()
			if err != nil {
				return template.Value{}, err
			}
			var s string
			switch t := t.(type) {
			case string:
				s = t
			case json.Number:
				s = t.String()
			case bool:
				s = fmt.Sprint(t)
			case nil:
				continue // an undefined member (RFC 6570, section 2.3)
			default:
				return template.Value{}, errors.New("nested arrays and objects are not values")
			}
			if tok == '{' {
				pairs = append(pairs, template.Pair{Name: name, Value: s})
			} else {
				list = append(list, s)
			}
		}
		if _, err := d.Token(); err != nil {
			return template.Value{}, err
		}
		if tok == '{' {
			return template.Pairs(pairs...), nil
		}
		return template.List(list...), nil
	}
	return template.Value{}, errors.New("unexpected JSON value")
}
