package main

import (
	"errors"
	"flag"
	"fmt"

	"github.com/ferret-go/uri"
)

// sharedFlags is a set of the flags that several commands take. Each is
// defined once, below, with its help; a command's record names the ones it
// takes.
type sharedFlags uint16

const (
	flagJSON      sharedFlags = 1 << iota // --json: the output as JSON lines
	flagRule                              // --rule: the RFC 3986 rule inputs must match
	flagNormalize                         // --flags: normalizations beyond the RFC's
	flagZone                              // --zone: accept IPv6 zone identifiers
	flagIDNA                              // --idna: the IDNA profile for non-ASCII hosts
	// flagStream: --max-line and -j. The command reads lines and each
	// line's output depends on that line alone, so that the lines can be
	// run in parallel (parallel.go).
	flagStream
	flagReaders // --readers: the parsers compared
)

// sharedFlagDefs defines each shared flag on a command's flag set, its value
// going to the command line l.
var sharedFlagDefs = []struct {
	flag   sharedFlags
	define func(fs *flag.FlagSet, l *cmdLine)
}{
	{flagJSON, func(fs *flag.FlagSet, l *cmdLine) {
		fs.BoolVar(&l.e.json, "json", false, "write one JSON object per input, one per line, on standard output")
	}},
	{flagRule, func(fs *flag.FlagSet, l *cmdLine) {
		fs.Var(&l.rule, "rule", "the `rule` inputs must match (RFC 3986):\n"+
			"reference  URI-reference, a URI or a relative reference (section 4.1)\n"+
			"uri        URI: a scheme is required (section 3)\n"+
			"absolute   absolute-URI: a scheme and no fragment (section 4.3)\n"+
			"relative   relative-ref: no scheme (section 4.2)")
	}},
	{flagNormalize, func(fs *flag.FlagSet, l *cmdLine) {
		fs.Var(&l.normalize, "flags", "a comma-separated `list` of normalization flags (none by default):\n"+
			"syntax-only           only syntax-based normalization: keep ports and empty paths\n"+
			"drop-empty-query      remove a \"?\" with nothing after it\n"+
			"drop-empty-fragment   remove a \"#\" with nothing after it\n"+
			"drop-fragment         remove the fragment\n"+
			"sort-query            sort the query's \"&\"-separated parameters by name\n"+
			"drop-trailing-slash   remove a \"/\" that ends the path (not the path \"/\")\n"+
			"drop-directory-index  remove a last segment such as index.html\n"+
			"decode-safe           also decode reserved characters that servers take as equal\n"+
			"collapse-slashes      replace each run of \"/\" in the path by one")
	}},
	{flagZone, func(fs *flag.FlagSet, l *cmdLine) {
		fs.BoolVar(&l.zone, "zone", false, "accept an IPv6 zone identifier, as RFC 6874 wrote it (\"[fe80::1%25eth0]\")\n"+
			"or bare as address bars take it (\"[fe80::1%eth0]\"); RFC 9844 took zones\n"+
			"out of URIs, so they are rejected by default")
	}},
	{flagStream, func(fs *flag.FlagSet, l *cmdLine) {
		fs.IntVar(&l.e.maxLine, "max-line", 0, "reject a line of standard input longer than `n` bytes, keeping only its\n"+
			"first n bytes in memory and in the output (0: no limit)")
		fs.IntVar(&l.e.jobsFlag, "j", 0, "run on `n` cores, writing the output in input order (default: every\n"+
			"core, or one when standard input is a terminal)")
	}},
	{flagReaders, func(fs *flag.FlagSet, l *cmdLine) {
		if l.cmd.name == "lint" {
			// Lint consults the three real parsers always; the
			// emulations cost about a net/url.Parse each.
			fs.Var(&l.readers, "readers", "a comma-separated `list` of the readers that matter (default rfc3986,\n"+
				"whatwg,net_url, which lint always consults; \"all\" for all):\n"+
				readerEmulations())
			return
		}
		fs.Var(&l.readers, "readers", "a comma-separated `list` of the readers to show (default all):\n"+
			"rfc3986, whatwg, net_url (the real parsers), and the emulations\n"+
			readerEmulations())
	}},
	{flagIDNA, func(fs *flag.FlagSet, l *cmdLine) {
		fs.Var(&l.idna, "idna", "the `profile` that maps a non-ASCII host to A-labels:\n"+
			"browser  UTS #46 non-transitional, as browsers (default)\n"+
			"lookup   IDNA2008 lookup: also STD3 rules, hyphens and DNS lengths")
	}},
}

