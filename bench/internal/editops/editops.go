// Package editops holds the edits and builds that the bench package's
// BenchmarkEdit and BenchmarkBuilder time and that editinstr counts under
// callgrind: each done by uri and by net/url, on URLs of a list parsed by
// both beforehand. One table serves both, so that the time and the
// instruction count measure the same work.
package editops

import (
	"bufio"
	"net"
	"net/url"
	"os"
	"strings"

	"github.com/ferret-go/uri"
)

// URL is one URL parsed by both libraries, outside the timed loops.
type URL struct {
	U uri.URI
	P *url.URL
	// What net/url's Host must be set to for a host or a port edit: its
	// Host field holds both, so the other half is kept, worked out here so
	// that net/url's timed loop only assigns.
	newHost, newPort string
	// from are the values the builds from scratch set (see Builds).
	from scratch
}

// scratch is what a build from scratch writes: the list URL's scheme,
// host, port, path, query and fragment, with newPortRaw, newQueryRaw and
// newFragRaw where the URL has no port, query or fragment (so that every
// setter writes something), but without its userinfo. uri sets the raw
// text; net/url is given the fields url.Parse gives for the same text.
type scratch struct {
	scheme, host, port, path, query, fragment string
	p                                         *url.URL
	host1                                     string // p.Host without the port
}

// Values written by the edits: raw (percent-encoded) for uri's WithX and
// decoded for uri's WithDecodedX and for net/url's fields. The decoded ones
// need some encoding, except the scheme and the host.
const (
	newScheme       = "https"
	newUserRaw      = "user:p%40ss"
	newUser         = "user"
	newPass         = "p@ss"
	newHostRaw      = "example.org"
	newPortRaw      = "8443"
	newPortNum      = 8443
	newPathRaw      = "/new/path/index%20page.html"
	newPathDecoded  = "/new/path/index page.html"
	newQueryRaw     = "q=caf%C3%A9%20au%20lait&lang=en"
	newQueryDecoded = "q=café au lait&lang=en"
	newFragRaw      = "section%202"
	newFragDecoded  = "section 2"
)

// List is a URL list as the ops run over it.
type List struct {
	Plain []URL // the lines both libraries parse and net/url writes back unchanged
	QF    []URL // the same with a query and a fragment added where missing
}

// For returns the URLs op runs over.
func (l *List) For(op *Op) []URL {
	if op.QF {
		return l.QF
	}
	return l.Plain
}

// Load reads the URL list in file and keeps the lines that both libraries
// parse and that net/url writes back unchanged, so that both start from
// the same reference.
func Load(file string) (*List, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	l := new(List)
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		e, ok := newURL(sc.Text())
		if !ok {
			continue
		}
		l.Plain = append(l.Plain, e)
		// With a query and a fragment, for the removals.
		full := e.U
		if !full.HasQuery() {
			full, _ = full.WithQuery("utm_source=feed")
		}
		if !full.HasFragment() {
			full, _ = full.WithFragment("top")
		}
		if e, ok := newURL(full.String()); ok {
			l.QF = append(l.QF, e)
		}
	}
	return l, sc.Err()
}

func newURL(line string) (URL, bool) {
	u, ok := parseBoth(line)
	if !ok || !u.U.HasAuthority() {
		return URL{}, false
	}
	p := u.P
	u.newHost = newHostRaw
	if port := p.Port(); port != "" {
		u.newHost = newHostRaw + ":" + port
	}
	u.newPort = net.JoinHostPort(p.Hostname(), newPortRaw)
	return u, u.setScratch()
}

// parseBoth parses s with both libraries; ok is false unless both do and
// net/url writes it back unchanged.
func parseBoth(s string) (URL, bool) {
	u, err := uri.Parse(s)
	if err != nil {
		return URL{}, false
	}
	p, err := url.Parse(s)
	if err != nil || p.String() != s {
		return URL{}, false
	}
	return URL{U: u, P: p}, true
}

// setScratch works out e.from from e.U.
func (e *URL) setScratch() bool {
	u := e.U
	port, query, frag := u.Port(), newQueryRaw, newFragRaw
	if port == "" {
		port = newPortRaw
	}
	if u.HasQuery() {
		query = u.Query()
	}
	if u.HasFragment() {
		frag = u.Fragment()
	}
	t, ok := parseBoth(u.Scheme() + "://" + u.Host() + ":" + port + u.Path() + "?" + query + "#" + frag)
	if !ok {
		return false
	}
	v := t.U
	e.from = scratch{scheme: v.Scheme(), host: v.Host(), port: v.Port(), path: v.Path(),
		query: v.Query(), fragment: v.Fragment(), p: t.P,
		host1: strings.TrimSuffix(t.P.Host, ":"+t.P.Port())}
	return true
}

