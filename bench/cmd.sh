#!/bin/sh
# Times the uri command as whole processes against a plain Go program doing
# the same work with net/url and encoding/json (neturljson/), and against a
# program that only reads and writes the lines (catlines/); see
# BENCHMARKS.md, "The command, as whole processes".
#
# Usage, from anywhere in the checkout:
#
#	bench/cmd.sh                  # 5 interleaved rounds
#	ROUNDS=3 bench/cmd.sh
#	bench/cmd.sh results/cmd.txt  # only re-render a saved raw file
#
# Environment: ROUNDS (default 5), COPIES (how many times the URL lists are
# concatenated, default 5: 31 MB), OUT (raw output, default
# bench/results/cmd.txt), URI_BENCH_DATA (URL list directory, default
# ../shared/data/urls from the module root).
#
# Each process runs under proctime/, which reports its wall time, user and
# system CPU time (to the microsecond, where /usr/bin/time gives hundredths)
# and peak RSS. The rounds are interleaved: each runs
# every case once, so that load from other work on the machine spreads over
# all of them. The summary gives medians.
set -eu
cd "$(dirname "$0")"
. ./median.sh
ROUNDS=${ROUNDS:-5}
COPIES=${COPIES:-5}
OUT=${OUT:-results/cmd.txt}
DATA=${URI_BENCH_DATA:-../../shared/data/urls}

summarize() {
	# Raw lines: case wall user sys maxrss_kib bytes lines
	awk "$median_awk"'
	/^#/ { next }
	{
		if (!($1 in wall)) order[++n] = $1
		wall[$1] = wall[$1] " " $2; cpu[$1] = cpu[$1] " " ($3 + $4); rss[$1] = rss[$1] " " $5
		bytes = $6; lines = $7; runs[$1]++
	}
	END {
		printf "input: %.1f MB, %d lines; medians of %d runs\n\n", bytes / 1e6, lines, runs[order[1]]
		printf "| case | wall s | MB/s | URLs/s | CPU s | MB per CPU s | peak RSS MiB |\n|---|---:|---:|---:|---:|---:|---:|\n"
		for (i = 1; i <= n; i++) {
			c = order[i]; w = median(wall[c]); u = median(cpu[c])
			printf "| %s | %.3f | %.1f | %.2fM | %.3f | %.0f | %.1f |\n", c, w, bytes / 1e6 / w, lines / w / 1e6, u, bytes / 1e6 / (u > 0 ? u : 0.005), median(rss[c]) / 1024
		}
	}' "$1"
}

if [ $# -gt 0 ]; then
	summarize "$1"
	exit 0
fi

. ./builduri.sh
# The same command without cgo: a static binary, as the two programs it is
# compared with are (they do not import net; uri does, through net/http, so
# `go install` links it against the C library where cgo is available, which
# costs it about 5 ms of start-up here).
(cd .. && CGO_ENABLED=0 go build -o "$tmp/uri-static" ./cmd/uri)
go build -o "$tmp/neturljson" ./neturljson
go build -o "$tmp/catlines" ./catlines
go build -o "$tmp/proctime" ./proctime
i=0
while [ "$i" -lt "$COPIES" ]; do
	# wpt_urltestdata_inputs.txt is edge cases, not traffic: left out.
	cat "$DATA/node_files.txt" "$DATA/isaacs_files.txt" "$DATA/kasztp.txt" "$DATA/userbait.txt"
	i=$((i + 1))
done >"$tmp/urls.txt"
bytes=$(wc -c <"$tmp/urls.txt")
lines=$(wc -l <"$tmp/urls.txt")

U=$tmp/uri N=$tmp/neturljson
cases='catlines|'"$tmp"'/catlines
uri-parse-json-j1|'"$U"' parse --json -j 1
uri-parse-json-j2|'"$U"' parse --json -j 2
uri-static-parse-json-j2|'"$tmp"'/uri-static parse --json -j 2
neturl-parse-json|'"$N"' parse
uri-check-j1|'"$U"' check -j 1
uri-check-j2|'"$U"' check -j 2
neturl-check|'"$N"' check
uri-normalize-j1|'"$U"' normalize -j 1
uri-normalize-j2|'"$U"' normalize -j 2
neturl-normalize|'"$N"' normalize
uri-set-host-j1|'"$U"' edit --set host=example.org -j 1
uri-set-host-j2|'"$U"' edit --set host=example.org -j 2
neturl-set-host|'"$N"' set
uri-get-host-j1|'"$U"' get -j 1 {host}
uri-get-host-j2|'"$U"' get -j 2 {host}
neturl-get-host|'"$N"' get'

mkdir -p "$(dirname "$OUT")"
{
	go version
	grep -m1 '^model name' /proc/cpuinfo 2>/dev/null || true
	echo "nproc $(nproc) load $(cut -d' ' -f1-3 /proc/loadavg)"
	echo "case wall_s user_s sys_s maxrss_kib bytes lines"
} | sed 's/^/# /' >"$OUT"
r=1
while [ "$r" -le "$ROUNDS" ]; do
	echo "$cases" | while IFS='|' read -r name cmd; do
		# shellcheck disable=SC2086 # cmd is words on purpose
		rm -f "$tmp/time"
		"$tmp/proctime" -o "$tmp/time" $cmd <"$tmp/urls.txt" >/dev/null 2>"$tmp/stderr" || true
		echo "$name $(tail -n1 "$tmp/time") $bytes $lines" >>"$OUT"
	done
	echo "# round $r done, load $(cut -d' ' -f1-3 /proc/loadavg)" >>"$OUT"
	r=$((r + 1))
done
summarize "$OUT"
