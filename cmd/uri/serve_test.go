package main

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/ferret-go/uri/viewer"
	"github.com/ferret-go/uri/viewer/site"
)

// lockedBuilder is a strings.Builder that the server's goroutine writes
// and the test reads.
type lockedBuilder struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuilder) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuilder) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// served is a server started by serve for a test.
type served struct {
	url      string // "http://127.0.0.1:port/"
	addr     string // "127.0.0.1:port"
	out, err *lockedBuilder
	stop     func() int // stops it, returns the exit status
}

// startServe runs serve on a listener opened for addr (the --addr flag)
// with files and timeouts t, until the test ends or stop is called.
func startServe(t *testing.T, addr string, files fs.FS, to serveTimeouts) *served {
	t.Helper()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	s := &served{out: &lockedBuilder{}, err: &lockedBuilder{}}
	e := &env{}
	e.outw.w, e.errw.w = s.out, s.err
	e.out = bufio.NewWriter(&e.outw)
	e.err = bufio.NewWriter(&e.errw)
	done := make(chan struct{})
	code := make(chan int, 1)
	go func() { code <- serve(e, ln, addr, files, to, done) }()
	var once sync.Once
	status := -1
	s.stop = func() int {
		once.Do(func() { close(done); status = <-code })
		return status
	}
	t.Cleanup(func() { s.stop() })
	s.addr = ln.Addr().String()
	s.url = "http://" + s.addr + "/"
	return s
}

