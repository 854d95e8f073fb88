package readers

import "testing"

// TestAll checks what the command and lint rely on: each reader has a
// name that is a JSON key and a --readers word, unique, a parser named,
// and ByName finds it.
func TestAll(t *testing.T) {
	seen := map[string]bool{"rfc3986": true, "whatwg": true, "net_url": true} // the command's own three
	for _, r := range All() {
		for i := 0; i < len(r.Name); i++ {
			if c := r.Name[i]; !(c >= 'a' && c <= 'z' || c == '_') {
				t.Errorf("reader name %q: %q is not a lowercase letter or _", r.Name, c)
			}
		}
		if r.Name == "" || seen[r.Name] {
			t.Errorf("reader name %q is empty or taken", r.Name)
		}
		seen[r.Name] = true
		if r.Parser == "" || r.Read == nil {
			t.Errorf("reader %q: no parser named or no Read", r.Name)
		}
		if got, ok := ByName(r.Name); !ok || got.Name != r.Name {
			t.Errorf("ByName(%q) = %q, %v", r.Name, got.Name, ok)
		}
	}
	if _, ok := ByName("rfc3986"); ok {
		t.Error(`ByName("rfc3986") found an emulation: that name is the command's own reader`)
	}
}
