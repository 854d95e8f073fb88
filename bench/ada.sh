#!/bin/sh
# Times whatwg.Parse against ada, the C++ URL Standard parser
# (ada::parse<ada::url_aggregator>, built with g++ -O3), over the same
# lines of every list, and counts both parsers' instructions under
# callgrind: issue 38's first target. See ../whatwg/BENCHMARKS.md, "Against ada".
#
# Usage, from anywhere in the checkout:
#
#	ADA_SRC=/path/to/ada bench/ada.sh            # the five lists of URI_BENCH_DATA
#	ADA_SRC=/path/to/ada bench/ada.sh FILE...    # other lists
#	go run ./wptpaths ../../shared/data/urls/wpt_urltestdata_inputs.txt DIR &&
#	    ADA_SRC=... COUNT=0 bench/ada.sh DIR/*.txt  # the WPT inputs by path
#
# ADA_SRC is either a directory holding ada's single-header release, ada.h
# and ada.cpp (the ada.h and ada.cpp assets of an ada release, or
# singleheader/ of an ada checkout after its amalgamate.py has run), or an
# ada checkout (a directory with singleheader/amalgamate.py, include/ and
# src/), whose amalgamation this script makes with python3 into the build
# directory. ada itself is no part of this repository.
#
# Environment: ADA_SRC (above); COUNT (interleaved rounds, default 8; 0
# for the instruction counts alone); MS
# (CPU milliseconds per list, parser and round, default 300); INSTR=0 to
# skip the callgrind counts; OUT (raw output, default
# results/ada-raw.txt); URI_BENCH_DATA (URL list directory, default
# ../shared/data/urls from the module root); ADA_BUILD (where the C++
# program is built and kept between runs, default
# ${XDG_CACHE_HOME:-$HOME/.cache}/uri-bench-ada).
#
# Time: each round runs every list once with each parser, one process each,
# alternately (ada first on odd rounds, whatwg first on even); a process
# parses its list once to warm up, then over and over until MS of its own CPU
# time (clock_gettime CLOCK_PROCESS_CPUTIME_ID for ada, getrusage for Go, the
# garbage collector's work included; GOMAXPROCS=1 as the benchmarks' -cpu
# 1) and reports CPU ns per URL. The table gives the median of the rounds,
# their spread (lowest-highest) and ada's median over whatwg's: above 1,
# whatwg is the faster. whatwg's allocations are counted per URL.
#
# Instructions: both programs under valgrind's callgrind, once with one
# pass over the list and once with N passes, N the least of 3 or more that
# makes 30,000 URLs; the difference over N-1 passes is the steady cost per
# URL (start-up, reading the list and the first pass's one-time setup
# cancel out; the raw file's instr lines hold the list, the parser, the
# instructions of one pass and the lines). Only the main thread is
# counted (--separate-threads=yes, the file of thread 1), on which the Go
# program runs from the start (LockOSThread in init): the Go runtime's
# other threads (sysmon) do work that changes from run to run. Counting
# only measure (--toggle-collect) instead lost or gained stretches of it
# in about one run in four (kasztp.txt: 687 instructions a URL, or 1030,
# or less than nothing); whole main-thread counts agree to one instruction
# a URL from run to run.
# GOGC=off, and GODEBUG as in instr.sh (cpu.rdtscp=off is needed by
# valgrind 3.19).
set -eu
cd "$(dirname "$0")"
DATA=${URI_BENCH_DATA:-../../shared/data/urls}
COUNT=${COUNT:-8}
MS=${MS:-300}
INSTR=${INSTR:-1}
OUT=${OUT:-results/ada-raw.txt}
BUILD=${ADA_BUILD:-${XDG_CACHE_HOME:-$HOME/.cache}/uri-bench-ada}

# table FILE prints the table of a raw output file (defined here, run at
# the end or alone: ADA_TABLE=FILE bench/ada.sh re-renders FILE).
table() {
	awk '
	function median(a, n,   i, j, t) {
		for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j-1] > a[j]; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
		return n % 2 ? a[(n+1)/2] : (a[n/2] + a[n/2+1]) / 2
	}
	function list(l) { if (!(l in seen)) { seen[l] = 1; order[++nl] = l } }
	/^#/ { next }
	$3 == "instr" { list($1); ins[$1, $2] = $4 / $5; next }
	{
		list($1)
		k = $1 SUBSEP $2; c = ++cnt[k]; v[k, c] = $4; acc[k] = $6
		if (!(k in lo) || $4 < lo[k]) lo[k] = $4
		if (!(k in hi) || $4 > hi[k]) hi[k] = $4
		if ($2 == "whatwg") { al[$1] += $7 }
	}
	END {
		print "| list | ada CPU ns/URL (spread) | whatwg CPU ns/URL (spread) | ada / whatwg | ada instr/URL | whatwg instr/URL | ada / whatwg | whatwg allocs/URL | accepted ada, whatwg |"
		print "|---|---:|---:|---:|---:|---:|---:|---:|---|"
		for (i = 1; i <= nl; i++) {
			l = order[i]
			for (j = 1; j <= 2; j++) {
				lib = j == 1 ? "ada" : "whatwg"; k = l SUBSEP lib
				delete t; for (c = 1; c <= cnt[k]; c++) t[c] = v[k, c]
				m[lib] = cnt[k] ? median(t, cnt[k]) : 0
				tm[lib] = cnt[k] ? sprintf("%.0f (%.0f-%.0f)", m[lib], lo[k], hi[k]) : "-"
			}
			ia = ins[l, "ada"]; iw = ins[l, "whatwg"]; kw = l SUBSEP "whatwg"
			printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", l, tm["ada"], tm["whatwg"],
				(m["ada"] && m["whatwg"]) ? sprintf("%.2f", m["ada"] / m["whatwg"]) : "-",
				ia ? sprintf("%.0f", ia) : "-", iw ? sprintf("%.0f", iw) : "-",
				(ia && iw) ? sprintf("%.2f", ia / iw) : "-",
				cnt[kw] ? sprintf("%.4f", al[l] / cnt[kw]) : "-",
				cnt[kw] ? sprintf("%d, %d", acc[l SUBSEP "ada"], acc[kw]) : "-"
		}
	}' "$1"
}
if [ -n "${ADA_TABLE:-}" ]; then
	table "$ADA_TABLE"
	exit 0
