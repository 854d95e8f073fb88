#!/bin/sh
# Counts the instructions of each reader of github.com/ferret-go/uri/readers
# and of net/url.Parse on every line of each URL list under valgrind's
# callgrind, and prints their ratio and the reader's allocations per URL:
# issue 35's target (each emulation at most one net/url.Parse per URL, 0 or
# 1 allocation) in a measure that is the same on any machine and load.
#
# Usage, from anywhere in the checkout:
#
#	bench/readersinstr.sh                      # every reader, the four real lists
#	READERS="python php" bench/readersinstr.sh # some readers
#	bench/readersinstr.sh FILE...              # other lists
#
# Environment: URI_BENCH_DATA (URL list directory, default
# ../shared/data/urls from the module root), READERS (default: all).
# See instr.sh for the environment of the counts; the loop's own
# instructions (readersinstr none) are subtracted from both sides.
set -eu
cd "$(dirname "$0")"
PROG=readersinstr
. ./instr.sh
READERS=${READERS:-$(go run ./readersinstr/list 2>/dev/null || echo "python php node_url")}

# count FILE MODE prints the instructions counted in measure.
count() {
	callgrind \
		--toggle-collect=main.measure --callgrind-out-file="$tmp/out" \
		"$tmp/readersinstr" "$1" "$2" >"$tmp/log" 2>&1
	sed -n 's/.*I *refs: *//p' "$tmp/log" | tr -d ,
}

echo "| list | lines | reader | reader instr/URL | net/url.Parse instr/URL | ratio | reader allocs/URL |"
echo "|---|---:|---|---:|---:|---:|---:|"
for f in "$@"; do
	n=$("$tmp/readersinstr" "$f" none | cut -d' ' -f1)
	base=$(count "$f" none)
	u=$(count "$f" neturl)
	for r in $READERS; do
		l=$(count "$f" "$r")
		a=$("$tmp/readersinstr" "$f" "$r" | cut -d' ' -f3)
		awk -v f="$(basename "$f" .txt)" -v n="$n" -v r="$r" -v b="$base" -v l="$l" -v u="$u" -v a="$a" 'BEGIN {
			calls = 3 * n
			printf "| %s | %d | %s | %.0f | %.0f | %.2f | %.4f |\n", f, n, r, (l - b) / calls, (u - b) / calls, (l - b) / (u - b), a
		}'
	done
done
