// Command repairmem repairs each line of standard input once and prints,
// per line, the bytes the call allocated (runtime.MemStats.TotalAlloc) per
// input byte and its wall time, for bench/repairmem.sh:
//
//	go run ./pathlines -shape brace-a -line 16777216 -total 1 | go run ./repairmem -fn uri
//
// -fn uri is uri.Repair (RFC 3986's reading); -fn whatwg is whatwg.Repair
// (the destination kept), absent from checkouts older than issue 34 (build
// tag base).
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"runtime"
	"time"

	"github.com/ferret-go/uri"
)

// repairs are the functions measured, by name.
var repairs = map[string]func(string) error{
	"uri": func(s string) error { _, _, err := uri.Repair(s); return err },
}

func main() {
	fn := flag.String("fn", "uri", "the repair to measure: uri or whatwg")
	flag.Parse()
	repair, ok := repairs[*fn]
	if !ok {
		fmt.Fprintln(os.Stderr, "repairmem: no function", *fn)
		os.Exit(2)
	}
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 0, 1<<20), 1<<30)
	for sc.Scan() {
		line := sc.Text()
		var m0, m1 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m0)
		start := time.Now()
		err := repair(line)
		wall := time.Since(start)
		runtime.ReadMemStats(&m1)
		fmt.Printf("%d %.2f %.3f %v\n", len(line), float64(m1.TotalAlloc-m0.TotalAlloc)/float64(len(line)), wall.Seconds(), err == nil)
	}
}
