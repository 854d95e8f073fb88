// Command readersinstr is the subject of readersinstr.sh, which counts
// under valgrind's callgrind the instructions that each reader of
// github.com/ferret-go/uri/readers and net/url.Parse take on every line of
// a URL list: issue 35's target (each emulation at most one net/url.Parse
// per URL) in a measure that does not depend on the machine or its load.
//
// Usage: readersinstr FILE READER|neturl|none
//
// It reads FILE and calls the chosen function on each line three times
// over in measure, which readersinstr.sh has callgrind count alone (none
// calls nothing: the loop's own cost). It prints the number of lines, a
// checksum, and the heap allocations per call (runtime.MemStats, outside
// measure's count).
package main

import (
	"bufio"
	"fmt"
	"net/url"
	"os"
	"runtime"

	"github.com/ferret-go/uri/readers"
)

// rounds is how many times measure goes over the lines.
const rounds = 3

func main() {
	if len(os.Args) != 3 || os.Args[1] == "--help" || os.Args[1] == "-h" {
		fmt.Fprintln(os.Stderr, "usage: readersinstr FILE READER|neturl|none")
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
	var read func(string) readers.Reading
	switch mode := os.Args[2]; mode {
	case "neturl", "none":
	default:
		r, ok := readers.ByName(mode)
		if !ok {
			fmt.Fprintln(os.Stderr, "readersinstr: no reader", mode)
			os.Exit(2)
		}
		read = r.Read
	}
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	sum := measure(lines, os.Args[2], read)
	runtime.ReadMemStats(&m1)
	fmt.Println(len(lines), sum, float64(m1.Mallocs-m0.Mallocs)/float64(rounds*len(lines)))
}

// measure calls mode's function on every line, rounds times. It is the
// function callgrind counts (--toggle-collect), so it is never inlined.
//
//go:noinline
func measure(lines []string, mode string, read func(string) readers.Reading) int {
	n := 0
	for range rounds {
		for _, s := range lines {
			switch {
			case read != nil:
				n += len(read(s).Host)
			case mode == "neturl":
				if u, err := url.Parse(s); err == nil {
					n += len(u.Host)
				}
			}
		}
	}
	return n
}
