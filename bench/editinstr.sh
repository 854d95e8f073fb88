#!/bin/sh
# Counts under valgrind's callgrind the instructions per operation that uri
# and net/url take for each edit and build of BenchmarkEdit and
# BenchmarkBuilder (internal/editops: every With*/Without* and the two
# chains of three, and Builder with 1, 3 and 6 setters from a parsed URL
# and from scratch) on every line each list keeps, and prints their ratio
# net/url / uri (above 1: uri takes fewer instructions): issue 33's
# comparison in a measure that is the same on any machine and under any
# load, where the time of edit.sh depends on the processor and on the
# neighbours.
#
# Usage, from anywhere in the checkout:
#
#	bench/editinstr.sh               # the four real lists
#	bench/editinstr.sh FILE...       # other lists
#
# Environment: ROUNDS (how many times each op goes over a list, default 1:
# the count does not vary from round to round), JOBS (lists counted at
# once, default 2), URI_BENCH_DATA (URL list directory, default
# ../shared/data/urls from the module root).
#
# editinstr loads a list once and calls measure once for each op and
# library, which callgrind counts alone and dumps apart (--toggle-collect,
# --dump-after), with the garbage collector off (see instr.sh); the loop's
# own instructions (library none, on the same URLs) are subtracted from
# both. A list of 48,000 URLs takes about ten minutes.
set -eu
cd "$(dirname "$0")"
ROUNDS=${ROUNDS:-1}
JOBS=${JOBS:-2}
PROG=editinstr
. ./instr.sh

# count FILE writes to $tmp/NAME.txt a line per op: op, list, URLs, uri's
# and net/url's instructions per operation.
count() {
	name=$(basename "$1" .txt)
	d="$tmp/$name"
	mkdir "$d"
	callgrind --toggle-collect=main.measure --dump-after=main.measure --callgrind-out-file="$d/out" \
		"$tmp/editinstr" -rounds "$ROUNDS" "$1" >"$d/calls" 2>"$d/log" ||
		{ echo "editinstr.sh: $1: callgrind failed, see:" >&2; tail "$d/log" >&2; return 1; }
	# Line k of calls is dump k (out.k): op, library, URLs, checksum.
	k=1
	while read -r op lib n _; do
		echo "$op $lib $n $(sed -n 's/^totals: *//p' "$d/out.$k")"
		k=$((k + 1))
	done <"$d/calls" |
		awk -v list="$name" -v r="$ROUNDS" '
			$2 == "none" { base = $4; next }
			$2 == "uri" { u = $4; next }
			$2 == "neturl" { printf "%s %s %d %.0f %.0f\n", $1, list, $3, (u - base) / ($3 * r), ($4 - base) / ($3 * r) }
		' >"$tmp/$name.txt"
}

# JOBS lists at a time (the counts do not depend on the load).
i=0
for f in "$@"; do
	count "$f" &
	i=$((i + 1))
	if [ $((i % JOBS)) -eq 0 ]; then
		wait
	fi
done
wait
nops=$("$tmp/editinstr" -ops | wc -l)
for f in "$@"; do
	r="$tmp/$(basename "$f" .txt).txt"
	[ -f "$r" ] && [ "$(wc -l <"$r")" -eq "$nops" ] || { echo "editinstr.sh: $f: not counted" >&2; exit 1; }
done

echo "| op | list | URLs | uri | net/url | net/url / uri |"
echo "|---|---|---:|---:|---:|---:|"
for f in "$@"; do
	awk '{ printf "| %s | %s | %d | %d | %d | %.2f |\n", $1, $2, $3, $4, $5, $5 / $4 }' "$tmp/$(basename "$f" .txt).txt"
done

# The ratios alone, an op a row and a list a column.
echo
printf "| op |"
for f in "$@"; do printf " %s |" "$(basename "$f" .txt)"; done
echo
printf "|---|"
for f in "$@"; do printf -- "---:|"; done
echo
for f in "$@"; do cat "$tmp/$(basename "$f" .txt).txt"; done | awk -v nl="$#" '
	!($1 in row) { row[$1] = ++nrows; name[nrows] = $1 }
	{ cell[row[$1]] = cell[row[$1]] sprintf(" %.2f |", $5 / $4) }
	END { for (i = 1; i <= nrows; i++) printf "| %s |%s\n", name[i], cell[i] }'
