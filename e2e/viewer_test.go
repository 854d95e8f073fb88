// Package e2e tests the URI viewer in a real browser: it builds the uri
// command from the module at .. twice, as "go install" builds it (a plain
// "go build" of the module's files, without the page's WebAssembly, so that
// the page asks the server) and after "go generate ./viewer/..." (the
// WebAssembly embedded, the page answering itself), starts "uri serve" of
// each, and drives Debian's Chromium, headless, through the DevTools
// protocol (github.com/chromedp/chromedp, a dependency of this module only).
//
// Without Chromium the tests skip, each saying why ("go test -v" shows it),
// unless URI_E2E_REQUIRE_CHROMIUM=1, which .ci/run sets after installing
// it, or CI is set (as CI services set it): there they fail.
package e2e

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/ferret-go/uri/readers"
)

var updateShots = flag.Bool("update-screenshots", false, "write the screenshots to testdata/, where they are committed, instead of a temporary directory")

// The browser and the server, shared by the tests, each of which has a tab
// of its own.
var shared struct {
	once     sync.Once
	skip     string                   // why the tests skip
	err      error                    // why they fail
	url      string                   // the page of the uri with the WebAssembly, "http://127.0.0.1:port/"
	plain    string                   // the page of the uri built without it
	bin      string                   // the uri command with the WebAssembly
	plainBin string                   // the uri command built without it, as go install builds it
	stderr   map[string]func() string // what each server printed on standard error, by page
	browser  context.Context
	stop     []func()
	shots    string // where screenshots go
}

func TestMain(m *testing.M) {
	flag.Parse()
	code := m.Run()
	if shared.skip != "" {
		// Also once for the package, where "go test" without -v shows it.
		fmt.Fprintf(os.Stderr, "e2e: the browser tests were skipped: %s\n", shared.skip)
	}
	for i := len(shared.stop) - 1; i >= 0; i-- {
		shared.stop[i]()
	}
	os.Exit(code)
}

// chromium returns the browser's path, $CHROMIUM or Debian's, or "" when
// it is not installed.
func chromium() string {
	names := []string{"chromium", "/usr/bin/chromium"}
	if p := os.Getenv("CHROMIUM"); p != "" {
		names = []string{p}
	}
	for _, name := range names {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// requireChromium tells whether a missing Chromium fails the tests rather
// than skipping them: where URI_E2E_REQUIRE_CHROMIUM is 1 (.ci/run), or in
// CI (CI set, as GitHub Actions, GitLab and others set it) unless
// URI_E2E_REQUIRE_CHROMIUM is 0.
func requireChromium(getenv func(string) string) bool {
	switch getenv("URI_E2E_REQUIRE_CHROMIUM") {
	case "1":
		return true
	case "0":
		return false
	}
	ci := getenv("CI")
	return ci != "" && ci != "0" && ci != "false"
}

// chromiumOptions returns the options that start browser headless, off the
// network but for what a test serves (without them Chromium tries Google's
// hosts at every start), followed by extra.
func chromiumOptions(browser string, extra ...chromedp.ExecAllocatorOption) []chromedp.ExecAllocatorOption {
	return append(append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(browser),
		chromedp.Flag("headless", true),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
	), extra...)
}

// headless starts browser as chromiumOptions does, with a profile of its
// own, for t alone: its context ends after timeout, and the browser when t
// ends.
func headless(t *testing.T, browser string, timeout time.Duration, extra ...chromedp.ExecAllocatorOption) context.Context {
	opts := chromiumOptions(browser, append(extra, chromedp.UserDataDir(t.TempDir()))...)
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancelAlloc)
	ctx, cancel := chromedp.NewContext(alloc)
	t.Cleanup(cancel)
	ctx, cancelTime := context.WithTimeout(ctx, timeout)
	t.Cleanup(cancelTime)
	return ctx
}

// noChromium is why the tests do not run without Chromium.
const noChromium = "Chromium is not installed, and the browser tests need it: " +
	"apt-get install chromium (Debian's), or set CHROMIUM to its path; " +
	"in CI, and with URI_E2E_REQUIRE_CHROMIUM=1 (as .ci/run sets it), this fails rather than skips"

