// Command guardget is the subject of guardget.sh, which counts under
// valgrind's callgrind the instructions of a whole process that makes N
// GET requests to a server on 127.0.0.1 in the same process, through
// guard.Guard.Client (127.0.0.1/32 in Allow) or a plain http.Client with
// the same transport settings, keep-alive on or off: the per-request
// difference is the guard's cost, in a measure that the machine's load
// does not change (issue 36's target: at most 10% over the plain client).
//
// Usage: guardget plain|guard on|off N
package main

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"os"
	"strconv"
	"time"

	"github.com/ferret-go/uri/guard"
)

func main() {
	if len(os.Args) != 4 {
		fmt.Fprintln(os.Stderr, "usage: guardget plain|guard on|off N")
		os.Exit(2)
	}
	n, err := strconv.Atoi(os.Args[3])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	go http.Serve(l, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "hello, world\n")
	}))
	var c *http.Client
	switch os.Args[1] {
	case "plain":
		d := &net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second}
		c = &http.Client{Transport: &http.Transport{
			DialContext: d.DialContext, ForceAttemptHTTP2: true, MaxIdleConns: 100,
			IdleConnTimeout: 90 * time.Second,
		}}
	case "guard":
		g := &guard.Guard{Allow: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}}
		g.Policy.AllowIP = true
		c = g.Client()
	default:
		fmt.Fprintln(os.Stderr, "usage: guardget plain|guard on|off N")
		os.Exit(2)
	}
	url := "http://" + l.Addr().String() + "/a/b?c=d"
	total := 0
	for range n {
		req, _ := http.NewRequest("GET", url, nil)
		req.Close = os.Args[2] == "off"
		resp, err := c.Do(req)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		total += len(b)
	}
	fmt.Println(n, total)
}
