#!/bin/sh
# Times every streaming subcommand of uri as a whole process on the
# pathological shapes of issue 11 (bench/pathlines), with the same amount of
# input written as lines of 16 KiB and as lines of 4 MiB, to show that a
# long line costs about what the same bytes in short lines cost (time per
# input byte within 3x) and that the memory a line takes is a small multiple
# of its length. See BENCHMARKS.md, "Long lines".
#
# Usage, from anywhere in the checkout:
#
#	bench/longlines.sh                        # 3 interleaved rounds
#	ROUNDS=1 SHAPES='pct url' bench/longlines.sh
#	bench/longlines.sh results/longlines.txt  # only re-render a saved raw file
#
# Environment: ROUNDS (default 3), TOTAL (bytes of input per run, default
# 8 MiB: 512 lines of 16 KiB or 2 of 4 MiB), LONG (the long lines' length,
# default 4 MiB; LONG=67108864 TOTAL=67108864 times one line of 64 MiB
# against 16 KiB lines), SHAPES (default all), OUT (raw
# output, a path relative to bench/, default results/longlines.txt),
# COMMANDS (the command lines to time, one per line, default every
# subcommand with --json; "COMMANDS=$(bench/longlines.sh -text)" gives
# their text forms).
#
# Each run is one process under proctime/ (wall time, user and system CPU
# time, peak RSS), standard input from a file, standard output to /dev/null.
# The summary gives, per subcommand and shape, medians: CPU (user + system)
# and wall nanoseconds per input byte for each line length and their ratio
# (4 MiB / 16 KiB), and the peak RSS with 4 MiB lines less the peak RSS with
# 16 KiB lines, divided by the line length: what one long line costs in
# memory, in multiples of its length.
set -euf
cd "$(dirname "$0")"
. ./median.sh
ROUNDS=${ROUNDS:-3}
TOTAL=${TOTAL:-8388608}
LONG=${LONG:-4194304}
OUT=${OUT:-results/longlines.txt}

summarize() {
	# Raw lines: command shape line_bytes wall_s user_s sys_s maxrss_kib input_bytes
	awk "$median_awk"'
	/^#/ { next }
	{
		k = $1 "|" $2
		if (!(k in seen)) { seen[k] = 1; order[++n] = k }
		wall[k, $3] = wall[k, $3] " " $4; cpu[k, $3] = cpu[k, $3] " " ($5 + $6)
		rss[k, $3] = rss[k, $3] " " $7; bytes[k, $3] = $8
		if ($3 > long) long = $3
		if (short == 0 || $3 < short) short = $3
	}
	END {
		L = long / 1048576 " MiB"
		printf "| command | shape | CPU ns/B, 16 KiB lines | %s lines | ratio | wall ns/B, 16 KiB | %s | ratio | memory per %s line |\n", L, L, L
		printf "|---|---|---:|---:|---:|---:|---:|---:|---:|\n"
		for (i = 1; i <= n; i++) {
			k = order[i]; split(k, p, "|")
			cs = median(cpu[k, short]) * 1e9 / bytes[k, short]; cl = median(cpu[k, long]) * 1e9 / bytes[k, long]
			ws = median(wall[k, short]) * 1e9 / bytes[k, short]; wl = median(wall[k, long]) * 1e9 / bytes[k, long]
			m = (median(rss[k, long]) - median(rss[k, short])) * 1024 / long
			if (m < 0) m = 0
			printf "| %s | %s | %.1f | %.1f | %.2f | %.1f | %.1f | %.2f | %.1fx |\n", p[1], p[2], cs, cl, cl / cs, ws, wl, wl / ws, m
		}
	}' "$1"
}

# Every subcommand that reads inputs as lines, with --json where it has it
# (the output then holds the input, escaped: the most it writes).
B='http://a/b/c/d;p?q'
all="parse --json
check --json
resolve --json $B
relative --json $B
normalize --json
to-uri --json
to-iri --json
repair --json
compare --json
extract --json
key --json
site --json
template match --json http://h/{x}
lint --json
edit --json --set host=example.org
get --json {host}
file-path --json
data --json
mailto --json
urn --json"

if [ "${1:-}" = -text ]; then
	echo "$all" | sed 's/ --json//'
	exit 0
fi
if [ $# -gt 0 ]; then
	summarize "$1"
	exit 0
fi

. ./builduri.sh
go build -o "$tmp/proctime" ./proctime
go build -o "$tmp/pathlines" ./pathlines
SHAPES=${SHAPES:-$("$tmp/pathlines" -list)}
for s in $SHAPES; do
	"$tmp/pathlines" -shape "$s" -line 16384 -total "$TOTAL" >"$tmp/$s.16384"
	"$tmp/pathlines" -shape "$s" -line "$LONG" -total "$TOTAL" >"$tmp/$s.$LONG"
done


commands=${COMMANDS:-$all}
mkdir -p "$(dirname "$OUT")"
{
	go version
	grep -m1 '^model name' /proc/cpuinfo 2>/dev/null || true
	echo "nproc $(nproc) load $(cut -d' ' -f1-3 /proc/loadavg)"
	echo "command shape line_bytes wall_s user_s sys_s maxrss_kib input_bytes"
} | sed 's/^/# /' >"$OUT"
r=1
while [ "$r" -le "$ROUNDS" ]; do
	echo "$commands" | while read -r cmd; do
		name=$(echo "$cmd" | cut -d' ' -f1)
		for s in $SHAPES; do
			for len in 16384 "$LONG"; do
				f="$tmp/$s.$len"
				rm -f "$tmp/time"
				# shellcheck disable=SC2086 # cmd is words on purpose
				"$tmp/proctime" -o "$tmp/time" "$tmp/uri" $cmd <"$f" >/dev/null 2>&1 || true
				echo "$name $s $len $(tail -n1 "$tmp/time") $(wc -c <"$f")" >>"$OUT"
			done
		done
	done
	echo "# round $r done, load $(cut -d' ' -f1-3 /proc/loadavg)" >>"$OUT"
	r=$((r + 1))
done
summarize "$OUT"
