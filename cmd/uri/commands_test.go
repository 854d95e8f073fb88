package main

import (
	"flag"
	"go/doc/comment"
	"go/parser"
	"go/token"
	"os"
	"strings"
	"testing"
)

// The records are the single source of the command's documentation: the
// usage, doc.go and the README list exactly the commands of the table, in its
// order, with their summaries.

// listed is one command as a list shows it.
type listed struct{ name, summary string }

func recordsListed() []listed {
	var want []listed
	for _, c := range commands {
		want = append(want, listed{c.name, c.summary})
	}
	return want
}

// parseList reads lines that each hold a name and a summary separated by
// spaces, after prefix.
func parseList(t *testing.T, lines []string, prefix string) []listed {
	t.Helper()
	var got []listed
	for _, l := range lines {
		rest, ok := strings.CutPrefix(l, prefix)
		name, summary, ok2 := strings.Cut(rest, " ")
		if !ok || !ok2 {
			t.Fatalf("line %q is not %q, a name and a summary", l, prefix)
		}
		got = append(got, listed{name, strings.TrimLeft(summary, " ")})
	}
	return got
}

func equalLists(t *testing.T, where string, got, want []listed) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s lists %d commands, the table has %d:\n%v\nwant:\n%v", where, len(got), len(want), got, want)
		return
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("%s, command %d: %q, want %q", where, i, got[i], want[i])
		}
	}
}

// linesBetween returns the lines of text after the line start up to the
// first line that is end, or fails the test.
func linesBetween(t *testing.T, text, start, end string) []string {
	t.Helper()
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if l != start {
			continue
		}
		for j, m := range lines[i+1:] {
			if m == end {
				return lines[i+1 : i+1+j]
			}
		}
	}
	t.Fatalf("no line %q followed by a line %q in:\n%s", start, end, text)
	return nil
}

func TestUsageListsRecords(t *testing.T) {
	usage, _, _ := runCmd(t, "", "help")
	got := parseList(t, linesBetween(t, usage, "Commands:", ""), "  ")
	equalLists(t, "the usage", got, recordsListed())
}

func TestDocListsRecords(t *testing.T) {
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	// The list is a code block: "//" then lines "//\t...".
	_, rest, ok := strings.Cut(string(doc), "// The commands are:\n//\n")
	if !ok {
		t.Fatal(`doc.go has no "The commands are:" and a code block`)
	}
	var list []string
	for _, l := range strings.Split(rest, "\n") {
		if !strings.HasPrefix(l, "//\t") {
			break
		}
		list = append(list, l)
	}
	equalLists(t, "doc.go", parseList(t, list, "//\t"), recordsListed())
}

// The README's table of commands has one row per record: the usage line and
// the summary.
func TestReadmeListsRecords(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(readme), "\n## The command\n")
	if !ok {
		t.Fatal(`README.md has no section "## The command"`)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	rows := linesBetween(t, section, "|---|---|", "")
	var want []string
	for _, c := range commands {
		// A "|" in a table cell is escaped, even in a code span (GFM).
		usage := strings.ReplaceAll(c.usageLine(), "|", `\|`)
		want = append(want, "| `"+usage+"` | "+c.summary+" |")
	}
	if strings.Join(rows, "\n") != strings.Join(want, "\n") {
		t.Errorf("README.md's table of commands:\n%s\nwant:\n%s", strings.Join(rows, "\n"), strings.Join(want, "\n"))
	}
}

// Each record is complete, and its usage line names every flag it defines,
// shared or its own, and nothing it does not.
func TestRecords(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range commands {
		if c.name == "" || seen[c.name] || isHelpWord(c.name) {
			t.Errorf("command %q: name empty, repeated or taken by help", c.name)
		}
		seen[c.name] = true
		if c.summary == "" || strings.HasSuffix(c.summary, ".") || strings.Contains(c.summary, "\n") {
			t.Errorf("%s: summary %q is not one line without a period", c.name, c.summary)
		}
		if !strings.HasSuffix(c.help, "\n") || c.help == "\n" {
			t.Errorf("%s: help %q does not end with a newline", c.name, c.help)
		}
		if (c.run == nil) == (c.flags == nil) {
			t.Errorf("%s: want either run or flags, not both or none", c.name)
		}
		e := &env{}
		e.outw.w, e.errw.w = discard{}, discard{}
		l := c.newCmdLine(e)
		if l.run == nil {
			t.Errorf("%s: nothing to run", c.name)
		}
		named := map[string]bool{}
		for _, w := range strings.Fields(strings.NewReplacer("[", " ", "]", " ", "|", " ").Replace(c.synopsis)) {
			if name, ok := strings.CutPrefix(w, "--"); ok {
				named[name] = true
			} else if name, ok := strings.CutPrefix(w, "-"); ok && len(name) == 1 {
				named[name] = true // -j: one letter, one dash
			}
		}
		l.fs.VisitAll(func(f *flag.Flag) {
			if !named[f.Name] {
				t.Errorf("%s: synopsis %q does not name --%s", c.name, c.synopsis, f.Name)
			}
			delete(named, f.Name)
		})
		for name := range named {
			t.Errorf("%s: synopsis %q names --%s, which it does not take", c.name, c.synopsis, name)
		}
	}
}

// isHelpWord reports whether a command name would be taken as asking for
// help.
func isHelpWord(s string) bool {
	return s == "help" || strings.HasPrefix(s, "-")
}

// Every "# " line of the package comment is a heading in go doc: a heading
// needs a blank line before and after it and no final punctuation (go.dev/doc/comment).
func TestDocHeadings(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "doc.go", nil, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		t.Fatal(err)
	}
	text := f.Doc.Text()
	var want []string
	for _, l := range strings.Split(text, "\n") {
		if h, ok := strings.CutPrefix(l, "# "); ok {
			want = append(want, h)
		}
	}
	var got []string
	for _, b := range new(comment.Parser).Parse(text).Content {
		if h, ok := b.(*comment.Heading); ok {
			var sb strings.Builder
			for _, t := range h.Text {
				if p, ok := t.(comment.Plain); ok {
					sb.WriteString(string(p))
				}
			}
			got = append(got, sb.String())
		}
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("go doc reads the headings\n%q\nof the lines\n%q", got, want)
	}
	if len(want) < 5 {
		t.Errorf("only %d headings: %q", len(want), want)
	}
}
