package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestTemplate(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "vars.json")
	// The variables of the RFC's level 4 examples (section 1.2), with the
	// associative array in the order written.
	if err := os.WriteFile(file, []byte(`{"var": "value", "hello": "Hello World!", "path": "/foo/bar",
		"list": ["red", "green", "blue"], "keys": {"semi": ";", "dot": ".", "comma": ","}, "n": 1024, "undef": null}`), 0o644); err != nil {
		t.Fatal(err)
	}
	runCmdTests(t, []cmdTest{
		{name: "expand var", args: []string{"template", "expand", "--var", "x=a b", "--var", "y=1", "{x}/{y}", "{?x,y}"},
			stdout: "a%20b/1\n?x=a%20b&y=1\n"},
		{name: "expand file", args: []string{"template", "expand", "--vars", file, "{+path:6}/here", "{?keys*}", "{/list*}", "{n}{undef}", "{keys:1}"},
			stdout: "/foo/b/here\n?semi=%3B&dot=.&comma=%2C\n/red/green/blue\n1024\n",
			stderr: "{keys:1}: template: prefix modifier on a composite value \"keys\" at offset 1\n", code: 1},
		{name: "var overrides file", args: []string{"template", "expand", "--vars", file, "--var", "var=x", "{var}"}, stdout: "x\n"},
		{name: "expand stdin", stdin: "{a}\n{b\n", args: []string{"template", "expand", "--var", "a=1"},
			stdout: "1\n", stderr: "{b: template: unclosed expression at offset 0\n", code: 1},
		{name: "expand json", args: []string{"template", "expand", "--json", "--var", "a=é", "{a}", "{=a}"},
			stdout: `{"input":"{a}","ok":true,"result":"%C3%A9"}` + "\n" +
				`{"input":"{=a}","ok":false,"error":"template: reserved operator at offset 1","offset":1}` + "\n", code: 1},
		{name: "match", args: []string{"template", "match", "--json", "/users/{id}{/rest*}{?page}", "/users/42/a/b?page=2&x=1", "/other"},
			stdout: `{"input":"/users/42/a/b?page=2&x=1","ok":true,"vars":{"id":"42","rest":["a","b"],"page":"2"},"extra":[["x","1"]]}` + "\n" +
				`{"input":"/other","ok":false}` + "\n", code: 1},
		{name: "match pairs", stdin: "a=1,b=2\n", args: []string{"template", "match", "--json", "{m*}"},
			stdout: `{"input":"a=1,b=2","ok":true,"vars":{"m":{"a":"1","b":"2"}}}` + "\n"},
		// Text for a person: a block per URI matched, values quoted as
		// Go quotes them; a URI not matched is rejected on stderr.
		{name: "match text", args: []string{"template", "match", "/users/{id}{/rest*}{?page}", "/users/42/a/b?page=2&x=1", "/other", "/users/%22%E2%82%AC%0A"},
			stdout: "/users/42/a/b?page=2&x=1\n  id     \"42\"\n  rest   [\"a\", \"b\"]\n  page   \"2\"\n  extra  [\"x=1\"]\n\n" +
				"/users/%22%E2%82%AC%0A\n  id     \"\\\"€\\n\"\n",
			stderr: "/other: template: no match\n", code: 1},
		{name: "match text pairs", stdin: "a=1,b=2\n", args: []string{"template", "match", "{m*}"},
			stdout: "a=1,b=2\n  m      {\"a\": \"1\", \"b\": \"2\"}\n"},
		{name: "match json after the URI", args: []string{"template", "match", "{x}", "a", "--json"},
			stdout: `{"input":"a","ok":true,"vars":{"x":"a"}}` + "\n"},
		{name: "match ambiguous", args: []string{"template", "match", "{x}{y}", "ab"},
			stderr: "{x}{y}: template: ambiguous for matching at offset 3\n", code: 1},
		{name: "match invalid", args: []string{"template", "match", "{x", "ab"},
			stderr: "{x: template: unclosed expression at offset 0\n", code: 1},
		{name: "no verb", args: []string{"template"}, code: 2,
			stderr: "uri template: missing expand or match\nUsage: uri template " + cmdTemplate.synopsis + "\nRun \"uri template --help\" for more.\n"},
		{name: "bad verb", args: []string{"template", "x"}, code: 2,
			stderr: "uri template: unknown template command \"x\": want expand or match\nUsage: uri template " + cmdTemplate.synopsis + "\nRun \"uri template --help\" for more.\n"},
		{name: "match without template", args: []string{"template", "match"}, code: 2,
			stderr: "uri template: missing TEMPLATE\nUsage: uri template " + cmdTemplate.synopsis + "\nRun \"uri template --help\" for more.\n"},
		{name: "match with vars", args: []string{"template", "match", "--var", "a=1", "{a}"}, code: 2,
			stderr: "uri template: match takes no variables\nUsage: uri template " + cmdTemplate.synopsis + "\nRun \"uri template --help\" for more.\n"},
		{name: "bad var", args: []string{"template", "expand", "--var", "novalue", "{a}"}, code: 2,
			stderr: "invalid value \"novalue\" for flag -var: want name=value\nUsage: uri template " + cmdTemplate.synopsis + "\nRun \"uri template --help\" for more.\n"},
	})
	if _, errOut, code := runCmd(t, "", "template", "expand", "--vars", filepath.Join(dir, "missing.json"), "{a}"); code != 2 || errOut == "" {
		t.Errorf("missing --vars file: %q %d", errOut, code)
	}
	if out, _, code := runCmd(t, "", "template", "expand", "--help"); code != 0 || out == "" {
		t.Errorf("template expand --help: %d", code)
	}
}

