package main

import (
	"context"
	"errors"
	"flag"
	"net/netip"
	"strings"
	"time"

	"github.com/ferret-go/uri/guard"
)

const guardHelp = `Guard says, for each input URL, whether a fetch through the guard package
would be allowed: it checks the URL with a lint.Policy (the strict one by
default: http and https, a host name, no userinfo, no finding of medium
severity or above), resolves the host with the system's resolver, and judges
every address by the rules of the IANA IPv4 and IPv6 Special-Purpose Address
Registries, the cloud metadata addresses, and the names blocked without a
lookup (localhost, *.localhost, *.local, *.internal, *.home.arpa). Nothing is
fetched. It prints one line per input on standard output:

  $ uri guard http://localhost/ 'http://example.com/'
  http://localhost/: blocked: .localhost (name, RFC 6761, section 6.3: the loopback interface)
  http://example.com/: allowed 93.184.215.14 2606:2800:21f:cb07:6820:80da:af6b:8b2c

and exits with status 1 when an input is blocked or does not resolve (that
error on standard error). A blocked line names the address that decided, if
one did, and the rule: the registry entry and its RFC, a name rule, or the
Policy's reason. --allow and --deny take a prefix (127.0.0.2/32,
10.0.0.0/8), and may be given several times; the longest prefix of either
decides an address, --deny on a tie. With --json each input gives

  {"input":"http://10.0.0.1/","ok":false,"url":"http://10.0.0.1/","addresses":["10.0.0.1"],"address":"10.0.0.1","rule":"10.0.0.0/8 Private-Use (IPv4 Special-Purpose, RFC 1918)"}

where url is the URI the Policy returned (null if it refused the input),
address is null when no address decided, and rule is null for an allowed
input; an input that does not resolve gives the rejected object of parse
--json. Bytes that are not valid UTF-8 are written as U+FFFD.
`

// Keys of guard --json.
const (
	keyGuardURL       jsonKey = `"url":`
	keyGuardAddresses jsonKey = `"addresses":`
	keyGuardAddress   jsonKey = `"address":`
	keyGuardRule      jsonKey = `"rule":`
)

// cmdGuard judges URLs as the guard package would before a fetch.
var cmdGuard = &command{
	name:     "guard",
	synopsis: "[--json] [--allow prefix]... [--deny prefix]... [--policy settings] [--timeout d] [input...]",
	summary:  "say whether a guarded fetch of URLs would be allowed, and why",
	help:     guardHelp,
	shared:   flagJSON,
	flags: func(fs *flag.FlagSet) runFunc {
		var a guardArgs
		fs.Var(&a.allow, "allow", "allow the addresses of `prefix` although a rule blocks them (repeatable)")
		fs.Var(&a.deny, "deny", "block the addresses of `prefix` (repeatable)")
		fs.Var(&a.policy, "policy", "the lint policy, as `settings` of uri lint --policy")
		fs.DurationVar(&a.timeout, "timeout", 10*time.Second, "the longest `duration` of each resolution")
		return func(e *env, l *cmdLine) int { return runGuard(e, l, &a) }
	},
}

type guardArgs struct {
	allow, deny prefixList
	policy      policyValue
	timeout     time.Duration
}

// prefixList is the value of --allow and --deny.
type prefixList []netip.Prefix

func (p *prefixList) String() string {
	var s []string
	for _, q := range *p {
		s = append(s, q.String())
	}
	return strings.Join(s, ",")
}

func (p *prefixList) Set(s string) error {
	q, err := netip.ParsePrefix(s)
	if err != nil {
		a, aerr := netip.ParseAddr(s)
		if aerr != nil {
			return errors.New("want a prefix such as 10.0.0.0/8 or an address")
		}
		q = netip.PrefixFrom(a, a.BitLen())
	}
	*p = append(*p, q.Masked())
	return nil
}

func runGuard(e *env, l *cmdLine, a *guardArgs) int {
	g := &guard.Guard{Policy: a.policy.p, Allow: a.allow, Deny: a.deny}
	return e.eachInput(l.args, func(in string) bool {
		ctx, cancel := context.WithTimeout(context.Background(), a.timeout)
		u, addrs, err := g.Check(ctx, in)
		cancel()
		var be *guard.BlockedError
		blocked := errors.As(err, &be)
		if err != nil && !blocked {
			e.rejected(in, err)
			return false
		}
		if e.json {
			j := e.beginJSON(in)
			j.key(keyOK).boolean(err == nil)
			j.key(keyGuardURL)
			if be != nil && be.Rule.Registry == "policy" {
				j.null()
			} else {
				j.str(u.String())
			}
			j.key(keyGuardAddresses).beginArray()
			for _, ad := range addrs {
				j.str(ad.String())
			}
			j.endArray()
			j.key(keyGuardAddress)
			if be != nil && be.Addr.IsValid() {
				j.str(be.Addr.String())
			} else {
				j.null()
			}
			j.key(keyGuardRule)
			if be != nil {
				j.str(be.Rule.String())
			} else {
				j.null()
			}
			e.endJSON(j)
			return err == nil
		}
		var b strings.Builder
		b.WriteString(": ")
		if be == nil {
			b.WriteString("allowed")
			for _, ad := range addrs {
				b.WriteByte(' ')
				b.WriteString(ad.String())
			}
		} else {
			b.WriteString("blocked")
			if be.Addr.IsValid() {
				b.WriteByte(' ')
				b.WriteString(be.Addr.String())
			}
			b.WriteString(": ")
			b.WriteString(be.Rule.String())
		}
		msg := b.String()
		out, _ := appendVisible(e.textRoom(len(in)+len(msg)+1), in, 0)
		out, _ = appendVisible(out, msg, 0)
		e.writeText(append(out, '\n'))
		return err == nil
	})
}
