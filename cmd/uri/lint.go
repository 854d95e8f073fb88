package main

import (
	"errors"
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/ferret-go/uri/lint"
)

const lintHelp = `Lint says how parsers other than RFC 3986's read each input, and what in it
RFC 3986, section 7 (Security Considerations) warns about: several "@", "\",
tabs and newlines that browsers remove, slash counts, references that begin
with "//", "\\" or "/\" (which browsers read as another site), zones, encoded
hosts, host names that net/url and browsers spell differently, IPv4
addresses in other spellings, userinfo that looks like a host, a password,
confusable host names, "%00", encoded "/" and dot segments, bad UTF-8, ports
of other protocols, javascript: and vbscript: URLs and data: URLs of HTML.
Any string is an input, valid or not: the dangerous ones are often invalid by
RFC 3986 and valid elsewhere. Whatever a finding says a reader does is what
that reader does, called for real: RFC 3986 (this module's parser),
net/url.Parse, and the URL Standard as browsers read it (this module's
whatwg package; a reference without a scheme is resolved against
https://example.com/). With --json each finding lists these as "claims".

--readers adds the emulations of other parsers (curl, curl_guess, python,
node_url, java, php; "all" for all six; see "uri compare"): for a URL with a
scheme, one "differential" finding names every reader that reads another
host than RFC 3986 (high: a request would go elsewhere) or rejects it
(low), with the host each reads, and an "invalid" finding says what each
reads. With --policy, the policy rejects a URL they read with another host.
By default lint consults rfc3986, whatwg and net_url alone, which keeps a
clean URL at about two net/url.Parse calls; each emulation adds about one.

For each finding it prints a line on standard output:

  <input>: <start>-<end> <component> <severity> <code>: <explanation>

where start and end delimit the bytes the finding is about. The codes are
stable; "go doc github.com/ferret-go/uri/lint" lists them. An input fails when
it has a finding at or above the --fail-on severity (medium by default), and
with --policy when the policy rejects it.

With --json it writes one JSON object per input, on one line:

  {"input":"http://a:22/","ok":false,"findings":[{"code":"unexpected-port",
  "severity":"medium","component":"port","start":9,"end":11,"message":"..."}]}

A finding whose message says what a reader does has "claims", one per
reader: {"reader":"net/url","component":"host","value":"b.com"}, or
{"reader":"whatwg","rejects":true}; "base" is the page a reference without a
scheme is resolved against.

Bytes that are not valid UTF-8 are written as U+FFFD; start and end are
offsets in the input's bytes. With --policy there is a "policy" member: null when the URL is allowed, else the
reason. --policy takes settings separated by spaces, each a key, "=" and a
comma-separated list; the empty policy allows http and https URLs to any
host that is a name, without userinfo:

  schemes=http,https   the allowed schemes
  hosts=example.com,.example.org   hosts allowed ("." for a domain and below)
  ports=80,443         the allowed ports
  allow=userinfo,ip,internal   what the strict policy forbids
  fail-on=high         the severity of findings that rejects (medium)
`

// cmdLint reports findings of the lint package.
var cmdLint = &command{
	name:     "lint",
	synopsis: "[--json] [--fail-on severity] [--ssrf] [--navigation] [--policy settings] [--readers list] [--max-line n] [-j n] [input...]",
	summary:  "say how other parsers read URLs and what RFC 3986 warns about",
	help:     lintHelp,
	shared:   flagJSON | flagStream | flagReaders,
	flags: func(fs *flag.FlagSet) runFunc {
		var a lintArgs
		fs.Var(&a.failOn, "fail-on", "the `severity` (info, low, medium, high) of a finding that fails an input")
		fs.BoolVar(&a.opts.SSRF, "ssrf", false, "also report loopback, private, link-local and metadata hosts")
		fs.BoolVar(&a.opts.Navigation, "navigation", false, "for links and redirects: javascript:, vbscript:, data: and references beginning \"//\" are high")
		fs.Var(&a.policy, "policy", "check each input against a policy given as `settings` (see above)")
		return func(e *env, l *cmdLine) int { return runLint(e, l, &a) }
	},
}

type lintArgs struct {
	opts   lint.Options
	failOn severityValue
	policy policyValue
}

// severityValue is the value of --fail-on.
type severityValue struct{ s lint.Severity }

func (v *severityValue) String() string {
	if v.s == 0 {
		return lint.Medium.String()
	}
	return v.s.String()
}

func (v *severityValue) Set(s string) error {
	sev, ok := lint.ParseSeverity(s)
	if !ok {
		return errors.New("want info, low, medium or high")
	}
	v.s = sev
	return nil
}

// policyValue is the value of --policy.
type policyValue struct {
	p   lint.Policy
	set bool
}

func (v *policyValue) String() string { return "" }

