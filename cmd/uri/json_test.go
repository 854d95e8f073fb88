package main

import (
	"encoding/base64"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestAppendJSONString(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", `""`},
		{"http://a/b?c#d", `"http://a/b?c#d"`},
		{`a"b\c`, `"a\"b\\c"`},
		{"\n\r\t\b\f", `"\n\r\t\b\f"`},
		{"\x00\x01\x1b\x1f", `"\u0000\u0001\u001b\u001f"`},
		{"\x7f", "\"\x7f\""}, // DEL needs no escape in JSON
		{" ~", `" ~"`},
		{"é€😀", `"é€😀"`},
		{"a\xffb", `"a\ufffdb"`},
		{"\xc3", `"\ufffd"`},                     // truncated sequence
		{"\xc3(", `"\ufffd("`},                   // bad continuation
		{"\xed\xa0\x80", `"\ufffd\ufffd\ufffd"`}, // a surrogate, one U+FFFD per byte
		{"\xc0\xaf", `"\ufffd\ufffd"`},           // overlong
		{"\u2028x\u2029", `"\u2028x\u2029"`},
		{"\ufffd", "\"\ufffd\""}, // a real U+FFFD stays as it is
	}
	for _, tt := range tests {
		got := string(appendJSONString([]byte("prefix"), tt.in))
		if got != "prefix"+tt.want {
			t.Errorf("appendJSONString(%q) = %s, want %s", tt.in, got[len("prefix"):], tt.want)
		}
	}
}

// decodesAs checks that line is one valid JSON string whose value is s with
// every byte that is not valid UTF-8 replaced by U+FFFD, as encoding/json
// would write s.
func decodesAs(t *testing.T, line []byte, s string) {
	t.Helper()
	var got string
	if err := json.Unmarshal(line, &got); err != nil {
		t.Fatalf("%q gave %q, not valid JSON: %v", s, line, err)
	}
	if want := string([]rune(s)); got != want {
		t.Fatalf("%q gave %q, which decodes to %q, want %q", s, line, got, want)
	}
	want, _ := json.Marshal(s)
	var fromStd string
	json.Unmarshal(want, &fromStd)
	if got != fromStd {
		t.Fatalf("%q decodes to %q, encoding/json's to %q", s, got, fromStd)
	}
	for _, c := range line {
		if c < 0x20 {
			t.Fatalf("%q gave %q, with a raw control byte", s, line)
		}
	}
	if !utf8.Valid(line) {
		t.Fatalf("%q gave %q, not valid UTF-8", s, line)
	}
}

func FuzzAppendJSONString(f *testing.F) {
	for _, s := range []string{"", "a\"\\", "\x00\x1f\x7f", "\xff\xc3", "é\u2028", "\xed\xa0\x80"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		decodesAs(t, appendJSONString(nil, s), s)
	})
}

// hostile are inputs meant to break the JSON or the terminal.
var hostile = []string{
	"",
	"\x00",
	"a\x00b",
	"\xff",
	"http://a/\xc3\xa9",
	"http://a/\xc3",
	`"`,
	`a"b`,
	`\`,
	`http://a\b`,
	`\u0000`,
	"\u2028",
	"http://a/\u2029",
	"\t\n\r\b\f",
	"\x1b[2J",
	"\u202e",
	"%",
	"%\xff",
	"%\xc3\xa9",
	"http://[::1",
	"http://[\x00]",
	"{\"ok\":true}",
	"</script>",
}

// Every line of --json output is one valid JSON object whose "input" is the
// input, with U+FFFD for bytes that are not UTF-8, for hostile inputs given
// as arguments or on standard input.
func TestJSONHostile(t *testing.T) {
	for _, cmd := range []string{"parse", "check"} {
		stdout, stderr, _ := runCmd(t, "", append([]string{cmd, "--json", "--"}, hostile...)...)
		checkJSONLines(t, stdout, hostile)
		if stderr != "" {
			t.Errorf("%s: stderr %q", cmd, stderr)
		}
		// On standard input, inputs cannot hold "\n", and a "\r" before it goes.
		var lines []string
		for _, h := range hostile {
			if !strings.ContainsAny(h, "\r\n") {
				lines = append(lines, h)
			}
		}
		stdout, _, _ = runCmd(t, strings.Join(lines, "\n"), cmd, "--json")
		checkJSONLines(t, stdout, lines)
	}
}

func checkJSONLines(t *testing.T, stdout string, inputs []string) {
	t.Helper()
	if !strings.HasSuffix(stdout, "\n") {
		t.Fatalf("output does not end with a newline: %q", stdout)
	}
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	if len(lines) != len(inputs) {
		t.Fatalf("%d lines for %d inputs:\n%s", len(lines), len(inputs), stdout)
	}
	for i, line := range lines {
		var v map[string]any
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			t.Errorf("line %d is not valid JSON: %v\n%s", i, err, line)
			continue
		}
		if v["input"] != string([]rune(inputs[i])) {
			t.Errorf("line %d: input %q, want %q", i, v["input"], inputs[i])
		}
		// The exact bytes of an input that is not UTF-8 are in input_b64
		// (issue 15), and only then.
		b64, hasB64 := v["input_b64"].(string)
		if hasB64 == utf8.ValidString(inputs[i]) {
			t.Errorf("line %d: input_b64 %q for input %q", i, b64, inputs[i])
		}
		if raw, err := base64.StdEncoding.DecodeString(b64); hasB64 && (err != nil || string(raw) != inputs[i]) {
			t.Errorf("line %d: input_b64 %q decodes to %q (%v), want %q", i, b64, raw, err, inputs[i])
		}
		// The input, decoded, must be what appendJSONString promises.
		j := strings.Index(line, `,"ok":`)
		if k := strings.Index(line, `,"input_b64":`); k >= 0 && k < j {
			j = k
		}
		decodesAs(t, []byte(line[len(`{"input":`):j]), inputs[i])
	}
}

// A long string is written in parts (jsonLine.parts) with the bytes that
// appendJSONString writes for it whole: parts never end inside a UTF-8
// sequence, whatever the bytes around the cut are.
func TestStrParts(t *testing.T) {
	units := []string{"a", "é", "€", "😀", "\xff", "\xe2\x82", "\x80\x80\x80\x80\x80", "\"\\\n\x01", "\u2028"}
	for seed := range 12 {
		var b strings.Builder
		for i := 0; b.Len() < 2<<20+seed*977; i++ {
			b.WriteString(units[(i*7+seed*i/3+seed)%len(units)])
		}
		v := b.String()
		var got strings.Builder
		e := newEnv(nil, &got, io.Discard, terminal{})
		j := e.startLine(e.out.Size() + 1)
		j.b = append(j.b, '[')
		j.str(v)
		j.b = append(j.b, ']')
		e.endJSON(j)
		e.out.Flush()
		want := "[" + string(appendJSONString(nil, v)) + "]}\n"
		if got.String() != want {
			t.Fatalf("seed %d: %d bytes written, want %d, or they differ", seed, got.Len(), len(want))
		}
	}
}
