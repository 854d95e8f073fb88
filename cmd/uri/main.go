package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
)

// A command is the record of one subcommand, in the manner of the Go
// command's base.Command: everything about it that is not its run is data, so
// that dispatch, the usage's list, its --help and the tests that hold the
// documentation to it all read the same record.
type command struct {
	name     string      // the word after "uri"
	synopsis string      // the usage line after "uri <name>", as in "[--json] [input...]"
	summary  string      // one line for the usage's list: lower case, no period
	help     string      // what --help prints between the usage line and the flags
	shared   sharedFlags // the shared flags it takes (--json, --rule, --flags)
	fixed    int         // how many arguments come before the inputs (BASE, TEMPLATE)

	// verbs, for a command whose first input is a verb ("uri template
	// match --json T"): the verbs, in the order
	// the usage names them. The command line's verb is then l.verb, and
	// its fixed arguments those of the verb.
	verbs []verb

	// run runs the command on its parsed command line and returns the exit
	// status. A command with flags of its own has flags instead: it defines
	// them on fs and returns the run bound to their values, so that each
	// run of the program gets fresh values.
	run   runFunc
	flags func(fs *flag.FlagSet) runFunc
}

// runFunc runs a command once its flags are parsed.
type runFunc func(e *env, l *cmdLine) int

// verb is one of a command's verbs: its name and how many arguments come
// before its inputs.
type verb struct {
	name  string
	fixed int
}

// commands is the table of subcommands, in the order the usage lists them.
// Adding a subcommand is a file with its record and a line here.
var commands = []*command{
	cmdParse,
	cmdCheck,
	cmdResolve,
	cmdRelative,
	cmdNormalize,
	cmdEqual,
	cmdToURI,
	cmdToIRI,
	cmdRepair,
	cmdCompare,
	cmdExtract,
	cmdKey,
	cmdSite,
	cmdTemplate,
	cmdLint,
	cmdGuard,
	cmdServe,
	cmdEdit,
	cmdGet,
	cmdCompletion,
	cmdMan,
	cmdFilePath,
	cmdFromPath,
	cmdData,
	cmdMailto,
	cmdURN,
}

// lookup returns the command called name, or nil.
func lookup(name string) *command {
	for _, c := range commands {
		if c.name == name {
			return c
		}
	}
	return nil
}

// Exit statuses.
const (
	exitOK       = 0 // every input was valid
	exitRejected = 1 // an input was rejected, or reading or writing failed
	exitUsage    = 2 // the command line was wrong
)

func main() {
	e := newEnv(os.Stdin, os.Stdout, os.Stderr, detectTerminal(os.Stdin, os.Stdout, os.Stderr))
	e.process = true
	os.Exit(e.finish(e.dispatch(os.Args[1:])))
}

// run runs the command with args (without the program name) and returns the
// exit status. Output is buffered and flushed before run returns.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return runTerm(args, stdin, stdout, stderr, detectTerminal(stdin, stdout, stderr))
}

// runTerm is run with what is known of the terminal given, for the tests.
func runTerm(args []string, stdin io.Reader, stdout, stderr io.Writer, term terminal) int {
	e := newEnv(stdin, stdout, stderr, term)
	return e.finish(e.dispatch(args))
}

// newEnv returns the env of a run with these files and terminal.
func newEnv(stdin io.Reader, stdout, stderr io.Writer, term terminal) *env {
	e := &env{stdin: stdin, stdinTTY: term.stdin}
	e.term = term
	e.progress.on = term.stderr && !term.stdin
	e.outw.w, e.errw.w = stdout, stderr
	e.out = bufio.NewWriterSize(&e.outw, 64<<10)
	e.err = bufio.NewWriterSize(&e.errw, 4<<10)
	return e
}

// env is what a subcommand runs with: its input and the sink of its output.
// One env serves one run.
type env struct {
	stdin io.Reader
	sink
	lines    lineReader // standard input, when inputs come from it
	maxLine  int        // --max-line: 0, or the longest line accepted
	cut      int        // lines rejected for being longer than maxLine
	jobsFlag int        // -j: 0 for the default, or how many workers
	stdinTTY bool       // standard input is a terminal
	process  bool       // the run is the process (main), not a test's call

	// In a worker of a parallel run: the run's pipeline, and where output
	// goes while no chunk is being run.
	par  *pipeline
	long <-chan *chunk // in the first worker, the pipeline's long lines (see alone)
	pre  struct{ out, err bytes.Buffer }
	// ownOut is a worker's own standard output, which out is between
	// chunks (parallel.go).
	ownOut *bufio.Writer
}

