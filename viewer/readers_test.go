package viewer

import (
	"runtime"
	"strings"
	"testing"

	"github.com/ferret-go/uri/internal/shapes"
	"github.com/ferret-go/uri/internal/sidebyside"
	"github.com/ferret-go/uri/readers"
)

// panel returns the panel id of r.
func panel(t *testing.T, r Report, id string) Panel {
	t.Helper()
	for _, p := range r.Panels {
		if p.ID == id {
			return p
		}
	}
	t.Fatalf("%q: no panel %q", r.Input, id)
	return Panel{}
}

// row returns the row key of p, and whether it has one.
func row(p Panel, key string) (Row, bool) {
	for _, r := range p.Rows {
		if r.Key == key {
			return r, true
		}
	}
	return Row{}, false
}

// A card per reader, in the order of uri compare, each with the reader's
// own answer: for http://a\@b.com/, the Claroty and Snyk confusion case,
// RFC 3986 rejects the "\" (section 2, it is no URI character), the URL
// Standard reads it as "/" in a special URL, so that its host is "a", and
// the emulations give what package readers gives (held there to the real
// parsers: curl, Python and PHP connect to b.com, Node's legacy url.parse
// to a, Java's URI rejects it).
func TestReaderCards(t *testing.T) {
	const in = `http://a\@b.com/`
	r := Analyze(in, "")
	sum := panel(t, r, "readers")
	if d, _ := row(sum, "differ"); d.Value != "ok, userinfo, host, path" {
		t.Errorf("the readings differ on %q, want ok, userinfo, host, path", d.Value)
	}
	if !strings.Contains(sum.Note, "most of the readers") {
		t.Errorf("the summary does not say what a mark is against: %q", sum.Note)
	}
	// The cards follow the summary, all of the group, in compare's order.
	var ids []string
	seen := false
	for _, p := range r.Panels {
		if p.ID == "readers" {
			seen = true
			continue
		}
		if seen {
			ids = append(ids, p.ID)
			if p.Group != "readers" || p.Against != "most readers" || p.Note == "" {
				t.Errorf("card %s: group %q, against %q, note %q", p.ID, p.Group, p.Against, p.Note)
			}
		}
	}
	want := []string{"reader-rfc3986", "reader-whatwg", "reader-net_url"}
	for _, e := range readers.All() {
		want = append(want, "reader-"+e.Name)
	}
	if strings.Join(ids, " ") != strings.Join(want, " ") {
		t.Errorf("cards %q, want %q", ids, want)
	}

	// Rejected: RFC 3986, net/url and Java, a mark each, as six accept.
	for _, name := range []string{"rfc3986", "net_url", "java"} {
		p := panel(t, r, "reader-"+name)
		ok, _ := row(p, "ok")
		e, _ := row(p, "error")
		if ok.Value != "no" || ok.State != "differs" || e.State != "error" || e.Value == "" {
			t.Errorf("%s: ok %+v, error %+v", name, ok, e)
		}
		if strings.Contains(e.Value, in) {
			t.Errorf("%s: the error quotes the input: %q", name, e.Value)
		}
		if _, has := row(p, "host"); has {
			t.Errorf("%s: a host row for a rejected input", name)
		}
	}
	// The hosts: "a" for the URL Standard and Node's url.parse, "b.com"
	// for the four others that accept, which is what most give.
	hosts := map[string]string{"whatwg": "a"}
	for _, e := range readers.All() {
		if rd := e.Read(in); rd.Err == nil {
			hosts[e.Name] = rd.Host
		}
	}
	if hosts["node_url"] != "a" || hosts["curl"] != "b.com" || hosts["python"] != "b.com" || hosts["php"] != "b.com" {
		t.Fatalf("package readers reads the hosts %v, not the ones recorded from the real parsers", hosts)
	}
	for name, host := range hosts {
		p := panel(t, r, "reader-"+name)
		ok, _ := row(p, "ok")
		h, _ := row(p, "host")
		wantState := ""
		if host != "b.com" {
			wantState = "differs"
		}
		if ok.Value != "yes" || ok.State != "" || h.Value != host || h.State != wantState || h.Absent {
			t.Errorf("%s: ok %+v, host %+v, want %q (%q)", name, ok, h, host, wantState)
		}
	}
	// An absent userinfo is absent, and differs from the "a\" most give;
	// an absent port is what all give.
	u, _ := row(panel(t, r, "reader-whatwg"), "userinfo")
	p, _ := row(panel(t, r, "reader-whatwg"), "port")
	if !u.Absent || u.Value != "" || u.State != "differs" || !p.Absent || p.State != "" {
		t.Errorf("whatwg: userinfo %+v, port %+v", u, p)
	}
	if u, _ := row(panel(t, r, "reader-curl"), "userinfo"); u.Value != `a\` || u.Absent || u.State != "" {
		t.Errorf("curl: userinfo %+v", u)
	}
}

// Where every reader agrees nothing is marked (RFC 3986, section 3's
// example), and a base is said not to be used.
func TestReaderCardsAgree(t *testing.T) {
	r := Analyze("foo://example.com:8042/over/there?name=ferret#nose", "http://a/b/c/d;p?q")
	sum := panel(t, r, "readers")
	if d, _ := row(sum, "differ"); !strings.HasPrefix(d.Value, "nothing") {
		t.Errorf("differ %q", d.Value)
	}
	if !strings.Contains(sum.Note, "base is not used") {
		t.Errorf("note %q", sum.Note)
	}
	for _, p := range r.Panels {
		for _, row := range p.Rows {
			if p.Group == "readers" && row.State != "" {
				t.Errorf("%s: %s marked %q", p.ID, row.Key, row.State)
			}
		}
	}
	if h, _ := row(panel(t, r, "reader-java"), "host"); h.Value != "example.com" {
		t.Errorf("java host %+v", h)
	}
}

// Controls are shown as escapes: Python's urlsplit strips a tab (and CR
// and LF) from anywhere in the string, but keeps a DEL, which the card
// shows as \x7f.
func TestReaderCardsEscapes(t *testing.T) {
	for _, tc := range []struct{ in, path, shown string }{
		{"http://a/b\tc", "/bc", "/bc"},
		{"http://a/b\x7fc", "/b\x7fc", `/b\x7fc`},
	} {
		r := Analyze(tc.in, "")
		if p, _ := row(panel(t, r, "reader-rfc3986"), "error"); p.State != "error" {
			t.Errorf("%q: RFC 3986 takes a control: %+v", tc.in, p)
		}
		py := readers.Python(tc.in)
		if py.Err != nil || py.Path != tc.path {
			t.Fatalf("%q: package readers: python reads %+v", tc.in, py)
		}
		if p, _ := row(panel(t, r, "reader-python"), "path"); p.Value != tc.shown {
			t.Errorf("%q: python path %+v, want %q", tc.in, p, tc.shown)
		}
	}
}

// The most common answer: a tie goes to the reading that comes first, an
// absent component is an answer of its own, and rejections do not count.
func TestMostCommon(t *testing.T) {
	s := func(v string) *string { return &v }
	rd := func(host *string) sidebyside.Reading { return sidebyside.Reading{Comps: [7]*string{2: host}} }
	bad := sidebyside.Reading{Err: errTest}
	for _, tc := range []struct {
		name string
		rs   []sidebyside.Reading
		ok   bool
		host *string
	}{
		{"majority", []sidebyside.Reading{rd(s("a")), rd(s("b")), rd(s("b"))}, true, s("b")},
		{"tie, first", []sidebyside.Reading{rd(s("a")), rd(s("b")), rd(s("b")), rd(s("a"))}, true, s("a")},
		{"absent", []sidebyside.Reading{rd(nil), rd(s("")), rd(nil)}, true, nil},
		{"empty", []sidebyside.Reading{rd(nil), rd(s("")), rd(s(""))}, true, s("")},
		{"rejections", []sidebyside.Reading{bad, bad, rd(s("a")), rd(s("b")), rd(s("b"))}, true, s("b")},
		{"most reject", []sidebyside.Reading{bad, bad, rd(s("a"))}, false, s("a")},
		{"tie, first rejects", []sidebyside.Reading{bad, rd(s("a"))}, false, s("a")},
		{"tie, first accepts", []sidebyside.Reading{rd(s("a")), bad}, true, s("a")},
		{"all reject", []sidebyside.Reading{bad}, false, nil},
	} {
		ok, common := mostCommon(tc.rs)
		if ok != tc.ok || !sidebyside.Same(common[2], tc.host) {
			got := "(absent)"
			if common[2] != nil {
				got = *common[2]
			}
			t.Errorf("%s: ok %v, host %s", tc.name, ok, got)
		}
	}
}

type testError struct{}

func (testError) Error() string { return "rejected" }

var errTest error = testError{}

// The report of /analyze's largest input, 64 KiB (viewer/site's
// MaxAnalyzeBody), stays within what SECURITY.md says it allocates, on
// shapes that make the most of each reading (escapes, segments, "@", "\")
// and on the pathological shapes of SECURITY.md's table (those of
// uri.Repair's TestRepairAllocation): Analyze at most 160 bytes per byte of
// input (the answer itself is up to about 45: on 64 KiB of "\", the URL
// Standard's list of validation errors, "invalid-reverse-solidus@12345, "
// a byte; before, up to 289), the JSON made once at its length (before,
// five times it; allowed 16 KiB for the rounding of large allocations),
// and at most 75 times the input.
func TestAnalyzeMemory(t *testing.T) {
	const n = 64 << 10
	cases := []struct{ name, in string }{
		{"a", "http://" + strings.Repeat("a", n-7)},
		{"%00", strings.Repeat("%00", n/3)},
		{"NUL", strings.Repeat("\x00", n)},
		{"/..", "http://a" + strings.Repeat("/..", (n-8)/3)},
		{"tab", "http://a/" + strings.Repeat("\t", n-9)},
		{`\`, "http://a" + strings.Repeat(`\`, n-8)},
		{":", "http://a" + strings.Repeat(":", n-8)},
		{"0xff", strings.Repeat("\xff", n)},
		{"a=b&", "http://a/?" + strings.Repeat("a=b&", (n-10)/4)},
		{"/a", "http://a" + strings.Repeat("/a", (n-8)/2)},
		{"<", strings.Repeat("<", n)},
	}
	// The shapes of SECURITY.md's pathological table, and those with a
	// change every few bytes.
	for _, sh := range append(shapes.Pathological(), shapes.Changes()...) {
		cases = append(cases, struct{ name, in string }{sh.Name, sh.Make(n)})
	}
	for _, tc := range cases {
		runtime.GC()
		var m0, m1, m2 runtime.MemStats
		runtime.ReadMemStats(&m0)
		r := Analyze(tc.in, "")
		runtime.ReadMemStats(&m1)
		j := r.JSON()
		runtime.ReadMemStats(&m2)
		perByte := float64(m1.TotalAlloc-m0.TotalAlloc) / float64(len(tc.in))
		jsonAlloc := m2.TotalAlloc - m1.TotalAlloc
		times := float64(len(j)) / float64(len(tc.in))
		t.Logf("%-9s %d bytes: Analyze %.0f bytes allocated per byte, JSON %.1f times the input (%d allocated for %d)", tc.name, len(tc.in), perByte, times, jsonAlloc, len(j))
		if perByte > 160 || times > 75 || jsonAlloc > uint64(len(j))+16<<10 {
			t.Errorf("%s: Analyze %.0f bytes allocated per byte of input (at most 160), JSON %.1f times the input (at most 75), %d bytes allocated for a JSON of %d",
				tc.name, perByte, times, jsonAlloc, len(j))
		}
	}
}
