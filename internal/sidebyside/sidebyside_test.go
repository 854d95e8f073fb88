package sidebyside

import (
	"reflect"
	"strings"
	"testing"

	"github.com/ferret-go/uri/readers"
)

// s is a present component.
func s(v string) *string { return &v }

// show writes a reading for a message: each component quoted, or absent.
func show(r Reading) string {
	if r.Err != nil {
		return "error: " + r.Err.Error()
	}
	var parts []string
	for c, v := range r.Comps {
		if v == nil {
			parts = append(parts, Components[c]+"=(absent)")
		} else {
			parts = append(parts, Components[c]+"="+`"`+*v+`"`)
		}
	}
	return strings.Join(parts, " ")
}

// The three readings read for real, on inputs whose reading the
// specifications give.
func TestReadings(t *testing.T) {
	for _, tc := range []struct {
		name string
		read func(string) Reading
		in   string
		err  bool
		want [7]*string
	}{
		// RFC 3986, section 3's example, read alike by all three.
		{"rfc3986", RFC3986, "foo://example.com:8042/over/there?name=ferret#nose", false,
			[7]*string{s("foo"), nil, s("example.com"), s("8042"), s("/over/there"), s("name=ferret"), s("nose")}},
		{"whatwg", WHATWG, "foo://example.com:8042/over/there?name=ferret#nose", false,
			[7]*string{s("foo"), nil, s("example.com"), s("8042"), s("/over/there"), s("name=ferret"), s("nose")}},
		{"net_url", NetURL, "foo://example.com:8042/over/there?name=ferret#nose", false,
			[7]*string{s("foo"), nil, s("example.com"), s("8042"), s("/over/there"), s("name=ferret"), s("nose")}},
		// Section 3.5 and 3.4: an empty query and fragment are present.
		// The URL Standard keeps them (non-null, empty); net/url keeps
		// only the query's "?" (ForceQuery).
		{"rfc3986", RFC3986, "http://a/?#", false, [7]*string{s("http"), nil, s("a"), nil, s("/"), s(""), s("")}},
		{"whatwg", WHATWG, "http://a/?#", false, [7]*string{s("http"), nil, s("a"), nil, s("/"), s(""), s("")}},
		{"net_url", NetURL, "http://a/?#", false, [7]*string{s("http"), nil, s("a"), nil, s("/"), s(""), nil}},
		// Section 3.3: "//" begins an authority, here an empty one; the
		// URL Standard's special authority ignore slashes state skips
		// them to the host.
		{"rfc3986", RFC3986, "http:////x", false, [7]*string{s("http"), nil, s(""), nil, s("//x"), nil, nil}},
		{"whatwg", WHATWG, "http:////x", false, [7]*string{s("http"), nil, s("x"), nil, s("/"), nil, nil}},
		// A "\" is no URI character (section 2); the URL Standard reads
		// it as "/" in a special URL, so the host ends before it.
		{"rfc3986", RFC3986, `http://a\@b.com/`, true, [7]*string{}},
		{"whatwg", WHATWG, `http://a\@b.com/`, false, [7]*string{s("http"), nil, s("a"), nil, s("/@b.com/"), nil, nil}},
		{"net_url", NetURL, `http://a\@b.com/`, true, [7]*string{}},
		// No authority: a path; the URL Standard's opaque path.
		{"rfc3986", RFC3986, "mailto:John.Doe@example.com", false, [7]*string{s("mailto"), nil, nil, nil, s("John.Doe@example.com"), nil, nil}},
		{"whatwg", WHATWG, "mailto:John.Doe@example.com", false, [7]*string{s("mailto"), nil, nil, nil, s("John.Doe@example.com"), nil, nil}},
		{"net_url", NetURL, "mailto:John.Doe@example.com", false, [7]*string{s("mailto"), nil, nil, nil, s("John.Doe@example.com"), nil, nil}},
		// An IP-literal keeps its brackets in every reading.
		{"net_url", NetURL, "ldap://[2001:db8::7]/c=GB?objectClass?one", false,
			[7]*string{s("ldap"), nil, s("[2001:db8::7]"), nil, s("/c=GB"), s("objectClass?one"), nil}},
		{"whatwg", WHATWG, "http://u:p@[2001:db8::7]:81/", false,
			[7]*string{s("http"), s("u:p"), s("[2001:db8::7]"), s("81"), s("/"), nil, nil}},
	} {
		got := tc.read(tc.in)
		want := Reading{Comps: tc.want}
		if tc.err {
			if got.Err == nil {
				t.Errorf("%s(%q) = %s, want an error", tc.name, tc.in, show(got))
			}
			continue
		}
		if show(got) != show(want) {
			t.Errorf("%s(%q)\n got %s\nwant %s", tc.name, tc.in, show(got), show(want))
		}
	}
}

// All lists RFC 3986, the URL Standard and net/url, then every reader of
// package readers, in its order, each giving that reader's record.
func TestAll(t *testing.T) {
	all := All()
	emul := readers.All()
	if len(all) != 3+len(emul) {
		t.Fatalf("%d readers, want 3 and the %d of package readers", len(all), len(emul))
	}
	for k, name := range []string{"rfc3986", "whatwg", "net_url"} {
		if all[k].Name != name || all[k].Parser == "" {
			t.Errorf("reader %d is %q (%q), want %q", k, all[k].Name, all[k].Parser, name)
		}
	}
	inputs := []string{`http://a\@b.com/`, "http://a@evil.com:80@good.com/", "http://[::1]:80:81/", "HTTP://A/%zz?#", "http://a\tb/", "", "//x"}
	for k, e := range emul {
		d := all[3+k]
		if d.Name != e.Name || d.Label != e.Name || d.Parser != e.Parser {
			t.Errorf("reader %d: %q %q %q, want %q", 3+k, d.Name, d.Label, d.Parser, e.Name)
		}
		for _, in := range inputs {
			got, rd := d.Read(in), e.Read(in)
			if !reflect.DeepEqual(got.Err, rd.Err) {
				t.Errorf("%s(%q): error %v, the reader's %v", d.Name, in, got.Err, rd.Err)
				continue
			}
			if rd.Err != nil {
				continue
			}
			vals := [7]string{rd.Scheme, rd.Userinfo, rd.Host, rd.Port, rd.Path, rd.Query, rd.Fragment}
			for c, v := range got.Comps {
				has := rd.Has&(readers.Parts(1)<<c) != 0
				if (v != nil) != has || v != nil && *v != vals[c] {
					t.Errorf("%s(%q): %s is %s, the reader's %q (present %v)", d.Name, in, Components[c], show(got), vals[c], has)
				}
			}
		}
	}
}

// Differ names the components the readings that accept disagree on, and
// "ok" when some reject and some do not.
func TestDiffer(t *testing.T) {
	read := func(in string, rs ...func(string) Reading) []Reading {
		var out []Reading
		for _, r := range rs {
			out = append(out, r(in))
		}
		return out
	}
	for _, tc := range []struct {
		rs   []Reading
		want []string
	}{
		{read("http:////x", RFC3986, WHATWG, NetURL), []string{"host", "path"}},
		{read("https://example.com/a?b#c", RFC3986, WHATWG, NetURL), nil},
		{read(`http://good.com\@evil.com/`, RFC3986, WHATWG, NetURL), []string{"ok"}},
		{read("http://a/?#", RFC3986, WHATWG, NetURL), []string{"fragment"}},
		{read(`http://a\@b.com/`, RFC3986, NetURL), nil},
		{nil, nil},
	} {
		if got := Differ(tc.rs); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%v: differ %q, want %q", tc.rs, got, tc.want)
		}
	}
}
