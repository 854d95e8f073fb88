// Command lintstats runs lint.Lint (with the SSRF and navigation checks on)
// on every line of the URL lists and prints, per code, how many lines of
// each list have a finding of that code and a few examples, the measurement
// behind issue 11's no-false-alarm report.
//
// Usage, from bench/:
//
//	go run ./lintstats [-examples n] [dir]
//
// dir defaults to $URI_BENCH_DATA, then ../../shared/data/urls.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/ferret-go/uri/lint"
)

func main() {
	examples := flag.Int("examples", 3, "examples to print per code and list")
	flag.Parse()
	dir := os.Getenv("URI_BENCH_DATA")
	if flag.NArg() > 0 {
		dir = flag.Arg(0)
	}
	if dir == "" {
		dir = "../../shared/data/urls"
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	if len(files) == 0 {
		fmt.Fprintln(os.Stderr, "lintstats: no *.txt in", dir)
		os.Exit(2)
	}
	opts := lint.Options{SSRF: true, Navigation: true}
	type key struct{ list, code string }
	counts := map[key]int{}
	ex := map[key][]string{}
	lines := map[string]int{}
	clean := map[string]int{}
	var names []string
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".txt")
		names = append(names, name)
		f, err := os.Open(file)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<24)
		for sc.Scan() {
			line := sc.Text()
			lines[name]++
			fs := opts.Lint(line)
			if len(fs) == 0 {
				clean[name]++
			}
			seen := map[lint.Code]bool{}
			for _, fd := range fs {
				if seen[fd.Code] {
					continue
				}
				seen[fd.Code] = true
				k := key{name, string(fd.Code)}
				counts[k]++
				if len(ex[k]) < *examples {
					ex[k] = append(ex[k], fmt.Sprintf("%q: %s", line, fd))
				}
			}
		}
		f.Close()
	}
	fmt.Print("| code |")
	for _, n := range names {
		fmt.Printf(" %s |", n)
	}
	fmt.Print("\n|---|")
	for range names {
		fmt.Print("---:|")
	}
	fmt.Println()
	fmt.Print("| lines |")
	for _, n := range names {
		fmt.Printf(" %d |", lines[n])
	}
	fmt.Print("\n| no finding |")
	for _, n := range names {
		fmt.Printf(" %d |", clean[n])
	}
	fmt.Println()
	for _, c := range lint.Codes() {
		fmt.Printf("| %s |", c)
		for _, n := range names {
			fmt.Printf(" %d |", counts[key{n, string(c)}])
		}
		fmt.Println()
	}
	fmt.Println()
	var keys []key
	for k := range ex {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].code != keys[j].code {
			return keys[i].code < keys[j].code
		}
		return keys[i].list < keys[j].list
	})
	for _, k := range keys {
		for _, e := range ex[k] {
			fmt.Printf("%s %s %s\n", k.code, k.list, e)
		}
	}
}
