//go:build !unix

package whatwg

import "time"

// cpuTime is not measured on this system: the benchmarks report wall time
// only.
func cpuTime() time.Duration { return 0 }
