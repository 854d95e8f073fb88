// Command repairstats runs the library's strict parser, its IRI parser and
// Repair on every line of the URL lists and prints, per list, how many lines
// each accepts, the changes Repair made by kind, and why the lines it could
// not repair were rejected. It is the measurement behind issue 10's note.
//
// Usage, from bench/:
//
//	go run ./repairstats [dir]
//
// dir defaults to $URI_BENCH_DATA, then ../../shared/data/urls.
package main

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/ferret-go/uri"
)

func main() {
	dir := os.Getenv("URI_BENCH_DATA")
	if len(os.Args) > 1 {
		dir = os.Args[1]
	}
	if dir == "" {
		dir = "../../shared/data/urls"
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	if len(files) == 0 {
		fmt.Fprintln(os.Stderr, "repairstats: no *.txt in", dir)
		os.Exit(2)
	}
	fmt.Println("| list | lines | strict URI | IRI (RFC 3987) | valid after Repair | still rejected |")
	fmt.Println("|---|---:|---:|---:|---:|---:|")
	kinds := map[string]map[uri.RepairKind]int{}
	lines := map[string]map[uri.RepairKind]int{}
	rejects := map[string]map[string]int{}
	var names []string
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".txt")
		names = append(names, name)
		kinds[name], lines[name], rejects[name] = map[uri.RepairKind]int{}, map[uri.RepairKind]int{}, map[string]int{}
		fh, err := os.Open(f)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		sc := bufio.NewScanner(fh)
		sc.Buffer(nil, 1<<20)
		var n, strict, iri, repaired, bad int
		for sc.Scan() {
			s := sc.Text()
			n++
			if _, err := uri.Parse(s); err == nil {
				strict++
			}
			if _, err := uri.ParseIRI(s); err == nil {
				iri++
			}
			_, changes, err := uri.Repair(s)
			if err != nil {
				bad++
				rejects[name][cause(err)]++
				continue
			}
			repaired++
			seen := map[uri.RepairKind]bool{}
			for _, c := range changes {
				kinds[name][c.Kind]++
				if !seen[c.Kind] {
					seen[c.Kind] = true
					lines[name][c.Kind]++
				}
			}
		}
		fh.Close()
		fmt.Printf("| %s | %d | %d (%.2f %%) | %d (%.2f %%) | %d (%.2f %%) | %d |\n", name, n,
			strict, pct(strict, n), iri, pct(iri, n), repaired, pct(repaired, n), bad)
	}
	fmt.Println()
	fmt.Println("Changes made by Repair, by kind: lines with at least one (changes in all).")
	fmt.Println()
	fmt.Print("| kind |")
	for _, name := range names {
		fmt.Printf(" %s |", name)
	}
	fmt.Print("\n|---|")
	for range names {
		fmt.Print("---:|")
	}
	fmt.Println()
	for k := uri.RepairTrim; k <= uri.RepairIDNA; k++ {
		fmt.Printf("| %s |", k)
		for _, name := range names {
			fmt.Printf(" %d (%d) |", lines[name][k], kinds[name][k])
		}
		fmt.Println()
	}
	fmt.Println()
	fmt.Println("Why Repair still rejects a line:")
	fmt.Println()
	for _, name := range names {
		var cs []string
		for c, k := range rejects[name] {
			cs = append(cs, fmt.Sprintf("%s %d", c, k))
		}
		sort.Strings(cs)
		if len(cs) > 0 {
			fmt.Printf("- %s: %s\n", name, strings.Join(cs, "; "))
		}
	}
}

// cause names an error by its component and sentinel.
func cause(err error) string {
	var e *uri.Error
	if !errors.As(err, &e) {
		return err.Error()
	}
	if errors.Is(err, uri.ErrIDNA) {
		return "host: IDNA"
	}
	return e.Component.String() + ": " + e.Err.Error()
}

func pct(a, b int) float64 { return 100 * float64(a) / float64(b) }
