package uri

import (
	"errors"
	"fmt"
	"testing"
)

// TestErrors: the traps of a strict parser, each with the exact offset of the
// first offending byte, its component, the sentinels it matches and the
// message.
func TestErrors(t *testing.T) {
	tests := []struct {
		in   string
		off  int
		comp Component
		errs []error
		msg  string
	}{
		{"http://a b", 8, ComponentHost, []error{ErrInvalidCharacter, ErrInvalidHost},
			"uri: invalid character ' ' in host at offset 8"},
		{"http://[::1", 7, ComponentHost, []error{ErrUnterminatedIPLiteral, ErrInvalidHost},
			"uri: unterminated IP literal in host at offset 7"},
		{"http://[1:", 7, ComponentHost, []error{ErrUnterminatedIPLiteral, ErrInvalidHost},
			"uri: unterminated IP literal in host at offset 7"},
		{"http://[1:2:3:4:5:6:7:8:9]", 23, ComponentHost, []error{ErrInvalidIPv6, ErrInvalidHost},
			"uri: invalid IPv6 literal in host at offset 23"},
		{"http://[v1]", 10, ComponentHost, []error{ErrInvalidIPvFuture, ErrInvalidHost},
			"uri: invalid IPvFuture literal in host at offset 10"},
		{"http://a:8o", 10, ComponentPort, []error{ErrInvalidCharacter, ErrInvalidPort},
			"uri: invalid character 'o' in port at offset 10"},
		{"1http://x", 0, ComponentScheme, []error{ErrInvalidCharacter, ErrInvalidScheme},
			"uri: invalid character '1' in scheme at offset 0"},
		{"1a:b", 0, ComponentScheme, []error{ErrInvalidCharacter, ErrInvalidScheme},
			"uri: invalid character '1' in scheme at offset 0"},
		{"a'b:c", 1, ComponentScheme, []error{ErrInvalidCharacter, ErrInvalidScheme},
			`uri: invalid character '\'' in scheme at offset 1`},
		{":a", 0, ComponentScheme, []error{ErrEmptyScheme, ErrInvalidScheme},
			"uri: empty scheme at offset 0"},
		{"%zz", 0, ComponentPath, []error{ErrInvalidPercentEncoding},
			`uri: invalid percent-encoding "%zz" in path at offset 0`},
		{"%4", 0, ComponentPath, []error{ErrInvalidPercentEncoding},
			`uri: invalid percent-encoding "%4" in path at offset 0`},
		{"a%", 1, ComponentPath, []error{ErrInvalidPercentEncoding},
			`uri: invalid percent-encoding "%" in path at offset 1`},
		{"s://h/%\xff1", 6, ComponentPath, []error{ErrInvalidPercentEncoding},
			`uri: invalid percent-encoding "%\xff1" in path at offset 6`},
		// Control characters and non-ASCII bytes.
		{"s://h/\x00", 6, ComponentPath, []error{ErrInvalidCharacter}, `uri: invalid character '\x00' in path at offset 6`},
		{"s://h/a\tb", 7, ComponentPath, []error{ErrInvalidCharacter}, `uri: invalid character '\t' in path at offset 7`},
		{"a\nb", 1, ComponentPath, []error{ErrInvalidCharacter}, `uri: invalid character '\n' in path at offset 1`},
		{"s:?\r", 3, ComponentQuery, []error{ErrInvalidCharacter}, `uri: invalid character '\r' in query at offset 3`},
		{"s:#\x7f", 3, ComponentFragment, []error{ErrInvalidCharacter}, `uri: invalid character '\x7f' in fragment at offset 3`},
		{"s://h/é", 6, ComponentPath, []error{ErrInvalidCharacter}, "uri: invalid character 'é' in path at offset 6"},
		{"s:/💩", 3, ComponentPath, []error{ErrInvalidCharacter}, "uri: invalid character '💩' in path at offset 3"},
		{"s:/\u0091", 3, ComponentPath, []error{ErrInvalidCharacter}, `uri: invalid character '\u0091' in path at offset 3`},
		{"s://h/\xff", 6, ComponentPath, []error{ErrInvalidCharacter}, `uri: invalid character '\xff' in path at offset 6`},
		{"s://h/\xc3", 6, ComponentPath, []error{ErrInvalidCharacter}, `uri: invalid character '\xc3' in path at offset 6`},
		{"s://hé", 5, ComponentHost, []error{ErrInvalidCharacter, ErrInvalidHost}, "uri: invalid character 'é' in host at offset 5"},
		{"\x00", 0, ComponentPath, []error{ErrInvalidCharacter}, `uri: invalid character '\x00' in path at offset 0`},
		// A second "#".
		{"s:#a#b", 4, ComponentFragment, []error{ErrInvalidCharacter}, "uri: invalid character '#' in fragment at offset 4"},
		{"##", 1, ComponentFragment, []error{ErrInvalidCharacter}, "uri: invalid character '#' in fragment at offset 1"},
		// "[" and "]" outside an IP-literal.
		{"[", 0, ComponentPath, []error{ErrInvalidCharacter}, "uri: invalid character '[' in path at offset 0"},
		{"s:[", 2, ComponentPath, []error{ErrInvalidCharacter}, "uri: invalid character '[' in path at offset 2"},
		{"s:/a]", 4, ComponentPath, []error{ErrInvalidCharacter}, "uri: invalid character ']' in path at offset 4"},
		{"s://a[", 5, ComponentHost, []error{ErrInvalidCharacter, ErrInvalidHost}, "uri: invalid character '[' in host at offset 5"},
		{"s:?[", 3, ComponentQuery, []error{ErrInvalidCharacter}, "uri: invalid character '[' in query at offset 3"},
		{"s:#]", 3, ComponentFragment, []error{ErrInvalidCharacter}, "uri: invalid character ']' in fragment at offset 3"},
		{"s://u[@h", 5, ComponentUserinfo, []error{ErrInvalidCharacter}, "uri: invalid character '[' in userinfo at offset 5"},
		// Userinfo.
		{"s://a b@h", 5, ComponentUserinfo, []error{ErrInvalidCharacter}, "uri: invalid character ' ' in userinfo at offset 5"},
		{"s://a%g@h", 5, ComponentUserinfo, []error{ErrInvalidPercentEncoding}, `uri: invalid percent-encoding "%g@" in userinfo at offset 5`},
		// Port.
		{"s://h:1:2", 7, ComponentPort, []error{ErrInvalidCharacter, ErrInvalidPort}, "uri: invalid character ':' in port at offset 7"},
		{"s://h:%38", 6, ComponentPort, []error{ErrInvalidCharacter, ErrInvalidPort}, "uri: invalid character '%' in port at offset 6"},
		{"s://h:%3", 6, ComponentPort, []error{ErrInvalidPercentEncoding, ErrInvalidPort}, `uri: invalid percent-encoding "%3" in port at offset 6`},
	}
	for _, tt := range tests {
		_, err := Parse(tt.in)
		checkErr(t, tt.in, err, tt.off, tt.comp, tt.errs...)
		if err != nil && err.Error() != tt.msg {
			t.Errorf("Parse(%q): message %q, want %q", tt.in, err.Error(), tt.msg)
		}
	}
	// Inputs that look like traps and are valid.
	for _, in := range []string{"a:b", "./1a:b", "a:1b", "//a:80", "?1a:b", "#1a:b", "/1a:b"} {
		if _, err := Parse(in); err != nil {
			t.Errorf("Parse(%q): %v", in, err)
		}
	}
	if u := mustParse(t, "a:b"); u.Scheme() != "a" || u.Path() != "b" {
		t.Errorf("a:b: scheme %q path %q", u.Scheme(), u.Path())
	}
}

