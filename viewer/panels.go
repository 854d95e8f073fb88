package viewer

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/ferret-go/uri"
	"github.com/ferret-go/uri/lint"
	"github.com/ferret-go/uri/whatwg"
)

// The panels. Each is a method of analysis that returns the panel, or nil
// when it has nothing to show for these inputs; Analyze lists them in the
// order the page shows them. To add a reading (the WHATWG URL Standard's,
// lint's findings), write one more and add it to that list.

// resolution is the target of the reference against the base (RFC 3986,
// section 5.2) and the shortest reference from the base to that target
// (URI.Relative), when a base is given.
func (a *analysis) resolution() *Panel {
	if !a.hasBase {
		return nil
	}
	p := &Panel{ID: "resolution", Title: "Resolution against the base (RFC 3986, section 5)"}
	switch {
	case a.baseErr != nil:
		p.Rows = []Row{{Key: "target", Label: "target URI", Value: "the base is not a URI: " + a.baseErr.Error(), State: stateError}}
		return p
	case a.err != nil:
		p.Rows = []Row{{Key: "target", Label: "target URI", Value: "the reference is not valid", State: stateError}}
		return p
	}
	target, err := a.b.Resolve(a.u)
	if err != nil {
		p.Rows = []Row{{Key: "target", Label: "target URI", Value: err.Error(), State: stateError}}
		return p
	}
	p.Rows = append(p.Rows, Row{Key: "target", Label: "target URI (5.2)", Value: target.String()})
	rel, err := a.b.Relative(target)
	if err != nil {
		p.Rows = append(p.Rows, Row{Key: "relative", Label: "shortest reference", Value: err.Error(), State: stateError})
		return p
	}
	p.Rows = append(p.Rows, Row{Key: "relative", Label: "shortest reference from the base", Value: rel.String()})
	return p
}

// normalized is the normal form of section 6.2.2 and 6.2.3.
func (a *analysis) normalized() *Panel {
	if a.err != nil {
		return nil
	}
	n := a.u.Normalize()
	same := "no: normalizing changes it"
	if n == a.u {
		same = "yes"
	}
	return &Panel{ID: "normalized", Title: "Normalization (RFC 3986, section 6.2.2 and 6.2.3)", Rows: []Row{
		{Key: "normal", Label: "normal form", Value: n.String()},
		{Key: "is-normal", Label: "already normal", Value: same},
	}}
}

// iri reads the input as an IRI (RFC 3987): for a URI, the form to show
// people (section 3.2); for an IRI that is not a URI, the URI it maps to
// (section 3.1).
func (a *analysis) iri() *Panel {
	p := &Panel{ID: "iri", Title: "IRI (RFC 3987)"}
	if a.err == nil {
		p.Rows = []Row{
			{Key: "iri", Label: "as an IRI", Value: "valid: every URI is an IRI"},
			{Key: "display", Label: "for display (ToIRI, 3.2)", Value: a.u.Display()},
		}
		return p
	}
	i, err := uri.ParseIRI(a.ref)
	if err != nil {
		p.Rows = []Row{{Key: "iri", Label: "as an IRI", Value: err.Error(), State: stateError}}
		return p
	}
	p.Rows = []Row{{Key: "iri", Label: "as an IRI", Value: "valid IRI, not a URI"}}
	u, err := i.ToURI()
	if err != nil {
		p.Rows = append(p.Rows, Row{Key: "to-uri", Label: "as a URI (ToURI, 3.1)", Value: err.Error(), State: stateError})
		return p
	}
	p.Rows = append(p.Rows, Row{Key: "to-uri", Label: "as a URI (ToURI, 3.1)", Value: u.String()})
	return p
}

