//go:build !unix

package bench

import "time"

// cpuTime is not measured on this system: the benchmarks report wall time
// only.
func cpuTime() time.Duration { return 0 }
