#!/bin/sh
# Reruns the editing and escaping benchmarks of edit_test.go (uri against
# net/url, see README.md) and summarizes them with benchstat.
#
# Usage, from anywhere in the checkout:
#
#	bench/edit.sh                       # 8 interleaved rounds
#	COUNT=3 BENCHTIME=50ms bench/edit.sh
#	BENCH='^BenchmarkEscape$' bench/edit.sh
#	bench/edit.sh old.txt               # only re-render a saved raw file
#
# Environment: COUNT (rounds, default 8), BENCHTIME (per benchmark per round,
# default 100ms), BENCH (-bench pattern), OUT (raw output file, default
# bench/results/edit.txt), URI_BENCH_DATA (URL list directory, default
# ../shared/data/urls from the module root).
#
# The rounds are interleaved (see rounds.sh).
set -eu
. "$(dirname "$0")/rounds.sh"

cd "$(dirname "$0")"
COUNT=${COUNT:-8}
BENCHTIME=${BENCHTIME:-100ms}
BENCH=${BENCH:-'^(BenchmarkEdit|BenchmarkEditFloor|BenchmarkBuild|BenchmarkBuilder|BenchmarkEscape)$'}
OUT=${OUT:-results/edit.txt}

rounds "$@"

# The two side by side, one row per benchmark; net/url is the base column,
# so "vs base" is uri's change against net/url (-50% is twice as fast).
# sec/op is wall time per operation, cpu-ns/op the process's CPU time.
benchstat -col '/lib@(neturl uri)' \
	-filter '.unit:(sec/op OR cpu-ns/op OR allocs/op)' "$OUT"
