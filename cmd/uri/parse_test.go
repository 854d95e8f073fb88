package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/ferret-go/uri"
)

// parseJSONTests are inputs with the exact line parse --json must write,
// written from the contract of the command.
var parseJSONTests = []struct{ in, want string }{
	// RFC 3986, section 3.
	{"foo://example.com:8042/over/there?name=ferret#nose",
		`{"input":"foo://example.com:8042/over/there?name=ferret#nose","ok":true,"scheme":"foo","userinfo":null,"host":"example.com","host_type":"reg-name","port":"8042","path":"/over/there","segments":["","over","there"],"query":"name=ferret","fragment":"nose"}`},
	{"urn:example:animal:ferret:nose",
		`{"input":"urn:example:animal:ferret:nose","ok":true,"scheme":"urn","userinfo":null,"host":null,"host_type":null,"port":null,"path":"example:animal:ferret:nose","segments":["example:animal:ferret:nose"],"query":null,"fragment":null}`},
	// Empty port: present, so "".
	{"http://a:/",
		`{"input":"http://a:/","ok":true,"scheme":"http","userinfo":null,"host":"a","host_type":"reg-name","port":"","path":"/","segments":["",""],"query":null,"fragment":null}`},
	// Empty host: an empty reg-name.
	{"file:///x",
		`{"input":"file:///x","ok":true,"scheme":"file","userinfo":null,"host":"","host_type":"reg-name","port":null,"path":"/x","segments":["","x"],"query":null,"fragment":null}`},
	{"//",
		`{"input":"//","ok":true,"scheme":null,"userinfo":null,"host":"","host_type":"reg-name","port":null,"path":"","segments":[],"query":null,"fragment":null}`},
	// The empty reference.
	{"",
		`{"input":"","ok":true,"scheme":null,"userinfo":null,"host":null,"host_type":null,"port":null,"path":"","segments":[],"query":null,"fragment":null}`},
	// Segments.
	{"/",
		`{"input":"/","ok":true,"scheme":null,"userinfo":null,"host":null,"host_type":null,"port":null,"path":"/","segments":["",""],"query":null,"fragment":null}`},
	{"a/",
		`{"input":"a/","ok":true,"scheme":null,"userinfo":null,"host":null,"host_type":null,"port":null,"path":"a/","segments":["a",""],"query":null,"fragment":null}`},
	{"/a",
		`{"input":"/a","ok":true,"scheme":null,"userinfo":null,"host":null,"host_type":null,"port":null,"path":"/a","segments":["","a"],"query":null,"fragment":null}`},
	{"../a//b/",
		`{"input":"../a//b/","ok":true,"scheme":null,"userinfo":null,"host":null,"host_type":null,"port":null,"path":"../a//b/","segments":["..","a","","b",""],"query":null,"fragment":null}`},
	// Empty query and fragment against absent ones.
	{"?",
		`{"input":"?","ok":true,"scheme":null,"userinfo":null,"host":null,"host_type":null,"port":null,"path":"","segments":[],"query":"","fragment":null}`},
	{"#",
		`{"input":"#","ok":true,"scheme":null,"userinfo":null,"host":null,"host_type":null,"port":null,"path":"","segments":[],"query":null,"fragment":""}`},
	{"http://a?#",
		`{"input":"http://a?#","ok":true,"scheme":"http","userinfo":null,"host":"a","host_type":"reg-name","port":null,"path":"","segments":[],"query":"","fragment":""}`},
	{"?a?b/#c?d/",
		`{"input":"?a?b/#c?d/","ok":true,"scheme":null,"userinfo":null,"host":null,"host_type":null,"port":null,"path":"","segments":[],"query":"a?b/","fragment":"c?d/"}`},
	// Userinfo: empty, and with a ":".
	{"http://@a",
		`{"input":"http://@a","ok":true,"scheme":"http","userinfo":"","host":"a","host_type":"reg-name","port":null,"path":"","segments":[],"query":null,"fragment":null}`},
	{"ftp://u:p@h:21/",
		`{"input":"ftp://u:p@h:21/","ok":true,"scheme":"ftp","userinfo":"u:p","host":"h","host_type":"reg-name","port":"21","path":"/","segments":["",""],"query":null,"fragment":null}`},
	// IP kinds: the host of an IP-literal is inside the brackets.
	{"http://192.0.2.16:80/",
		`{"input":"http://192.0.2.16:80/","ok":true,"scheme":"http","userinfo":null,"host":"192.0.2.16","host_type":"ipv4","port":"80","path":"/","segments":["",""],"query":null,"fragment":null}`},
	{"http://1.2.3.256/",
		`{"input":"http://1.2.3.256/","ok":true,"scheme":"http","userinfo":null,"host":"1.2.3.256","host_type":"reg-name","port":null,"path":"/","segments":["",""],"query":null,"fragment":null}`},
	{"ldap://[2001:db8::7]/c=GB?objectClass?one",
		`{"input":"ldap://[2001:db8::7]/c=GB?objectClass?one","ok":true,"scheme":"ldap","userinfo":null,"host":"[2001:db8::7]","host_type":"ipv6","port":null,"path":"/c=GB","segments":["","c=GB"],"query":"objectClass?one","fragment":null}`},
	{"//[::FFFF:1.2.3.4]:",
		`{"input":"//[::FFFF:1.2.3.4]:","ok":true,"scheme":null,"userinfo":null,"host":"[::FFFF:1.2.3.4]","host_type":"ipv6","port":"","path":"","segments":[],"query":null,"fragment":null}`},
	{"x://[v7.a:b]",
		`{"input":"x://[v7.a:b]","ok":true,"scheme":"x","userinfo":null,"host":"[v7.a:b]","host_type":"ipvfuture","port":null,"path":"","segments":[],"query":null,"fragment":null}`},
	// No authority.
	{"mailto:John.Doe@example.com",
		`{"input":"mailto:John.Doe@example.com","ok":true,"scheme":"mailto","userinfo":null,"host":null,"host_type":null,"port":null,"path":"John.Doe@example.com","segments":["John.Doe@example.com"],"query":null,"fragment":null}`},
	{"HTTP:%41",
		`{"input":"HTTP:%41","ok":true,"scheme":"HTTP","userinfo":null,"host":null,"host_type":null,"port":null,"path":"%41","segments":["%41"],"query":null,"fragment":null}`},
	// Rejected inputs: the *uri.Error's message and offset.
	{"http://a b/",
		`{"input":"http://a b/","ok":false,"error":"uri: invalid character ' ' in host at offset 8","offset":8}`},
	{":a",
		`{"input":":a","ok":false,"error":"uri: empty scheme at offset 0","offset":0}`},
	{"1a:b",
		`{"input":"1a:b","ok":false,"error":"uri: invalid character '1' in scheme at offset 0","offset":0}`},
	{"http://[::1",
		`{"input":"http://[::1","ok":false,"error":"uri: unterminated IP literal in host at offset 7","offset":7}`},
	{"http://a:8x/",
		`{"input":"http://a:8x/","ok":false,"error":"uri: invalid character 'x' in port at offset 10","offset":10}`},
	{"a%2",
		`{"input":"a%2","ok":false,"error":"uri: invalid percent-encoding \"%2\" in path at offset 1","offset":1}`},
	{"a#b#c",
		`{"input":"a#b#c","ok":false,"error":"uri: invalid character '#' in fragment at offset 3","offset":3}`},
	{`a"b`,
		`{"input":"a\"b","ok":false,"error":"uri: invalid character '\"' in path at offset 1","offset":1}`},
	{`a\b`,
		`{"input":"a\\b","ok":false,"error":"uri: invalid character '\\\\' in path at offset 1","offset":1}`},
	{"a\x00",
		`{"input":"a\u0000","ok":false,"error":"uri: invalid character '\\x00' in path at offset 1","offset":1}`},
	{"\xff",
		`{"input":"\ufffd","input_b64":"/w==","ok":false,"error":"uri: invalid character '\\xff' in path at offset 0","offset":0}`},
	{"/é",
		`{"input":"/é","ok":false,"error":"uri: invalid character 'é' in path at offset 1","offset":1}`},
	{"a\u2028",
		`{"input":"a\u2028","ok":false,"error":"uri: invalid character '\\u2028' in path at offset 1","offset":1}`},
}

