package main

import (
	"syscall"
	"unsafe"
)

// hugePage is the size of a transparent huge page on Linux's common
// architectures.
const hugePage = 2 << 20

// makeFresh returns a new slice of length n and capacity at least c, for
// the memory of a long line. On Linux its array starts on a huge page
// boundary and the kernel is asked to back it with huge pages
// (MADV_HUGEPAGE, which transparent huge pages in their default "madvise"
// mode wait for): a 4 MiB buffer then faults twice instead of 1024 times.
// On a virtual machine where a fault costs 14 to 16 µs (and a huge page's
// about 150), parse --json on two 4 MiB lines of "%%%..." went from 5244
// faults to 1687, 185 to 86 ms of CPU and 131 to 66 ms of wall time (medians
// of 5; the same bytes in 16 KiB lines take 34 ms), and every streaming
// subcommand on every shape of bench/longlines.sh gained about as much.
// The array is made 2 MiB longer to find the boundary; the part before it
// is never touched, so it takes address space but no memory. unsafe gives
// the array's address, which nothing else can.
func makeFresh(n, c int) []byte {
	c = (c + hugePage - 1) &^ (hugePage - 1)
	raw := make([]byte, c+hugePage)
	off := int(-uintptr(unsafe.Pointer(unsafe.SliceData(raw))) & (hugePage - 1))
	b := raw[off : off+c]
	syscall.Madvise(b, syscall.MADV_HUGEPAGE) // only advice: an error changes nothing
	return b[:n]
}
