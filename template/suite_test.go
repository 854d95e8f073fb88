package template

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/ferret-go/uri"
)

// The shared suite (testdata/README.md): the examples of RFC 6570 by level
// and by section, each case a template, variables and the acceptable
// expansions, or false for an invalid template.

type suiteGroup struct {
	Level     int                        `json:"level"`
	Variables map[string]json.RawMessage `json:"variables"`
	Testcases [][2]json.RawMessage       `json:"testcases"`
}

type suiteCase struct {
	file, group string
	template    string
	vars        Vars
	want        []string // acceptable expansions; nil when invalid
}

// suiteValue converts a JSON value of the suite: a string, a list of
// strings, an object (an associative array) or null (undefined).
func suiteValue(t testing.TB, raw json.RawMessage) (Value, bool) {
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	switch v := v.(type) {
	case nil:
		return Value{}, false
	case string:
		return String(v), true
	case float64:
		return String(fmt.Sprint(v)), true
	case []any:
		list := make([]string, len(v))
		for i, x := range v {
			list[i] = fmt.Sprint(x)
		}
		return List(list...), true
	case map[string]any:
		m := map[string]string{}
		for k, x := range v {
			m[k] = fmt.Sprint(x)
		}
		return Map(m), true
	}
	t.Fatalf("unexpected value %s", raw)
	return Value{}, false
}

func loadSuite(t testing.TB) []suiteCase {
	var cases []suiteCase
	for _, file := range []string{"spec-examples.json", "spec-examples-by-section.json"} {
		data, err := os.ReadFile("testdata/" + file)
		if err != nil {
			t.Fatal(err)
		}
		var groups map[string]suiteGroup
		if err := json.Unmarshal(data, &groups); err != nil {
			t.Fatal(err)
		}
		for name, g := range groups {
			vars := Vars{}
			for k, raw := range g.Variables {
				if v, ok := suiteValue(t, raw); ok {
					vars[k] = v
				}
			}
			for _, tc := range g.Testcases {
				c := suiteCase{file: file, group: name, vars: vars}
				if err := json.Unmarshal(tc[0], &c.template); err != nil {
					t.Fatal(err)
				}
				var want any
				if err := json.Unmarshal(tc[1], &want); err != nil {
					t.Fatal(err)
				}
				switch w := want.(type) {
				case string:
					c.want = []string{w}
				case []any:
					for _, x := range w {
						c.want = append(c.want, x.(string))
					}
				case bool:
					// false: invalid
				}
				cases = append(cases, c)
			}
		}
	}
	return cases
}

func TestSuite(t *testing.T) {
	cases := loadSuite(t)
	if len(cases) != 64+117 {
		t.Fatalf("%d cases, want 181", len(cases))
	}
	passed := 0
	for _, c := range cases {
		tmpl, err := Parse(c.template)
		if c.want == nil {
			if err == nil {
				if _, err = tmpl.Expand(c.vars); err == nil {
					t.Errorf("%s %s: %q: no error, want one", c.file, c.group, c.template)
					continue
				}
			}
			passed++
			continue
		}
		if err != nil {
			t.Errorf("%s %s: Parse(%q): %v", c.file, c.group, c.template, err)
			continue
		}
		got, err := tmpl.Expand(c.vars)
		if err != nil || !slices.Contains(c.want, got) {
			t.Errorf("%s %s: %q expands to %q, %v; want one of %q", c.file, c.group, c.template, got, err, c.want)
			continue
		}
		b, err := tmpl.AppendExpand([]byte("prefix:"), c.vars)
		if err != nil || string(b) != "prefix:"+got {
			t.Errorf("%q: AppendExpand gives %q, %v", c.template, b, err)
			continue
		}
		// Every expansion of the suite is a valid URI reference: the
		// RFC's literals and values put reserved characters only where
		// RFC 3986 allows them.
		if _, err := uri.Parse(got); err != nil {
			t.Errorf("%q: expansion %q is not a URI reference: %v", c.template, got, err)
			continue
		}
		passed++
	}
	t.Logf("shared suite: %d of %d cases pass", passed, len(cases))
}

// Expressions other than "{+x}" and "{#x}" write only unreserved
// characters, pct-encoded triplets and their operators' delimiters (RFC
// 6570, section 3.2.1), so with the suite's templates, whose literals are
// valid, any values give a valid URI reference.
func TestExpandValidURI(t *testing.T) {
	values := []Value{
		String(":/?#[]@!$&'()*+,;= é%zz\x00\xff"), String(""), String("a:b"),
		List("x:y", "#", ""), Pairs(Pair{"k:#", "v?["}, Pair{"", ""}),
	}
	for _, c := range loadSuite(t) {
		if c.want == nil || strings.ContainsAny(c.template, "+#") {
			continue
		}
		tmpl := MustParse(c.template)
		for i, name := range tmpl.Varnames() {
			for j, v := range values {
				vars := Vars{}
				for k, n := range tmpl.Varnames() {
					vars[n] = values[(j+k+i)%len(values)]
				}
				vars[name] = v
				got, err := tmpl.Expand(vars)
				if err != nil {
					continue // a prefix on a composite value
				}
				if _, err := uri.Parse(got); err != nil {
					t.Errorf("%q expands to %q: %v", c.template, got, err)
				}
			}
		}
	}
}
