#!/bin/sh
# Reruns the resolution benchmarks of resolve_bench_test.go and
# relative_bench_test.go (URI.Resolve against net/url's ResolveReference, by
# reference shape; URI.Relative against a naive net/url + path/filepath.Rel
# version, by target shape) and summarizes them with benchstat, as parse.sh
# does for the parser (same environment variables).
#
# Usage, from anywhere in the checkout:
#
#	bench/resolve.sh               # both benchmarks, 8 rounds of 200ms
#	BENCH='^BenchmarkRelative$' COUNT=3 bench/resolve.sh
#	bench/resolve.sh old.txt       # only re-render a saved raw file
set -eu
COUNT=${COUNT:-8} BENCHTIME=${BENCHTIME:-200ms} \
	BENCH=${BENCH:-'^Benchmark(Resolve|Relative)$'} OUT=${OUT:-bench/results/resolve.txt} \
	exec "$(dirname "$0")/parse.sh" "$@"
