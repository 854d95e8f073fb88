//go:build !wordschecked

package words

import (
	"math/bits"
	"unsafe"
)

// Checked reports whether a Room's methods check their bounds: false in
// this build, true with the tag wordschecked.
const Checked = false

// Room is memory to write words in: the array of the slice it was made of,
// as long as the slice. Its methods do not check their bounds in this
// build (see the package's documentation).
type Room struct {
	p unsafe.Pointer
}

// RoomOf returns the room of b: b's array, up to len(b). The room holds
// the array as b does, as long as the Room is used.
func RoomOf(b []byte) Room {
	return Room{unsafe.Pointer(unsafe.SliceData(b))}
}

// PutWord writes the WordSize bytes of w at i. The room's memory must not
// be w's.
func (r Room) PutWord(i int, w *Word) {
	// w.b, not *w's array: the compiler copies an array read through a
	// pointer with a call to memmove, in case the two overlap.
	*(*[WordSize]byte)(unsafe.Add(r.p, i)) = w.b
}

// Copy16 copies the n bytes at from to to, 16 at a time, and returns to+n.
// It reads and writes up to 15 bytes past them, which must be in the room
// too, and the bytes copied must not be in what it writes: from+n <= to,
// or to+n+15 <= from.
func (r Room) Copy16(to, from, n int) int {
	for i := 0; i < n; i += 16 {
		*(*[16]byte)(unsafe.Add(r.p, to+i)) = *(*[16]byte)(unsafe.Add(r.p, from+i))
	}
	return to + n
}

// Put64 writes w at i, its low byte first.
func (r Room) Put64(i int, w uint64) {
	if bigEndian {
		w = bits.ReverseBytes64(w)
	}
	*(*uint64)(unsafe.Add(r.p, i)) = w
}

// Put32 writes w at i, its low byte first.
func (r Room) Put32(i int, w uint32) {
	if bigEndian {
		w = bits.ReverseBytes32(w)
	}
	*(*uint32)(unsafe.Add(r.p, i)) = w
}

// Load64 returns s[i:i+8] as a word whose low byte is s[i]. Those bytes
// must be in s.
func Load64(s string, i int) uint64 {
	w := *(*uint64)(unsafe.Add(unsafe.Pointer(unsafe.StringData(s)), i))
	if bigEndian {
		w = bits.ReverseBytes64(w)
	}
	return w
}
