# Sourced by parse.sh, normalize.sh and edit.sh, from the directory of the
# package to benchmark: the pinned benchstat, and the interleaved rounds.
#
# Rounds are interleaved: each runs every benchmark of BENCH once
# (-count=1), so that noise on a shared machine spreads over all of them
# instead of striking every run of one. -cpu=1: the work is sequential, and
# the garbage collector's share then shows in the wall time too.

# benchstat is not installed: it runs at a pinned version with go run (the
# first run downloads it into the module cache; needs Go >= 1.26).
BENCHSTAT_VERSION=v0.0.0-20260908200009-22c9c6c9d4da
benchstat() { go run "golang.org/x/perf/cmd/benchstat@$BENCHSTAT_VERSION" "$@"; }

# rounds runs BENCH for BENCHTIME in COUNT rounds and writes the output to
# OUT; given a file instead, it only sets OUT to it, to re-render it.
rounds() {
	if [ $# -gt 0 ]; then
		OUT=$1
		return
	fi
	mkdir -p "$(dirname "$OUT")"
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	go test -c -o "$tmp/bench.test" .
	{
		go version
		grep -m1 '^model name' /proc/cpuinfo 2>/dev/null || true
	} | sed 's/^/# /' >"$OUT"
	i=1
	while [ "$i" -le "$COUNT" ]; do
		echo "round $i/$COUNT" >&2
		# Keep the header lines (goos, cpu...) of the first round only.
		"$tmp/bench.test" -test.run '^$' -test.bench "$BENCH" -test.benchtime "$BENCHTIME" \
			-test.count 1 -test.cpu 1 |
			if [ "$i" -eq 1 ]; then cat; else grep '^Benchmark'; fi >>"$OUT"
		i=$((i + 1))
	done
}
