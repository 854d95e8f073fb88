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
# Rounds are interleaved, as in normalize.sh: each round runs every benchmark
# once, so that noise on a shared machine spreads over all of them. -cpu=1:
# the work is sequential, and the garbage collector's share then shows in the
# wall time too.
set -eu

BENCHSTAT_VERSION=v0.0.0-20260908200009-22c9c6c9d4da
benchstat() { go run "golang.org/x/perf/cmd/benchstat@$BENCHSTAT_VERSION" "$@"; }

cd "$(dirname "$0")"
COUNT=${COUNT:-8}
BENCHTIME=${BENCHTIME:-100ms}
BENCH=${BENCH:-'^(BenchmarkEdit|BenchmarkBuild|BenchmarkEscape)$'}
OUT=${OUT:-results/edit.txt}

if [ $# -gt 0 ]; then
	OUT=$1
else
	mkdir -p "$(dirname "$OUT")"
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	go test -c -o "$tmp/bench.test" .
	{
		go version
		grep -m1 '^model name' /proc/cpuinfo 2>/dev/null || true
	} | sed 's/^/# /' >"$OUT"
	i=1
	while [ "$i" -le "$COUNT" ]; do
		echo "round $i/$COUNT" >&2
		"$tmp/bench.test" -test.run '^$' -test.bench "$BENCH" -test.benchtime "$BENCHTIME" \
			-test.count 1 -test.cpu 1 |
			if [ "$i" -eq 1 ]; then cat; else grep '^Benchmark'; fi >>"$OUT"
		i=$((i + 1))
	done
fi

# The two side by side, one row per benchmark; net/url is the base column,
# so "vs base" is uri's change against net/url (-50% is twice as fast).
# sec/op is wall time per operation, cpu-ns/op the process's CPU time.
benchstat -col '/lib@(neturl uri)' \
	-filter '.unit:(sec/op OR cpu-ns/op OR allocs/op)' "$OUT"
