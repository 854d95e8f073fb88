#!/bin/sh
# Times `uri CMD -j 1` against `uri CMD -j 2` as whole processes, with the
# process's fixed start-up measured in the same rounds, at two input sizes:
# issue 37's "-j 2 at least 1.6x -j 1 in CPU-bound runs" (see BENCHMARKS.md,
# "-j 2 against -j 1").
#
# A run is start-up S (exec, the runtime, package inits: the same at -j 1 and
# -j 2) plus the lines' work W, which -j 2 can halve at best, so the speed-up
# is about (S + W) / (S + W/2) at most (about: -j 1 uses the second core a
# little too). The script measures S as the same command on an empty input,
# and prints that estimate beside the measured ratio: on a short input S
# caps the ratio whatever the workers do. OUT is relative to bench/.
#
# Usage, from anywhere in the checkout:
#
#	bench/jobs.sh                    # 9 interleaved rounds, parse --json
#	ROUNDS=5 SIZES="5 25" bench/jobs.sh check
#
# Environment: ROUNDS (default 9), SIZES (how many times the four real URL
# lists are concatenated, one input per size, default "5 25": 31 and 155
# MB), OUT (raw output, default bench/results/jobs.txt), URI_BENCH_DATA (URL
# list directory, default ../shared/data/urls from the module root).
# Arguments: the subcommand and its options (default: parse --json).
set -eu
cd "$(dirname "$0")"
. ./median.sh
ROUNDS=${ROUNDS:-9}
SIZES=${SIZES:-5 25}
OUT=${OUT:-results/jobs.txt}
DATA=${URI_BENCH_DATA:-../../shared/data/urls}
[ $# -gt 0 ] || set -- parse --json

. ./builduri.sh
go build -o "$tmp/proctime" ./proctime
for n in $SIZES; do
	i=0
	while [ "$i" -lt "$n" ]; do
		cat "$DATA/node_files.txt" "$DATA/isaacs_files.txt" "$DATA/kasztp.txt" "$DATA/userbait.txt"
		i=$((i + 1))
	done >"$tmp/urls-$n.txt"
done
: >"$tmp/empty.txt"

mkdir -p "$(dirname "$OUT")"
{
	echo "# uri $* ; go $(go env GOVERSION); nproc $(nproc); load $(cut -d' ' -f1-3 /proc/loadavg)"
	echo "# case size wall_s user_s sys_s"
} >"$OUT"
r=1
while [ "$r" -le "$ROUNDS" ]; do
	for n in $SIZES; do
		"$tmp/proctime" -o "$tmp/time" "$tmp/uri" "$@" -j 1 <"$tmp/empty.txt" >/dev/null 2>&1 || true
		echo "empty $n $(tail -n1 "$tmp/time" | cut -d' ' -f1-3)" >>"$OUT"
		for j in 1 2; do
			"$tmp/proctime" -o "$tmp/time" "$tmp/uri" "$@" -j "$j" <"$tmp/urls-$n.txt" >/dev/null 2>&1 || true
			echo "j$j $n $(tail -n1 "$tmp/time" | cut -d' ' -f1-3)" >>"$OUT"
		done
	done
	r=$((r + 1))
done

awk "$median_awk"'
/^#/ { next }
{ w[$1 " " $2] = w[$1 " " $2] " " $3; c[$1 " " $2] = c[$1 " " $2] " " ($4 + $5); if (!($2 in seen)) { seen[$2] = 1; sizes[++m] = $2 } }
END {
	printf "| copies | start-up S (empty input) s | -j 1 s | -j 2 s | -j 1 / -j 2 | estimate (S+W)/(S+W/2) | -j 1 CPU s | -j 2 CPU s |\n"
	printf "|---:|---:|---:|---:|---:|---:|---:|---:|\n"
	for (i = 1; i <= m; i++) {
		n = sizes[i]; s = median(w["empty " n]); a = median(w["j1 " n]); b = median(w["j2 " n])
		W = a - s
		printf "| %s | %.4f | %.4f | %.4f | **%.2f** | %.2f | %.4f | %.4f |\n", n, s, a, b, a / b, a / (s + W / 2), median(c["j1 " n]), median(c["j2 " n])
	}
}' "$OUT"