// start builds the command both ways, starts their servers and the
// browser.
func start() {
	browser := chromium()
	if browser == "" {
		shared.skip = noChromium
		if requireChromium(os.Getenv) {
			// A skip would hide a failed install.
			shared.err, shared.skip = errors.New(noChromium), ""
		}
		return
	}
	tmp, err := os.MkdirTemp("", "uri-e2e-")
	if err != nil {
		shared.err = err
		return
	}
	shared.stop = append(shared.stop, func() { os.RemoveAll(tmp) })
	shared.shots = filepath.Join(os.TempDir(), "uri-viewer-screenshots")
	if *updateShots {
		shared.shots = "testdata"
	}
	if err := os.MkdirAll(shared.shots, 0o755); err != nil {
		shared.err = err
		return
	}

	// As "go install" builds it: the module's files as a commit holds them
	// (no generated WebAssembly, which .gitignore leaves out), built with
	// no other step. Then the page's WebAssembly and the command that
	// embeds it, as the README says to build them.
	src := filepath.Join(tmp, "src")
	if err := copyModule("..", src); err != nil {
		shared.err = err
		return
	}
	plainBin, bin := filepath.Join(tmp, "uri-plain"), filepath.Join(tmp, "uri")
	for _, step := range []struct {
		dir  string
		args []string
	}{
		{src, []string{"build", "-o", plainBin, "./cmd/uri"}},
		{"..", []string{"generate", "./viewer/..."}},
		{"..", []string{"build", "-o", bin, "./cmd/uri"}},
	} {
		cmd := exec.Command("go", step.args...)
		cmd.Dir = step.dir
		if out, err := cmd.CombinedOutput(); err != nil {
			shared.err = fmt.Errorf("go %s in %s: %v\n%s", strings.Join(step.args, " "), step.dir, err, out)
			return
		}
	}
	shared.bin, shared.plainBin = bin, plainBin
	shared.stderr = map[string]func() string{}
	for _, s := range []struct {
		bin string
		url *string
	}{{bin, &shared.url}, {plainBin, &shared.plain}} {
		addr, stderr, stop, err := serve(s.bin, "--addr", "127.0.0.1:0")
		if err != nil {
			shared.err = err
			return
		}
		shared.stop = append(shared.stop, stop)
		*s.url = addr
		shared.stderr[addr] = stderr
	}

	// The flags keep Chromium off the network but for the page's server:
	// without them it tries Google's hosts at every start.
	opts := chromiumOptions(browser,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-sync", true),
		// A name that resolves to the server's address, as an attacker's
		// does in DNS rebinding (TestRebinding).
		chromedp.Flag("host-resolver-rules", "MAP rebind.test 127.0.0.1"),
		chromedp.UserDataDir(filepath.Join(tmp, "profile")),
		chromedp.WindowSize(1100, 1000),
	)
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(alloc)
	shared.stop = append(shared.stop, cancelAlloc, cancel)
	if err := chromedp.Do(ctx); err != nil {
		shared.err = fmt.Errorf("starting %s: %v", browser, err)
		return
	}
	shared.browser = ctx
}

// copyModule copies the files of the module at from that a commit would
// hold (tracked, or new and not ignored: git ls-files) to to, without the
// separate modules under it (bench/, e2e/, ...).
func copyModule(from, to string) error {
	out, err := exec.Command("git", "-C", from, "ls-files", "-z", "--cached", "--others", "--exclude-standard").Output()
	if err != nil {
		return fmt.Errorf("git ls-files: %v", err)
	}
	names := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
	var nested []string
	for _, n := range names {
		if strings.HasSuffix(n, "/go.mod") {
			nested = append(nested, strings.TrimSuffix(n, "go.mod"))
		}
	}
	copied := 0
next:
	for _, n := range names {
		for _, d := range nested {
			if strings.HasPrefix(n, d) {
				continue next
			}
		}
		b, err := os.ReadFile(filepath.Join(from, n))
		if errors.Is(err, fs.ErrNotExist) {
			continue // deleted, not yet committed
		}
		if err != nil {
			return err
		}
		dst := filepath.Join(to, filepath.FromSlash(n))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(dst, b, 0o644); err != nil {
			return err
		}
		copied++
	}
	if _, err := os.Stat(filepath.Join(to, "go.mod")); err != nil || copied < 10 {
		return fmt.Errorf("copying the module: %d files, %v", copied, err)
	}
	return nil
}

// serve starts "uri serve" of the command bin with args and returns the
// page's address, what it printed on standard error so far, and how to
// stop it.
func serve(bin string, args ...string) (addr string, stderr func() string, stop func(), err error) {
	srv := exec.Command(bin, append([]string{"serve"}, args...)...)
	stdout, err := srv.StdoutPipe()
	if err != nil {
		return "", nil, nil, err
	}
	var mu sync.Mutex
	var errb strings.Builder
	srv.Stderr = writerFunc(func(b []byte) (int, error) {
		mu.Lock()
		defer mu.Unlock()
		return errb.Write(b)
	})
	stderr = func() string {
		mu.Lock()
		defer mu.Unlock()
		return errb.String()
	}
	if err := srv.Start(); err != nil {
		return "", nil, nil, err
	}
	stop = func() { srv.Process.Kill(); srv.Wait() }
	line, err := bufio.NewReader(stdout).ReadString('\n')
	addr, ok := strings.CutPrefix(strings.TrimSpace(line), "uri serve: the viewer is at ")
	if err != nil || !ok {
		stop()
		return "", nil, nil, fmt.Errorf("uri serve printed %q (%v), stderr %q", line, err, stderr())
	}
	return addr, stderr, stop, nil
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(b []byte) (int, error) { return f(b) }

// page is one tab on the viewer, with what it has requested and any
// uncaught exception of its scripts.
type page struct {
	t    *testing.T
	ctx  context.Context
	base string // the server's address, "http://127.0.0.1:port/"

	mu         sync.Mutex
	requests   []string
	exceptions []string
}

// way is one of the two ways the page gets its answers: "wasm", from the
// WebAssembly in the page, or "server", from the server (the command
// built without the WebAssembly).
type way string

const (
	wasm   way = "wasm"
	server way = "server"
)

// bothWays runs test as a subtest for each way.
func bothWays(t *testing.T, test func(t *testing.T, w way)) {
	for _, w := range []way{wasm, server} {
		t.Run(string(w), func(t *testing.T) { test(t, w) })
	}
}

// ready starts the shared browser and servers if need be, or skips or
// fails the test.
func ready(t *testing.T) {
	t.Helper()
	shared.once.Do(start)
	if shared.skip != "" {
		t.Skip(shared.skip)
	}
	if shared.err != nil {
		t.Fatal(shared.err)
	}
}

// open opens a tab on the viewer with the WebAssembly, at the fragment
// frag ("" for none), ready to type in.
func open(t *testing.T, frag string) *page {
	t.Helper()
	return openWay(t, wasm, frag)
}

// openWay opens a tab on the viewer that answers the way w.
func openWay(t *testing.T, w way, frag string) *page {
	t.Helper()
	ready(t)
	base := shared.url
	if w == server {
		base = shared.plain
	}
	tab, cancelTab := chromedp.NewContext(shared.browser)
	t.Cleanup(cancelTab)
	p := &page{t: t, ctx: tab, base: base}
	if err := chromedp.Listen(tab, func(ev any) {
		p.mu.Lock()
		defer p.mu.Unlock()
		switch ev := ev.(type) {
		case *network.EventRequestWillBeSent:
			p.requests = append(p.requests, ev.Request.URL)
		case *runtime.EventExceptionThrown:
			p.exceptions = append(p.exceptions, ev.ExceptionDetails.Text+" "+fmt.Sprint(ev.ExceptionDetails.Exception))
		}
	}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(tab, 60*time.Second)
	t.Cleanup(cancel)
	p.ctx = ctx
	p.do(
		chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			_, err := cdp.Call(ctx, t, network.Enable, network.EnableParams{})
			return err
		}),
		chromedp.Navigate(base+frag),
	)
	if got := p.eval(`new Promise((ok) => { const f = () => document.documentElement.dataset.ready ? ok(document.documentElement.dataset.ready) : setTimeout(f, 20); f(); })`); got != "true" {
		t.Fatalf("the page did not load the library: ready=%q, status %q", got, p.eval(`document.getElementById('status').textContent`))
	}
	if got := p.eval(`document.documentElement.dataset.mode`); got != string(w) {
		t.Fatalf("the page answers by %q, want %q", got, w)
	}
	p.settle()
	t.Cleanup(p.check)
	return p
}

