package main

import (
	"strconv"
	"strings"
	"testing"
)

func TestSchemeCommands(t *testing.T) {
	runCmdTests(t, []cmdTest{
		// RFC 8089: a drive letter (section E.2) and a UNC share (E.3).
		{"file-path windows", "", []string{"file-path", "--os", "windows", "file:///C:/Program%20Files/x.txt", "file://server/share/f", "file:c:/x"},
			"C:\\Program Files\\x.txt\n\\\\server\\share\\f\nc:\\x\n", "", 0},
		{"file-path posix", "", []string{"file-path", "--os", "posix", "file:///etc/hosts", "file://localhost/a%20b", "file://remote/x"},
			"/etc/hosts\n/a b\n", "file://remote/x: fileuri: host is not local and POSIX paths have no host at offset 7\n", 1},
		// RFC 8089, Appendix E.2.2 and E.4: not RFC 3986 URIs, read on Windows.
		{"file-path appendix E", "", []string{"file-path", "--os", "windows", "file:///c|/path/to/file", `file:///c:\a\b`},
			"c:\\path\\to\\file\nc:\\a\\b\n", "", 0},
		{"file-path appendix E posix", "", []string{"file-path", "--json", "--os", "posix", "file:///c|/path/to/file"},
			`{"input":"file:///c|/path/to/file","ok":false,"error":"fileuri: invalid path: invalid character '|' in path at offset 9","offset":9}` + "\n", "", 1},
		{"file-path json", "", []string{"file-path", "--json", "--os", "posix", "http://a/"},
			`{"input":"http://a/","ok":false,"error":"fileuri: scheme is not \"file\" at offset 0","offset":0}` + "\n", "", 1},
		{"from-path", "", []string{"from-path", "--os", "windows", `\\server\share\a b.txt`, `C:\a#b`},
			"file://server/share/a%20b.txt\nfile:///C:/a%23b\n", "", 0},
		{"from-path relative", "", []string{"from-path", "--os", "posix", "a/b"}, "", "a/b: fileuri: path is not absolute at offset 0\n", 1},
		// The Fetch Standard's data: URL processor (web-platform-tests
		// data-urls.json: "data:,X" is text/plain;charset=US-ASCII).
		{"data", "", []string{"data", "data:,X", "data:text/plain;base64,WA=="},
			"text/plain;charset=US-ASCII WA==\ntext/plain WA==\n", "", 0},
		// --body: the decoded bytes as they are (web-platform-tests
		// data-urls.json: "data:,X%20" is "X ", base64 "WA==" is "X").
		{"data body", "", []string{"data", "--body", "data:,X%20", "data:text/plain;base64,WA==", "data:;base64,AP8KDQ==", "data:x", "data:,%E2%82%AC"},
			"X X\x00\xff\n\r\u20ac", "data:x: dataurl: no ',' before the body at offset 6\n", 1},
		{"data body after the input", "", []string{"data", "data:,a", "--body"}, "a", "", 0},
		{"data body from lines", "data:,a%0A\ndata:,b\n", []string{"data", "--body"}, "a\nb", "", 0},
		{"data body and json", "", []string{"data", "--body", "--json", "data:,a"}, "",
			"uri data: --body and --json write different things: choose one\nUsage: uri data [--json | --body] [--max-line n] [-j n] [URI...]\nRun \"uri data --help\" for more.\n", 2},
		{"data json", "", []string{"data", "--json", "data:x"},
			`{"input":"data:x","ok":false,"error":"dataurl: no ',' before the body at offset 6","offset":6}` + "\n", "", 1},
		// RFC 6068: to in the path and in "to" fields, decoded fields in order.
		{"mailto json", "", []string{"mailto", "--json", "mailto:a@example.org?to=b@example.org&subject=Hi%20there&cc=c@example.org&body=x%0D%0Ay"},
			`{"input":"mailto:a@example.org?to=b@example.org&subject=Hi%20there&cc=c@example.org&body=x%0D%0Ay","ok":true,"to":["a@example.org","b@example.org"],"subject":"Hi there","body":"x\r\ny","headers":[["cc","c@example.org"]]}` + "\n", "", 0},
		// RFC 6068, section 2: a field's percent-encoded octets are UTF-8
		// text, shown as it is; control characters and invisible
		// characters stay visible as escapes.
		{"mailto text non-ASCII", "", []string{"mailto", "mailto:a@example.org?subject=caf%C3%A9&body=%E6%97%A5%1B%E2%80%8Bx%0D%0Ay"},
			"To: a@example.org\nSubject: café\n\n日\\x1b\\u200bx\\r\ny\n", "", 0},
		// RFC 6068, section 2: every address is an addr-spec.
		{"mailto bad address", "", []string{"mailto", "mailto:bad", "mailto:a@example.org"},
			"To: a@example.org\n", "mailto:bad: mailto: invalid address \"bad\": no \"@\" at offset 7\n", 1},
		// RFC 8141, section 3.1: "urn:", the NID and hex case do not count,
		// nor the r-, q- and f-components.
		{"urn", "", []string{"urn", "URN:ISBN:0-395-36341-1?=q#f", "urn:example:a%2fb"},
			"urn:isbn:0-395-36341-1\nurn:example:a%2Fb\n", "", 0},
		{"urn json", "", []string{"urn", "--json", "urn:example:x?+r", "urn:x:y"},
			`{"input":"urn:example:x?+r","ok":true,"nid":"example","nss":"x","r_component":"r","q_component":null,"f_component":null,"key":"urn:example:x"}` + "\n" +
				`{"input":"urn:x:y","ok":false,"error":"urn: invalid NID at offset 4","offset":4}` + "\n", "", 1},
	})
}

// appendDecodedText shows characters as they are and escapes, as
// appendVisible does, what a terminal would act on or not show.
func TestAppendDecodedText(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"café", "café"},
		{"a\tb\x1b[31m\x7f", `a\tb\x1b[31m\x7f`},
		{"\xffx\xe6\x97", `\xffx\xe6\x97`},
		{"\u200b\u2028\u00a0 日本", `\u200b\u2028\u00a0 日本`},
	} {
		if got := string(appendDecodedText(nil, tt.in)); got != tt.want {
			t.Errorf("appendDecodedText(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// data --body writes the bodies in input order on every core count, with a
// body larger than a chunk of lines among them.
func TestDataBodyParallel(t *testing.T) {
	var in, want strings.Builder
	for i := range 20000 {
		body := strconv.Itoa(i) + ";"
		if i == 7777 {
			body = strings.Repeat("z", 300<<10)
		}
		in.WriteString("data:," + body + "\n")
		want.WriteString(body)
	}
	for _, jobs := range []string{"1", "2", "4"} {
		got, stderr, code := runCmd(t, in.String(), "data", "--body", "-j", jobs)
		if got != want.String() || stderr != "" || code != 0 {
			t.Errorf("-j %s: exit status %d, stderr %q, output of %d bytes (want %d), equal %v", jobs, code, stderr, len(got), want.Len(), got == want.String())
		}
	}
}
