package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// lintJSON is the shape of one line of "uri lint --json".
type lintJSON struct {
	Input    string
	OK       bool
	Findings []struct {
		Code, Severity, Component, Message string
		Start, End                         int
	}
	Policy *string
}

func TestLintExitStatus(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
	}{
		{[]string{"lint", "http://example.com/"}, 0},
		{[]string{"lint", "http://example.com/", "http://a@b@c/"}, 1},
		{[]string{"lint", "http://a/?x;y"}, 0},                     // low only
		{[]string{"lint", "--fail-on", "low", "http://a/?x;y"}, 1}, // at the threshold
		{[]string{"lint", "--fail-on", "high", "http://a:22/"}, 0},
		{[]string{"lint", "http://127.0.0.1/"}, 0},
		{[]string{"lint", "--ssrf", "http://127.0.0.1/"}, 1},
		{[]string{"lint", "javascript:x"}, 1}, // script schemes are in the default set (medium)
		{[]string{"lint", "data:,x"}, 0},      // other data: URLs only with --navigation
		{[]string{"lint", "--navigation", "data:,x"}, 1},
		{[]string{"lint", "--navigation", "javascript:x"}, 1},
		{[]string{"lint", "--policy", "", "ftp://example.com/"}, 1},
		{[]string{"lint", "--policy", "schemes=ftp", "ftp://example.com/"}, 0},
		{[]string{"lint", "--policy", "hosts=.example.com ports=443", "https://a.example.com/", "https://example.com:443/"}, 0},
		{[]string{"lint", "--policy", "hosts=.example.com", "https://example.org/"}, 1},
		{[]string{"lint", "--policy", "allow=ip", "http://8.8.8.8/"}, 0},
		{[]string{"lint", "--policy", "allow=ip", "http://10.0.0.1/"}, 1},
		{[]string{"lint", "--policy", "bogus=1", "http://a/"}, 2},
		{[]string{"lint", "--fail-on", "severe", "http://a/"}, 2},
	} {
		if _, stderr, code := runCmd(t, "", tc.args...); code != tc.code {
			t.Errorf("uri %q: exit status %d, want %d (%s)", tc.args, code, tc.code, stderr)
		}
	}
}

// TestLintJSON checks the JSON lines: one per input, in order, each
// finding with its code, span and component.
func TestLintJSON(t *testing.T) {
	stdin := "http://example.com/\nhttp://a:22/\n\xff\thttp://x\n"
	stdout, _, code := runCmd(t, stdin, "lint", "--json", "--policy", "")
	if code != 1 {
		t.Errorf("exit status %d, want 1", code)
	}
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	if len(lines) != 3 {
		t.Fatalf("%d lines, want 3:\n%s", len(lines), stdout)
	}
	var got []lintJSON
	for _, l := range lines {
		var j lintJSON
		if err := json.Unmarshal([]byte(l), &j); err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		got = append(got, j)
	}
	if got[0].Input != "http://example.com/" || !got[0].OK || len(got[0].Findings) != 0 || got[0].Policy != nil {
		t.Errorf("clean URL: %+v", got[0])
	}
	f := got[1].Findings
	if got[1].OK || len(f) != 1 || f[0].Code != "unexpected-port" || f[0].Component != "port" ||
		f[0].Start != 9 || f[0].End != 11 || f[0].Severity != "medium" || got[1].Policy == nil {
		t.Errorf("port 22: %+v", got[1])
	}
	if got[2].Input != "\uFFFD\thttp://x" || got[2].OK {
		t.Errorf("invalid UTF-8 and a tab: %+v", got[2])
	}
}

func TestLintText(t *testing.T) {
	stdout, _, _ := runCmd(t, "", "lint", "http://example.com/", "http://a:22/")
	want := "http://a:22/: 9-11 port medium unexpected-port: port 22 belongs to another protocol (SSH)"
	if !strings.HasPrefix(stdout, want) || strings.Count(stdout, "\n") != 1 {
		t.Errorf("output %q, want one line beginning %q", stdout, want)
	}
}

// TestLintClaimsJSON checks that a finding's claims are in the JSON form:
// for "http://a.com\@b.com/", net/url.Parse rejects the "\" in the
// userinfo and browsers read "\" as "/", so the host a.com.
func TestLintClaimsJSON(t *testing.T) {
	stdout, _, _ := runCmd(t, "", "lint", "--json", `http://a.com\@b.com/`)
	for _, want := range []string{
		`{"reader":"net/url","rejects":true}`,
		`{"reader":"whatwg","component":"host","value":"a.com"}`,
		`{"reader":"RFC 3986, Appendix B","component":"host","value":"b.com"}`,
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("uri lint --json: no %s in\n%s", want, stdout)
		}
	}
}

// TestLintReaders checks --readers: by default lint names only RFC 3986,
// net/url and the URL Standard; the emulations named are compared, and a
// host one of them reads otherwise is a high finding that fails the input
// and that the policy rejects. The hosts are those the real parsers gave,
// recorded in package readers' tables (readers/node_url_test.go, Node
// 20.20.2; readers/python_test.go, Python 3.11.2).
func TestLintReaders(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		want []string // in the output
		not  []string // not in the output
	}{
		{[]string{"lint", "--json", "mailto:a@b.c"}, 0, nil, []string{"node_url"}},
		{[]string{"lint", "--json", "--readers", "rfc3986,whatwg,net_url", "mailto:a@b.c"}, 0, nil, []string{"node_url"}},
		{[]string{"lint", "--json", "--readers", "python,node_url", "mailto:a@b.c"}, 1,
			[]string{`"severity":"high"`, `{"reader":"node_url","component":"host","value":"b.c"}`}, []string{`"python"`}},
		{[]string{"lint", "--readers", "all", "http://a%00b/"}, 1,
			[]string{`python and php read the host "a%00b"`, `node_url reads the host "a"`}, nil},
		{[]string{"lint", "--readers", "all", "http://example.com/"}, 0, nil, []string{"differential"}},
		{[]string{"lint", "--policy", "", "--readers", "node_url", "http://bücher.DE/"}, 1, []string{"node_url"}, nil},
		{[]string{"lint", "--policy", "", "--readers", "python,php", "http://bücher.DE/"}, 0, nil, nil},
		{[]string{"lint", "--readers", "chrome", "http://a/"}, 2, nil, nil},
	} {
		stdout, stderr, code := runCmd(t, "", tc.args...)
		if code != tc.code {
			t.Errorf("uri %q: exit status %d, want %d (%s)", tc.args, code, tc.code, stderr)
		}
		for _, w := range tc.want {
			if !strings.Contains(stdout, w) {
				t.Errorf("uri %q: no %s in\n%s", tc.args, w, stdout)
			}
		}
		for _, w := range tc.not {
			if strings.Contains(stdout, w) {
				t.Errorf("uri %q: %s in\n%s", tc.args, w, stdout)
			}
		}
	}
}
