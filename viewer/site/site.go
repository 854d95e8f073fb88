// Package site serves the viewer's page: the HTML, script and style in
// files/, embedded in the binary, with the WebAssembly build of the viewer
// (files/uri.wasm) and the Go toolchain's wasm_exec.js when they have been
// built. They are not in the repository: "go generate ./viewer/..." builds
// them (see gen.go), and a binary built after that embeds them.
package site

//go:generate go run gen.go

import (
	"bytes"
	"compress/gzip"
	"embed"
	"io/fs"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"
)

//go:embed files
var embedded embed.FS

// BuildCommand is the command that builds the WebAssembly files, run from
// the module's root.
const BuildCommand = "go generate ./viewer/..."

// Files returns the page's files: index.html, viewer.js, viewer.css and,
// once built, uri.wasm and wasm_exec.js.
func Files() fs.FS {
	f, err := fs.Sub(embedded, "files")
	if err != nil {
		// Not reached: "files" is a valid name, and a directory of
		// embedded by the go:embed line.
		return embedded
	}
	return f
}

// HasWasm reports whether the WebAssembly files are in fsys; without them
// the page says how to build them.
func HasWasm(fsys fs.FS) bool {
	for _, name := range []string{"uri.wasm", "wasm_exec.js"} {
		if _, err := fs.Stat(fsys, name); err != nil {
			return false
		}
	}
	return true
}

// contentSecurityPolicy keeps the page to its own origin: no request
// leaves the server it came from. 'wasm-unsafe-eval' lets it compile
// uri.wasm.
const contentSecurityPolicy = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; " +
	"style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// Handler serves the files of fsys (Files, or a directory for work on the
// page) at the root, with a policy that keeps the page from making requests
// anywhere else, and gzip for the clients that take it.
func Handler(fsys fs.FS) http.Handler {
	return &handler{fsys: fsys, files: http.FileServerFS(fsys), started: time.Now()}
}

type handler struct {
	fsys    fs.FS
	files   http.Handler
	started time.Time

	mu      sync.Mutex
	gzipped map[string][]byte // compressed files, by name, made once
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	hd := w.Header()
	hd.Set("Content-Security-Policy", contentSecurityPolicy)
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Referrer-Policy", "no-referrer")
	hd.Set("Cache-Control", "no-cache")
	if strings.IndexByte(r.URL.Path, 0) >= 0 {
		// No file name holds a NUL, and the system's calls reject it: a
		// bad request, not a server error.
		http.Error(w, "400 bad request: NUL in the path", http.StatusBadRequest)
		return
	}
	name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
	if name == "" {
		name = "index.html"
	}
	if (r.Method == http.MethodGet || r.Method == http.MethodHead) && acceptsGzip(r) && compressible(name) {
		if z, ok := h.compressed(name); ok {
			hd.Set("Content-Encoding", "gzip")
			hd.Add("Vary", "Accept-Encoding")
			if ct := contentType(name); ct != "" {
				hd.Set("Content-Type", ct)
			}
			http.ServeContent(w, r, "", h.started, bytes.NewReader(z))
			return
		}
	}
	if ct := contentType(name); ct != "" {
		hd.Set("Content-Type", ct)
	}
	h.files.ServeHTTP(w, r)
}

// compressed returns the gzip of the file name, made on first use.
func (h *handler) compressed(name string) ([]byte, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if z, ok := h.gzipped[name]; ok {
		return z, true
	}
	data, err := fs.ReadFile(h.fsys, name)
	if err != nil {
		return nil, false
	}
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	zw.Write(data)
	zw.Close()
	if h.gzipped == nil {
		h.gzipped = map[string][]byte{}
	}
	h.gzipped[name] = b.Bytes()
	return b.Bytes(), true
}

func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(coding), "gzip") {
			_, q, ok := strings.Cut(params, "q=")
			if !ok {
				return true
			}
			v, err := strconv.ParseFloat(strings.TrimSpace(q), 64)
			return err == nil && v > 0
		}
	}
	return false
}

func compressible(name string) bool {
	switch path.Ext(name) {
	case ".wasm", ".js", ".css", ".html":
		return true
	}
	return false
}

// contentType is the type of the page's files, whatever the system's MIME
// tables say: WebAssembly must be application/wasm to be compiled as it
// streams in.
func contentType(name string) string {
	switch path.Ext(name) {
	case ".wasm":
		return "application/wasm"
	case ".js":
		return "text/javascript; charset=utf-8"
	case ".css":
		return "text/css; charset=utf-8"
	case ".html":
		return "text/html; charset=utf-8"
	}
	return ""
}
