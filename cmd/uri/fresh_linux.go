package main

import (
	"reflect"
	"syscall"
)

// Memory in huge pages.
//
// A page fault costs 14 to 16 µs on the virtual machines this command was
// measured on, about 3.7 ns for each byte of memory the process touches
// for the first time, more than parsing the byte costs. Linux backs memory
// that is advised MADV_HUGEPAGE with 2 MiB pages when transparent huge pages
// are in their default "madvise" mode: one fault then stands for 512, and
// costs about 150 µs (0.07 ns a byte). The Go runtime does not advise its
// heap, so the command does where long lines take memory: for their own
// buffers (makeFresh) and for the heap arenas these are in (hugeArenas), so
// that the library's results for such a line, made in the same arenas,
// fault less too (get --json on two 4 MiB lines of "1.1.1...", 8659 -> 3595
// faults and 144 -> 132 ms).

// hugePage is the size of a transparent huge page on Linux's common
// architectures; heapArena that of the Go heap's arenas on 64-bit Linux.
const (
	hugePage  = 2 << 20
	heapArena = 64 << 20
)

// hugeArenas advises the heap arenas that hold [lo, hi) to use huge pages.
// What they already hold stays as it is; advice on memory that is not
// mapped is ignored.
func hugeArenas(lo, hi uintptr) {
	lo &^= heapArena - 1
	hi = (hi + heapArena - 1) &^ (heapArena - 1)
	syscall.Syscall(syscall.SYS_MADVISE, lo, hi-lo, syscall.MADV_HUGEPAGE) // only advice: an error changes nothing
}

// adviseHuge asks for b's array, not written yet, to be in huge pages: its
// arenas are advised, and the huge pages around it are collapsed at once
// (MADV_COLLAPSE, Linux 6.1 on; memory the runtime had touched before, in
// small pages, would not fault in huge ones otherwise). For the chunks'
// output tails, parse --json -j 2 on 31 MB: 990 -> 470-640 page faults,
// 76.9 -> 71.8 ms (21 interleaved runs).
func adviseHuge(b []byte) {
	p := address(b)
	hugeArenas(p, p+uintptr(cap(b)))
	lo := p &^ (hugePage - 1)
	hi := (p + uintptr(cap(b)) + hugePage - 1) &^ (hugePage - 1)
	const madvCollapse = 25 // not in package syscall
	syscall.Syscall(syscall.SYS_MADVISE, lo, hi-lo, madvCollapse)
}

// makeFresh returns a new slice of length n and capacity at least c, for
// the memory of a long line. Its array starts on a huge page boundary, so
// that no other object shares its huge pages (memory another object touched
// first is in small pages), and the arenas it is in are advised to use huge
// pages: a 4 MiB buffer faults twice instead of 1024 times. parse --json on
// two 4 MiB lines of "%%%..." went from 5244 faults to 1687, 185 to 86 ms of
// CPU and 131 to 66 ms of wall time (medians of 5; the same bytes in 16 KiB
// lines take 34 ms). The array is made 2 MiB longer to find the boundary;
// the part before it is not touched, unless the runtime clears it.
func makeFresh(n, c int) []byte {
	c = (c + hugePage - 1) &^ (hugePage - 1)
	raw := make([]byte, c+hugePage)
	p := address(raw)
	hugeArenas(p, p+uintptr(len(raw)))
	off := int(-p & (hugePage - 1))
	return raw[off : off+n : off+c]
}

// address returns the address of b's array as a number, for madvise and
// for the arithmetic of alignment. reflect gives it with no pointer
// conversion of the command's own: the number is only read, never made a
// pointer again, and b keeps the array alive while it is advised.
func address(b []byte) uintptr { return reflect.ValueOf(b).Pointer() }
