package e2e

import (
	"context"
	"crypto/sha1"
	"encoding/base64"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/ferret-go/uri/lint"
)

// TestBadPortsBlocked checks lint's unexpected-port finding against
// Chromium: for every port that lint says browsers block under http (the
// Fetch Standard's bad ports, section "Port blocking", but for those lint
// says Chromium does not block yet, which it must not), navigating to
// http://127.0.0.1:port/ fails with net::ERR_UNSAFE_PORT, and so does a
// fetch() of http://127.0.0.1:port/ from a page; to a port it does not
// flag (a local server's, and the neighbours of bad ports), Chromium goes
// (the server's page loads; elsewhere nothing listens, and the error is
// another); fetch() from a page fails with net::ERR_UNSAFE_PORT for a
// bad port and not for another. Under ws the same holds for a WebSocket
// (the WebSockets Standard's "establish a WebSocket connection" is a
// fetch, so the bad-port block applies): new WebSocket to a bad port
// fails with net::ERR_UNSAFE_PORT and a listener on that port sees no
// connection, while a listener on another port sees one and the local
// server's WebSocket opens.
func TestBadPortsBlocked(t *testing.T) {
	browser := chromium()
	if browser == "" {
		if requireChromium(os.Getenv) {
			t.Fatal(noChromium)
		}
		t.Skip(noChromium)
	}
	// finding returns lint's unexpected-port message for the port, or "".
	finding := func(scheme string, port int) string {
		for _, f := range lint.Lint(scheme + "://127.0.0.1:" + strconv.Itoa(port) + "/") {
			if f.Code == lint.CodeUnexpectedPort {
				return f.Message
			}
		}
		return ""
	}
	flagged := func(scheme string, port int) bool { return finding(scheme, port) != "" }
	// bad are the ports lint says browsers block, fetchOnly those it says
	// the Fetch Standard lists but Chromium does not block yet.
	var bad, fetchOnly, good []int
	for p := 0; p <= 65535; p++ {
		m := finding("http", p)
		switch {
		case m == "":
			continue
		case strings.Contains(m, "browsers block it under http"):
			bad = append(bad, p)
		case strings.Contains(m, "Chromium does not block it yet"):
			fetchOnly = append(fetchOnly, p)
		default:
			t.Errorf("lint on port %d: %q says neither", p, m)
		}
		if !flagged("ws", p) {
			t.Errorf("lint flags port %d under http, not under ws", p)
		}
	}
	if len(bad) < 80 {
		t.Fatalf("lint flags %d ports", len(bad))
	}
	for _, p := range bad {
		for _, q := range []int{p - 1, p + 1} {
			if q > 0 && !flagged("http", q) && (len(good) == 0 || good[len(good)-1] != q) {
				good = append(good, q)
			}
		}
	}

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.EqualFold(r.Header.Get("Upgrade"), "websocket") {
			acceptWebSocket(w, r)
			return
		}
		fmt.Fprint(w, "<!doctype html><title>served</title><p>served")
	})}
	go srv.Serve(ln)
	defer srv.Close()
	page := "http://" + ln.Addr().String() + "/"
	u, _ := url.Parse(page)
	own, _ := strconv.Atoi(u.Port())
	if flagged("http", own) {
		t.Fatalf("lint flags the local server's port %d", own)
	}

	ctx := headless(t, browser, 5*time.Minute)

	// Every request that fails, with Chromium's error (Network domain).
	var mu sync.Mutex
	failed := map[network.RequestID]string{}
	requested := map[network.RequestID]string{}
	// The tab must exist before Listen.
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting %s: %v", browser, err)
	}
	if err := chromedp.Listen(ctx, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch ev := ev.(type) {
		case *network.EventRequestWillBeSent:
			requested[ev.RequestID] = ev.Request.URL
		case *network.EventLoadingFailed:
			failed[ev.RequestID] = ev.ErrorText
		case *network.EventWebSocketCreated:
			requested[ev.RequestID] = ev.URL
		case *network.EventWebSocketFrameError:
			failed[ev.RequestID] = ev.ErrorMessage
		}
	}); err != nil {
		t.Fatal(err)
	}
	// failure returns the error of the last request to target, or "".
	failure := func(target string) string {
		mu.Lock()
		defer mu.Unlock()
		out := ""
		for id, u := range requested {
			if u == target {
				out = failed[id]
			}
		}
		return out
	}

	// A normal port: the page loads.
	if err := chromedp.Do(ctx,
		chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			_, err := cdp.Call(ctx, t, network.Enable, network.EnableParams{})
			return err
		}),
		chromedp.Navigate(page)); err != nil {
		t.Fatalf("navigate to %s: %v", page, err)
	}
	title, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.title`))
	if err != nil || title != "served" {
		t.Fatalf("%s: title %q, %v", page, title, err)
	}
	for _, p := range bad {
		target := "http://127.0.0.1:" + strconv.Itoa(p) + "/"
		err := chromedp.Do(ctx, chromedp.Navigate(target))
		if err == nil || !strings.Contains(err.Error(), "ERR_UNSAFE_PORT") {
			t.Errorf("navigate to %s: %v; lint says browsers block it, want net::ERR_UNSAFE_PORT", target, err)
		}
	}
	for _, p := range append(good, fetchOnly...) {
		target := "http://127.0.0.1:" + strconv.Itoa(p) + "/"
		err := chromedp.Do(ctx, chromedp.Navigate(target))
		if err != nil && strings.Contains(err.Error(), "ERR_UNSAFE_PORT") {
			t.Errorf("navigate to %s: %v; lint does not say browsers block it", target, err)
		}
	}

	// fetch() from a page of the server: blocked for a bad port (the
	// Fetch Standard's "should fetching request be blocked due to a bad
	// port"), attempted for another.
	if err := chromedp.Do(ctx, chromedp.Navigate(page)); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		port   int
		unsafe bool
	}{{bad[0], true}, {22, true}, {6697, true}, {10080, true}, {good[0], false}, {own, false}} {
		target := "http://127.0.0.1:" + strconv.Itoa(c.port) + "/f"
		got, err := chromedp.Run(ctx, chromedp.Evaluate[string](`fetch('`+target+`', {mode: 'no-cors'}).then(() => 'ok', (e) => 'failed')`, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Errorf("fetch %s: %v", target, err)
			continue
		}
		why := failure(target)
		if unsafe := strings.Contains(why, "ERR_UNSAFE_PORT"); unsafe != c.unsafe || c.port == own && got != "ok" {
			t.Errorf("fetch %s: %s (%q); lint says browsers block it: %v", target, got, why, c.unsafe)
		}
	}

	webSockets(t, ctx, failure, finding, own, fetchOnly)
}

// webSockets checks lint's "browsers block it under ws" against
// Chromium's WebSocket, from the page of the local server (own its port):
// a few bad ports (unprivileged ones, so that a listener can watch them)
// fail with net::ERR_UNSAFE_PORT and their listener sees no connection;
// the bad ports lint says Chromium does not block yet, and a neighbour of
// a bad port, get a connection; the local server's WebSocket opens.
func webSockets(t *testing.T, ctx context.Context, failure func(string) string, finding func(string, int) string, own int, fetchOnly []int) {
	type wsCase struct {
		port  int
		block bool
	}
	cases := []wsCase{{10080, true}, {6697, true}, {6000, true}, {10081, false}, {own, false}}
	for _, p := range fetchOnly {
		cases = append(cases, wsCase{p, false})
	}
	for _, c := range cases {
		m := finding("ws", c.port)
		switch {
		case c.block && !strings.Contains(m, "browsers block it under ws"):
			t.Errorf("lint on ws port %d: %q; want that browsers block it", c.port, m)
			continue
		case !c.block && strings.Contains(m, "browsers block it"):
			t.Errorf("lint on ws port %d: %q; want no block", c.port, m)
			continue
		}
		target := "ws://127.0.0.1:" + strconv.Itoa(c.port) + "/"
		// A listener on the port (but the local server's, which has
		// one) counts the connections Chromium makes to it; where the
		// port is taken, the block is still checked through the error.
		conns := make(chan struct{}, 8)
		var ln net.Listener
		if c.port != own {
			var err error
			ln, err = net.Listen("tcp", "127.0.0.1:"+strconv.Itoa(c.port))
			if err != nil {
				t.Logf("no listener on %d (%v): checking the error alone", c.port, err)
			} else {
				go func() {
					for {
						conn, err := ln.Accept()
						if err != nil {
							return
						}
						conns <- struct{}{}
						conn.Close()
					}
				}()
			}
		}
		got, err := chromedp.Run(ctx, chromedp.Evaluate[string](`new Promise((done) => {
	let ws;
	try { ws = new WebSocket(`+quote(target)+`); } catch (e) { done('threw ' + e.name); return; }
	ws.onopen = () => { done('open'); ws.close(); };
	ws.onclose = (e) => done('closed ' + e.code);
	setTimeout(() => done('timeout'), 10000);
})`, chromedp.EvalAwaitPromise))
		if ln != nil {
			ln.Close()
		}
		if err != nil {
			t.Errorf("WebSocket %s: %v", target, err)
			continue
		}
		// The error arrives over the Network domain after the close.
		why := ""
		for i := 0; i < 20; i++ {
			if why = failure(target); why != "" || got == "open" {
				break
			}
			time.Sleep(50 * time.Millisecond)
		}
		seen := len(conns) > 0 || c.port == own && got == "open"
		unsafe := strings.Contains(why, "ERR_UNSAFE_PORT")
		switch {
		case c.block && (!unsafe || seen || got != "closed 1006"):
			t.Errorf("WebSocket %s: %s (%q), connection seen %v; lint says browsers block it: want net::ERR_UNSAFE_PORT, close 1006, no connection", target, got, why, seen)
		case !c.block && (unsafe || ln != nil && !seen):
			t.Errorf("WebSocket %s: %s (%q), connection seen %v; lint says browsers do not block it: want a connection", target, got, why, seen)
		case c.port == own && got != "open":
			t.Errorf("WebSocket %s to the local server: %s (%q), want it open", target, got, why)
		}
	}
}

// acceptWebSocket completes the opening handshake of RFC 6455, section
// 4.2.2, so that a WebSocket to the local server opens.
func acceptWebSocket(w http.ResponseWriter, r *http.Request) {
	key := r.Header.Get("Sec-WebSocket-Key")
	h := sha1.Sum([]byte(key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"))
	conn, buf, err := http.NewResponseController(w).Hijack()
	if err != nil {
		return
	}
	defer conn.Close()
	fmt.Fprintf(buf, "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: %s\r\n\r\n", base64.StdEncoding.EncodeToString(h[:]))
	buf.Flush()
	// Hold the connection until the client closes it.
	conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	io.Copy(io.Discard, conn)
}
