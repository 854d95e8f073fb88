// Command wptpaths splits a URL list by the way whatwg.Parse takes each
// line, so that bench/ada.sh can time and count each way apart (see
// ../../whatwg/BENCHMARKS.md, "Against ada"). It writes, into the
// directory given, one list per kind:
//
//	same        parsed, and the href is the line itself
//	changed     parsed into another href (a domain, no IDNA)
//	idna        parsed, the host has an xn-- label
//	ipv6        parsed, the host is an IPv6 address
//	opaque      parsed, the path is opaque
//	fail-REASON failed, by the *Error's Reason (IPv4-* as ipv4, IPv6-* and
//	            IPv4-in-IPv6-* as ipv6, port-* as port)
//
// Usage: wptpaths FILE DIR
package main

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/ferret-go/uri/whatwg"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: wptpaths FILE DIR")
		os.Exit(2)
	}
	f, err := os.Open(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	kinds := map[string][]string{}
	for sc.Scan() {
		s := sc.Text()
		k := kind(s)
		kinds[k] = append(kinds[k], s)
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	names := make([]string, 0, len(kinds))
	for k := range kinds {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		p := filepath.Join(os.Args[2], k+".txt")
		if err := os.WriteFile(p, []byte(strings.Join(kinds[k], "\n")+"\n"), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		fmt.Println(len(kinds[k]), p)
	}
}

// kind names the way Parse takes s.
func kind(s string) string {
	u, err := whatwg.Parse(s)
	if err != nil {
		var e *whatwg.Error
		if !errors.As(err, &e) {
			return "fail-other"
		}
		r := e.Reason
		switch {
		case strings.HasPrefix(r, "IPv6"), strings.HasPrefix(r, "IPv4-in-IPv6"):
			r = "ipv6"
		case strings.HasPrefix(r, "IPv4"):
			r = "ipv4"
		case strings.HasPrefix(r, "port"):
			r = "port"
		}
		return "fail-" + r
	}
	h := u.Hostname()
	switch {
	case u.Href() == s:
		return "same"
	case strings.HasPrefix(h, "["):
		return "ipv6"
	case strings.HasPrefix(h, "xn--") || strings.Contains(h, ".xn--"):
		return "idna"
	case u.Host() == "" && !strings.HasPrefix(u.Pathname(), "/") && u.Pathname() != "":
		return "opaque"
	}
	return "changed"
}
