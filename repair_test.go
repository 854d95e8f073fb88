package uri

import (
	"encoding"
	"errors"
	"runtime"
	"strings"
	"testing"
	"unsafe"
)

func TestRepair(t *testing.T) {
	type ch struct {
		off      int
		old, new string
		kind     RepairKind
	}
	cases := []struct {
		in, want string
		changes  []ch
	}{
		{"http://example.com/", "http://example.com/", nil},
		{" \thttp://example.com/\r\n", "http://example.com/", []ch{{0, " \t", "", RepairTrim}, {21, "\r\n", "", RepairTrim}}},
		{"http://example.com/a b", "http://example.com/a%20b", []ch{{20, " ", "%20", RepairEncode}}},
		// A run of changes of one kind in one component is one change.
		{`http://a/"<>\^` + "`{|}", "http://a/%22%3C%3E%5C%5E%60%7B%7C%7D", []ch{
			{9, `"<>\^` + "`{|}", "%22%3C%3E%5C%5E%60%7B%7C%7D", RepairEncode}}},
		{"http://a/b\x00c\x7f", "http://a/b%00c%7F", []ch{{10, "\x00", "%00", RepairEncode}, {12, "\x7f", "%7F", RepairEncode}}},
		{"http://a/100%?p=5%", "http://a/100%25?p=5%25", []ch{{12, "%", "%25", RepairPercent}, {17, "%", "%25", RepairPercent}}},
		{"http://a/%41%zz", "http://a/%41%25zz", []ch{{12, "%", "%25", RepairPercent}}},
		{"http://a/b#c#d", "http://a/b#c%23d", []ch{{12, "#", "%23", RepairDelimiter}}},
		{"http://a/b[0]?c[]=1", "http://a/b%5B0%5D?c%5B%5D=1", []ch{
			{10, "[", "%5B", RepairDelimiter}, {12, "]", "%5D", RepairDelimiter},
			{15, "[]", "%5B%5D", RepairDelimiter}}},
		// The last "@" ends the userinfo, as browsers read it.
		{"http://u@v@w/", "http://u%40v@w/", []ch{{8, "@", "%40", RepairDelimiter}}},
		// IRI to URI: UTF-8 outside the host, IDNA in it.
		{"http://www.example.org/D\u00fcrst", "http://www.example.org/D%C3%BCrst", []ch{{24, "\u00fc", "%C3%BC", RepairNonASCII}}},
		{"http://r\u00e9sum\u00e9.example.org/ x", "http://xn--rsum-bpad.example.org/%20x", []ch{
			{7, "r\u00e9sum\u00e9.example.org", "xn--rsum-bpad.example.org", RepairIDNA}, {28, " ", "%20", RepairEncode}}},
		{"http://a/\xff\xfe", "http://a/%FF%FE", []ch{{9, "\xff\xfe", "%FF%FE", RepairNonASCII}}},
		{"http://a/\u202e", "http://a/%E2%80%AE", []ch{{9, "\u202e", "%E2%80%AE", RepairNonASCII}}},
		{"//\u4f8b/?\ue000", "//xn--fsq/?%EE%80%80", []ch{{2, "\u4f8b", "xn--fsq", RepairIDNA}, {7, "\ue000", "%EE%80%80", RepairNonASCII}}},
	}
	for _, c := range cases {
		u, changes, err := Repair(c.in)
		if err != nil || u.String() != c.want {
			t.Errorf("Repair(%q) = %q, %v; want %q", c.in, u, err, c.want)
			continue
		}
		if len(changes) != len(c.changes) {
			t.Errorf("Repair(%q) changes = %v, want %v", c.in, changes, c.changes)
			continue
		}
		for k, w := range c.changes {
			g := changes[k]
			if g.Offset != w.off || g.Old != w.old || g.New != w.new || g.Kind != w.kind {
				t.Errorf("Repair(%q) change %d = %v, want %+v", c.in, k, g, w)
			}
		}
	}

	// What the grammar leaves no room for stays an error, at its offset in
	// the input.
	errs := []struct {
		in  string
		off int
		err error
	}{
		{" http://a:8x/", 11, ErrInvalidPort},
		{"http://[::1%25]evil.com]/", 11, ErrInvalidIPv6},
		{"http://[::g]/ x", 10, ErrInvalidIPv6},
		{"ht tp://a/", 2, ErrInvalidCharacter},
		{"http://a\u200db.example/ x", 7, ErrIDNA},
		{"http://a b.c\u200d/", 7, ErrIDNA},
	}
	for _, c := range errs {
		_, _, err := Repair(c.in)
		var e *Error
		if !errors.As(err, &e) || !errors.Is(err, c.err) || e.Offset != c.off || e.Input != c.in {
			t.Errorf("Repair(%q) = %v, want %v at %d", c.in, err, c.err, c.off)
		}
	}
	// With zones, a pasted zone in bare form is kept.
	if u, ch, err := (Options{Zones: true}).Repair("http://[fe80::1%eth0]/a b"); err != nil || u.String() != "http://[fe80::1%eth0]/a%20b" || len(ch) != 1 {
		t.Errorf("Zones Repair = %q %v %v", u, ch, err)
	}
}

