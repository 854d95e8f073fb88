// Package site serves the viewer's page: the HTML, script and style in
// files/, embedded in the binary, with the WebAssembly build of the viewer
// (files/uri.wasm) and the Go toolchain's wasm_exec.js when they have been
// built. They are not in the repository: "go generate ./viewer/..." builds
// them (see gen.go), and a binary built after that embeds them.
//
// A binary built without them, as "go install" builds it, serves the page
// all the same: the page then asks the server, at [AnalyzePath], for what
// the WebAssembly would have answered, and the server answers it with the
// same function, [viewer.Analyze], and the same JSON.
package site

//go:generate go run gen.go

import (
	"bytes"
	"compress/gzip"
	"embed"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/ferret-go/uri/viewer"
)

//go:embed files
var embedded embed.FS

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

// contentSecurityPolicy keeps the page to its own origin: no request
// leaves the server it came from. 'wasm-unsafe-eval' lets it compile
// uri.wasm.
const contentSecurityPolicy = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; " +
	"style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// AnalyzePath is where the page asks the server for the report of
// [viewer.Analyze] when it has no WebAssembly: a POST of the JSON object
// {"u": reference, "base": base} (Content-Type application/json, at most
// [MaxAnalyzeBody] bytes), answered with the report's JSON, the very bytes
// the WebAssembly's uriView returns for the same strings. The strings are
// read as UTF-8, invalid bytes and lone surrogates (\ud800) as U+FFFD,
// which is how the WebAssembly reads the page's text.
//
// It answers only its own page: a request that a browser marks as sent
// from another site (Sec-Fetch-Site, Origin) is refused, no CORS header is
// sent, and a JSON body needs a preflight that nothing answers, so another
// site's page cannot even send one.
const AnalyzePath = "/analyze"

// MaxAnalyzeBody is the longest request body [AnalyzePath] takes (413
// beyond): making the report and its JSON allocates up to about 190 bytes
// per byte of input (64 KiB of 0xff bytes: 12 MB; about 800 before issue
// 34's work on it), and a person types far less.
const MaxAnalyzeBody = 64 << 10

// maxAnalyzing is how many reports a server makes at once; more requests
// wait their turn.
const maxAnalyzing = 2

// Handler serves the files of fsys (Files, or a directory for work on the
// page) at the root, with a policy that keeps the page from making requests
// anywhere else, and gzip for the clients that take it; and the answers of
// [AnalyzePath].
func Handler(fsys fs.FS) http.Handler {
	return &handler{fsys: fsys, files: http.FileServerFS(fsys), started: time.Now(), analyzing: make(chan struct{}, maxAnalyzing)}
}

type handler struct {
	fsys      fs.FS
	files     http.Handler
	started   time.Time
	analyzing chan struct{} // a token per report being made

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
	if r.URL.Path == AnalyzePath {
		h.analyze(w, r)
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

// analyze answers a POST to AnalyzePath with the report of viewer.Analyze.
func (h *handler) analyze(w http.ResponseWriter, r *http.Request) {
	hd := w.Header()
	if r.Method != http.MethodPost {
		hd.Set("Allow", http.MethodPost)
		http.Error(w, `405 method not allowed: POST {"u": reference, "base": base} as application/json`, http.StatusMethodNotAllowed)
		return
	}
	// Fetch Metadata and Origin, which browsers send: only the page of
	// this server may ask.
	if s := r.Header.Get("Sec-Fetch-Site"); s != "" && s != "same-origin" {
		http.Error(w, "403 forbidden: only the viewer's own page may ask", http.StatusForbidden)
		return
	}
	if o := r.Header.Get("Origin"); o != "" && o != "http://"+r.Host {
		http.Error(w, "403 forbidden: only the viewer's own page may ask", http.StatusForbidden)
		return
	}
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
		http.Error(w, "415 unsupported media type: the body is application/json", http.StatusUnsupportedMediaType)
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxAnalyzeBody))
	if err != nil {
		if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
			http.Error(w, "413 content too large: the viewer's server takes at most "+strconv.Itoa(MaxAnalyzeBody>>10)+" KiB", http.StatusRequestEntityTooLarge)
			return
		}
		http.Error(w, "400 bad request: "+err.Error(), http.StatusBadRequest)
		return
	}
	var in struct {
		U    string `json:"u"`
		Base string `json:"base"`
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil || dec.More() {
		if err == nil {
			err = errors.New("data after the object")
		}
		http.Error(w, `400 bad request: want {"u": reference, "base": base}: `+err.Error(), http.StatusBadRequest)
		return
	}
	select {
	case h.analyzing <- struct{}{}:
	case <-r.Context().Done():
		return
	}
	report := viewer.Analyze(in.U, in.Base).JSON()
	<-h.analyzing
	hd.Set("Content-Type", "application/json; charset=utf-8")
	hd.Set("Cache-Control", "no-store")
	w.Write(report)
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
