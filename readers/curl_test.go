package readers

import (
	"errors"
	"strings"
	"testing"
	"time"
)

// TestCurlTable checks the curl reader against libcurl's answers, recorded
// in testdata/table-curl.json with libcurl's version.
func TestCurlTable(t *testing.T) { checkRecorded(t, "curl") }

// TestCurlGuessTable checks the curl_guess reader against libcurl's
// answers with CURLU_GUESS_SCHEME, in testdata/table-curl_guess.json.
func TestCurlGuessTable(t *testing.T) { checkRecorded(t, "curl_guess") }

// TestCurlErrors checks that the errors are CurlCode values that
// errors.Is finds, with the code's name in the text.
func TestCurlErrors(t *testing.T) {
	for _, c := range []struct {
		in   string
		want CurlCode
	}{
		{"example.com", CurlBadScheme},       // no scheme, no guessing (curl_url_set(3))
		{"http:example.com", CurlBadSlashes}, // no slash after the scheme
		{"http://a b/", CurlBadHostname},
		{"http://[::1/", CurlBadIPv6},
		{"http://h:99999/", CurlBadPortNumber},
		{"http://h/a b", CurlBadPath},
		{"http://h/?a b", CurlBadQuery},
		{"http://h/#a b", CurlBadFragment},
		{"http://a b@h/", CurlBadUser},
		{"http://a:b c@h/", CurlBadPassword},
		{"file://example.com/x", CurlBadFileURL},
		{"http://@/", CurlNoHost},
		{"http://" + strings.Repeat("a", curlMaxInput), CurlMalformedInput},
	} {
		err := Curl(c.in).Err
		if !errors.Is(err, c.want) {
			t.Errorf("curl(%.40q): error %v, want %v", c.in, err, c.want)
			continue
		}
		if !strings.Contains(err.Error(), "CURLUE_") {
			t.Errorf("curl(%.40q): error text %q names no CURLUcode", c.in, err)
		}
	}
}

// TestCurlLinear checks that reading takes time linear in the input on the
// shapes that make parsers slow (many dots, "@", "%", "/../").
func TestCurlLinear(t *testing.T) {
	for _, unit := range []string{"/..", "/./", "1.", "%41", "@", "[", "0x", ":"} {
		small := "http://h" + strings.Repeat(unit, 1000)
		big := "http://h" + strings.Repeat(unit, 100000)
		ts, tb := timeRead(Curl, small), timeRead(Curl, big)
		if tb > 1000*ts+50*time.Millisecond {
			t.Errorf("curl on %q repeated: 1,000 times %v, 100,000 times %v: not linear", unit, ts, tb)
		}
	}
}

func timeRead(read func(string) Reading, s string) time.Duration {
	best := time.Duration(1 << 62)
	for i := 0; i < 3; i++ {
		start := time.Now()
		read(s)
		if d := time.Since(start); d < best {
			best = d
		}
	}
	return best
}

// FuzzCurl checks that neither curl reader panics and that what they
// accept keeps the invariants libcurl's own parser keeps.
func FuzzCurl(f *testing.F) {
	for _, s := range []string{"http://u:p@h:1/p?q#f", "h.example/x", "http://[::1%25eth0]:80/", "file:///x/../y", "http://0x7f.1/", "imap://u;o:p@h/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, read := range []func(string) Reading{Curl, CurlGuess} {
			r := read(s)
			if r.Err != nil {
				var c CurlCode
				if !errors.As(r.Err, &c) {
					t.Fatalf("%q: error %v is not a CurlCode", s, r.Err)
				}
				continue
			}
			if r.Has&HasPath == 0 || r.Has&HasScheme == 0 {
				t.Fatalf("%q: accepted without a path or scheme: %+v", s, r)
			}
			if strings.ContainsAny(r.Host, " /?#@") && r.Host[0] != '[' {
				t.Fatalf("%q: host %q holds a delimiter", s, r.Host)
			}
		}
	})
}
