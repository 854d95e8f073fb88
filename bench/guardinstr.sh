#!/bin/sh
# Counts the instructions of guard.Guard.Check on URLs with an IP-literal
# host (no resolution), of lint.Policy.Check (the guard's own share is the
# difference) and of net/url.Parse on the same URLs under valgrind's
# callgrind, and prints Check's cost in net/url.Parse calls: issue 36's
# target is at most 2. The URLs are the http and https lines of each list
# with a global IP address in place of their host (see guardinstr/main.go).
#
# Usage, from anywhere in the checkout:
#
#	bench/guardinstr.sh               # the four real lists
#	bench/guardinstr.sh FILE...       # other lists
#
# See instr.sh for the environment.
set -eu
cd "$(dirname "$0")"
PROG=guardinstr
. ./instr.sh

count() {
	callgrind \
		--toggle-collect=main.measure --callgrind-out-file="$tmp/out" \
		"$tmp/guardinstr" "$1" "$2" >"$tmp/log" 2>&1
	sed -n 's/.*I *refs: *//p' "$tmp/log" | tr -d ,
}

echo "| list | URLs | Check | Policy.Check | net/url.Parse | Check / net/url.Parse | guard's share / net/url.Parse |"
echo "|---|---:|---:|---:|---:|---:|---:|"
for f in "$@"; do
	n=$("$tmp/guardinstr" "$f" none | cut -d' ' -f1)
	base=$(count "$f" none)
	g=$(count "$f" guard)
	p=$(count "$f" policy)
	u=$(count "$f" neturl)
	awk -v f="$(basename "$f" .txt)" -v n="$n" -v b="$base" -v g="$g" -v p="$p" -v u="$u" 'BEGIN {
		calls = 3 * n
		printf "| %s | %d | %.0f | %.0f | %.0f | %.2f | %.2f |\n", f, n, (g - b) / calls, (p - b) / calls, (u - b) / calls, (g - b) / (u - b), (g - p) / (u - b)
	}'
done
