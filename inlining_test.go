package uri

import (
	"testing"

	"github.com/ferret-go/uri/internal/inltest"
)

// TestInlining checks, as net/netip's inlining test does, that the compiler
// still inlines the small functions the parser's speed and the accessors'
// cost depend on. A change that pushes one over the inlining budget fails
// here, not only as a slower benchmark.
func TestInlining(t *testing.T) {
	t.Parallel()
	want := []string{
		// The character classes and scan (its wrapper over the byte sets),
		// called for every component of every input.
		"isAlpha",
		"isDigit",
		"isHex",
		"scan",
		// scanF: the parser's scan of each component, one call a
		// component; le64 and webScheme: the word read and the two
		// conditional moves of "http://" and "https://", no call a URL.
		"scanF",
		"le64",
		"webScheme",
		// The host: the ends of an authority, and IPv6 groups.
		"isAuthorityEnd",
		"unhex",
		// The entry points, so that the caller's frame receives the result
		// that parseRule writes in place.
		"Parse",
		"ParseURI",
		"ParseAbsolute",
		"ParseRelative",
		// The resolutions' entry points, for the same reason.
		"URI.Resolve",
		"Resolver.Resolve",
		// The one writer: its marks, which the parser and every writer of
		// a value call for each component.
		"(*offsets).endScheme",
		"(*offsets).endUserinfo",
		"(*offsets).endHost",
		"(*offsets).endAuthority",
		"(*offsets).endPath",
		"(*offsets).endQuery",
		"(*offsets).shift",
		"(*writer).put",
		"(*writer).done",
		// The accessors: offsets and a slice expression each.
		"URI.String",
		"URI.IsRelative",
		"URI.Scheme",
		"URI.HasAuthority",
		"URI.Authority",
		"URI.HasUserinfo",
		"URI.Userinfo",
		"URI.Host",
		"URI.HostKind",
		"URI.Addr",
		"URI.HasPort",
		"URI.Port",
		"URI.Path",
		"URI.IsAbsolutePath",
		"URI.HasQuery",
		"URI.Query",
		"URI.HasFragment",
		"URI.Fragment",
		// The decoded setters that benchmarks call: the caller's frame
		// holds the result that apply writes in place (see
		// applyDecodedPath), and the offsets are read through the
		// pointer, without a copy of the URI.
		"URI.WithDecodedPath",
		"URI.WithDecodedQuery",
		"URI.WithDecodedFragment",
		"(*offsets).hasAuth",
		"(*offsets).hasScheme",
		// Escaping and decoding: the step of both unsafe fill loops, and
		// the scan that spares short texts a call.
		"putQuad",
		"fillRoomy",
		"firstDecodeShort",
	}
	inltest.Check(t, want...)
}
