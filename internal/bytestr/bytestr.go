// Package bytestr reads a byte slice as a string, or a string as a byte
// slice, without copying it: the uri command reads each input line into a buffer it reuses and hands the
// line to the library, whose functions take strings, as a view of that
// buffer.
//
// Why unsafe: string(b) copies every line into new memory, an allocation
// and a copy a line. With that copy, uri parse --json -j 1 on the four
// real URL lists (109,062 lines) ran 2,038 instructions a line against
// 1,814 (+12 %, callgrind, GOGC=off), and took 37 % more CPU time at -j 1
// and 46 % more at -j 2 (medians of 15 interleaved runs on 31 MB: 0.195 s
// against 0.142 s, 0.229 s against 0.157 s;
// bench/results/spans-2026-11-29-cmd.txt), the collector's work
// included. Before, on kasztp.txt, uri check took 7.09 ms instead of
// 4.24 ms (+67 %) with 48,713 allocations instead of 703.
//
// It is the one place outside the root package (build.go's bytesString,
// escape.go's writes) and internal/words where the module's code uses
// unsafe: a library package that needs a view calls it, with a comment at
// the call that gives the measured win (issue 33, item 5).
package bytestr

import "unsafe"

// String returns the bytes of b as a string, without copying them: the
// string is b's memory. It is only valid while those bytes are not written
// to, which the caller must see to (a string's bytes are taken never to
// change): a buffer must not be reused while a string of it is in use,
// kept in a map or in a value that outlives the use. An empty b gives "".
func String(b []byte) string {
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// Bytes returns the bytes of s as a slice, without copying them: the slice
// is s's memory, for a function that takes a []byte only to read it. The
// bytes must not be written to (a string's bytes are taken never to
// change, and those of a constant may be in read-only memory), nor the
// slice appended to in place: its capacity is its length. An empty s gives
// an empty slice.
func Bytes(s string) []byte {
	return unsafe.Slice(unsafe.StringData(s), len(s))
}
