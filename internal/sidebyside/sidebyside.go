// Package sidebyside holds the readings that `uri compare` and the viewer
// show side by side: RFC 3986 (package uri), the URL Standard (package
// whatwg) and net/url, called for real, then the emulations of package
// readers (curl, Python, Node's legacy url.parse, Java, PHP), each made
// into one record, the scheme, userinfo, host, port, path, query and
// fragment, absent or present, or the error. It is the one implementation
// of that record for both, so that the page and the command cannot tell a
// string's readings apart.
package sidebyside

import (
	"net/url"
	"runtime"
	"strings"

	"github.com/ferret-go/uri"
	"github.com/ferret-go/uri/readers"
	"github.com/ferret-go/uri/whatwg"
)

// Components are the names of a Reading's components, in the order of
// Reading.Comps and of the generic syntax (RFC 3986, section 3).
var Components = [7]string{"scheme", "userinfo", "host", "port", "path", "query", "fragment"}

// A Reading is one reader's reading of a string: its components, nil where
// absent, or its error.
type Reading struct {
	Err   error
	Comps [7]*string // scheme, userinfo, host, port, path, query, fragment
}

// A Reader is one reader as compare and the viewer name it: Name is the
// --readers name and JSON key ("net_url"), Label the column's header
// ("net/url"), Parser the parser and version read with, and Read reads a
// string.
type Reader struct {
	Name, Label, Parser string
	Read                func(string) Reading
}

// All returns every reader, in the order compare and the viewer show
// them: RFC 3986, the URL Standard and net/url, then readers.All(). The
// slice is new on each call.
func All() []Reader {
	defs := []Reader{
		{"rfc3986", "rfc3986", "RFC 3986 (this module's uri.Parse)", RFC3986},
		{"whatwg", "whatwg", "the WHATWG URL Standard, as browsers read it (this module's whatwg.Parse)", WHATWG},
		{"net_url", "net/url", "Go's net/url.Parse (" + runtime.Version() + ", the Go this was built with)", NetURL},
	}
	for _, r := range readers.All() {
		read := r.Read
		defs = append(defs, Reader{r.Name, r.Name, r.Parser, func(in string) Reading { return fromReading(read(in)) }})
	}
	return defs
}

// fromReading is the reading of an emulation's record.
func fromReading(rd readers.Reading) Reading {
	if rd.Err != nil {
		return Reading{Err: rd.Err}
	}
	var r Reading
	vals := [7]string{rd.Scheme, rd.Userinfo, rd.Host, rd.Port, rd.Path, rd.Query, rd.Fragment}
	for c := range vals {
		r.Comps[c] = present(vals[c], rd.Has&(readers.Parts(1)<<c) != 0)
	}
	return r
}

func present(s string, ok bool) *string {
	if !ok {
		return nil
	}
	return &s
}

// RFC3986 is the reading of uri.Parse: a URI-reference (RFC 3986, section
// 4.1), its components as written.
func RFC3986(in string) (r Reading) {
	u, err := uri.Parse(in)
	if err != nil {
		return Reading{Err: err}
	}
	r.Comps = [7]*string{present(u.Scheme(), u.HasScheme()), present(u.Userinfo(), u.HasUserinfo()),
		present(u.Host(), u.HasAuthority()), present(u.Port(), u.HasPort()), present(u.Path(), true),
		present(u.Query(), u.HasQuery()), present(u.Fragment(), u.HasFragment())}
	return r
}

// WHATWG is the reading of whatwg.Parse (the URL Standard's basic URL
// parser, no base), taken as its attributes say: the scheme without ":",
// the userinfo as username[:password], the hostname, the query and
// fragment without "?" and "#".
func WHATWG(in string) (r Reading) {
	u, err := whatwg.Parse(in)
	if err != nil {
		return Reading{Err: err}
	}
	user := u.Username()
	if p := u.Password(); p != "" {
		user += ":" + p
	}
	q, hasQ := u.Query()
	f, hasF := u.Fragment()
	host := u.Hostname()
	r.Comps = [7]*string{present(strings.TrimSuffix(u.Protocol(), ":"), true), present(user, user != ""),
		present(host, !u.HasOpaquePath() && (host != "" || strings.HasPrefix(u.Href()[len(u.Protocol()):], "//"))),
		present(u.Port(), u.Port() != ""), present(u.Pathname(), true), present(q, hasQ), present(f, hasF)}
	return r
}

// NetURL is the reading of net/url.Parse: the userinfo where User is set,
// the host without its port (an IPv6 address in brackets), present where
// Host is not empty or the text holds "//", the escaped path or the opaque
// part, the query where RawQuery is not empty or ForceQuery is set, the
// fragment where it is not empty: net/url does not tell an empty query or
// fragment from none.
func NetURL(in string) (r Reading) {
	u, err := url.Parse(in)
	if err != nil {
		return Reading{Err: err}
	}
	host := u.Hostname()
	if strings.Contains(host, ":") {
		host = "[" + host + "]"
	}
	var user *string
	if u.User != nil {
		user = present(u.User.String(), true)
	}
	path := u.EscapedPath()
	if u.Opaque != "" {
		path = u.Opaque
	}
	r.Comps = [7]*string{present(u.Scheme, u.Scheme != ""), user,
		present(host, u.Host != "" || strings.Contains(in, "//")), present(u.Port(), u.Port() != ""),
		present(path, true), present(u.RawQuery, u.RawQuery != "" || u.ForceQuery),
		present(u.EscapedFragment(), u.Fragment != "" || u.RawFragment != "")}
	return r
}

// Same reports whether two components are alike: both absent, or both
// present with the same text.
func Same(a, b *string) bool { return a == nil && b == nil || a != nil && b != nil && *a == *b }

// Differ returns the names of the components on which the readings that
// succeeded disagree, and "ok" first when some failed and some did not.
func Differ(rs []Reading) []string {
	var d []string
	for k := range rs {
		if (rs[k].Err == nil) != (rs[0].Err == nil) {
			d = append(d, "ok")
			break
		}
	}
	for c := range Components {
		var first *Reading
		for k := range rs {
			if rs[k].Err != nil {
				continue
			}
			if first == nil {
				first = &rs[k]
			} else if !Same(first.Comps[c], rs[k].Comps[c]) {
				d = append(d, Components[c])
				break
			}
		}
	}
	return d
}
