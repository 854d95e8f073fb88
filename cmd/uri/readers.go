package main

import (
	"errors"
	"strings"

	"github.com/ferret-go/uri/internal/sidebyside"
	"github.com/ferret-go/uri/readers"
)

// The readers compare shows: RFC 3986, the URL Standard and net/url, then
// the emulations of package readers (curl, Python, Node's legacy parser,
// Java, PHP), as package sidebyside reads them for compare and the viewer
// alike.

// readerDef is one reader as the command names and runs it.
type readerDef struct {
	name  string // the --readers name and JSON key
	label string // the column's header
	read  func(string) reading
}

// allReaders returns every reader, in the order compare shows them.
func allReaders() []readerDef {
	var defs []readerDef
	for _, r := range sidebyside.All() {
		defs = append(defs, readerDef{r.Name, r.Label, r.Read})
	}
	return defs
}

// readersValue is --readers: the readers chosen, all by default.
type readersValue struct {
	names []string // as given, checked; nil: all
}

func (v *readersValue) String() string { return strings.Join(v.names, ",") }

func (v *readersValue) Set(s string) error {
	all := allReaders()
	var names []string
	for _, n := range strings.Split(s, ",") {
		n = strings.TrimSpace(n)
		if n == "all" {
			for _, d := range all {
				names = append(names, d.name)
			}
			continue
		}
		known := false
		for _, d := range all {
			known = known || d.name == n
		}
		if !known {
			return errors.New("unknown reader " + quoteArg(n) + ": the readers are " + readerNames(all))
		}
		names = append(names, n)
	}
	if len(names) == 0 {
		return errors.New("no reader named")
	}
	v.names = names
	return nil
}

// chosen returns the readers named, each once, in the order given; all of
// them when none was named.
func (v *readersValue) chosen() []readerDef {
	all := allReaders()
	if v.names == nil {
		return all
	}
	var out []readerDef
	for _, n := range v.names {
		for _, d := range all {
			if d.name == n && !hasReader(out, n) {
				out = append(out, d)
			}
		}
	}
	return out
}

func hasReader(ds []readerDef, name string) bool {
	for _, d := range ds {
		if d.name == name {
			return true
		}
	}
	return false
}

func readerNames(ds []readerDef) string {
	names := make([]string, len(ds))
	for i, d := range ds {
		names[i] = d.name
	}
	return strings.Join(names, ", ")
}

// quoteArg quotes a command-line argument for a message, its invalid
// bytes made visible.
func quoteArg(s string) string {
	b, _ := appendVisible([]byte{'"'}, s, 0)
	return string(append(b, '"'))
}

// readerEmulations lists the emulated readers for --readers' help, a line
// each: the name and the parser emulated.
func readerEmulations() string {
	var b strings.Builder
	for _, r := range readers.All() {
		b.WriteString(r.Name)
		b.WriteString(strings.Repeat(" ", max(1, 11-len(r.Name))))
		b.WriteString(r.Parser)
		b.WriteByte('\n')
	}
	if b.Len() == 0 {
		return "(none in this build)"
	}
	return strings.TrimSuffix(b.String(), "\n")
}