// repair shows, for a rejected input, the URI that whatwg.Repair makes of
// it and every change, or why it cannot: for http, https, ws, wss, ftp and
// file a URI that goes where a browser given the input goes, or an error
// (uri.Repair, RFC 3986's reading, would make "http://evil.com\@good.com/"
// a URI whose host is good.com). A reference without a scheme is read as a
// link on the page of the base (whatwg.RepairRef), or, without a base the
// URL Standard accepts, on a page of https (whatwg.RepairBase), as uri
// repair reads it: "/\evil.com/" becomes "//evil.com/".
func (a *analysis) repair() *Panel {
	if a.err == nil {
		return nil
	}
	p := &Panel{ID: "repair", Title: "Repair (as pasted URLs are read, to where a browser goes)"}
	u, changes, err := whatwg.Repair(a.ref)
	if a.base != "" {
		if b, berr := whatwg.Parse(a.base); berr == nil {
			u, changes, err = whatwg.RepairRef(uri.Options{}, a.ref, b)
			p.Note = "a reference without a scheme is read against the base, as a link on that page"
		} else {
			p.Note = "the URL Standard rejects the base: a reference without a scheme is read against " + whatwg.RepairBase
		}
	}
	if err != nil {
		p.Rows = []Row{{Key: "repaired", Label: "repaired", Value: err.Error(), State: stateError}}
		return p
	}
	p.Rows = append(p.Rows, Row{Key: "repaired", Label: "repaired", Value: u.String()})
	for i, c := range changes {
		p.Rows = append(p.Rows, Row{Key: "change-" + strconv.Itoa(i+1), Label: "change " + strconv.Itoa(i+1), Value: c.String()})
	}
	return p
}

// netURL is how Go's net/url reads the same text, beside RFC 3986: a row
// whose State is "differs" does not match the component of the RFC's
// reading.
func (a *analysis) netURL() *Panel {
	p := &Panel{ID: "net-url", Title: "Go's net/url.Parse", Against: "RFC 3986", Note: "net/url does not tell an absent component from an empty one"}
	v, err := url.Parse(a.ref)
	if err != nil {
		p.Rows = []Row{{Key: "error", Label: "error", Value: err.Error(), State: stateError}}
		if a.err == nil {
			p.Rows[0].State = stateDiffers
			p.Note = "net/url rejects what RFC 3986 accepts"
		}
		return p
	}
	ok := a.err == nil
	differs := func(same bool) string {
		if ok && !same {
			return stateDiffers
		}
		return ""
	}
	user := ""
	if v.User != nil {
		user = v.User.String()
	}
	p.Rows = []Row{
		{Key: "scheme", Label: "Scheme", Value: v.Scheme, State: differs(v.Scheme == a.u.Scheme())},
		{Key: "opaque", Label: "Opaque", Value: v.Opaque},
		{Key: "user", Label: "User", Value: user, State: differs(user == a.u.Userinfo())},
		{Key: "host", Label: "Host", Value: v.Host, State: differs(v.Host == hostPort(a.u))},
		{Key: "path", Label: "EscapedPath()", Value: v.EscapedPath(), State: differs(v.Opaque != "" || v.EscapedPath() == a.u.Path())},
		{Key: "query", Label: "RawQuery", Value: v.RawQuery, State: differs(v.RawQuery == a.u.Query())},
		{Key: "fragment", Label: "EscapedFragment()", Value: v.EscapedFragment(), State: differs(v.EscapedFragment() == a.u.Fragment())},
	}
	if !ok {
		p.Note = "net/url accepts what RFC 3986 rejects"
	}
	return p
}

