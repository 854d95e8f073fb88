package main

import "testing"

func TestCheck(t *testing.T) {
	tests := []cmdTest{
		{"valid arguments", "", []string{"check", "http://a/", "", "?#"}, "", "", 0},
		{"valid lines", "http://a/\n\nb\r\n", []string{"check"}, "", "", 0},
		{"rejected arguments", "", []string{"check", "a", "http://a b/", "%zz", "b"}, "",
			"http://a b/: uri: invalid character ' ' in host at offset 8\n" +
				"%zz: uri: invalid percent-encoding \"%zz\" in path at offset 0\n", 1},
		{"rejected lines", "a\nb c\r\nd\n:x", []string{"check"}, "",
			"b c: uri: invalid character ' ' in path at offset 1\n" +
				":x: uri: empty scheme at offset 0\n", 1},
		{"escaped input", "", []string{"check", "a\x00\x1b[2J", "é"}, "",
			"a\\x00\\x1b[2J: uri: invalid character '\\x00' in path at offset 1\n" +
				"\\u00e9: uri: invalid character 'é' in path at offset 0\n", 1},
		{"rule", "", []string{"check", "--rule", "absolute", "a:b", "a:b#c", "b"}, "",
			"a:b#c: uri: fragment not allowed in an absolute URI at offset 3\n" +
				"b: uri: missing scheme at offset 0\n", 1},
		{"json", "a\nb c\n\n", []string{"check", "--json"},
			`{"input":"a","ok":true}` + "\n" +
				`{"input":"b c","ok":false,"error":"uri: invalid character ' ' in path at offset 1","offset":1}` + "\n" +
				`{"input":"","ok":true}` + "\n", "", 1},
		{"json valid", "", []string{"check", "--json", "--rule", "relative", "//a", "b"},
			`{"input":"//a","ok":true}` + "\n" + `{"input":"b","ok":true}` + "\n", "", 0},
		{"json rule", "", []string{"check", "--json", "--rule=uri", "//a"},
			`{"input":"//a","ok":false,"error":"uri: missing scheme at offset 0","offset":0}` + "\n", "", 1},
	}
	runCmdTests(t, tests)
}

// check --json writes for a rejected input the line parse --json writes.
func TestCheckJSONMatchesParse(t *testing.T) {
	for _, tt := range parseJSONTests {
		check, _, _ := runCmd(t, "", "check", "--json", "--", tt.in)
		parse, _, _ := runCmd(t, "", "parse", "--json", "--", tt.in)
		if check[:len(`{"input":`)] != parse[:len(`{"input":`)] {
			t.Fatalf("%q: %s", tt.in, check)
		}
		if parse != tt.want+"\n" {
			continue // TestParseJSON reports it
		}
		valid := len(check) < len(parse)
		if !valid && check != parse || valid && check[len(check)-len(`"ok":true}`)-1:] != `"ok":true}`+"\n" {
			t.Errorf("%q: check --json gives %s, parse --json %s", tt.in, check, parse)
		}
	}
}
