//go:build !unix

package lint

// processCPU is not measured here: benchmarks report wall time only.
func processCPU() int64 { return 0 }
