package uri

import (
	"errors"
	"strings"
	"testing"
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