func (e *env) dispatch(args []string) int {
	if len(args) == 0 {
		writeUsage(e.err)
		return exitUsage
	}
	name := args[0]
	switch name {
	case "-h", "-help", "--help":
		writeUsage(e.out)
		return exitOK
	case "-version", "--version":
		writeVersion(e.out)
		return exitOK
	case "help":
		if len(args) > 2 {
			fmt.Fprintln(e.err, "uri: help takes at most one command name")
			writeUsage(e.err)
			return exitUsage
		}
		if len(args) == 1 {
			writeUsage(e.out)
			return exitOK
		}
		switch name = args[1]; name {
		case "help", "-h", "-help", "--help":
			writeUsage(e.out)
			return exitOK
		}
		if c := lookup(name); c != nil {
			c.writeHelp(e.out, c.newCmdLine(e).fs)
			return exitOK
		}
	default:
		if c := lookup(name); c != nil {
			return c.invoke(e, args[1:])
		}
	}
	fmt.Fprintf(e.err, "uri: unknown command %+q\n\n", name)
	writeUsage(e.err)
	return exitUsage
}

// writeUsage writes the program's usage to w.
func writeUsage(w *bufio.Writer) {
	w.WriteString(`Usage: uri <command> [flags] [input...]

Uri parses and checks URI references as RFC 3986 defines them. Every command
takes its inputs as arguments or, when there are none, reads standard input,
one input per line. Flags may come before, between or after the inputs; "--"
ends the flags, so an input that begins with "-" must follow it.

Commands:
`)
	writeCommandList(w, "  ")
	w.WriteString(`
Run "uri <command> --help" or "uri help <command>" for a command's flags,
output and examples, and "uri --version" for the version.
Exit status: 0 when every input was valid, 1 when any was rejected, 2 on a
usage error.
`)
}

// writeCommandList writes a line per command, its name and summary in
// columns, each line after indent. doc.go holds the same list.
func writeCommandList(w *bufio.Writer, indent string) {
	width := 0
	for _, c := range commands {
		width = max(width, len(c.name))
	}
	for _, c := range commands {
		fmt.Fprintf(w, "%s%-*s  %s\n", indent, width, c.name, c.summary)
	}
}

// invoke parses the command line args of c and runs c. --help prints the
// help on standard output; a wrong flag is a usage error.
func (c *command) invoke(e *env, args []string) int {
	l := c.newCmdLine(e)
	if code, ok := l.parseFlags(args); !ok {
		return code
	}
	if c.verbs != nil {
		if code, ok := l.parseVerb(); !ok {
			return code
		}
	}
	if e.jobsFlag < 0 || e.maxLine < 0 {
		return l.usageError("-j and --max-line take a number from 0 up")
	}
	n := e.jobs(c, l)
	if n > 1 {
		return e.runParallel(l, n)
	}
	if e.process && c.shared&flagStream != 0 {
		// One worker, one processor. With a second one idle, the garbage
		// collector's worker there spins, sending preemption signals,
		// while it waits to stop a worker that is copying a long line
		// into fresh memory (runtime.memmove cannot be stopped, and each
		// 4 KiB page it touches faults): check --json -j 1 on 4 MiB lines
		// took 0.24 s with two, 0.10 s with one (0.038 s on the same bytes
		// in 16 KiB lines, which are the same either way).
		runtime.GOMAXPROCS(1)
	}
	return l.run(e, l)
}

