#!/bin/sh
# Issue 38's rows for package uri, each with a same-run figure (see
# row38/main.go for what is measured):
#
#   - Parse against the byte-table scan of every byte (the floor), per list;
#   - Resolve against ResolveReference + String, per list and reference
#     shape, the fixed references ../g, /path?q, g;x, ?y, #s included;
#   - Escape and WithDecodedPath/Query against url.PathEscape/QueryEscape
#     (and net/url's set + String), at 16 B, 1 KiB and 64 KiB.
#
# In instructions per call under callgrind (the loop's own count, library
# "none", subtracted), and with TIME=N also in CPU ns per call over N
# interleaved rounds (the median, and the rounds' range in brackets: the
# machine's noise).
#
# Usage, from anywhere in the checkout:
#
#	bench/row38.sh                 # the four real lists
#	TIME=7 bench/row38.sh FILE...  # other lists, and timed rounds
#	TIME=7 bench/row38.sh -escape  # the escapes alone
#
# Environment: TIME (timed rounds, default 0: none), JOBS (lists counted
# at once, default 2), URI_BENCH_DATA (URL list directory).
set -eu
cd "$(dirname "$0")"
JOBS=${JOBS:-2}
TIME=${TIME:-0}
PROG=row38
only_escape=0
if [ "${1:-}" = -escape ]; then
	only_escape=1
	shift
fi
. ./instr.sh
[ "$only_escape" -eq 0 ] || set --

# count NAME ARGS... writes $tmp/NAME.txt, a line per op: group, op, calls,
# uri's (or floor's) and the anchor's instructions per call.
count() {
	name=$1
	shift
	d="$tmp/$name"
	mkdir "$d"
	callgrind --toggle-collect=main.measure --dump-after=main.measure --callgrind-out-file="$d/out" \
		"$tmp/row38" "$@" >"$d/calls" 2>"$d/log" ||
		{ echo "row38.sh: $name: callgrind failed, see:" >&2; tail "$d/log" >&2; return 1; }
	k=1
	while read -r group op lib n; do
		echo "$group $op $lib $n $(sed -n 's/^totals: *//p' "$d/out.$k")"
		k=$((k + 1))
	done <"$d/calls" |
		awk '
			$3 == "none" { base[$2] = $5; next }
			$3 == "uri" { a[$2] = ($5 - base[$2]) / $4; order[++m] = $1 " " $2; next }
			{ b[$2] = ($5 - base[$2]) / $4 }
			END { for (i = 1; i <= m; i++) { split(order[i], f, " "); printf "%s %s %.0f %.0f\n", f[1], f[2], a[f[2]], b[f[2]] } }
		' >"$tmp/$name.txt"
}

i=0
for f in "$@"; do
	count "$(basename "$f" .txt)" "$f" &
	i=$((i + 1))
	[ $((i % JOBS)) -ne 0 ] || wait
done
count escape -escape &
wait

if [ $# -gt 0 ]; then
	echo "## Parse against the byte-table scan (instructions per URL)"
	echo
	echo "| list | uri.Parse | floor (scan) | Parse / floor |"
	echo "|---|---:|---:|---:|"
	for f in "$@"; do
		n=$(basename "$f" .txt)
		awk -v l="$n" '$1 == "parse" { printf "| %s | %d | %d | %.2f |\n", l, $3, $4, $3 / $4 }' "$tmp/$n.txt"
	done
	echo
	echo "## Resolve against ResolveReference + String (instructions per call; ratio net/url / uri)"
	echo
	printf "| shape |"
	for f in "$@"; do printf " %s uri | net/url | ratio |" "$(basename "$f" .txt)"; done
	echo
	printf "|---|"
	for f in "$@"; do printf -- "---:|---:|---:|"; done
	echo
	first=$(basename "$1" .txt)
	for op in $(awk '$1 == "resolve" { print $2 }' "$tmp/$first.txt"); do
		printf "| %s |" "$op"
		for f in "$@"; do
			awk -v op="$op" '$1 == "resolve" && $2 == op { printf " %d | %d | %.2f |", $3, $4, $4 / $3 }' "$tmp/$(basename "$f" .txt).txt"
		done
		echo
	done
	echo
fi
echo "## Escapes (instructions per call; ratio net/url / uri)"
echo
echo "| op / text / bytes | uri | net/url | ratio |"
echo "|---|---:|---:|---:|"
awk '{ printf "| %s | %d | %d | %.2f |\n", $2, $3, $4, $4 / $3 }' "$tmp/escape.txt"

[ "$TIME" -gt 0 ] || exit 0
# Timed: one list at a time (the rounds compete for the cores otherwise).
echo
echo "## CPU ns per call, median of $TIME interleaved rounds [min-max]"
for f in "$@" -escape; do
	if [ "$f" = -escape ]; then name=escape; else name=$(basename "$f" .txt); fi
	echo
	echo "### $name"
	echo
	echo "| group | op | uri | anchor (floor, net/url) | anchor / uri |"
	echo "|---|---|---:|---:|---:|"
	"$tmp/row38" -time "$TIME" "$f" | awk '
		$3 == "none" { next }
		$3 == "uri" { g[$2] = $1; a[$2] = $5; ar[$2] = $6 "-" $7; order[++m] = $2; next }
		{ b[$2] = $5; br[$2] = $6 "-" $7 }
		END { for (i = 1; i <= m; i++) { o = order[i]; printf "| %s | %s | %.1f [%s] | %.1f [%s] | %.2f |\n", g[o], o, a[o], ar[o], b[o], br[o], b[o] / a[o] } }'
done
