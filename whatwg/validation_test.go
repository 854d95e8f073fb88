package whatwg

import (
	"errors"
	"slices"
	"testing"
)

// The examples of the URL Standard's table of validation errors (section
// "Validation errors"): each input reports that error; the failures among
// them fail with the sentinel named after it.
func TestValidationErrorExamples(t *testing.T) {
	for _, c := range []struct {
		input, base, kind string
		fatal             error
	}{
		{"https://exa%23mple.org", "", "domain-to-ASCII", ErrDomainInvalidCodePoint},
		{"https://exam%70le.org", "", "domain-percent-encoded", nil},
		{"foo://exa[mple.org", "", "", ErrHostInvalidCodePoint},
		{"https://127.0.0.1./", "", "IPv4-empty-part", nil},
		{"https://1.2.3/", "", "IPv4-too-few-parts", nil},
		{"https://1.2.3.4.5/", "", "", ErrIPv4},
		{"https://test.42", "", "", ErrIPv4},
		{"https://127.0.0x0.1", "", "IPv4-non-decimal-part", nil},
		{"https://255.255.4000.1", "", "", ErrIPv4},
		{"https://[::1", "", "", ErrIPv6},
		{"https://[:1]", "", "", ErrIPv6},
		{"https://[1:2:3:4:5:6:7:8:9]", "", "", ErrIPv6},
		{"https://[1::1::1]", "", "", ErrIPv6},
		{"https://[1:2:3!:4]", "", "", ErrIPv6},
		{"https://[1:2:3:]", "", "", ErrIPv6},
		{"https://[1:2:3]", "", "", ErrIPv6},
		{"https://[::01]", "", "IPv6-piece-leading-zero", nil},
		{"https://[1:1:1:1:1:1:1:127.0.0.1]", "", "", ErrIPv6},
		{"https://[ffff::.0.0.1]", "", "", ErrIPv6},
		{"https://[ffff::127.0.xyz.1]", "", "", ErrIPv6},
		{"https://[ffff::127.0xyz]", "", "", ErrIPv6},
		{"https://[ffff::127.00.0.1]", "", "", ErrIPv6},
		{"https://[ffff::127.0.0.1.2]", "", "", ErrIPv6},
		{"https://[ffff::127.0.0.4000]", "", "", ErrIPv6},
		{"https://[ffff::127.0.0]", "", "", ErrIPv6},
		{"https://example.org/>", "", "invalid-URL-unit", nil},
		{" https://example.org ", "", "invalid-URL-unit", nil},
		{"ht\ntps://example.org", "", "invalid-URL-unit", nil},
		{"https://example.org/%s", "", "invalid-URL-unit", nil},
		{"file:c:/my-secret-folder", "", "special-scheme-missing-following-solidus", nil},
		{"https:example.org", "", "special-scheme-missing-following-solidus", nil},
		{"https:foo.html", "https://example.org/", "special-scheme-missing-following-solidus", nil},
		{"💩", "", "missing-scheme-non-relative-URL", ErrMissingScheme},
		{"💩", "mailto:user@example.org", "missing-scheme-non-relative-URL", ErrMissingScheme},
		{"https://example.org\\path\\to\\file", "", "invalid-reverse-solidus", nil},
		{"https://user@example.org", "", "invalid-credentials", nil},
		{"ssh://user@example.org", "", "invalid-credentials", nil},
		{"https://#fragment", "", "host-missing", ErrHostMissing},
		{"https://:443", "", "host-missing", ErrHostMissing},
		{"https://user:pass@", "", "host-missing", ErrHostMissing},
		{"https://example.org:70000", "", "port-out-of-range", ErrPortOutOfRange},
		{"https://example.org:7z", "", "port-invalid", ErrPortInvalid},
		// The table's example is "/c:/path/to/file", which the algorithm
		// takes through the file slash state, where this error is no
		// longer reported; the file state still reports it.
		{"c|/path/to/file", "file:///c:/", "file-invalid-Windows-drive-letter", nil},
		{"file://c:", "", "file-invalid-Windows-drive-letter-host", nil},
	} {
		var base URL
		if c.base != "" {
			base = MustParse(c.base)
		}
		_, verrs, err := Validate(c.input, base)
		if c.kind != "" && !slices.ContainsFunc(verrs, func(v ValidationError) bool { return v.Kind == c.kind }) {
			t.Errorf("Validate(%q, %q): validation errors %v, want %s among them", c.input, c.base, verrs, c.kind)
		}
		if (err == nil) != (c.fatal == nil) || c.fatal != nil && !errors.Is(err, c.fatal) {
			t.Errorf("Validate(%q, %q): error %v, want %v", c.input, c.base, err, c.fatal)
		}
		if _, err2 := ParseRef(c.input, base); (err == nil) != (err2 == nil) {
			t.Errorf("ParseRef(%q) and Validate disagree: %v, %v", c.input, err2, err)
		}
	}
}

