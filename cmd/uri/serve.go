package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"net/netip"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/ferret-go/uri/viewer/site"
)

const serveHelp = `Serve serves the URI viewer, a page that shows as you type what the library
makes of a reference: the diagram of RFC 3986, section 3 with each component
named, the components raw and decoded (absent and empty told apart), the host,
the error with a caret under the offending character, the normal form, the
target and the shortest reference against a base, the IRI forms, the
readings of the WHATWG URL Standard and of net/url, lint's findings, and
every reader of "uri compare" side by side (RFC 3986, the URL Standard,
net/url, curl, Python, Node's legacy url.parse, Java, PHP), a card each,
its fields marked where they differ from what most readers give. The
inputs are kept in the page's address, #u=<reference>&base=<base>,
percent-encoded, so that a view can be shared.

The page's files are embedded in the binary. Where the binary also embeds
the library compiled to WebAssembly (built by "go generate ./viewer/..."
before building uri), the library runs in the page, and what is typed stays
in it. A binary built without it, as "go install" builds it, works all the
same: the page posts its inputs to /analyze on this server, which runs the
same Go code (viewer.Analyze) and answers the same JSON. Either way the page
makes no request but to this server, and text reaches the library as UTF-8:
a lone UTF-16 surrogate, which a page's text may hold, is read as U+FFFD.

It prints the page's address on standard output and serves until it is
interrupted.

The server answers only requests whose Host names it: localhost, 127.0.0.1,
[::1] or the host of --addr, with or without the port it listens on (and,
when it listens on every interface, this machine's addresses); any other
gets 421 Misdirected Request, so that a page of another site whose name is
made to resolve to this machine (DNS rebinding) cannot read it. /analyze
takes a POST of JSON of at most 64 KiB, from the page's own origin only (no
CORS). With --dir, a file is served only from inside the directory: a
symbolic link that leads out of it is refused. Slow or idle connections are
closed. An address that is not loopback (such as ":8080", every interface)
is served with a warning on standard error: other machines can then reach
the viewer.
`

// cmdServe serves the viewer's page (viewer/site).
var cmdServe = &command{
	name:     "serve",
	synopsis: "[--addr host:port] [--dir directory]",
	summary:  "serve the URI viewer, a live page, on a local address",
	help:     serveHelp,
	flags: func(fs *flag.FlagSet) runFunc {
		addr := fs.String("addr", "127.0.0.1:8080", "the `host:port` to listen on (port 0 picks a free one)")
		dir := fs.String("dir", "", "serve the page's files from `directory` instead of those\nembedded in the binary, to work on the page")
		return func(e *env, l *cmdLine) int { return runServe(e, l, *addr, *dir) }
	},
}

func runServe(e *env, l *cmdLine, addr, dir string) int {
	if len(l.args) > 0 {
		return l.usageError("serve takes no arguments")
	}
	files, closeFiles, err := serveFiles(dir)
	if err != nil {
		fmt.Fprintf(e.err, "uri serve: %v\n", err)
		return exitRejected
	}
	defer closeFiles()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		fmt.Fprintf(e.err, "uri serve: %v\n", err)
		return exitRejected
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return serve(e, ln, addr, files, defaultServeTimeouts(), ctx.Done())
}

// serveFiles returns the page's files: those embedded in the binary, or
// with dir those of the directory dir, opened through an os.Root, which
// keeps every open inside dir, symbolic links included; and what closes
// them.
func serveFiles(dir string) (fs.FS, func(), error) {
	if dir == "" {
		return site.Files(), func() {}, nil
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, nil, err
	}
	return rootFS{root.FS()}, func() { root.Close() }, nil
}

// serveTimeouts bound how long a connection may take over each step, so
// that a slow or idle client cannot hold one open for ever.
type serveTimeouts struct {
	readHeader time.Duration // to read a request's header
	read       time.Duration // to read a whole request
	write      time.Duration // from the end of the header to the end of the response
	idle       time.Duration // between two requests on a kept-alive connection
}

// defaultServeTimeouts are generous for a page of a few files on a local
// address, the largest being uri.wasm (a few MB, less gzipped).
func defaultServeTimeouts() serveTimeouts {
	return serveTimeouts{
		readHeader: 10 * time.Second,
		read:       30 * time.Second,
		write:      60 * time.Second,
		idle:       60 * time.Second,
	}
}

// serve serves the page of files on ln, which was opened for the address
// addr (the --addr flag), until done is closed, then stops the server and
// returns the exit status.
func serve(e *env, ln net.Listener, addr string, files fs.FS, t serveTimeouts, done <-chan struct{}) int {
	hosts := newHostCheck(addr, ln.Addr())
	if w := hosts.warning(); w != "" {
		fmt.Fprintf(e.err, "uri serve: warning: %s\n", w)
	}
	e.err.Flush()
	fmt.Fprintf(e.out, "uri serve: the viewer is at http://%s/\n", hosts.link())
	e.out.Flush()
	srv := &http.Server{
		Handler:           hosts.guard(site.Handler(files)),
		ReadHeaderTimeout: t.readHeader,
		ReadTimeout:       t.read,
		WriteTimeout:      t.write,
		IdleTimeout:       t.idle,
		MaxHeaderBytes:    64 << 10,
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err := <-served:
		fmt.Fprintf(e.err, "uri serve: %v\n", err)
		return exitRejected
	case <-done:
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(ctx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintf(e.err, "uri serve: %v\n", err)
		return exitRejected
	}
	return exitOK
}

// rootFS is the files of --dir, opened through an os.Root: a name that
// leads out of the directory (by "..", or by a symbolic link) fails to
// open. Every failure but a missing file reads as fs.ErrPermission, which
// the file server answers with 403 rather than 500.
type rootFS struct{ fsys fs.FS }

func (r rootFS) Open(name string) (fs.File, error) {
	f, err := r.fsys.Open(name)
	if err != nil && !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, fs.ErrPermission) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fmt.Errorf("%w: %v", fs.ErrPermission, err)}
	}
	return f, err
}

