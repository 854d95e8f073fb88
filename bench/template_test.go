package bench

import (
	"fmt"
	"testing"

	"github.com/ferret-go/uri/template"
	stduritemplate "github.com/std-uritemplate/std-uritemplate/go/v2"
	"github.com/yosida95/uritemplate/v3"
)

// URI Templates (RFC 6570): expansion against github.com/yosida95/uritemplate/v3
// and std-uritemplate's Go module, matching against yosida95's (the only one
// of the two that matches), and the Router over many templates.

// templateCase is one expansion: a template and its variables, as each
// library takes them.
type templateCase struct {
	name, tmpl string
	vars       template.Vars
	yosida     uritemplate.Values
	std        stduritemplate.Substitutions
}

var templateCases = []templateCase{
	{
		name:   "path",
		tmpl:   "https://api.example.com/users/{user}/repos/{repo}",
		vars:   template.Vars{"user": template.String("ferret-go"), "repo": template.String("uri")},
		yosida: uritemplate.Values{"user": uritemplate.String("ferret-go"), "repo": uritemplate.String("uri")},
		std:    stduritemplate.Substitutions{"user": "ferret-go", "repo": "uri"},
	},
	{
		name: "query",
		tmpl: "/search{?q,lang,page}",
		vars: template.Vars{"q": template.String("uri templates!"), "lang": template.String("go"), "page": template.String("2")},
		yosida: uritemplate.Values{"q": uritemplate.String("uri templates!"), "lang": uritemplate.String("go"),
			"page": uritemplate.String("2")},
		std: stduritemplate.Substitutions{"q": "uri templates!", "lang": "go", "page": "2"},
	},
	{
		name: "level4",
		tmpl: "{+base}{/path*}{?list*}{&keys*}#{frag:4}",
		vars: template.Vars{"base": template.String("http://example.com/~x"), "path": template.List("a", "b c", "d"),
			"list": template.List("red", "green"), "keys": template.Pairs(template.Pair{Name: "semi", Value: ";"}),
			"frag": template.String("section")},
		yosida: uritemplate.Values{"base": uritemplate.String("http://example.com/~x"), "path": uritemplate.List("a", "b c", "d"),
			"list": uritemplate.List("red", "green"), "keys": uritemplate.KV("semi", ";"), "frag": uritemplate.String("section")},
		std: stduritemplate.Substitutions{"base": "http://example.com/~x", "path": []string{"a", "b c", "d"},
			"list": []string{"red", "green"}, "keys": map[string]string{"semi": ";"}, "frag": "section"},
	},
}

// The three give the same expansion of every case, so that they are
// measured doing the same work.
func TestTemplateAgree(t *testing.T) {
	for _, c := range templateCases {
		want, err := template.MustParse(c.tmpl).Expand(c.vars)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := template.ExpandString(c.tmpl, c.vars); got != want || err != nil {
			t.Errorf("%s: ExpandString %q %v, Expand %q", c.name, got, err, want)
		}
		if got, err := uritemplate.MustNew(c.tmpl).Expand(c.yosida); got != want || err != nil {
			t.Errorf("%s: yosida95 %q %v, uri %q", c.name, got, err, want)
		}
		if got, err := stduritemplate.Expand(c.tmpl, c.std); got != want || err != nil {
			t.Errorf("%s: std-uritemplate %q %v, uri %q", c.name, got, err, want)
		}
	}
	// Where they differ: RFC 6570, section 1.6 encodes a character as
	// the pct-encoded octets of its UTF-8 form; yosida95 v3.0.2 writes one
	// triplet of the code point for "é" (U+00E9).
	vars := template.Vars{"x": template.String("é")}
	if got, _ := template.MustParse("{x}").Expand(vars); got != "%C3%A9" {
		t.Errorf("uri: %q", got)
	}
	if got, _ := uritemplate.MustNew("{x}").Expand(uritemplate.Values{"x": uritemplate.String("é")}); got != "%C3%A9" {
		t.Logf("yosida95 expands {x} with x=é to %q, not %q", got, "%C3%A9")
	}
	for _, c := range matchCases {
		got, ok := template.MustParse(c.tmpl).Match(c.in)
		yv := uritemplate.MustNew(c.tmpl).Match(c.in)
		if !ok || yv == nil {
			t.Errorf("%s: uri %v, yosida95 %v", c.name, ok, yv)
			continue
		}
		for name, v := range got {
			if yv.Get(name).String() != v.Text() {
				t.Errorf("%s: %s is %q for uri, %q for yosida95", c.name, name, v.Text(), yv.Get(name).String())
			}
		}
	}
}