func TestParseJSON(t *testing.T) {
	for _, tt := range parseJSONTests {
		stdout, stderr, code := runCmd(t, "", "parse", "--json", "--", tt.in)
		if stdout != tt.want+"\n" {
			t.Errorf("parse --json %q:\n got %s\nwant %s", tt.in, stdout, tt.want)
		}
		wantCode := 0
		if strings.Contains(tt.want, `"ok":false`) {
			wantCode = 1
		}
		if code != wantCode || stderr != "" {
			t.Errorf("parse --json %q: exit status %d, stderr %q", tt.in, code, stderr)
		}
	}
}

// The same lines come out in order when the inputs come on standard input,
// one per line, or all as arguments.
func TestParseJSONManyInputs(t *testing.T) {
	var ins, lines []string
	for _, tt := range parseJSONTests {
		if !strings.ContainsAny(tt.in, "\r\n") {
			ins = append(ins, tt.in)
			lines = append(lines, tt.want+"\n")
		}
	}
	want := strings.Join(lines, "")
	for _, stdin := range []string{
		strings.Join(ins, "\n"),
		strings.Join(ins, "\r\n") + "\r\n",
	} {
		stdout, _, code := runCmd(t, stdin, "parse", "--json")
		if stdout != want {
			t.Errorf("stdin %q:\n got %s\nwant %s", stdin, stdout, want)
		}
		if code != 1 {
			t.Errorf("exit status %d, want 1", code)
		}
	}
	stdout, _, _ := runCmd(t, "", append([]string{"parse", "--json", "--"}, ins...)...)
	if stdout != want {
		t.Errorf("arguments:\n got %s\nwant %s", stdout, want)
	}
}