// hostCheck is the Host header values the server answers: the names of
// loopback and of the listening address, each with or without the port it
// listens on. It defeats DNS rebinding, where a page of another site gets
// its own name to resolve to this machine's address: the browser then
// sends that name as Host, which is not one of these.
type hostCheck struct {
	port  string       // the port listened on, in decimal
	names []string     // host names, lower case
	addrs []netip.Addr // IP addresses
	bound netip.Addr   // the address listened on (unspecified: every interface)
}

// newHostCheck makes the check for a server that listens on ln, opened
// for addr (host:port, the host possibly empty).
func newHostCheck(addr string, ln net.Addr) *hostCheck {
	h := &hostCheck{
		names: []string{"localhost"},
		addrs: []netip.Addr{netip.AddrFrom4([4]byte{127, 0, 0, 1}), netip.IPv6Loopback()},
	}
	if ap, err := netip.ParseAddrPort(ln.String()); err == nil {
		h.bound = ap.Addr().Unmap()
		h.port = strconv.Itoa(int(ap.Port()))
		h.addrs = append(h.addrs, h.bound)
	}
	if host, _, err := net.SplitHostPort(addr); err == nil && host != "" {
		if ip, err := netip.ParseAddr(host); err == nil {
			h.addrs = append(h.addrs, ip.Unmap())
		} else {
			h.names = append(h.names, strings.ToLower(host))
		}
	}
	if h.bound.IsUnspecified() {
		// Every interface: each of this machine's addresses reaches the
		// server. An IP address in Host cannot be rebound.
		if ifaddrs, err := net.InterfaceAddrs(); err == nil {
			for _, a := range ifaddrs {
				if n, ok := a.(*net.IPNet); ok {
					if ip, ok := netip.AddrFromSlice(n.IP); ok {
						h.addrs = append(h.addrs, ip.Unmap())
					}
				}
			}
		}
	}
	return h
}

// allows reports whether the Host header value hostport (RFC 9110,
// section 7.2: uri-host [ ":" port ]) names this server: a loopback name or
// address, or the listening one, and no port but the one listened on.
func (h *hostCheck) allows(hostport string) bool {
	host, port, hasPort := hostport, "", false
	if strings.HasPrefix(hostport, "[") {
		// An IP literal (RFC 3986, section 3.2.2), IPv6 only.
		end := strings.IndexByte(hostport, ']')
		if end < 0 {
			return false
		}
		rest := hostport[end+1:]
		host = hostport[1:end]
		if rest != "" {
			if rest[0] != ':' {
				return false
			}
			port, hasPort = rest[1:], true
		}
		ip, err := netip.ParseAddr(host)
		if err != nil || !ip.Is6() || ip.Zone() != "" {
			return false
		}
		return h.portOK(port, hasPort) && h.hasAddr(ip)
	}
	if i := strings.LastIndexByte(hostport, ':'); i >= 0 {
		host, port, hasPort = hostport[:i], hostport[i+1:], true
	}
	if !h.portOK(port, hasPort) {
		return false
	}
	if ip, err := netip.ParseAddr(host); err == nil {
		return ip.Is4() && h.hasAddr(ip)
	}
	for _, n := range h.names {
		if strings.EqualFold(host, n) {
			return true
		}
	}
	return false
}

// portOK reports whether a Host's port, if it has one, is the port
// listened on, written the same way.
func (h *hostCheck) portOK(port string, has bool) bool {
	return !has || port == h.port
}

func (h *hostCheck) hasAddr(ip netip.Addr) bool { return slices.Contains(h.addrs, ip) }

// link is the host:port of the page's address: the one listened on, or
// localhost's when that is every interface.
func (h *hostCheck) link() string {
	host := "localhost"
	if !h.bound.IsUnspecified() && h.bound.IsValid() {
		host = h.bound.String()
	}
	return net.JoinHostPort(host, h.port)
}

// warning is what to say of an address other machines can reach, or "".
func (h *hostCheck) warning() string {
	switch {
	case !h.bound.IsValid() || h.bound.IsLoopback():
		return ""
	case h.bound.IsUnspecified():
		return "listening on every interface (port " + h.port + "): other machines that reach this one can use the viewer; --addr 127.0.0.1:" + h.port + " keeps it to this machine"
	}
	return "listening on " + h.bound.String() + ", not a loopback address: other machines that reach it can use the viewer; --addr 127.0.0.1:" + h.port + " keeps it to this machine"
}

// guard answers 421 Misdirected Request (RFC 9110, section 15.5.20) to a
// request whose Host does not name this server, and passes the others to
// next.
func (h *hostCheck) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !h.allows(r.Host) {
			w.Header().Set("Connection", "close")
			http.Error(w, "421 misdirected request: this server answers only for localhost, its loopback and listening addresses", http.StatusMisdirectedRequest)
			return
		}
		next.ServeHTTP(w, r)
	})
}
