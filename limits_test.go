package uri

import (
	"errors"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

// TestLimits checks each limit of Options at the limit and one past it:
// the error's cause, component and offset are those the limit's
// documentation gives.
func TestLimits(t *testing.T) {
	for _, tc := range []struct {
		o         Options
		ok, bad   string
		cause     error
		comp      Component
		offset    int
		alsoMatch error
	}{
		{Options{MaxLength: 10}, "http://a/b", "http://a/bc", ErrTooLong, ComponentPath, 10, nil},
		{Options{MaxLength: 8}, "http://a", "http://ab", ErrTooLong, ComponentHost, 8, nil},
		// "/a/b/c" has segments "", "a", "b", "c".
		{Options{MaxSegments: 4}, "http://h/a/b/c", "http://h/a/b/c/d", ErrTooManySegments, ComponentPath, 14, nil},
		{Options{MaxSegments: 1}, "a", "a/b", ErrTooManySegments, ComponentPath, 1, nil},
		{Options{MaxQueryParams: 2}, "/?a=1&b=2#&&&", "/?a=1&b=2&c", ErrTooManyQueryParams, ComponentQuery, 9, nil},
		{Options{MaxQueryParams: 2}, "/?a&b", "/?a&&", ErrTooManyQueryParams, ComponentQuery, 4, nil},
		{Options{MaxHostLength: 3}, "//abc:80/x", "//abcd/", ErrHostTooLong, ComponentHost, 5, ErrInvalidHost},
		{Options{MaxHostLength: 5}, "//[::1]/", "//[::1:2]/", ErrHostTooLong, ComponentHost, 7, ErrInvalidHost},
	} {
		if _, err := tc.o.Parse(tc.ok); err != nil {
			t.Errorf("%+v: Parse(%q) = %v", tc.o, tc.ok, err)
		}
		if _, err := tc.o.ParseIRI(tc.ok); err != nil {
			t.Errorf("%+v: ParseIRI(%q) = %v", tc.o, tc.ok, err)
		}
		if _, _, err := tc.o.Repair(tc.ok); err != nil {
			t.Errorf("%+v: Repair(%q) = %v", tc.o, tc.ok, err)
		}
		if _, err := (Options{}).Parse(tc.bad); err != nil {
			t.Errorf("Parse(%q) without limits = %v", tc.bad, err)
		}
		for name, parse := range map[string]func(string) error{
			"Parse":    func(s string) error { _, err := tc.o.Parse(s); return err },
			"ParseIRI": func(s string) error { _, err := tc.o.ParseIRI(s); return err },
			"Repair":   func(s string) error { _, _, err := tc.o.Repair(s); return err },
		} {
			err := parse(tc.bad)
			var e *Error
			if !errors.As(err, &e) || !errors.Is(err, tc.cause) || e.Component != tc.comp || e.Offset != tc.offset || e.Input != tc.bad {
				t.Errorf("%+v: %s(%q) = %#v, want cause %v in %v at %d", tc.o, name, tc.bad, err, tc.cause, tc.comp, tc.offset)
				continue
			}
			if tc.alsoMatch != nil && !errors.Is(err, tc.alsoMatch) {
				t.Errorf("%s(%q) = %v does not match %v", name, tc.bad, err, tc.alsoMatch)
			}
			if !strings.Contains(err.Error(), "Options.Max") {
				t.Errorf("%s(%q): message %q does not name the limit", name, tc.bad, err)
			}
		}
	}
}

// TestLimitsLong checks that a limit rejects a long text as it should,
// whatever is beyond the limit, invalid text included.
func TestLimitsLong(t *testing.T) {
	long := "http://a/" + strings.Repeat("\x00", 1<<20)
	_, err := Options{MaxLength: 100}.Parse(long)
	if !errors.Is(err, ErrTooLong) {
		t.Errorf("Parse of 1 MiB with MaxLength 100 = %v", err)
	}
}

// TestLimitsBeforeWork: every method of Options refuses text over its
// limits before it makes anything in proportion to it. Before, Repair of 4
// MiB of "{a}" with MaxLength 8192 repaired all of it (about 68 bytes
// allocated a byte) and then returned ErrTooLong.
func TestLimitsBeforeWork(t *testing.T) {
	huge := strings.Repeat("{a}", 4<<20/3)
	repair := func(o Options) func(string) error {
		return func(s string) error { _, _, err := o.Repair(s); return err }
	}
	// A valid IRI of 4 MiB whose mapping to a URI would be twice as
	// long ("\u00e9" becomes "%C3%A9"), parsed before the count.
	hugeIRI := "http://h/a/b/c" + strings.Repeat("\u00e9", 2<<20)
	iri := MustParseIRI(hugeIRI)
	toURI := func(o Options) func(string) error {
		return func(string) error { _, err := o.ToURI(iri); return err }
	}
	for _, tc := range []struct {
		name   string
		run    func(string) error
		in     string
		cause  error
		comp   Component
		offset int
	}{
		{"Repair MaxLength", repair(Options{MaxLength: 8192}), huge, ErrTooLong, ComponentPath, 8192},
		// The third "/" begins the fourth segment.
		{"Repair MaxSegments", repair(Options{MaxSegments: 3}), "http://h/" + strings.Repeat("a {/", 1<<20), ErrTooManySegments, ComponentPath, 8 + 2*4},
		{"Repair MaxQueryParams", repair(Options{MaxQueryParams: 2}), "http://h/?" + strings.Repeat("a=|&", 1<<20), ErrTooManyQueryParams, ComponentQuery, 10 + 2*4 - 1},
		// "a%7Ca%7C": the second "|", at 10, holds the sixth byte.
		{"Repair MaxHostLength", repair(Options{MaxHostLength: 5}), "http://" + strings.Repeat("a|", 1<<20) + "/", ErrHostTooLong, ComponentHost, 10},
		{"ParseIRI MaxLength", func(s string) error { _, err := Options{MaxLength: 8192}.ParseIRI(s); return err }, huge, ErrTooLong, ComponentPath, 8192},
		{"Parse MaxLength", func(s string) error { _, err := Options{MaxLength: 8192}.Parse(s); return err }, huge, ErrTooLong, ComponentPath, 8192},
		{"ToURI MaxLength", toURI(Options{MaxLength: 8192}), hugeIRI, ErrTooLong, ComponentPath, 8192},
		// "/a/b/c...": the second "/", at 10, begins the third segment.
		{"ToURI MaxSegments", toURI(Options{MaxSegments: 2}), hugeIRI, ErrTooManySegments, ComponentPath, 10},
		{"IRIToURI MaxLength", func(s string) error { _, err := Options{MaxLength: 8192}.IRIToURI(s); return err }, hugeIRI, ErrTooLong, ComponentPath, 8192},
	} {
		var m0, m1 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m0)
		err := tc.run(tc.in)
		runtime.ReadMemStats(&m1)
		var e *Error
		if !errors.As(err, &e) || !errors.Is(err, tc.cause) || e.Component != tc.comp || e.Offset != tc.offset {
			t.Errorf("%s: %v, want %v in %v at %d", tc.name, err, tc.cause, tc.comp, tc.offset)
		}
		// An error is a few hundred bytes; the work would be megabytes.
		// The margin is for what the runtime allocates meanwhile.
		if a := m1.TotalAlloc - m0.TotalAlloc; a > 64<<10 {
			t.Errorf("%s: %d bytes allocated before the error, want at most 64 KiB", tc.name, a)
		}
	}

	// The result of Repair is held to MaxLength too, reckoned before it is
	// written: "http://h/{{{{{{" (15 bytes) would be 27; the fourth "{",
	// at offset 12, becomes the bytes 18 to 20 of the result, and 20 is
	// the first past the limit.
	_, _, err := Options{MaxLength: 20}.Repair("http://h/{{{{{{")
	if e := (*Error)(nil); !errors.As(err, &e) || !errors.Is(err, ErrTooLong) || e.Offset != 12 || e.Component != ComponentPath {
		t.Errorf("Repair of a result past MaxLength: %v, want ErrTooLong at 12 in the path", err)
	}

	// ToURI: the IRI over a limit before the mapping; the result over it
	// (every "\u00e9" becomes "%C3%A9") after.
	i := MustParseIRI("http://h/a/b/c")
	if _, err := (Options{MaxSegments: 2}).ToURI(i); !errors.Is(err, ErrTooManySegments) {
		t.Errorf("ToURI over MaxSegments: %v", err)
	}
	i = MustParseIRI("http://h/\u00e9\u00e9")
	if _, err := (Options{MaxLength: 16}).ToURI(i); !errors.Is(err, ErrTooLong) {
		t.Errorf("ToURI of a result over MaxLength: %v", err)
	}
	if u, err := (Options{MaxLength: 21}).ToURI(i); err != nil || u.String() != "http://h/%C3%A9%C3%A9" {
		t.Errorf("ToURI at MaxLength: %v %v", u, err)
	}
}

