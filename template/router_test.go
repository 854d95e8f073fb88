package template

import (
	"errors"
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"time"
)

func TestRouter(t *testing.T) {
	var r Router[string]
	for _, s := range []string{
		"/users/{id}",
		"/users/me",
		"/users/{id}/repos{?page}",
		"/users{/id}",     // a shorter prefix, fewer literals than /users/{id}
		"{+any}",          // matches everything, least specific
		"/files/{+path}",  // a reserved expansion with a prefix
		"/a/{x}/c.d",      // seven literal characters, prefix "/a/"
		"/a/b/{y}",        // five, prefix "/a/b/"
		"/t/{x}/c",        // five, prefix "/t/"
		"/t/b/{y}",        // five, prefix "/t/b/": longer
		"/s{?q}",          // a query set
		"/users/{id}/x",   //
		"/users/{name}/x", // the same rank as the one before: added later
	} {
		if err := r.Add(MustParse(s), s); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct{ in, want, vars string }{
		{"/users/me", "/users/me", ""},
		{"/users/42", "/users/{id}", `id="42" `},
		{"/users/42/repos?page=2", "/users/{id}/repos{?page}", `id="42" page="2" `},
		{"/users", "/users{/id}", ""},
		{"/users/42/x", "/users/{id}/x", `id="42" `},
		{"/files/a/b.txt", "/files/{+path}", `path="a/b.txt" `},
		{"/a/b/c.d", "/a/{x}/c.d", `x="b" `}, // more literal characters
		{"/a/b/d", "/a/b/{y}", `y="d" `},
		{"/t/b/c", "/t/b/{y}", `y="c" `}, // a longer prefix
		{"/s?q=1&extra=2", "/s{?q}", `q="1" `},
		{"/other/thing", "{+any}", `any="/other/thing" `},
	}
	for _, tt := range tests {
		route, ok := r.Match(tt.in)
		if !ok || route.Value != tt.want || route.Template.String() != tt.want || formatVars(route.Vars) != tt.vars {
			t.Errorf("Match(%q) = %q %s %v; want %q %s", tt.in, route.Value, formatVars(route.Vars), ok, tt.want, tt.vars)
		}
	}
	if route, _ := r.Match("/s?q=1&extra=2"); len(route.Extra) != 1 || route.Extra[0] != (Pair{"extra", "2"}) {
		t.Errorf("Extra = %v", route.Extra)
	}
	if r.Len() != 13 {
		t.Errorf("Len = %d", r.Len())
	}

	var empty Router[int]
	if _, ok := empty.Match("/x"); ok {
		t.Error("the empty router matches")
	}
	if err := empty.Add(MustParse("{x}{y}"), 1); !errors.Is(err, ErrAmbiguous) || empty.Len() != 0 {
		t.Errorf("Add of an ambiguous template: %v", err)
	}
	if err := empty.Add(nil, 1); err == nil {
		t.Error("Add(nil) succeeds")
	}
}

// With distinct literal prefixes, a lookup tries only the templates whose
// prefix the URI begins with: its time does not grow with their number.
func TestRouterScales(t *testing.T) {
	build := func(n int) *Router[int] {
		r := new(Router[int])
		for i := range n {
			if err := r.Add(MustParse(fmt.Sprintf("/api/v1/resource%d/{id}{?fields}", i)), i); err != nil {
				t.Fatal(err)
			}
		}
		return r
	}
	timeOf := func(r *Router[int], n int) time.Duration {
		in := fmt.Sprintf("/api/v1/resource%d/42?fields=a", n/2)
		if route, ok := r.Match(in); !ok || route.Value != n/2 {
			t.Fatalf("Match(%q) = %v, %v", in, route.Value, ok)
		}
		best := time.Duration(1 << 62)
		for range 5 {
			start := time.Now()
			for range 2000 {
				r.Match(in)
			}
			best = min(best, time.Since(start))
		}
		return best
	}
	small, large := build(10), build(10000)
	// The garbage collector's work for what a lookup allocates grows with
	// the live heap, which 10,000 templates make larger: that is true of
	// any allocation in a Go program, not of the lookup, so it is left out.
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	runtime.GC()
	ts, tl := timeOf(small, 10), timeOf(large, 10000)
	// A loop over the templates would take about 1000 times as long; the
	// bound leaves room for a noisy machine.
	if tl > 20*ts {
		t.Errorf("10 templates: %v per 2000 lookups, 10000: %v", ts, tl)
	}
}

// The router gives what trying every template would give: the most
// specific that matches (more literal characters, then a longer literal
// prefix, then the earlier one), or none.
func FuzzRouter(f *testing.F) {
	f.Add("/users/{id}\n/users/me\n/users{/id}\n{+any}\n/a/{x}/c\n/a/b/{y}", "/users/me")
	f.Add("/s{?q}\n/s?{x}\n/{a}/{b}\n/x/{b}", "/s?q=1")
	f.Fuzz(func(t *testing.T, list, in string) {
		var r Router[int]
		var tmpls []*Template
		for i, s := range strings.Split(list, "\n") {
			tmpl, err := Parse(s)
			if err != nil || r.Add(tmpl, i) != nil {
				continue
			}
			tmpls = append(tmpls, tmpl)
		}
		// Every template, in order; keep the first of the best.
		var best *Template
		for _, tmpl := range tmpls {
			if _, ok := tmpl.Match(in); !ok {
				continue
			}
			if best == nil || literalLen(tmpl) > literalLen(best) ||
				literalLen(tmpl) == literalLen(best) && len(literalPrefix(tmpl)) > len(literalPrefix(best)) {
				best = tmpl
			}
		}
		route, ok := r.Match(in)
		if ok != (best != nil) || ok && route.Template != best {
			t.Fatalf("Match(%q) = %v, %v; trying each gives %v", in, route.Template, ok, best)
		}
		if ok {
			want, _ := best.Match(in)
			if !equalVars(route.Vars, want) {
				t.Fatalf("vars %s, want %s", formatVars(route.Vars), formatVars(want))
			}
		}
	})
}

// literalLen and literalPrefix read the template's text again, as the
// ranking defines them: the literal characters after expansion, and those
// before the first expression.
func literalLen(t *Template) int {
	n := 0
	for _, p := range t.parts {
		if p.op == nil {
			n += len(p.lit)
		}
	}
	return n
}

func literalPrefix(t *Template) string {
	if len(t.parts) > 0 && t.parts[0].op == nil {
		return t.parts[0].lit
	}
	return ""
}
