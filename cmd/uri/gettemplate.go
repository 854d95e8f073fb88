package main

import (
	"bytes"
	"errors"
	"slices"
	"strconv"
	"strings"
	gotemplate "text/template"
	"unicode/utf8"

	"github.com/ferret-go/uri"
)

// getTemplate is a --get template: literal text and fields, or a Go
// text/template when it holds "{{".
type getTemplate struct {
	parts []tmplPart
	// readsIRI is set when a field has puny:, which reads an input that is
	// an IRI.
	readsIRI bool
	gt       *gotemplate.Template
	buf      bytes.Buffer // the Go template's output
}

// tmplPart is literal text, or a field when name is set.
type tmplPart struct {
	lit  string
	name string // a component name, "url", "authority", "query-all"
	key  string // for query and query-all: the pair's key
	// hasKey is set for {query:KEY}, whose KEY may be empty (the pairs
	// "=v" have the empty key): {query} is the whole query.
	hasKey bool
	raw    bool // {:name}
	must   bool // {must:name}
	// strict is {strict:name}: a decoded value that holds a NUL or bytes
	// that are not UTF-8 rejects the input, as trurl's strict: makes a URL
	// decode problem an error.
	strict bool
	def    bool // {default:port}
	puny   bool // {puny:host}
	idn    bool // {idn:host}
}

// goTemplateData is what a Go template runs on: the resulting URI, whose
// methods it calls, and the input line.
type goTemplateData struct {
	uri.URI
	Input string
}

// parseTemplate reads a --get template.
func parseTemplate(s string) (*getTemplate, error) {
	t := &getTemplate{}
	if isGoTemplate(s) {
		gt, err := gotemplate.New("get").Option("missingkey=error").Parse(s)
		if err != nil {
			return nil, err
		}
		t.gt = gt
		return t, nil
	}
	var lit []byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '\\':
			if i+1 == len(s) {
				return nil, errors.New(`template ends with "\"`)
			}
			i++
			switch s[i] {
			case 'n', 't', 'r':
				lit = append(lit, controlEscape(s[i]))
			case '[':
				// trurl's escape of its "[component]" form.
				lit = append(lit, '[')
			case '\\', '{', '}':
				lit = append(lit, s[i])
			default:
				return nil, errors.New(`unknown escape "\` + s[i:i+1] + `" in template at offset ` + strconv.Itoa(i-1))
			}
		case '}':
			return nil, errors.New(`"}" without "{" in template at offset ` + strconv.Itoa(i) + ` (write "\}")`)
		case '{':
			end := strings.IndexByte(s[i:], '}')
			if end < 0 {
				return nil, errors.New(`"{" without "}" in template at offset ` + strconv.Itoa(i))
			}
			var err error
			if lit, err = t.addField(lit, s[i+1:i+end], i); err != nil {
				return nil, err
			}
			i += end
		default:
			lit = append(lit, c)
		}
	}
	t.addText(lit)
	return t, nil
}

// addField appends the text gathered in lit, then the field that body
// names (its "{" or "[" at offset at of the template), and returns lit
// emptied for the text after it.
func (t *getTemplate) addField(lit []byte, body string, at int) ([]byte, error) {
	p, err := parseField(body)
	if err != nil {
		return nil, errors.New(err.Error() + " in template at offset " + strconv.Itoa(at))
	}
	lit = t.addText(lit)
	t.parts = append(t.parts, p)
	t.readsIRI = t.readsIRI || p.puny
	return lit, nil
}

// addText appends lit as a part of text, when it holds any, and returns it
// emptied.
func (t *getTemplate) addText(lit []byte) []byte {
	if len(lit) > 0 {
		t.parts = append(t.parts, tmplPart{lit: string(lit)})
	}
	return lit[:0]
}

// parseTrurlTemplate reads a --get template as trurl does (trurl.md,
// --get): fields are "{NAME}" or "[NAME]", whichever of "{" and "[" comes
// first, and the other is text; the opening byte twice ("{{", "[[") is
// that byte as text, and one with no closing byte after it is text too;
// "\\", "\t", "\n", "\r", "\{" and "\[" are escapes, and any other
// backslash is text. The fields are those of parseTemplate; there is no Go
// template.
func parseTrurlTemplate(s string) (*getTemplate, error) {
	t := &getTemplate{}
	var lit []byte
	var open, end byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		if open == 0 && (c == '{' || c == '[') {
			open, end = c, '}'
			if c == '[' {
				end = ']'
			}
		}
		switch {
		case c == '\\' && i+1 < len(s):
			i++
			switch s[i] {
			case 'n', 't', 'r':
				lit = append(lit, controlEscape(s[i]))
			case '\\', '{', '[':
				lit = append(lit, s[i])
			default:
				lit = append(lit, '\\', s[i])
			}
		case open == 0:
			lit = append(lit, c)
		case c == open && i+1 < len(s) && s[i+1] == open:
			lit = append(lit, c)
			i++
		case c == open:
			n := strings.IndexByte(s[i+1:], end)
			if n < 0 {
				lit = append(lit, c)
				continue
			}
			var err error
			if lit, err = t.addField(lit, s[i+1:i+1+n], i); err != nil {
				return nil, err
			}
			i += 1 + n
		default:
			lit = append(lit, c)
		}
	}
	t.addText(lit)
	return t, nil
}

