#!/bin/sh
# Compares, in instructions per call under callgrind, the operations of
# layoutab (edits, builds, parse, resolve, normalize, relative, ToIRI, and
# net/url's edit and build) between an older commit of the module and the
# checkout: the measure of issue 33's "unchanged or faster", the same on any
# host and load. Each count is the difference of two runs (120,000 and
# 20,000 calls) divided by 100,000, so that loading the list cancels out.
#
# Usage, from anywhere in the checkout:
#
#	bench/layoutab.sh OLD [LIST...]   # OLD: a commit; LIST: URL lists
#	                                  # (default kasztp and userbait)
#
# Environment: OPS (the operations, default all), URI_BENCH_DATA.
set -eu
cd "$(dirname "$0")"
[ $# -ge 1 ] || { echo "usage: bench/layoutab.sh OLD [LIST...]" >&2; exit 2; }
old=$1
shift
DATA=${URI_BENCH_DATA:-../../shared/data/urls}
if [ $# -eq 0 ]; then
	set -- "$DATA/kasztp.txt" "$DATA/userbait.txt"
fi
command -v valgrind >/dev/null || { echo "layoutab.sh: valgrind is not installed" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'git -C .. worktree remove --force "$tmp/old" >/dev/null 2>&1; rm -rf "$tmp"' EXIT
git -C .. worktree add --detach "$tmp/old" "$old" >/dev/null 2>&1
root=$(cd .. && pwd)
# The program in a module of its own, built once against each tree.
mkdir "$tmp/mod"
cp layoutab/main.go "$tmp/mod/"
cp ../go.sum "$tmp/mod/"
for side in old new; do
	tree=$root
	[ "$side" = old ] && tree=$tmp/old
	printf 'module layoutab\n\ngo 1.26\n\nrequire github.com/ferret-go/uri v0.0.0\n\nreplace github.com/ferret-go/uri => %s\n' "$tree" >"$tmp/mod/go.mod"
	(cd "$tmp/mod" && go mod tidy >/dev/null && go build -o "$tmp/bin-$side" .)
done
OPS=${OPS:-"WithHost WithScheme WithPath WithQuery WithDecodedPath WithPortNumber WithoutQuery WithoutFragment Chain3-builder Build-raw Build-decoded Parse Resolve Resolve2 Normalize Relative ToIRI neturl-host neturl-chain3 neturl-build"}
run() {
	GOGC=off GOMAXPROCS=1 GODEBUG=asyncpreemptoff=1,cpu.rdtscp=off valgrind --tool=callgrind \
		--callgrind-out-file=/dev/null "$@" 2>&1 | sed -n 's/.*I *refs: *//p' | tr -d ,
}
per() { a=$(run "$1" "$2" "$3" 20000); b=$(run "$1" "$2" "$3" 120000); echo $(((b - a) / 100000)); }
for f in "$@"; do
	echo "| $(basename "$f" .txt) | $old | checkout | checkout / $old |"
	echo "|---|---:|---:|---:|"
	for op in $OPS; do
		o=$(per "$tmp/bin-old" "$f" "$op")
		n=$(per "$tmp/bin-new" "$f" "$op")
		awk -v op="$op" -v o="$o" -v n="$n" 'BEGIN { printf "| %s | %d | %d | %.2f |\n", op, o, n, n / o }'
	done
	echo
done
