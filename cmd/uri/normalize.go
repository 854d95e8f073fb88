package main

import (
	"errors"
	"strings"

	"github.com/ferret-go/uri"
)

const normalizeHelp = `Normalize prints the normal form of each input, one line per input: the
result of syntax-based and scheme-based normalization (RFC 3986, sections
6.2.2 and 6.2.3). The scheme and host are lowercased, an IPv6 address is
written as RFC 5952 says, percent-encoded unreserved characters are decoded
and the other percent-encodings uppercased, dot segments are removed, an
empty or default port is dropped and an empty http(s) path becomes "/":

  $ uri normalize 'HTTP://www.Example.COM:80/a/./b/../%7Euser/'
  http://www.example.com/a/~user/

--flags adds normalizations beyond the RFC, as a comma-separated list (see
below); all but syntax-only may make equal two URIs that identify different
resources, which crawlers and caches accept to find duplicates.

A rejected input prints "<input>: <message>" on standard error, as check
does. With --json each input gives one object per line on standard output,
in input order:

  {"input":"HTTP://a:80","ok":true,"result":"http://a/"}

or the rejected object of parse --json. Bytes that are not valid UTF-8 are
written as U+FFFD.
`

// normalizeFlagsHelp lists the names --flags takes.
const normalizeFlagsHelp = "a comma-separated `list` of normalization flags (none by default):\n" +
	"syntax-only           only syntax-based normalization: keep ports and empty paths\n" +
	"drop-empty-query      remove a \"?\" with nothing after it\n" +
	"drop-empty-fragment   remove a \"#\" with nothing after it\n" +
	"drop-fragment         remove the fragment\n" +
	"sort-query            sort the query's \"&\"-separated parameters by name\n" +
	"drop-trailing-slash   remove a \"/\" that ends the path (not the path \"/\")\n" +
	"drop-directory-index  remove a last segment such as index.html\n" +
	"decode-safe           also decode reserved characters that servers take as equal\n" +
	"collapse-slashes      replace each run of \"/\" in the path by one"

// normalizeFlagNames maps the names --flags takes to the library's flags.
var normalizeFlagNames = []struct {
	name string
	flag uri.NormalizeFlags
}{
	{"syntax-only", uri.SyntaxOnly},
	{"drop-empty-query", uri.DropEmptyQuery},
	{"drop-empty-fragment", uri.DropEmptyFragment},
	{"drop-fragment", uri.DropFragment},
	{"sort-query", uri.SortQuery},
	{"drop-trailing-slash", uri.DropTrailingSlash},
	{"drop-directory-index", uri.DropDirectoryIndex},
	{"decode-safe", uri.DecodeSafe},
	{"collapse-slashes", uri.CollapseSlashes},
}

// normalizeFlag is the value of --flags.
type normalizeFlag struct{ flags uri.NormalizeFlags }

func (f *normalizeFlag) String() string {
	var names []string
	for _, n := range normalizeFlagNames {
		if f.flags&n.flag != 0 {
			names = append(names, n.name)
		}
	}
	return strings.Join(names, ",")
}

// Set adds the flags of a comma-separated list; --flags may be repeated.
func (f *normalizeFlag) Set(s string) error {
	for name := range strings.SplitSeq(s, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		found := false
		for _, n := range normalizeFlagNames {
			if n.name == name {
				f.flags |= n.flag
				found = true
			}
		}
		if !found {
			return errors.New("unknown normalization " + name)
		}
	}
	return nil
}

// normalizerFlag defines --flags and returns the normalizer it selects.
func (f *flagSet) normalizerFlag() *normalizeFlag {
	var v normalizeFlag
	f.Var(&v, "flags", normalizeFlagsHelp)
	return &v
}

func runNormalize(e *env, args []string) int {
	f := e.newFlags("normalize", "[--json] [--flags list] [--rule rule] [input...]", normalizeHelp)
	asJSON := f.Bool("json", false, "write one JSON object per input, one per line, on standard output")
	flags := f.normalizerFlag()
	rule := f.ruleFlag()
	inputs, code, ok := f.parse(args)
	if !ok {
		return code
	}
	n := uri.Normalizer{Flags: flags.flags}
	return e.eachInput(inputs, func(in string) bool {
		u, err := rule.parse(in)
		if err == nil {
			u = n.Normalize(u)
		}
		return e.writeResult(*asJSON, in, u, err)
	})
}
