// Package guard makes HTTP requests, and other connections, that no
// server-side request forgery (SSRF) gets through: it checks the URL
// string with a lint.Policy, and every address the host resolves to with
// rules written from the IANA IPv4 and IPv6 Special-Purpose Address
// Registries (RFC 6890, as RFC 8190 amended it), and it dials the address
// it checked.
//
// SSRF protection has two halves. The string: which host a URL names, read
// alike by the check and by the client (lint.Policy, whose URI the request
// is made from). The wire: which address the name leads to when the
// connection is made (this package). A [Guard] gives an [http.Client]
// ([Guard.Client]), a RoundTripper ([Guard.Transport]), a dialer for other
// protocols ([Guard.DialContext]) and a dry run ([Guard.Check]).
//
// # The rules
//
// An address is blocked when the most specific entry of the registries
// that holds it is not globally reachable (see [Rules]); IPv6 outside
// 2000::/3, multicast, and cloud metadata addresses are blocked too. An
// IPv6 address that carries an IPv4 one (IPv4-mapped, IPv4-compatible,
// NAT64 64:ff9b::/96, 6to4, Teredo) is judged by the IPv4 address inside.
// A name is refused before any lookup when it is localhost, or ends in
// .localhost (RFC 6761), .local (RFC 6762), .internal or .home.arpa (RFC
// 8375), or is a metadata service's short name. Guard.Allow and Guard.Deny
// change the verdict for prefixes; a name that resolves to several
// addresses is refused when one of them is blocked.
//
// # The published bypasses, and the tests that stand for them
//
// Each class of bypass that SSRF write-ups and advisories describe, and the
// tests that show the guard closes it:
//
//   - Internal addresses written as IP literals (127.0.0.1, 10/8, [::1],
//     0.0.0.0, 169.254.169.254, fd00:ec2::254, 100.100.100.200):
//     TestCheckIPLiterals, TestRegistryEntries, TestMetadata.
//   - Other spellings of IPv4 (decimal 2130706433, octal 0177.0.0.1, hex
//     0x7f.1, short 127.1, a trailing dot): TestCheckIPLiterals (the
//     Policy refuses them in URLs), TestDialContext (DialContext reads
//     them as the URL Standard and inet_aton do, and judges the address).
//   - IPv4 inside IPv6 (::ffff:127.0.0.1, ::ffff:7f00:1, 64:ff9b::/96,
//     2002::/16, Teredo, ::a.b.c.d): TestEmbedded, TestCheckIPLiterals,
//     TestCheckNames (a resolver that answers an AAAA of ::ffff:127.0.0.1).
//   - Zone identifiers ([fe80::1%25eth0]): TestCheckIPLiterals,
//     TestDialContext.
//   - Names that resolve to internal addresses (localtest.me-like names,
//     an attacker's DNS): TestCheckNames, TestClientGet.
//   - A name with both a public and an internal address (the dialer falls
//     back to the second): TestCheckNames ("mix.test").
//   - Names of the machine or the network, with case and trailing dots
//     (localhost, LOCALHOST., *.localhost, metadata.google.internal,
//     *.local): TestNameRules, TestCheckNames.
//   - DNS rebinding (TTL 0, the check and the connection resolving
//     apart): TestDialRebinding, with a control that shows a dial by name
//     reaching the internal address, and TestClientRebinding.
//   - Redirects to internal addresses, to metadata services, to names
//     blocked without lookup, to other schemes (file:, gopher:,
//     javascript:), and Locations that parsers read differently:
//     TestRedirects.
//   - Redirect loops: TestRedirectLimits.
//   - https to http on a redirect: TestRedirectDowngrade.
//   - Credentials sent on to another origin (a subdomain included, which
//     net/http alone allows): TestRedirectCredentials.
//   - A proxy from the environment, which resolves the name itself:
//     TestEnvironmentProxy.
//   - The string checked is not the string fetched (golang/go#29098; a
//     userinfo that poses as the host; "\" and "@" read apart): lint's own
//     tests, and TestNewRequest and TestCheckIPLiterals here.
//   - A resolver that fails or times out (no fall-back to another one):
//     TestResolverTimeout, TestCheckNames.
//
// Tests connect to loopback addresses only: 127.0.0.2 stands for a public
// address (it is in Guard.Allow), 127.0.0.1 for the internal target, and a
// DNS server of the test's own on 127.0.0.1 answers the Resolver.
package guard
