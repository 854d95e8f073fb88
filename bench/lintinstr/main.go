// Command lintinstr is the subject of lintinstr.sh, which counts under
// valgrind's callgrind the instructions that lint.Lint and net/url.Parse
// take on the clean lines of a URL list (those on which Lint finds
// nothing): the target of issue 11 in a measure that does not depend on
// the machine or on what else it runs. See BENCHMARKS.md, "Lint".
//
// Usage: lintinstr FILE lint|neturl|none
//
// It reads FILE, keeps the lines Lint finds nothing in, and calls the
// chosen function on each of them three times over in measure, which
// lintinstr.sh has callgrind count alone (none calls nothing: the loop's
// own cost). It prints the number of clean lines and a checksum.
package main

import (
	"bufio"
	"fmt"
	"net/url"
	"os"

	"github.com/ferret-go/uri/lint"
)

// rounds is how many times measure goes over the lines.
const rounds = 3

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: lintinstr FILE lint|neturl|none")
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
		if s := sc.Text(); len(lint.Lint(s)) == 0 {
			lines = append(lines, s)
		}
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Println(len(lines), measure(lines, os.Args[2]))
}

// measure calls mode's function on every line, rounds times. It is the
// function callgrind counts (--toggle-collect), so it is never inlined.
//
//go:noinline
func measure(lines []string, mode string) int {
	n := 0
	for range rounds {
		for _, s := range lines {
			switch mode {
			case "lint":
				n += len(lint.Lint(s))
			case "neturl":
				if u, err := url.Parse(s); err == nil {
					n += len(u.Host)
				}
			}
		}
	}
	return n
}
