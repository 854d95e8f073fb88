package site

import (
	"io/fs"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
)

// The page is in the binary, and asks for nothing outside its own origin:
// every script, style and icon it loads is a relative path or data:.
func TestFilesStayOnTheirOrigin(t *testing.T) {
	files := Files()
	html, err := fs.ReadFile(files, "index.html")
	if err != nil {
		t.Fatal(err)
	}
	loads := regexp.MustCompile(`<(?:script|link|img|iframe|source)\b[^>]*\b(?:src|href)="([^"]*)"`)
	found := 0
	for _, m := range loads.FindAllStringSubmatch(string(html), -1) {
		found++
		ref := m[1]
		if strings.Contains(ref, "//") || (strings.Contains(ref, ":") && !strings.HasPrefix(ref, "data:")) {
			t.Errorf("index.html loads %q, not from its own origin", ref)
		}
		if !strings.HasPrefix(ref, "data:") && ref != "wasm_exec.js" {
			if _, err := fs.Stat(files, ref); err != nil {
				t.Errorf("index.html loads %q, which is not embedded", ref)
			}
		}
	}
	if found < 3 {
		t.Errorf("found %d loads in index.html, want the style and two scripts at least", found)
	}
	// The script fetches only its own files, and opens no other channel;
	// the style loads nothing.
	js, err := fs.ReadFile(files, "viewer.js")
	if err != nil {
		t.Fatal(err)
	}
	fetches := 0
	for _, m := range regexp.MustCompile(`fetch\(([^,)]*)[,)]`).FindAllStringSubmatch(string(js), -1) {
		fetches++
		name, ok := strings.CutPrefix(m[1], "'")
		name, ok2 := strings.CutSuffix(name, "'")
		if !ok || !ok2 || !regexp.MustCompile(`^[\w.-]+$`).MatchString(name) {
			t.Errorf("viewer.js fetches %s, not a path of its own server", m[1])
		} else if "/"+name != AnalyzePath && name != "uri.wasm" {
			t.Errorf("viewer.js fetches %s, neither uri.wasm nor %s", m[1], AnalyzePath)
		}
	}
	if fetches != 2 {
		t.Errorf("viewer.js has %d fetches, want 2 (uri.wasm, %s)", fetches, AnalyzePath)
	}
	for _, api := range []string{"XMLHttpRequest", "WebSocket", "EventSource", "sendBeacon", "import(", "<img"} {
		if strings.Contains(string(js), api) {
			t.Errorf("viewer.js uses %s", api)
		}
	}
	css, err := fs.ReadFile(files, "viewer.css")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(css), "url(") || strings.Contains(string(css), "@import") {
		t.Error("viewer.css loads something")
	}
}

func TestAcceptsGzip(t *testing.T) {
	for header, want := range map[string]bool{
		"":                       false,
		"gzip":                   true,
		"gzip, deflate, br":      true,
		"br;q=1.0, gzip;q=0.8":   true,
		"GZIP":                   true,
		"gzip;q=0":               false,
		"deflate":                false,
		"x-gzip":                 false,
		"identity, gzip;q=0.001": true,
	} {
		r := httptest.NewRequest("GET", "/", nil)
		if header != "" {
			r.Header.Set("Accept-Encoding", header)
		}
		if got := acceptsGzip(r); got != want {
			t.Errorf("Accept-Encoding %q: %v, want %v", header, got, want)
		}
	}
}

// WebAssembly must be served as application/wasm to be compiled as it
// streams in (WebAssembly.instantiateStreaming).
func TestWasmType(t *testing.T) {
	h := Handler(fstest.MapFS{"uri.wasm": {Data: []byte("\x00asm")}})
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "/uri.wasm", nil))
	if ct := w.Header().Get("Content-Type"); ct != "application/wasm" || w.Body.String() != "\x00asm" {
		t.Errorf("uri.wasm: %q %q", ct, w.Body.String())
	}
	if !strings.Contains(w.Header().Get("Content-Security-Policy"), "'wasm-unsafe-eval'") {
		t.Errorf("the policy does not let the page compile WebAssembly: %q", w.Header().Get("Content-Security-Policy"))
	}
}