// rawGet sends a GET of target with the Host header host (none when host
// is "") on a connection of its own, and returns the status and body.
func rawGet(t *testing.T, addr, target, host string) (int, string) {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(10 * time.Second))
	proto, hostLine := "HTTP/1.1", "Host: "+host+"\r\n"
	if host == "" {
		proto, hostLine = "HTTP/1.0", ""
	}
	fmt.Fprintf(c, "GET %s %s\r\n%sConnection: close\r\n\r\n", target, proto, hostLine)
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("GET %s, Host %q: %v", target, host, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

var testFiles = fstest.MapFS{
	"index.html":   {Data: []byte("<!doctype html><title>viewer</title>")},
	"viewer.js":    {Data: []byte("'use strict';")},
	"uri.wasm":     {Data: []byte("\x00asm\x01\x00\x00\x00")},
	"wasm_exec.js": {Data: []byte("// Go")},
}

// serve prints its address, serves the page with the policy that keeps it
// to its own origin, and stops when told.
func TestServe(t *testing.T) {
	s := startServe(t, "127.0.0.1:0", testFiles, defaultServeTimeouts())
	get := func(path string, gz bool) (*http.Response, string) {
		t.Helper()
		req, _ := http.NewRequest("GET", s.url+path, nil)
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
	if c := s.stop(); c != exitOK {
		t.Errorf("exit status %d, stderr %q", c, s.err.String())
	}
	if want := "uri serve: the viewer is at " + s.url + "\n"; s.out.String() != want {
		t.Errorf("stdout %q, want %q", s.out.String(), want)
	}
	if s.err.String() != "" {
		t.Errorf("stderr %q", s.err.String())
	}
}

// Without the WebAssembly files (a binary built by "go install") serve
// says nothing of them: the page asks the server instead, which answers
// with the bytes the WebAssembly's uriView gives, those of viewer.Analyze's
// report, and only to its own page.
func TestServeAnalyze(t *testing.T) {
	s := startServe(t, "127.0.0.1:0", fstest.MapFS{"index.html": {}}, defaultServeTimeouts())
	_, port, _ := net.SplitHostPort(s.addr)
	post := func(body string, header ...string) (int, http.Header, string) {
		t.Helper()
		req, _ := http.NewRequest("POST", s.url+"analyze", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		for i := 0; i+1 < len(header); i += 2 {
			if header[i] == "Host" {
				req.Host = header[i+1]
			} else {
				req.Header.Set(header[i], header[i+1])
			}
		}
		resp, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, resp.Header, string(b)
	}
	for _, tc := range []struct{ body, ref, base string }{
		{`{"u":"foo://example.com:8042/over/there?name=ferret#nose"}`, "foo://example.com:8042/over/there?name=ferret#nose", ""},
		{`{"u":"../g?y#s","base":"http://a/b/c/d;p?q"}`, "../g?y#s", "http://a/b/c/d;p?q"},
		{`{"u":"http://exa mple.com/"}`, "http://exa mple.com/", ""},
		// JSON.stringify writes a lone surrogate as \ud800; the page's
		// WebAssembly reads it as U+FFFD (syscall/js), and so does the
		// server.
		{`{"u":"http://a/\ud800"}`, "http://a/\ufffd", ""},
		{"{\"u\":\"http://a/\xff\"}", "http://a/\ufffd", ""},
		{`{}`, "", ""},
	} {
		code, hd, body := post(tc.body, "Origin", "http://"+s.addr, "Sec-Fetch-Site", "same-origin")
		if want := string(viewer.Analyze(tc.ref, tc.base).JSON()); code != 200 || body != want {
			t.Errorf("POST %s: %d %.200q, want the report of %q against %q", tc.body, code, body, tc.ref, tc.base)
		}
		if ct := hd.Get("Content-Type"); ct != "application/json; charset=utf-8" {
			t.Errorf("POST %s: Content-Type %q", tc.body, ct)
		}
	}
	// What the page reads: RFC 3986, section 3's example is a URI whose
	// scheme is "foo".
	_, _, body := post(`{"u":"foo://example.com:8042/over/there?name=ferret#nose"}`)
	var r struct {
		OK         bool
		Kind       string
		Components []struct{ Name, Raw string }
	}
	if err := json.Unmarshal([]byte(body), &r); err != nil || !r.OK || r.Kind != "URI" || len(r.Components) == 0 || r.Components[0].Name != "scheme" || r.Components[0].Raw != "foo" {
		t.Errorf("report %+v (%v)", r, err)
	}

	for _, tc := range []struct {
		name   string
		body   string
		header []string
		want   int
	}{
		{"another site's page", `{}`, []string{"Sec-Fetch-Site", "cross-site"}, 403},
		{"a sibling site's page", `{}`, []string{"Sec-Fetch-Site", "same-site"}, 403},
		{"another origin", `{}`, []string{"Origin", "http://evil.example"}, 403},
		{"another port", `{}`, []string{"Origin", "http://127.0.0.1:1"}, 403},
		{"rebound name", `{}`, []string{"Host", "evil.example:" + port}, 421},
		{"text/plain", `{}`, []string{"Content-Type", "text/plain"}, 415},
		{"form", `u=x`, []string{"Content-Type", "application/x-www-form-urlencoded"}, 415},
		{"not JSON", `u=x`, nil, 400},
		{"an unknown field", `{"u":"a","x":1}`, nil, 400},
		{"two objects", `{"u":"a"}{"u":"b"}`, nil, 400},
		{"a number", `{"u":1}`, nil, 400},
		{"over the limit", `{"u":"` + strings.Repeat("a", site.MaxAnalyzeBody) + `"}`, nil, 413},
		{"at the limit", `{"u":"` + strings.Repeat("a", site.MaxAnalyzeBody-9) + `"}`, nil, 200},
	} {
		code, hd, _ := post(tc.body, tc.header...)
		if code != tc.want {
			t.Errorf("%s: %d, want %d", tc.name, code, tc.want)
		}
		if acao := hd.Get("Access-Control-Allow-Origin"); acao != "" {
			t.Errorf("%s: Access-Control-Allow-Origin %q", tc.name, acao)
		}
	}
	// No other method, and no CORS preflight: another site's page cannot
	// send a JSON body.
	for _, method := range []string{"GET", "OPTIONS", "PUT"} {
		req, _ := http.NewRequest(method, s.url+"analyze", nil)
		req.Header.Set("Origin", "http://evil.example")
		req.Header.Set("Access-Control-Request-Method", "POST")
		resp, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 405 || resp.Header.Get("Allow") != "POST" || resp.Header.Get("Access-Control-Allow-Origin") != "" {
			t.Errorf("%s: %s, Allow %q, ACAO %q", method, resp.Status, resp.Header.Get("Allow"), resp.Header.Get("Access-Control-Allow-Origin"))
		}
	}
	if c := s.stop(); c != exitOK || s.err.String() != "" {
		t.Errorf("exit status %d, stderr %q", c, s.err.String())
	}
}

// Only a Host that names the server is served (DNS rebinding: a page of
// evil.example, its name made to resolve to 127.0.0.1, sends Host
// evil.example); any other is 421 Misdirected Request (RFC 9110, section
// 15.5.20).
func TestServeHost(t *testing.T) {
	s := startServe(t, "127.0.0.1:0", testFiles, defaultServeTimeouts())
	_, port, _ := net.SplitHostPort(s.addr)
	for _, tc := range []struct {
		host string
		want int
	}{
		{"127.0.0.1:" + port, 200},
		{"127.0.0.1", 200},
		{"localhost:" + port, 200},
		{"localhost", 200},
		{"LocalHost:" + port, 200}, // host names are case-insensitive (RFC 3986, 3.2.2)
		{"[::1]:" + port, 200},
		{"[::1]", 200},
		{"[0:0:0:0:0:0:0:1]:" + port, 200}, // ::1 written in full

		{"evil.example:" + port, 421},
		{"evil.example", 421},
		{"localhost.evil.example:" + port, 421},
		{"127.0.0.1.nip.io:" + port, 421},
		{"localhost.:" + port, 421},
		{"127.0.0.2:" + port, 421},
		{"127.1:" + port, 421},
		{"2130706433:" + port, 421},
		{"[::ffff:127.0.0.1]:" + port, 421},
		{"127.0.0.1:1", 421}, // another port
		{"127.0.0.1:0" + port, 421},
		{"127.0.0.1:", 421},
		{"[::1]x", 421},
		{"", 421}, // HTTP/1.0 without Host
	} {
		code, body := rawGet(t, s.addr, "/", tc.host)
		if code != tc.want {
			t.Errorf("Host %q: %d, want %d", tc.host, code, tc.want)
		}
		if code == 421 && strings.Contains(body, "viewer") {
			t.Errorf("Host %q: 421 with the page's body %q", tc.host, body)
		}
	}
	// An absolute request target names the host (RFC 9112, section
	// 3.2.2), whatever Host says.
	if code, _ := rawGet(t, s.addr, "http://evil.example:"+port+"/", "127.0.0.1:"+port); code != 421 {
		t.Errorf("absolute target on evil.example: %d, want 421", code)
	}
}

// The host of --addr is served too, and on every interface so is any of
// this machine's addresses; the check is made from the address and the
// listener's address only.
func TestHostCheck(t *testing.T) {
	tcp := func(s string) net.Addr {
		a, err := net.ResolveTCPAddr("tcp", s)
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	for _, tc := range []struct {
		addr, ln, host string
		want           bool
	}{
		{"viewer.example:8080", "127.0.0.1:8080", "viewer.example:8080", true},
		{"viewer.example:8080", "127.0.0.1:8080", "VIEWER.example", true},
		{"viewer.example:8080", "127.0.0.1:8080", "other.example:8080", false},
		{"127.0.0.1:8080", "127.0.0.1:8080", "viewer.example:8080", false},
		{"192.0.2.7:8080", "192.0.2.7:8080", "192.0.2.7:8080", true},
		{"[2001:db8::7]:8080", "[2001:db8::7]:8080", "[2001:db8::7]:8080", true},
		{"[2001:db8::7]:8080", "[2001:db8::7]:8080", "[2001:db8::8]:8080", false},
		{":8080", "[::]:8080", "[::]:8080", true},
		{":8080", "[::]:8080", "localhost:8080", true},
		{":8080", "[::]:8080", "evil.example:8080", false},
	} {
		if got := newHostCheck(tc.addr, tcp(tc.ln)).allows(tc.host); got != tc.want {
			t.Errorf("--addr %s on %s, Host %q: %v, want %v", tc.addr, tc.ln, tc.host, got, tc.want)
		}
	}
}

// An address other machines reach is served with a warning on standard
// error, and the link printed is one this machine can follow.
func TestServeWarnsBeyondLoopback(t *testing.T) {
	s := startServe(t, ":0", testFiles, defaultServeTimeouts())
	_, port, _ := net.SplitHostPort(s.addr)
	// Reached on loopback, and refused under another name.
	if code, _ := rawGet(t, "127.0.0.1:"+port, "/", "localhost:"+port); code != 200 {
		t.Errorf("localhost on every interface: %d", code)
	}
	if code, _ := rawGet(t, "127.0.0.1:"+port, "/", "evil.example:"+port); code != 421 {
		t.Errorf("evil.example on every interface: %d", code)
	}
	s.stop()
	if want := "uri serve: the viewer is at http://localhost:" + port + "/\n"; s.out.String() != want {
		t.Errorf("stdout %q, want %q", s.out.String(), want)
	}
	if e := s.err.String(); !strings.Contains(e, "warning: listening on every interface") || !strings.Contains(e, "--addr 127.0.0.1:"+port) {
		t.Errorf("stderr %q does not warn of every interface", e)
	}
	for _, addr := range []string{"127.0.0.1:0", "localhost:0"} {
		s := startServe(t, addr, testFiles, defaultServeTimeouts())
		s.stop()
		if e := s.err.String(); e != "" {
			t.Errorf("--addr %s: stderr %q", addr, e)
		}
	}
	for ln, want := range map[string]string{
		"192.0.2.7:8080":     "warning: listening on 192.0.2.7, not a loopback address",
		"[2001:db8::7]:8080": "warning: listening on 2001:db8::7, not a loopback address",
		"0.0.0.0:8080":       "warning: listening on every interface (port 8080)",
		"[::1]:8080":         "",
	} {
		a, _ := net.ResolveTCPAddr("tcp", ln)
		if got := newHostCheck(ln, a).warning(); want != "" && !strings.HasPrefix("warning: "+got, want) || want == "" && got != "" {
			t.Errorf("%s: %q, want %q...", ln, got, want)
		}
	}
}

// An idle kept-alive connection is closed after the idle timeout, and
// one that does not finish its request's header after the header
// timeout.
func TestServeTimeouts(t *testing.T) {
	to := serveTimeouts{readHeader: 300 * time.Millisecond, read: 20 * time.Second, write: 20 * time.Second, idle: 300 * time.Millisecond}
	s := startServe(t, "127.0.0.1:0", testFiles, to)

	c, err := net.Dial("tcp", s.addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(10 * time.Second))
	fmt.Fprintf(c, "GET / HTTP/1.1\r\nHost: %s\r\n\r\n", s.addr)
	br := bufio.NewReader(c)
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || resp.Close {
		t.Fatalf("first request: %s, close %v", resp.Status, resp.Close)
	}
	idleFrom := time.Now()
	if n, err := br.Read(make([]byte, 1)); n != 0 || err != io.EOF {
		t.Errorf("idle connection: read %d bytes, %v; want it closed", n, err)
	}
	if d := time.Since(idleFrom); d < 200*time.Millisecond || d > 8*time.Second {
		t.Errorf("idle connection closed after %v, want about 300ms", d)
	}

	c2, err := net.Dial("tcp", s.addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c2.Close()
	c2.SetDeadline(time.Now().Add(10 * time.Second))
	from := time.Now()
	fmt.Fprintf(c2, "GET / HTTP/1.1\r\nHost: %s\r\n", s.addr) // no end of header
	b, err := io.ReadAll(c2)
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		t.Errorf("a header never finished: the connection is still open after %v", time.Since(from))
	} else if strings.Contains(string(b), "200 OK") {
		t.Errorf("a header never finished was answered: %q", b)
	}

	// The defaults bound every step.
	d := defaultServeTimeouts()
	for name, v := range map[string]time.Duration{"read header": d.readHeader, "read": d.read, "write": d.write, "idle": d.idle} {
		if v <= 0 || v > 2*time.Minute {
			t.Errorf("default %s timeout %v", name, v)
		}
	}
}

// With --dir, a symbolic link that leads out of the directory is refused
// (os.Root), one that stays inside it is followed, and ".." does not climb.
func TestServeDirSymlinks(t *testing.T) {
	top := t.TempDir()
	dir := filepath.Join(top, "page")
	outside := filepath.Join(top, "outside")
	for _, d := range []string{dir, outside} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(name, text string) {
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(dir, "index.html"), "<title>inside</title>")
	write(filepath.Join(top, "secret.txt"), "SECRET-1")
	write(filepath.Join(outside, "secret.txt"), "SECRET-2")
	for link, target := range map[string]string{
		"abs":    filepath.Join(top, "secret.txt"),
		"rel":    "../secret.txt",
		"outdir": outside,
		"same":   "index.html",
	} {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Skipf("no symbolic links here: %v", err)
		}
	}
	// The links do lead out: os.DirFS follows them.
	if b, err := fs.ReadFile(os.DirFS(dir), "outdir/secret.txt"); err != nil || string(b) != "SECRET-2" {
		t.Fatalf("the test's link does not lead out: %q %v", b, err)
	}
	files, closeFiles, err := serveFiles(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer closeFiles()
	s := startServe(t, "127.0.0.1:0", files, defaultServeTimeouts())
	for _, tc := range []struct {
		path string
		want int
	}{
		{"/", 200},
		{"/same", 200},
		{"/abs", 403},
		{"/rel", 403},
		{"/outdir/secret.txt", 403},
		{"/outdir/", 403},
		{"/../secret.txt", 404}, // cleaned to /secret.txt, not in dir
		{"/%2e%2e/secret.txt", 404},
	} {
		code, body := rawGet(t, s.addr, tc.path, s.addr)
		if code != tc.want || strings.Contains(body, "SECRET") {
			t.Errorf("GET %s: %d %q, want %d", tc.path, code, body, tc.want)
		}
		if code == 200 && !strings.Contains(body, "inside") {
			t.Errorf("GET %s: %q", tc.path, body)
		}
	}
}

// A NUL in the path is a bad request (400), not a server error, for the
// embedded files and those of --dir alike.
func TestServeNUL(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "viewer.js"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	files, closeFiles, err := serveFiles(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer closeFiles()
	for name, fsys := range map[string]fs.FS{"embedded": testFiles, "dir": files} {
		s := startServe(t, "127.0.0.1:0", fsys, defaultServeTimeouts())
		for _, path := range []string{"/%00", "/viewer.js%00", "/a%00/b", "/%00.wasm"} {
			if code, _ := rawGet(t, s.addr, path, s.addr); code != 400 {
				t.Errorf("%s: GET %s: %d, want 400", name, path, code)
			}
		}
		if code, _ := rawGet(t, s.addr, "/viewer.js", s.addr); code != 200 {
			t.Errorf("%s: GET /viewer.js: %d", name, code)
		}
	}
}

func TestServeUsage(t *testing.T) {
	runCmdTests(t, []cmdTest{
		{name: "argument", args: []string{"serve", "x"}, code: exitUsage,
			stderr: "uri serve: serve takes no arguments\nUsage: uri serve [--addr host:port] [--dir directory]\nRun \"uri serve --help\" for more.\n"},
		{name: "bad address", args: []string{"serve", "--addr", "127.0.0.1:99999"}, code: exitRejected,
			stderr: "uri serve: listen tcp: address 99999: invalid port\n"},
	})
	// A missing --dir, in the system's words.
	none := filepath.Join(t.TempDir(), "none")
	_, err := os.Stat(none)
	_, stderr, code := runCmd(t, "", "serve", "--dir", none)
	if code != exitRejected || stderr != "uri serve: "+strings.Replace(err.Error(), "stat ", "open ", 1)+"\n" {
		t.Errorf("--dir of a missing directory: %d %q, want the error of %v", code, stderr, err)
	}
}

// The Host check read beside net/url's reading of "http://" + Host + "/"
// (RFC 3986's authority): what it serves, net/url reads as a loopback name
// or address with no port or the one listened on; and what net/url reads
// so, written plainly (no percent-encoding, no empty port), it serves.
func FuzzHostCheck(f *testing.F) {
	for _, s := range []string{"127.0.0.1:8080", "localhost", "[::1]:8080", "evil.example:8080", "[::1%25lo]:8080",
		"127.0.0.1:", "local%68ost", "[::ffff:127.0.0.1]", "127.0.0.1:8080:8080", "[::1]]:8080", "LOCALHOST:8080"} {
		f.Add(s)
	}
	ln, err := net.ResolveTCPAddr("tcp", "127.0.0.1:8080")
	if err != nil {
		f.Fatal(err)
	}
	h := newHostCheck("127.0.0.1:8080", ln)
	loopback := map[netip.Addr]bool{netip.MustParseAddr("127.0.0.1"): true, netip.MustParseAddr("::1"): true}
	f.Fuzz(func(t *testing.T, host string) {
		allowed := h.allows(host)
		u, err := url.Parse("http://" + host + "/")
		named := false
		if err == nil && u.Host == host && u.User == nil && (u.Port() == "" || u.Port() == "8080") {
			name := u.Hostname()
			ip, ipErr := netip.ParseAddr(name)
			named = strings.EqualFold(name, "localhost") || ipErr == nil && loopback[ip] && ip.Zone() == "" &&
				ip.Is6() == strings.HasPrefix(host, "[")
		}
		if allowed && !named {
			t.Errorf("Host %q is served; net/url reads %+v (%v)", host, u, err)
		}
		if named && !allowed && !strings.Contains(host, "%") && !strings.HasSuffix(host, ":") {
			t.Errorf("Host %q is refused; net/url reads host %q port %q", host, u.Hostname(), u.Port())
		}
	})
}
