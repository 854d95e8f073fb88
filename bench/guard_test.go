package bench

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"testing"
	"time"

	"github.com/ferret-go/uri/guard"
)

// BenchmarkGuardGet is a GET of a small body from a server on 127.0.0.1,
// through guard.Guard.Client (127.0.0.1/32 in Allow, IP literals allowed
// by the Policy) and through a plain http.Client with the same transport
// settings, keep-alive on (one connection reused) and off (a connection a
// request). The guard's cost is the Policy's check of the URL, the address
// judged, and the dialer's Control on each new connection; issue 36's
// target is at most 10% over the plain client.
//
// cpu-ns/op is the process's CPU time per request, client and server
// together (both run here), steadier than the wall time on a shared
// machine.
func BenchmarkGuardGet(b *testing.B) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "hello, world\n")
	}))
	defer srv.Close()
	for _, keep := range []struct {
		name string
		off  bool
	}{{"on", false}, {"off", true}} {
		for _, lib := range []string{"plain", "guard"} {
			b.Run("keepalive="+keep.name+"/client="+lib, func(b *testing.B) {
				var c *http.Client
				switch lib {
				case "plain":
					d := &net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second}
					c = &http.Client{Transport: &http.Transport{
						DialContext: d.DialContext, ForceAttemptHTTP2: true, MaxIdleConns: 100,
						IdleConnTimeout: 90 * time.Second,
					}}
				case "guard":
					g := &guard.Guard{Allow: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}}
					g.Policy.AllowIP = true
					c = g.Client()
				}
				get := func() {
					req, _ := http.NewRequest("GET", srv.URL+"/a/b?c=d", nil)
					// Keep-alive off: the request says
					// "Connection: close", for both clients.
					req.Close = keep.off
					resp, err := c.Do(req)
					if err != nil {
						b.Fatal(err)
					}
					io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
				}
				get()
				benchCPU(b, get)
				c.CloseIdleConnections()
			})
		}
	}
}

// BenchmarkGuardCheck is guard.Guard.Check on URLs with an IP-literal
// host (no resolution) against net/url.Parse of the same URLs;
// guardinstr.sh counts the same calls' instructions.
func BenchmarkGuardCheck(b *testing.B) {
	urls := []string{
		"http://93.184.216.34/index.html",
		"https://[2606:2800:220:1:248:1893:25c8:1946]/a/b?c=d",
		"http://8.8.8.8:8080/path/to/resource?query=1#frag",
	}
	g := &guard.Guard{}
	g.Policy.AllowIP = true
	ctx := context.Background()
	b.Run("lib=guard", func(b *testing.B) {
		i := 0
		benchCPU(b, func() {
			if _, _, err := g.Check(ctx, urls[i%len(urls)]); err != nil {
				b.Fatal(err)
			}
			i++
		})
	})
	b.Run("lib=neturl", func(b *testing.B) {
		i := 0
		benchCPU(b, func() {
			if _, err := url.Parse(urls[i%len(urls)]); err != nil {
				b.Fatal(err)
			}
			i++
		})
	})
}
