package bench

import (
	"bufio"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/ferret-go/uri"
)

// Editing and escaping against net/url, in the same run (see README.md,
// "Editing and escaping"). Every sub-benchmark name is key=value pairs with
// lib=uri or lib=neturl last, so that benchstat -col /lib puts the two side
// by side.

// editSets are the lists the edits run over: the four real lists.
var editSets = []string{"node_files", "isaacs_files", "kasztp", "userbait"}

// editURL is one URL parsed by both libraries, outside the timed loops.
type editURL struct {
	u uri.URI
	p *url.URL
	// What net/url's Host must be set to for a host or a port edit: its
	// Host field holds both, so the other half is kept, worked out here so
	// that net/url's timed loop only assigns.
	newHost, newPort string
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

var (
	editData     = map[string][2][]editURL{} // as listed, and with a query and a fragment added
	editDataOnce sync.Once
	editDataErr  error
)

// loadEditData reads editSets and keeps the lines that both libraries
// parse and that net/url writes back unchanged, so that both start from
// the same reference.
func loadEditData(tb testing.TB) map[string][2][]editURL {
	tb.Helper()
	editDataOnce.Do(func() {
		for _, name := range editSets {
			f, err := os.Open(filepath.Join(dataDir(), name+".txt"))
			if err != nil {
				editDataErr = err
				return
			}
			var plain, qf []editURL
			sc := bufio.NewScanner(f)
			sc.Buffer(nil, 1<<20)
			for sc.Scan() {
				line := sc.Text()
				e, ok := newEditURL(line)
				if !ok {
					continue
				}
				plain = append(plain, e)
				// With a query and a fragment, for the removals.
				full := e.u
				if !full.HasQuery() {
					full, _ = full.WithQuery("utm_source=feed")
				}
				if !full.HasFragment() {
					full, _ = full.WithFragment("top")
				}
				if e, ok := newEditURL(full.String()); ok {
					qf = append(qf, e)
				}
			}
			f.Close()
			if err := sc.Err(); err != nil {
				editDataErr = err
				return
			}
			editData[name] = [2][]editURL{plain, qf}
		}
	})
	if editDataErr != nil {
		tb.Fatal(editDataErr)
	}
	return editData
}

func newEditURL(line string) (editURL, bool) {
	u, err := uri.Parse(line)
	if err != nil || !u.HasAuthority() {
		return editURL{}, false
	}
	p, err := url.Parse(line)
	if err != nil || p.String() != line {
		return editURL{}, false
	}
	e := editURL{u: u, p: p, newHost: newHostRaw}
	if port := p.Port(); port != "" {
		e.newHost = newHostRaw + ":" + port
	}
	e.newPort = net.JoinHostPort(p.Hostname(), newPortRaw)
	return e, true
}

// editOp is one edit done by both libraries.
type editOp struct {
	op     string
	qf     bool // on the URLs with a query and a fragment
	uri    func(u uri.URI) (uri.URI, error)
	neturl func(e *editURL) string
}

var neturlUser = url.UserPassword(newUser, newPass)

var editOps = []editOp{
	{op: "WithScheme",
		uri:    func(u uri.URI) (uri.URI, error) { return u.WithScheme(newScheme) },
		neturl: func(e *editURL) string { v := *e.p; v.Scheme = newScheme; return v.String() }},
	{op: "WithUserinfo",
		uri:    func(u uri.URI) (uri.URI, error) { return u.WithUserinfo(newUserRaw) },
		neturl: func(e *editURL) string { v := *e.p; v.User = neturlUser; return v.String() }},
	{op: "WithDecodedUserinfo",
		uri:    func(u uri.URI) (uri.URI, error) { return u.WithDecodedUserinfo(newUser + ":" + newPass) },
		neturl: func(e *editURL) string { v := *e.p; v.User = neturlUser; return v.String() }},
	{op: "WithHost",
		uri:    func(u uri.URI) (uri.URI, error) { return u.WithHost(newHostRaw) },
		neturl: func(e *editURL) string { v := *e.p; v.Host = e.newHost; return v.String() }},
	{op: "WithDecodedHost",
		uri:    func(u uri.URI) (uri.URI, error) { return u.WithDecodedHost(newHostRaw) },
		neturl: func(e *editURL) string { v := *e.p; v.Host = e.newHost; return v.String() }},
	{op: "WithPort",
		uri:    func(u uri.URI) (uri.URI, error) { return u.WithPort(newPortRaw) },
		neturl: func(e *editURL) string { v := *e.p; v.Host = e.newPort; return v.String() }},
	{op: "WithPortNumber",
		uri:    func(u uri.URI) (uri.URI, error) { return u.WithPortNumber(newPortNum) },
		neturl: func(e *editURL) string { v := *e.p; v.Host = e.newPort; return v.String() }},
	{op: "WithPath",
		uri:    func(u uri.URI) (uri.URI, error) { return u.WithPath(newPathRaw) },
		neturl: func(e *editURL) string { v := *e.p; v.Path, v.RawPath = newPathDecoded, ""; return v.String() }},
	{op: "WithDecodedPath",
		uri:    func(u uri.URI) (uri.URI, error) { return u.WithDecodedPath(newPathDecoded) },
		neturl: func(e *editURL) string { v := *e.p; v.Path, v.RawPath = newPathDecoded, ""; return v.String() }},
	// net/url has no decoded query: RawQuery is set to the encoded text,
	// which spares it the encoding that uri does.
	{op: "WithQuery",
		uri:    func(u uri.URI) (uri.URI, error) { return u.WithQuery(newQueryRaw) },
		neturl: func(e *editURL) string { v := *e.p; v.RawQuery = newQueryRaw; return v.String() }},
	{op: "WithDecodedQuery",
		uri:    func(u uri.URI) (uri.URI, error) { return u.WithDecodedQuery(newQueryDecoded) },
		neturl: func(e *editURL) string { v := *e.p; v.RawQuery = newQueryRaw; return v.String() }},
	{op: "WithFragment",
		uri:    func(u uri.URI) (uri.URI, error) { return u.WithFragment(newFragRaw) },
		neturl: func(e *editURL) string { v := *e.p; v.Fragment, v.RawFragment = newFragDecoded, ""; return v.String() }},
	{op: "WithDecodedFragment",
		uri:    func(u uri.URI) (uri.URI, error) { return u.WithDecodedFragment(newFragDecoded) },
		neturl: func(e *editURL) string { v := *e.p; v.Fragment, v.RawFragment = newFragDecoded, ""; return v.String() }},
	{op: "WithoutQuery", qf: true,
		uri:    func(u uri.URI) (uri.URI, error) { return u.WithoutQuery(), nil },
		neturl: func(e *editURL) string { v := *e.p; v.RawQuery, v.ForceQuery = "", false; return v.String() }},
	{op: "WithoutFragment", qf: true,
		uri:    func(u uri.URI) (uri.URI, error) { return u.WithoutFragment(), nil },
		neturl: func(e *editURL) string { v := *e.p; v.Fragment, v.RawFragment = "", ""; return v.String() }},
	// Three edits: scheme, path and query.
	{op: "Chain3-builder",
		uri: func(u uri.URI) (uri.URI, error) {
			return u.Builder().SetScheme(newScheme).SetPath(newPathRaw).SetQuery(newQueryRaw).Build()
		},
		neturl: chain3NetURL},
	{op: "Chain3-with",
		uri: func(u uri.URI) (uri.URI, error) {
			u, err := u.WithScheme(newScheme)
			if err != nil {
				return u, err
			}
			if u, err = u.WithPath(newPathRaw); err != nil {
				return u, err
			}
			return u.WithQuery(newQueryRaw)
		},
		neturl: chain3NetURL},
}

func chain3NetURL(e *editURL) string {
	v := *e.p
	v.Scheme = newScheme
	v.Path, v.RawPath = newPathDecoded, ""
	v.RawQuery = newQueryRaw
	return v.String()
}

// BenchmarkEdit makes one edit (or three, op=Chain3-*) per operation on a
// URL parsed beforehand, cycling through each list: uri's With* (or
// Builder) against net/url's copy of the *url.URL, fields set, String().
// Both return the new text.
func BenchmarkEdit(b *testing.B) {
	data := loadEditData(b)
	for _, op := range editOps {
		for _, name := range editSets {
			us := data[name][0]
			if op.qf {
				us = data[name][1]
			}
			b.Run("op="+op.op+"/data="+name+"/lib=uri", func(b *testing.B) {
				measure(b, func(i int) {
					v, err := op.uri(us[i%len(us)].u)
					if err != nil {
						b.Fatal(err)
					}
					sink = v.String()
				})
			})
			b.Run("op="+op.op+"/data="+name+"/lib=neturl", func(b *testing.B) {
				measure(b, func(i int) { sink = op.neturl(&us[i%len(us)]) })
			})
		}
	}
}

// BenchmarkBuild writes a URL from scratch: a Builder with decoded or raw
// setters against url.URL{...}.String().
func BenchmarkBuild(b *testing.B) {
	libs := []struct {
		op, lib string
		fn      func() string
	}{
		{"Build-decoded", "uri", buildDecoded},
		{"Build-decoded", "neturl", buildNetURL},
		{"Build-raw", "uri", buildRaw},
		{"Build-raw", "neturl", buildNetURL},
	}
	for _, l := range libs {
		b.Run("op="+l.op+"/lib="+l.lib, func(b *testing.B) {
			measure(b, func(int) { sink = l.fn() })
		})
	}
}

func buildDecoded() string {
	u, err := new(uri.Builder).SetScheme("https").SetDecodedHost("example.com").SetPortNumber(8080).
		SetDecodedPath("/a b/c").SetDecodedFragment("sec 2").Build()
	if err != nil {
		panic(err)
	}
	return u.String()
}

func buildRaw() string {
	u, err := new(uri.Builder).SetScheme("https").SetHost("example.com").SetPort("8080").
		SetPath("/a%20b/c").SetFragment("sec%202").Build()
	if err != nil {
		panic(err)
	}
	return u.String()
}

func buildNetURL() string {
	u := url.URL{Scheme: "https", Host: "example.com:8080", Path: "/a b/c", Fragment: "sec 2"}
	return u.String()
}

// Escape inputs, cut to each length: nothing to encode, some (a space in
// about every six bytes) and everything (UTF-8 text, every byte non-ASCII).
var (
	escapeKinds = []struct{ name, pattern string }{
		{"none", "abcdefghijklmnopqrstuvwxyz-0123456789_ABCDEFGHIJKLMNOPQRSTUVWXYZ.~"},
		{"some", " the quick brown fox jumps over the lazy dog,"},
		{"all", "日本語のテキストを符号化する"},
	}
	escapeLens = []int{1, 4, 16, 64, 256, 1 << 10, 64 << 10, 1 << 20}
)

func repeatTo(pattern string, n int) string {
	return strings.Repeat(pattern, n/len(pattern)+1)[:n]
}

// escapeOps pair each uri call with its net/url counterpart. For the
// unescapes, prep encodes the input first (outside the timed loop) with
// net/url, so that len= is the decoded length.
var escapeOps = []struct {
	op     string
	prep   func(string) string
	uri    func(string) (string, error)
	neturl func(string) (string, error)
}{
	{"PathEscape", nil,
		func(s string) (string, error) { return uri.Escape(s, uri.EscapePath), nil },
		func(s string) (string, error) { return url.PathEscape(s), nil }},
	{"QueryEscape-form", nil,
		func(s string) (string, error) { return uri.Escape(s, uri.EscapeForm), nil },
		func(s string) (string, error) { return url.QueryEscape(s), nil }},
	{"QueryEscape-part", nil,
		func(s string) (string, error) { return uri.Escape(s, uri.EscapeQueryPart), nil },
		func(s string) (string, error) { return url.QueryEscape(s), nil }},
	{"QueryUnescape", url.QueryEscape,
		func(s string) (string, error) { return uri.Unescape(s, uri.EscapeForm) },
		url.QueryUnescape},
	{"PathUnescape", url.PathEscape,
		func(s string) (string, error) { return uri.Unescape(s, uri.EscapePath) },
		url.PathUnescape},
}

// BenchmarkEscape escapes or unescapes one input per operation.
func BenchmarkEscape(b *testing.B) {
	for _, op := range escapeOps {
		for _, k := range escapeKinds {
			for _, n := range escapeLens {
				s := repeatTo(k.pattern, n)
				if op.prep != nil {
					s = op.prep(s)
				}
				for _, lib := range []struct {
					name string
					fn   func(string) (string, error)
				}{{"uri", op.uri}, {"neturl", op.neturl}} {
					b.Run("op="+op.op+"/in="+k.name+"/len="+strconv.Itoa(n)+"/lib="+lib.name, func(b *testing.B) {
						b.SetBytes(int64(n))
						measure(b, func(int) {
							var err error
							if sink, err = lib.fn(s); err != nil {
								b.Fatal(err)
							}
						})
					})
				}
			}
		}
	}
}

// TestEditsAgree checks that both sides of every benchmark do the same
// work: net/url reads uri's result as the same URL as its own, and the
// escapes decode back to their input.
func TestEditsAgree(t *testing.T) {
	data := loadEditData(t)
	for _, name := range editSets {
		for _, op := range editOps {
			us := data[name][0]
			if op.qf {
				us = data[name][1]
			}
			if len(us) == 0 {
				t.Fatalf("%s: no URLs", name)
			}
			for i := range us {
				v, err := op.uri(us[i].u)
				if err != nil {
					t.Fatalf("%s %s %q: %v", name, op.op, us[i].u, err)
				}
				want := op.neturl(&us[i])
				if !sameURL(t, v.String(), want) {
					t.Fatalf("%s %s %q: uri gives %q, net/url %q", name, op.op, us[i].u, v, want)
				}
			}
		}
		t.Logf("%s: %d URLs, %d with a query and a fragment", name, len(data[name][0]), len(data[name][1]))
	}
	if a, b := buildDecoded(), buildRaw(); a != b || !sameURL(t, a, buildNetURL()) {
		t.Errorf("Build: %q, %q, net/url %q", a, b, buildNetURL())
	}
	for _, op := range escapeOps {
		for _, k := range escapeKinds {
			for _, n := range escapeLens[:4] {
				in := repeatTo(k.pattern, n)
				s := in
				if op.prep != nil {
					s = op.prep(s)
				}
				got, err := op.uri(s)
				if err != nil {
					t.Fatal(err)
				}
				want, _ := op.neturl(s)
				if op.prep != nil {
					if got != want || got != in {
						t.Errorf("%s %s %d: uri %q, net/url %q", op.op, k.name, n, got, want)
					}
					continue
				}
				back, err := url.QueryUnescape(strings.ReplaceAll(got, "+", "%20"))
				if strings.Contains(op.op, "form") {
					back, err = url.QueryUnescape(got)
				}
				if err != nil || back != in {
					t.Errorf("%s %s %d: uri %q decodes to %q, %v", op.op, k.name, n, got, back, err)
				}
			}
		}
	}
}

// sameURL reports whether net/url reads a and b as the same URL, decoded.
func sameURL(t *testing.T, a, b string) bool {
	pa, err := url.Parse(a)
	if err != nil {
		t.Errorf("net/url cannot parse %q: %v", a, err)
		return false
	}
	pb, err := url.Parse(b)
	if err != nil {
		t.Errorf("net/url cannot parse %q: %v", b, err)
		return false
	}
	qa, _ := url.PathUnescape(pa.RawQuery)
	qb, _ := url.PathUnescape(pb.RawQuery)
	return pa.Scheme == pb.Scheme && pa.User.String() == pb.User.String() && pa.Host == pb.Host &&
		pa.Path == pb.Path && qa == qb && pa.ForceQuery == pb.ForceQuery && pa.Fragment == pb.Fragment
}

// BenchmarkEditFloor is the cost below which no edit of a URL's text can go
// on these loops: a new string holding the old text and two more bytes (one
// allocation and one copy, as every edit of either library needs), on the
// same pre-parsed URLs. An edit at twice net/url's speed would have to cost
// half of net/url's edit, which for the cheap edits is below this floor.
func BenchmarkEditFloor(b *testing.B) {
	data := loadEditData(b)
	for _, name := range editSets {
		us := data[name][0]
		b.Run("op=concat/data="+name, func(b *testing.B) {
			measure(b, func(i int) { sink = us[i%len(us)].u.String() + "#x" })
		})
		// strings.Clone is one allocation of the text's exact length and
		// one copy, without concatenation's bookkeeping: the true floor.
		b.Run("op=clone/data="+name, func(b *testing.B) {
			measure(b, func(i int) { sink = strings.Clone(us[i%len(us)].u.String()) })
		})
	}
}
