package main

import (
	"strings"
	"testing"
)

func TestNormalize(t *testing.T) {
	tests := []cmdTest{
		// RFC 3986, sections 6.2.2 and 6.2.3.
		{"arguments", "", []string{"normalize", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d", "HTTP://www.EXAMPLE.com:80", "a/../../b"},
			"example://a/b/c/%7Bfoo%7D\nhttp://www.example.com/\n../b\n", "", 0},
		{"lines", "http://example.com:/\n\nhttp://[0:0::1]/%7e\r\n", []string{"normalize"},
			"http://example.com/\n\nhttp://[::1]/~\n", "", 0},
		{"already normal", "", []string{"normalize", "http://example.com/?"}, "http://example.com/?\n", "", 0},
		{"rejected", "a\nb c\nD:x\n", []string{"normalize"}, "a\nd:x\n",
			"b c: uri: invalid character ' ' in path at offset 1\n", 1},
		{"escaped input", "", []string{"normalize", "a\x00"}, "",
			"a\\x00: uri: invalid character '\\x00' in path at offset 1\n", 1},
		{"rule", "", []string{"normalize", "--rule", "uri", "//A", "X:y"}, "x:y\n",
			"//A: uri: missing scheme at offset 0\n", 1},
		{"syntax-only", "", []string{"normalize", "--flags", "syntax-only", "HTTP://a:80"}, "http://a:80\n", "", 0},
		{"flags", "", []string{"normalize", "--flags", "drop-fragment,sort-query", "--flags=drop-trailing-slash",
			"http://a/b/?y=1&x=2#f"}, "http://a/b?x=2&y=1\n", "", 0},
		{"every flag", "", []string{"normalize", "--flags",
			"drop-empty-query, drop-empty-fragment,drop-fragment,sort-query,drop-trailing-slash,drop-directory-index,decode-safe,collapse-slashes",
			"http://a//b/index.html/?b&a#f", "http://a/%21?", "http://a/#"}, "http://a/b?a&b\nhttp://a/!\nhttp://a/\n", "", 0},
		{"json", "HTTP://a:80\nhttp://a b/\n", []string{"normalize", "--json"},
			`{"input":"HTTP://a:80","ok":true,"result":"http://a/"}` + "\n" +
				`{"input":"http://a b/","ok":false,"error":"uri: invalid character ' ' in host at offset 8","offset":8}` + "\n", "", 1},
		{"json flags", "", []string{"normalize", "--json", "--flags", "drop-fragment", "a#b"},
			`{"input":"a#b","ok":true,"result":"a"}` + "\n", "", 0},
	}
	runCmdTests(t, tests)
}

func TestNormalizeUsage(t *testing.T) {
	tests := []struct {
		args    []string
		message string
	}{
		{[]string{"normalize", "--flags", "bogus", "a"}, `invalid value "bogus" for flag -flags: uri: unknown normalization "bogus"`},
		{[]string{"normalize", "--flags", "sort-query,nope", "a"}, `unknown normalization "nope"`},
		{[]string{"normalize", "--flags"}, "flag needs an argument: -flags"},
		{[]string{"normalize", "--nope"}, "flag provided but not defined: -nope"},
	}
	for _, tt := range tests {
		stdout, stderr, code := runCmd(t, "", tt.args...)
		if code != 2 || stdout != "" || !strings.Contains(stderr, tt.message) || !strings.Contains(stderr, "Usage: uri normalize [--json] [--flags list]") {
			t.Errorf("%q: exit status %d, stdout %q, stderr:\n%s\nwant 2 and a message %q", tt.args, code, stdout, stderr, tt.message)
		}
	}
	stdout, _, code := runCmd(t, "", "normalize", "--help")
	if code != 0 || !strings.Contains(stdout, "Usage: uri normalize ") || !strings.Contains(stdout, "drop-directory-index") {
		t.Errorf("normalize --help: exit status %d, stdout:\n%s", code, stdout)
	}
}
