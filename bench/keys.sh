#!/bin/sh
# Reruns the lookup-key benchmarks of keys_test.go (the surt and
# safebrowsing packages against net/url and string surgery, see README.md)
# and summarizes them with benchstat.
#
# Usage, from anywhere in the checkout:
#
#	bench/keys.sh                  # 6 interleaved rounds
#	COUNT=3 BENCHTIME=100ms bench/keys.sh
#	bench/keys.sh old.txt          # only re-render a saved raw file
#
# Environment: COUNT (rounds, default 6), BENCHTIME (per benchmark per round,
# default 200ms), BENCH (-bench pattern), OUT (raw output file, default
# bench/results/keys.txt), URI_BENCH_DATA (URL list directory).
set -eu
. "$(dirname "$0")/rounds.sh"

cd "$(dirname "$0")"
COUNT=${COUNT:-6}
BENCHTIME=${BENCHTIME:-200ms}
BENCH=${BENCH:-'^BenchmarkKeys$'}
OUT=${OUT:-results/keys.txt}

rounds "$@"

# uri and the baseline side by side, one row per list and key; uri is the
# base column.
benchstat -col '/lib@(uri neturl)' \
	-filter '.unit:(sec/op OR cpu-ns/op OR allocs/op OR exact-allocs/op)' "$OUT"
