package guard_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"

	"github.com/ferret-go/uri/guard"
)

// A Guard's Check says what a request would do, without connecting. The
// strict Policy refuses IP-literal hosts; this one allows them, so that
// the address rules decide.
func ExampleGuard_Check() {
	g := &guard.Guard{}
	g.Policy.AllowIP = true
	for _, s := range []string{
		"http://169.254.169.254/latest/meta-data/",
		"http://[::ffff:10.0.0.1]/",
		"http://localhost:8080/",
		"http://8.8.8.8/",
	} {
		_, addrs, err := g.Check(context.Background(), s)
		var be *guard.BlockedError
		if errors.As(err, &be) {
			fmt.Println("blocked:", be.Rule.Name)
			continue
		}
		fmt.Println("allowed:", addrs)
	}
	// Output:
	// blocked: cloud metadata (AWS, GCP, Azure, Oracle, OpenStack, DigitalOcean)
	// blocked: lint.Policy
	// blocked: .localhost
	// allowed: [8.8.8.8]
}

// Client fetches through the guard. Here a server on 127.0.0.1 stands for
// a public one: Allow opens its address, which the Loopback entry of the
// registry blocks otherwise.
func ExampleGuard_Client() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "hello")
	}))
	defer srv.Close()

	strict := &guard.Guard{}
	strict.Policy.AllowIP = true
	_, err := strict.Client().Get(srv.URL)
	fmt.Println(errors.Is(err, guard.ErrBlocked))

	g := &guard.Guard{Allow: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}}
	g.Policy.AllowIP = true
	resp, err := g.Client().Get(srv.URL)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	fmt.Println(string(b))
	// Output:
	// true
	// hello
}

// DialContext guards connections of other protocols: every address is
// judged, whatever form it is written in.
func ExampleGuard_DialContext() {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer l.Close()
	port := l.Addr().(*net.TCPAddr).Port

	g := &guard.Guard{}
	// 0x7f.1 is 127.0.0.1 to inet_aton and to browsers.
	_, err = g.DialContext(context.Background(), "tcp", fmt.Sprintf("0x7f.1:%d", port))
	var be *guard.BlockedError
	if errors.As(err, &be) {
		fmt.Println(be.Addr, "blocked by", be.Rule.Prefix, be.Rule.Name)
	}
	// Output:
	// 127.0.0.1 blocked by 127.0.0.0/8 Loopback
}

// Rules lists what the guard blocks, each entry with its source.
func ExampleRules() {
	for _, r := range guard.Rules()[:3] {
		fmt.Println(r)
	}
	// Output:
	// 0.0.0.0/8 "This network" (IPv4 Special-Purpose, RFC 791, section 3.2)
	// 0.0.0.0/32 "This host on this network" (IPv4 Special-Purpose, RFC 1122, section 3.2.1.3)
	// 10.0.0.0/8 Private-Use (IPv4 Special-Purpose, RFC 1918)
}