func TestParseRule(t *testing.T) {
	tests := []struct{ rule, in, want string }{
		{"reference", "a", `{"input":"a","ok":true,"scheme":null,"userinfo":null,"host":null,"host_type":null,"port":null,"path":"a","segments":["a"],"query":null,"fragment":null}`},
		{"uri", "a", `{"input":"a","ok":false,"error":"uri: missing scheme at offset 0","offset":0}`},
		{"uri", "a:b#c", `{"input":"a:b#c","ok":true,"scheme":"a","userinfo":null,"host":null,"host_type":null,"port":null,"path":"b","segments":["b"],"query":null,"fragment":"c"}`},
		{"absolute", "http://a#f", `{"input":"http://a#f","ok":false,"error":"uri: fragment not allowed in an absolute URI at offset 8","offset":8}`},
		{"absolute", "//a", `{"input":"//a","ok":false,"error":"uri: missing scheme at offset 0","offset":0}`},
		{"absolute", "a:?", `{"input":"a:?","ok":true,"scheme":"a","userinfo":null,"host":null,"host_type":null,"port":null,"path":"","segments":[],"query":"","fragment":null}`},
		{"relative", "http:x", `{"input":"http:x","ok":false,"error":"uri: scheme not allowed in a relative reference at offset 0","offset":0}`},
		{"relative", "//a#", `{"input":"//a#","ok":true,"scheme":null,"userinfo":null,"host":"a","host_type":"reg-name","port":null,"path":"","segments":[],"query":null,"fragment":""}`},
		// A syntax error is the same whatever the rule.
		{"relative", "a b", `{"input":"a b","ok":false,"error":"uri: invalid character ' ' in path at offset 1","offset":1}`},
	}
	for _, tt := range tests {
		stdout, _, _ := runCmd(t, "", "parse", "--json", "--rule", tt.rule, tt.in)
		if stdout != tt.want+"\n" {
			t.Errorf("--rule %s %q:\n got %s\nwant %s", tt.rule, tt.in, stdout, tt.want)
		}
	}
}

// A line far longer than the read buffer is one input.
func TestParseLongLine(t *testing.T) {
	path := "/" + strings.Repeat("seg/", 100<<10)
	stdout, _, code := runCmd(t, "http://a"+path+"\n#", "parse", "--json")
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	if len(lines) != 2 || code != 0 {
		t.Fatalf("%d lines, exit status %d", len(lines), code)
	}
	var v struct {
		Path     string
		Segments []string
	}
	if err := json.Unmarshal([]byte(lines[0]), &v); err != nil {
		t.Fatal(err)
	}
	if v.Path != path || len(v.Segments) != 100<<10+2 {
		t.Errorf("path of %d bytes, %d segments", len(v.Path), len(v.Segments))
	}
}

// The human-readable block for the example of RFC 3986, section 3: the
// RFC's diagram (each "|" under the middle of its underline, each name
// centred under its "|"), indented so that "scheme" fits, then the listing.
func TestParseTextRFCExample(t *testing.T) {
	want := `  foo://example.com:8042/over/there?name=ferret#nose
  \_/   \______________/\_________/ \_________/ \__/
   |            |            |           |        |
scheme      authority      path        query  fragment
scheme     "foo"
authority  "example.com:8042"
userinfo   (absent)
host       "example.com" (reg-name)
port       "8042" (8042)
path       "/over/there"
segments   ["", "over", "there"]
query      "name=ferret"
fragment   "nose"
`
	stdout, stderr, code := runCmd(t, "", "parse", "foo://example.com:8042/over/there?name=ferret#nose")
	if stdout != want || stderr != "" || code != 0 {
		t.Errorf("exit status %d, stderr %q, stdout:\n%s\nwant:\n%s", code, stderr, stdout, want)
	}
}

