package uri

import (
	"errors"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// iriSeeds are the IRI targets' seeds: RFC 3987's examples, dirty pasted
// URLs and the edge cases of the grammar.
var iriSeeds = []string{
	"http://r\u00e9sum\u00e9.example.org", "http://www.example.org/red%09ros\u00e9#red",
	"http://example.com/\U00010300\U00010301\U00010302", "http://www.example.org/D%C3%BCrst",
	"http://www.example.org/D%FCrst", "http://xn--99zt52a.example.org/%e2%80%ae",
	"http://\u7d0d\u8c46.example.org/%E2%80%AE", "s://\u00fc:\u00e4@h\u00f6st:8/p?q=\ue000#\u00e9",
	"http://\uff11\uff12\uff17.0.0.1/", "http://a\u200db.example/", "http://\u05d0a.example/",
	"http://a/\u202e", "http://a/\xff", " http://exa mple.com/a b?c|d#e#f \n",
	"http://user@x@r\u00e9sum\u00e9.example.org/\u00e9t\u00e9?\u00e0", "http://a/%zz%4",
	"http://a/b[1]", "http://[fe80::1%25eth0]/", "http://[fe80::a%en1]", "http://[::1%25]evil.com]/",
	"\thttp://ok/\x01", "C:\\Users\\me\\file.txt", "http:\\\\host\\path", "http://a:8x/", "//\u4f8b/?\U0010FFFD",
	"http://a.xn--bcher-kva.example./", "http://%C3%A9.example/%C3%A9", "",
}

func seedIRI(f *testing.F) {
	for _, s := range iriSeeds {
		f.Add(s)
	}
	seedAll(f)
}

// naiveToURI percent-encodes every non-ASCII byte of s: IRI to URI without
// IDNA, the oracle of the IRI grammar.
func naiveToURI(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf {
			b.WriteString("%" + string(upperhex[c>>4]) + string(upperhex[c&15]))
		} else {
			b.WriteByte(c)
		}
	}
	return b.String()
}

// FuzzParseIRI checks ParseIRI against an oracle built on the strict
// parser: s is an IRI exactly when it is UTF-8, its non-ASCII characters
// are ucschar (iprivate in the query) and no bidi formatting character, and
// encoding them makes a URI in which every triplet of a non-ASCII octet
// stands in a component that takes ucschar. Then ToURI's result parses
// strictly, and maps to the IRI and back to itself (section 3.2).
func FuzzParseIRI(f *testing.F) {
	seedIRI(f)
	f.Fuzz(func(t *testing.T, s string) {
		i, err := ParseIRI(s)
		want := utf8.ValidString(s)
		enc := naiveToURI(s)
		u, uerr := Parse(enc)
		want = want && uerr == nil
		if want {
			// Where each non-ASCII character went.
			for k, r := range s {
				if r < utf8.RuneSelf {
					continue
				}
				e := uint32(len(naiveToURI(s[:k])))
				var comp Component
				switch {
				case e < u.schemeEnd:
					comp = ComponentScheme
				case e < u.hostStart:
					comp = ComponentUserinfo
				case e < u.hostEnd:
					comp = ComponentHost
					if u.kind != HostRegName {
						comp = ComponentPort // an IP literal takes none
					}
				case e < u.pathStart:
					comp = ComponentPort
				case e < u.queryStart:
					comp = ComponentPath
				case e < u.fragStart:
					comp = ComponentQuery
				default:
					comp = ComponentFragment
				}
				ok := isUCS(r) && !isBidiFormat(r) || comp == ComponentQuery && isPrivate(r)
				if comp == ComponentScheme || comp == ComponentPort || !ok {
					want = false
				}
			}
		}
		if (err == nil) != want {
			t.Fatalf("ParseIRI(%q) = %v; the oracle says valid=%v (Parse(%q): %v)", s, err, want, enc, uerr)
		}
		if err != nil {
			checkError(t, "ParseIRI", s, err)
			if !utf8.ValidString(s) && !errors.Is(err, ErrInvalidUTF8) {
				t.Errorf("ParseIRI(%q) = %v, want ErrInvalidUTF8", s, err)
			}
			return
		}
		checkLayout(t, i.u)
		if i.String() != s {
			t.Fatalf("ParseIRI(%q).String() = %q", s, i)
		}
		if s == enc && i.u != u {
			t.Fatalf("ParseIRI(%q) differs from Parse", s)
		}
		v, err := i.ToURI()
		if err != nil {
			// Only a non-ASCII host goes through IDNA, which may refuse.
			if !errors.Is(err, ErrIDNA) && !errors.Is(err, ErrInvalidUTF8) || firstNonASCII(i.Host()) == len(i.Host()) {
				t.Fatalf("ToURI(%q): %v", s, err)
			}
			checkError(t, "ToURI", s, err)
			return
		}
		checkLayout(t, v)
		if w, err := Parse(v.String()); err != nil || w != v {
			t.Fatalf("ToURI(%q) = %q, which Parse reads as %v, %v", s, v, w, err)
		}
		if firstNonASCII(i.Host()) == len(i.Host()) && v.String() != enc {
			t.Fatalf("ToURI(%q) = %q, want %q", s, v, enc)
		}
		if back, err := v.ToIRI().ToURI(); err != nil || upperTriplets(back.String()) != upperTriplets(v.String()) {
			t.Fatalf("ToURI(%q) = %q; ToIRI then ToURI gives %q, %v", s, v, back, err)
		}
	})
}