var (
	_ encoding.TextMarshaler   = RepairKind(0)
	_ encoding.TextUnmarshaler = (*RepairKind)(nil)
)

// TestRepairKindText checks the names of the repair kinds both ways.
func TestRepairKindText(t *testing.T) {
	for k, name := range map[RepairKind]string{
		RepairTrim: "trim", RepairEncode: "encode", RepairPercent: "percent",
		RepairNonASCII: "non-ascii", RepairDelimiter: "delimiter", RepairIDNA: "idna",
	} {
		b, err := k.MarshalText()
		if err != nil || string(b) != name {
			t.Errorf("%d.MarshalText() = %q, %v; want %q", k, b, err, name)
		}
		var g RepairKind
		if err := g.UnmarshalText([]byte(name)); err != nil || g != k {
			t.Errorf("UnmarshalText(%q) = %d, %v; want %d", name, g, err, k)
		}
	}
	var g RepairKind
	if err := g.UnmarshalText([]byte("trimmed")); err == nil {
		t.Errorf("UnmarshalText of an unknown name: no error")
	}
	if _, err := RepairKind(200).MarshalText(); err == nil {
		t.Errorf("MarshalText of an unknown kind: no error")
	}
}

// Repairing a long input costs memory a small multiple of it: the result,
// three times the input where every byte is encoded, made in at most two
// arrays (the first a quarter longer than the input), not grown by
// doubling, and the host looked at for IDNA without a copy; and for each
// change its record and where its new text is, in lists that grow by
// doubling.
func TestRepairMemory(t *testing.T) {
	const n = 1 << 20
	for _, in := range []string{
		"http://" + strings.Repeat("@", n),      // userinfo: every "@" but the last
		"http://h" + strings.Repeat("%", n),     // host
		"http://h/" + strings.Repeat(" ", n),    // path
		"http://h?" + strings.Repeat("|", n),    // query
		"http://h#" + strings.Repeat("#", n),    // fragment
		"http://h/" + strings.Repeat("a ", n/2), // a change every other byte
	} {
		var m0, m1 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m0)
		u, changes, err := Repair(in)
		runtime.ReadMemStats(&m1)
		if err != nil {
			t.Fatalf("%.12q...: %v", in, err)
		}
		alloc := m1.TotalAlloc - m0.TotalAlloc
		// Doubling the result allocated 8.8 times the input for the
		// first five (now 4.3), and append's growth of the changes 175
		// times it for the last (now 68).
		perChange := uint64(unsafe.Sizeof(Change{}) + 2*unsafe.Sizeof(0))
		limit := uint64(len(u.String()))*3/2 + uint64(len(in))*5/4 + 2*perChange*uint64(len(changes)) + 64<<10
		if alloc > limit {
			t.Errorf("%.12q...: %d bytes allocated for %d of input, %d of result and %d changes, want at most %d",
				in, alloc, len(in), len(u.String()), len(changes), limit)
		}
	}
}
