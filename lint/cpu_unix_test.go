//go:build unix

package lint

import "syscall"

// processCPU returns the nanoseconds of CPU, user and system, that this
// process has used, which other work on a shared machine does not inflate
// as it does wall time; 0 when the system will not say.
func processCPU() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
