package oracles

import (
	"strings"
	"testing"
)

func TestGenerateDeterministic(t *testing.T) {
	seeds := []string{"https://example.com/a?b#c", "file:///x/y"}
	a, b := Generate(20000, 7, seeds), Generate(20000, 7, seeds)
	if len(a) != 20000 {
		t.Fatalf("Generate(20000) gave %d inputs", len(a))
	}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("input %d differs between two runs: %q, %q", i, a[i], b[i])
		}
	}
	if c := Generate(20000, 8, seeds); strings.Join(c[len(c)-100:], "") == strings.Join(a[len(a)-100:], "") {
		t.Error("another seed gave the same mutations")
	}
}

func TestGenerateEveryByteAtEveryDelimiter(t *testing.T) {
	in := Generate(20000, 1, nil)
	have := map[string]bool{}
	for _, s := range in {
		have[s] = true
	}
	for i := 0; i < len(delimiterTemplate); i++ {
		if !strings.ContainsRune(":/@?#;&=.", rune(delimiterTemplate[i])) {
			continue
		}
		for b := 0; b < 256; b++ {
			c := string([]byte{byte(b)})
			if s := delimiterTemplate[:i] + c + delimiterTemplate[i+1:]; !have[s] {
				t.Fatalf("byte %#x in place of the delimiter at %d is missing: %q", b, i, s)
			}
		}
	}
}

func TestDiff(t *testing.T) {
	s := func(v string) *string { return &v }
	a := Result{OK: true, Host: s("a"), Path: s("/")}
	for _, c := range []struct {
		b    Result
		want string
	}{
		{Result{OK: true, Host: s("a"), Path: s("/")}, ""},
		{Result{OK: true, Host: s("b"), Path: s("/")}, "host"},
		{Result{OK: true, Host: s("a"), Path: s("/"), Query: s("")}, "query"},
		{Result{OK: true, Path: s("/")}, "host"},
		{Result{Error: "x"}, "ok"},
	} {
		if got := strings.Join(Diff(a, c.b), ","); got != c.want {
			t.Errorf("Diff(%v, %v) = %q, want %q", show(a), show(c.b), got, c.want)
		}
	}
}
