// Command neturljson is the baseline of bench/cmd.sh: what a plain Go
// program does with net/url and encoding/json for the work that the uri
// command's parse --json, check, normalize, edit --set and get do, one URL
// per line of standard input, on one goroutine.
//
// Usage: neturljson parse|check|normalize|set|get < urls.txt
//
// net/url's grammar is not RFC 3986's (it accepts spaces and rejects some
// valid references), so this measures the cost of the same kind of work,
// not the same answers. normalize is what net/url offers: lower-case scheme
// and host, a default port dropped, dot segments removed by resolving
// against the URL itself; set replaces the host, get prints the host.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"
	"strings"
)

// parsed is the JSON object of one line, with the members of uri parse
// --json.
type parsed struct {
	Input    string   `json:"input"`
	OK       bool     `json:"ok"`
	Error    string   `json:"error,omitempty"`
	Scheme   *string  `json:"scheme,omitempty"`
	Userinfo *string  `json:"userinfo,omitempty"`
	Host     *string  `json:"host,omitempty"`
	Port     *string  `json:"port,omitempty"`
	Path     *string  `json:"path,omitempty"`
	Segments []string `json:"segments,omitempty"`
	Query    *string  `json:"query,omitempty"`
	Fragment *string  `json:"fragment,omitempty"`
}

func strp(s string) *string { return &s }

var defaultPorts = map[string]string{"http": "80", "https": "443", "ws": "80", "wss": "443", "ftp": "21"}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: neturljson parse|check|normalize|set|get < urls")
		os.Exit(2)
	}
	mode := os.Args[1]
	in := bufio.NewReaderSize(os.Stdin, 64<<10)
	out := bufio.NewWriterSize(os.Stdout, 64<<10)
	errw := bufio.NewWriter(os.Stderr)
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	bad := false
	for {
		line, err := in.ReadString('\n')
		if err == io.EOF && line == "" {
			break
		}
		if err != nil && err != io.EOF {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		line = strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")
		u, perr := url.Parse(line)
		if perr != nil {
			bad = true
			if mode == "parse" {
				enc.Encode(parsed{Input: line, Error: perr.Error()})
			} else {
				fmt.Fprintf(errw, "%q: %v\n", line, perr)
			}
			continue
		}
		switch mode {
		case "parse":
			p := parsed{Input: line, OK: true, Path: strp(u.EscapedPath())}
			if u.Scheme != "" {
				p.Scheme = strp(u.Scheme)
			}
			if u.User != nil {
				p.Userinfo = strp(u.User.String())
			}
			if u.Host != "" || strings.HasPrefix(line[len(u.Scheme):], "://") {
				p.Host = strp(u.Hostname())
			}
			if port := u.Port(); port != "" {
				p.Port = strp(port)
			}
			if u.RawQuery != "" || u.ForceQuery {
				p.Query = strp(u.RawQuery)
			}
			if u.Fragment != "" {
				p.Fragment = strp(u.EscapedFragment())
			}
			if path := u.EscapedPath(); path != "" {
				p.Segments = strings.Split(path, "/")
			}
			enc.Encode(p)
		case "check":
		case "normalize":
			u.Scheme = strings.ToLower(u.Scheme)
			u.Host = strings.ToLower(u.Host)
			if port := u.Port(); port != "" && defaultPorts[u.Scheme] == port {
				u.Host = strings.TrimSuffix(u.Host, ":"+port)
			}
			if u.Path != "" && u.Opaque == "" {
				u = u.ResolveReference(&url.URL{Path: u.EscapedPath(), RawQuery: u.RawQuery, Fragment: u.Fragment})
			}
			out.WriteString(u.String())
			out.WriteByte('\n')
		case "set":
			u.Host = "example.org"
			out.WriteString(u.String())
			out.WriteByte('\n')
		case "get":
			out.WriteString(u.Hostname())
			out.WriteByte('\n')
		default:
			fmt.Fprintln(os.Stderr, "unknown mode", mode)
			os.Exit(2)
		}
	}
	out.Flush()
	errw.Flush()
	if bad {
		os.Exit(1)
	}
}
