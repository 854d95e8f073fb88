#!/bin/sh
# Reruns the URI Template benchmarks of template_test.go (expansion against
# yosida95/uritemplate/v3 and std-uritemplate, matching against yosida95,
# the Router over 10 to 1,000 templates) and summarizes them with benchstat.
#
# Usage, from anywhere in the checkout:
#
#	bench/template.sh                   # 8 interleaved rounds of 200ms
#	COUNT=3 BENCHTIME=100ms bench/template.sh
#	bench/template.sh old.txt           # only re-render a saved raw file
#
# Environment: COUNT (rounds, default 8), BENCHTIME (per benchmark per round,
# default 200ms), BENCH (-bench pattern), OUT (raw output file, default
# bench/results/template.txt). The rounds are interleaved (see rounds.sh).
set -eu
. "$(dirname "$0")/rounds.sh"

cd "$(dirname "$0")"
COUNT=${COUNT:-8}
BENCHTIME=${BENCHTIME:-200ms}
BENCH=${BENCH:-'^BenchmarkTemplate'}
OUT=${OUT:-results/template.txt}

rounds "$@"

# Each library beside uri, one row per case; uri is the base column.
benchstat -col '/lib@(uri uri-append yosida95 uri-parse uri-once std)' -filter '.name:TemplateExpand .unit:(sec/op OR cpu-ns/op OR allocs/op)' "$OUT"
benchstat -col '/lib@(uri yosida95)' -filter '.name:TemplateMatch .unit:(sec/op OR cpu-ns/op OR allocs/op)' "$OUT"
benchstat -col '/lib@(uri yosida95-loop)' -filter '.name:TemplateRouter .unit:(sec/op OR cpu-ns/op OR allocs/op)' "$OUT"
