#!/bin/sh
# Reruns the extraction benchmarks of extract_test.go (uri.Extractor against
# mvdan.cc/xurls/v2, a typical regular expression, and the strings.Count
# floor, see README.md) and summarizes them with benchstat.
#
# Usage, from anywhere in the checkout:
#
#	bench/extract.sh                  # 8 interleaved rounds
#	COUNT=3 BENCHTIME=100ms bench/extract.sh
#	bench/extract.sh old.txt          # only re-render a saved raw file
#
# Environment: COUNT (rounds, default 8), BENCHTIME (per benchmark per round,
# default 300ms: the regular expressions then run one op, of seconds), BENCH (-bench
# pattern), OUT (raw output file, default bench/results/extract.txt),
# URI_BENCH_RFC (RFC text directory, default ../shared/rfc from the module
# root), URI_BENCH_DATA (URL list directory, default ../shared/data/urls).
#
# The rounds are interleaved (see rounds.sh).
set -eu
. "$(dirname "$0")/rounds.sh"

cd "$(dirname "$0")"
COUNT=${COUNT:-8}
BENCHTIME=${BENCHTIME:-300ms}
BENCH=${BENCH:-'^BenchmarkExtract$'}
OUT=${OUT:-results/extract.txt}

rounds "$@"

# All side by side, one row per text; uri is the base column, so "vs base"
# is each one's change against uri. B/s is throughput on wall time,
# cpu-MB/s on the process's CPU time, steadier when other work shares the
# machine.
benchstat -col '/lib@(uri uri-all uri-stream uri-abbrev xurls-strict xurls-relaxed regexp count)' \
	-filter '.unit:(B/s OR cpu-MB/s OR uris/op OR allocs/op)' "$OUT"
