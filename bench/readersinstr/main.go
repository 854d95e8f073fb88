// Command readersinstr is the subject of readersinstr.sh, which counts
// under valgrind's callgrind the instructions each reader of package
// readers takes per URL of a list, beside net/url.Parse: issue 35's target
// (each emulation at most one net/url.Parse) in a measure that does not
// depend on the machine or on what else it runs.
//
// Usage: readersinstr FILE READER|neturl|none
//
//	readersinstr -names    # the names of the readers, one a line
//
// It reads FILE's lines and calls the chosen function on each of them
// three times over in measure, which readersinstr.sh has callgrind count
// alone (none calls nothing: the loop's own cost). It prints the number of
// lines and a checksum.
package main

import (
	"bufio"
	"fmt"
	"net/url"
	"os"

	"github.com/ferret-go/uri/readers"
)

// rounds is how many times measure goes over the lines.
const rounds = 3

func main() {
	if len(os.Args) == 2 && os.Args[1] == "-names" {
		for _, r := range readers.All() {
			fmt.Println(r.Name)
		}
		return
	}
	if len(os.Args) != 3 || os.Args[1] == "--help" {
		fmt.Fprintln(os.Stderr, "usage: readersinstr FILE READER|neturl|none, or readersinstr -names")
		os.Exit(2)
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
	fmt.Println(len(lines), measure(lines, os.Args[2], read))
}

// measure calls the function on every line, rounds times. It is the
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
