package template

import (
	"reflect"
	"testing"
)

// checkExpandString checks that ExpandString, and its scan without the
// fallback, give what Parse then Expand give.
func checkExpandString(t *testing.T, s string, vars Vars) {
	t.Helper()
	var want string
	tmpl, wantErr := Parse(s)
	if wantErr == nil {
		want, wantErr = tmpl.Expand(vars)
	}
	got, err := ExpandString(s, vars)
	if got != want || !reflect.DeepEqual(err, wantErr) {
		t.Fatalf("ExpandString(%q) = %q, %v; Parse and Expand give %q, %v", s, got, err, want, wantErr)
	}
	b, ok := appendExpandString([]byte("x"), s, vars)
	if ok != (wantErr == nil) || ok && string(b) != "x"+want {
		t.Fatalf("appendExpandString(%q) = %q, %v; want %q, %v", s, b, ok, want, wantErr)
	}
}

func TestExpandStringSuite(t *testing.T) {
	for _, c := range loadSuite(t) {
		checkExpandString(t, c.template, c.vars)
	}
}

func TestExpandString(t *testing.T) {
	list, pairs := List("a", "b"), Pairs(Pair{"k", "v"})
	vars := Vars{"x": String("é/%41 ?"), "l": list, "p": pairs, "e": String(""), "u": {}}
	for _, s := range []string{
		"", "abc", "{x}", "{+x}{#x}{.x}{/x}{;x}{?x}{&x}", "{x:2}{+x:3}", "{l}{l*}{?l*}{;p*}{p}{&p*}{.l*}",
		"{e}{;e}{?e}{u}{u,e,x}", "é{x}%41", "x/{l:2}", "x/{l:2}/{", "{x}{", "a}b", "{x}\"", "{x}%4", "{x}%zz",
		"{x}\xff", "{x}\ufffe", "{=x}", "{x:0}", "{x:3*}", "{x*:3}", "{x,}", "{.}", "{a..b}", "{%4}", "{x:12345}",
		"{%41b.c_1:9999}", "{x}\U0001F600",
	} {
		checkExpandString(t, s, vars)
	}
}

func TestExpandStringAllocs(t *testing.T) {
	vars := Vars{"user": String("ferret-go"), "page": String("2")}
	if n := testing.AllocsPerRun(100, func() {
		ExpandString("https://api.example.com/users/{user}/repos{?page,sort}", vars)
	}); n != 1 {
		t.Errorf("ExpandString allocates %v times, want 1", n)
	}
}

// ExpandString gives what Parse then Expand give, for any template.
func FuzzExpandString(f *testing.F) {
	for _, s := range fuzzTemplates {
		f.Add(s, "a/b c,é")
	}
	f.Fuzz(func(t *testing.T, s, value string) {
		vars := Vars{"x": String(value), "var": List(value, value), "a": Pairs(Pair{value, value})}
		if tmpl, err := Parse(s); err == nil {
			vars = fuzzVars(tmpl, []byte(value), value)
		}
		checkExpandString(t, s, vars)
	})
}
