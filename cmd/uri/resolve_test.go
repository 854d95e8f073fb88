package main

import (
	"os"
	"strings"
	"testing"
)

// Every row of the example tables of RFC 3986 (5.4.1, 5.4.2), RFC 2396
// (Appendix C) and RFC 1808 (section 5), through the command, as arguments,
// as standard input lines and with --json.
func TestResolveExamples(t *testing.T) {
	data, err := os.ReadFile("../../testdata/resolution-examples.tsv")
	if err != nil {
		t.Fatal(err)
	}
	rows := 0
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		f := strings.Split(line, "\t")
		std, mode, _ := strings.Cut(f[0], "/")
		args := []string{"resolve", "--rfc", std}
		if mode == "non-strict" {
			args = append(args, "--non-strict")
		}
		base, ref, want := f[1], f[2], f[3]
		rows++

		out, errOut, code := runCmd(t, "", append(args, "--", base, ref)...)
		if out != want+"\n" || errOut != "" || code != 0 {
			t.Errorf("%q %q: %q %q %d, want %q", args, ref, out, errOut, code, want)
		}
		out, _, _ = runCmd(t, ref+"\n", append(args, "--", base)...)
		if out != want+"\n" {
			t.Errorf("%q %q from stdin: %q, want %q", args, ref, out, want)
		}
		out, _, _ = runCmd(t, "", append(append(args, "--json"), "--", base, ref)...)
		if w := `{"input":"` + ref + `","ok":true,"result":"` + want + `"}` + "\n"; out != w {
			t.Errorf("%q %q --json: %s, want %s", args, ref, out, w)
		}
	}
	if rows != 125 {
		t.Errorf("%d rows, want 125", rows)
	}
}

func TestResolve(t *testing.T) {
	tests := []cmdTest{
		{"lines", "g\n\n#s\r\n?\n", []string{"resolve", "http://a/b/c/d;p?q#f"},
			"http://a/b/c/g\nhttp://a/b/c/d;p?q\nhttp://a/b/c/d;p?q#s\nhttp://a/b/c/d;p?\n", "", 0},
		{"default strict", "", []string{"resolve", "http://a/b", "http:g"}, "http:g\n", "", 0},
		{"no reference", "", []string{"resolve", "http://a/b"}, "", "", 0},
		{"rejected", "", []string{"resolve", "http://a/b", "a b", "c"},
			"http://a/c\n", "a b: uri: invalid character ' ' in path at offset 1\n", 1},
		{"rejected json", "", []string{"resolve", "--json", "http://a/b", "%zz", "c"},
			`{"input":"%zz","ok":false,"error":"uri: invalid percent-encoding \"%zz\" in path at offset 0","offset":0}` + "\n" +
				`{"input":"c","ok":true,"result":"http://a/c"}` + "\n", "", 1},
		{"guarded path", "", []string{"resolve", "foo:/a", ".//b"}, "foo:/.//b\n", "", 0},
	}
	runCmdTests(t, tests)
}

func TestResolveUsage(t *testing.T) {
	for _, tt := range []struct {
		args    []string
		message string
	}{
		{[]string{"resolve"}, "missing BASE"},
		{[]string{"resolve", "a/b", "c"}, "invalid base a/b: uri: missing scheme at offset 0"},
		{[]string{"resolve", "http://a b", "c"}, "invalid base http://a b: uri: invalid character ' ' in host"},
		{[]string{"resolve", "--rfc", "2616", "http://a", "b"}, "--rfc must be 3986, 2396 or 1808"},
		{[]string{"resolve", "--strict", "http://a", "b"}, "flag provided but not defined: -strict"},            // strict is the default
		{[]string{"resolve", "--rfc", "69522", "http://a", "b"}, "--rfc must be 3986, 2396 or 1808, not 69522"}, // 3986 + 1<<16
		{[]string{"relative"}, "missing BASE"},
		{[]string{"relative", "/x", "y"}, "invalid base /x: uri: missing scheme at offset 0"},
		// A base is a URI (RFC 3986, section 5.1), as uri.ParseURI reads it.
		{[]string{"resolve", "--", "#f", "g"}, "invalid base #f: uri: missing scheme at offset 0"},
		{[]string{"resolve", "--", "", "g"}, "invalid base : uri: missing scheme at offset 0"},
		{[]string{"relative", "//a b", "g"}, "invalid base //a b: uri: invalid character ' ' in host at offset 3"},
		{[]string{"relative", "--rfc", "2396", "http://a", "b"}, "flag provided but not defined"},
	} {
		stdout, stderr, code := runCmd(t, "", tt.args...)
		if code != 2 || stdout != "" || !strings.Contains(stderr, tt.message) || !strings.Contains(stderr, "Usage: uri "+tt.args[0]) {
			t.Errorf("%q: %q %q %d, want exit 2 and %q with usage", tt.args, stdout, stderr, code, tt.message)
		}
	}
	for _, name := range []string{"resolve", "relative"} {
		out, _, code := runCmd(t, "", name, "--help")
		if code != 0 || !strings.HasPrefix(out, "Usage: uri "+name+" [--json] ") {
			t.Errorf("%s --help: %q %d", name, out, code)
		}
	}
}

func TestRelative(t *testing.T) {
	tests := []cmdTest{
		// Inverses of rows of RFC 3986, section 5.4.1.
		{"args", "", []string{"relative", "http://a/b/c/d;p?q",
			"http://a/b/c/g", "http://a/g", "http://g", "http://a/b/c/d;p?y", "http://a/b/", "g:h"},
			"g\n/g\n//g\n?y\n..\ng:h\n", "", 0},
		{"lines", "http://a/b/c/x:y\n\nhttps://a/b\n", []string{"relative", "http://a/b/c/d"},
			"./x:y\n\nhttps://a/b\n", "", 0},
		{"json", "", []string{"relative", "--json", "http://a/b/c/d;p?q", "http://a/b/g", "a b"},
			`{"input":"http://a/b/g","ok":true,"result":"../g"}` + "\n" +
				`{"input":"a b","ok":false,"error":"uri: invalid character ' ' in path at offset 1","offset":1}` + "\n", "", 1},
		{"rejected", "", []string{"relative", "http://a/b", "[x]"}, "",
			"[x]: uri: invalid character '[' in path at offset 0\n", 1},
	}
	runCmdTests(t, tests)
}
