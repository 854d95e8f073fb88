#!/bin/sh
# measure.sh: lines/s and peak memory of uri-beam on prism against
# uri normalize | sort | uniq -c, on the shared URL lists and on a file of
# about 2 million lines made from them (BENCHMARKS.md, "The Beam pipeline").
# Run from beam/: sh measure.sh [rounds]. Needs /usr/bin/time (GNU).
set -eu
rounds=${1:-1}
data=${URI_BENCH_DATA:-../../shared/data/urls}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/uri-beam" ./cmd/uri-beam
go build -C .. -o "$work/uri" ./cmd/uri
mkdir "$work/lists" "$work/big"
cp "$data"/*.txt "$work/lists/"
# 18 copies of the five lists: 1,977,534 lines, 111 MB.
for i in $(seq 18); do cat "$data"/*.txt; done > "$work/big/big.txt"

# run NAME LINES CMD...: one timed run, one line of results.
run() {
	name=$1 lines=$2
	shift 2
	/usr/bin/time -f '%e %U %S %M' -o "$work/t" "$@" > /dev/null 2>&1
	read -r wall user sys rss < "$work/t"
	awk -v n="$name" -v l="$lines" -v w="$wall" -v u="$user" -v s="$sys" -v r="$rss" 'BEGIN {
		printf "| %s | %d | %.1f | %.0f | %.1f | %.0f |\n", n, l, w, l / w, u + s, r / 1024 }'
}

echo "| case | lines | wall s | lines/s | CPU s | peak RSS MiB |"
echo "|---|---:|---:|---:|---:|---:|"
for r in $(seq "$rounds"); do
	for set in lists big; do
		lines=$(cat "$work/$set"/*.txt | wc -l)
		run "uri-beam (prism), $set" "$lines" "$work/uri-beam" --input "$work/$set/*.txt" --output "$work/out-$set"
		run "uri normalize + sort + uniq -c, $set" "$lines" sh -c "cat $work/$set/*.txt | $work/uri normalize | sort | uniq -c"
	done
done
