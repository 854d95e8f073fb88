// Package readers tells how parsers other than this module's read a URL
// string: each [Reader] is a pure-Go emulation of one named parser at one
// named version, giving the same [Reading] record, so that a program can
// learn offline, at parse speed, what a Python worker, a PHP page, a Java
// service, Node's legacy url.parse or curl will make of a string it is
// about to pass on.
//
// URL-confusion bugs happen between the services of one system: a gateway
// checks a URL with one parser and a worker fetches it with another (the
// Claroty and Snyk study of 2022 found 8 CVEs across 16 parsers this way).
// The readers here are those parsers as Debian 12 packages them; the
// separate module github.com/ferret-go/uri/oracles runs each real parser
// on the same inputs and compares every field with the emulation.
//
// A Reading's Host is the host a client built on that parser connects to;
// each Reader's documentation says how it is derived from what the parser
// returns.
//
// Every function here is safe for concurrent use, never panics, and runs in
// time and memory linear in its input.
package readers
