package uri_test

// Benchmarks of URI.Relative against what a user of net/url would write
// without it (naiveRelative), on base/target pairs built from the URL lists
// (see bench_test.go for the data and conventions: one op is one
// relativization, both sides parsed outside the timed loop).

import (
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ferret-go/uri"
)

// relTargets turn a base URL (scheme, authority, absolute path) into the
// target shapes that links between pages take, each under its name.
var relTargets = []struct {
	shape string
	make  func(u uri.URI) string
}{
	{"query", func(u uri.URI) string { return page(u) + "?page=2" }},
	{"fragment", func(u uri.URI) string { return page(u) + queryText(u) + "#section-2" }},
	{"sibling", func(u uri.URI) string { return dir(u) + "other.html" }},
	{"deeper", func(u uri.URI) string { return dir(u) + "sub/dir/page.html" }},
	{"otherhost", func(u uri.URI) string { return u.Scheme() + "://other.example" + u.Path() }},
}

// page is u's text without its query and fragment; dir is page up to the
// last "/" of the path.
func page(u uri.URI) string {
	s := u.String()
	if u.HasFragment() {
		s = s[:len(s)-len(u.Fragment())-1]
	}
	if u.HasQuery() {
		s = s[:len(s)-len(u.Query())-1]
	}
	return s
}

func queryText(u uri.URI) string {
	if u.HasQuery() {
		return "?" + u.Query()
	}
	return ""
}

func dir(u uri.URI) string { p := page(u); return p[:strings.LastIndexByte(p, '/')+1] }

type relPair struct {
	base, target   uri.URI
	nbase, ntarget *url.URL
}

// relPairs makes the pairs of one target shape from the lines of list that
// have an authority and an absolute path, and that both libraries parse.
func relPairs(list []string, shape func(uri.URI) string) []relPair {
	var pairs []relPair
	for _, s := range list {
		base, err := uri.Parse(s)
		if err != nil || !base.HasAuthority() || !base.IsAbsolutePath() {
			continue
		}
		ts := shape(base)
		target, err := uri.Parse(ts)
		nbase, err2 := url.Parse(s)
		ntarget, err3 := url.Parse(ts)
		if err != nil || err2 != nil || err3 != nil {
			continue
		}
		pairs = append(pairs, relPair{base, target, nbase, ntarget})
	}
	return pairs
}

// naiveRelative is the version a net/url user writes: the same scheme and
// host, then the path relative to the base's directory by filepath.Rel
// (slash paths), or only the query or fragment when the path is the same.
func naiveRelative(base, t *url.URL) string {
	if t.Scheme != base.Scheme || t.Host != base.Host || t.User.String() != base.User.String() {
		return t.String()
	}
	r := url.URL{RawQuery: t.RawQuery, ForceQuery: t.ForceQuery, Fragment: t.Fragment}
	if t.Path != base.Path || t.RawQuery == "" && base.RawQuery != "" {
		rel, err := filepath.Rel(base.Path[:strings.LastIndexByte(base.Path, '/')+1], t.Path)
		if err != nil {
			return t.String()
		}
		if strings.HasSuffix(t.Path, "/") && rel != "." {
			rel += "/"
		}
		r.Path = rel
	} else if t.RawQuery == base.RawQuery {
		r.RawQuery, r.ForceQuery = "", false
	}
	return r.String()
}

// BenchmarkRelative compares URI.Relative with naiveRelative.
func BenchmarkRelative(b *testing.B) {
	for _, l := range loadBenchData(b) {
		if l.name == "wpt" {
			continue // edge cases, not pages
		}
		for _, shape := range relTargets {
			pairs := relPairs(l.valid, shape.make)
			name := "data=" + l.name + "/target=" + shape.shape
			b.Run(name+"/lib=neturl", func(b *testing.B) {
				benchResolve(b, len(pairs), func(n int) int {
					return cycle(n, len(pairs), func(j int) int {
						return len(naiveRelative(pairs[j].nbase, pairs[j].ntarget))
					})
				})
			})
			b.Run(name+"/lib=uri", func(b *testing.B) {
				benchResolve(b, len(pairs), func(n int) int {
					return cycle(n, len(pairs), func(j int) int {
						r, _ := pairs[j].base.Relative(pairs[j].target)
						return len(r.String())
					})
				})
			})
		}
	}
}

// TestRelativePairsAgree checks, on a few hand-made bases, that the
// benchmark compares like with like: both answers resolve against the base
// to the target.
func TestRelativePairsAgree(t *testing.T) {
	list := []string{"http://a/b/c/d;p?q", "https://x.example/p/q.html?z=1#f", "http://h:8/dir/file", "file:///u/v/w.js"}
	for _, shape := range relTargets {
		pairs := relPairs(list, shape.make)
		if len(pairs) != len(list) {
			t.Fatalf("%s: %d pairs, want %d", shape.shape, len(pairs), len(list))
		}
		for _, p := range pairs {
			want := p.target.String()
			r, err := p.base.Relative(p.target)
			if got, _ := p.base.Resolve(r); err != nil || got.String() != want {
				t.Errorf("%s: uri: %q from %q resolves to %q, want %q", shape.shape, r, p.base, got, want)
			}
			n, err := url.Parse(naiveRelative(p.nbase, p.ntarget))
			if got := p.nbase.ResolveReference(n).String(); err != nil || got != want {
				t.Errorf("%s: net/url: %q from %q resolves to %q, want %q", shape.shape, n, p.base, got, want)
			}
		}
	}
}
