package dataurl

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"testing"
)

// TestWPTDataURLs runs every case of testdata/data-urls.json (web-platform-tests
// fetch/data-urls/resources): [input, MIME type or null for failure or "" for
// the default, body bytes].
func TestWPTDataURLs(t *testing.T) {
	cases := readCases(t, "testdata/data-urls.json")
	pass := 0
	for _, c := range cases {
		var input string
		var mime *string
		var body []int
		if err := json.Unmarshal(c[0], &input); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(c[1], &mime); err != nil {
			t.Fatal(err)
		}
		if len(c) > 2 {
			if err := json.Unmarshal(c[2], &body); err != nil {
				t.Fatal(err)
			}
		}
		d, err := Parse(input)
		if mime == nil {
			if err == nil {
				t.Errorf("Parse(%q) = %q %v, want failure", input, d.MIMEType, d.Body)
				continue
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Errorf("Parse(%q): error %T is not an *Error", input, err)
				continue
			}
			pass++
			continue
		}
		if err != nil {
			t.Errorf("Parse(%q): %v", input, err)
			continue
		}
		want := *mime
		if want == "" {
			want = "text/plain;charset=US-ASCII"
		}
		wb := make([]byte, len(body))
		for i, b := range body {
			wb[i] = byte(b)
		}
		if got := d.MIMEType.String(); got != want || !bytes.Equal(d.Body, wb) {
			t.Errorf("Parse(%q) = %q %v, want %q %v", input, got, d.Body, want, wb)
			continue
		}
		pass++
	}
	t.Logf("data-urls.json: %d/%d pass", pass, len(cases))
}

// TestWPTBase64 runs every case of testdata/base64.json: [input, bytes or null].
func TestWPTBase64(t *testing.T) {
	cases := readCases(t, "testdata/base64.json")
	pass := 0
	for _, c := range cases {
		var input string
		var want *[]int
		if err := json.Unmarshal(c[0], &input); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(c[1], &want); err != nil {
			t.Fatal(err)
		}
		got, err := DecodeBase64(input)
		if want == nil {
			if err == nil {
				t.Errorf("DecodeBase64(%q) = %v, want failure", input, got)
			} else if !errors.Is(err, ErrBase64) {
				t.Errorf("DecodeBase64(%q): %v is not ErrBase64", input, err)
			} else {
				pass++
			}
			continue
		}
		if err != nil {
			t.Errorf("DecodeBase64(%q): %v", input, err)
			continue
		}
		wb := make([]byte, len(*want))
		for i, b := range *want {
			wb[i] = byte(b)
		}
		if !bytes.Equal(got, wb) {
			t.Errorf("DecodeBase64(%q) = %v, want %v", input, got, wb)
			continue
		}
		pass++
	}
	t.Logf("base64.json: %d/%d pass", pass, len(cases))
}

// readCases reads a WPT file of arrays, each element left as raw JSON.
func readCases(t *testing.T, name string) [][]json.RawMessage {
	t.Helper()
	raw, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	var cases [][]json.RawMessage
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	return cases
}
