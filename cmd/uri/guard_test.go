package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// guardJSON is the shape of one line of "uri guard --json".
type guardJSON struct {
	Input     string
	OK        bool
	URL       *string
	Addresses []string
	Address   *string
	Rule      *string
}

// TestGuard runs "uri guard" on inputs that need no resolver: IP literals
// and names blocked without a lookup.
func TestGuard(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		out  string
	}{
		{[]string{"guard", "http://localhost/"}, 1, "http://localhost/: blocked: .localhost (name, RFC 6761"},
		{[]string{"guard", "http://metadata.google.internal/"}, 1, "blocked: .internal"},
		{[]string{"guard", "http://127.0.0.1/"}, 1, "blocked: lint.Policy"},
		{[]string{"guard", "--policy", "allow=ip", "http://127.0.0.1/"}, 1, "blocked 127.0.0.1: 127.0.0.0/8 Loopback (IPv4 Special-Purpose, RFC 1122"},
		{[]string{"guard", "--policy", "allow=ip", "--allow", "127.0.0.2/32", "http://127.0.0.2/"}, 0, "http://127.0.0.2/: allowed 127.0.0.2\n"},
		{[]string{"guard", "--policy", "allow=ip", "--allow", "127.0.0.2", "http://127.0.0.2/"}, 0, "allowed 127.0.0.2"},
		{[]string{"guard", "--policy", "allow=ip", "--allow", "10.0.0.0/8", "--deny", "10.0.0.1/32", "http://10.0.0.1/", "http://10.0.0.2/"}, 1,
			"http://10.0.0.1/: blocked 10.0.0.1: 10.0.0.1/32 Guard.Deny (guard)\nhttp://10.0.0.2/: allowed 10.0.0.2\n"},
		{[]string{"guard", "--policy", "allow=ip", "http://[2001:0:808:808::80ff:fffe]/"}, 1, "inside a Teredo"},
		{[]string{"guard", "--policy", "allow=ip", "http://169.254.169.254/latest/"}, 1, "cloud metadata"},
		{[]string{"guard", "--allow", "bogus", "http://a/"}, 2, ""},
	} {
		var out, errb bytes.Buffer
		code := run(tc.args, strings.NewReader(""), &out, &errb)
		if code != tc.code || !strings.Contains(out.String(), tc.out) {
			t.Errorf("%q: status %d, output %q (stderr %q); want %d, %q", tc.args, code, out.String(), errb.String(), tc.code, tc.out)
		}
	}
}

func TestGuardJSON(t *testing.T) {
	var out, errb bytes.Buffer
	code := run([]string{"guard", "--json", "--policy", "allow=ip", "http://10.0.0.1/", "http://a@b/", "http://localhost/"}, strings.NewReader(""), &out, &errb)
	if code != 1 {
		t.Fatalf("status %d, stderr %q", code, errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 3 {
		t.Fatalf("%d lines: %q", len(lines), out.String())
	}
	var r [3]guardJSON
	for i, l := range lines {
		if err := json.Unmarshal([]byte(l), &r[i]); err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
	}
	if r[0].OK || r[0].URL == nil || *r[0].URL != "http://10.0.0.1/" || r[0].Address == nil || *r[0].Address != "10.0.0.1" ||
		len(r[0].Addresses) != 1 || r[0].Rule == nil || !strings.Contains(*r[0].Rule, "RFC 1918") {
		t.Errorf("10.0.0.1: %s", lines[0])
	}
	if r[1].OK || r[1].URL != nil || r[1].Rule == nil || !strings.Contains(*r[1].Rule, "lint.Policy") {
		t.Errorf("userinfo: %s", lines[1])
	}
	if r[2].OK || r[2].Address != nil || r[2].Rule == nil || !strings.HasPrefix(*r[2].Rule, ".localhost") {
		t.Errorf("localhost: %s", lines[2])
	}
}
