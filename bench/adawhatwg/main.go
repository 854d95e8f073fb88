// Command adawhatwg is the Go half of bench/ada.sh: whatwg.Parse over the
// lines of a file, timed in CPU time or run once for callgrind to count.
// bench/ada/parse.cc is the C++ half (ada::parse<ada::url_aggregator>) and
// takes the same arguments and prints the same line.
//
// Usage:
//
//	adawhatwg FILE time MS   parses every line, over and over, for at least MS
//	                         milliseconds of CPU time (the process's, the
//	                         garbage collector's included) after one warm-up
//	                         pass, and prints "ns/URL passes accepted allocs/URL"
//	adawhatwg FILE count N   parses every line N times in measure (ada.sh
//	                         counts its instructions, N = 1 and more, under callgrind)
//	                         and prints "lines accepted checksum"
//	adawhatwg FILE none N    the same loop with no parse: its own cost
//
// The lines are read whole first; "\n" ends a line and a "\r" before it is
// dropped (bufio.Scanner).
package main

import (
	"bufio"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"syscall"

	"github.com/ferret-go/uri/whatwg"
)

// init locks the main goroutine to the main thread from the start, so
// that ada.sh can count that thread alone under callgrind
// (--separate-threads=yes): the Go runtime's other threads (sysmon) do
// work that changes from run to run.
func init() { runtime.LockOSThread() }

func main() {
	if len(os.Args) != 4 || (os.Args[2] != "time" && os.Args[2] != "count" && os.Args[2] != "none") {
		fmt.Fprintln(os.Stderr, "usage: adawhatwg FILE time MS | FILE count N | FILE none N")
		os.Exit(2)
	}
	f, err := os.Open(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var lines []string
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	arg, err := strconv.Atoi(os.Args[3])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	sum := 0
	if os.Args[2] == "time" {
		ok := pass(lines, &sum) // warm-up
		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		budget, start := float64(arg)*1e6, cpuNS()
		spent, passes := 0.0, 0
		for spent < budget {
			pass(lines, &sum)
			passes++
			spent = cpuNS() - start
		}
		runtime.ReadMemStats(&m1)
		n := float64(passes) * float64(len(lines))
		fmt.Printf("%.2f %d %d %.4f\n", spent/n, passes, ok, float64(m1.Mallocs-m0.Mallocs)/n)
		return
	}
	ok := measure(lines, arg, os.Args[2] == "count", &sum)
	if arg > 0 {
		ok /= arg
	}
	fmt.Println(len(lines), ok, sum)
}

// cpuNS is the CPU time of the process so far, user and system.
func cpuNS() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		panic(err)
	}
	return float64(ru.Utime.Nano() + ru.Stime.Nano())
}

// pass parses every line once; it returns how many parse and adds the
// length of each href to sum, so that the work cannot be left out.
func pass(lines []string, sum *int) int {
	ok := 0
	for _, s := range lines {
		if u, err := whatwg.Parse(s); err == nil {
			ok++
			*sum += len(u.Href())
		}
	}
	return ok
}

// measure runs n passes (ada.sh counts the program under callgrind with 1 and more),
// or with parse false the loop alone.
//
//go:noinline
func measure(lines []string, n int, parse bool, sum *int) int {
	ok := 0
	for range n {
		if parse {
			ok += pass(lines, sum)
		} else {
			for _, s := range lines {
				*sum += len(s)
			}
		}
	}
	return ok
}
