package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/ferret-go/uri/viewer/site"
)

const serveHelp = `Serve serves the URI viewer, a page that shows as you type what the library
makes of a reference: the diagram of RFC 3986, section 3 with each component
named, the components raw and decoded (absent and empty told apart), the host,
the error with a caret under the offending character, the normal form, the
target and the shortest reference against a base, the IRI forms, and the
readings of the WHATWG URL Standard and of net/url. The library runs in the page, compiled to WebAssembly; the page makes
no request but to this server. The inputs are kept in the page's address,
#u=<reference>&base=<base>, percent-encoded, so that a view can be shared.
Text reaches the library as UTF-8: a lone UTF-16 surrogate, which a page's
text may hold, is read as U+FFFD.

It prints the page's address on standard output and serves until it is
interrupted. The page's files are embedded in the binary; the WebAssembly
ones are built by "go generate ./viewer/..." (run before building uri), and
without them the page says so.
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
	files := site.Files()
	if dir != "" {
		files = os.DirFS(dir)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		fmt.Fprintf(e.err, "uri serve: %v\n", err)
		return exitRejected
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return serve(e, ln, files, ctx.Done())
}

// serve serves the page of files on ln until done is closed, then stops
// the server and returns the exit status.
func serve(e *env, ln net.Listener, files fs.FS, done <-chan struct{}) int {
	if !site.HasWasm(files) {
		fmt.Fprintf(e.err, "uri serve: the page's WebAssembly is not built: run %q from the module's root, then build uri again\n", site.BuildCommand)
		e.err.Flush()
	}
	fmt.Fprintf(e.out, "uri serve: the viewer is at http://%s/\n", ln.Addr())
	e.out.Flush()
	srv := &http.Server{Handler: site.Handler(files), ReadHeaderTimeout: 10 * time.Second}
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
