package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"runtime/debug"
	"strings"
	"unicode/utf8"

	"github.com/ferret-go/uri/internal/ascii"
)

// The commands about the command: its version, completion scripts for the
// shells and its manual page, all made from the records of the commands.

// writeVersion writes the version line: the module's version as the build
// recorded it ("(devel)" for a build in a checkout), the VCS revision when
// the build recorded one, and the Go version.
func writeVersion(w *bufio.Writer) {
	version, rev, goVersion := "(unknown)", "", ""
	if bi, ok := debug.ReadBuildInfo(); ok {
		version, goVersion = bi.Main.Version, bi.GoVersion
		if version == "" {
			version = "(devel)"
		}
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				if s.Value == "true" && rev != "" {
					rev += "+modified"
				}
			}
		}
	}
	fmt.Fprintf(w, "uri %s", version)
	if rev != "" {
		fmt.Fprintf(w, " (%s)", rev)
	}
	if goVersion != "" {
		fmt.Fprintf(w, " %s", goVersion)
	}
	w.WriteByte('\n')
}

const completionHelp = `Completion prints a script that teaches SHELL (bash, zsh or fish) the
commands of uri and their flags. Load it in the shell's start-up file:

  bash:  source <(uri completion bash)                 (in ~/.bashrc)
  zsh:   source <(uri completion zsh)                  (in ~/.zshrc, after compinit)
  fish:  uri completion fish > ~/.config/fish/completions/uri.fish

The script is made from the same records as the usage and --help, so it
knows every command and flag of the uri that printed it.
`

// cmdCompletion prints completion scripts.
var cmdCompletion = &command{
	name:     "completion",
	synopsis: "bash|zsh|fish",
	summary:  "print a shell completion script for bash, zsh or fish",
	help:     completionHelp,
	// run is set by init: it reads the table of commands, which holds
	// this record.
}

func init() {
	cmdCompletion.run = runCompletion
	cmdMan.run = runMan
}

func runCompletion(e *env, l *cmdLine) int {
	if len(l.args) != 1 {
		return l.usageError("want one shell: bash, zsh or fish")
	}
	switch l.args[0] {
	case "bash":
		writeBashCompletion(e.out)
	case "zsh":
		writeZshCompletion(e.out)
	case "fish":
		writeFishCompletion(e.out)
	default:
		return l.usageError("unknown shell " + fmt.Sprintf("%q", l.args[0]) + ": want bash, zsh or fish")
	}
	return exitOK
}

// flagInfo is a flag as the completion scripts and the man page show it.
type flagInfo struct {
	name  string // without dashes
	arg   string // the name of its argument, or "" for a boolean flag
	usage string // its help, one paragraph
}

// dashes returns the flag as written: -j, --json.
func (f flagInfo) dashes() string {
	if len(f.name) == 1 {
		return "-" + f.name
	}
	return "--" + f.name
}

// flagsOf returns the flags of c, as its --help lists them.
func flagsOf(c *command, e *env) []flagInfo {
	var fl []flagInfo
	c.newCmdLine(e).fs.VisitAll(func(f *flag.Flag) {
		arg, usage := flag.UnquoteUsage(f)
		fl = append(fl, flagInfo{f.Name, arg, usage})
	})
	return fl
}

// firstLine returns the first line of s.
func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// commandNames returns the names of the commands, and help.
func commandNames() []string {
	names := []string{"help"}
	for _, c := range commands {
		names = append(names, c.name)
	}
	return names
}

// quietEnv is an env for reading records, whose output goes nowhere.
func quietEnv() *env {
	e := &env{}
	e.outw.w, e.errw.w = io.Discard, io.Discard
	e.out = bufio.NewWriter(&e.outw)
	e.err = bufio.NewWriter(&e.errw)
	return e
}