// --list and --map give the list and associative array variables of RFC
// 6570, section 3.2 (count := ("one","two","three"), list :=
// ("red","green","blue"), keys := [("semi",";"),("dot","."),("comma",",")],
// empty_keys := [], path := "/foo/bar"), and every example of sections
// 3.2.1 to 3.2.9 that uses them expands as the RFC writes.
func TestTemplateListAndMapFlags(t *testing.T) {
	examples := []struct{ template, expansion string }{
		// Section 3.2.1.
		{"{count}", "one,two,three"},
		{"{count*}", "one,two,three"},
		{"{/count}", "/one,two,three"},
		{"{/count*}", "/one/two/three"},
		{"{;count}", ";count=one,two,three"},
		{"{;count*}", ";count=one;count=two;count=three"},
		{"{?count}", "?count=one,two,three"},
		{"{?count*}", "?count=one&count=two&count=three"},
		{"{&count*}", "&count=one&count=two&count=three"},
		// Section 3.2.2.
		{"{list}", "red,green,blue"},
		{"{list*}", "red,green,blue"},
		{"{keys}", "semi,%3B,dot,.,comma,%2C"},
		{"{keys*}", "semi=%3B,dot=.,comma=%2C"},
		// Section 3.2.3.
		{"{+list}", "red,green,blue"},
		{"{+list*}", "red,green,blue"},
		{"{+keys}", "semi,;,dot,.,comma,,"},
		{"{+keys*}", "semi=;,dot=.,comma=,"},
		// Section 3.2.4.
		{"{#list}", "#red,green,blue"},
		{"{#list*}", "#red,green,blue"},
		{"{#keys}", "#semi,;,dot,.,comma,,"},
		{"{#keys*}", "#semi=;,dot=.,comma=,"},
		// Section 3.2.5.
		{"X{.list}", "X.red,green,blue"},
		{"X{.list*}", "X.red.green.blue"},
		{"X{.keys}", "X.semi,%3B,dot,.,comma,%2C"},
		{"X{.keys*}", "X.semi=%3B.dot=..comma=%2C"},
		{"X{.empty_keys}", "X"},
		{"X{.empty_keys*}", "X"},
		// Section 3.2.6.
		{"{/list}", "/red,green,blue"},
		{"{/list*}", "/red/green/blue"},
		{"{/list*,path:4}", "/red/green/blue/%2Ffoo"},
		{"{/keys}", "/semi,%3B,dot,.,comma,%2C"},
		{"{/keys*}", "/semi=%3B/dot=./comma=%2C"},
		// Section 3.2.7.
		{"{;list}", ";list=red,green,blue"},
		{"{;list*}", ";list=red;list=green;list=blue"},
		{"{;keys}", ";keys=semi,%3B,dot,.,comma,%2C"},
		{"{;keys*}", ";semi=%3B;dot=.;comma=%2C"},
		// Section 3.2.8.
		{"{?list}", "?list=red,green,blue"},
		{"{?list*}", "?list=red&list=green&list=blue"},
		{"{?keys}", "?keys=semi,%3B,dot,.,comma,%2C"},
		{"{?keys*}", "?semi=%3B&dot=.&comma=%2C"},
		// Section 3.2.9.
		{"{&list}", "&list=red,green,blue"},
		{"{&list*}", "&list=red&list=green&list=blue"},
		{"{&keys}", "&keys=semi,%3B,dot,.,comma,%2C"},
		{"{&keys*}", "&semi=%3B&dot=.&comma=%2C"},
	}
	args := []string{"template", "expand",
		"--list", "count=one", "--list", "count=two", "--list", "count=three",
		"--list", "list=red", "--list", "list=green", "--list", "list=blue",
		"--map", "keys=semi=;", "--map", "keys=dot=.", "--map", "keys=comma=,",
		"--map", "empty_keys", "--var", "path=/foo/bar"}
	var want strings.Builder
	for _, ex := range examples {
		args = append(args, ex.template)
		want.WriteString(ex.expansion + "\n")
	}
	stdout, stderr, code := runCmd(t, "", args...)
	if stdout != want.String() || stderr != "" || code != 0 {
		t.Errorf("exit status %d, stderr %q, stdout:\n%s\nwant:\n%s", code, stderr, stdout, want.String())
	}

	usage := "Usage: uri template " + cmdTemplate.synopsis + "\nRun \"uri template --help\" for more.\n"
	runCmdTests(t, []cmdTest{
		// Values hold "=" and ","; the flags come after the template too.
		{name: "values with = and ,", args: []string{"template", "expand", "{?l,m*}", "--list", "l=a,b", "--list", "l=c=d", "--map", "m=k=v=w"},
			stdout: "?l=a%2Cb,c%3Dd&k=v%3Dw\n"},
		{name: "empty list is undefined", args: []string{"template", "expand", "--list", "l", "{?l}x"}, stdout: "x\n"},
		{name: "two kinds", args: []string{"template", "expand", "--list", "a=1", "--map", "a=k=v", "{a}"}, code: 2,
			stderr: "invalid value \"a=k=v\" for flag -map: \"a\" is already given as a list (--list)\n" + usage},
		{name: "map without value", args: []string{"template", "expand", "--map", "a=k", "{a}"}, code: 2,
			stderr: "invalid value \"a=k\" for flag -map: want name=key=value\n" + usage},
		{name: "match takes no list", args: []string{"template", "match", "--list", "a=1", "{a}"}, code: 2,
			stderr: "uri template: match takes no variables\n" + usage},
	})
}
