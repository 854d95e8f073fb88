package main

import (
	"flag"
	"fmt"

	"github.com/ferret-go/uri/safebrowsing"
	"github.com/ferret-go/uri/surt"
)

const keyHelp = `Key prints the lookup key of each input URL, one line per input.

With --profile surt (the default) the key is the SURT key under which web
archives index a capture (CDX files, the Wayback Machine, pywb), as the
Wayback URL key maker writes it: the host's labels reversed, "www" dropped,
the default port dropped, session ids removed, the query sorted, lower case:

  $ uri key 'http://www.archive.org/goo/?b&a'
  org,archive)/goo?a&b

--with-scheme, --trailing-comma and --keep-www are the key maker's three
options ("http://(org,archive,www,)/goo?a&b" with all three).

With --profile safebrowsing the key is the canonical form of Google Safe
Browsing and Web Risk ("URLs and Hashing"):

  $ uri key --profile safebrowsing 'http://3279880203/blah/../x#frag'
  http://195.127.0.11/x

--expressions prints instead the URL's suffix/prefix expressions, on one line
separated by single spaces, in the document's order; --hash adds the 4-byte
SHA-256 prefix of each, in hexadecimal, after it ("a.b.c/ 1a2b3c4d ..."), or
without --expressions prints the prefixes alone.

A URL that has no key (no host, a bad port) prints "<input>: <message>" on
standard error. With --json each input gives
{"input":...,"ok":true,"key":...}, with "expressions" and "prefixes" arrays
for --profile safebrowsing with --expressions or --hash, or the rejected
object of parse --json (with a null offset). Bytes that are not valid UTF-8 are written as
U+FFFD.
`

// Keys of key --json.
const (
	keyLookupKey   jsonKey = `"key":`
	keyExpressions jsonKey = `"expressions":`
	keyPrefixes    jsonKey = `"prefixes":`
)

// cmdKey writes SURT and Safe Browsing keys.
var cmdKey = &command{
	name:     "key",
	synopsis: "[--json] [--profile surt|safebrowsing] [--with-scheme] [--trailing-comma] [--keep-www] [--expressions] [--hash] [--max-line n] [-j n] [input...]",
	summary:  "print lookup keys: SURT for web archives, Safe Browsing canonical forms and hashes",
	help:     keyHelp,
	shared:   flagJSON | flagStream,
	flags: func(fs *flag.FlagSet) runFunc {
		profile := fs.String("profile", "surt", "the `profile` of the key: surt or safebrowsing")
		var o surt.Options
		fs.BoolVar(&o.WithScheme, "with-scheme", false, "surt: write the scheme, as in \"http://(org,archive)/\"")
		fs.BoolVar(&o.TrailingComma, "trailing-comma", false, "surt: write a \",\" after the host, as in \"org,archive,)/\"")
		fs.BoolVar(&o.KeepWWW, "keep-www", false, "surt: keep a leading \"www\" label")
		exprs := fs.Bool("expressions", false, "safebrowsing: print the suffix/prefix expressions")
		hash := fs.Bool("hash", false, "safebrowsing: print the 4-byte SHA-256 prefixes, in hexadecimal")
		return func(e *env, l *cmdLine) int {
			switch *profile {
			case "surt":
				if *exprs || *hash {
					return l.usageError("--expressions and --hash need --profile safebrowsing")
				}
				return runSURT(e, l, o)
			case "safebrowsing":
				if o != (surt.Options{}) {
					return l.usageError("--with-scheme, --trailing-comma and --keep-www need --profile surt")
				}
				return runSafeBrowsing(e, l, *exprs, *hash)
			}
			return l.usageError(fmt.Sprintf("unknown profile %q: want surt or safebrowsing", *profile))
		}
	},
}

func runSURT(e *env, l *cmdLine, o surt.Options) int {
	return e.eachInput(l.args, func(in string) bool {
		var err error
		e.text, err = o.AppendKey(e.textRoom(len(in)+64), in)
		switch {
		case err != nil:
			e.rejected(in, err)
		case e.json:
			j := e.beginJSON(in)
			j.key(keyOK).boolean(true)
			j.key(keyLookupKey).str(bytesToString(e.text)) // e.text stays as it is until the line is written
			e.endJSON(j)
		default:
			e.writeText(append(e.text, '\n'))
		}
		return err == nil
	})
}

func runSafeBrowsing(e *env, l *cmdLine, exprs, hash bool) int {
	return eachParsed(e, l, safebrowsing.Parse, func(j *jsonLine, u safebrowsing.URL) {
		j.key(keyLookupKey).str(u.String())
		if exprs || hash {
			j.key(keyExpressions).beginArray()
			for x := range u.Expressions() {
				j.str(x)
			}
			j.endArray()
			j.key(keyPrefixes).beginArray()
			for x := range u.Expressions() {
				j.plain(safebrowsing.HashExpression(x).Prefix().String())
			}
			j.endArray()
		}
	}, func(b []byte, u safebrowsing.URL) []byte {
		if !exprs && !hash {
			b = append(b, u.String()...)
		}
		for x, h := range u.Hashes() {
			if exprs {
				if len(b) > 0 {
					b = append(b, ' ')
				}
				b = append(b, x...)
			}
			if hash {
				if len(b) > 0 {
					b = append(b, ' ')
				}
				p := h.Prefix()
				b = fmt.Appendf(b, "%x", p[:])
			}
		}
		return append(b, '\n')
	})
}
