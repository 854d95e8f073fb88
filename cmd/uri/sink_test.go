package main

import (
	"bufio"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/ferret-go/uri"
)

// Keys of the nested values the tests build, shaped as the coming commands'
// output: a list of findings, a query as its pairs.
const (
	keyFindings jsonKey = `"findings":`
	keyCode     jsonKey = `"code":`
	keyKey      jsonKey = `"key":`
	keyValue    jsonKey = `"value":`
	keyNested   jsonKey = `"nested":`
	keyEmpty    jsonKey = `"empty":`
)

// testSink returns a sink that writes standard output to out.
func testSink(out *strings.Builder) *sink {
	s := &sink{}
	s.outw.w, s.errw.w = out, out
	s.out = bufio.NewWriter(&s.outw)
	s.err = bufio.NewWriter(&s.errw)
	return s
}

// The separators follow from what was written last, so nested objects and
// arrays, empty or not, give valid JSON (RFC 8259) that decodes to what was
// written.
func TestJSONNesting(t *testing.T) {
	tests := []struct {
		name  string
		input string
		build func(j *jsonLine)
		want  string
		value map[string]any // what want decodes to
	}{
		{"no more members", "a", func(j *jsonLine) {},
			`{"input":"a"}`, map[string]any{"input": "a"}},
		{"array of objects", "x", func(j *jsonLine) {
			j.key(keyOK).boolean(false)
			j.key(keyFindings).beginArray()
			for i, code := range []string{"a \"b\"", "c\\d"} {
				j.beginObject()
				j.key(keyCode).str(code)
				j.key(keyOffset).integer(i * 10)
				j.endObject()
			}
			j.endArray()
		}, `{"input":"x","ok":false,"findings":[{"code":"a \"b\"","offset":0},{"code":"c\\d","offset":10}]}`,
			map[string]any{"input": "x", "ok": false, "findings": []any{
				map[string]any{"code": "a \"b\"", "offset": 0.0},
				map[string]any{"code": "c\\d", "offset": 10.0},
			}}},
		{"query pairs", "?a=1&b&=\xff", func(j *jsonLine) {
			j.key(keyQuery).beginArray()
			for _, kv := range [][2]string{{"a", "1"}, {"b", ""}, {"", "\xff"}} {
				j.beginObject()
				j.key(keyKey).str(kv[0])
				j.key(keyValue).str(kv[1])
				j.endObject()
			}
			j.endArray()
			j.key(keyOK).boolean(true)
		}, `{"input":"?a=1&b&=\ufffd","input_b64":"P2E9MSZiJj3/","query":[{"key":"a","value":"1"},{"key":"b","value":""},{"key":"","value":"\ufffd"}],"ok":true}`,
			map[string]any{"input": "?a=1&b&=\ufffd", "input_b64": "P2E9MSZiJj3/", "ok": true, "query": []any{
				map[string]any{"key": "a", "value": "1"},
				map[string]any{"key": "b", "value": ""},
				map[string]any{"key": "", "value": "\ufffd"},
			}}},
		{"empty containers", "", func(j *jsonLine) {
			j.key(keyFindings).beginArray()
			j.endArray()
			j.key(keyEmpty).beginObject()
			j.endObject()
			j.key(keyOK).boolean(true)
		}, `{"input":"","findings":[],"empty":{},"ok":true}`,
			map[string]any{"input": "", "findings": []any{}, "empty": map[string]any{}, "ok": true}},
		{"arrays in arrays", "n", func(j *jsonLine) {
			j.key(keySegments).beginArray()
			j.beginArray()
			j.endArray()
			j.beginArray()
			j.plain("")
			j.endArray()
			j.beginArray()
			j.null()
			j.boolean(true)
			j.integer(-1)
			j.plainOrNull("p", true)
			j.plainOrNull("", false)
			j.endArray()
			j.endArray()
		}, `{"input":"n","segments":[[],[""],[null,true,-1,"p",null]]}`,
			map[string]any{"input": "n", "segments": []any{
				[]any{}, []any{""}, []any{nil, true, -1.0, "p", nil},
			}}},
		{"objects in objects", "o", func(j *jsonLine) {
			j.key(keyNested).beginObject()
			j.key(keyNested).beginObject()
			j.key(keyEmpty).beginObject()
			j.endObject()
			j.endObject()
			j.key(keyHost).plain("h")
			j.endObject()
			j.key(keyPort).null()
		}, `{"input":"o","nested":{"nested":{"empty":{}},"host":"h"},"port":null}`,
			map[string]any{"input": "o", "port": nil, "nested": map[string]any{
				"nested": map[string]any{"empty": map[string]any{}}, "host": "h",
			}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out strings.Builder
			s := testSink(&out)
			// A longer line first: the buffer is reused, and nothing of
			// the previous line may remain.
			j := s.beginJSON(strings.Repeat("z", 100))
			j.key(keyFindings).beginArray()
			j.endArray()
			s.endJSON(j)
			s.out.Flush()
			out.Reset()

			j = s.beginJSON(tt.input)
			tt.build(j)
			s.endJSON(j)
			s.out.Flush()
			got := out.String()
			if got != tt.want+"\n" {
				t.Fatalf("got  %s\nwant %s", got, tt.want)
			}
			if !json.Valid([]byte(got)) {
				t.Fatalf("not valid JSON: %s", got)
			}
			var v map[string]any
			if err := json.Unmarshal([]byte(got), &v); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(v, tt.value) {
				t.Errorf("decodes to %#v, want %#v", v, tt.value)
			}
		})
	}
}

