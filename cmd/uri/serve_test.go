package main

import (
	"bufio"
	"compress/gzip"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"testing/fstest"
)

// serve prints its address, serves the page with the policy that keeps it
// to its own origin, and stops when told.
func TestServe(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	files := fstest.MapFS{
		"index.html":   {Data: []byte("<!doctype html><title>viewer</title>")},
		"viewer.js":    {Data: []byte("'use strict';")},
		"uri.wasm":     {Data: []byte("\x00asm\x01\x00\x00\x00")},
		"wasm_exec.js": {Data: []byte("// Go")},
	}
	var out, errb strings.Builder
	e := &env{}
	e.outw.w, e.errw.w = &out, &errb
	e.out = bufio.NewWriter(&e.outw)
	e.err = bufio.NewWriter(&e.errw)
	done := make(chan struct{})
	code := make(chan int)
	go func() { code <- serve(e, ln, files, done) }()

	url := "http://" + ln.Addr().String() + "/"
	get := func(path string, gz bool) (*http.Response, string) {
		t.Helper()
		req, _ := http.NewRequest("GET", url+path, nil)
		if gz {
			req.Header.Set("Accept-Encoding", "gzip")
		}
		resp, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var body io.Reader = resp.Body
		if resp.Header.Get("Content-Encoding") == "gzip" {
			if body, err = gzip.NewReader(resp.Body); err != nil {
				t.Fatal(err)
			}
		}
		b, _ := io.ReadAll(body)
		return resp, string(b)
	}
	resp, body := get("", false)
	if resp.StatusCode != 200 || !strings.Contains(body, "<title>viewer</title>") {
		t.Errorf("GET /: %s %q", resp.Status, body)
	}
	if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'none'") || !strings.Contains(csp, "connect-src 'self'") {
		t.Errorf("policy %q", csp)
	}
	resp, body = get("uri.wasm", true)
	if resp.Header.Get("Content-Type") != "application/wasm" || resp.Header.Get("Content-Encoding") != "gzip" || body != "\x00asm\x01\x00\x00\x00" {
		t.Errorf("GET /uri.wasm: %q %q %q", resp.Header.Get("Content-Type"), resp.Header.Get("Content-Encoding"), body)
	}
	if resp, _ = get("nothing", false); resp.StatusCode != 404 {
		t.Errorf("GET /nothing: %s", resp.Status)
	}
	close(done)
	if c := <-code; c != exitOK {
		t.Errorf("exit status %d, stderr %q", c, errb.String())
	}
	if want := "uri serve: the viewer is at " + url + "\n"; out.String() != want {
		t.Errorf("stdout %q, want %q", out.String(), want)
	}
	if errb.String() != "" {
		t.Errorf("stderr %q", errb.String())
	}
}

// Without the WebAssembly files serve says how to build them.
func TestServeWithoutWasm(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var errb strings.Builder
	e := &env{}
	e.outw.w, e.errw.w = io.Discard, &errb
	e.out = bufio.NewWriter(&e.outw)
	e.err = bufio.NewWriter(&e.errw)
	done := make(chan struct{})
	close(done)
	if c := serve(e, ln, fstest.MapFS{"index.html": {}}, done); c != exitOK {
		t.Errorf("exit status %d", c)
	}
	if !strings.Contains(errb.String(), `"go generate ./viewer/..."`) {
		t.Errorf("stderr %q does not say how to build the page", errb.String())
	}
}

func TestServeUsage(t *testing.T) {
	runCmdTests(t, []cmdTest{
		{name: "argument", args: []string{"serve", "x"}, code: exitUsage,
			stderr: "uri serve: serve takes no arguments\nUsage: uri serve [--addr host:port] [--dir directory]\nRun \"uri serve --help\" for more.\n"},
		{name: "bad address", args: []string{"serve", "--addr", "127.0.0.1:99999"}, code: exitRejected,
			stderr: "uri serve: listen tcp: address 99999: invalid port\n"},
	})
}
