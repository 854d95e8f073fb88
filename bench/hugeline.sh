#!/bin/sh
# Peak memory and CPU time of the uri command on one line of 64 MiB, the
# input of cmd/uri's TestHugeLine: "http://a/", a path of 64-byte segments,
# then " x" (so the line is an invalid URI), and a short second line. Each
# run is one process under /usr/bin/time; the peak resident set is divided
# by the line's length. See SECURITY.md ("The uri command reads its input
# as a stream").
#
# Usage, from anywhere in the checkout:
#
#	bench/hugeline.sh                  # 3 rounds of the default commands
#	ROUNDS=1 SIZE=16777216 bench/hugeline.sh
#	COMMANDS='compare' bench/hugeline.sh
#
# Environment: ROUNDS (default 3), SIZE (the long line's path length in
# bytes, a multiple of 64, default 64 MiB), COMMANDS (the command lines to
# run, one per line; default check --json, parse --json, check,
# normalize --json, compare).
#
# Output, one line a run: command, wall s, user s, system s, peak RSS KiB,
# peak RSS / line length. On a shared machine read the CPU time (user +
# system) and the peak RSS; the wall time depends on the other work.
set -euf
cd "$(dirname "$0")"
ROUNDS=${ROUNDS:-3}
SIZE=${SIZE:-67108864}
COMMANDS=${COMMANDS:-"check --json
parse --json
check
normalize --json
compare"}

. ./builduri.sh
seg=0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcde/
{
	printf 'http://a/'
	# SIZE/64 segments, written 1024 at a time.
	block=$(awk -v s="$seg" 'BEGIN { for (i = 0; i < 1024; i++) printf "%s", s }')
	i=0
	while [ "$i" -lt $((SIZE / 65536)) ]; do
		printf '%s' "$block"
		i=$((i + 1))
	done
	printf ' x\nhttp://next/\n'
} >"$tmp/huge"
n=$(head -n1 "$tmp/huge" | wc -c)

echo "# $(cd .. && git log -1 --format='%h %s' 2>/dev/null || true)"
echo "# $(go version | cut -d' ' -f3), nproc $(nproc), load $(cut -d' ' -f1-3 /proc/loadavg), line $n bytes"
echo "# command wall_s user_s sys_s maxrss_kib maxrss/line"
r=1
while [ "$r" -le "$ROUNDS" ]; do
	echo "$COMMANDS" | while read -r cmd; do
		# shellcheck disable=SC2086 # cmd is words on purpose
		/usr/bin/time -f '%e %U %S %M' -o "$tmp/time" "$tmp/uri" $cmd <"$tmp/huge" >/dev/null 2>&1 || true
		set -- $(tail -n1 "$tmp/time")
		echo "$cmd $1 $2 $3 $4 $(echo "$4 $n" | awk '{printf "%.2f", $1 * 1024 / $2}')"
	done
	r=$((r + 1))
done