// TestMaxTextLength: a text longer than a layout's 32-bit offsets can hold
// is refused with ErrTooLong, by the parsers and by an edit or a Build whose
// result would be that long, before any of it is read or written. The long
// texts are a few real bytes given a length of gigabytes: reading past the
// real ones faults, so the test also shows that the limit comes first.
func TestMaxTextLength(t *testing.T) {
	if strconv.IntSize == 32 {
		return // no string is that long
	}
	n := uint(MaxTextLength)   // a variable: the constant overflows a 32-bit int
	real := []byte("a/b/c/d/") // no ":" for a first segment to be checked for
	fake := func(length uint) string { return unsafe.String(&real[0], int(length)) }

	long := fake(n + 1)
	for name, parse := range map[string]func(string) error{
		"Parse":         func(s string) error { _, err := Parse(s); return err },
		"ParseURI":      func(s string) error { _, err := ParseURI(s); return err },
		"ParseIRI":      func(s string) error { _, err := ParseIRI(s); return err },
		"Options.Parse": func(s string) error { _, err := Options{Zones: true}.Parse(s); return err },
	} {
		err := parse(long)
		var e *Error
		if !errors.As(err, &e) || !errors.Is(err, ErrTooLong) || uint(e.Offset) != n || e.Component != 0 {
			t.Errorf("%s of %d bytes: %v, want ErrTooLong in the reference at offset %d", name, len(long), err, n)
		}
	}

	// A path-only reference 8 bytes short of the limit, of which the
	// edits read no byte past the real ones: they append after it.
	var u URI
	u.s = fake(n - 8)
	u.endScheme(0)
	u.endPath(len(u.s))
	u.endQuery(len(u.s))
	for name, edit := range map[string]func() (URI, error){
		"WithFragment":        func() (URI, error) { return u.WithFragment("0123456789") },
		"WithDecodedFragment": func() (URI, error) { return u.WithDecodedFragment("01234 6789") },
		"WithQuery":           func() (URI, error) { return u.WithQuery("0123456789") },
		"Build":               func() (URI, error) { return u.Builder().SetQuery("q").SetFragment("0123456789").Build() },
	} {
		if v, err := edit(); !errors.Is(err, ErrTooLong) || v != (URI{}) {
			t.Errorf("%s past the limit: %v, want ErrTooLong", name, err)
		}
	}
}
