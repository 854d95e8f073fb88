#!/bin/sh
# Measures the memory of Repair on the pathological shapes (bench/pathlines,
# which has the shapes of BenchmarkPathological and issue 34's): for the
# library, the bytes uri.Repair and whatwg.Repair allocate per input byte
# (runtime.MemStats.TotalAlloc, bench/repairmem); for the command, the peak
# resident set of `uri repair` (text and --json, and --rfc3986) on one line
# of each shape, from /usr/bin/time -v, as a multiple of the line's length.
# See SECURITY.md, "Pathological input".
#
# Usage, from anywhere in the checkout:
#
#	bench/repairmem.sh                          # this checkout, lines of 16 MiB
#	ROOT=/tmp/old LINE=4194304 bench/repairmem.sh  # another checkout (a copy
#	                                            # of an older commit: -fn whatwg
#	                                            # and --rfc3986 are skipped there)
#
# Environment: ROOT (the checkout whose library and command are measured,
# default the one holding this script), LINE (the line's length in bytes,
# default 16 MiB), SHAPES (default all but url).
set -euf
cd "$(dirname "$0")"
ROOT=$(cd "${ROOT:-..}" && pwd)
LINE=${LINE:-16777216}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The command and the library program, built from ROOT: the program in a
# module of its own that replaces the library with ROOT.
(cd "$ROOT" && go build -o "$tmp/uri" ./cmd/uri)
mkdir "$tmp/rm"
cp repairmem/main.go repairmem/whatwg.go "$tmp/rm/"
cp "$ROOT/go.sum" "$tmp/rm/"
printf 'module repairmem\ngo 1.26.0\nrequire github.com/ferret-go/uri v0.0.0\nreplace github.com/ferret-go/uri => %s\n' "$ROOT" >"$tmp/rm/go.mod"
tags=""
fns="uri whatwg"
if [ ! -f "$ROOT/whatwg/repair.go" ]; then
	tags="-tags base"
	fns="uri"
fi
# shellcheck disable=SC2086 # tags is words on purpose
(cd "$tmp/rm" && GOFLAGS=-mod=mod go build $tags -o "$tmp/repairmem" .)
go build -o "$tmp/pathlines" ./pathlines
SHAPES=${SHAPES:-$("$tmp/pathlines" -list | grep -v '^url$')}

echo "# $(cd "$ROOT" && git log -1 --format='%h %s' 2>/dev/null || echo "$ROOT"), line $LINE bytes, $(go version | cut -d' ' -f3), nproc $(nproc), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "| shape | function | allocated B/B | wall s | ok |"
echo "|---|---|---:|---:|---|"
for s in $SHAPES; do
	"$tmp/pathlines" -shape "$s" -line "$LINE" -total 1 >"$tmp/line"
	for fn in $fns; do
		"$tmp/repairmem" -fn "$fn" <"$tmp/line" | while read -r n bpb wall ok; do
			echo "| $s | $fn.Repair | $bpb | $wall | $ok |"
		done
	done
done
echo
echo "| shape | command | peak RSS KiB | x line | x line beyond a short line's run | wall s |"
echo "|---|---|---:|---:|---:|---:|"
cmds="repair
repair --json"
if [ -z "$tags" ]; then
	cmds="$cmds
repair --rfc3986
repair --rfc3986 --json"
fi
for s in $SHAPES; do
	"$tmp/pathlines" -shape "$s" -line "$LINE" -total 1 >"$tmp/line"
	n=$(head -n1 "$tmp/line" | wc -c)
	echo "$cmds" | while read -r cmd; do
		# The same command on one short line: what the process takes
		# without the long line.
		# shellcheck disable=SC2086 # cmd is words on purpose
		echo 'http://h/a b' | /usr/bin/time -v "$tmp/uri" $cmd >/dev/null 2>"$tmp/time" || true
		base=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$tmp/time")
		# shellcheck disable=SC2086
		/usr/bin/time -v "$tmp/uri" $cmd <"$tmp/line" >/dev/null 2>"$tmp/time" || true
		rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$tmp/time")
		wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$tmp/time")
		echo "| $s | uri $cmd | $rss | $(echo "$rss $n" | awk '{printf "%.1f", $1 * 1024 / $2}') | $(echo "$rss $base $n" | awk '{printf "%.1f", ($1 - $2) * 1024 / $3}') | $wall |"
	done
done
