//go:build wordschecked

package words

import "encoding/binary"

// Checked reports whether a Room's methods check their bounds: true in
// this build, false without the tag wordschecked.
const Checked = true

// Room is memory to write words in: the slice it was made of. Its methods
// check their bounds in this build, and panic where the default build
// would read or write out of them (see the package's documentation).
type Room struct {
	b []byte
}

// RoomOf returns the room of b: b's array, up to len(b).
func RoomOf(b []byte) Room { return Room{b} }

// PutWord writes the WordSize bytes of w at i. The room's memory must not
// be w's.
func (r Room) PutWord(i int, w *Word) {
	*(*[WordSize]byte)(r.b[i:]) = w.b
}

// Copy16 copies the n bytes at from to to, 16 at a time, and returns to+n.
// It reads and writes up to 15 bytes past them, which must be in the room
// too, and the bytes copied must not be in what it writes: from+n <= to,
// or to+n+15 <= from.
func (r Room) Copy16(to, from, n int) int {
	for i := 0; i < n; i += 16 {
		*(*[16]byte)(r.b[to+i:]) = *(*[16]byte)(r.b[from+i:])
	}
	return to + n
}

// Put64 writes w at i, its low byte first.
func (r Room) Put64(i int, w uint64) {
	binary.LittleEndian.PutUint64(r.b[i:], w)
}

// Put32 writes w at i, its low byte first.
func (r Room) Put32(i int, w uint32) {
	binary.LittleEndian.PutUint32(r.b[i:], w)
}

// Load64 returns s[i:i+8] as a word whose low byte is s[i]. Those bytes
// must be in s.
func Load64(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}
