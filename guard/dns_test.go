package guard

import (
	"context"
	"encoding/binary"
	"net"
	"net/netip"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

// dnsAnswer returns the addresses of name (lowercase, without the final
// dot) for the query type (1 for A, 28 for AAAA) at the n-th query of the
// test (from 0), or ok false for a name that does not exist (NXDOMAIN).
type dnsAnswer func(name string, qtype uint16, n int) (addrs []netip.Addr, ok bool)

// dnsServer is a DNS server on 127.0.0.1 over UDP, for one test, that
// answers each query with TTL 0 (RFC 1035, section 4.1): the header, the
// question as asked, and an A or AAAA record for each address.
type dnsServer struct {
	conn    net.PacketConn
	answer  dnsAnswer
	queries atomic.Int32 // answered
	// received counts the queries received, answered or not.
	received atomic.Int32
	// silent makes the server read queries and answer none.
	silent atomic.Bool
	mu     sync.Mutex
	asked  []string
}

func startDNS(t *testing.T, answer dnsAnswer) *dnsServer {
	t.Helper()
	c, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &dnsServer{conn: c, answer: answer}
	t.Cleanup(func() { c.Close() })
	go s.serve()
	return s
}

// resolver returns a pure-Go resolver that sends every query to s, and
// never to the system's servers.
func (s *dnsServer) resolver() *net.Resolver {
	addr := s.conn.LocalAddr().String()
	return &net.Resolver{
		PreferGo: true,
		Dial: func(ctx context.Context, network, _ string) (net.Conn, error) {
			var d net.Dialer
			return d.DialContext(ctx, "udp", addr)
		},
	}
}

func (s *dnsServer) serve() {
	buf := make([]byte, 1500)
	for {
		n, from, err := s.conn.ReadFrom(buf)
		if err != nil {
			return
		}
		s.received.Add(1)
		if s.silent.Load() {
			continue
		}
		if resp := s.respond(buf[:n]); resp != nil {
			s.conn.WriteTo(resp, from)
		}
	}
}

// respond builds the response to the query q, or returns nil for a query
// it cannot read.
func (s *dnsServer) respond(q []byte) []byte {
	if len(q) < 12 || binary.BigEndian.Uint16(q[4:]) != 1 {
		return nil
	}
	// The question: labels, then type and class (RFC 1035, 4.1.2).
	i := 12
	var labels []string
	for {
		if i >= len(q) {
			return nil
		}
		l := int(q[i])
		if l == 0 {
			i++
			break
		}
		if l > 63 || i+1+l > len(q) {
			return nil
		}
		labels = append(labels, string(q[i+1:i+1+l]))
		i += 1 + l
	}
	if i+4 > len(q) {
		return nil
	}
	qtype := binary.BigEndian.Uint16(q[i:])
	question := q[12 : i+4]
	name := strings.ToLower(strings.Join(labels, "."))
	n := int(s.queries.Add(1)) - 1
	s.mu.Lock()
	s.asked = append(s.asked, name)
	s.mu.Unlock()

	addrs, ok := s.answer(name, qtype, n)
	resp := make([]byte, 12, 512)
	copy(resp, q[:2])                                  // ID
	flags := uint16(0x8000 | 0x0400 | 0x0100 | 0x0080) // QR, AA, RD, RA
	if !ok {
		flags |= 3 // NXDOMAIN
	}
	binary.BigEndian.PutUint16(resp[2:], flags)
	binary.BigEndian.PutUint16(resp[4:], 1)
	resp = append(resp, question...)
	count := 0
	for _, a := range addrs {
		var rdata []byte
		switch {
		case qtype == 1 && a.Is4():
			b := a.As4()
			rdata = b[:]
		case qtype == 28 && a.Is6():
			b := a.As16()
			rdata = b[:]
		default:
			continue
		}
		resp = append(resp, 0xc0, 12) // the name: a pointer to the question's
		resp = binary.BigEndian.AppendUint16(resp, qtype)
		resp = binary.BigEndian.AppendUint16(resp, 1) // IN
		resp = binary.BigEndian.AppendUint32(resp, 0) // TTL 0
		resp = binary.BigEndian.AppendUint16(resp, uint16(len(rdata)))
		resp = append(resp, rdata...)
		count++
	}
	binary.BigEndian.PutUint16(resp[6:], uint16(count))
	return resp
}

// names returns the names asked so far.
func (s *dnsServer) names() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.asked...)
}

// static answers each name of m with its addresses, every time.
func static(m map[string][]string) dnsAnswer {
	return func(name string, qtype uint16, n int) ([]netip.Addr, bool) {
		list, ok := m[name]
		var out []netip.Addr
		for _, s := range list {
			out = append(out, netip.MustParseAddr(s))
		}
		return out, ok
	}
}

// TestDNSServer checks the test's own DNS server through the resolver
// that dials it, against the records it was given.
func TestDNSServer(t *testing.T) {
	s := startDNS(t, static(map[string][]string{"a.test": {"127.0.0.2", "127.0.0.3"}}))
	got, err := s.resolver().LookupNetIP(context.Background(), "ip4", "a.test")
	if err != nil || len(got) != 2 || got[0] != netip.MustParseAddr("127.0.0.2") || got[1] != netip.MustParseAddr("127.0.0.3") {
		t.Fatalf("LookupNetIP(a.test) = %v, %v", got, err)
	}
	if _, err := s.resolver().LookupNetIP(context.Background(), "ip4", "missing.test"); err == nil {
		t.Fatalf("missing.test resolved")
	} else if de, ok := err.(*net.DNSError); !ok || !de.IsNotFound {
		t.Fatalf("missing.test: %v, want a not-found *net.DNSError", err)
	}
}
