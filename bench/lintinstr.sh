#!/bin/sh
# Counts the instructions of lint.Lint and of net/url.Parse on the clean
# lines of each URL list (those on which Lint finds nothing) under
# valgrind's callgrind, and prints their ratio: issue 11's target (a clean
# URL costs no more than two net/url.Parse calls) in a measure that is the
# same on any machine and under any load. Time is measured by the lint
# package's BenchmarkLint; see BENCHMARKS.md, "Lint".
#
# Usage, from anywhere in the checkout:
#
#	bench/lintinstr.sh               # the four real lists
#	bench/lintinstr.sh FILE...       # other lists
#	bench/lintinstr.sh --all [FILE...]
#
# --all also counts Lint with every reader of package readers in
# Options.Readers (ReadersNamed("all"): with RFC 3986, net/url and the URL
# Standard, issue 35's eight readers, whose target is at most 6
# net/url.Parse calls a clean URL), on the lines clean to all of them.
#
# Environment: URI_BENCH_DATA (URL list directory, default
# ../shared/data/urls from the module root).
#
# The garbage collector is off (GOGC=off), so that the count is the work
# of the calls and comes out the same on every run (the collector's work
# depends on when it runs; both sides allocate the same, net/url's URL).
# The loop's own instructions (lintinstr none) are subtracted from both.
# See instr.sh for the environment.
set -eu
cd "$(dirname "$0")"
ALL=
if [ "${1:-}" = --all ]; then
	ALL=1
	shift
fi
export LINTINSTR_ALL="$ALL"
PROG=lintinstr
. ./instr.sh

# count FILE MODE prints the instructions counted in measure.
count() {
	callgrind \
		--toggle-collect=main.measure --callgrind-out-file="$tmp/out" \
		"$tmp/lintinstr" "$1" "$2" >"$tmp/log" 2>&1
	sed -n 's/.*I *refs: *//p' "$tmp/log" | tr -d ,
}

if [ -n "$ALL" ]; then
	echo "| list | clean lines | Lint | Lint, all readers | net/url.Parse | Lint / net/url.Parse | all readers / net/url.Parse |"
	echo "|---|---:|---:|---:|---:|---:|---:|"
else
	echo "| list | clean lines | Lint | net/url.Parse | Lint / net/url.Parse |"
	echo "|---|---:|---:|---:|---:|"
fi
for f in "$@"; do
	n=$("$tmp/lintinstr" "$f" none | cut -d' ' -f1)
	if [ "$n" -eq 0 ]; then
		# (node_files with --all: curl rejects a file URL with a host.)
		echo "| $(basename "$f" .txt) | 0 | | | | | |"
		continue
	fi
	base=$(count "$f" none)
	l=$(count "$f" lint)
	u=$(count "$f" neturl)
	a=0
	if [ -n "$ALL" ]; then
		a=$(count "$f" lintall)
	fi
	awk -v f="$(basename "$f" .txt)" -v n="$n" -v b="$base" -v l="$l" -v u="$u" -v a="$a" -v all="$ALL" 'BEGIN {
		calls = 3 * n
		if (all != "")
			printf "| %s | %d | %.0f | %.0f | %.0f | %.2f | %.2f |\n", f, n, (l - b) / calls, (a - b) / calls, (u - b) / calls, (l - b) / (u - b), (a - b) / (u - b)
		else
			printf "| %s | %d | %.0f | %.0f | %.2f |\n", f, n, (l - b) / calls, (u - b) / calls, (l - b) / (u - b)
	}'
done