// Op is one edit or build done by both libraries. Both return the new
// text (uri's as a URI, whose String costs nothing).
type Op struct {
	// Name is key=value pairs, the start of the benchmark's name:
	// op=WithX for the edits, from=parsed|scratch/setters=N for the builds.
	Name   string
	QF     bool // on the URLs with a query and a fragment
	URI    func(e *URL) (uri.URI, error)
	NetURL func(e *URL) string
}

var neturlUser = url.UserPassword(newUser, newPass)

// Edits are the edits of one component of a parsed URL: uri's With* or
// Without* against net/url's copy of the *url.URL, the field(s) set,
// String(); and two chains of three (scheme, path and query).
var Edits = []Op{
	{Name: "op=WithScheme",
		URI:    func(e *URL) (uri.URI, error) { return e.U.WithScheme(newScheme) },
		NetURL: func(e *URL) string { v := *e.P; v.Scheme = newScheme; return v.String() }},
	{Name: "op=WithUserinfo",
		URI:    func(e *URL) (uri.URI, error) { return e.U.WithUserinfo(newUserRaw) },
		NetURL: func(e *URL) string { v := *e.P; v.User = neturlUser; return v.String() }},
	{Name: "op=WithDecodedUserinfo",
		URI:    func(e *URL) (uri.URI, error) { return e.U.WithDecodedUserinfo(newUser + ":" + newPass) },
		NetURL: func(e *URL) string { v := *e.P; v.User = neturlUser; return v.String() }},
	{Name: "op=WithHost",
		URI:    func(e *URL) (uri.URI, error) { return e.U.WithHost(newHostRaw) },
		NetURL: netURLHost},
	{Name: "op=WithDecodedHost",
		URI:    func(e *URL) (uri.URI, error) { return e.U.WithDecodedHost(newHostRaw) },
		NetURL: netURLHost},
	{Name: "op=WithPort",
		URI:    func(e *URL) (uri.URI, error) { return e.U.WithPort(newPortRaw) },
		NetURL: func(e *URL) string { v := *e.P; v.Host = e.newPort; return v.String() }},
	{Name: "op=WithPortNumber",
		URI:    func(e *URL) (uri.URI, error) { return e.U.WithPortNumber(newPortNum) },
		NetURL: func(e *URL) string { v := *e.P; v.Host = e.newPort; return v.String() }},
	{Name: "op=WithPath",
		URI:    func(e *URL) (uri.URI, error) { return e.U.WithPath(newPathRaw) },
		NetURL: func(e *URL) string { v := *e.P; v.Path, v.RawPath = newPathDecoded, ""; return v.String() }},
	{Name: "op=WithDecodedPath",
		URI:    func(e *URL) (uri.URI, error) { return e.U.WithDecodedPath(newPathDecoded) },
		NetURL: func(e *URL) string { v := *e.P; v.Path, v.RawPath = newPathDecoded, ""; return v.String() }},
	// net/url has no decoded query: RawQuery is set to the encoded text,
	// which spares it the encoding that uri does.
	{Name: "op=WithQuery",
		URI:    func(e *URL) (uri.URI, error) { return e.U.WithQuery(newQueryRaw) },
		NetURL: func(e *URL) string { v := *e.P; v.RawQuery = newQueryRaw; return v.String() }},
	{Name: "op=WithDecodedQuery",
		URI:    func(e *URL) (uri.URI, error) { return e.U.WithDecodedQuery(newQueryDecoded) },
		NetURL: func(e *URL) string { v := *e.P; v.RawQuery = newQueryRaw; return v.String() }},
	{Name: "op=WithFragment",
		URI:    func(e *URL) (uri.URI, error) { return e.U.WithFragment(newFragRaw) },
		NetURL: func(e *URL) string { v := *e.P; v.Fragment, v.RawFragment = newFragDecoded, ""; return v.String() }},
	{Name: "op=WithDecodedFragment",
		URI:    func(e *URL) (uri.URI, error) { return e.U.WithDecodedFragment(newFragDecoded) },
		NetURL: func(e *URL) string { v := *e.P; v.Fragment, v.RawFragment = newFragDecoded, ""; return v.String() }},
	{Name: "op=WithoutQuery", QF: true,
		URI:    func(e *URL) (uri.URI, error) { return e.U.WithoutQuery(), nil },
		NetURL: func(e *URL) string { v := *e.P; v.RawQuery, v.ForceQuery = "", false; return v.String() }},
	{Name: "op=WithoutFragment", QF: true,
		URI:    func(e *URL) (uri.URI, error) { return e.U.WithoutFragment(), nil },
		NetURL: func(e *URL) string { v := *e.P; v.Fragment, v.RawFragment = "", ""; return v.String() }},
	// Three edits: scheme, path and query (the same work as the build
	// from=parsed/setters=3, kept under its name of old).
	{Name: "op=Chain3-builder", URI: builder3, NetURL: netURL3},
	{Name: "op=Chain3-with",
		URI: func(e *URL) (uri.URI, error) {
			u, err := e.U.WithScheme(newScheme)
			if err != nil {
				return u, err
			}
			if u, err = u.WithPath(newPathRaw); err != nil {
				return u, err
			}
			return u.WithQuery(newQueryRaw)
		},
		NetURL: netURL3},
}

