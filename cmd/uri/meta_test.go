package main

import (
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// A one-letter flag is written with one dash in --help, as in the synopsis.
func TestHelpDashes(t *testing.T) {
	help, _, _ := runCmd(t, "", "check", "--help")
	if !strings.Contains(help, "\n  -j n\n") || !strings.Contains(help, "\n  --max-line n\n") {
		t.Errorf("check --help does not list -j n and --max-line n:\n%s", help)
	}
}

func TestVersion(t *testing.T) {
	for _, arg := range []string{"--version", "-version"} {
		stdout, stderr, code := runCmd(t, "", arg)
		if code != 0 || stderr != "" || !regexp.MustCompile(`^uri \S+( \(\S+\))? go\S+\n$`).MatchString(stdout) {
			t.Errorf("uri %s: exit status %d, stdout %q, stderr %q", arg, code, stdout, stderr)
		}
	}
}

// uri.1 in the repository is what "uri man" prints, so that the page
// cannot drift from the records; man reads it without a warning.
func TestManPage(t *testing.T) {
	stdout, _, code := runCmd(t, "", "man")
	if code != 0 {
		t.Fatalf("uri man: exit status %d", code)
	}
	file, err := os.ReadFile("uri.1")
	if err != nil {
		t.Fatal(err)
	}
	if string(file) != stdout {
		t.Errorf("cmd/uri/uri.1 is not what \"uri man\" prints: run \"go run ./cmd/uri man > cmd/uri/uri.1\"")
	}
	for _, c := range commands {
		if !strings.Contains(stdout, `.SS "uri `+c.name) {
			t.Errorf("the man page has no section for %s", c.name)
		}
	}
	if _, err := exec.LookPath("man"); err != nil {
		t.Skip("no man command to render the page with:", err)
	}
	cmd := exec.Command("man", "-l", "--warnings", "uri.1")
	cmd.Env = append(os.Environ(), "MANPAGER=cat", "MANWIDTH=80")
	var errb strings.Builder
	cmd.Stderr = &errb
	out, err := cmd.Output()
	if err != nil || errb.Len() > 0 {
		t.Errorf("man -l uri.1: %v\n%s", err, errb.String())
	}
	if !strings.Contains(string(out), "uri edit") {
		t.Errorf("the rendered page does not show uri edit:\n%.500s", out)
	}
}

// The completion scripts name every command and flag; bash's completes a
// command name and a flag when run.
func TestCompletion(t *testing.T) {
	scripts := map[string]string{}
	for _, sh := range []string{"bash", "zsh", "fish"} {
		stdout, stderr, code := runCmd(t, "", "completion", sh)
		if code != 0 || stderr != "" {
			t.Fatalf("completion %s: exit status %d, stderr %q", sh, code, stderr)
		}
		scripts[sh] = stdout
		for _, c := range commands {
			if !strings.Contains(stdout, c.name) {
				t.Errorf("%s script does not name %s", sh, c.name)
			}
			if c == cmdCompletion {
				continue
			}
			for _, f := range flagsOf(c, quietEnv()) {
				if !strings.Contains(stdout, f.name) {
					t.Errorf("%s script does not name %s's flag %s", sh, c.name, f.name)
				}
			}
		}
	}
	_, stderr, code := runCmd(t, "", "completion", "tcsh")
	if code != exitUsage || !strings.Contains(stderr, `unknown shell "tcsh"`) {
		t.Errorf("completion tcsh: exit status %d, stderr %q", code, stderr)
	}
	for _, sh := range []string{"zsh", "fish"} {
		if _, err := exec.LookPath(sh); err != nil {
			t.Logf("no %s here: its script is not checked by %s -n", sh, sh)
			continue
		}
		if out, err := exec.Command(sh, "-n", "-c", scripts[sh]).CombinedOutput(); err != nil {
			t.Errorf("%s -n: %v\n%s", sh, err, out)
		}
	}
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash to run the bash script with:", err)
	}
	tests := []struct {
		words string // the command line so far
		want  string // what must be among the completions
	}{
		{"uri pa", "parse"},
		{"uri ed", "edit"},
		{"uri edit --se", "--set"},
		{"uri parse -", "-j"},
		{"uri help ge", "get"},
		{"uri completion f", "fish"},
	}
	for _, tt := range tests {
		script := scripts["bash"] + `
COMP_WORDS=(` + tt.words + `)
COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
_uri
printf '%s\n' "${COMPREPLY[@]}"
`
		out, err := exec.Command("bash", "--norc", "-c", script).CombinedOutput()
		if err != nil {
			t.Errorf("%q: %v\n%s", tt.words, err, out)
			continue
		}
		if !strings.Contains("\n"+string(out), "\n"+tt.want+"\n") {
			t.Errorf("%q completes to %q, want %q among them", tt.words, out, tt.want)
		}
	}
}

// The page is ASCII, characters outside it written as \[uXXXX], so that
// troff, which reads its input as Latin-1 without preconv, shows them and
// "groff -ww" has no warning (issue 37: it warned on the UTF-8 example).
func TestManPageASCII(t *testing.T) {
	page, _, _ := runCmd(t, "", "man")
	for i, line := range strings.Split(page, "\n") {
		for _, r := range line {
			if r >= 0x80 {
				t.Errorf("line %d holds %q, outside ASCII: %s", i+1, r, line)
				break
			}
		}
	}
	if !strings.Contains(page, `http://\[u7D0D]\[u8C46].example.org/D\[u00FC]rst`) {
		t.Errorf("the to-uri example is not written with \\[uXXXX] escapes")
	}
	groff, err := exec.LookPath("groff")
	if err != nil {
		t.Log("no groff to check the page's warnings with:", err)
		return
	}
	cmd := exec.Command(groff, "-ww", "-man", "-Tutf8", "-z")
	cmd.Stdin = strings.NewReader(page)
	out, err := cmd.CombinedOutput()
	if err != nil || len(out) > 0 {
		t.Errorf("groff -ww -man -Tutf8: %v\n%s", err, out)
	}
}
