package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/ferret-go/uri"
)

// A subcommand is one entry of the command's table. run gets the arguments
// that follow the subcommand's name and returns the exit status.
type subcommand struct {
	name    string
	summary string // one line for the command's usage
	run     func(e *env, args []string) int
}

// subcommands lists the subcommands in the order the usage shows them.
// Adding one is a file with its run function and a line here. A run function
// usually reads (see check.go):
//
//	f := e.newFlags(name, synopsis, help) // then f.Bool("json", ...), f.ruleFlag()
//	inputs, code, ok := f.parse(args)     // handles --help and usage errors
//	if !ok {
//		return code
//	}
//	return e.eachInput(inputs, func(in string) bool { ... })
//
// and writes each input's result with beginJSON/endJSON (writeRejectedJSON
// for a rejected input) or, for a person, beginBlock and writeRejectedText.
var subcommands = []subcommand{
	{"parse", "show the components of URI references", runParse},
	{"check", "report the inputs that are not valid URI references", runCheck},
	{"resolve", "resolve references against a base URI", runResolve},
	{"relative", "make the shortest references to targets from a base URI", runRelative},
	{"normalize", "print the normal form of URI references", runNormalize},
	{"equal", "tell whether two URI references are equivalent", runEqual},
}

// Exit statuses.
const (
	exitOK       = 0 // every input was valid
	exitRejected = 1 // an input was rejected, or reading or writing failed
	exitUsage    = 2 // the command line was wrong
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run runs the command with args (without the program name) and returns the
// exit status. Output is buffered and flushed before run returns.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{stdin: stdin}
	e.outw.w, e.errw.w = stdout, stderr
	e.out = bufio.NewWriterSize(&e.outw, 64<<10)
	e.err = bufio.NewWriterSize(&e.errw, 4<<10)
	return e.finish(e.dispatch(args))
}

// env is what a subcommand runs with: its input, its buffered outputs and
// buffers reused from one input to the next. One env serves one run.
type env struct {
	stdin    io.Reader
	out, err *bufio.Writer // standard output and standard error
	outw     stickyWriter  // under out: remembers a write error
	errw     stickyWriter  // under err
	json     jsonLine      // the JSON line being built
	text     []byte        // a human-readable line or block being built
	blocks   int           // human-readable blocks written so far
	lines    lineReader    // standard input, when inputs come from it
}

// stickyWriter passes writes on and remembers the first error, so that the
// input loop can stop once output is failing.
type stickyWriter struct {
	w   io.Writer
	err error
}

func (s *stickyWriter) Write(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	n, err := s.w.Write(p)
	s.err = err
	return n, err
}

// failed reports whether writing to standard output or error has failed.
func (e *env) failed() bool { return e.outw.err != nil || e.errw.err != nil }

// finish flushes the outputs. A write error is reported on standard error
// (if that still works) and fails the run.
func (e *env) finish(code int) int {
	if err := e.out.Flush(); err != nil {
		fmt.Fprintf(e.err, "uri: writing standard output: %v\n", err)
	}
	e.err.Flush()
	if e.failed() && code == exitOK {
		code = exitRejected
	}
	return code
}

func (e *env) dispatch(args []string) int {
	if len(args) == 0 {
		writeUsage(e.err)
		return exitUsage
	}
	switch name := args[0]; name {
	case "-h", "-help", "--help":
		writeUsage(e.out)
		return exitOK
	case "help":
		switch len(args) {
		case 1:
			writeUsage(e.out)
			return exitOK
		case 2:
			if args[1] != "help" {
				return e.dispatch([]string{args[1], "--help"})
			}
			writeUsage(e.out)
			return exitOK
		}
		fmt.Fprintln(e.err, "uri: help takes at most one command name")
		writeUsage(e.err)
		return exitUsage
	}
	for _, c := range subcommands {
		if c.name == args[0] {
			return c.run(e, args[1:])
		}
	}
	fmt.Fprintf(e.err, "uri: unknown command %+q\n\n", args[0])
	writeUsage(e.err)
	return exitUsage
}