// FuzzToIRI: for every URI, ToIRI gives an IRI that reparses to itself and
// maps back to the URI up to the case of hexadecimal digits (section 3.2).
func FuzzToIRI(f *testing.F) {
	seedIRI(f)
	f.Fuzz(func(t *testing.T, s string) {
		u, err := Parse(s)
		if err != nil {
			return
		}
		i := u.ToIRI()
		checkLayout(t, i.u)
		if j, err := ParseIRI(i.String()); err != nil || j != i {
			t.Fatalf("ToIRI(%q) = %q, which ParseIRI reads as %v, %v", s, i, j, err)
		}
		v, err := i.ToURI()
		if err != nil || upperTriplets(v.String()) != upperTriplets(s) {
			t.Fatalf("ToIRI(%q) = %q, back %q, %v", s, i, v, err)
		}
		if d := u.Display(); d != i.String() {
			t.Fatalf("Display(%q) = %q, ToIRI %q", s, d, i)
		}
		// No label shown mixes Latin letters with Cyrillic or Greek ones
		// (by Go's script tables), which UTS #39's highly restrictive
		// level forbids.
		for _, label := range strings.Split(i.Host(), ".") {
			if unicodeMix(label, unicode.Latin) && (unicodeMix(label, unicode.Cyrillic) || unicodeMix(label, unicode.Greek)) {
				t.Fatalf("ToIRI(%q) = %q shows the label %q", s, i, label)
			}
		}
	})
}

// unicodeMix reports whether a letter of s is in the script tab.
func unicodeMix(s string, tab *unicode.RangeTable) bool {
	for _, r := range s {
		if unicode.IsLetter(r) && unicode.Is(tab, r) {
			return true
		}
	}
	return false
}

// FuzzRepair: what Repair returns parses strictly and repairs to itself
// with no change; its changes, applied to the input in order, make it; a
// valid input comes back unchanged; an error is an *Error on the input.
func FuzzRepair(f *testing.F) {
	seedIRI(f)
	// More changes than are reported one by one (64 for these): merged.
	f.Add("http://h/" + strings.Repeat(" %", 100))
	f.Add("http://u@" + strings.Repeat("{a}", 50) + "@h/" + strings.Repeat("a b", 40) + "?" + strings.Repeat("|x", 40) + "#" + strings.Repeat("#\xff", 40))
	f.Fuzz(func(t *testing.T, s string) {
		for _, o := range []Options{{}, {Zones: true}} {
			u, changes, err := o.Repair(s)
			if err != nil {
				checkError(t, "Repair", s, err)
				continue
			}
			if v, err := o.Parse(u.String()); err != nil || v != u {
				t.Fatalf("Repair(%q) = %q, which parses as %v, %v", s, u, v, err)
			}
			if v, ch, err := o.Repair(u.String()); err != nil || v != u || len(ch) != 0 {
				t.Fatalf("Repair(%q) = %q, repaired again: %q %v %v", s, u, v, ch, err)
			}
			if v, err := o.Parse(s); err == nil && (v != u || len(changes) != 0) {
				t.Fatalf("Repair of valid %q = %q with %v", s, u, changes)
			}
			var b strings.Builder
			at := 0
			for _, c := range changes {
				if c.Offset < at || c.Offset+len(c.Old) > len(s) || s[c.Offset:c.Offset+len(c.Old)] != c.Old || c.Kind < RepairTrim || c.Kind > RepairHost {
					t.Fatalf("Repair(%q): change %v out of order or wrong", s, c)
				}
				b.WriteString(s[at:c.Offset])
				b.WriteString(c.New)
				at = c.Offset + len(c.Old)
			}
			b.WriteString(s[at:])
			if b.String() != u.String() {
				t.Fatalf("Repair(%q) = %q, but its changes make %q", s, u, b.String())
			}
		}
	})
}
