// Package template implements URI Templates (RFC 6570): parsing, expansion
// at level 4, matching a URI back to the variables that expand to it, and a
// Router that picks the most specific of several templates for a URI.
//
// A template is parsed once by [Parse] into an immutable [Template], safe to
// share between goroutines. Parse errors are [*Error] values with the byte
// offset and the rule broken ([ErrUnclosedExpression], [ErrInvalidVarname],
// ...), for errors.Is and errors.As.
//
//	t := template.MustParse("/users/{id}/repos{?page,per_page}")
//	s, _ := t.Expand(template.Vars{"id": template.String("ferret"), "page": template.String("2")})
//	// s == "/users/ferret/repos?page=2"
//	vars, ok := t.Match("/users/ferret/repos?per_page=10&page=3")
//	// ok, vars["id"] is "ferret", vars["page"] "3", vars["per_page"] "10"
//
// A template expanded once, as a program that reads templates from its
// input does, can go to [ExpandString]: the same result as Parse then
// Expand, in one pass over the text without building a Template.
//
// Variables ([Vars]) hold strings, lists and associative arrays ([Value]);
// a Go map has no order, so [Pairs] gives an ordered associative array and
// [Map] one sorted by name. Expansion follows Appendix A of the RFC, and
// takes text as UTF-8 octets: "é" becomes "%C3%A9".
//
// Matching is decided at parse time: [Template.Invertible] says whether a
// template can be inverted, and if not, where it is ambiguous. See
// [Template.Match] for how each operator is read back.
package template
