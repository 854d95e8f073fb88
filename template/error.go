package template

import (
	"errors"
	"strconv"
)

// The sentinel errors, one per rule a template or an expansion can break.
// Every error of this package is an [*Error] that wraps one of them, so that
// errors.Is tells which rule was broken and errors.As gives the offset.
var (
	// ErrUnclosedExpression: a "{" without its "}" (RFC 6570, section 2.2).
	ErrUnclosedExpression = errors.New("unclosed expression")
	// ErrInvalidLiteral: a character that section 2.1 does not allow
	// outside expressions (a space, "<", "}", a "%" not followed by two
	// hexadecimal digits, a control character, invalid UTF-8, ...).
	ErrInvalidLiteral = errors.New("invalid character in literal")
	// ErrReservedOperator: an operator that section 2.2 reserves for future
	// extensions ("=", ",", "!", "@", "|").
	ErrReservedOperator = errors.New("reserved operator")
	// ErrInvalidVarname: a variable name that does not match varname
	// (section 2.3): empty, with a character other than ALPHA, DIGIT, "_",
	// pct-encoded and single inner dots, or an expression that does not
	// continue with a modifier, "," or "}".
	ErrInvalidVarname = errors.New("invalid variable name")
	// ErrInvalidPrefix: a prefix modifier whose max-length is not a number
	// from 1 to 9999 without a leading zero (section 2.4.1).
	ErrInvalidPrefix = errors.New("invalid prefix length")
	// ErrExplodeWithPrefix: a varspec with both modifiers ("{x:3*}"), which
	// the grammar of section 2.4 does not allow: a varspec has one at most.
	ErrExplodeWithPrefix = errors.New("prefix and explode modifiers together")
	// ErrCompositePrefix: at expansion, a prefix modifier on a variable whose
	// value is a list or an associative array (section 2.4.1: "not
	// applicable to variables that have composite values").
	ErrCompositePrefix = errors.New("prefix modifier on a composite value")
	// ErrAmbiguous: the template can produce the same URI from different
	// variables in a way Match could only guess at, such as two adjacent
	// expressions with no literal between them ("{x}{y}"), a literal that
	// the expression before it can also produce ("{x}-{y}"), or several
	// variables in a reserved expression ("{+x,y}"). [Template.Invertible]
	// reports it; expansion is not affected.
	ErrAmbiguous = errors.New("ambiguous for matching")
	// ErrRepeatedVariable: a variable that appears twice in a template
	// ("{x}/{x:3}"), which Match does not invert.
	ErrRepeatedVariable = errors.New("variable repeated")
)

// Error is the error of [Parse], of expansion and of [Template.Invertible]:
// the rule broken (Err, one of the sentinels above), the template, and the
// byte offset in it where the problem is.
type Error struct {
	Template string // the template
	Offset   int    // byte offset in Template of the offending character or expression
	Err      error  // the rule broken: ErrUnclosedExpression, ErrInvalidLiteral, ...
	Var      string // the variable concerned, if any
}

// Error returns a message such as
// `template: unclosed expression at offset 5`.
func (e *Error) Error() string {
	s := "template: " + e.Err.Error()
	if e.Var != "" {
		s += " " + strconv.Quote(e.Var)
	}
	return s + " at offset " + strconv.Itoa(e.Offset)
}

// Unwrap returns the sentinel, for errors.Is.
func (e *Error) Unwrap() error { return e.Err }
