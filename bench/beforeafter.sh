#!/bin/sh
# Runs the whole benchmark set at two commits, in interleaved rounds, and
# compares them with benchstat: the "no regression elsewhere" check of a
# performance change.
#
# Usage, from anywhere in the checkout:
#
#	OLD=9f5b817 NEW=HEAD bench/beforeafter.sh
#	COUNT=6 BENCHTIME=200ms OLD=v1 NEW=v2 bench/beforeafter.sh
#	bench/beforeafter.sh old.txt new.txt     # only re-render a saved pair
#
# Environment: OLD and NEW (commits, default HEAD~1 and HEAD), COUNT (rounds,
# default 4), BENCHTIME (per benchmark per round, default 50ms), BENCH (-bench
# pattern, default every benchmark), OUT (prefix of the raw output files,
# default bench/results/beforeafter: OUT-bench-old.txt, OUT-bench-new.txt,
# OUT-root-old.txt and OUT-root-new.txt),
# URI_BENCH_DATA (URL list directory, default ../shared/data/urls from the
# module root), URI_BENCH_RFC (the RFC texts of BenchmarkExtract, default
# ../shared/rfc from the module root).
#
# Each commit is checked out with git worktree into a temporary directory, and
# two test binaries are built there: the bench module's (this directory) and
# the root package's (its *_bench_test.go). A round runs each top-level
# benchmark of the new binaries' list on the old side, then on the new, once
# (-count=1, -cpu=1), so that noise on a shared machine falls on both sides
# alike (see rounds.sh); a benchmark only the new side has shows as new.
set -eu
. "$(dirname "$0")/rounds.sh"

cd "$(dirname "$0")/.."
root=$(pwd)

if [ $# -eq 2 ]; then
	benchstat "old=$1" "new=$2"
	exit 0
fi

OLD=${OLD:-HEAD~1}
NEW=${NEW:-HEAD}
COUNT=${COUNT:-4}
BENCHTIME=${BENCHTIME:-50ms}
BENCH=${BENCH:-.}
OUT=${OUT:-bench/results/beforeafter}
: "${URI_BENCH_DATA:=$root/../shared/data/urls}"
: "${URI_BENCH_RFC:=$root/../shared/rfc}"
export URI_BENCH_DATA URI_BENCH_RFC

tmp=$(mktemp -d)
cleanup() {
	for side in old new; do
		if [ -d "$tmp/$side" ]; then
			git -C "$root" worktree remove --force "$tmp/$side" 2>/dev/null || true
		fi
	done
	rm -rf "$tmp"
}
trap cleanup EXIT

for side in old new; do
	if [ "$side" = old ]; then rev=$OLD; else rev=$NEW; fi
	git -C "$root" worktree add --detach -q "$tmp/$side" "$rev"
	(cd "$tmp/$side/bench" && go test -c -o "$tmp/$side-bench.test" .)
	(cd "$tmp/$side" && go test -c -o "$tmp/$side-root.test" .)
done

mkdir -p "$(dirname "$OUT")"
for side in old new; do
	if [ "$side" = old ]; then rev=$OLD; else rev=$NEW; fi
	for pkg in bench root; do
		{
			echo "commit: $(git -C "$root" rev-parse --short "$rev")"
			go version
			grep -m1 '^model name' /proc/cpuinfo 2>/dev/null || true
		} | sed 's/^/# /' >"$OUT-$pkg-$side.txt"
	done
done

# Interleaved by benchmark: each top-level benchmark runs on the old side,
# then on the new, before the next, so that a change in the machine's load
# (another job starting) falls on both sides of a comparison alike.
i=1
while [ "$i" -le "$COUNT" ]; do
	for pkg in bench root; do
		if [ "$pkg" = bench ]; then sub=bench; else sub=.; fi
		for name in $("$tmp/new-$pkg.test" -test.list "$BENCH" | grep '^Benchmark'); do
			for side in old new; do
				echo "round $i/$COUNT: $pkg $name $side" >&2
				# Each binary runs in its own package directory, for its testdata.
				# A benchmark that fails (or a side that lacks it) is
				# reported and skipped, not the end of the whole run.
				if ! (cd "$tmp/$side/$sub" && "$tmp/$side-$pkg.test" -test.run '^$' -test.bench "^$name\$" \
					-test.benchtime "$BENCHTIME" -test.count 1 -test.cpu 1) >"$tmp/run.txt" 2>&1; then
					echo "round $i/$COUNT: $pkg $name $side failed:" >&2
					tail -n 5 "$tmp/run.txt" >&2
				fi
				grep -E '^(Benchmark|goos|goarch|pkg|cpu)' "$tmp/run.txt" |
					if [ "$i" -eq 1 ]; then cat; else grep '^Benchmark'; fi >>"$OUT-$pkg-$side.txt" || true
			done
		done
	done
	i=$((i + 1))
done

for pkg in bench root; do
	echo "## $pkg"
	benchstat "old=$OUT-$pkg-old.txt" "new=$OUT-$pkg-new.txt"
done