// settle waits for the view to show the inputs as they are: at once with
// the WebAssembly, when the server's answer is back without it.
func (p *page) settle() {
	p.t.Helper()
	p.eval(`new Promise((ok) => { const f = () => document.documentElement.dataset.busy ? setTimeout(f, 5) : ok(''); f(); })`)
}

func (p *page) do(steps ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, steps...); err != nil {
		p.t.Fatal(err)
	}
}

// eval evaluates a JavaScript expression in the page and returns its value
// as a string (a promise is awaited).
func (p *page) eval(js string) string {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[any](`Promise.resolve(`+js+`).then((v) => typeof v === 'string' ? v : v === undefined ? '' : JSON.stringify(v))`, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("%s: %v", js, err)
	}
	s, ok := v.(string)
	if !ok {
		p.t.Fatalf("%s: %v is not a string", js, v)
	}
	return s
}

// typeInto clears the input with the id and types text into it, key by
// key, as a person does.
func (p *page) typeInto(id, text string) {
	p.t.Helper()
	p.do(chromedp.Focus(chromedp.ID(id)),
		chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			_, err := chromedp.Evaluate[any](`document.getElementById(`+quote(id)+`).select()`)(ctx, t)
			return err
		}),
		chromedp.KeyEvent("\b"),
		chromedp.SendKeys(chromedp.ID(id), text),
	)
	if got := p.eval(`document.getElementById(` + quote(id) + `).value`); got != text {
		p.t.Fatalf("#%s holds %q after typing %q", id, got, text)
	}
	p.settle()
}

// attr returns the attribute name of the first element that matches the
// CSS selector sel, or "<none>" when there is no such element and
// "<unset>" when it has no such attribute.
func (p *page) attr(sel, name string) string {
	p.t.Helper()
	return p.eval(`(() => { const e = document.querySelector(` + quote(sel) + `); if (!e) return '<none>'; const v = e.getAttribute(` + quote(name) + `); return v === null ? '<unset>' : v; })()`)
}

// text returns the text of the first element that matches sel.
func (p *page) text(sel string) string {
	p.t.Helper()
	return p.eval(`(() => { const e = document.querySelector(` + quote(sel) + `); return e ? e.textContent : '<none>'; })()`)
}

func (p *page) visible(sel string) bool {
	p.t.Helper()
	return p.eval(`(() => { const e = document.querySelector(`+quote(sel)+`); return e && !e.closest('[hidden]') && e.getClientRects().length > 0 ? 'yes' : 'no'; })()`) == "yes"
}

// screenshot writes the whole page as a PNG, or only what the screen
// shows when viewport is true.
// shot writes the whole page as a PNG named name, and as
// server-name for the page that asks the server, into the temporary
// directory only (testdata keeps the WebAssembly's).
func shot(p *page, w way, name string) {
	p.t.Helper()
	if w == server {
		if *updateShots {
			return
		}
		name = "server-" + name
	}
	p.screenshot(name, false)
}

func (p *page) screenshot(name string, viewport bool) {
	p.t.Helper()
	shot := chromedp.FullScreenshot(100)
	if viewport {
		shot = chromedp.CaptureScreenshot()
	}
	png, err := chromedp.Run(p.ctx, shot)
	if err != nil {
		p.t.Fatal(err)
	}
	file := filepath.Join(shared.shots, name)
	if err := os.WriteFile(file, png, 0o644); err != nil {
		p.t.Fatal(err)
	}
	p.t.Logf("screenshot: %s", file)
}