// whatwg is how browsers read the same text: the URL Standard's parser
// (package whatwg), against the base when one is given and it parses as a
// URL, with the validation errors the standard reports on the way. The
// href is marked when it differs from the RFC 3986 target against the
// same base, and the result when one standard accepts what the other
// rejects.
func (a *analysis) whatwg() *Panel {
	p := &Panel{ID: "whatwg", Title: "WHATWG URL Standard (as browsers read it)", Against: "RFC 3986"}
	var base whatwg.URL
	if a.hasBase {
		b, err := whatwg.Parse(a.base)
		if err != nil {
			p.Rows = append(p.Rows, Row{Key: "base", Label: "base", Value: err.Error(), State: stateError})
			return p
		}
		base = b
	}
	v, verrs, err := whatwg.Validate(a.ref, base)
	if err != nil {
		row := Row{Key: "error", Label: "failure", Value: err.Error(), State: stateError}
		if a.err == nil {
			row.State = stateDiffers
			p.Note = "the URL Standard rejects what RFC 3986 accepts"
		}
		p.Rows = append(p.Rows, row)
		return p
	}
	href := Row{Key: "href", Label: "href", Value: v.Href()}
	if a.err != nil {
		href.State = stateDiffers
		p.Note = "the URL Standard accepts what RFC 3986 rejects"
	} else if a.hasBase && a.baseErr == nil {
		if t, err := a.b.Resolve(a.u); err == nil && t.String() != v.Href() {
			href.State = stateDiffers
			p.Note = "the two standards resolve to different URLs (an href is also serialized: lowercased, default port dropped, percent-encoded)"
		}
	}
	p.Rows = append(p.Rows, href,
		Row{Key: "protocol", Label: "protocol", Value: v.Protocol()},
		Row{Key: "username", Label: "username", Value: v.Username()},
		Row{Key: "password", Label: "password", Value: v.Password()},
		Row{Key: "hostname", Label: "hostname", Value: v.Hostname()},
		Row{Key: "port", Label: "port", Value: v.Port()},
		Row{Key: "pathname", Label: "pathname", Value: v.Pathname()},
		Row{Key: "search", Label: "search", Value: v.Search()},
		Row{Key: "hash", Label: "hash", Value: v.Hash()},
	)
	valid := "yes"
	if len(verrs) > 0 {
		valid = validationList(verrs)
	}
	p.Rows = append(p.Rows, Row{Key: "valid", Label: "valid URL string (validation errors)", Value: valid})
	return p
}

// validationList writes "no: " and the errors as ValidationError.String
// writes each, separated by ", ", in one string made at its length: a
// string for each error, then their join, took about 80 bytes a byte of an
// input with an error a byte.
func validationList(verrs []whatwg.ValidationError) string {
	n := len("no: ") + 2*(len(verrs)-1)
	for _, e := range verrs {
		n += len(e.Kind) + 1 + decimalLen(e.Offset)
	}
	var b strings.Builder
	b.Grow(n)
	b.WriteString("no: ")
	var digits [20]byte
	for i, e := range verrs {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(e.Kind)
		b.WriteByte('@')
		b.Write(strconv.AppendInt(digits[:0], int64(e.Offset), 10))
	}
	return b.String()
}

// decimalLen returns the length of n in decimal.
func decimalLen(n int) int {
	k := 1
	if n < 0 {
		k, n = 2, -n
	}
	for ; n >= 10; n /= 10 {
		k++
	}
	return k
}

// hostPort is the authority without its userinfo, as net/url's Host.
func hostPort(u uri.URI) string {
	if u.HasPort() {
		return u.Host() + ":" + u.Port()
	}
	return u.Host()
}

// lint lists what package lint finds in the reference: how other parsers
// read it differently and what RFC 3986, section 7 warns about, each with
// its code, severity and the bytes it is about; nothing when it finds
// nothing.
func (a *analysis) lint() *Panel {
	fs := lint.Lint(a.ref)
	if len(fs) == 0 {
		return nil
	}
	p := &Panel{ID: "lint", Title: "Lint (parser differentials, RFC 3986 section 7)"}
	for i, f := range fs {
		p.Rows = append(p.Rows, Row{
			Key:   "finding-" + strconv.Itoa(i+1),
			Label: string(f.Code) + " (" + f.Severity.String() + ")",
			Value: f.Message + " [bytes " + strconv.Itoa(f.Start) + "-" + strconv.Itoa(f.End) + "]",
		})
	}
	return p
}
