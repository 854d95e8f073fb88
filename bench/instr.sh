# Sourced by lintinstr.sh and editinstr.sh, from bench/ with PROG set to
# the program counted (a directory of bench/, whose function measure is
# what callgrind counts): checks for valgrind, builds PROG into $tmp
# (removed on exit), makes the four real lists the arguments when none are
# given, and defines callgrind, valgrind's callgrind run as the counts are
# made.
#
# The garbage collector is off (GOGC=off), so that the count is the work
# of the calls and comes out the same on every run (the collector's work
# depends on when it runs). GODEBUG=cpu.rdtscp=off: valgrind 3.19 does not
# know the RDTSCP instruction of the runtime's cputicks, which some hosts'
# CPUID offers (the runtime then uses RDTSC; cputicks only times lock
# spinning, so the counts are as they were on hosts without it).
DATA=${URI_BENCH_DATA:-../../shared/data/urls}
command -v valgrind >/dev/null || { echo "$PROG.sh: valgrind is not installed" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/$PROG" "./$PROG"
if [ $# -eq 0 ]; then
	set -- "$DATA/node_files.txt" "$DATA/isaacs_files.txt" "$DATA/kasztp.txt" "$DATA/userbait.txt"
fi

callgrind() {
	GOGC=off GOMAXPROCS=1 GODEBUG=asyncpreemptoff=1,cpu.rdtscp=off valgrind --tool=callgrind "$@"
}