// TestRuleErrors: the errors of the stricter parsers, and their messages.
func TestRuleErrors(t *testing.T) {
	for _, tt := range []struct {
		parse func(string) (URI, error)
		in    string
		off   int
		comp  Component
		err   error
		msg   string
	}{
		{ParseURI, "//h/p", 0, ComponentScheme, ErrMissingScheme, "uri: missing scheme at offset 0"},
		{ParseURI, "", 0, ComponentScheme, ErrMissingScheme, "uri: missing scheme at offset 0"},
		{ParseAbsolute, "p", 0, ComponentScheme, ErrMissingScheme, "uri: missing scheme at offset 0"},
		{ParseAbsolute, "s:x#f", 3, ComponentFragment, ErrUnexpectedFragment, "uri: fragment not allowed in an absolute URI at offset 3"},
		{ParseAbsolute, "s://h#", 5, ComponentFragment, ErrUnexpectedFragment, "uri: fragment not allowed in an absolute URI at offset 5"},
		{ParseRelative, "s:x", 0, ComponentScheme, ErrUnexpectedScheme, "uri: scheme not allowed in a relative reference at offset 0"},
		{ParseRelative, "s://h", 0, ComponentScheme, ErrUnexpectedScheme, "uri: scheme not allowed in a relative reference at offset 0"},
	} {
		_, err := tt.parse(tt.in)
		// These causes match only themselves: a missing scheme is not an
		// invalid one.
		checkErr(t, tt.in, err, tt.off, tt.comp, tt.err)
		if err != nil && err.Error() != tt.msg {
			t.Errorf("%q: message %q, want %q", tt.in, err.Error(), tt.msg)
		}
	}
}

