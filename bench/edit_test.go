package bench

import (
	"net/url"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/ferret-go/uri"
	"github.com/ferret-go/uri/bench/internal/editops"
)

// Editing and escaping against net/url, in the same run (see README.md,
// "Editing and escaping"). Every sub-benchmark name is key=value pairs with
// lib=uri or lib=neturl last, so that benchstat -col /lib puts the two side
// by side.

// editSets are the lists the edits run over: the four real lists.
var editSets = []string{"node_files", "isaacs_files", "kasztp", "userbait"}

var (
	editData     = map[string]*editops.List{}
	editDataOnce sync.Once
	editDataErr  error
)

// loadEditData reads editSets (see editops.Load: the lines both libraries
// parse and that net/url writes back unchanged).
func loadEditData(tb testing.TB) map[string]*editops.List {
	tb.Helper()
	editDataOnce.Do(func() {
		for _, name := range editSets {
			l, err := editops.Load(filepath.Join(dataDir(), name+".txt"))
			if err != nil {
				editDataErr = err
				return
			}
			editData[name] = l
		}
	})
	if editDataErr != nil {
		tb.Fatal(editDataErr)
	}
	return editData
}

// BenchmarkEdit makes one edit (or three, op=Chain3-*) per operation on a
// URL parsed beforehand, cycling through each list: uri's With* (or
// Builder) against net/url's copy of the *url.URL, fields set, String().
// Both return the new text. The ops are editops.Edits.
func BenchmarkEdit(b *testing.B) { benchOps(b, editops.Edits) }

// BenchmarkBuilder builds with 1, 3 and 6 setters, from a URL parsed
// beforehand (from=parsed: u.Builder()...Build() against v := *p, fields
// set, v.String()) or from scratch with the values of the list's URL
// (from=scratch: new(uri.Builder)...Build() against url.URL{...}.String()),
// cycling through each list. The ops, and which setters, are
// editops.Builds.
func BenchmarkBuilder(b *testing.B) { benchOps(b, editops.Builds) }

// benchOps runs each of ops on each list, uri then net/url.
func benchOps(b *testing.B, ops []editops.Op) {
	data := loadEditData(b)
	for _, op := range ops {
		for _, name := range editSets {
			us := data[name].For(&op)
			b.Run(op.Name+"/data="+name+"/lib=uri", func(b *testing.B) {
				measure(b, func(i int) {
					v, err := op.URI(&us[i%len(us)])
					if err != nil {
						b.Fatal(err)
					}
					sink = v.String()
				})
			})
			b.Run(op.Name+"/data="+name+"/lib=neturl", func(b *testing.B) {
				measure(b, func(i int) { sink = op.NetURL(&us[i%len(us)]) })
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
		for _, op := range slices.Concat(editops.Edits, editops.Builds) {
			us := data[name].For(&op)
			if len(us) == 0 {
				t.Fatalf("%s: no URLs", name)
			}
			for i := range us {
				v, err := op.URI(&us[i])
				if err != nil {
					t.Fatalf("%s %s %q: %v", name, op.Name, us[i].U, err)
				}
				want := op.NetURL(&us[i])
				if !sameURL(t, v.String(), want) {
					t.Fatalf("%s %s %q: uri gives %q, net/url %q", name, op.Name, us[i].U, v, want)
				}
			}
		}
		t.Logf("%s: %d URLs, %d with a query and a fragment", name, len(data[name].Plain), len(data[name].QF))
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
		us := data[name].Plain
		b.Run("op=concat/data="+name, func(b *testing.B) {
			measure(b, func(i int) { sink = us[i%len(us)].U.String() + "#x" })
		})
		// strings.Clone is one allocation of the text's exact length and
		// one copy, without concatenation's bookkeeping: the true floor.
		b.Run("op=clone/data="+name, func(b *testing.B) {
			measure(b, func(i int) { sink = strings.Clone(us[i%len(us)].U.String()) })
		})
	}
}
