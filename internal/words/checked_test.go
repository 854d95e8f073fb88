//go:build wordschecked

package words

import "testing"

// TestCheckedPanics checks that the checked build catches a write or a
// read past the room, which the default build would have made.
func TestCheckedPanics(t *testing.T) {
	w := MakeWord("x")
	for name, f := range map[string]func(r Room){
		"PutWord": func(r Room) { r.PutWord(1, &w) },
		"Copy16":  func(r Room) { r.Copy16(40, 0, 1) },
		"Put64":   func(r Room) { r.Put64(WordSize-7, 1) },
		"Put32":   func(r Room) { r.Put32(WordSize-3, 1) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s past a room of %d bytes did not panic", name, WordSize)
				}
			}()
			f(RoomOf(make([]byte, WordSize, 2*WordSize)))
		}()
	}
	defer func() {
		if recover() == nil {
			t.Error("Load64 past its string did not panic")
		}
	}()
	Load64("1234567", 0)
}