// Once its buffer has grown, the sink writes a nested line without
// allocating.
func TestJSONNestingAllocs(t *testing.T) {
	var s sink
	s.outw.w = discard{}
	s.out = bufio.NewWriter(&s.outw)
	line := func() {
		j := s.beginJSON("http://a/?x=1&y=2")
		j.key(keyQuery).beginArray()
		for _, kv := range [][2]string{{"x", "1"}, {"y", "2"}} {
			j.beginObject()
			j.key(keyKey).str(kv[0])
			j.key(keyValue).str(kv[1])
			j.endObject()
		}
		j.endArray()
		s.endJSON(j)
	}
	line()
	if n := testing.AllocsPerRun(100, line); n != 0 {
		t.Errorf("%v allocations per line, want 0", n)
	}
}

// The sink writes the same input in the text form or the JSON form,
// depending on --json alone.
func TestSinkForms(t *testing.T) {
	_, errRejected := uri.Parse("a\x00")
	tests := []struct {
		json           bool
		write          func(s *sink)
		stdout, stderr string
	}{
		{false, func(s *sink) { s.valid("a") }, "", ""},
		{true, func(s *sink) { s.valid("a") }, `{"input":"a","ok":true}` + "\n", ""},
		{false, func(s *sink) { s.rejected("a\x00", errRejected) }, "", "a\\x00: " + errRejected.Error() + "\n"},
		{true, func(s *sink) { s.rejected("a\x00", errRejected) },
			`{"input":"a\u0000","ok":false,"error":` + string(appendJSONString(nil, errRejected.Error())) + `,"offset":1}` + "\n", ""},
	}
	for i, tt := range tests {
		var out, errb strings.Builder
		s := &sink{json: tt.json}
		s.outw.w, s.errw.w = &out, &errb
		s.out, s.err = bufio.NewWriter(&s.outw), bufio.NewWriter(&s.errw)
		tt.write(s)
		s.finish(exitOK)
		if out.String() != tt.stdout || errb.String() != tt.stderr {
			t.Errorf("%d: stdout %q, stderr %q; want %q, %q", i, out.String(), errb.String(), tt.stdout, tt.stderr)
		}
	}
}
