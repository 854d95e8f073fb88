//go:build !linux

package main

// hugePage is what makeFresh may add to a capacity to reach a huge page
// boundary on Linux (fresh_linux.go): nothing here, where it makes the
// capacity asked for.
const hugePage = 0
