// Package e2e tests the URI viewer in a real browser: it builds the page's
// WebAssembly and the uri command from the module at .., starts "uri serve",
// and drives Debian's Chromium, headless, through the DevTools protocol
// (github.com/chromedp/chromedp, a dependency of this module only).
//
// Without Chromium the tests skip, saying so, unless
// URI_E2E_REQUIRE_CHROMIUM is set, as .ci/run sets it after installing it.
package e2e

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
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
)

var updateShots = flag.Bool("update-screenshots", false, "write the screenshots to testdata/, where they are committed, instead of a temporary directory")

// The browser and the server, shared by the tests, each of which has a tab
// of its own.
var shared struct {
	once    sync.Once
	skip    string // why the tests skip
	err     error  // why they fail
	url     string // the page, "http://127.0.0.1:port/"
	bin     string // the uri command
	browser context.Context
	stop    []func()
	shots   string // where screenshots go
}

func TestMain(m *testing.M) {
	flag.Parse()
	code := m.Run()
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

// start builds the page and the command, starts the server and the browser.
func start() {
	browser := chromium()
	if browser == "" {
		shared.skip = "Chromium is not installed: the browser tests need it (apt-get install chromium; .ci/run installs it)"
		if os.Getenv("URI_E2E_REQUIRE_CHROMIUM") != "" {
			// CI installs it: there, a skip would hide a failed install.
			shared.err, shared.skip = errors.New(shared.skip), ""
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

	// The page's WebAssembly, then the command that embeds it, as the
	// README says to build them.
	bin := filepath.Join(tmp, "uri")
	for _, args := range [][]string{
		{"generate", "./viewer/..."},
		{"build", "-o", bin, "./cmd/uri"},
	} {
		cmd := exec.Command("go", args...)
		cmd.Dir = ".."
		if out, err := cmd.CombinedOutput(); err != nil {
			shared.err = fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, out)
			return
		}
	}

	shared.bin = bin
	addr, stderr, stop, err := serve("--addr", "127.0.0.1:0")
	if err != nil {
		shared.err = err
		return
	}
	shared.stop = append(shared.stop, stop)
	if e := stderr(); e != "" {
		shared.err = fmt.Errorf("uri serve: %s", e)
		return
	}
	shared.url = addr

	// The flags keep Chromium off the network but for the page's server:
	// without them it tries Google's hosts at every start.
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(browser),
		chromedp.Flag("headless", true),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
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

// serve starts "uri serve" with args and returns the page's address, what
// it printed on standard error so far, and how to stop it.
func serve(args ...string) (addr string, stderr func() string, stop func(), err error) {
	srv := exec.Command(shared.bin, append([]string{"serve"}, args...)...)
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
	t   *testing.T
	ctx context.Context

	mu         sync.Mutex
	requests   []string
	exceptions []string
}

// open starts the shared browser and server if need be, and opens a tab
// on the viewer at the fragment frag ("" for none), ready to type in.
func open(t *testing.T, frag string) *page {
	t.Helper()
	shared.once.Do(start)
	if shared.skip != "" {
		t.Skip(shared.skip)
	}
	if shared.err != nil {
		t.Fatal(shared.err)
	}
	tab, cancelTab := chromedp.NewContext(shared.browser)
	t.Cleanup(cancelTab)
	p := &page{t: t, ctx: tab}
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
		chromedp.Navigate(shared.url+frag),
	)
	if got := p.eval(`new Promise((ok) => { const f = () => document.documentElement.dataset.ready ? ok(document.documentElement.dataset.ready) : setTimeout(f, 20); f(); })`); got != "true" {
		t.Fatalf("the page did not load the library: ready=%q, status %q", got, p.eval(`document.getElementById('status').textContent`))
	}
	t.Cleanup(p.check)
	return p
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
		if !strings.HasPrefix(r, shared.url) && !strings.HasPrefix(r, "data:") {
			p.t.Errorf("the page requested %s, not on its server %s", r, shared.url)
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
	p := open(t, "")
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
	p.screenshot("valid.png", false)

	// The timings of the keystrokes typed above.
	var samples []float64
	for _, f := range strings.Split(strings.Trim(p.eval(`window.uriViewerTimings.map((s) => s.update.toFixed(3)).join(',')`), ","), ",") {
		var v float64
		fmt.Sscan(f, &v)
		samples = append(samples, v)
	}
	if len(samples) < len(in) {
		t.Fatalf("%d updates for %d keystrokes", len(samples), len(in))
	}
	sort.Float64s(samples)
	median, worst := samples[len(samples)/2], samples[len(samples)-1]
	t.Logf("keystroke to updated view, %d keystrokes: median %.2f ms, slowest %.2f ms", len(samples), median, worst)
	t.Logf("library / keystroke to view, each in ms: %s", p.eval(`window.uriViewerTimings.map((s) => s.wasm.toFixed(1) + '/' + s.update.toFixed(1)).join(' ')`))
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
	if median > 500 {
		t.Errorf("keystroke to update: median %.1f ms, over 500 ms", median)
	}
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
	p := open(t, "")
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
	// The repair panel offers the URI a browser would make of it.
	if got := p.attr(`[data-panel="repair"] [data-row="repaired"] dd`, "data-value"); got != "http://exa%20mple.com/" {
		t.Errorf("repaired %q", got)
	}
	p.screenshot("invalid.png", false)
}

// RFC 3986, section 5.4.1: references resolved against
// "http://a/b/c/d;p?q", typed, and the shortest reference back.
func TestResolution(t *testing.T) {
	p := open(t, "")
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
	p.screenshot("resolution.png", false)

	// A base without a scheme is shown as an error (section 5.1).
	p.typeInto("base", "/b/c")
	if !p.visible("#base-error-view") {
		t.Error("a relative base is not shown as an error")
	}
	if got := p.attr(`[data-panel="resolution"] [data-row="target"]`, "data-state"); got != "error" {
		t.Errorf("target's state %q against a relative base", got)
	}
}

// A shared address shows its view on load, and a new fragment its new
// view.
func TestSharedAddress(t *testing.T) {
	const ref, base = "g;x=1/../y", "http://a/b/c/d;p?q"
	p := open(t, "#u="+url.QueryEscape(ref)+"&base="+encodeURIComponent(base))
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
	if got := p.text(`[data-host="address"]`); got != "2001:db8::7" {
		t.Errorf("after a new fragment, host address %q", got)
	}
	if v, _ := p.cell("host", "decoded"); v != "2001:db8::7" {
		t.Errorf("decoded host %q", v)
	}
	if p.visible("#base-error-view") || p.eval(`document.getElementById('base').value`) != "" {
		t.Error("a fragment without base left a base")
	}
}

// RFC 3987, section 3.1: "Dürst" is an IRI, not a URI. The caret is under
// the "ü" (byte 24 of the UTF-8), and the URI it maps to has its octets
// percent-encoded.
func TestIRI(t *testing.T) {
	p := open(t, "#u="+encodeURIComponent("http://www.example.org/Dürst"))
	if got := p.attr("#error-line-bad", "data-offset"); got != "24" {
		t.Errorf("error at offset %s, want 24", got)
	}
	if bad := p.text("#error-line-bad .ch"); bad != "ü" {
		t.Errorf("the caret is under %q", bad)
	}
	if got := p.attr(`[data-panel="iri"] [data-row="to-uri"] dd`, "data-value"); got != "http://www.example.org/D%C3%BCrst" {
		t.Errorf("as a URI %q", got)
	}
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

// Served without its WebAssembly (uri serve --dir on the page's files
// alone), the page says how to build it rather than staying blank.
func TestWithoutWasm(t *testing.T) {
	p := open(t, "")
	dir := t.TempDir()
	for _, name := range []string{"index.html", "viewer.js", "viewer.css"} {
		b, err := os.ReadFile(filepath.Join("..", "viewer", "site", "files", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	addr, stderr, stop, err := serve("--addr", "127.0.0.1:0", "--dir", dir)
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	// The warning comes before the address, through a pipe of its own.
	for i := 0; i < 100 && stderr() == ""; i++ {
		time.Sleep(20 * time.Millisecond)
	}
	if !strings.Contains(stderr(), "go generate ./viewer/...") {
		t.Errorf("uri serve does not say how to build the WebAssembly: %q", stderr())
	}
	p.do(chromedp.Navigate(addr))
	ready := p.eval(`new Promise((ok) => { const f = () => document.documentElement.dataset.ready ? ok(document.documentElement.dataset.ready) : setTimeout(f, 20); f(); })`)
	if status := p.text("#status"); ready != "missing" || !strings.Contains(status, "go generate ./viewer/...") {
		t.Errorf("ready=%q, status %q", ready, status)
	}
	p.mu.Lock()
	p.requests, p.exceptions = nil, nil // the other server's, and the missing script's
	p.mu.Unlock()
}
