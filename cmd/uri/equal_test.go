package main

import (
	"strings"
	"testing"
)

func TestEqual(t *testing.T) {
	tests := []cmdTest{
		// RFC 3986, section 6.2.2 and 6.2.3.
		{"equivalent", "", []string{"equal", "example://a/b/c/%7Bfoo%7D", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d"},
			"equal example://a/b/c/%7Bfoo%7D\n", "", 0},
		{"http", "", []string{"equal", "http://example.com", "http://example.com:80/"}, "equal http://example.com/\n", "", 0},
		{"different", "", []string{"equal", "http://example.com/", "http://example.com/?"},
			"different http://example.com/ http://example.com/?\n", "", 1},
		{"empty references", "", []string{"equal", "", "."}, "different  ./\n", "", 1},
		{"flags", "", []string{"equal", "--flags", "drop-empty-query", "http://example.com/", "http://example.com/?"},
			"equal http://example.com/\n", "", 0},
		{"syntax-only", "", []string{"equal", "--flags", "syntax-only", "http://a:80/", "http://a/"},
			"different http://a:80/ http://a/\n", "", 1},
		{"lines", "HTTP://a a:b\nhttp://a/\thttp://A:/\n  x   x  \n", []string{"equal"},
			"different http://a/ a:b\nequal http://a/\nequal x\n", "", 1},
		{"lines all equal", "a ./a\n", []string{"equal"}, "equal a\n", "", 0},
		{"rejected argument", "", []string{"equal", "http://a/", "http://a b/"}, "",
			"http://a b/: uri: invalid character ' ' in host at offset 8\n", 1},
		{"rejected first", "", []string{"equal", "%", "a"}, "",
			"%: uri: invalid percent-encoding \"%\" in path at offset 0\n", 1},
		// A line without two references is a rejected line, as one whose
		// reference does not parse: its message, then the next lines.
		{"not a pair", "a\na b c\n\nb b\n", []string{"equal"}, "equal b\n",
			"a: uri equal: want two URI references separated by spaces\n" +
				"a b c: uri equal: want two URI references separated by spaces\n" +
				": uri equal: want two URI references separated by spaces\n", 1},
		{"one reference then a pair", "http://a/\nhttp://a/ http://A/\n", []string{"equal"}, "equal http://a/\n",
			"http://a/: uri equal: want two URI references separated by spaces\n", 1},
		{"rejected and different", "a b\nc %\n", []string{"equal"}, "different a b\n",
			"%: uri: invalid percent-encoding \"%\" in path at offset 0\n", 1},
		{"rule", "", []string{"equal", "--rule", "absolute", "a:b", "a:b#c"}, "",
			"a:b#c: uri: fragment not allowed in an absolute URI at offset 3\n", 1},
		{"json", "HTTP://a:80 http://a/\nhttp://a/ b c\nhttp://a/  http://a/%zz\nx y\n", []string{"equal", "--json"},
			`{"input":"HTTP://a:80 http://a/","ok":true,"equal":true,"a":"http://a/","b":"http://a/"}` + "\n" +
				`{"input":"http://a/ b c","ok":false,"error":"uri equal: want two URI references separated by spaces","offset":null}` + "\n" +
				`{"input":"http://a/  http://a/%zz","ok":false,"error":"uri: invalid percent-encoding \"%zz\" in path at offset 20","offset":20}` + "\n" +
				`{"input":"x y","ok":true,"equal":false,"a":"x","b":"y"}` + "\n", "", 1},
		{"json offsets", " %zz b\n\ta\t%\n", []string{"equal", "--json"},
			`{"input":" %zz b","ok":false,"error":"uri: invalid percent-encoding \"%zz\" in path at offset 1","offset":1}` + "\n" +
				`{"input":"\ta\t%","ok":false,"error":"uri: invalid percent-encoding \"%\" in path at offset 3","offset":3}` + "\n", "", 1},
		{"json arguments", "", []string{"equal", "--json", "a", "%"},
			`{"input":"a %","ok":false,"error":"uri: invalid percent-encoding \"%\" in path at offset 2","offset":2}` + "\n", "", 1},
		{"json different", "", []string{"equal", "--json", "a", "b"},
			`{"input":"a b","ok":true,"equal":false,"a":"a","b":"b"}` + "\n", "", 1},
	}
	runCmdTests(t, tests)
}

func TestEqualUsage(t *testing.T) {
	for _, args := range [][]string{
		{"equal", "a"},
		{"equal", "a", "b", "c"},
		{"equal", "--flags", "nope", "a", "b"},
	} {
		stdout, stderr, code := runCmd(t, "", args...)
		if code != 2 || stdout != "" || !strings.Contains(stderr, "Usage: uri equal [--json] [--flags list]") {
			t.Errorf("%q: exit status %d, stdout %q, stderr:\n%s", args, code, stdout, stderr)
		}
	}
	_, stderr, _ := runCmd(t, "", "equal", "a")
	if !strings.HasPrefix(stderr, "uri equal: want two references, or none to read pairs from standard input\n") {
		t.Errorf("stderr:\n%s", stderr)
	}
}
