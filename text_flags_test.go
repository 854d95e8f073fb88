package uri

import (
	"encoding"
	"testing"
)

var (
	_ encoding.TextMarshaler   = NormalizeFlags(0)
	_ encoding.TextUnmarshaler = (*NormalizeFlags)(nil)
	_ encoding.TextMarshaler   = RepairKind(0)
	_ encoding.TextUnmarshaler = (*RepairKind)(nil)
)

// TestNormalizeFlagsText checks the text form of every flag by its
// documented name, lists in both directions, and the errors.
func TestNormalizeFlagsText(t *testing.T) {
	for _, tc := range []struct {
		f    NormalizeFlags
		text string
	}{
		{0, ""},
		{SyntaxOnly, "syntax-only"},
		{DropEmptyQuery, "drop-empty-query"},
		{DropEmptyFragment, "drop-empty-fragment"},
		{DropFragment, "drop-fragment"},
		{SortQuery, "sort-query"},
		{DropTrailingSlash, "drop-trailing-slash"},
		{DropDirectoryIndex, "drop-directory-index"},
		{DecodeSafe, "decode-safe"},
		{CollapseSlashes, "collapse-slashes"},
		{SortQuery | DropFragment, "drop-fragment,sort-query"},
	} {
		b, err := tc.f.MarshalText()
		if err != nil || string(b) != tc.text {
			t.Errorf("%v.MarshalText() = %q, %v; want %q", tc.f, b, err, tc.text)
		}
		var g NormalizeFlags
		if err := g.UnmarshalText([]byte(tc.text)); err != nil || g != tc.f {
			t.Errorf("UnmarshalText(%q) = %v, %v; want %v", tc.text, g, err, tc.f)
		}
	}
	g := DecodeSafe
	if err := g.UnmarshalText([]byte(" sort-query ,, drop-fragment,")); err != nil || g != SortQuery|DropFragment {
		t.Errorf("UnmarshalText with spaces and empty items = %v, %v; want the two flags only", g, err)
	}
	g = DecodeSafe
	if err := g.UnmarshalText([]byte("sort-query,SortQuery")); err == nil || g != DecodeSafe {
		t.Errorf("UnmarshalText of an unknown name = %v, %v; want an error and no change", g, err)
	}
	if _, err := (CollapseSlashes << 1).MarshalText(); err == nil {
		t.Errorf("MarshalText of an unknown bit: no error")
	}
}

// TestRepairKindText checks the names of the repair kinds both ways.
func TestRepairKindText(t *testing.T) {
	for k, name := range map[RepairKind]string{
		RepairTrim: "trim", RepairEncode: "encode", RepairPercent: "percent",
		RepairNonASCII: "non-ascii", RepairDelimiter: "delimiter", RepairIDNA: "idna",
	} {
		b, err := k.MarshalText()
		if err != nil || string(b) != name {
			t.Errorf("%d.MarshalText() = %q, %v; want %q", k, b, err, name)
		}
		var g RepairKind
		if err := g.UnmarshalText([]byte(name)); err != nil || g != k {
			t.Errorf("UnmarshalText(%q) = %d, %v; want %d", name, g, err, k)
		}
	}
	var g RepairKind
	if err := g.UnmarshalText([]byte("trimmed")); err == nil {
		t.Errorf("UnmarshalText of an unknown name: no error")
	}
	if _, err := RepairKind(200).MarshalText(); err == nil {
		t.Errorf("MarshalText of an unknown kind: no error")
	}
}
