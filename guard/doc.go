// Package guard makes HTTP requests, and other connections, that no
// server-side request forgery (SSRF) gets through: it checks the URL
// string with a lint.Policy, and every address the host resolves to with
// rules written from the IANA IPv4 and IPv6 Special-Purpose Address
// Registries (RFC 6890, as RFC 8190 amended it), and it dials the address
// it checked.
package guard
