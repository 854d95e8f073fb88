package inltest

import "testing"

// recorder is a testing.TB that records failures instead of stopping.
type recorder struct {
	testing.TB
	failed bool
}

func (r *recorder) Helper()               {}
func (r *recorder) Errorf(string, ...any) { r.failed = true }
func (r *recorder) Logf(string, ...any)   {}

// TestCheck runs CheckDir on a fixture: it passes for a function the
// compiler inlines, and fails for one it does not and for a name that does
// not exist.
func TestCheck(t *testing.T) {
	CheckDir(t, "./testdata/fixture", "Small")
	for _, name := range []string{"Kept", "NoSuchFunction"} {
		r := &recorder{TB: t}
		CheckDir(r, "./testdata/fixture", name)
		if !r.failed {
			t.Errorf("CheckDir(%q) passed", name)
		}
	}
}