// cmdLine is one run's command line: the values of the shared flags, the
// arguments after the flags, and what a usage error needs to be reported.
type cmdLine struct {
	e         *env
	cmd       *command
	fs        *flag.FlagSet
	run       runFunc
	args      []string       // the arguments after the flags (and the verb)
	verb      string         // the verb, for a command that has verbs
	fixed     int            // how many of args come before the inputs
	rule      ruleValue      // --rule; --json goes to the sink
	normalize normalizeValue // --flags
	zone      bool           // --zone
	idna      idnaValue      // --idna
	readers   readersValue   // --readers
}

// options returns the library's options for the shared flags given.
func (l *cmdLine) options() uri.Options {
	return uri.Options{Rule: l.rule.rule, Zones: l.zone, IDNA: l.idna.p}
}

// parse parses in as the shared flags say: by --rule, with --zone.
func (l *cmdLine) parse(in string) (uri.URI, error) { return l.options().Parse(in) }

// newCmdLine defines the flags of c, the shared ones it takes and its own,
// on a fresh flag set.
func (c *command) newCmdLine(e *env) *cmdLine {
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	fs.SetOutput(e.err) // the flag package's own error messages
	fs.Usage = func() {}
	l := &cmdLine{e: e, cmd: c, fs: fs, run: c.run, fixed: c.fixed}
	for _, d := range sharedFlagDefs {
		if c.shared&d.flag != 0 {
			d.define(fs, l)
		}
	}
	if c.flags != nil {
		l.run = c.flags(fs)
	}
	return l
}

// usageError reports a wrong command line that the flag package cannot see,
// such as a missing argument, and returns the usage exit status.
func (l *cmdLine) usageError(msg string) int {
	fmt.Fprintf(l.e.err, "uri %s: %s\n", l.cmd.name, msg)
	l.shortUsage()
	return exitUsage
}

// shortUsage writes the usage line on standard error, after a usage error.
func (l *cmdLine) shortUsage() {
	fmt.Fprintf(l.e.err, "Usage: %s\nRun \"uri %s --help\" for more.\n", l.cmd.usageLine(), l.cmd.name)
}

// baseArg takes the base URI, the first argument of resolve and relative,
// and returns the arguments after it. A base must be a URI, with a scheme
// (RFC 3986, section 5.1): a missing or bad base is a usage error, and then
// ok is false and code the exit status.
func (l *cmdLine) baseArg() (base uri.URI, inputs []string, code int, ok bool) {
	if len(l.args) == 0 {
		return base, nil, l.usageError("missing BASE"), false
	}
	o := l.options()
	o.Rule = uri.RuleURI
	base, err := o.Parse(l.args[0])
	if err != nil {
		b, _ := appendVisible(nil, l.args[0], 0)
		return base, nil, l.usageError("invalid base " + string(b) + ": " + err.Error()), false
	}
	return base, l.args[1:], exitOK, true
}

// ruleValue is the value of --rule: which production of RFC 3986 an input
// must match.
type ruleValue struct{ rule uri.Rule }

func (r *ruleValue) String() string { return r.rule.String() }

func (r *ruleValue) Set(s string) error {
	for _, v := range []uri.Rule{uri.RuleReference, uri.RuleURI, uri.RuleAbsolute, uri.RuleRelative} {
		if v.String() == s {
			r.rule = v
			return nil
		}
	}
	return errors.New("must be reference, uri, absolute or relative")
}

// idnaValue is the value of --idna.
type idnaValue struct{ p uri.IDNAProfile }

func (v *idnaValue) String() string { return v.p.String() }

func (v *idnaValue) Set(s string) error {
	for _, p := range []uri.IDNAProfile{uri.IDNABrowser, uri.IDNALookup} {
		if p.String() == s {
			v.p = p
			return nil
		}
	}
	return errors.New("must be browser or lookup")
}

// normalizeValue is the value of --flags: the library's text form of the
// flags (uri.NormalizeFlags.UnmarshalText).
type normalizeValue struct{ flags uri.NormalizeFlags }

func (f *normalizeValue) String() string {
	b, _ := f.flags.MarshalText()
	return string(b)
}

// Set adds the flags of a comma-separated list; --flags may be repeated.
func (f *normalizeValue) Set(s string) error {
	var g uri.NormalizeFlags
	if err := g.UnmarshalText([]byte(s)); err != nil {
		return err
	}
	f.flags |= g
	return nil
}