// check fails the test for an exception thrown by the page's scripts or a
// request to anything but the page's server.
func (p *page) check() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, e := range p.exceptions {
		p.t.Errorf("the page threw: %s", e)
	}
	for _, r := range p.requests {
		if !strings.HasPrefix(r, p.base) && !strings.HasPrefix(r, "data:") {
			p.t.Errorf("the page requested %s, not on its server %s", r, p.base)
		}
	}
}

func quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20 || r == 0x2028 || r == 0x2029:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// cell is the text of the table's cell for a component, in the form raw or
// decoded, and its state: present, empty, absent or none.
func (p *page) cell(component, form string) (value, state string) {
	p.t.Helper()
	sel := `td[data-component="` + component + `"][data-form="` + form + `"]`
	return p.attr(sel, "data-value"), p.attr(sel, "data-state")
}

// RFC 3986, section 3's example, typed key by key: every component in the
// table and in the diagram, absent and empty told apart, the host's kind,
// and the address of the page updated to share the view.
func TestValidURI(t *testing.T) {
	bothWays(t, func(t *testing.T, w way) {
		p := openWay(t, w, "")
		const in = "foo://example.com:8042/over/there?name=ferret#nose"
		p.typeInto("ref", in)

		if !p.visible("#parse-view") || p.visible("#error-view") {
			t.Fatal("the components are not shown, or an error is")
		}
		for _, c := range []struct{ name, raw string }{
			{"scheme", "foo"}, {"authority", "example.com:8042"}, {"host", "example.com"},
			{"port", "8042"}, {"path", "/over/there"}, {"query", "name=ferret"}, {"fragment", "nose"},
		} {
			if v, state := p.cell(c.name, "raw"); v != c.raw || state != "present" {
				t.Errorf("%s: %q (%s), want %q", c.name, v, state, c.raw)
			}
		}
		if _, state := p.cell("userinfo", "raw"); state != "absent" {
			t.Errorf("userinfo is %s, want absent", state)
		}
		if got := p.text(`[data-host="kind"]`); got != "reg-name" {
			t.Errorf("host kind %q", got)
		}
		// The diagram names the components in the order they are written,
		// each under its own text.
		got := p.eval(`[...document.querySelectorAll('#diagram [data-part]')].map((e) => e.dataset.part + '=' + e.textContent).join(' ')`)
		want := "scheme=foo authority=example.com:8042 host=example.com port=8042 path=/over/there query=name=ferret fragment=nose"
		if got != want {
			t.Errorf("diagram:\n%s\nwant:\n%s", got, want)
		}
		labels := p.eval(`[...document.querySelectorAll('#diagram .dlabel')].map((e) => e.textContent).sort().join(' ')`)
		if labels != "authority fragment host path port query scheme" {
			t.Errorf("diagram labels %q", labels)
		}
		// No label covers another.
		if overlap := p.eval(`(() => { const r = [...document.querySelectorAll('#diagram .dlabel')].map((e) => e.getBoundingClientRect()); for (const a of r) for (const b of r) if (a !== b && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) return 'overlap'; return 'none'; })()`); overlap != "none" {
			t.Error("two labels of the diagram overlap")
		}
		if frag := p.eval(`location.hash`); frag != "#u="+encodeURIComponent(in) {
			t.Errorf("the address's fragment is %q", frag)
		}
		shot(p, w, "valid.png")

		// The timings of the keystrokes typed above.
		var samples []float64
		for _, f := range strings.Split(strings.Trim(p.eval(`window.uriViewerTimings.map((s) => s.update.toFixed(3)).join(',')`), ","), ",") {
			var v float64
			fmt.Sscan(f, &v)
			samples = append(samples, v)
		}
		// With the WebAssembly the view follows every keystroke; asking
		// the server, what is typed while an answer is out is asked for
		// once it is back.
		if min := map[way]int{wasm: len(in), server: 1}[w]; len(samples) < min {
			t.Fatalf("%d updates for %d keystrokes", len(samples), len(in))
		}
		sort.Float64s(samples)
		median, worst := samples[len(samples)/2], samples[len(samples)-1]
		t.Logf("keystroke to updated view, %d keystrokes: median %.2f ms, slowest %.2f ms", len(samples), median, worst)
		t.Logf("library / keystroke to view, each in ms: %s", p.eval(`window.uriViewerTimings.map((s) => s.wasm.toFixed(1) + '/' + s.update.toFixed(1)).join(' ')`))
		if median > 500 {
			t.Errorf("keystroke to update: median %.1f ms, over 500 ms", median)
		}
		if w == server {
			return
		}
		// The same updates without the DevTools protocol's typing: each
		// prefix set and its input event dispatched in the page, timed from
		// before the event to the view updated.
		t.Logf("in-page, event to view for each prefix: %s ms (median, slowest)", p.eval(`(() => {
			const r = document.getElementById('ref'), s = r.value, d = [];
			for (let n = 1; n <= s.length; n++) {
				const t = performance.now();
				r.value = s.slice(0, n);
				r.dispatchEvent(new Event('input'));
				d.push(performance.now() - t);
			}
			d.sort((a, b) => a - b);
			return d[d.length >> 1].toFixed(2) + ', ' + d[d.length - 1].toFixed(2);
		})()`))
	})
}

