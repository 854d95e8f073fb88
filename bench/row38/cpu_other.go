//go:build !unix

package main

import "time"

var start = time.Now()

// cpuTime falls back to the wall clock where there is no getrusage.
func cpuTime() time.Duration { return time.Since(start) }
