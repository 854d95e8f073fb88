package uri

import (
	"encoding"
	"errors"
	"runtime"
	"strings"
	"testing"

	"github.com/ferret-go/uri/internal/shapes"
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
	// Past 64 changes (and one more for each 128 bytes of input), a change
	// is merged into the one before it in the same component, across the
	// text between them; kinds that differ make RepairSeveral.
	in := "http://h/" + strings.Repeat(" %", 100) // 209 bytes: 65 changes
	u, changes, err := Repair(in)
	want := "http://h/" + strings.Repeat("%20%25", 100)
	if err != nil || u.String() != want || len(changes) != 65 {
		t.Errorf("Repair of 100 space-%% pairs = %q, %d changes, %v", u, len(changes), err)
	} else {
		for k, c := range changes[:64] {
			w := Change{Offset: 9 + k, Old: " ", New: "%20", Kind: RepairEncode, Component: ComponentPath}
			if k%2 == 1 {
				w.Old, w.New, w.Kind = "%", "%25", RepairPercent
			}
			if c != w {
				t.Errorf("change %d = %v, want %v", k, c, w)
			}
		}
		w := Change{Offset: 73, Old: in[73:], New: strings.Repeat("%20%25", 68), Kind: RepairSeveral, Component: ComponentPath}
		if changes[64] != w {
			t.Errorf("merged change = %v, want %v", changes[64], w)
		}
	}
	// Merged across unchanged text, of one kind: the kind stays; a new
	// component starts a new change.
	in = "http://h/" + strings.Repeat("a b", 70) + "?x y" // 223 bytes: 65 changes in the path
	u, changes, err = Repair(in)
	if err != nil || len(changes) != 66 || changes[64].Kind != RepairEncode || changes[64].Offset != 9+64*3+1 ||
		changes[64].Old != in[9+64*3+1:9+70*3-1] || changes[65] != (Change{Offset: 221, Old: " ", New: "%20", Kind: RepairEncode, Component: ComponentQuery}) {
		t.Errorf("Repair of 70 a-space-b = %q, %v, %v", u, changes[64:], err)
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
		RepairSeveral: "several", RepairSlash: "slash", RepairHost: "host",
		RepairDotSegment: "dot-segment",
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

// TestRepairAllocation holds Repair to at most 4 bytes allocated per byte
// of input (runtime.MemStats.TotalAlloc) on every pathological shape of
// SECURITY.md and on those where every second or third byte is a change,
// at 1 MiB: the result, made once at its length (three bytes a byte where
// every byte is encoded), and the list of changes, at most 64 and one for
// every 128 bytes of input. Before: "{a}" repeated took 68 bytes a byte
// (a change record of 48 bytes every three bytes, in lists that doubled),
// "% " repeated 132.
func TestRepairAllocation(t *testing.T) {
	const n = 1 << 20
	// The shapes of BenchmarkPathological, and those with a change every
	// few bytes.
	for _, sh := range append(shapes.Pathological(), shapes.Changes()...) {
		name, in := sh.Name, sh.Make(n)
		var m0, m1 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m0)
		_, _, err := Repair(in)
		runtime.ReadMemStats(&m1)
		alloc := m1.TotalAlloc - m0.TotalAlloc
		if alloc > 4*uint64(len(in)) {
			t.Errorf("%s: %d bytes allocated for %d of input (%.2f a byte, err %v), want at most 4 a byte",
				name, alloc, len(in), float64(alloc)/float64(len(in)), err)
		}
	}
}

// FuzzRepairIDNAHost: a host that Repair maps label by label (package
// internal/idnafast) comes out as HostToASCII, which hands the whole host
// to golang.org/x/net/idna, writes it: for every ireg-name that
// HostToASCII accepts, Repair of an http URL with it has that host.
func FuzzRepairIDNAHost(f *testing.F) {
	for _, s := range []string{"\u00e9a.\u00e9a.", "Bücher.example", "faß.de", "日本語.jp", "ǅ.x", "a\u0301.b", "\u05d0.x", "x%C3%A9.y", "é。com", "ｅ.com"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, host string) {
		a, err := IDNABrowser.HostToASCII(host)
		if err != nil || host == "" {
			return
		}
		u, _, err := Repair("http://" + host + "/")
		if err != nil || u.Host() != a {
			t.Fatalf("Repair of the host %+q: %q, %v; HostToASCII: %q", host, u.Host(), err, a)
		}
	})
}
