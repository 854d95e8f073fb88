#!/bin/sh
# Reruns the normalization benchmarks of normalize_test.go (uri against
# purell and net/url, see README.md) and summarizes them with benchstat.
#
# Usage, from anywhere in the checkout:
#
#	bench/normalize.sh                  # 8 interleaved rounds
#	COUNT=3 BENCHTIME=100ms bench/normalize.sh
#	bench/normalize.sh old.txt          # only re-render a saved raw file
#
# Environment: COUNT (rounds, default 8), BENCHTIME (per benchmark per round,
# default 300ms), BENCH (-bench pattern), OUT (raw output file, default
# bench/results/normalize.txt), URI_BENCH_DATA (URL list directory, default
# ../shared/data/urls from the module root).
#
# The rounds are interleaved (see rounds.sh).
set -eu
. "$(dirname "$0")/rounds.sh"

cd "$(dirname "$0")"
COUNT=${COUNT:-8}
BENCHTIME=${BENCHTIME:-300ms}
BENCH=${BENCH:-'^BenchmarkNormalize$'}
OUT=${OUT:-results/normalize.txt}

rounds "$@"

# The three side by side, one row per list; uri is the base column, so "vs
# base" is each one's change against uri. sec/op is wall time per URL,
# cpu-ns/op the process's CPU time per URL.
benchstat -col '/lib@(uri purell neturl)' \
	-filter '.unit:(sec/op OR cpu-ns/op OR allocs/op OR exact-allocs/op)' "$OUT"
