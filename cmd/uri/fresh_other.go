//go:build !linux

package main

// makeFresh returns a new slice of length n and capacity c, for the memory
// of a long line (on Linux, in huge pages: see fresh_linux.go).
func makeFresh(n, c int) []byte { return make([]byte, n, c) }

// adviseHuge asks for huge pages for b's memory on Linux (see
// fresh_linux.go).
func adviseHuge(b []byte) {}
