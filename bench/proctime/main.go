// Command proctime runs a command and writes, to the file given by -o, one
// line with its wall time, user and system CPU time in seconds and its peak
// resident set size in KiB (Linux's unit), as "/usr/bin/time -f '%e %U %S %M'" does but to
// the microsecond: the kernel's resource usage of the child (getrusage),
// where GNU time prints hundredths, too coarse for runs of a tenth of a
// second. Standard input, output and error are the command's.
//
//	proctime -o times.txt uri parse --json <urls.txt >/dev/null
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"syscall"
	"time"
)

func main() {
	out := flag.String("o", "", "the `file` to append the line to (default: standard error)")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: proctime [-o file] command [arg...]")
		os.Exit(2)
	}
	cmd := exec.Command(flag.Arg(0), flag.Args()[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if cmd.ProcessState == nil {
		fmt.Fprintln(os.Stderr, "proctime:", err)
		os.Exit(1)
	}
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		fmt.Fprintln(os.Stderr, "proctime: no resource usage on this system")
		os.Exit(1)
	}
	sec := func(t syscall.Timeval) float64 { return float64(t.Sec) + float64(t.Usec)/1e6 }
	line := fmt.Sprintf("%.4f %.4f %.4f %d\n", wall.Seconds(), sec(ru.Utime), sec(ru.Stime), ru.Maxrss)
	w := os.Stderr
	if *out != "" {
		f, err := os.OpenFile(*out, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
		if err != nil {
			fmt.Fprintln(os.Stderr, "proctime:", err)
			os.Exit(1)
		}
		w = f
	}
	w.WriteString(line)
	w.Close()
	os.Exit(cmd.ProcessState.ExitCode())
}