// Builds are uri's Builder with 1, 3 and 6 setters, with raw values, then
// Build, against net/url's url.URL with the same fields set, then String:
//
//   - from=parsed: u.Builder() on the parsed URL against net/url's copy
//     v := *p; the fixed values of the edits. 1 setter: the host (net/url
//     keeps the port in Host); 3: scheme, path, query; 6: scheme,
//     userinfo, host, port, path, query.
//   - from=scratch: new(uri.Builder) against url.URL{...}; the list URL's
//     values (see scratch). 1 setter: the host ("//host"); 3: scheme, host,
//     path; 6: scheme, host, port, path, query, fragment. net/url's Host
//     holds host and port, so it sets five fields for six setters.
var Builds = []Op{
	{Name: "from=parsed/setters=1",
		URI:    func(e *URL) (uri.URI, error) { return e.U.Builder().SetHost(newHostRaw).Build() },
		NetURL: netURLHost},
	{Name: "from=parsed/setters=3", URI: builder3, NetURL: netURL3},
	{Name: "from=parsed/setters=6",
		URI: func(e *URL) (uri.URI, error) {
			return e.U.Builder().SetScheme(newScheme).SetUserinfo(newUserRaw).SetHost(newHostRaw).
				SetPort(newPortRaw).SetPath(newPathRaw).SetQuery(newQueryRaw).Build()
		},
		NetURL: func(e *URL) string {
			v := *e.P
			v.Scheme = newScheme
			v.User = neturlUser
			v.Host = newHostRaw + ":" + newPortRaw
			v.Path, v.RawPath = newPathDecoded, ""
			v.RawQuery = newQueryRaw
			return v.String()
		}},
	{Name: "from=scratch/setters=1",
		URI: func(e *URL) (uri.URI, error) { return new(uri.Builder).SetHost(e.from.host).Build() },
		NetURL: func(e *URL) string {
			v := url.URL{Host: e.from.host1}
			return v.String()
		}},
	{Name: "from=scratch/setters=3",
		URI: func(e *URL) (uri.URI, error) {
			s := &e.from
			return new(uri.Builder).SetScheme(s.scheme).SetHost(s.host).SetPath(s.path).Build()
		},
		NetURL: func(e *URL) string {
			s := &e.from
			v := url.URL{Scheme: s.p.Scheme, Host: s.host1, Path: s.p.Path, RawPath: s.p.RawPath}
			return v.String()
		}},
	{Name: "from=scratch/setters=6",
		URI: func(e *URL) (uri.URI, error) {
			s := &e.from
			return new(uri.Builder).SetScheme(s.scheme).SetHost(s.host).SetPort(s.port).
				SetPath(s.path).SetQuery(s.query).SetFragment(s.fragment).Build()
		},
		NetURL: func(e *URL) string {
			p := e.from.p
			v := url.URL{Scheme: p.Scheme, Host: p.Host, Path: p.Path, RawPath: p.RawPath,
				RawQuery: p.RawQuery, ForceQuery: p.ForceQuery, Fragment: p.Fragment, RawFragment: p.RawFragment}
			return v.String()
		}},
}

func netURLHost(e *URL) string { v := *e.P; v.Host = e.newHost; return v.String() }

func builder3(e *URL) (uri.URI, error) {
	return e.U.Builder().SetScheme(newScheme).SetPath(newPathRaw).SetQuery(newQueryRaw).Build()
}

func netURL3(e *URL) string {
	v := *e.P
	v.Scheme = newScheme
	v.Path, v.RawPath = newPathDecoded, ""
	v.RawQuery = newQueryRaw
	return v.String()
}