// encodeURIComponent is JavaScript's: every byte but the unreserved
// characters and !'()* is percent-encoded.
func encodeURIComponent(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-_.!~*'()", c) >= 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// Absent and empty differ (RFC 3986, section 3): "http://a:/?#" has an
// empty port, query and fragment, and no userinfo.
func TestAbsentAndEmpty(t *testing.T) {
	p := open(t, "")
	p.typeInto("ref", "http://a:/?#")
	for _, name := range []string{"port", "query", "fragment"} {
		if v, state := p.cell(name, "raw"); v != "" || state != "empty" {
			t.Errorf("%s: %q (%s), want empty", name, v, state)
		}
	}
	if _, state := p.cell("userinfo", "raw"); state != "absent" {
		t.Errorf("userinfo is %s, want absent", state)
	}
	if got := p.eval(`[...document.querySelectorAll('#diagram .dlabel')].map((e) => e.textContent).join(',')`); !strings.Contains(got, "query (empty)") {
		t.Errorf("the diagram's labels %q do not say the query is empty", got)
	}
}

// A space is not allowed in a host (RFC 3986, section 3.2.2): the error is
// at byte 10 of "http://exa mple.com/", and the caret is under the space.
func TestInvalidURI(t *testing.T) {
	bothWays(t, func(t *testing.T, w way) {
		p := openWay(t, w, "")
		p.typeInto("ref", "http://exa mple.com/")
		if !p.visible("#error-view") || p.visible("#parse-view") {
			t.Fatal("the error is not shown, or the components are")
		}
		if got := p.attr("#error-line-bad", "data-offset"); got != "10" {
			t.Errorf("error at offset %s, want 10", got)
		}
		if before, bad := p.text("#error-line .before"), p.text("#error-line-bad .ch"); before != "http://exa" || bad != " " {
			t.Errorf("the caret is under %q after %q", bad, before)
		}
		msg := p.text("#error-message")
		if !strings.Contains(msg, "host") || !strings.Contains(msg, "offset 10") {
			t.Errorf("message %q", msg)
		}
		// Where the caret is drawn: under the marked character, below the
		// line, and the marked character right after the text before it.
		geo := p.eval(`(() => {
			const r = (s) => document.querySelector(s).getBoundingClientRect();
			const before = r('#error-line .before'), ch = r('#error-line-bad .ch'), caret = r('#error-line-bad .caret');
			const mid = caret.left + caret.width / 2;
			return [Math.abs(ch.left - before.right) < 1, ch.left <= mid && mid <= ch.right + 0.5, caret.top >= ch.bottom - 2].join(',');
		})()`)
		if geo != "true,true,true" {
			t.Errorf("caret geometry (adjacent, under, below) = %s", geo)
		}
		// The repair panel says that browsers reject it (a space is a
		// forbidden domain code point), rather than offer a URI with a
		// host no reader takes ("exa%20mple.com").
		if got := p.attr(`[data-panel="repair"] [data-row="repaired"] dd`, "data-value"); !strings.Contains(got, "the URL Standard rejects it") {
			t.Errorf("repaired %q", got)
		}
		shot(p, w, "invalid.png")
	})
}

// RFC 3986, section 5.4.1: references resolved against
// "http://a/b/c/d;p?q", typed, and the shortest reference back.
func TestResolution(t *testing.T) {
	bothWays(t, func(t *testing.T, w way) {
		p := openWay(t, w, "")
		p.typeInto("base", "http://a/b/c/d;p?q")
		for _, tc := range []struct{ ref, target, relative string }{
			{"g", "http://a/b/c/g", "g"},
			{"../g", "http://a/b/g", "../g"},
			{"?y", "http://a/b/c/d;p?y", "?y"},
			{"g?y#s", "http://a/b/c/g?y#s", "g?y#s"},
			{"../../../g", "http://a/g", "/g"},
		} {
			p.typeInto("ref", tc.ref)
			target := p.attr(`[data-panel="resolution"] [data-row="target"] dd`, "data-value")
			rel := p.attr(`[data-panel="resolution"] [data-row="relative"] dd`, "data-value")
			if target != tc.target || rel != tc.relative {
				t.Errorf("%q: target %q, shortest %q; want %q, %q", tc.ref, target, rel, tc.target, tc.relative)
			}
			// Browsers agree on these (the URL Standard's panel).
			if href := p.attr(`[data-panel="whatwg"] [data-row="href"] dd`, "data-value"); href != tc.target {
				t.Errorf("%q: the URL Standard's href %q", tc.ref, href)
			}
		}
		p.typeInto("ref", "../g?y#s")
		shot(p, w, "resolution.png")

		// A base without a scheme is shown as an error (section 5.1).
		p.typeInto("base", "/b/c")
		if !p.visible("#base-error-view") {
			t.Error("a relative base is not shown as an error")
		}
		if got := p.attr(`[data-panel="resolution"] [data-row="target"]`, "data-state"); got != "error" {
			t.Errorf("target's state %q against a relative base", got)
		}
	})
}

// A shared address shows its view on load, and a new fragment its new
// view.
func TestSharedAddress(t *testing.T) {
	bothWays(t, func(t *testing.T, w way) {
		const ref, base = "g;x=1/../y", "http://a/b/c/d;p?q"
		p := openWay(t, w, "#u="+url.QueryEscape(ref)+"&base="+encodeURIComponent(base))
		if got := p.eval(`document.getElementById('ref').value`); got != ref {
			t.Errorf("reference field %q, want %q", got, ref)
		}
		if got := p.eval(`document.getElementById('base').value`); got != base {
			t.Errorf("base field %q, want %q", got, base)
		}
		if got := p.attr(`[data-panel="resolution"] [data-row="target"] dd`, "data-value"); got != "http://a/b/c/y" {
			t.Errorf("target %q, want http://a/b/c/y (RFC 3986, 5.4.1)", got)
		}
		p.eval(`new Promise((ok) => { window.addEventListener('hashchange', () => setTimeout(ok, 0), {once: true}); location.hash = 'u=' + encodeURIComponent('ldap://[2001:db8::7]/c=GB?objectClass?one'); })`)
		p.settle()
		if got := p.text(`[data-host="address"]`); got != "2001:db8::7" {
			t.Errorf("after a new fragment, host address %q", got)
		}
		if v, _ := p.cell("host", "decoded"); v != "2001:db8::7" {
			t.Errorf("decoded host %q", v)
		}
		if p.visible("#base-error-view") || p.eval(`document.getElementById('base').value`) != "" {
			t.Error("a fragment without base left a base")
		}
	})
}

// RFC 3987, section 3.1: "Dürst" is an IRI, not a URI. The caret is under
// the "ü" (byte 24 of the UTF-8), and the URI it maps to has its octets
// percent-encoded.
func TestIRI(t *testing.T) {
	bothWays(t, func(t *testing.T, w way) {
		p := openWay(t, w, "#u="+encodeURIComponent("http://www.example.org/Dürst"))
		if got := p.attr("#error-line-bad", "data-offset"); got != "24" {
			t.Errorf("error at offset %s, want 24", got)
		}
		if bad := p.text("#error-line-bad .ch"); bad != "ü" {
			t.Errorf("the caret is under %q", bad)
		}
		if got := p.attr(`[data-panel="iri"] [data-row="to-uri"] dd`, "data-value"); got != "http://www.example.org/D%C3%BCrst" {
			t.Errorf("as a URI %q", got)
		}
	})
}

// The keyboard: "/" goes to the reference, Tab to the base, and the
// examples are buttons.
func TestKeyboard(t *testing.T) {
	p := open(t, "")
	p.do(chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := chromedp.Evaluate[any](`document.activeElement.blur()`)(ctx, t)
		return err
	}), chromedp.KeyEvent("/"))
	if got := p.eval(`document.activeElement.id`); got != "ref" {
		t.Errorf(`after "/" the focus is on %q`, got)
	}
	p.do(chromedp.KeyEvent("\t"))
	if got := p.eval(`document.activeElement.id`); got != "base" {
		t.Errorf("after Tab the focus is on %q", got)
	}
	p.do(chromedp.Focus(chromedp.CSS("#examples button")), chromedp.KeyEvent("\r"))
	if v, _ := p.cell("scheme", "raw"); v != "foo" {
		t.Errorf("Enter on the first example gives scheme %q", v)
	}
}