// Valid URL strings (section "URL writing") report no validation error.
func TestValidURLStrings(t *testing.T) {
	for _, s := range []string{
		"https://example.org/", "https://example.org:8080/a/b?c=d#e",
		"http://[2001:db8::1]/", "http://192.0.2.1/", "file:///c:/x", "mailto:user@example.org",
		"foo://host/path", "urn:isbn:0-486-27557-4", "https://xn--53h.example/",
		"https://example.org/%41%7e",
	} {
		_, verrs, err := Validate(s, URL{})
		if err != nil || len(verrs) != 0 {
			t.Errorf("Validate(%q) = %v, %v; want none", s, verrs, err)
		}
	}
}

// An *Error carries the input, the offset (in the input as given) and the
// reason, and unwraps to its sentinel.
func TestErrorOffsets(t *testing.T) {
	for _, c := range []struct {
		input  string
		offset int
		reason string
		err    error
	}{
		{"https://example.org:7z", 21, "port-invalid", ErrPortInvalid},
		{"  https://example.org:7z", 23, "port-invalid", ErrPortInvalid},
		{"ht\ttps://example.org:7z", 22, "port-invalid", ErrPortInvalid},
		{"https://example.org:99999/", 20, "port-out-of-range", ErrPortOutOfRange},
		{"https://[1::1::1]/", 14, "IPv6-multiple-compression", ErrIPv6},
		{"x", 0, "missing-scheme-non-relative-URL", ErrMissingScheme},
		// The offending byte, not the host's start: the space, the "%"
		// of a triplet that decodes to a forbidden domain code point, a
		// "%" that starts no triplet.
		{"http://a b/", 8, "domain-invalid-code-point", ErrDomainInvalidCodePoint},
		{"https://ex ample.com/", 10, "domain-invalid-code-point", ErrDomainInvalidCodePoint},
		{"http://a\tb c/", 10, "domain-invalid-code-point", ErrDomainInvalidCodePoint},
		{"http://a\t b/", 9, "domain-invalid-code-point", ErrDomainInvalidCodePoint},
		{"http://a%41%20b/", 11, "domain-invalid-code-point", ErrDomainInvalidCodePoint},
		{"http://a%zz%41/", 8, "domain-invalid-code-point", ErrDomainInvalidCodePoint},
		{"http://ab%2/", 9, "domain-invalid-code-point", ErrDomainInvalidCodePoint},
		{"http://xn--caf-dma.ex<ample/", 21, "domain-invalid-code-point", ErrDomainInvalidCodePoint},
		{"http://café.ex<ample/", 15, "domain-invalid-code-point", ErrDomainInvalidCodePoint},
		// Decoded to ASCII with a forbidden domain code point: Parse
		// fails before decoding, Validate after (the same answer).
		{"http://ho%00st/", 9, "domain-invalid-code-point", ErrDomainInvalidCodePoint},
		{"http://%25", 7, "domain-invalid-code-point", ErrDomainInvalidCodePoint},
		{"http://EX%2FAMPLE/", 9, "domain-invalid-code-point", ErrDomainInvalidCodePoint},
		{"http://a%2541/", 8, "domain-invalid-code-point", ErrDomainInvalidCodePoint},
	} {
		_, err := Parse(c.input)
		_, _, verr := Validate(c.input, URL{})
		for _, err := range []error{err, verr} {
			var e *Error
			if !errors.As(err, &e) {
				t.Errorf("%q: %v, want *Error", c.input, err)
				continue
			}
			if e.Offset != c.offset || e.Reason != c.reason || !errors.Is(err, c.err) || e.Input != c.input {
				t.Errorf("%q: %+v, want offset %d reason %s", c.input, e, c.offset, c.reason)
			}
			if e.Error() == "" {
				t.Errorf("empty message")
			}
		}
	}
}
