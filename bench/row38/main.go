// Command row38 is the subject of row38.sh: the same-run figures of issue
// 38's rows for package uri, per list, in instructions under callgrind or
// in CPU time over interleaved rounds.
//
//   - parse: uri.Parse against the floor, a scan of every byte of the line
//     through a 256-entry table (stopping at the first byte the table
//     refuses, as a validator would), on the lines uri parses;
//   - resolve: URI.Resolve against (*url.URL).ResolveReference followed by
//     String (uri's result is already its text), for each reference shape of
//     resolve_bench_test.go and for the fixed references ../g, /path?q,
//     g;x, ?y and #s against every URL of the list;
//   - escape (with -escape, no list): uri.Escape against url.PathEscape and
//     url.QueryEscape, and WithDecodedPath / WithDecodedQuery against
//     net/url's copy, set, String, at 16 B, 1 KiB and 64 KiB of text that
//     needs no encoding (none), some (a space in six bytes) and all (UTF-8).
//
// Usage:
//
//	row38 [-time ROUNDS] FILE      # parse and resolve on the list
//	row38 [-time ROUNDS] -escape   # the escapes
//
// Without -time it calls measure once per op and library, in the order
// none, then each library (none does the loop alone: its count is
// subtracted), and prints a line per call: group, op, library, calls. With
// -time it runs ROUNDS interleaved rounds of every call and prints, per op
// and library, the median CPU ns per call and the rounds' range.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"net/url"
	"os"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/ferret-go/uri"
)

// call is one measured loop: n operations of one op with one library.
type call struct {
	group, op, lib string
	n              int
	run            func() int
}

var sink int

// measure runs c once. It is the function callgrind counts
// (--toggle-collect), so it is never inlined.
//
//go:noinline
func measure(c *call) { sink += c.run() }

// floorTable admits the bytes that RFC 3986 lets a URI hold unencoded
// (unreserved, gen-delims, sub-delims and "%"): one load and one test a
// byte, the least a validating parser does.
var floorTable = func() (t [256]uint8) {
	for _, c := range []byte("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=%") {
		t[c] = 1
	}
	return t
}()

func floorScan(s string) int {
	i := 0
	for i < len(s) && floorTable[s[i]] != 0 {
		i++
	}
	return i
}

func listCalls(file string) []call {
	fh, err := os.Open(file)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer fh.Close()
	var lines []string
	sc := bufio.NewScanner(fh)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if _, err := uri.Parse(sc.Text()); err == nil {
			lines = append(lines, sc.Text())
		}
	}
	var calls []call
	add := func(group, op, lib string, n int, run func() int) {
		calls = append(calls, call{group, op, lib, n, run})
	}
	// parse
	add("parse", "Parse", "none", len(lines), func() int {
		n := 0
		for _, s := range lines {
			n += len(s)
		}
		return n
	})
	add("parse", "Parse", "floor", len(lines), func() int {
		n := 0
		for _, s := range lines {
			n += floorScan(s)
		}
		return n
	})
	add("parse", "Parse", "uri", len(lines), func() int {
		n := 0
		for _, s := range lines {
			u, _ := uri.Parse(s)
			n += len(u.Host())
		}
		return n
	})
	// resolve
	type pair struct {
		base, ref   uri.URI
		nbase, nref *url.URL
	}
	shapes := []struct {
		name string
		make func(next uri.URI) string
	}{
		{"sibling", func(u uri.URI) string { return lastSegment(u.Path()) + "x" }},
		{"up", func(u uri.URI) string { return "../" + lastSegment(u.Path()) }},
		{"abspath", func(u uri.URI) string { return u.Path() + "?" + u.Query() }},
		{"query", func(u uri.URI) string { return "?" + u.Query() }},
		{"fragment", func(u uri.URI) string { return "#" + u.Fragment() }},
		{"dot", func(u uri.URI) string { return "./a/../" + lastSegment(u.Path()) }},
		{"netpath", func(u uri.URI) string { return "//" + u.Authority() + u.Path() }},
		{"whole", func(u uri.URI) string { return u.String() }},
	}
	for _, fixed := range []string{"../g", "/path?q", "g;x", "?y", "#s"} {
		shapes = append(shapes, struct {
			name string
			make func(next uri.URI) string
		}{fixed, func(uri.URI) string { return fixed }})
	}
	for si, sh := range shapes {
		var pairs []pair
		for i, s := range lines {
			base, _ := uri.Parse(s)
			next, _ := uri.Parse(lines[(i+1)%len(lines)])
			if base.IsRelative() {
				continue
			}
			// As resolve_bench_test.go: the list's shapes take turns
			// over the lines; the fixed references go with every line.
			if si < 8 && i%8 != si {
				continue
			}
			r := sh.make(next)
			ref, err := uri.Parse(r)
			nbase, err2 := url.Parse(s)
			nref, err3 := url.Parse(r)
			if err != nil || err2 != nil || err3 != nil {
				continue
			}
			pairs = append(pairs, pair{base, ref, nbase, nref})
			if len(pairs) == 4000 {
				break
			}
		}
		add("resolve", sh.name, "none", len(pairs), func() int {
			n := 0
			for i := range pairs {
				n += len(pairs[i].base.String())
			}
			return n
		})
		add("resolve", sh.name, "uri", len(pairs), func() int {
			n := 0
			for i := range pairs {
				t, _ := pairs[i].base.Resolve(pairs[i].ref)
				n += len(t.String())
			}
			return n
		})
		add("resolve", sh.name, "neturl", len(pairs), func() int {
			n := 0
			for i := range pairs {
				n += len(pairs[i].nbase.ResolveReference(pairs[i].nref).String())
			}
			return n
		})
	}
	return calls
}

