package main

import (
	"bufio"
	"encoding/json"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ferret-go/uri/readers"
)

// trurlCase is one case of trurl's tests.json (testdata/trurl).
type trurlCase struct {
	Input struct {
		Arguments []string `json:"arguments"`
	} `json:"input"`
	Expected struct {
		Stdout     json.RawMessage `json:"stdout"` // a string, or JSON for --json
		ReturnCode int             `json:"returncode"`
	} `json:"expected"`
	Required []string `json:"required"`
}

// mapTrurl maps trurl's arguments onto uri edit's: the same option names
// where uri has them, and trurl's defaults made explicit (it normalizes
// every URL as libcurl does and guesses a missing scheme). It returns why
// the case does not map when it does not.
func mapTrurl(args []string) (out []string, why string) {
	out = []string{"edit", "--normalize", "--zone"} // trurl reads an IPv6 zone as libcurl does
	var mapped []string
	guess := true
	ends := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if ends || !strings.HasPrefix(a, "-") || a == "-" {
			mapped = append(mapped, "--url", a)
			continue
		}
		name, value, hasValue := strings.Cut(a, "=")
		switch {
		case a == "--":
			ends = true
		case name == "--json":
			// trurl's JSON array, not uri's own object a line.
			mapped = append(mapped, "--trurl-json")
		case name == "--force-replace":
			// trurl's older name of --replace-append.
			name = "--replace-append"
			if !hasValue && i+1 < len(args) {
				i++
				value = args[i]
			}
			mapped = append(mapped, name, value)
		case name == "--no-guess-scheme":
			guess = false
		case name == "--qtrim":
			name = "--trim"
			fallthrough
		case name == "--url", name == "--set", name == "--append", name == "--get", name == "--trim",
			name == "--iterate", name == "--redirect", name == "--replace", name == "--replace-append",
			name == "--query-separator", name == "--url-file", name == "-s", name == "-a", name == "-g", name == "-f":
			if !hasValue {
				if i+1 == len(args) {
					mapped = append(mapped, name) // a usage error for both
					continue
				}
				i++
				value = args[i]
			}
			if name == "--url-file" || name == "-f" {
				if value != "-" {
					value = "testdata/trurl/" + value
				}
			}
			mapped = append(mapped, name, value)
		case len(a) > 2 && a[1] != '-' && strings.ContainsRune("sagf", rune(a[1])):
			// -sVALUE, -gVALUE: one-letter options with the value attached.
			mapped = append(mapped, a[:2], a[2:])
		case name == "--keep-port", name == "--default-port", name == "--sort-query", name == "--urlencode",
			name == "--verify", name == "--quiet", name == "--punycode", name == "--as-idn", name == "--accept-space",
			name == "--curl":
			mapped = append(mapped, a)
		default:
			return nil, "option " + name
		}
	}
	if guess {
		out = append(out, "--guess-scheme")
	} else {
		// Without a guess trurl takes URLs alone, and its URLs are
		// uri's rule "uri" (RFC 3986, section 3).
		out = append(out, "--rule", "uri")
	}
	if !slices.Contains(mapped, "--url") && !slices.Contains(mapped, "--url-file") && !slices.Contains(mapped, "-f") {
		// No URL: trurl makes one from the --set components alone, as
		// uri does from the empty reference.
		out = append(out, "--url", "")
	}
	return append(out, mapped...), ""
}

// TestTrurlSuite runs each case of trurl's tests.json with the mapped uri
// edit command and checks its standard output and whether it succeeds
// (uri's exit statuses are its own). The cases that do not pass are listed
// in testdata/trurl/failing.txt, each with its reason; the test fails on
// any other failure, and on a listed case that passes.
func TestTrurlSuite(t *testing.T) {
	data, err := os.ReadFile("testdata/trurl/tests.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []trurlCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	listed := readTrurlFailing(t)
	mapped, passed := 0, 0
	for n, c := range cases {
		args, why := mapTrurl(c.Input.Arguments)
		reason, isListed := listed[n]
		if why != "" {
			if !isListed {
				t.Errorf("case %d %q does not map (%s) and is not in failing.txt", n, c.Input.Arguments, why)
			}
			continue
		}
		mapped++
		stdout, stderr, code := runCmd(t, "", args...)
		same, want, err := sameTrurlStdout(c.Expected.Stdout, stdout)
		if err != nil {
			t.Errorf("case %d: %v", n, err)
			continue
		}
		ok := same && (code == 0) == (c.Expected.ReturnCode == 0)
		switch {
		case ok && isListed:
			t.Errorf("case %d %q passes now: remove it from failing.txt (%s)", n, c.Input.Arguments, reason)
		case ok:
			passed++
		case !isListed:
			t.Errorf("case %d: uri %q\ngives %q (exit %d, stderr %q),\ntrurl %q gives %q (exit %d)",
				n, args, stdout, code, stderr, c.Input.Arguments, want, c.Expected.ReturnCode)
		}
	}
	for n := range listed {
		if n >= len(cases) {
			t.Errorf("failing.txt lists case %d; tests.json has %d", n, len(cases))
		}
	}
	t.Logf("trurl's tests.json: %d passed / %d mapped / %d total", passed, mapped, len(cases))
}

// sameTrurlStdout compares the standard output of a run with a case's
// expected one, as trurl's test.py does: a string is compared as it is, and
// JSON (an array, for --json) with the output read as JSON, so that the
// layout does not matter. It returns the expected output, for the message.
func sameTrurlStdout(expected json.RawMessage, stdout string) (same bool, want string, err error) {
	if err := json.Unmarshal(expected, &want); err == nil {
		return stdout == want, want, nil
	}
	var w any
	if err := json.Unmarshal(expected, &w); err != nil {
		return false, "", err
	}
	var got any
	if json.Unmarshal([]byte(stdout), &got) != nil {
		return false, string(expected), nil
	}
	return reflect.DeepEqual(got, w), string(expected), nil
}

// readTrurlFailing reads testdata/trurl/failing.txt: lines "N reason", "#"
// comments and empty lines.
func readTrurlFailing(t *testing.T) map[int]string {
	f, err := os.Open("testdata/trurl/failing.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m := map[int]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		num, reason, _ := strings.Cut(line, " ")
		n, err := strconv.Atoi(num)
		if err != nil || strings.TrimSpace(reason) == "" {
			t.Fatalf("failing.txt: bad line %q: want \"N reason\"", line)
		}
		if _, dup := m[n]; dup {
			t.Fatalf("failing.txt: case %d listed twice", n)
		}
		m[n] = reason
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return m
}

// --normalize writes an IPv4 host in the number forms inet_aton reads as
// libcurl does (ipv4_normalize): the host is the one readers.Curl, the
// emulation of libcurl 7.88's URL API, gives for the same input.
func TestNormalizeIPv4AsCurl(t *testing.T) {
	for _, in := range []string{
		"http://0x7f.1/", "http://2130706433/", "http://0177.0.0.1/", "http://1.2.3/", "http://0x7fffffff/",
		"http://127.1/", "http://0/", "http://0x100.1/", "http://1.2.3.4/", "http://example.com/", "http://1.2.3.4.5/",
	} {
		want := readers.Curl(in)
		if want.Err != nil {
			t.Errorf("%s: readers.Curl rejects it: %v", in, want.Err)
			continue
		}
		stdout, stderr, code := runCmd(t, "", "get", "--normalize", "{host}", in)
		if got := strings.TrimSuffix(stdout, "\n"); got != want.Host || code != 0 {
			t.Errorf("%s: --normalize gives host %q (exit %d, %q), libcurl %q", in, got, code, stderr, want.Host)
		}
	}
}
