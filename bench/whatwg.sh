#!/bin/sh
# Reruns BenchmarkWHATWG of whatwg_test.go (whatwg.Parse against net/url.Parse,
# github.com/nlnwa/whatwg-url and uri.Parse) and summarizes it with benchstat;
# see ../whatwg/BENCHMARKS.md.
#
# Usage, from anywhere in the checkout:
#
#	bench/whatwg.sh                # 8 rounds of 300 ms
#	COUNT=3 BENCHTIME=100ms bench/whatwg.sh
#	bench/whatwg.sh old.txt        # only re-render a saved raw file
#
# Environment: COUNT (rounds, default 8), BENCHTIME (per benchmark per round,
# default 300ms), OUT (raw output file, default results/whatwg.txt),
# URI_BENCH_DATA (URL list directory). The rounds are interleaved (rounds.sh).
set -eu
. "$(dirname "$0")/rounds.sh"

cd "$(dirname "$0")"
COUNT=${COUNT:-8}
BENCHTIME=${BENCHTIME:-300ms}
BENCH='^BenchmarkWHATWG$'
OUT=${OUT:-results/whatwg.txt}

rounds "$@"

# net/url is the base column: "vs base" is each parser's change against it.
benchstat -col '/lib@(neturl whatwg nlnwa uri)' \
	-filter '.unit:(sec/op OR cpu-ns/op OR exact-allocs/op)' "$OUT"
