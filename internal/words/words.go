// Package words writes bytes into memory a word at a time: a constant of
// up to 48 bytes whole, a copy 16 bytes a step, 8 or 4 bytes at an index;
// and reads 8 bytes of a string as one word. It is for a writer that makes
// room for a line first and reckons, once, that the line and the bytes its
// words write past its end fit in it (the uri command's parse --json
// line: writeParseJSONURI in cmd/uri/parse.go, whose reckoning
// TestLineKeysRoom holds), so that no write checks its bounds.
//
// The memory is a [Room], made of a slice: what a method reads and writes
// must lie in the slice, and a string's word in the string. By default this
// is not checked: a Room is the address of the slice's array, and the
// methods read and write through unsafe pointers, so that a caller wrong
// about its room writes over memory that is not its own. That is the risk
// of the package, which is why it is small and internal and the only part
// of the uri command's writer that imports unsafe. Built with the tag
// wordschecked, a Room is the slice and the same methods are written in
// safe Go, with Go's bounds checks: they panic where the default build
// would have written out of bounds, so that a caller's tests run that way
// catch a room miscounted (go test -tags wordschecked ./cmd/uri).
//
// Why unsafe by default: with the bounds checks (the tag wordschecked),
// uri parse --json -j 1 on the four real URL lists (109,062 lines) ran
// 2,199 instructions a line against 1,814 (+21 %, callgrind, GOGC=off),
// and took 13 % more CPU time at -j 1 and 12 % more at -j 2 (medians of 15
// interleaved runs on 31 MB: 0.158 s against 0.142 s, 0.177 s against
// 0.157 s; bench/results/spans-2026-11-29-cmd.txt). Each word written
// costs two or three checks, and a line has some thirty words.
//
// Words are little-endian in both builds: the first byte of the text is the
// low byte of the word, whatever the machine's byte order.
package words

// WordSize is the size of a [Word].
const WordSize = 48

// Word is a constant of up to WordSize bytes, which [Room.PutWord] writes
// whole, zeros after its text included.
type Word struct {
	b [WordSize]byte
}

// MakeWord returns the Word that holds s and zeros after it. It panics if
// s is longer than WordSize.
func MakeWord(s string) (w Word) {
	if len(s) > WordSize {
		panic("words: " + s + " is longer than a word")
	}
	copy(w.b[:], s)
	return w
}
