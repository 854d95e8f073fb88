// Command editinstr is the subject of editinstr.sh, which counts under
// valgrind's callgrind the instructions that uri and net/url take for each
// edit and build of internal/editops (the ops of BenchmarkEdit and
// BenchmarkBuilder) on the lines of a URL list: issue 33's comparison in a
// measure that does not depend on the machine or on what else it runs.
//
// Usage:
//
//	editinstr -ops                                 # the ops, one a line
//	editinstr [-rounds N] FILE [OP uri|neturl|none]...
//
// It loads FILE as the benchmarks do (editops.Load) and, for each OP and
// library given, does the op with that library on each of the op's URLs,
// N times over (default 1), in one call of measure (none does nothing: the
// loop's own cost). Without OPs it does every op with none, uri and
// neturl, in that order, so that editinstr.sh loads a list once and has
// callgrind count each call of measure apart (--toggle-collect and
// --dump-after). It prints a line per call: op, library, URLs, checksum.
package main

import (
	"flag"
	"fmt"
	"os"
	"slices"

	"github.com/ferret-go/uri/bench/internal/editops"
)

func main() {
	ops := slices.Concat(editops.Edits, editops.Builds)
	list := flag.Bool("ops", false, "list the ops")
	rounds := flag.Int("rounds", 1, "how many times measure goes over the URLs")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: editinstr -ops | editinstr [-rounds N] FILE [OP uri|neturl|none]...")
		os.Exit(2)
	}
	flag.Parse()
	if *list {
		for _, op := range ops {
			fmt.Println(op.Name)
		}
		return
	}
	args := flag.Args()
	if len(args)%2 != 1 || *rounds < 1 {
		flag.Usage()
	}
	type call struct {
		op  *editops.Op
		lib string
	}
	var calls []call
	for i := 1; i < len(args); i += 2 {
		j := slices.IndexFunc(ops, func(op editops.Op) bool { return op.Name == args[i] })
		if j < 0 {
			fmt.Fprintf(os.Stderr, "editinstr: no op %q (editinstr -ops lists them)\n", args[i])
			os.Exit(2)
		}
		if lib := args[i+1]; lib != "uri" && lib != "neturl" && lib != "none" {
			fmt.Fprintf(os.Stderr, "editinstr: no library %q\n", lib)
			os.Exit(2)
		}
		calls = append(calls, call{&ops[j], args[i+1]})
	}
	if len(args) == 1 {
		for i := range ops {
			for _, lib := range []string{"none", "uri", "neturl"} {
				calls = append(calls, call{&ops[i], lib})
			}
		}
	}
	l, err := editops.Load(args[0])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for _, c := range calls {
		us := l.For(c.op)
		fmt.Println(c.op.Name, c.lib, len(us), measure(us, c.op, c.lib, *rounds))
	}
}

// measure does op with lib on every URL of us, rounds times, and returns
// the total length of the results. It is the function callgrind counts
// (--toggle-collect), so it is never inlined.
//
//go:noinline
func measure(us []editops.URL, op *editops.Op, lib string, rounds int) int {
	n := 0
	for range rounds {
		switch lib {
		case "uri":
			for i := range us {
				v, err := op.URI(&us[i])
				if err != nil {
					panic(err)
				}
				n += len(v.String())
			}
		case "neturl":
			for i := range us {
				n += len(op.NetURL(&us[i]))
			}
		default:
			for i := range us {
				n += i & 1
			}
		}
	}
	return n
}