func writeBashCompletion(w *bufio.Writer) {
	q := quietEnv()
	w.WriteString("# bash completion for uri, printed by \"uri completion bash\".\n")
	w.WriteString("_uri() {\n")
	w.WriteString("\tlocal cur=${COMP_WORDS[COMP_CWORD]}\n")
	fmt.Fprintf(w, "\tif [ \"$COMP_CWORD\" -eq 1 ]; then\n\t\tCOMPREPLY=($(compgen -W '%s --help --version' -- \"$cur\"))\n\t\treturn\n\tfi\n",
		strings.Join(commandNames(), " "))
	w.WriteString("\tcase ${COMP_WORDS[1]} in\n")
	fmt.Fprintf(w, "\thelp) COMPREPLY=($(compgen -W '%s' -- \"$cur\")) ;;\n", strings.Join(commandNames()[1:], " "))
	w.WriteString("\tcompletion) COMPREPLY=($(compgen -W 'bash zsh fish' -- \"$cur\")) ;;\n")
	for _, c := range commands {
		if c == cmdCompletion {
			continue
		}
		var names []string
		for _, f := range flagsOf(c, q) {
			names = append(names, f.dashes())
		}
		names = append(names, "--help")
		fmt.Fprintf(w, "\t%s) [[ $cur == -* ]] && COMPREPLY=($(compgen -W '%s' -- \"$cur\")) ;;\n", c.name, strings.Join(names, " "))
	}
	w.WriteString("\tesac\n}\ncomplete -o default -F _uri uri\n")
}

// zshQuote quotes s for a zsh completion spec in single quotes, with
// brackets and colons escaped.
func zshQuote(s string) string {
	s = strings.NewReplacer("'", `'\''`, "[", `\[`, "]", `\]`, ":", `\:`).Replace(s)
	return s
}

func writeZshCompletion(w *bufio.Writer) {
	q := quietEnv()
	w.WriteString("#compdef uri\n# zsh completion for uri, printed by \"uri completion zsh\".\n_uri() {\n")
	w.WriteString("\tlocal -a cmds\n\tcmds=(\n")
	w.WriteString("\t\t'help:print the usage or a command'\\''s help'\n")
	for _, c := range commands {
		fmt.Fprintf(w, "\t\t'%s:%s'\n", c.name, zshQuote(c.summary))
	}
	w.WriteString("\t)\n\tif (( CURRENT == 2 )); then\n\t\t_describe command cmds\n\t\treturn\n\tfi\n\tcase $words[2] in\n")
	w.WriteString("\thelp) _describe command cmds ;;\n\tcompletion) _values shell bash zsh fish ;;\n")
	for _, c := range commands {
		if c == cmdCompletion {
			continue
		}
		fmt.Fprintf(w, "\t%s) _arguments", c.name)
		for _, f := range flagsOf(c, q) {
			spec := f.dashes() + "[" + zshQuote(firstLine(f.usage)) + "]"
			if f.arg != "" {
				spec += ":" + zshQuote(f.arg) + ":"
			}
			fmt.Fprintf(w, " \\\n\t\t'%s'", spec)
		}
		w.WriteString(" \\\n\t\t'*:input:_default' ;;\n")
	}
	w.WriteString("\tesac\n}\ncompdef _uri uri\n")
}

// fishQuote quotes s for fish in single quotes.
func fishQuote(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, "'", `\'`).Replace(s) + "'"
}

func writeFishCompletion(w *bufio.Writer) {
	q := quietEnv()
	w.WriteString("# fish completion for uri, printed by \"uri completion fish\".\n")
	w.WriteString("complete -c uri -n __fish_use_subcommand -f -a help -d 'print the usage or a command'\\''s help'\n")
	for _, c := range commands {
		fmt.Fprintf(w, "complete -c uri -n __fish_use_subcommand -f -a %s -d %s\n", c.name, fishQuote(c.summary))
	}
	w.WriteString("complete -c uri -n '__fish_seen_subcommand_from completion' -f -a 'bash zsh fish'\n")
	for _, c := range commands {
		if c == cmdCompletion {
			continue
		}
		for _, f := range flagsOf(c, q) {
			opt := "-l " + f.name
			if len(f.name) == 1 {
				opt = "-s " + f.name
			}
			req := ""
			if f.arg != "" {
				req = " -r"
			}
			fmt.Fprintf(w, "complete -c uri -n '__fish_seen_subcommand_from %s' %s%s -d %s\n", c.name, opt, req, fishQuote(firstLine(f.usage)))
		}
	}
}