// isGoTemplate reports whether s holds "{{" whose first "{" is not escaped
// by a backslash: "\{{scheme}" is a literal "{" and the field {scheme}.
func isGoTemplate(s string) bool {
	for i := 0; i+1 < len(s); i++ {
		switch {
		case s[i] == '\\':
			i++ // the escaped byte
		case s[i] == '{' && s[i+1] == '{':
			return true
		}
	}
	return false
}

// fieldNames are the names a field may have besides the components.
var fieldNames = []string{"url", "authority", "query-all", "zoneid", "options"}

// parseField reads the text between "{" and "}".
func parseField(f string) (tmplPart, error) {
	var p tmplPart
	whole := f
	f, p.raw = strings.CutPrefix(f, ":")
	for {
		var ok bool
		switch {
		case strings.HasPrefix(f, "must:"):
			f, p.must, ok = f[5:], true, true
		case strings.HasPrefix(f, "url:"):
			// trurl's long form of {:name}.
			f, p.raw, ok = f[4:], true, true
		case strings.HasPrefix(f, "strict:"):
			f, p.strict, ok = f[7:], true, true
		case strings.HasPrefix(f, "default:"):
			f, p.def, ok = f[8:], true, true
		case strings.HasPrefix(f, "puny:"):
			f, p.puny, ok = f[5:], true, true
		case strings.HasPrefix(f, "idn:"):
			f, p.idn, ok = f[4:], true, true
		}
		if !ok {
			break
		}
	}
	name, key, hasKey := strings.Cut(f, ":")
	p.name, p.key, p.hasKey = name, key, hasKey
	known := lookupComponent(name) != 0 || slices.Contains(fieldNames, name)
	switch {
	case !known:
		return p, errors.New("unknown field {" + whole + "}")
	case hasKey && name != "query" && name != "query-all", name == "query-all" && !hasKey:
		return p, errors.New("field {" + whole + "}: only query and query-all take a key")
	case p.def && name != "port" && name != "url", (p.puny || p.idn) && name != "host" && name != "url":
		return p, errors.New("field {" + whole + "}: default: is for port and url, puny: and idn: for host and url")
	case p.puny && p.idn:
		return p, errors.New("field {" + whole + "}: puny: and idn: exclude each other")
	}
	return p, nil
}

// fill appends the template's text for the result u of input in.
func (t *getTemplate) fill(b []byte, in string, u uri.URI, sp *editSpec) ([]byte, error) {
	if t.gt != nil {
		t.buf.Reset()
		if err := t.gt.Execute(&t.buf, goTemplateData{u, in}); err != nil {
			return b, &editError{"--get", err}
		}
		return append(b, t.buf.Bytes()...), nil
	}
	for i := range t.parts {
		p := &t.parts[i]
		if p.name == "" {
			b = append(b, p.lit...)
			continue
		}
		v, present := p.value(u, sp, sp.urlencode || p.raw)
		if !present && p.must {
			return b, &errAbsent{p.name}
		}
		if p.strict && !p.raw && !sp.urlencode && (strings.IndexByte(v, 0) >= 0 || !utf8.ValidString(v)) {
			return b, &errStrict{p.name}
		}
		if sp.trurl && !p.raw && !sp.urlencode && strings.IndexByte(v, 0) >= 0 {
			// trurl.md, --get: a query value's decoded NUL is written
			// as "."; any other field that holds one is not written.
			if p.hasKey {
				v = strings.ReplaceAll(v, "\x00", ".")
			} else {
				v = ""
			}
		}
		b = append(b, v...)
	}
	return b, nil
}

