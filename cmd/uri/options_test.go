package main

import (
	"strings"
	"testing"
)

// optionPlaces runs one command with one of its options before the inputs,
// after them (or between them), and without it. As GNU tools and trurl take
// them, the option after an input is the option: the run does what it does
// with the option first, which is not what it does without it.
type optionPlaces struct {
	command       string
	stdin         string
	before, after [][]string // the arguments after the command name
	without       []string
	dashArgs      []string // arguments with "--": what follows it is an input
	dashStdout    []string // what the "--" run's standard output holds
	dashStderr    string   // what its standard error holds, if anything
	dashCode      int
}

var optionPlacesTests = []optionPlaces{
	{command: "parse", before: [][]string{{"--json", "http://a/"}}, after: [][]string{{"http://a/", "--json"}},
		without: []string{"http://a/"}, dashArgs: []string{"--json", "--", "-a", "--zone"},
		dashStdout: []string{`{"input":"-a","ok":true,`, `{"input":"--zone","ok":true,`}},
	{command: "check", before: [][]string{{"--rule", "uri", "a"}}, after: [][]string{{"a", "--rule", "uri"}, {"a", "--rule=uri"}},
		without: []string{"a"}, dashArgs: []string{"--", "-%", "--json"}, dashStderr: "-%: ", dashCode: 1},
	{command: "resolve", before: [][]string{{"--json", "http://a/b/", "c"}}, after: [][]string{{"http://a/b/", "c", "--json"}, {"http://a/b/", "--json", "c"}},
		without: []string{"http://a/b/", "c"}, dashArgs: []string{"http://a/b/", "--", "-c", "--json"},
		dashStdout: []string{"http://a/b/-c\nhttp://a/b/--json\n"}},
	{command: "relative", before: [][]string{{"--json", "http://a/b/", "http://a/b/c"}}, after: [][]string{{"http://a/b/", "http://a/b/c", "--json"}},
		without: []string{"http://a/b/", "http://a/b/c"}, dashArgs: []string{"--", "http://a/b/", "http://a/b/-c"},
		dashStdout: []string{"-c\n"}},
	{command: "normalize", before: [][]string{{"--flags", "sort-query,drop-fragment", "http://a/?b=1&a=2#x"}},
		after:   [][]string{{"http://a/?b=1&a=2#x", "--flags", "sort-query,drop-fragment"}},
		without: []string{"http://a/?b=1&a=2#x"}, dashArgs: []string{"--", "-A", "--json"},
		dashStdout: []string{"-A\n--json\n"}},
	{command: "equal", before: [][]string{{"--flags", "drop-fragment", "http://a/#x", "http://a/"}},
		after:   [][]string{{"http://a/#x", "http://a/", "--flags", "drop-fragment"}, {"http://a/#x", "--flags=drop-fragment", "http://a/"}},
		without: []string{"http://a/#x", "http://a/"}, dashArgs: []string{"--", "-a", "./-a"},
		dashStdout: []string{"equal"}},
	{command: "to-uri", before: [][]string{{"--json", "http://é/"}}, after: [][]string{{"http://é/", "--json"}},
		without: []string{"http://é/"}, dashArgs: []string{"--", "-é"}, dashStdout: []string{"-%C3%A9\n"}},
	{command: "to-iri", before: [][]string{{"--json", "a%C3%A9"}}, after: [][]string{{"a%C3%A9", "--json"}},
		without: []string{"a%C3%A9"}, dashArgs: []string{"--", "-%C3%A9"}, dashStdout: []string{"-é\n"}},
	{command: "repair", before: [][]string{{"--explain", "http://a/b c"}}, after: [][]string{{"http://a/b c", "--explain"}},
		without: []string{"http://a/b c"}, dashArgs: []string{"--", "-a b"}, dashStdout: []string{"-a%20b\n"}},
	{command: "compare", before: [][]string{{"--json", "http://a/"}}, after: [][]string{{"http://a/", "--json"}},
		without: []string{"http://a/"}, dashArgs: []string{"--json", "--", "-a"}, dashStdout: []string{`{"input":"-a"`}, dashCode: 1},
	{command: "guard", before: [][]string{{"--json", "http://127.0.0.1/"}}, after: [][]string{{"http://127.0.0.1/", "--json"}},
		without: []string{"http://127.0.0.1/"}, dashArgs: []string{"--json", "--", "-x"}, dashStdout: []string{`{"input":"-x"`}, dashCode: 1},
	{command: "extract", stdin: "see http://a/x.\n", before: [][]string{{"--json", "-"}}, after: [][]string{{"-", "--json"}},
		without: []string{"-"}, dashArgs: []string{"--", "-no-such-file"}, dashStderr: "-no-such-file", dashCode: 1},
	{command: "key", before: [][]string{{"--with-scheme", "http://a/"}}, after: [][]string{{"http://a/", "--with-scheme"}},
		without: []string{"http://a/"}, dashArgs: []string{"--json", "--", "-x"}, dashStdout: []string{`{"input":"-x"`}},
	{command: "site", before: [][]string{{"--json", "http://a.example.com/"}}, after: [][]string{{"http://a.example.com/", "--json"}},
		without: []string{"http://a.example.com/"}, dashArgs: []string{"--json", "--", "-x"}, dashStdout: []string{`{"input":"-x"`}},
	{command: "template", before: [][]string{{"expand", "--var", "x=1", "{x}"}, {"--var", "x=1", "expand", "{x}"}},
		after:   [][]string{{"expand", "{x}", "--var", "x=1"}, {"expand", "--var=x=1", "{x}"}},
		without: []string{"expand", "{x}"}, dashArgs: []string{"expand", "--var", "x=1", "--", "-{x}", "--json"},
		dashStdout: []string{"-1\n--json\n"}},
	{command: "lint", before: [][]string{{"--json", "http://a/"}}, after: [][]string{{"http://a/", "--json"}},
		without: []string{"http://a/"}, dashArgs: []string{"--json", "--", "-x"}, dashStdout: []string{`{"input":"-x"`}},
	// serve takes no inputs: --help after an argument is the help, and
	// after "--" an argument, which serve refuses.
	{command: "serve", before: [][]string{{"--help", "x"}}, after: [][]string{{"x", "--help"}},
		without: []string{"x"}, dashArgs: []string{"--", "--help"}, dashStderr: "Usage: uri serve", dashCode: 2},
	{command: "edit", before: [][]string{{"--trim", "utm_*", "http://a/?utm_x=1&b=2"}},
		after:   [][]string{{"http://a/?utm_x=1&b=2", "--trim", "utm_*"}},
		without: []string{"http://a/?utm_x=1&b=2"}, dashArgs: []string{"--set", "query=-q", "--", "-a"},
		dashStdout: []string{"-a?-q\n"}},
	// Issue 37's trurl options, each after an input as trurl takes it.
	{command: "edit", before: [][]string{{"--as-idn", "http://xn--rksmrgs-5wao1o/"}},
		after:   [][]string{{"http://xn--rksmrgs-5wao1o/", "--as-idn"}},
		without: []string{"http://xn--rksmrgs-5wao1o/"}, dashArgs: []string{"--as-idn", "--", "-x"},
		dashStdout: []string{"-x\n"}},
	{command: "edit", before: [][]string{{"--accept-space", "http://a/b c"}},
		after:   [][]string{{"http://a/b c", "--accept-space"}},
		without: []string{"http://a/b c"}, dashArgs: []string{"--accept-space", "--", "-x y"},
		dashStdout: []string{"-x%20y\n"}},
	{command: "edit", before: [][]string{{"--punycode", "http://åäö/"}},
		after:   [][]string{{"http://åäö/", "--punycode"}},
		without: []string{"http://åäö/"}, dashArgs: []string{"--punycode", "--", "-x"},
		dashStdout: []string{"-x\n"}},
	{command: "edit", before: [][]string{{"--curl", "foo://a/", "http://a/"}},
		after:   [][]string{{"foo://a/", "--curl", "http://a/"}, {"foo://a/", "http://a/", "--curl"}},
		without: []string{"foo://a/", "http://a/"}, dashArgs: []string{"--curl", "--", "-x"},
		dashStderr: "-x: ", dashCode: 1},
	{command: "edit", before: [][]string{{"-s", "port?=9", "http://a/"}, {"--set", "port?=9", "http://a/"}},
		after:   [][]string{{"http://a/", "-s", "port?=9"}, {"http://a/", "--set=port?=9"}},
		without: []string{"http://a/"}, dashArgs: []string{"-s", "fragment?=f", "--", "-x"},
		dashStdout: []string{"-x#f\n"}},
	{command: "edit", before: [][]string{{"--url", "http://b/", "http://a/"}},
		after:   [][]string{{"http://a/", "--url", "http://b/"}},
		without: []string{"http://a/"}, dashArgs: []string{"--url", "http://b/", "--", "-x"},
		dashStdout: []string{"http://b/\n-x\n"}},
	{command: "edit", before: [][]string{{"--trurl-json", "http://a/"}},
		after:   [][]string{{"http://a/", "--trurl-json"}},
		without: []string{"http://a/"}, dashArgs: []string{"--trurl-json", "--", "-x"},
		dashStdout: []string{`"url": "-x"`}},
	{command: "get", before: [][]string{{"--sort-query", "{query}", "http://a/?b=1&a=2"}},
		after:   [][]string{{"{query}", "http://a/?b=1&a=2", "--sort-query"}, {"{query}", "--sort-query", "http://a/?b=1&a=2"}},
		without: []string{"{query}", "http://a/?b=1&a=2"}, dashArgs: []string{"--", "-{path}", "-x"},
		dashStdout: []string{"--x\n"}},
	{command: "completion", before: [][]string{{"--help", "bash"}}, after: [][]string{{"bash", "--help"}},
		without: []string{"bash"}, dashArgs: []string{"--", "--help"}, dashStderr: "unknown shell", dashCode: 2},
	{command: "man", before: [][]string{{"--help", "x"}}, after: [][]string{{"x", "--help"}},
		without: []string{"x"}, dashArgs: []string{"--", "-x"}, dashStderr: "Usage: uri man", dashCode: 2},
	{command: "file-path", before: [][]string{{"--os", "windows", "file:///c:/x"}}, after: [][]string{{"file:///c:/x", "--os", "windows"}},
		without: []string{"--os", "posix", "file:///c:/x"}, dashArgs: []string{"--json", "--", "-x"}, dashStdout: []string{`{"input":"-x"`}, dashCode: 1},
	{command: "from-path", before: [][]string{{"--os", "windows", `c:\x`}}, after: [][]string{{`c:\x`, "--os", "windows"}},
		without: []string{"--os", "posix", `c:\x`}, dashArgs: []string{"--os", "posix", "--json", "--", "/-x"}, dashStdout: []string{`"result":"file:///-x"`}},
	{command: "data", before: [][]string{{"--json", "data:,a"}}, after: [][]string{{"data:,a", "--json"}},
		without: []string{"data:,a"}, dashArgs: []string{"--json", "--", "-x"}, dashStdout: []string{`{"input":"-x"`}, dashCode: 1},
	{command: "mailto", before: [][]string{{"--json", "mailto:a@example.com"}}, after: [][]string{{"mailto:a@example.com", "--json"}},
		without: []string{"mailto:a@example.com"}, dashArgs: []string{"--json", "--", "-x"}, dashStdout: []string{`{"input":"-x"`}, dashCode: 1},
	{command: "urn", before: [][]string{{"--json", "urn:example:a"}}, after: [][]string{{"urn:example:a", "--json"}},
		without: []string{"urn:example:a"}, dashArgs: []string{"--json", "--", "-x"}, dashStdout: []string{`{"input":"-x"`}, dashCode: 1},
}

