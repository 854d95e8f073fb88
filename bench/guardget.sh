#!/bin/sh
# Counts under valgrind's callgrind the instructions of a process that
# makes N GETs (default 400) to a server of its own on 127.0.0.1, through
# guard.Guard.Client and through a plain http.Client, keep-alive on and
# off, and prints the instructions a request (a run of N requests less a
# run of none, over N) and the guard's addition in percent: issue 36's
# target is at most 10%. Client and server are both counted, as both run
# in the process: the request's whole cost on the machine. See
# guardget/main.go, and instr.sh for the environment.
set -eu
cd "$(dirname "$0")"
N=${N:-400}
command -v valgrind >/dev/null || { echo "guardget.sh: valgrind is not installed" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/guardget" ./guardget

count() {
	GOGC=off GOMAXPROCS=1 GODEBUG=asyncpreemptoff=1,cpu.rdtscp=off valgrind --tool=callgrind \
		--callgrind-out-file="$tmp/out" "$tmp/guardget" "$@" >"$tmp/log" 2>&1
	sed -n 's/.*I *refs: *//p' "$tmp/log" | tr -d ,
}

echo "| keep-alive | plain http.Client | guard Client | guard / plain |"
echo "|---|---:|---:|---:|"
for k in on off; do
	p0=$(count plain "$k" 0)
	p=$(count plain "$k" "$N")
	g0=$(count guard "$k" 0)
	g=$(count guard "$k" "$N")
	awk -v k="$k" -v n="$N" -v p0="$p0" -v p="$p" -v g0="$g0" -v g="$g" 'BEGIN {
		pp = (p - p0) / n; gg = (g - g0) / n
		printf "| %s | %.0f | %.0f | +%.1f%% |\n", k, pp, gg, 100 * (gg - pp) / pp
	}'
done