// value returns the text of field p for u, as written when raw is set, and
// whether it is present.
func (p *tmplPart) value(u uri.URI, sp *editSpec, raw bool) (string, bool) {
	dec := func(s, d string) string {
		if raw {
			return s
		}
		return d
	}
	switch p.name {
	case "url":
		if p.def || sp.defaultPort {
			if info, ok := sp.schemes.Lookup(u.Scheme()); ok && info.Port != 0 && u.HasAuthority() && !u.HasPort() {
				if v, err := u.WithPortNumber(info.Port); err == nil {
					u = v
				}
			}
		}
		switch {
		case p.idn:
			return withHost(u, idnHost(u)), true
		case p.puny:
			return withHost(u, punyHost(u, sp.opts)), true
		case sp.normalize:
			return curlText(u), true
		}
		return u.String(), true
	case "zoneid":
		return zoneID(u)
	case "authority":
		return u.Authority(), u.HasAuthority()
	case "scheme":
		return u.Scheme(), u.HasScheme()
	case "userinfo":
		return dec(u.Userinfo(), u.DecodedUserinfo()), u.HasUserinfo()
	case "user":
		user, _, _, _, _ := curlLogin(u.Userinfo(), u.Scheme())
		return dec(user, decodeUserinfo(user)), u.HasUserinfo()
	case "password":
		_, pass, _, ok, _ := curlLogin(u.Userinfo(), u.Scheme())
		return dec(pass, decodeUserinfo(pass)), ok
	case "options":
		_, _, opts, _, ok := curlLogin(u.Userinfo(), u.Scheme())
		return dec(opts, decodeUserinfo(opts)), ok
	case "host":
		h := u.Host()
		switch {
		case !u.HasAuthority():
			return "", false
		case p.idn:
			return idnHost(u), true
		case p.puny:
			return punyHost(u, sp.opts), true
		case u.HostKind() == uri.HostIPv6 || u.HostKind() == uri.HostIPvFuture:
			return h, true
		}
		return dec(h, u.DecodedHost()), true
	case "port":
		if !u.HasPort() && p.def {
			if info, ok := sp.schemes.Lookup(u.Scheme()); ok && info.Port != 0 {
				return strconv.Itoa(int(info.Port)), true
			}
		}
		return u.Port(), u.HasPort()
	case "path":
		return dec(u.Path(), u.DecodedPath()), u.Path() != ""
	case "query":
		if p.hasKey {
			return queryValues(u, sp, p.key, raw, false)
		}
		return dec(u.Query(), u.DecodedQuery()), u.HasQuery()
	case "query-all":
		return queryValues(u, sp, p.key, raw, true)
	case "fragment":
		return dec(u.Fragment(), u.DecodedFragment()), u.HasFragment()
	}
	return "", false
}

// errStrict is the error of a {strict:NAME} field whose decoded text holds
// a NUL or bytes that are not UTF-8.
type errStrict struct{ name string }

func (e *errStrict) Error() string {
	return "uri: the decoded " + e.name + " holds a NUL or bytes that are not UTF-8 ({strict:" + e.name + "})"
}

// zoneID returns the zone identifier of an IPv6 host, decoded (RFC 6874,
// section 2: "%25" and the zone, or the bare "%" that --zone also takes),
// and whether there is one.
func zoneID(u uri.URI) (string, bool) {
	h := u.Host()
	if u.HostKind() != uri.HostIPv6 {
		return "", false
	}
	i := strings.IndexByte(h, '%')
	if i < 0 {
		return "", false
	}
	z := strings.TrimSuffix(h[i+1:], "]")
	if strings.HasPrefix(z, "25") {
		if d, err := uri.Unescape(h[i:len(h)-1], uri.EscapeHost); err == nil && strings.HasPrefix(d, "%") {
			return d[1:], true
		}
	}
	return z, true
}

// decodeUserinfo decodes the text of a valid userinfo's part.
func decodeUserinfo(s string) string {
	d, err := uri.Unescape(s, uri.EscapeUserinfo)
	if err != nil {
		return s
	}
	return d
}

// queryValues returns the value of the first pair called key, or of every
// one separated by spaces, and whether there is one.
func queryValues(u uri.URI, sp *editSpec, key string, raw, all bool) (string, bool) {
	if !u.HasQuery() {
		return "", false
	}
	var out []string
	for field := range strings.SplitSeq(u.Query(), string(sp.sep)) {
		k, v, _ := strings.Cut(field, "=")
		if field == "" || sp.decodeQuery(k) != key {
			continue
		}
		if !raw {
			v = sp.decodeQuery(v)
		}
		if !all {
			return v, true
		}
		out = append(out, v)
	}
	return strings.Join(out, " "), len(out) > 0
}

// idnHost returns the host of u with U-labels for its A-labels and its
// percent-encoded UTF-8 decoded, as RFC 3987, section 3.2 maps it for
// display: a label stays an A-label where browsers would show it so
// ([uri.URI.ToIRI]'s display policy), and a percent-encoded host that IDNA
// refuses stays as written.
func idnHost(u uri.URI) string {
	h := u.ToIRI().Host()
	if strings.IndexByte(h, '%') >= 0 && u.HostKind() == uri.HostRegName {
		if d := u.DecodedHost(); utf8.ValidString(d) {
			// Through the A-labels, so that the same policy decides.
			if a, err := uri.IDNABrowser.HostToASCII(d); err == nil {
				if v, err := uri.Parse("//" + a); err == nil && v.HostKind() == uri.HostRegName {
					return v.ToIRI().Host()
				}
			}
		}
	}
	return h
}

// punyHost returns the host of u with A-labels (RFC 5891) for the labels
// that are not ASCII once decoded, or the host as written when IDNA refuses
// it.
func punyHost(u uri.URI, o uri.Options) string {
	h := u.Host()
	if u.HostKind() != uri.HostRegName || strings.IndexByte(h, '%') < 0 {
		return h
	}
	i, err := o.ParseIRI("//" + u.DecodedHost())
	if err != nil {
		return h
	}
	v, err := o.ToURI(i)
	if err != nil {
		return h
	}
	return v.Host()
}

// controlEscape returns the control character of a template's escape "\n",
// "\t" or "\r" (c is its letter), in uri's templates and in trurl's.
func controlEscape(c byte) byte {
	switch c {
	case 'n':
		return '\n'
	case 't':
		return '\t'
	}
	return '\r'
}