// parseFlags parses the flags of args and sets l.args to the inputs (and
// the verb and fixed arguments before them). As GNU tools and trurl take
// them, flags may come anywhere, before, between or after the inputs, and
// "--" ends them: every argument after it is an input, even one that begins
// with "-". When it returns false, the help or a usage error is written and
// code is the exit status.
func (l *cmdLine) parseFlags(args []string) (code int, ok bool) {
	flags, inputs := l.splitFlags(args)
	err := l.fs.Parse(flags)
	switch {
	case errors.Is(err, flag.ErrHelp):
		l.cmd.writeHelp(l.e.out, l.fs)
		return exitOK, false
	case err != nil:
		// The flag package has written what was wrong.
		l.shortUsage()
		return exitUsage, false
	}
	l.args = inputs
	return exitOK, true
}

// splitFlags sorts args into the flags with their values, in order, and the
// other arguments, in order. An argument is a flag when it begins with "-"
// and is not "-" alone (standard input, for extract) and comes before a "--";
// a flag that takes a value and has no "=" takes the next argument as its
// value whatever it is, as the flag package does ("--set path=-x",
// "--rule -x"). A flag that is not defined stays among the flags, for the
// flag package to report.
func (l *cmdLine) splitFlags(args []string) (flags, inputs []string) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return flags, append(inputs, args[i+1:]...)
		}
		if len(a) < 2 || a[0] != '-' {
			inputs = append(inputs, a)
			continue
		}
		flags = append(flags, a)
		name := a[1:]
		if name[0] == '-' {
			name = name[1:]
		}
		if strings.Contains(name, "=") {
			continue
		}
		f := l.fs.Lookup(name)
		if f == nil || isBoolFlag(f) || i+1 == len(args) {
			continue
		}
		i++
		flags = append(flags, args[i])
	}
	return flags, inputs
}

// isBoolFlag reports whether f takes no value, as the flag package decides.
func isBoolFlag(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// parseVerb takes the verb, the first argument, of a command that has
// verbs. The flags, before or after it, are already parsed.
func (l *cmdLine) parseVerb() (code int, ok bool) {
	var names []string
	for _, v := range l.cmd.verbs {
		names = append(names, v.name)
	}
	want := strings.Join(names, " or ")
	if len(l.args) == 0 {
		return l.usageError("missing " + want), false
	}
	for _, v := range l.cmd.verbs {
		if v.name == l.args[0] {
			l.verb, l.fixed = v.name, v.fixed
			l.args = l.args[1:]
			return exitOK, true
		}
	}
	return l.usageError(fmt.Sprintf("unknown %s command %+q: want %s", l.cmd.name, l.args[0], want)), false
}

// usageLine returns the command's usage line: "uri name synopsis".
func (c *command) usageLine() string {
	return strings.TrimSpace("uri " + c.name + " " + c.synopsis)
}

// jsonInputNote ends the help of every command that writes the JSON object
// of each input (sink.beginJSON): the one place that says what "input" and
// "input_b64" hold.
const jsonInputNote = `
With --json, "input" is the input as a JSON string, where a byte that is not
part of valid UTF-8 becomes U+FFFD; the object of such an input also has
"input_b64", the input's exact bytes in base64 (RFC 4648, section 4).
`

// helpText returns what the help of c says between its usage line and its
// flags: its record's help, and for a command that writes an object per
// input (it reads lines: flagStream, and has --json), jsonInputNote.
func (c *command) helpText() string {
	if c.shared&(flagJSON|flagStream) == flagJSON|flagStream {
		return c.help + jsonInputNote
	}
	return c.help
}

// writeHelp writes the help of c, whose flags are defined on fs, to w.
func (c *command) writeHelp(w *bufio.Writer, fs *flag.FlagSet) {
	fmt.Fprintf(w, "Usage: %s\n\n%s", c.usageLine(), c.helpText())
	w.WriteString("\nFlags:\n")
	fs.VisitAll(func(fl *flag.Flag) {
		name, text := flag.UnquoteUsage(fl)
		w.WriteString("  ")
		w.WriteString(flagInfo{name: fl.Name}.dashes()) // -j, --json
		if name != "" {
			w.WriteString(" " + name)
		}
		w.WriteString("\n      ")
		w.WriteString(strings.ReplaceAll(text, "\n", "\n      "))
		w.WriteByte('\n')
	})
	w.WriteString(`  --help, -h
      print this help

Flags may come before, between or after the inputs. "--" ends the flags:
every argument after it is an input, so an input that begins with "-" must
follow "--".
`)
}