// A phone's width, in dark mode: nothing wider than the screen but the
// diagram, which scrolls, and the colours of the dark scheme.
func TestPhoneDark(t *testing.T) {
	p := open(t, "#u="+encodeURIComponent("https://user@[2001:db8::1]:8443/a/b%20c?q=1#top")+"&base="+encodeURIComponent("https://example.org/a/"))
	p.do(
		chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile),
		chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			_, err := cdp.Call(ctx, t, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
				Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}},
			})
			return err
		}),
	)
	p.eval(`new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)))`)
	if w := p.eval(`String(document.documentElement.scrollWidth <= window.innerWidth) + ' ' + document.documentElement.scrollWidth + '/' + window.innerWidth`); !strings.HasPrefix(w, "true") {
		t.Errorf("the page is wider than a phone: %s", w)
	}
	if bg := p.eval(`getComputedStyle(document.body).backgroundColor`); bg != "rgb(21, 23, 26)" {
		t.Errorf("dark background %q", bg)
	}
	p.screenshot("phone-dark.png", true)
}

// The command as "go install" builds it, without the page's WebAssembly:
// it says nothing of it, serves no uri.wasm, and its page answers from the
// server, saying so, with the library's answers (RFC 3986, section 3's
// example, typed).
func TestPlainBuild(t *testing.T) {
	p := openWay(t, server, "")
	if e := shared.stderr[shared.plain](); e != "" {
		t.Errorf("uri serve built without the WebAssembly wrote %q on standard error", e)
	}
	if got := p.eval(`fetch('uri.wasm').then((r) => String(r.status))`); got != "404" {
		t.Errorf("the command built without the WebAssembly serves uri.wasm: %s", got)
	}
	if got := p.text("#engine"); !strings.Contains(got, "uri serve") || strings.Contains(got, "running in this page") {
		t.Errorf("the page says the library is %q", got)
	}
	p.typeInto("ref", "foo://example.com:8042/over/there?name=ferret#nose")
	for _, c := range []struct{ name, raw string }{{"scheme", "foo"}, {"host", "example.com"}, {"port", "8042"}, {"fragment", "nose"}} {
		if v, state := p.cell(c.name, "raw"); v != c.raw || state != "present" {
			t.Errorf("%s: %q (%s), want %q", c.name, v, state, c.raw)
		}
	}
	if got := p.text("#status"); got != "Updated." {
		t.Errorf("status %q", got)
	}
	p.mu.Lock()
	p.requests = nil // the missing wasm_exec.js and uri.wasm, on its own server
	p.mu.Unlock()

	// The page with the WebAssembly says it runs in the page.
	q := open(t, "")
	if got := q.text("#engine"); !strings.Contains(got, "running in this page") {
		t.Errorf("the page with the WebAssembly says the library is %q", got)
	}
}