func lastSegment(p string) string { return p[strings.LastIndexByte(p, '/')+1:] }

func escapeCalls() []call {
	kinds := []struct{ name, pattern string }{
		{"none", "abcdefghijklmnopqrstuvwxyz-0123456789_ABCDEFGHIJKLMNOPQRSTUVWXYZ.~"},
		{"some", " the quick brown fox jumps over the lazy dog,"},
		{"all", "日本語のテキストを符号化する"},
	}
	base := uri.MustParse("http://example.com/a?b")
	nbase, _ := url.Parse("http://example.com/a?b")
	var calls []call
	for _, size := range []int{16, 1 << 10, 64 << 10} {
		reps := max(1, 64<<10/size) // the same bytes at every size
		for _, k := range kinds {
			s := strings.Repeat(k.pattern, size/len(k.pattern)+1)[:size]
			path := "/" + s[1:] // an absolute path, as an authority needs
			name := fmt.Sprintf("%s/%d", k.name, size)
			add := func(op, lib string, f func() int) {
				calls = append(calls, call{"escape", op + "/" + name, lib, reps, func() int {
					n := 0
					for range reps {
						n += f()
					}
					return n
				}})
			}
			for _, op := range []string{"PathEscape", "QueryEscape", "WithDecodedPath", "WithDecodedQuery"} {
				add(op, "none", func() int { return len(s) })
			}
			add("PathEscape", "uri", func() int { return len(uri.Escape(s, uri.EscapePath)) })
			add("PathEscape", "neturl", func() int { return len(url.PathEscape(s)) })
			add("QueryEscape", "uri", func() int { return len(uri.Escape(s, uri.EscapeForm)) })
			add("QueryEscape", "neturl", func() int { return len(url.QueryEscape(s)) })
			add("WithDecodedPath", "uri", func() int {
				v, err := base.WithDecodedPath(path)
				if err != nil {
					panic(err)
				}
				return len(v.String())
			})
			// Both sides set the path of a URL parsed beforehand and
			// return the new text, with one allocation on clean text:
			// uri checks the path (RFC 3986, section 3.3), escapes it and
			// writes the text with its layout; net/url copies the
			// url.URL, sets Path and has String escape host and path
			// (no path rule, no layout). See BENCHMARKS.md, "Third
			// pass".
			add("WithDecodedPath", "neturl", func() int {
				v := *nbase
				v.Path = path
				return len(v.String())
			})
			add("WithDecodedQuery", "uri", func() int {
				v, err := base.WithDecodedQuery(s)
				if err != nil {
					panic(err)
				}
				return len(v.String())
			})
			add("WithDecodedQuery", "neturl", func() int {
				v := *nbase
				v.RawQuery = url.QueryEscape(s)
				return len(v.String())
			})
		}
	}
	return calls
}

func main() {
	esc := flag.Bool("escape", false, "measure the escapes (no list)")
	rounds := flag.Int("time", 0, "time `ROUNDS` interleaved rounds instead of counting")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: row38 [-time ROUNDS] FILE | row38 [-time ROUNDS] -escape")
		flag.PrintDefaults()
	}
	flag.Parse()
	var calls []call
	switch {
	case *esc && flag.NArg() == 0:
		calls = escapeCalls()
	case !*esc && flag.NArg() == 1:
		calls = listCalls(flag.Arg(0))
	default:
		flag.Usage()
		os.Exit(2)
	}
	if *rounds == 0 {
		for i := range calls {
			measure(&calls[i])
			c := &calls[i]
			fmt.Println(c.group, c.op, c.lib, c.n)
		}
		return
	}
	// Interleaved rounds: each round times every call once (repeated to
	// about 20 ms), so that the machine's noise spreads over all of them.
	runtime.LockOSThread()
	// The repetitions are found by doubling until a batch takes 20 ms:
	// the thread's CPU clock may tick coarsely.
	reps := make([]int, len(calls))
	for i := range calls {
		for reps[i] = 1; ; reps[i] *= 2 {
			t := cpuTime()
			for range reps[i] {
				measure(&calls[i])
			}
			if cpuTime()-t >= 20*time.Millisecond {
				break
			}
		}
	}
	ns := make([][]float64, len(calls))
	for range *rounds {
		for i := range calls {
			t := cpuTime()
			for range reps[i] {
				measure(&calls[i])
			}
			ns[i] = append(ns[i], float64(cpuTime()-t)/float64(reps[i]*calls[i].n))
		}
	}
	for i, c := range calls {
		slices.Sort(ns[i])
		fmt.Printf("%s %s %s %d %.1f %.1f %.1f\n", c.group, c.op, c.lib, c.n, ns[i][len(ns[i])/2], ns[i][0], ns[i][len(ns[i])-1])
	}
}
