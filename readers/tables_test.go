package readers

import (
	"errors"
	"testing"
)

// fields is what a table test expects of a Reading: each component, nil
// when absent.
type fields struct {
	scheme, userinfo, host, port, path, query, fragment *string
}

// s is a present component.
func s(v string) *string { return &v }

// tableCase is one row of a reader's table: the input, and the real
// parser's error or its fields.
type tableCase struct {
	in   string
	err  bool
	want fields
}

// checkTable reads each input with read and compares with the row, which
// records what the real parser gave.
func checkTable(t *testing.T, name string, read func(string) Reading, table []tableCase) {
	t.Helper()
	for _, c := range table {
		r := read(c.in)
		if c.err {
			var e *Error
			if r.Err == nil {
				t.Errorf("%s(%q) = %+v, want an error", name, c.in, r)
			} else if !errors.As(r.Err, &e) || e.Reader != name || e.Offset < 0 || e.Offset > len(c.in) {
				t.Errorf("%s(%q): error %#v is not a *readers.Error of this reader with an offset in the input", name, c.in, r.Err)
			}
			continue
		}
		if r.Err != nil {
			t.Errorf("%s(%q): error %v, want %s", name, c.in, r.Err, showFields(c.want))
			continue
		}
		got := fields{}
		vals := [7]string{r.Scheme, r.Userinfo, r.Host, r.Port, r.Path, r.Query, r.Fragment}
		ptrs := [7]**string{&got.scheme, &got.userinfo, &got.host, &got.port, &got.path, &got.query, &got.fragment}
		for i, p := range ptrs {
			if r.Has&(Parts(1)<<i) != 0 {
				*p = &vals[i]
			}
		}
		if showFields(got) != showFields(c.want) {
			t.Errorf("%s(%q)\n got %s\nwant %s", name, c.in, showFields(got), showFields(c.want))
		}
	}
}

func showFields(f fields) string {
	out := ""
	names := [7]string{"scheme", "userinfo", "host", "port", "path", "query", "fragment"}
	for i, p := range [7]*string{f.scheme, f.userinfo, f.host, f.port, f.path, f.query, f.fragment} {
		if p == nil {
			out += names[i] + "=nil "
		} else {
			out += names[i] + "=" + quote(*p) + " "
		}
	}
	return out
}

func quote(v string) string {
	b := []byte{'"'}
	for i := 0; i < len(v); i++ {
		c := v[i]
		if c < ' ' || c >= 0x7f || c == '"' || c == '\\' {
			b = append(b, '\\', 'x', "0123456789abcdef"[c>>4], "0123456789abcdef"[c&15])
		} else {
			b = append(b, c)
		}
	}
	return string(append(b, '"'))
}