// BenchmarkTemplateExpand expands a parsed template: uri's Expand (a string)
// and AppendExpand (into a reused buffer), yosida95's Expand. std-uritemplate
// has no parsed form: its Expand parses the text each time, so it is
// measured beside uri's Parse then Expand (lib=uri-parse) and beside
// template.ExpandString, which expands while it reads the text (lib=uri-once).
func BenchmarkTemplateExpand(b *testing.B) {
	for _, c := range templateCases {
		t := template.MustParse(c.tmpl)
		y := uritemplate.MustNew(c.tmpl)
		b.Run("case="+c.name+"/lib=uri", func(b *testing.B) {
			benchCPU(b, func() {
				t.Expand(c.vars)
			})
		})
		b.Run("case="+c.name+"/lib=uri-append", func(b *testing.B) {
			buf := make([]byte, 0, 256)
			benchCPU(b, func() {
				buf, _ = t.AppendExpand(buf[:0], c.vars)
			})
		})
		b.Run("case="+c.name+"/lib=yosida95", func(b *testing.B) {
			benchCPU(b, func() {
				y.Expand(c.yosida)
			})
		})
		b.Run("case="+c.name+"/lib=uri-parse", func(b *testing.B) {
			benchCPU(b, func() {
				t, _ := template.Parse(c.tmpl)
				t.Expand(c.vars)
			})
		})
		b.Run("case="+c.name+"/lib=uri-once", func(b *testing.B) {
			benchCPU(b, func() {
				template.ExpandString(c.tmpl, c.vars)
			})
		})
		b.Run("case="+c.name+"/lib=std", func(b *testing.B) {
			benchCPU(b, func() {
				stduritemplate.Expand(c.tmpl, c.std)
			})
		})
	}
}

var matchCases = []struct{ name, tmpl, in string }{
	{"path", "https://api.example.com/users/{user}/repos/{repo}", "https://api.example.com/users/ferret-go/repos/uri"},
	{"query", "/search{?q,lang,page}", "/search?q=uri%20templates&lang=go&page=2"},
	{"reserved", "/files/{+path}/raw", "/files/a/b/c.txt/raw"},
}

// BenchmarkTemplateMatch matches a URI against a parsed template: uri's
// Match and yosida95's (std-uritemplate does not match).
func BenchmarkTemplateMatch(b *testing.B) {
	for _, c := range matchCases {
		t := template.MustParse(c.tmpl)
		y := uritemplate.MustNew(c.tmpl)
		b.Run("case="+c.name+"/lib=uri", func(b *testing.B) {
			benchCPU(b, func() {
				t.Match(c.in)
			})
		})
		b.Run("case="+c.name+"/lib=yosida95", func(b *testing.B) {
			benchCPU(b, func() {
				y.Match(c.in)
			})
		})
	}
}

// routeTemplate is the i-th of the router's templates: distinct literal
// prefixes, as a REST API's resources have.
func routeTemplate(i int) string { return fmt.Sprintf("/api/v1/resource%d/{id}{?fields}", i) }

// BenchmarkTemplateRouter finds the template of a URI among n: uri's
// Router, and, for scale, a loop over yosida95 templates that returns the
// first match (what a program without a router does).
func BenchmarkTemplateRouter(b *testing.B) {
	for _, n := range []int{10, 100, 1000} {
		var r template.Router[int]
		ys := make([]*uritemplate.Template, n)
		for i := range n {
			if err := r.Add(template.MustParse(routeTemplate(i)), i); err != nil {
				b.Fatal(err)
			}
			ys[i] = uritemplate.MustNew(routeTemplate(i))
		}
		in := fmt.Sprintf("/api/v1/resource%d/42?fields=name", n/2)
		b.Run(fmt.Sprintf("n=%d/lib=uri", n), func(b *testing.B) {
			benchCPU(b, func() {
				if route, ok := r.Match(in); !ok || route.Value != n/2 {
					b.Fatal("no match")
				}
			})
		})
		b.Run(fmt.Sprintf("n=%d/lib=yosida95-loop", n), func(b *testing.B) {
			benchCPU(b, func() {
				for _, y := range ys {
					if y.Match(in) != nil {
						break
					}
				}
			})
		})
	}
}

// benchCPU runs f b.N times, reporting allocations and cpu-ns/op, the
// process's CPU time per operation, which is steadier than the wall time
// when other work shares the machine.
func benchCPU(b *testing.B, f func()) {
	b.ReportAllocs()
	start := cpuTime()
	for b.Loop() {
		f()
	}
	b.ReportMetric(float64((cpuTime()-start).Nanoseconds())/float64(b.N), "cpu-ns/op")
}