// The server answers what the WebAssembly answers, byte for byte: the
// page with the WebAssembly asks both, its uriView and its server's
// analyze, for the same inputs, lone surrogates included (both read them
// as U+FFFD).
func TestSameAnswers(t *testing.T) {
	p := open(t, "")
	inputs := [][2]string{
		{"foo://example.com:8042/over/there?name=ferret#nose", ""},
		{"../g?y#s", "http://a/b/c/d;p?q"},
		{"http://exa mple.com/", ""},
		{"http://www.example.org/Dürst", ""},
		{"ldap://[2001:db8::7]/c=GB?objectClass?one", "/b/c"},
		{`http://a/\ud800x\udc00`, `http://b/\udfff`},
		{`http://evil.com\\@good.com/\u0000\t\n`, ""},
		{"eXAMPLE://a/./b/../b/%63/%7bfoo%7d", ""},
		{"", ""},
	}
	var js strings.Builder
	js.WriteString("Promise.all([")
	for _, in := range inputs {
		// The strings are JavaScript's, escapes and all.
		fmt.Fprintf(&js, "['%s', '%s'],", in[0], in[1])
	}
	js.WriteString(`].map(([u, base]) => fetch('analyze', {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify({u, base})})
		.then((r) => r.text()).then((server) => { const wasm = window.uriView(u, base); return wasm === server ? 'same' : 'differ: ' + JSON.stringify(u) + '\nwasm:   ' + wasm + '\nserver: ' + server; })))
		.then((r) => r.join('\n'))`)
	got := strings.Split(p.eval(js.String()), "\n")
	same := 0
	for _, line := range got {
		if line == "same" {
			same++
		} else {
			t.Error(line)
		}
	}
	if same != len(inputs) {
		t.Errorf("%d of %d inputs answered the same", same, len(inputs))
	}
}

// DNS rebinding: a page of rebind.test, a name that resolves to the
// server's address (Chromium's host resolver rules stand in for the
// attacker's DNS), is refused (421), and so is every request of its
// scripts, which are of its own origin.
func TestRebinding(t *testing.T) {
	p := open(t, "")
	u, err := url.Parse(shared.plain)
	if err != nil {
		t.Fatal(err)
	}
	rebound := "http://rebind.test:" + u.Port() + "/"
	p.do(chromedp.Navigate(rebound))
	if got := p.eval(`document.body.textContent`); !strings.Contains(got, "421") || strings.Contains(got, "URI viewer") {
		t.Errorf("the page at %s shows %q", rebound, got)
	}
	if got := p.eval(`fetch('analyze', {method: 'POST', headers: {'Content-Type': 'application/json'}, body: '{"u":"a"}'}).then((r) => r.status + ' ' + r.headers.get('Content-Type'))`); !strings.HasPrefix(got, "421 ") {
		t.Errorf("POST analyze from %s: %s", rebound, got)
	}
	// The same name with the page's own address is served.
	if got := p.eval(`location.origin`); got != strings.TrimSuffix(rebound, "/") {
		t.Fatalf("the page is at %s", got)
	}
	p.mu.Lock()
	p.requests = nil
	p.mu.Unlock()
}

// Without Chromium the tests skip outside CI and fail in it: the go
// command runs this package's test again with a Chromium that is not
// there.
func TestNoChromium(t *testing.T) {
	if os.Getenv("URI_E2E_INNER") != "" {
		t.Skip("inside TestNoChromium")
	}
	for _, tc := range []struct {
		env      []string
		fails    bool
		contains string
	}{
		{[]string{"URI_E2E_REQUIRE_CHROMIUM=", "CI="}, false, "--- SKIP: TestKeyboard"},
		{[]string{"URI_E2E_REQUIRE_CHROMIUM=0", "CI=true"}, false, "--- SKIP: TestKeyboard"},
		{[]string{"URI_E2E_REQUIRE_CHROMIUM=1", "CI="}, true, "--- FAIL: TestKeyboard"},
		{[]string{"URI_E2E_REQUIRE_CHROMIUM=", "CI=true"}, true, "--- FAIL: TestKeyboard"},
	} {
		cmd := exec.Command("go", "test", "-count=1", "-v", "-run", "^TestKeyboard$", ".")
		cmd.Env = append(os.Environ(), append([]string{"CHROMIUM=/nonexistent/chromium", "URI_E2E_INNER=1"}, tc.env...)...)
		out, err := cmd.CombinedOutput()
		if failed := err != nil; failed != tc.fails || !strings.Contains(string(out), tc.contains) || !strings.Contains(string(out), "Chromium is not installed") {
			t.Errorf("%v: failed %v (%v), want %v, with %q and the reason; output:\n%s", tc.env, failed, err, tc.fails, tc.contains, out)
		}
	}
	for env, want := range map[string]bool{"": false, "CI=true": true, "CI=1": true, "CI=false": false, "CI=0": false,
		"URI_E2E_REQUIRE_CHROMIUM=1": true, "URI_E2E_REQUIRE_CHROMIUM=0 CI=true": false} {
		vars := map[string]string{}
		for _, kv := range strings.Fields(env) {
			k, v, _ := strings.Cut(kv, "=")
			vars[k] = v
		}
		if got := requireChromium(func(k string) string { return vars[k] }); got != want {
			t.Errorf("%q: require %v, want %v", env, got, want)
		}
	}
}