fi

command -v g++ >/dev/null || { echo "ada.sh: skipped: g++ is not installed (it builds ada)" >&2; exit 0; }
if [ -z "${ADA_SRC:-}" ]; then
	echo "ada.sh: skipped: ADA_SRC is not set (a directory with ada.h and ada.cpp, or an ada checkout)" >&2
	exit 0
fi
mkdir -p "$BUILD"
if [ -f "$ADA_SRC/ada.h" ] && [ -f "$ADA_SRC/ada.cpp" ]; then
	SRC=$ADA_SRC
elif [ -f "$ADA_SRC/singleheader/amalgamate.py" ] && [ -d "$ADA_SRC/include" ] && [ -d "$ADA_SRC/src" ]; then
	command -v python3 >/dev/null || { echo "ada.sh: skipped: python3 is not installed (it runs ada's amalgamate.py)" >&2; exit 0; }
	SRC=$BUILD/singleheader
	mkdir -p "$SRC"
	AMALGAMATE_OUTPUT_PATH=$SRC python3 "$ADA_SRC/singleheader/amalgamate.py" >/dev/null
else
	echo "ada.sh: skipped: $ADA_SRC has neither ada.h and ada.cpp nor singleheader/amalgamate.py, include/ and src/" >&2
	exit 0
fi
VERSION=$(sed -n 's/^#define ADA_VERSION "\(.*\)"/\1/p' "$SRC/ada.h" | head -1)

# The C++ program is rebuilt only when ada or the driver changes. The key
# leaves out the amalgamation's "auto-generated on" line: amalgamate.py
# stamps it with the current time outside a git checkout (a fetched or
# unpacked tree), which made every run rebuild ada.
key=$(cat "$SRC/ada.h" "$SRC/ada.cpp" ada/parse.cc | grep -v '^/\* auto-generated on ' | cksum | cut -d' ' -f1)
ADA=$BUILD/parse-$key
if [ ! -x "$ADA" ]; then
	echo "ada.sh: building ada $VERSION with $(g++ --version | head -1) -O3" >&2
	g++ -O3 -DNDEBUG -std=c++20 -I"$SRC" -o "$ADA.tmp" ada/parse.cc "$SRC/ada.cpp"
	mv "$ADA.tmp" "$ADA"
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/adawhatwg" ./adawhatwg
GO=$tmp/adawhatwg

if [ $# -eq 0 ]; then
	set -- "$DATA/node_files.txt" "$DATA/isaacs_files.txt" "$DATA/kasztp.txt" "$DATA/userbait.txt" \
		"$DATA/wpt_urltestdata_inputs.txt"
fi

mkdir -p "$(dirname "$OUT")"
{
	echo "# ada $VERSION ($(g++ --version | head -1), -O3), $(go version | cut -d' ' -f3-)"
	grep -m1 '^model name' /proc/cpuinfo 2>/dev/null | sed 's/^/# /' || true
	echo "# list lib round ns/URL passes accepted allocs/URL"
} >"$OUT"
runone() { # list lib round
	case $2 in
	ada) set -- "$@" "$("$ADA" "$1" time "$MS") -" ;;
	whatwg) set -- "$@" "$(GOMAXPROCS=1 "$GO" "$1" time "$MS")" ;;
	esac
	echo "$(basename "$1" .txt) $2 $3 $4" >>"$OUT"
}
i=1
while [ "$i" -le "$COUNT" ]; do
	echo "round $i/$COUNT" >&2
	for f in "$@"; do
		if [ $((i % 2)) -eq 1 ]; then
			runone "$f" ada "$i"
			runone "$f" whatwg "$i"
		else
			runone "$f" whatwg "$i"
			runone "$f" ada "$i"
		fi
	done
	i=$((i + 1))
done

if [ "$INSTR" != 0 ]; then
	if command -v valgrind >/dev/null; then
		count() { # prog list passes: the instructions of the main thread
			rm -f "$tmp"/cg*
			GOGC=off GOMAXPROCS=1 GODEBUG=asyncpreemptoff=1,cpu.rdtscp=off valgrind --tool=callgrind \
				--separate-threads=yes --callgrind-out-file="$tmp/cg" \
				"$1" "$2" count "$3" >"$tmp/log" 2>&1 || { cat "$tmp/log" >&2; exit 1; }
			sed -n 's/^totals: //p' "$tmp/cg-01"
		}
		for f in "$@"; do
			n=$(wc -l <"$f")
			many=$(((30000 + n - 1) / n))
			if [ "$many" -lt 3 ]; then many=3; fi
			for lib in ada whatwg; do
				if [ $lib = ada ]; then p=$ADA; else p=$GO; fi
				one=$(count "$p" "$f" 1)
				more=$(count "$p" "$f" "$many")
				echo "$(basename "$f" .txt) $lib instr $(((more - one) / (many - 1))) $n" >>"$OUT"
			done
		done
	else
		echo "ada.sh: no instruction counts: valgrind is not installed" >&2
	fi
fi

table "$OUT"