type runResult struct {
	stdout, stderr string
	code           int
}

func runWith(t *testing.T, stdin, command string, args []string) runResult {
	t.Helper()
	out, errs, code := runCmd(t, stdin, append([]string{command}, args...)...)
	return runResult{out, errs, code}
}

func TestOptionsAnywhere(t *testing.T) {
	seen := map[string]bool{}
	for _, tt := range optionPlacesTests {
		seen[tt.command] = true
		t.Run(tt.command, func(t *testing.T) {
			want := runWith(t, tt.stdin, tt.command, tt.before[0])
			for _, b := range tt.before[1:] {
				if got := runWith(t, tt.stdin, tt.command, b); got != want {
					t.Errorf("%q gives %+v,\n%q gives %+v", b, got, tt.before[0], want)
				}
			}
			if w := runWith(t, tt.stdin, tt.command, tt.without); w == want {
				t.Fatalf("%q and %q both give %+v: the option has no effect to test", tt.before[0], tt.without, w)
			}
			for _, a := range tt.after {
				if got := runWith(t, tt.stdin, tt.command, a); got != want {
					t.Errorf("option after an input: %q gives\n%+v,\nwant what %q gives:\n%+v", a, got, tt.before[0], want)
				}
			}
			got := runWith(t, tt.stdin, tt.command, tt.dashArgs)
			for _, s := range tt.dashStdout {
				if !strings.Contains(got.stdout, s) {
					t.Errorf("%q: standard output %q does not hold %q", tt.dashArgs, got.stdout, s)
				}
			}
			if !strings.Contains(got.stderr, tt.dashStderr) {
				t.Errorf("%q: standard error %q does not hold %q", tt.dashArgs, got.stderr, tt.dashStderr)
			}
			if got.code != tt.dashCode {
				t.Errorf("%q: exit status %d, want %d (stderr %q)", tt.dashArgs, got.code, tt.dashCode, got.stderr)
			}
		})
	}
	for _, c := range commands {
		if !seen[c.name] {
			t.Errorf("no test of options after the inputs of %s", c.name)
		}
	}
}

// An unknown flag after an input is a usage error, not an input, and a
// flag's value may begin with "-".
func TestOptionsAfterInputs(t *testing.T) {
	runCmdTests(t, []cmdTest{
		{name: "unknown flag after input", args: []string{"normalize", "http://a/", "--nope"},
			stderr: "flag provided but not defined: -nope\n" +
				"Usage: uri normalize [--json] [--flags list] [--rule rule] [--zone] [--max-line n] [-j n] [input...]\n" +
				"Run \"uri normalize --help\" for more.\n", code: 2},
		{name: "missing value after input", args: []string{"check", "a", "--rule"},
			stderr: "flag needs an argument: -rule\n" +
				"Usage: uri check [--json] [--rule rule] [--zone] [--max-line n] [-j n] [input...]\n" +
				"Run \"uri check --help\" for more.\n", code: 2},
		{name: "value beginning with -", args: []string{"edit", "http://a/", "--set", "fragment=-f"},
			stdout: "http://a/#-f\n"},
		{name: "- is standard input", stdin: "x http://a/ y\n", args: []string{"extract", "-"},
			stdout: "http://a/\n"},
		{name: "second -- is an input", args: []string{"normalize", "--", "--", "a"},
			stdout: "--\na\n"},
	})
}
