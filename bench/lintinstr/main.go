// Command lintinstr is the subject of lintinstr.sh, which counts under
// valgrind's callgrind the instructions that lint.Lint and net/url.Parse
// take on the clean lines of a URL list (those on which Lint finds
// nothing): the target of issue 11 in a measure that does not depend on
// the machine or on what else it runs. See BENCHMARKS.md, "Lint".
//
// Usage: lintinstr FILE lint|lintall|neturl|none
//
// It reads FILE, keeps the lines Lint finds nothing in, and calls the
// chosen function on each of them three times over in measure, which
// lintinstr.sh has callgrind count alone (none calls nothing: the loop's
// own cost; lintall is Lint with every reader of package readers in
// Options.Readers, issue 35's eight readers). With LINTINSTR_ALL=1 in the
// environment it keeps only the lines that Lint with every reader finds
// nothing in either, so that every mode runs on URLs clean to all eight.
// It prints the number of clean lines and a checksum.
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

// allReaders is Lint with every reader of package readers besides
// RFC 3986, net/url and the URL Standard.
var allReaders = func() lint.Options {
	rs, err := lint.ReadersNamed("all")
	if err != nil {
		panic(err)
	}
	return lint.Options{Readers: rs}
}()

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: lintinstr FILE lint|lintall|neturl|none")
		os.Exit(2)
	}
	f, err := os.Open(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	all := os.Getenv("LINTINSTR_ALL") == "1"
	var lines []string
	for sc.Scan() {
		if s := sc.Text(); len(lint.Lint(s)) == 0 && (!all || len(allReaders.Lint(s)) == 0) {
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
			case "lintall":
				n += len(allReaders.Lint(s))
			case "neturl":
				if u, err := url.Parse(s); err == nil {
					n += len(u.Host)
				}
			}
		}
	}
	return n
}