func (v *policyValue) Set(s string) error {
	v.set = true
	for _, f := range strings.Fields(s) {
		key, val, ok := strings.Cut(f, "=")
		if !ok {
			return fmt.Errorf("setting %q is not key=value", f)
		}
		list := strings.Split(val, ",")
		switch key {
		case "schemes":
			v.p.Schemes = list
		case "hosts":
			v.p.Hosts = list
		case "ports":
			for _, p := range list {
				n, err := strconv.ParseUint(p, 10, 16)
				if err != nil {
					return fmt.Errorf("port %q: not a number from 0 to 65535", p)
				}
				v.p.Ports = append(v.p.Ports, uint16(n))
			}
		case "allow":
			for _, a := range list {
				switch a {
				case "userinfo":
					v.p.AllowUserinfo = true
				case "ip":
					v.p.AllowIP = true
				case "internal":
					v.p.AllowInternal = true
				default:
					return fmt.Errorf("allow=%s: want userinfo, ip or internal", a)
				}
			}
		case "fail-on":
			sev, ok := lint.ParseSeverity(val)
			if !ok {
				return fmt.Errorf("fail-on=%s: want info, low, medium or high", val)
			}
			v.p.Threshold = sev
		default:
			return fmt.Errorf("unknown setting %q: want schemes, hosts, ports, allow or fail-on", key)
		}
	}
	return nil
}

// Keys of lint's output (sink_test.go has keyFindings and keyCode for its
// own use, with the same text; "start" and "end" are extract's keys).
const (
	keyLintFindings jsonKey = `"findings":`
	keyLintCode     jsonKey = `"code":`
	keySeverity     jsonKey = `"severity":`
	keyMessage      jsonKey = `"message":`
	keyPolicy       jsonKey = `"policy":`
	keyClaims       jsonKey = `"claims":`
	keyReader       jsonKey = `"reader":`
	keyClaimBase    jsonKey = `"base":`
	keyRejects      jsonKey = `"rejects":`
)

func runLint(e *env, l *cmdLine, a *lintArgs) int {
	if l.readers.names != nil {
		// --readers: the emulations named, beside the three lint
		// always consults (readersValue.Set has checked the names).
		rs, err := lint.ReadersNamed(l.readers.names...)
		if err != nil {
			return l.usageError(err.Error())
		}
		a.opts.Readers, a.policy.p.Readers = rs, rs
	}
	failOn := a.failOn.s
	if failOn == 0 {
		failOn = lint.Medium
	}
	return e.eachInput(l.args, func(in string) bool {
		fs := a.opts.Lint(in)
		ok := true
		for _, f := range fs {
			ok = ok && f.Severity < failOn
		}
		var perr error
		if a.policy.set {
			_, perr = a.policy.p.Check(in)
			ok = ok && perr == nil
		}
		if e.json {
			j := e.beginJSON(in)
			j.key(keyOK).boolean(ok)
			j.key(keyLintFindings).beginArray()
			for _, f := range fs {
				j.beginObject()
				j.key(keyLintCode).plain(string(f.Code))
				j.key(keySeverity).plain(f.Severity.String())
				j.key(keyComponent).plain(componentName(f))
				j.key(keyStart).integer(f.Start)
				j.key(keyEnd).integer(f.End)
				j.key(keyMessage).str(f.Message)
				if len(f.Claims) > 0 {
					// What the message says each reader reads.
					j.key(keyClaims).beginArray()
					for _, c := range f.Claims {
						j.beginObject()
						j.key(keyReader).str(c.Reader)
						if c.Base != "" {
							j.key(keyClaimBase).str(c.Base)
						}
						if c.Rejects {
							j.key(keyRejects).boolean(true)
						} else {
							j.key(keyComponent).plain(c.Component.String())
							j.key(keyPairValue).str(c.Value)
						}
						j.endObject()
					}
					j.endArray()
				}
				j.endObject()
			}
			j.endArray()
			if a.policy.set {
				j.key(keyPolicy)
				if perr != nil {
					j.str(perr.Error())
				} else {
					j.null()
				}
			}
			e.endJSON(j)
			return ok
		}
		for _, f := range fs {
			b, _ := appendVisible(e.textRoom(len(in)+len(f.Message)+64), in, 0)
			b = append(b, ": "...)
			b = strconv.AppendInt(b, int64(f.Start), 10)
			b = append(b, '-')
			b = strconv.AppendInt(b, int64(f.End), 10)
			b = append(b, ' ')
			b = append(b, componentName(f)...)
			b = append(b, ' ')
			b = append(b, f.Severity.String()...)
			b = append(b, ' ')
			b = append(b, f.Code...)
			b = append(b, ": "...)
			b, _ = appendVisible(b, f.Message, 0)
			e.writeText(append(b, '\n'))
		}
		if perr != nil {
			msg := perr.Error()
			b, _ := appendVisible(e.textRoom(len(in)+len(msg)+8), in, 0)
			b = append(b, ": "...)
			b, _ = appendVisible(b, msg, 0)
			e.writeText(append(b, '\n'))
		}
		return ok
	})
}

// componentName names the component of f as the JSON and text forms write
// it: "reference" for the reference as a whole.
func componentName(f lint.Finding) string {
	if f.Component == 0 {
		return "reference"
	}
	return f.Component.String()
}
