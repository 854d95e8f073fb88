// Command pathlines writes lines of the pathological shapes of issue 11
// (the shapes of the main module's BenchmarkPathological, plus a long valid
// URL) for bench/longlines.sh: lines of -line bytes (about: a shape made of
// a repeated unit is cut to whole units) until -total bytes or more are
// written.
//
//	go run ./pathlines -shape pct -line 16384 -total 4194304 > pct.txt
//	go run ./pathlines -list
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/ferret-go/uri/internal/shapes"
)

// lineShapes make a line of about n bytes: BenchmarkPathological's shapes
// (internal/shapes), then these.
var lineShapes = append(shapes.Pathological(), []shapes.Shape{
	// Issue 34: a change every third, every second and every byte, which
	// made uri.Repair's list of changes 68 and 132 bytes a byte (cut to
	// end without a space, which a line reader would trim).
	{Name: "brace-a", Make: func(n int) string { return strings.Repeat("{a}", n/3) }},
	{Name: "a-space", Make: func(n int) string { return "http://h/" + strings.Repeat("a ", (n-9)/2) + "a" }},
	{Name: "pct-space", Make: func(n int) string { return "http://h/" + strings.Repeat(" %", (n-9)/2) }},
	// A host of many short non-ASCII labels, which IDNA maps.
	{Name: "idna-host", Make: shapes.IDNAHost},
	// A valid URL: segments of eight bytes, then a query.
	{Name: "url", Make: func(n int) string {
		p := "http://example.com" + strings.Repeat("/segment", (n-18)/2/8)
		return p + "?" + strings.Repeat("a=b&", (n-len(p)-1)/4)
	}},
}...)

func main() {
	shape := flag.String("shape", "", "the shape of the lines")
	line := flag.Int("line", 16<<10, "the length of a line, in bytes")
	total := flag.Int("total", 4<<20, "write whole lines until this many bytes are written")
	list := flag.Bool("list", false, "print the shapes' names")
	flag.Parse()
	if *list {
		for _, s := range lineShapes {
			fmt.Println(s.Name)
		}
		return
	}
	for _, s := range lineShapes {
		if s.Name != *shape {
			continue
		}
		l := s.Make(*line)
		w := bufio.NewWriter(os.Stdout)
		// Whole lines until total is reached: 2 lines of 4 MiB or 512
		// of 16 KiB for 8 MiB (stopping short of total made one line of
		// 4 MiB against 511 of 16 KiB, so that the long lines' time per
		// byte counted the start of the process twice).
		for n := 0; n < *total; n += len(l) + 1 {
			w.WriteString(l)
			w.WriteByte('\n')
		}
		if err := w.Flush(); err != nil {
			fmt.Fprintln(os.Stderr, "pathlines:", err)
			os.Exit(1)
		}
		return
	}
	fmt.Fprintf(os.Stderr, "pathlines: unknown shape %q (see -list)\n", *shape)
	os.Exit(2)
}
