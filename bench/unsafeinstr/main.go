// Command unsafeinstr is the subject of unsafeinstr.sh, which counts under
// valgrind's callgrind the instructions per line of the library calls whose
// code uses package unsafe (issue 33, item 5: unsafe only where a measured
// win needs it), so that a build with the unsafe and one without it can be
// compared in a measure that does not depend on the machine's load.
//
// Usage:
//
//	unsafeinstr -ops                  # the ops, one a line
//	unsafeinstr [-op OP] FILE...      # every op, or OP, on the FILEs' lines
//
// It loads the lines of the FILEs and calls measure once for each op (none
// first: the loop's own cost), which callgrind counts (--toggle-collect;
// unsafeinstr.sh runs one op a process). It prints a line per call: op,
// the number of inputs the op was given, checksum.
package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"

	"github.com/ferret-go/uri"
	"github.com/ferret-go/uri/safebrowsing"
	"github.com/ferret-go/uri/surt"
	"github.com/ferret-go/uri/whatwg"
)

// ops are what measure does with each input; their inputs come from the
// lines by inputs.
var ops = []string{"none", "surt", "sbparse", "sbhash", "whatwg", "escape-path", "escape-querypart", "escape-short", "escape-utf8", "escape-spaces"}

func main() {
	if len(os.Args) == 2 && os.Args[1] == "-ops" {
		for _, op := range ops {
			fmt.Println(op)
		}
		return
	}
	args, only := os.Args[1:], ""
	if len(args) >= 2 && args[0] == "-op" {
		only, args = args[1], args[2:]
	}
	if len(args) < 1 {
		fmt.Fprintln(os.Stderr, "usage: unsafeinstr -ops | unsafeinstr [-op OP] FILE...")
		os.Exit(2)
	}
	var lines []string
	for _, name := range args {
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			lines = append(lines, sc.Text())
		}
		f.Close()
	}
	for _, op := range ops {
		if only != "" && op != only {
			continue
		}
		in := inputs(op, lines)
		fmt.Println(op, len(in), measure(op, in))
	}
}

// inputs returns op's inputs: the lines, but for sbhash the Safe Browsing
// expressions of each line (the strings HashExpression is given) and for
// escape-short each line's first 16 bytes, short enough for Escape's
// small-buffer path; escape-utf8 and escape-spaces are the texts of the
// figures in escape.go's comments, one for every 64 lines: 256 bytes of
// UTF-8 text (EscapePath) and 4 KiB with a space in six bytes
// (EscapeQueryPart).
func inputs(op string, lines []string) []string {
	switch op {
	case "sbhash":
		var es []string
		for _, l := range lines {
			if u, err := safebrowsing.Parse(l); err == nil {
				for e := range u.Expressions() {
					es = append(es, e)
				}
			}
		}
		return es
	case "escape-utf8", "escape-spaces":
		t := strings.Repeat("caf\u00e9-cr\u00e8me/\u65e5\u672c\u8a9e \u30d3\u30c7\u30aa", 8)[:256]
		if op == "escape-spaces" {
			t = strings.Repeat("abcde ", 700)[:4096]
		}
		s := make([]string, len(lines)/64)
		for i := range s {
			s[i] = t
		}
		return s
	case "escape-short":
		s := make([]string, len(lines))
		for i, l := range lines {
			s[i] = l[:min(len(l), 16)]
		}
		return s
	}
	return lines
}

// measure does op on every input and returns a checksum of the results.
// It is the function callgrind counts (--toggle-collect), so it is never
// inlined.
//
//go:noinline
func measure(op string, in []string) int {
	n := 0
	switch op {
	case "none":
		for i := range in {
			n += len(in[i]) & 1
		}
	case "surt":
		var buf []byte
		for _, s := range in {
			var err error
			if buf, err = (surt.Options{}).AppendKey(buf[:0], s); err == nil {
				n += len(buf)
			}
		}
	case "sbparse":
		for _, s := range in {
			if u, err := safebrowsing.Parse(s); err == nil {
				n += len(u.String())
			}
		}
	case "sbhash":
		for _, s := range in {
			h := safebrowsing.HashExpression(s)
			n += int(h[0])
		}
	case "whatwg":
		for _, s := range in {
			if u, err := whatwg.Parse(s); err == nil {
				n += len(u.Href())
			}
		}
	case "escape-path":
		for _, s := range in {
			n += len(uri.Escape(s, uri.EscapePath))
		}
	case "escape-querypart":
		for _, s := range in {
			n += len(uri.Escape(s, uri.EscapeQueryPart))
		}
	case "escape-short":
		for _, s := range in {
			n += len(uri.Escape(s, uri.EscapeSegment))
		}
	case "escape-utf8":
		for _, s := range in {
			n += len(uri.Escape(s, uri.EscapePath))
		}
	case "escape-spaces":
		for _, s := range in {
			n += len(uri.Escape(s, uri.EscapeQueryPart))
		}
	}
	return n
}