const manHelp = `Man prints the manual page of uri, uri(1), in roff: the usage, then every
command's help and flags, made from the same records as --help. To read it
or install it, no other tool than man is needed:

  uri man | man -l -
  uri man > ~/.local/share/man/man1/uri.1

The repository holds the page as cmd/uri/uri.1, which a test keeps equal
to what uri man prints.
`

// cmdMan prints the manual page.
var cmdMan = &command{
	name:     "man",
	synopsis: "",
	summary:  "print the manual page uri(1), in roff",
	help:     manHelp,
	// run is set by init, as completion's.
}

func runMan(e *env, l *cmdLine) int {
	if len(l.args) != 0 {
		return l.usageError("takes no arguments")
	}
	writeMan(e.out)
	return exitOK
}

// roffText escapes text for roff: a backslash is written \e, a character
// outside ASCII as its code point, \[u00E9] (groff(7), "Special
// characters"; mandoc reads it too), since troff without preconv reads its
// input as Latin-1 and warns on UTF-8, and a line that begins with "." or
// "'" begins with \& so that it is not a request.
func roffText(s string) string {
	s = strings.ReplaceAll(s, `\`, `\e`)
	if !ascii.Is(s) {
		var b strings.Builder
		for _, r := range s {
			if r < utf8.RuneSelf {
				b.WriteRune(r)
			} else {
				fmt.Fprintf(&b, `\[u%04X]`, r)
			}
		}
		s = b.String()
	}
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, ".") || strings.HasPrefix(l, "'") {
			lines[i] = `\&` + l
		}
	}
	return strings.Join(lines, "\n")
}

// writeMan writes the manual page. Help texts are written as they are,
// without filling (.nf), so that their examples and tables keep their
// columns.
func writeMan(w *bufio.Writer) {
	q := quietEnv()
	w.WriteString(".\\\" Generated by \"uri man\" from the command's records; do not edit.\n")
	w.WriteString(".TH URI 1 \"\" \"github.com/ferret-go/uri\" \"User Commands\"\n")
	w.WriteString(".SH NAME\nuri \\- parse, check, edit and compare URI references (RFC 3986, RFC 3987)\n")
	w.WriteString(".SH SYNOPSIS\n.B uri\n.I command\n[flags] [input...]\n.br\n.B uri\n.RB [ \\-\\-help | \\-\\-version ]\n")
	w.WriteString(".SH DESCRIPTION\n.nf\n")
	var usage strings.Builder
	ub := bufio.NewWriter(&usage)
	writeUsage(ub)
	ub.Flush()
	w.WriteString(roffText(strings.TrimSuffix(usage.String(), "\n")))
	w.WriteString("\n.fi\n.SH COMMANDS\n")
	for _, c := range commands {
		fmt.Fprintf(w, ".SS \"uri %s %s\"\n", c.name, strings.ReplaceAll(roffText(c.synopsis), `"`, `\(dq`))
		w.WriteString(".nf\n")
		w.WriteString(roffText(strings.TrimSuffix(c.helpText(), "\n")))
		w.WriteString("\n.fi\n")
		for _, f := range flagsOf(c, q) {
			w.WriteString(".TP\n.B " + strings.ReplaceAll(f.dashes(), "-", `\-`))
			if f.arg != "" {
				w.WriteString(" \\fI" + roffText(f.arg) + "\\fR")
			}
			w.WriteString("\n.nf\n" + roffText(f.usage) + "\n.fi\n")
		}
	}
	w.WriteString(`.SH ENVIRONMENT
.TP
.B NO_COLOR
When set to anything but the empty string, uri writes no color even on a
terminal (https://no-color.org).
.SH EXIT STATUS
0 when every input was valid, 1 when any was rejected or reading or writing
failed, 2 on a usage error.
.B equal
answers with its status: 1 when a pair is not equivalent or an input is
rejected.
.SH SEE ALSO
RFC 3986, RFC 3987; the README of github.com/ferret-go/uri.
`)
}
