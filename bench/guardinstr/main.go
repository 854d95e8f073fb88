// Command guardinstr is the subject of guardinstr.sh, which counts under
// valgrind's callgrind the instructions that guard.Guard.Check takes on
// URLs with an IP-literal host (no resolution), against net/url.Parse of
// the same URLs: issue 36's target (at most two net/url.Parse calls) in a
// measure that does not depend on the machine or on its load.
//
// Usage: guardinstr FILE guard|policy|neturl|none
//
// It reads FILE, keeps the http and https lines, puts a global IP address
// in place of each one's host (IPv4 and IPv6 in turn), keeps those the
// guard allows, and calls the chosen function on each of them three times
// over in measure, which guardinstr.sh has callgrind count alone (none
// calls nothing: the loop's own cost; policy is lint.Policy.Check alone,
// the guard's share being the difference). It prints the number of lines
// and a checksum.
package main

import (
	"bufio"
	"context"
	"fmt"
	"net/url"
	"os"
	"strings"

	"github.com/ferret-go/uri/guard"
	"github.com/ferret-go/uri/lint"
)

const rounds = 3

// hosts are global addresses, put in place of the lines' hosts.
var hosts = []string{"93.184.216.34", "[2606:2800:220:1:248:1893:25c8:1946]", "8.8.8.8", "[2001:4860:4860::8888]"}

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: guardinstr FILE guard|policy|neturl|none")
		os.Exit(2)
	}
	f, err := os.Open(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	g := &guard.Guard{}
	g.Policy.AllowIP = true
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var lines []string
	for i := 0; sc.Scan(); i++ {
		s := sc.Text()
		if !strings.HasPrefix(s, "http://") && !strings.HasPrefix(s, "https://") {
			continue
		}
		u, err := url.Parse(s)
		if err != nil || u.User != nil {
			continue
		}
		u.Host = hosts[i%len(hosts)]
		s = u.String()
		if _, _, err := g.Check(context.Background(), s); err == nil {
			lines = append(lines, s)
		}
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Println(len(lines), measure(g, lines, os.Args[2]))
}

// measure calls mode's function on every line, rounds times; callgrind
// counts it alone (--toggle-collect), so it is never inlined.
//
//go:noinline
func measure(g *guard.Guard, lines []string, mode string) int {
	ctx := context.Background()
	pol := lint.Policy{AllowIP: true, AllowInternal: true}
	n := 0
	for range rounds {
		for _, s := range lines {
			switch mode {
			case "guard":
				if _, addrs, err := g.Check(ctx, s); err == nil {
					n += len(addrs)
				}
			case "policy":
				if u, err := pol.Check(s); err == nil {
					n += len(u.Host())
				}
			case "neturl":
				if u, err := url.Parse(s); err == nil {
					n += len(u.Host)
				}
			}
		}
	}
	return n
}
