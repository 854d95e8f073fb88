package main

import (
	"os"
	"path/filepath"
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
		{name: "match", args: []string{"template", "match", "/users/{id}{/rest*}{?page}", "/users/42/a/b?page=2&x=1", "/other"},
			stdout: `{"input":"/users/42/a/b?page=2&x=1","ok":true,"vars":{"id":"42","rest":["a","b"],"page":"2"},"extra":[["x","1"]]}` + "\n" +
				`{"input":"/other","ok":false}` + "\n", code: 1},
		{name: "match pairs", stdin: "a=1,b=2\n", args: []string{"template", "match", "{m*}"},
			stdout: `{"input":"a=1,b=2","ok":true,"vars":{"m":{"a":"1","b":"2"}}}` + "\n"},
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