// The readers side by side (issue 35): for http://a\@b.com/, the URL
// confusion of the Claroty and Snyk study, a card per reader in the order
// of uri compare, each with its reader's answer, the host of each taken
// from package readers (held there to the real parsers) and from the URL
// Standard ("\" is "/" in a special URL, so its host is "a"), and the
// fields that differ from what most readers give marked. Both ways; on a
// desktop the cards sit side by side, on a phone one under another, and
// nothing is wider than the phone. The example "parsers disagree" is
// that input.
func TestReaderPanels(t *testing.T) {
	const in = `http://a\@b.com/`
	// What each reader reads, RFC 3986 and net/url rejecting the "\"
	// (RFC 3986, section 2; net/url's "invalid userinfo").
	type answer struct {
		ok   bool
		host string
	}
	want := map[string]answer{"rfc3986": {false, ""}, "whatwg": {true, "a"}, "net_url": {false, ""}}
	order := []string{"rfc3986", "whatwg", "net_url"}
	for _, r := range readers.All() {
		rd := r.Read(in)
		want[r.Name] = answer{rd.Err == nil, rd.Host}
		order = append(order, r.Name)
	}
	// Most accept, and most of those that accept read the host b.com.
	accept, hosts := 0, map[string]int{}
	for _, a := range want {
		if a.ok {
			accept++
			hosts[a.host]++
		}
	}
	if 2*accept <= len(want) || 2*hosts["b.com"] <= accept {
		t.Fatalf("the readers do not read %s as this test expects (most accept, most of those read b.com): %v", in, want)
	}
	bothWays(t, func(t *testing.T, w way) {
		// From a shared address, and with the WebAssembly from the
		// example's button.
		frag := "#u=" + encodeURIComponent(in)
		if w == wasm {
			frag = ""
		}
		p := openWay(t, w, frag)
		if w == wasm {
			p.eval(`[...document.querySelectorAll('#examples button')].find((b) => b.textContent === 'parsers disagree').click()`)
			if got := p.eval(`document.getElementById('ref').value`); got != in {
				t.Fatalf("the example put %q in the reference", got)
			}
		}
		if got := p.attr(`[data-panel="readers"] [data-row="differ"] dd`, "data-value"); got != "ok, userinfo, host, path" {
			t.Errorf("the readings differ on %q", got)
		}
		if got := p.eval(`[...document.querySelectorAll('.panel-group[data-group="readers"] > [data-panel]')].map((e) => e.dataset.panel).join(' ')`); got != "reader-"+strings.Join(order, " reader-") {
			t.Errorf("the cards: %q, want %v", got, order)
		}
		for _, name := range order {
			a := want[name]
			card := `[data-panel="reader-` + name + `"] `
			okWant, okState := "yes", "<unset>"
			if !a.ok {
				okWant, okState = "no", "differs"
			}
			if v, s := p.attr(card+`[data-row="ok"] dd`, "data-value"), p.attr(card+`[data-row="ok"]`, "data-state"); v != okWant || s != okState {
				t.Errorf("%s: accepted %q (%s), want %q (%s)", name, v, s, okWant, okState)
			}
			if !a.ok {
				if s := p.attr(card+`[data-row="error"]`, "data-state"); s != "error" || !p.visible(card+`[data-row="error"] .message`) {
					t.Errorf("%s: no error shown (%s)", name, s)
				}
				continue
			}
			hostState, badge := "<unset>", ""
			if a.host != "b.com" {
				hostState, badge = "differs", "differs from most readers"
			}
			if v, s := p.attr(card+`[data-row="host"] dd`, "data-value"), p.attr(card+`[data-row="host"]`, "data-state"); v != a.host || s != hostState {
				t.Errorf("%s: host %q (%s), want %q (%s)", name, v, s, a.host, hostState)
			}
			if got := p.eval(`(() => { const b = document.querySelector(` + quote(card+`[data-row="host"] .badge.differs`) + `); return b ? b.textContent : ''; })()`); got != badge {
				t.Errorf("%s: host's mark %q, want %q", name, got, badge)
			}
		}
		// The URL Standard reads no userinfo: absent, not empty, and marked.
		if got := p.text(`[data-panel="reader-whatwg"] [data-row="userinfo"] dd .badge`); got != "absent" {
			t.Errorf("whatwg's userinfo shows %q", got)
		}
		if !strings.Contains(p.text(`[data-panel="readers"] .note`), "most of the readers") {
			t.Error("the page does not say what a field is marked against")
		}
		// A desktop: three cards in a row.
		if got := p.eval(`(() => { const t = [...document.querySelectorAll('.panel-group > .panel')].map((e) => Math.round(e.getBoundingClientRect().top)); return String(t.filter((v) => v === t[0]).length); })()`); got != "3" {
			t.Errorf("%s cards in the first row at 1100 px, want 3", got)
		}
		shot(p, w, "readers.png")
		if w == server {
			return
		}
		// A phone: one card under another, nothing wider than the screen.
		p.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile))
		p.eval(`new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)))`)
		if got := p.eval(`(() => { const t = [...document.querySelectorAll('.panel-group > .panel')].map((e) => Math.round(e.getBoundingClientRect().top)); return String(new Set(t).size) + '/' + t.length; })()`); got != fmt.Sprintf("%d/%d", len(order), len(order)) {
			t.Errorf("cards in rows of their own on a phone: %s", got)
		}
		if got := p.eval(`String(document.documentElement.scrollWidth <= window.innerWidth) + ' ' + document.documentElement.scrollWidth + '/' + window.innerWidth`); !strings.HasPrefix(got, "true") {
			t.Errorf("the page is wider than a phone: %s", got)
		}
		p.eval(`document.querySelector('[data-panel="readers"]').scrollIntoView()`)
		p.screenshot("readers-phone.png", true)
	})
}
