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
# Rounds are interleaved: each round runs every benchmark once (-count=1), so
# that noise on a shared machine spreads over all benchmarks instead of
# striking every run of one. -cpu=1: the parser is sequential and the machine
# has few cores.
#
# benchstat is not installed: it is run at a pinned version with go run (the
# first run downloads it into the module cache; needs Go >= 1.26).
set -eu

BENCHSTAT_VERSION=v0.0.0-20260908200009-22c9c6c9d4da
benchstat() { go run "golang.org/x/perf/cmd/benchstat@$BENCHSTAT_VERSION" "$@"; }

cd "$(dirname "$0")/.."
COUNT=${COUNT:-10}
BENCHTIME=${BENCHTIME:-500ms}
BENCH=${BENCH:-'^Benchmark(Parse|ParseTypical|EntryPoint)$'}
OUT=${OUT:-bench/results/parse.txt}

if [ $# -gt 0 ]; then
	OUT=$1
else
	mkdir -p "$(dirname "$OUT")"
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	go test -c -o "$tmp/uri.test" .
	{
		go version
		grep -m1 '^model name' /proc/cpuinfo 2>/dev/null || true
	} | sed 's/^/# /' >"$OUT"
	i=1
	while [ "$i" -le "$COUNT" ]; do
		echo "round $i/$COUNT" >&2
		# Keep the header lines (goos, cpu...) of the first round only.
		"$tmp/uri.test" -test.run '^$' -test.bench "$BENCH" -test.benchtime "$BENCHTIME" \
			-test.count 1 -test.cpu 1 |
			if [ "$i" -eq 1 ]; then cat; else grep '^Benchmark'; fi >>"$OUT"
		i=$((i + 1))
	done
fi

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
