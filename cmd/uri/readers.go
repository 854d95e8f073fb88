package main

import (
	"errors"
	"slices"
	"strings"

	"github.com/ferret-go/uri/internal/sidebyside"
	"github.com/ferret-go/uri/readers"
)

// The readers compare shows: RFC 3986, the URL Standard and net/url, then
// the emulations of package readers (curl, Python, Node's legacy parser,
// Java, PHP), as package sidebyside reads them for compare and the viewer
// alike.

// readersValue is --readers: the readers chosen, all by default.
type readersValue struct {
	names []string // as given, checked; nil: all
}

func (v *readersValue) String() string { return strings.Join(v.names, ",") }

func (v *readersValue) Set(s string) error {
	all := sidebyside.All()
	var names []string
	for _, n := range strings.Split(s, ",") {
		n = strings.TrimSpace(n)
		if n == "all" {
			for _, d := range all {
				names = append(names, d.Name)
			}
			continue
		}
		if !hasReader(all, n) {
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
func (v *readersValue) chosen() []sidebyside.Reader {
	all := sidebyside.All()
	if v.names == nil {
		return all
	}
	var out []sidebyside.Reader
	for _, n := range v.names {
		for _, d := range all {
			if d.Name == n && !hasReader(out, n) {
				out = append(out, d)
			}
		}
	}
	return out
}

func hasReader(ds []sidebyside.Reader, name string) bool {
	return slices.ContainsFunc(ds, func(d sidebyside.Reader) bool { return d.Name == name })
}

func readerNames(ds []sidebyside.Reader) string {
	names := make([]string, len(ds))
	for i, d := range ds {
		names[i] = d.Name
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
	return strings.TrimSuffix(b.String(), "\n")
}
