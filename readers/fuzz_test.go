package readers

import (
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
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

// TestLinear reads long hostile strings, each at two sizes, n and 16n
// repeats of its unit: every reader must take time and memory linear in
// the input. Linear work grows 16 times from one to the other, quadratic
// work 256 times; the test fails past 48 times (the bytes allocated, a
// measure that does not depend on the load, and the best of three times,
// measured again up to three times where the machine was busy), with a
// floor for the small input's fixed costs.
func TestLinear(t *testing.T) {
	const n = 1 << 14
	shapes := []func(k int) string{
		func(k int) string { return "http://" + strings.Repeat("[", k) },
		func(k int) string { return "http://" + strings.Repeat("@", k) },
		func(k int) string { return "http://" + strings.Repeat(":", k) },
		func(k int) string { return "http://[" + strings.Repeat("::", k) + "]/" },
		func(k int) string { return "http://" + strings.Repeat("Α\u03a3.", k/4) },
		func(k int) string { return "http://" + strings.Repeat("\u03a3", k/2) + "/" },
		func(k int) string { return "http://a:" + strings.Repeat("0", k) + "/" },
		func(k int) string { return strings.Repeat("\t", k) + "http://a/" },
		func(k int) string { return strings.Repeat("a", k) + ":" },
		func(k int) string { return "http://" + strings.Repeat("%", k) },
		func(k int) string { return "//" + strings.Repeat("\\", k) },
		func(k int) string { return strings.Repeat("http://a/?#", k/8) },
		func(k int) string { return "http://" + strings.Repeat("a.", k/2) + "/" },
		func(k int) string { return "http://" + strings.Repeat("%41", k/3) + "/" },
		func(k int) string { return "http://h/" + strings.Repeat("../", k/3) },
		func(k int) string { return "http://" + strings.Repeat("xn--", k/4) + "/" },
	}
	for _, r := range All() {
		for _, shape := range shapes {
			big := shape(16 * n)
			checkReading(t, r.Name, big, r.Read(big))
			if err := linear(r.Read, shape, n); err != nil {
				t.Errorf("%s(%s): %v", r.Name, short(big), err)
			}
		}
	}
}

// linear returns an error unless read takes memory and time linear in the
// input on shape(n) and shape(16n), as TestLinear says.
func linear(read func(string) Reading, shape func(int) string, n int) error {
	small, big := shape(n), shape(16*n)
	bs, bb := allocated(read, small), allocated(read, big)
	if bb > 48*bs+64<<10 {
		return fmt.Errorf("%d bytes allocated, %d for 1/16 of it: not linear", bb, bs)
	}
	var ts, tb time.Duration
	for try := 0; try < 3; try++ {
		ts, tb = timeRead(read, small), timeRead(read, big)
		if tb <= 48*ts+20*time.Millisecond {
			return nil
		}
	}
	return fmt.Errorf("%v, %v for 1/16 of it: not linear", tb, ts)
}

// TestLinearCheck: linear fails a reader that is quadratic in time (a
// scan from each byte to the end, as a parser that looks for the next
// delimiter again at every byte does) or in memory (a copy of the rest at
// each delimiter), and passes one that reads each byte once.
func TestLinearCheck(t *testing.T) {
	shape := func(k int) string { return "http://" + strings.Repeat("@", k) }
	quadTime := func(s string) Reading {
		n := 0
		for i := range s {
			for j := i; j < len(s); j++ {
				if s[j] == 'h' {
					n++
				}
			}
		}
		return Reading{Port: strconv.Itoa(n)}
	}
	quadMem := func(s string) Reading {
		var parts []string
		for i := range s {
			if s[i] == '@' {
				parts = append(parts, strings.Clone(s[i:]))
			}
		}
		return Reading{Port: strconv.Itoa(len(parts))}
	}
	once := func(s string) Reading { return Reading{Port: strconv.Itoa(strings.Count(s, "@"))} }
	if linear(quadTime, shape, 1<<10) == nil {
		t.Error("a reader quadratic in time passes")
	}
	if linear(quadMem, shape, 1<<8) == nil {
		t.Error("a reader quadratic in memory passes")
	}
	if err := linear(once, shape, 1<<14); err != nil {
		t.Errorf("a linear reader fails: %v", err)
	}
}

// allocated returns the bytes that read allocates on s.
func allocated(read func(string) Reading, s string) uint64 {
	var m0, m1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	read(s)
	runtime.ReadMemStats(&m1)
	return m1.TotalAlloc - m0.TotalAlloc
}
