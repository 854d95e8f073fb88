#!/bin/sh
# Counts under valgrind's callgrind the instructions per input of the
# library calls whose code uses package unsafe (bench/unsafeinstr: SURT
# keys, Safe Browsing parsing and hashing, WHATWG parsing, Escape) in the
# working tree and in a revision, and prints both with their ratio: issue
# 33, item 5 ("unsafe only where a comment gives the measured win that
# needs it") compares a build without an unsafe use to one with it.
#
# Usage, from anywhere in the checkout:
#
#	bench/unsafeinstr.sh [REV [FILE...]]    # REV defaults to main, FILEs
#	                                        # to the four real lists
#
# Prints a line per op: op, inputs, REV's and the working tree's
# instructions per input (the loop's own, op none, subtracted), and
# new/old. OPS (default all; none must be among them) picks the ops. The
# counts vary by a few in ten thousand from run to run (the scheduler's
# preemptions of the loop, which come with the wall clock). The garbage
# collector is off (see instr.sh).
set -eu
cd "$(dirname "$0")"
REV=${1:-main}
[ $# -gt 0 ] && shift
PROG=unsafeinstr
. ./instr.sh
mkdir "$tmp/old"
git -C .. archive "$REV" | tar -x -C "$tmp/old"
mkdir -p "$tmp/old/bench/unsafeinstr"
cp unsafeinstr/main.go "$tmp/old/bench/unsafeinstr/"
(cd "$tmp/old/bench" && go build -o "$tmp/old/unsafeinstr" ./unsafeinstr)

# count BIN NAME FILE... writes to $tmp/NAME.txt a line per op: op,
# inputs, instructions per input. Each op is counted in a process of its
# own with --toggle-collect alone: the scheduler's preemption of the long
# loop (through morestack, which never returns as a call does) can make
# callgrind miss measure's return, after which a --dump-after would not
# come and the count would run on into the next op. What follows measure
# then (printing a line, exiting) is counted too, the same in both builds.
count() {
	bin=$1 d="$tmp/$2.d" name=$2
	shift 2
	mkdir "$d"
	for op in ${OPS:-$("$bin" -ops)}; do
		callgrind --toggle-collect=main.measure --callgrind-out-file="$d/$op.out" \
			"$bin" -op "$op" "$@" >"$d/$op.calls" 2>"$d/$op.log" ||
			{ echo "unsafeinstr.sh: callgrind failed, see:" >&2; tail "$d/$op.log" >&2; return 1; }
		read -r _ n _ <"$d/$op.calls"
		echo "$op $n $(sed -n 's/^totals: *//p' "$d/$op.out")"
	done |
		awk '$1 == "none" { base = $3; nb = $2; next } { printf "%s %d %.1f\n", $1, $2, ($3 - base * $2 / nb) / $2 }' >"$tmp/$name.txt"
}

count "$tmp/old/unsafeinstr" old "$@" &
count "$tmp/unsafeinstr" new "$@" &
wait
echo "# $(git rev-parse --short "$REV") against the working tree ($(git describe --always --dirty)), $*"
echo "# op inputs old new new/old"
join "$tmp/old.txt" "$tmp/new.txt" | awk '{ printf "%s %d %.1f %.1f %.4f\n", $1, $2, $3, $5, $5 / $3 }' 