func TestParseText(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", `""
scheme     (absent)
authority  (absent)
userinfo   (absent)
host       (absent)
port       (absent)
path       ""
segments   []
query      (absent)
fragment   (absent)
`},
		// One-character components, crowded names: they move apart.
		{"a:b", `     a:b
     ^ ^
     | |
scheme path
scheme     "a"
authority  (absent)
userinfo   (absent)
host       (absent)
port       (absent)
path       "b"
segments   ["b"]
query      (absent)
fragment   (absent)
`},
		// Empty authority, query and fragment are shown by their delimiters.
		{"//", `   //
   \/
    |
authority
scheme     (absent)
authority  ""
userinfo   (absent)
host       "" (reg-name)
port       (absent)
path       ""
segments   []
query      (absent)
fragment   (absent)
`},
		{"#f", `   #f
    ^
    |
fragment
scheme     (absent)
authority  (absent)
userinfo   (absent)
host       (absent)
port       (absent)
path       ""
segments   []
query      (absent)
fragment   "f"
`},
		{"?", `  ?
  ^
  |
query
scheme     (absent)
authority  (absent)
userinfo   (absent)
host       (absent)
port       (absent)
path       ""
segments   []
query      ""
fragment   (absent)
`},
		{"http://u@[::FFFF:1.2.3.4]:99999/a?#", ` http://u@[::FFFF:1.2.3.4]:99999/a?#
 \__/   \______________________/\/^^
   |                |            |||
scheme          authority path query fragment
scheme     "http"
authority  "u@[::FFFF:1.2.3.4]:99999"
userinfo   "u"
host       "[::FFFF:1.2.3.4]" (ipv6, address ::ffff:1.2.3.4)
port       "99999" (out of 16-bit range)
path       "/a"
segments   ["", "a"]
query      ""
fragment   ""
`},
		{"http://1.2.3.4:/", `  http://1.2.3.4:/
  \__/   \______/^
    |        |   |
scheme authority path
scheme     "http"
authority  "1.2.3.4:"
userinfo   (absent)
host       "1.2.3.4" (ipv4, address 1.2.3.4)
port       ""
path       "/"
segments   ["", ""]
query      (absent)
fragment   (absent)
`},
		{"x://[v1.y]:08", `   x://[v1.y]:08
   ^   \_______/
   |       |
scheme authority
scheme     "x"
authority  "[v1.y]:08"
userinfo   (absent)
host       "[v1.y]" (ipvfuture)
port       "08" (8)
path       ""
segments   []
query      (absent)
fragment   (absent)
`},
		// Rejected: the input, escaped, a caret, the message.
		{"http://a b/", `http://a b/
        ^
uri: invalid character ' ' in host at offset 8
`},
		{"a\tb", `a\tb
 ^
uri: invalid character '\t' in path at offset 1
`},
		{"/é\x00", `/\u00e9\x00
 ^
uri: invalid character 'é' in path at offset 1
`},
		{"http://[::1", `http://[::1
       ^
uri: unterminated IP literal in host at offset 7
`},
	}
	for _, tt := range tests {
		stdout, stderr, code := runCmd(t, "", "parse", "--", tt.in)
		if stdout != tt.want || stderr != "" {
			t.Errorf("parse %q: stderr %q, stdout:\n%s\nwant:\n%s", tt.in, stderr, stdout, tt.want)
		}
		wantCode := 0
		if strings.Contains(tt.want, "uri: ") {
			wantCode = 1
		}
		if code != wantCode {
			t.Errorf("parse %q: exit status %d, want %d", tt.in, code, wantCode)
		}
	}
}

// Several inputs give blocks separated by an empty line, in order.
func TestParseTextBlocks(t *testing.T) {
	want := `  a
  ^
  |
path
scheme     (absent)
authority  (absent)
userinfo   (absent)
host       (absent)
port       (absent)
path       "a"
segments   ["a"]
query      (absent)
fragment   (absent)

b c
 ^
uri: invalid character ' ' in path at offset 1

""
scheme     (absent)
authority  (absent)
userinfo   (absent)
host       (absent)
port       (absent)
path       ""
segments   []
query      (absent)
fragment   (absent)
`
	for _, stdin := range []string{"a\nb c\n\n", "a\r\nb c\r\n\r"} {
		stdout, _, code := runCmd(t, stdin, "parse")
		if stdout != want || code != 1 {
			t.Errorf("stdin %q: exit status %d, stdout:\n%s\nwant:\n%s", stdin, code, stdout, want)
		}
	}
}

func TestAppendVisible(t *testing.T) {
	tests := []struct {
		s    string
		off  int
		want string
		col  int
	}{
		{"", 0, "", 0},
		{"abc", 1, "abc", 1},
		{"abc", 3, "abc", 3},
		{"abc", 5, "abc", 5},
		{`a\b`, 2, `a\b`, 2}, // a backslash stays as it is
		{"\x00b", 1, `\x00b`, 4},
		{"\t\n\r\x7fz", 4, `\t\n\r\x7fz`, 10},
		{"é!", 0, `\u00e9!`, 0},
		{"é!", 1, `\u00e9!`, 0}, // inside a character: its first column
		{"é!", 2, `\u00e9!`, 6},
		{"😀!", 4, `\U0001f600!`, 10},
		{"\xff\xc3!", 1, `\xff\xc3!`, 4},
		{"\u202e!", 3, `\u202e!`, 6},
		{"\xed\xa0\x80", 2, `\xed\xa0\x80`, 8},
	}
	for _, tt := range tests {
		got, col := appendVisible([]byte("x"), tt.s, tt.off)
		if string(got) != "x"+tt.want || col != tt.col {
			t.Errorf("appendVisible(%q, %d) = %s, %d; want %s, %d", tt.s, tt.off, got[1:], col, tt.want, tt.col)
		}
	}
}

// span is a component that the diagram must underline: columns of the
// input and the name under them.
type span struct {
	start, end int
	name       string
}

// wantSpans lists what the diagram of u must underline, from the contract:
// every non-empty scheme, authority, path, query and fragment, without
// delimiters, and an empty authority, query or fragment by its delimiter.
func wantSpans(u uri.URI) []span {
	var spans []span
	s := u.String()
	i := 0
	add := func(n int, name string, delim int) {
		switch {
		case n > 0:
			spans = append(spans, span{i + delim, i + delim + n, name})
		case delim > 0:
			spans = append(spans, span{i, i + delim, name})
		}
		i += delim + n
	}
	if !u.IsRelative() {
		spans = append(spans, span{0, len(u.Scheme()), "scheme"})
		i = len(u.Scheme()) + 1
	}
	if u.HasAuthority() {
		add(len(u.Authority()), "authority", 2)
	}
	add(len(u.Path()), "path", 0)
	if u.HasQuery() {
		add(len(u.Query()), "query", 1)
	}
	if u.HasFragment() {
		add(len(u.Fragment()), "fragment", 1)
	}
	if i != len(s) {
		panic("spans do not cover " + s)
	}
	return spans
}

// checkDiagram checks the diagram part of the block of a valid, non-empty
// input: the underlines are exactly the wanted spans, one "|" within each,
// the names in order on the last line without overlapping, no trailing
// spaces, and nothing starts left of column 0.
func checkDiagram(t *testing.T, u uri.URI, block string) {
	t.Helper()
	lines := strings.Split(block, "\n")
	if len(lines) < 4 {
		t.Fatalf("%q: block too short:\n%s", u, block)
	}
	input, under, pipes, names := lines[0], lines[1], lines[2], lines[3]
	trimmed := strings.TrimLeft(input, " ")
	if trimmed != u.String() {
		t.Fatalf("%q: first line is %q", u, input)
	}
	indent := len(input) - len(trimmed)
	for _, l := range lines[1:4] {
		if strings.TrimRight(l, " ") != l {
			t.Errorf("%q: trailing space in %q", u, l)
		}
	}
	at := func(l string, col int) byte {
		if col < len(l) {
			return l[col]
		}
		return ' '
	}
	spans := wantSpans(u)
	covered := make([]bool, len(u.String())+1)
	for _, sp := range spans {
		n := sp.end - sp.start
		for c := sp.start; c < sp.end; c++ {
			covered[c] = true
			want := byte('_')
			switch {
			case n == 1:
				want = '^'
			case c == sp.start:
				want = '\\'
			case c == sp.end-1:
				want = '/'
			}
			if got := at(under, indent+c); got != want {
				t.Errorf("%q: column %d of %s is %q, want %q\n%s", u, c, sp.name, got, want, block)
			}
		}
		if got := strings.Count(pipes[min(len(pipes), indent+sp.start):min(len(pipes), indent+sp.end)], "|"); got != 1 {
			t.Errorf("%q: %d pipes under %s\n%s", u, got, sp.name, block)
		}
	}
	for c := 0; c < len(under)-indent || c < len(pipes)-indent; c++ {
		if (c >= len(covered) || !covered[c]) && (at(under, indent+c) != ' ' || at(pipes, indent+c) != ' ') {
			t.Errorf("%q: a mark at column %d outside the components\n%s", u, c, block)
		}
	}
	var wantNames []string
	for _, sp := range spans {
		wantNames = append(wantNames, sp.name)
	}
	if got := strings.Fields(names); strings.Join(got, " ") != strings.Join(wantNames, " ") {
		t.Errorf("%q: names %q, want %q\n%s", u, got, wantNames, block)
	}
	if indent > 0 && !strings.HasPrefix(names, spans[0].name) {
		t.Errorf("%q: indented by %d although the first name does not need it\n%s", u, indent, block)
	}
}

var diagramInputs = []string{
	"foo://example.com:8042/over/there?name=ferret#nose",
	"a:b", "a:", "a:?", "a:#", "a:b?c#d", "//", "///", "//a", "//@", "//:", "?", "#", "?#", "/", "a",
	"file:///x", "http://a:/", "http://a?#", "x://[v7.a]", "mailto:a@b", "g;x=1/../y",
	"http://[::1]:80/a/b?c=d&e#f", "s://u:p@h:1/p?q#f", "s://@h", "ab://?#", "a://b/c",
	"ftp://ftp.is.co.za/rfc/rfc1808.txt", "tel:+1-816-555-1212", "news:comp.infosystems.www.servers.unix",
	"urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
	"http://www.ietf.org/rfc/rfc2396.txt#" + strings.Repeat("x", 40),
}

func TestParseTextDiagram(t *testing.T) {
	for _, in := range diagramInputs {
		u := uri.MustParse(in)
		stdout, _, code := runCmd(t, "", "parse", in)
		if code != 0 {
			t.Errorf("%q: exit status %d", in, code)
		}
		checkDiagram(t, u, stdout)
	}
}

// FuzzParse checks parse on any input: --json gives one valid line that
// either reassembles into the input or carries uri.Parse's error, and the
// human-readable output has a correct diagram or a caret under the offending
// byte.
func FuzzParse(f *testing.F) {
	for _, tt := range parseJSONTests {
		f.Add(tt.in)
	}
	for _, in := range diagramInputs {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		u, perr := uri.Parse(in)
		stdout, _, code := runCmd(t, "", "parse", "--json", "--", in)
		if (code == 0) != (perr == nil) {
			t.Fatalf("%q: exit status %d, parse error %v", in, code, perr)
		}
		checkJSONLines(t, stdout, []string{in})
		var v struct {
			OK                     bool
			Scheme, Userinfo, Host *string
			HostType               *string `json:"host_type"`
			Port, Path             *string
			Segments               []string
			Query, Fragment        *string
			Error                  string
			Offset                 *int
		}
		if err := json.Unmarshal([]byte(stdout), &v); err != nil {
			t.Fatal(err)
		}
		if perr != nil {
			var ue *uri.Error
			if !errors.As(perr, &ue) || v.OK || v.Error != ue.Error() || v.Offset == nil || *v.Offset != ue.Offset {
				t.Fatalf("%q: got %s, want error %v", in, stdout, perr)
			}
			human, _, _ := runCmd(t, "", "parse", "--", in)
			lines := strings.Split(human, "\n")
			if len(lines) != 4 || lines[2] != ue.Error() || strings.TrimLeft(lines[1], " ") != "^" {
				t.Fatalf("%q: human output\n%s", in, human)
			}
			if want, _ := appendVisible(nil, in, 0); lines[0] != string(want) {
				t.Fatalf("%q: first line %q, want %q", in, lines[0], want)
			}
			return
		}
		// Reassemble the input from the components (RFC 3986, section 5.3).
		var b strings.Builder
		if v.Scheme != nil {
			b.WriteString(*v.Scheme + ":")
		}
		if v.Host != nil {
			b.WriteString("//")
			if v.Userinfo != nil {
				b.WriteString(*v.Userinfo + "@")
			}
			switch *v.HostType {
			case "ipv6", "ipvfuture":
				if !strings.HasPrefix(*v.Host, "[") || !strings.HasSuffix(*v.Host, "]") {
					t.Fatalf("%q: IP-literal host %q without its brackets (RFC 3986, section 3.2.2)", in, *v.Host)
				}
				b.WriteString(*v.Host)
			case "reg-name", "ipv4":
				b.WriteString(*v.Host)
			default:
				t.Fatalf("%q: host_type %q", in, *v.HostType)
			}
			if v.Port != nil {
				b.WriteString(":" + *v.Port)
			}
		} else if v.HostType != nil || v.Userinfo != nil || v.Port != nil {
			t.Fatalf("%q: no host but %s", in, stdout)
		}
		b.WriteString(*v.Path)
		if v.Query != nil {
			b.WriteString("?" + *v.Query)
		}
		if v.Fragment != nil {
			b.WriteString("#" + *v.Fragment)
		}
		if b.String() != in {
			t.Fatalf("%q: reassembled into %q from %s", in, b.String(), stdout)
		}
		if strings.Join(v.Segments, "/") != *v.Path || (len(v.Segments) == 0) != (*v.Path == "") {
			t.Fatalf("%q: segments %q for path %q", in, v.Segments, *v.Path)
		}
		if in != "" {
			human, _, _ := runCmd(t, "", "parse", "--", in)
			checkDiagram(t, u, human)
		}
	})
}

func BenchmarkParseJSON(b *testing.B) {
	benchmarkCorpus(b, "parse", "--json")
}

func BenchmarkParseText(b *testing.B) {
	benchmarkCorpus(b, "parse")
}

func BenchmarkCheck(b *testing.B) {
	benchmarkCorpus(b, "check")
}

// benchmarkCorpus runs the command on a real URL list, once per iteration,
// and reports lines per second. The list is the kasztp sample of the
// repository's testdata/urls (see its README), or the whole list in the
// directory URI_BENCH_DATA names, as for the library's benchmarks.
func benchmarkCorpus(b *testing.B, args ...string) {
	dir := os.Getenv("URI_BENCH_DATA")
	if dir == "" {
		dir = "../../testdata/urls"
	}
	data, err := os.ReadFile(dir + "/kasztp.txt")
	if err != nil {
		b.Fatal(err)
	}
	lines := strings.Count(string(data), "\n")
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		run(args, strings.NewReader(string(data)), discard{}, discard{})
	}
	b.ReportMetric(float64(lines)*float64(b.N)/b.Elapsed().Seconds(), "lines/s")
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

// The example in parse --help and in the package documentation is what the
// command prints.
func TestDocExamples(t *testing.T) {
	const in = "foo://example.com:8042/over/there?name=ferret#nose"
	want, _, _ := runCmd(t, "", "parse", in)

	help, _, _ := runCmd(t, "", "parse", "--help")
	start := strings.Index(help, "  "+in+"\n")
	end := strings.Index(help, `fragment   "nose"`+"\n")
	if start < 0 || end < 0 || help[start:end+len(`fragment   "nose"`+"\n")] != want {
		t.Errorf("parse --help does not show the output:\n%s\nwant:\n%s", help, want)
	}

	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	var block []string
	lines := strings.Split(string(doc), "\n")
	for i, l := range lines {
		if l == "//\t$ uri parse '"+in+"'" {
			for _, l := range lines[i+1:] {
				if !strings.HasPrefix(l, "//\t") {
					break
				}
				block = append(block, strings.TrimPrefix(l, "//\t")+"\n")
			}
		}
	}
	if got := strings.Join(block, ""); got != want {
		t.Errorf("doc.go shows\n%s\nwant:\n%s", got, want)
	}
}

// appendSegmentsJSON writes the path split at every "/" (RFC 3986, section
// 3.3: segments are separated by "/"), for every path of up to 17 bytes of
// letters and "/", so that a "/" falls at every place of the eight-byte
// words it reads, of the last word, shifted, that holds the bytes after
// them, and of a path shorter than a word.
func TestAppendSegmentsJSON(t *testing.T) {
	for n := 1; n <= 17; n++ {
		for bitsSet := range 1 << n {
			p := make([]byte, n)
			for i := range p {
				p[i] = 'a' + byte(i%26)
				if bitsSet&(1<<i) != 0 {
					p[i] = '/'
				}
			}
			path := string(p)
			want, _ := json.Marshal(strings.Split(path, "/"))
			got := "[" + string(appendSegmentsJSON(nil, path)) + "]"
			if got != string(want) {
				t.Fatalf("%q: %s, want %s", path, got, want)
			}
		}
	}
	if got := appendSegmentsJSON([]byte("x"), ""); string(got) != "x" {
		t.Errorf("empty path: %q, want no segments", got)
	}
}

// writeParseJSONParts, which parse --json uses for inputs of a megabyte and
// more, writes the same line as writeParseJSONURI, whatever component is
// long, and whether it spills to the output or not; and writeParseJSONURI
// writes it too for a URI that is not of the input's memory (which it
// does not copy its components from).
func TestParseJSONParts(t *testing.T) {
	long := func(unit string, n int) string { return strings.Repeat(unit, n/len(unit)+1) }
	inputs := []string{
		"http://a/", "foo://example.com:8042/over/there?name=ferret#nose", "", "a", "//h", "/", "?", "#",
		"mailto:x@y", "http://[::1]:80/p/../q?x#y", "http://u:p@h/", "file:///tmp/a%20b", "s:a:b/c//d/",
		"http://h:/", "//@h:", "s:?#", "s://[v7.a:b]:65536?", "//1.2.3.4:8#", "s://h/" + long("0123456789abcdef/", 100) + "?#x",
		"a-much-longer-scheme+with.dots://a-much-longer-userinfo:with-a-password@a.much.longer.host.name:12345/p",
		"http://h/?" + long("q", 10<<10) + "#f", "http://h/" + long("p/", 10<<10) + "?q", "//" + long("h", 200<<10) + "/" + long("p", 200<<10),
		"http://a/" + long("b/", 3<<20), "http://" + long("ab.", 2<<20) + "/p", "http://" + long("u:", 1<<20) + "@h/",
		"/p?" + long("k=v&", 2<<20) + "#f", "x:" + long("/./", 1<<20), "//h#" + long("f/?", 1<<20),
		long("%41", 1<<20), "http://[" + "::1" + "]/" + long("a", 5<<20),
	}
	for _, in := range inputs {
		u, err := uri.Parse(in)
		if err != nil {
			t.Fatalf("%.40q: %v", in, err)
		}
		var want, got bytes.Buffer
		e := newEnv(nil, &want, io.Discard, terminal{})
		writeParseJSONURI(&e.sink, in, u)
		e.out.Flush()
		e = newEnv(nil, &got, io.Discard, terminal{})
		writeParseJSONParts(&e.sink, in, u)
		e.out.Flush()
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			t.Errorf("%.40q (%d bytes): parts write %d bytes, writeParseJSONURI %d, or they differ", in, len(in), got.Len(), want.Len())
		}
		got.Reset()
		e = newEnv(nil, &got, io.Discard, terminal{})
		writeParseJSONURI(&e.sink, strings.Clone(in), u)
		e.out.Flush()
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			t.Errorf("%.40q (%d bytes): with the input in other memory, writeParseJSONURI writes %d bytes, not %d, or they differ", in, len(in), got.Len(), want.Len())
		}
		if !json.Valid(bytes.TrimSuffix(got.Bytes(), []byte("\n"))) {
			t.Errorf("%.40q: not one JSON value", in)
		}
	}
}

// TestLineKeysRoom holds writeParseJSONURI's room to its reckoning: the
// keys, nulls and quotes of a line, in the longest combination its
// branches can write, and endJSON's "}\n", take less than the 320 bytes
// that the room adds to the input and its components (the words written
// whole take lineKeySize more, which the room adds too). A longer key
// would let the line's words write past the room.
func TestLineKeysRoom(t *testing.T) {
	l := func(ks ...*lineKey) (n int) {
		for _, k := range ks {
			n += k.n
		}
		return n
	}
	hostType := 0
	for i := range hostTypeKeys {
		hostType = max(hostType, hostTypeKeys[i].n)
	}
	authority := max(l(&keyLineUserinfo, &keyLineHost), l(&keyLineNoUserinfo)) + hostType +
		max(l(&keyLineQuote, &keyLinePath), l(&keyLineNullPath))
	fixed := l(&keyLineInput) +
		max(l(&keyLineScheme, &keyLineQuote), l(&keyLineNoScheme)) +
		max(authority, l(&keyLineNoAuthority, &keyLineNoPort)) +
		l(&keyLineSegments) + len(`""`) + // the segments' quotes (appendSegmentsJSON)
		max(l(&keyLineQuery, &keyLineFragment), l(&keyLineNoQuery)) +
		max(l(&keyLineQuote, &keyLineQuote), l(&keyLineNull)) +
		len("}\n")
	if fixed >= 320 {
		t.Errorf("a line's keys take up to %d bytes; writeParseJSONURI's room allows 320", fixed)
	}
	t.Logf("a line's keys take up to %d bytes of 320", fixed)
}

// parse shows the host as RFC 3986's host rule has it (section 3.2.2:
// IP-literal = "[" ( IPv6address / IPvFuture ) "]"), the same string as
// URI.Host and get's {host}, in its text and its JSON.
func TestParseHostAgrees(t *testing.T) {
	for _, in := range []string{"http://[::1]/", "x://[v7.a:b]:8/", "http://[2001:DB8::7]/", "http://127.0.0.1/", "http://Example.com/"} {
		u, err := uri.Parse(in)
		if err != nil {
			t.Fatal(err)
		}
		want := u.Host()
		get, _, _ := runCmd(t, "", "get", "{host}", in)
		if get != want+"\n" {
			t.Errorf("get {host} %q = %q, want %q", in, get, want)
		}
		out, _, _ := runCmd(t, "", "parse", "--json", in)
		var v struct{ Host string }
		if err := json.Unmarshal([]byte(out), &v); err != nil || v.Host != want {
			t.Errorf("parse --json %q: host %q (%v), want %q", in, v.Host, err, want)
		}
		text, _, _ := runCmd(t, "", "parse", in)
		if !strings.Contains(text, "\nhost       \""+want+"\" (") {
			t.Errorf("parse %q:\n%s\nwant the host %q", in, text, want)
		}
	}
}
