#!/bin/sh
# Counts the instructions of each reader of package readers (or of the
# readers named) and of net/url.Parse per URL of each list under valgrind's
# callgrind, and prints their ratio: issue 35's target (each emulation at
# most the instructions of one net/url.Parse per URL) in a measure that is
# the same on any machine and under any load.
#
# Usage, from anywhere in the checkout:
#
#	bench/readersinstr.sh                   # every reader, the four real lists
#	READERS="curl java" bench/readersinstr.sh
#	bench/readersinstr.sh FILE...           # other lists
#
# Environment: READERS (reader names, default all), URI_BENCH_DATA (URL
# list directory, default ../shared/data/urls from the module root).
#
# The garbage collector is off (GOGC=off), so that the count is the work
# of the calls. The loop's own instructions (readersinstr none) are
# subtracted. See instr.sh for the environment.
set -eu
cd "$(dirname "$0")"
PROG=readersinstr
. ./instr.sh

READERS=${READERS:-$("$tmp/readersinstr" -names)}

# count FILE MODE prints the instructions counted in measure.
count() {
	callgrind \
		--toggle-collect=main.measure --callgrind-out-file="$tmp/out" \
		"$tmp/readersinstr" "$1" "$2" >"$tmp/log" 2>&1
	sed -n 's/.*I *refs: *//p' "$tmp/log" | tr -d ,
}

echo "| list | lines | reader | reader instr/URL | net/url.Parse instr/URL | reader / net/url.Parse |"
echo "|---|---:|---|---:|---:|---:|"
for f in "$@"; do
	n=$("$tmp/readersinstr" "$f" none | cut -d' ' -f1)
	base=$(count "$f" none)
	u=$(count "$f" neturl)
	for r in $READERS; do
		c=$(count "$f" "$r")
		awk -v f="$(basename "$f" .txt)" -v n="$n" -v r="$r" -v b="$base" -v c="$c" -v u="$u" 'BEGIN {
			calls = 3 * n
			printf "| %s | %d | %s | %.0f | %.0f | %.2f |\n", f, n, r, (c - b) / calls, (u - b) / calls, (c - b) / (u - b)
		}'
	done
done
