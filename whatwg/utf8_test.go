package whatwg

import (
	"errors"
	"testing"
)

// TestInvalidUTF8 checks how a Go string that is not UTF-8 is read: first
// decoded as the Encoding Standard's "UTF-8 decode without BOM" does (each
// maximal subpart one U+FFFD), then stripped of tabs and newlines (URL
// Standard, basic URL parser, steps 1 to 3), so that a newline between
// invalid bytes does not join them into a code point. The expected hrefs
// follow the two standards (U+FFFD is EF BF BD, percent-encoded in a path,
// query, fragment or opaque host; a domain holding it fails UTS #46) and
// agree with Node's URL given the string TextDecoder makes of the bytes.
func TestInvalidUTF8(t *testing.T) {
	const fffd = "%EF%BF%BD"
	for _, tc := range []struct{ in, want string }{
		// Stripping "\r" first would make U+3002, a label separator:
		// host "example.com.".
		{"http://u@example.com\xe3\r\x80\x82/", ""},
		{"http://example.com/\xe3\r\x80\x82", "http://example.com/" + fffd + fffd + fffd},
		{"http://example.com/\xe3\x80", "http://example.com/" + fffd},
		{"http://example.com/\x80\x80", "http://example.com/" + fffd + fffd},
		{"http://example.com/?\xc0\xaf", "http://example.com/?" + fffd + fffd},
		{"http://example.com/#\xf0\x90", "http://example.com/#" + fffd},
		{"foo://\x80\x80/", "foo://" + fffd + fffd + "/"},
		{"http://example.com/\xed\t/x", "http://example.com/" + fffd + "/x"},
		{"sc:\x80\nx", "sc:" + fffd + "x"},
		{" http://example.com/\xe3\x80\x82 ", "http://example.com/%E3%80%82"},
	} {
		u, err := Parse(tc.in)
		if tc.want == "" {
			var e *Error
			if err == nil {
				t.Errorf("Parse(%q) = %q, want failure", tc.in, u.Href())
			} else if !errors.As(err, &e) || e.Offset < 0 || e.Offset > len(tc.in) {
				t.Errorf("Parse(%q): error %v, offset outside the input", tc.in, err)
			}
			continue
		}
		if err != nil || u.Href() != tc.want {
			t.Errorf("Parse(%q) = %q, %v; want %q", tc.in, u.Href(), err, tc.want)
		}
		if _, errs, err := Validate(tc.in, URL{}); err != nil {
			t.Errorf("Validate(%q): %v", tc.in, err)
		} else {
			for _, v := range errs {
				if v.Offset < 0 || v.Offset > len(tc.in) {
					t.Errorf("Validate(%q): %v outside the input", tc.in, v)
				}
			}
		}
	}
	// A validation error's offset is in the input: the tab at 20, after
	// one invalid byte (three bytes of U+FFFD in the decoded text).
	if _, errs, err := Validate("http://example.com/\x80\t\x80", URL{}); err != nil || len(errs) == 0 ||
		errs[0] != (ValidationError{"invalid-URL-unit", 20}) {
		t.Errorf("Validate(http://example.com/\\x80\\t\\x80) = %v, %v; want invalid-URL-unit@20 first", errs, err)
	}
	// application/x-www-form-urlencoded parsing decodes the percent-decoded
	// bytes the same way.
	for _, tc := range []struct{ in, want string }{
		{"a=%80%80", "\uFFFD\uFFFD"},
		{"a=%E3%80", "\uFFFD"},
		{"a=%E3%80%82", "\u3002"},
	} {
		if got, _ := ParseSearchParams(tc.in).Get("a"); got != tc.want {
			t.Errorf("ParseSearchParams(%q).Get(a) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
