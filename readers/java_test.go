package readers

import (
	"errors"
	"strings"
	"testing"
)

// TestJavaTable checks the java reader against java.net.URI's answers,
// recorded in testdata/table-java.json with Java's version.
func TestJavaTable(t *testing.T) { checkRecorded(t, "java") }

// TestJavaMasks checks the character classes against the constants of
// URI.java (OpenJDK 17), which its comments derive from RFC 2396.
func TestJavaMasks(t *testing.T) {
	for _, c := range []struct {
		name   string
		m      jMask
		lo, hi uint64
	}{
		{"L_DIGIT", jDigit, 0x3FF000000000000, 0},
		{"ALPHA", jAlpha, 0, 0x7FFFFFE07FFFFFE},
		{"HEX", jHex, 0x3FF000000000000, 0x7E0000007E},
		{"URIC", jURIC, 0xAC00985000000000 | 0x3FF000000000000 | 0x678200000000, 0x28000001 | 0x7FFFFFE07FFFFFE | 0x4000000080000000},
		{"PATH", jPath, 0x3FF000000000000 | 0x678200000000 | 0x2400185000000000 | 0x800800000000000, 0x7FFFFFE07FFFFFE | 0x4000000080000000 | 0x1},
		{"USERINFO", jUserinfo, 0x3FF000000000000 | 0x678200000000 | 0x2C00185000000000, 0x7FFFFFE07FFFFFE | 0x4000000080000000},
		{"REG_NAME", jRegName, 0x3FF000000000000 | 0x678200000000 | 0x2C00185000000000, 0x7FFFFFE07FFFFFE | 0x4000000080000000 | 0x1},
		{"SERVER", jServer, 0x3FF000000000000 | 0x678200000000 | 0x2C00185000000000 | 0x200000000000 | 0x400400000000000, 0x7FFFFFE07FFFFFE | 0x4000000080000000 | 0x28000001},
		{"SCHEME", jScheme, 0x3FF000000000000 | 0x680000000000, 0x7FFFFFE07FFFFFE},
		{"SCOPE_ID", jScopeID, 0x3FF000000000000 | 0x400000000000, 0x7FFFFFE07FFFFFE | 0x80000000},
	} {
		if c.m.lo != c.lo || c.m.hi != c.hi {
			t.Errorf("%s: %#x %#x, URI.java has %#x %#x", c.name, c.m.lo, c.m.hi, c.lo, c.hi)
		}
	}
}

// TestJavaErrors checks that errors are *JavaError with the exception and
// the byte offset of the fault.
func TestJavaErrors(t *testing.T) {
	for _, c := range []struct {
		in        string
		exception string
		reason    string
		offset    int
	}{
		{"http://h/a b", "URISyntaxException", "Illegal character in path", 10},
		{":x", "URISyntaxException", "Expected scheme name", 0},
		{"http://a/%zz", "URISyntaxException", "Malformed escape pair", 9},
		{"http://[::1/", "URISyntaxException", "Expected closing bracket for IPv6 address", 11},
		{"http://[::99999999999.1.1.1]/", "NumberFormatException", "For input string: \"99999999999\"", 10},
	} {
		var e *JavaError
		if err := Java(c.in).Err; !errors.As(err, &e) {
			t.Errorf("java(%q): error %v, want a *JavaError", c.in, err)
			continue
		}
		if e.Exception != c.exception || e.Reason != c.reason || e.Offset != c.offset {
			t.Errorf("java(%q): %s %q at %d, want %s %q at %d", c.in, e.Exception, e.Reason, e.Offset, c.exception, c.reason, c.offset)
		}
	}
}

// TestJavaLinear checks time linear in the input on shapes that make
// parsers slow.
func TestJavaLinear(t *testing.T) {
	for _, unit := range []string{"a.", "1.", "%41", "@", ":", "a-", "[", "\xff"} {
		small := "http://" + strings.Repeat(unit, 1000) + "/"
		big := "http://" + strings.Repeat(unit, 100000) + "/"
		ts, tb := timeRead(Java, small), timeRead(Java, big)
		if tb > 1000*ts+50_000_000 {
			t.Errorf("java on %q repeated: 1,000 times %v, 100,000 times %v: not linear", unit, ts, tb)
		}
	}
}

// FuzzJava checks that the java reader never panics and that what it
// accepts keeps java.net.URI's invariants.
func FuzzJava(f *testing.F) {
	for _, s := range []string{"http://u@h:1/p?q#f", "mailto:a@b", "http://[fe80::1%eth0]:8/", "http://a_b/", "//h", "http://[::1.2.3.4]/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r := Java(s)
		if r.Err != nil {
			var e *JavaError
			if !errors.As(r.Err, &e) {
				t.Fatalf("%q: error %v is not a *JavaError", s, r.Err)
			}
			return
		}
		if r.Has&HasHost == 0 && r.Has&(HasUserinfo|HasPort) != 0 {
			t.Fatalf("%q: userinfo or port without a host: %+v", s, r)
		}
		if r.Has&HasHost != 0 && r.Host == "" {
			t.Fatalf("%q: empty host", s)
		}
	})
}

// TestJavaParseInt checks Integer.parseInt's limit, 2^31-1, on every
// architecture (int is 32 bits on 386).
func TestJavaParseInt(t *testing.T) {
	for _, c := range []struct {
		in string
		v  int
		ok bool
	}{
		{"0", 0, true},
		{"00080", 80, true},
		{"2147483647", 2147483647, true},
		{"2147483648", 0, false},
		{"9999999999", 0, false},
		{"0000000000000000000001", 1, true},
	} {
		v, ok := javaParseInt(c.in)
		if v != c.v || ok != c.ok {
			t.Errorf("javaParseInt(%q) = %d, %v, want %d, %v", c.in, v, ok, c.v, c.ok)
		}
	}
}