// TestErrorType: errors.As and errors.Is through wrapping, Unwrap for every
// component, and messages of hand-made errors.
func TestErrorType(t *testing.T) {
	_, err := Parse("http://a b")
	wrapped := fmt.Errorf("loading config: %w", err)
	var e *Error
	if !errors.As(wrapped, &e) || e.Offset != 8 || e.Component != ComponentHost || e.Input != "http://a b" {
		t.Fatalf("errors.As through a wrapper: %#v", e)
	}
	if !errors.Is(wrapped, ErrInvalidCharacter) || !errors.Is(wrapped, ErrInvalidHost) || errors.Is(wrapped, ErrInvalidPort) {
		t.Errorf("errors.Is through a wrapper fails for %v", wrapped)
	}

	// Unwrap adds the component's sentinel for scheme, host and port only,
	// and never for the rule errors.
	for _, tt := range []struct {
		comp Component
		err  error
		want []error
	}{
		{ComponentScheme, ErrInvalidCharacter, []error{ErrInvalidCharacter, ErrInvalidScheme}},
		{ComponentScheme, ErrEmptyScheme, []error{ErrEmptyScheme, ErrInvalidScheme}},
		{ComponentScheme, ErrInvalidScheme, []error{ErrInvalidScheme}},
		{ComponentScheme, ErrMissingScheme, []error{ErrMissingScheme}},
		{ComponentScheme, ErrUnexpectedScheme, []error{ErrUnexpectedScheme}},
		{ComponentUserinfo, ErrInvalidCharacter, []error{ErrInvalidCharacter}},
		{ComponentHost, ErrInvalidIPv6, []error{ErrInvalidIPv6, ErrInvalidHost}},
		{ComponentHost, ErrInvalidHost, []error{ErrInvalidHost}},
		{ComponentPort, ErrInvalidPercentEncoding, []error{ErrInvalidPercentEncoding, ErrInvalidPort}},
		{ComponentPath, ErrInvalidCharacter, []error{ErrInvalidCharacter}},
		{ComponentQuery, ErrInvalidCharacter, []error{ErrInvalidCharacter}},
		{ComponentFragment, ErrUnexpectedFragment, []error{ErrUnexpectedFragment}},
	} {
		got := (&Error{Component: tt.comp, Err: tt.err}).Unwrap()
		if fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("Unwrap of %v in %v = %v, want %v", tt.err, tt.comp, got, tt.want)
		}
	}

	for _, tt := range []struct {
		e    *Error
		want string
	}{
		{&Error{Input: "ab", Offset: 2, Component: ComponentPath, Err: ErrInvalidCharacter},
			"uri: invalid character end of input in path at offset 2"},
		{&Error{Input: "ab", Offset: 1, Err: ErrInvalidCharacter},
			"uri: invalid character 'b' in URI reference at offset 1"},
		{&Error{Input: "%4", Offset: 0, Component: Component(42), Err: ErrInvalidPercentEncoding},
			`uri: invalid percent-encoding "%4" in Component(42) at offset 0`},
		{&Error{Input: "x", Offset: 0, Component: ComponentHost, Err: ErrInvalidHost},
			"uri: invalid host in host at offset 0"},
	} {
		if got := tt.e.Error(); got != tt.want {
			t.Errorf("%#v.Error() = %q, want %q", tt.e, got, tt.want)
		}
	}
}

// TestComponentString: the names of the components, as the RFC spells them.
func TestComponentString(t *testing.T) {
	for c, want := range map[Component]string{
		0: "URI reference", ComponentScheme: "scheme", ComponentUserinfo: "userinfo", ComponentHost: "host",
		ComponentPort: "port", ComponentPath: "path", ComponentQuery: "query", ComponentFragment: "fragment",
		8: "Component(8)", 255: "Component(255)",
	} {
		if got := c.String(); got != want {
			t.Errorf("Component(%d).String() = %q, want %q", c, got, want)
		}
	}
}

// TestMustParse: a value for valid input, a panic with the *Error otherwise.
func TestMustParse(t *testing.T) {
	if u := MustParse("s://h/p"); u.Host() != "h" || u.Path() != "/p" {
		t.Errorf("MustParse: %#v", u)
	}
	defer func() {
		r := recover()
		e, ok := r.(*Error)
		if !ok || !errors.Is(e, ErrUnterminatedIPLiteral) || e.Offset != 7 {
			t.Errorf("MustParse(bad) panicked with %#v, want the *Error", r)
		}
	}()
	MustParse("http://[::1")
	t.Error("MustParse(bad) did not panic")
}
