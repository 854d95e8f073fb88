//go:build unix

package main

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time of the thread so far (the caller locks it
// to its OS thread), or of the process where threads have no clock.
func cpuTime() time.Duration {
	var r syscall.Rusage
	if syscall.Getrusage(rusageThread, &r) != nil {
		return 0
	}
	return time.Duration(r.Utime.Nano() + r.Stime.Nano())
}
