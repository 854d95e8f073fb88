package readers

import (
	"fmt"
	"strings"
	"testing"
)

// checkReading is what every reading must satisfy whatever the input:
// an error is a *Error of that reader with an offset in the input; else a
// component that is not present is empty, and a port is ASCII digits.
func checkReading(t *testing.T, name, in string, r Reading) {
	t.Helper()
	if r.Err != nil {
		e, ok := r.Err.(*Error)
		if !ok || e.Reader != name || e.Offset < -1 || e.Offset > len(in) || e.Component == "" ||
			e.Offset == -1 && !strings.HasPrefix(name, "curl") {
			t.Fatalf("%s(%s): error %#v", name, short(in), r.Err)
		}
		return
	}
	vals := [7]string{r.Scheme, r.Userinfo, r.Host, r.Port, r.Path, r.Query, r.Fragment}
	for i, v := range vals {
		if r.Has&(Parts(1)<<i) == 0 && v != "" {
			t.Fatalf("%s(%q): component %d is %q but not present", name, in, i, v)
		}
	}
	if strings.Trim(r.Port, "0123456789") != "" {
		t.Fatalf("%s(%q): port %q", name, in, r.Port)
	}
}

// short quotes s for a message, cut to 80 bytes.
func short(s string) string {
	if len(s) > 80 {
		return fmt.Sprintf("%q... (%d bytes)", s[:80], len(s))
	}
	return fmt.Sprintf("%q", s)
}

func fuzzReader(f *testing.F, name string, read func(string) Reading, table []tableCase) {
	for _, c := range table {
		f.Add(c.in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		checkReading(t, name, in, read(in))
	})
}

func FuzzPython(f *testing.F) { fuzzReader(f, "python", Python, pythonTable) }

// TestLinear reads long hostile strings: each reader must finish in time
// linear in the input (a quadratic reader would take minutes here).
func TestLinear(t *testing.T) {
	const n = 1 << 20
	inputs := []string{
		"http://" + strings.Repeat("[", n),
		"http://" + strings.Repeat("@", n),
		"http://" + strings.Repeat(":", n),
		"http://[" + strings.Repeat("::", n) + "]/",
		"http://" + strings.Repeat("Α\u03a3.", n/4),
		"http://" + strings.Repeat("\u03a3", n/2) + "/",
		"http://a:" + strings.Repeat("0", n) + "/",
		strings.Repeat("\t", n) + "http://a/",
		strings.Repeat("a", n) + ":",
		"http://" + strings.Repeat("%", n),
		"//" + strings.Repeat("\\", n),
		strings.Repeat("http://a/?#", n/8),
	}
	for _, r := range All() {
		for _, in := range inputs {
			checkReading(t, r.Name, in, r.Read(in))
		}
	}
}