// writeUsage writes the command's usage to w.
func writeUsage(w *bufio.Writer) {
	w.WriteString(`Usage: uri <command> [flags] [input...]

Uri parses and checks URI references as RFC 3986 defines them. Every command
takes its inputs as arguments or, when there are none, reads standard input,
one input per line.

Commands:
`)
	width := 0
	for _, c := range subcommands {
		width = max(width, len(c.name))
	}
	for _, c := range subcommands {
		fmt.Fprintf(w, "  %-*s  %s\n", width, c.name, c.summary)
	}
	w.WriteString(`
Run "uri <command> --help" for a command's flags and output.
Exit status: 0 when every input was valid, 1 when any was rejected, 2 on a
usage error.
`)
}

// flagSet is a subcommand's flags together with the text of its --help.
type flagSet struct {
	*flag.FlagSet
	e        *env
	synopsis string // the arguments, as in "[--json] [input...]"
	help     string // what the subcommand does and prints
}

// newFlags starts the flags of the subcommand name. help is printed under the
// synopsis by --help and after a usage error; the flags are listed after it.
func (e *env) newFlags(name, synopsis, help string) *flagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(e.err) // the flag package's own error messages
	fs.Usage = func() {}
	return &flagSet{FlagSet: fs, e: e, synopsis: synopsis, help: help}
}

// parse parses the flags in args. If ok is false the subcommand must return
// code at once: --help was asked for (0) or the flags were wrong (2).
func (f *flagSet) parse(args []string) (inputs []string, code int, ok bool) {
	err := f.Parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		f.usage(f.e.out)
		return nil, exitOK, false
	case err != nil:
		// The flag package has written what was wrong.
		f.shortUsage()
		return nil, exitUsage, false
	}
	return f.Args(), exitOK, true
}

// usageError reports a wrong command line that the flag package cannot see,
// such as a missing argument, and returns the usage exit status.
func (f *flagSet) usageError(msg string) int {
	fmt.Fprintf(f.e.err, "uri %s: %s\n", f.Name(), msg)
	f.shortUsage()
	return exitUsage
}

// shortUsage writes the synopsis on standard error, after a usage error.
func (f *flagSet) shortUsage() {
	fmt.Fprintf(f.e.err, "Usage: uri %s %s\nRun \"uri %[1]s --help\" for more.\n", f.Name(), f.synopsis)
}

// usage writes the subcommand's usage to w.
func (f *flagSet) usage(w *bufio.Writer) {
	fmt.Fprintf(w, "Usage: uri %s %s\n\n%s", f.Name(), f.synopsis, f.help)
	w.WriteString("\nFlags:\n")
	f.VisitAll(func(fl *flag.Flag) {
		name, text := flag.UnquoteUsage(fl)
		w.WriteString("  --")
		w.WriteString(fl.Name)
		if name != "" {
			w.WriteString(" " + name)
		}
		w.WriteString("\n      ")
		w.WriteString(strings.ReplaceAll(text, "\n", "\n      "))
		w.WriteByte('\n')
	})
	w.WriteString(`  --help, -h
      print this help

Inputs that begin with "-" must follow "--", which ends the flags.
`)
}

// ruleFlag is the value of --rule: which production of RFC 3986 an input
// must match.
type ruleFlag struct {
	name  string
	parse func(string) (uri.URI, error)
}

var rules = []ruleFlag{
	{"reference", uri.Parse},        // URI-reference, section 4.1
	{"uri", uri.ParseURI},           // URI, section 3
	{"absolute", uri.ParseAbsolute}, // absolute-URI, section 4.3
	{"relative", uri.ParseRelative}, // relative-ref, section 4.2
}

func (r *ruleFlag) String() string { return r.name }

func (r *ruleFlag) Set(s string) error {
	for _, v := range rules {
		if v.name == s {
			*r = v
			return nil
		}
	}
	return errors.New("must be reference, uri, absolute or relative")
}

// ruleFlag defines --rule, whose default is "reference" (uri.Parse).
func (f *flagSet) ruleFlag() *ruleFlag {
	r := rules[0]
	f.Var(&r, "rule", "the `rule` inputs must match (RFC 3986):\n"+
		"reference  URI-reference, a URI or a relative reference (section 4.1)\n"+
		"uri        URI: a scheme is required (section 3)\n"+
		"absolute   absolute-URI: a scheme and no fragment (section 4.3)\n"+
		"relative   relative-ref: no scheme (section 4.2)")
	return &r
}
