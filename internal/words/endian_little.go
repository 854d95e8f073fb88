//go:build !(armbe || arm64be || m68k || mips || mips64 || mips64p32 || ppc || ppc64 || s390 || s390x || shbe || sparc || sparc64)

package words

// bigEndian tells the machine's byte order, which an unchecked load or
// store of a word has, for the functions to turn words little-endian.
const bigEndian = false
