#!/bin/sh
# Reruns the parser benchmarks of bench_test.go (uri.Parse against
# net/url.Parse) and summarizes them with benchstat; see BENCHMARKS.md.
#
# Usage, from anywhere in the checkout:
#
#	bench/parse.sh                 # all parse benchmarks, 10 rounds
#	COUNT=3 BENCHTIME=200ms bench/parse.sh
#	BENCH='BenchmarkParseTypical' bench/parse.sh
#	bench/parse.sh old.txt         # only re-render a saved raw file
#
# Environment: COUNT (rounds, default 10), BENCHTIME (per benchmark per round,
# default 500ms), BENCH (-bench pattern), OUT (raw output file, default
# bench/results/parse.txt), URI_BENCH_DATA (URL list directory, default
# ../shared/data/urls from the module root).
#
# The rounds are interleaved (see rounds.sh).
set -eu
. "$(dirname "$0")/rounds.sh"

cd "$(dirname "$0")/.."
COUNT=${COUNT:-10}
BENCHTIME=${BENCHTIME:-500ms}
BENCH=${BENCH:-'^Benchmark(Parse|ParseTypical|EntryPoint)$'}
OUT=${OUT:-bench/results/parse.txt}

rounds "$@"

# uri against net/url, one row per data set or typical URI. net/url is the
# base column, so "vs base" is uri's change against net/url. sec/op is wall
# time per URL; cpu-ns/op the process's CPU time per URL, steadier when other
# work shares the machine.
benchstat -col '/lib@(neturl uri)' \
	-filter '.unit:(sec/op OR cpu-ns/op OR B/op OR allocs/op OR exact-allocs/op)' "$OUT"

# Speedup of uri over net/url: the ratio of the medians.
for unit in sec/op cpu-ns/op; do
	echo
	echo "speedup in $unit (net/url ÷ uri):"
	benchstat -format csv -col '/lib@(neturl uri)' -filter ".unit:$unit" "$OUT" 2>/dev/null |
		awk -F, '$1 != "" && $2 ~ /^[0-9.e+-]+$/ && $4 ~ /^[0-9.e+-]+$/ && $4 > 0 {
			printf "  %-45s %6.2fx\n", $1, $2 / $4 }'
done

# Entry points of uri against Parse, when they were run.
grep -q '^BenchmarkEntryPoint' "$OUT" || exit 0
echo
benchstat -col '/fn@(Parse ParseURI ParseAbsolute ParseRelative)' -filter '.name:EntryPoint .unit:(sec/op OR cpu-ns/op OR exact-allocs/op)' "$OUT"
