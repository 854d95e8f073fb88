package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/ferret-go/uri"
)

const extractHelp = `Extract finds the URIs in text, as RFC 3986, Appendix C delimits them, and
prints each on a line, in the order they appear. It reads each FILE in turn,
or standard input when there is none ("-" also names standard input), as a
stream: a file may be larger than memory.

A URI may stand in double quotes, in angle brackets (also "<URL:...>"), or
between whitespace. Inside angle brackets it may be broken across lines: the
whitespace is removed, and a hyphen before a line break is kept. Elsewhere
sentence punctuation at its end (. , ; : ! ? '), Markdown's emphasis (* and
**) and a ")" or "]" without its partner inside the URI are left out:

  $ printf 'See <http://a.example/long/\n    path> (or http://b.example/x).\n' | uri extract
  http://a.example/long/path
  http://b.example/x

By default every URI with "//" after its scheme counts, and those of the
schemes written without it (mailto, urn, tel, data, news, file, ...);
--schemes names the only schemes to report. --abbreviated also reports
www.example.com and example.com/path, which have no scheme, as network-path
references: //www.example.com, //example.com/path.

With --json each URI gives one object per line, its span as byte offsets in
its input (end exclusive), "file" first when several FILEs are given, and
"abbreviated":true for an abbreviation:

  {"uri":"http://a.example/long/path","start":5,"end":36}

A URI is ASCII; a file name that is not valid UTF-8 is written with U+FFFD
in place of each bad byte.

The exit status is 0 when every input could be read, found URIs or not, 1
when one could not.
`

// cmdExtract finds URIs in text (RFC 3986, Appendix C).
var cmdExtract = &command{
	name:     "extract",
	synopsis: "[--json] [--schemes list] [--abbreviated] [--iri] [file...]",
	summary:  "find the URIs in text",
	help:     extractHelp,
	shared:   flagJSON,
	flags: func(fs *flag.FlagSet) runFunc {
		var x uri.Extractor
		fs.Func("schemes", "a comma-separated `list` of the only schemes to report, such as http,https,mailto", func(s string) error {
			for name := range strings.SplitSeq(s, ",") {
				if name = strings.TrimSpace(name); name != "" {
					x.Schemes = append(x.Schemes, name)
				}
			}
			return nil
		})
		fs.BoolVar(&x.Abbreviated, "abbreviated", false, "also report www.example.com and example.com/path, as //host/path")
		iri := fs.Bool("iri", false, "also report IRIs (RFC 3987), as their URI: non-ASCII text percent-encoded, hosts through IDNA")
		return func(e *env, l *cmdLine) int {
			if *iri {
				x.IRI = uri.Options{}.IRIToURI
			}
			return runExtract(e, l, x)
		}
	},
}

// Keys of extract's JSON objects.
const (
	keyFile        jsonKey = `"file":`
	keyURI         jsonKey = `"uri":`
	keyStart       jsonKey = `"start":`
	keyEnd         jsonKey = `"end":`
	keyAbbreviated jsonKey = `"abbreviated":`
)

func runExtract(e *env, l *cmdLine, x uri.Extractor) int {
	files := l.args
	if len(files) == 0 {
		files = []string{"-"}
	}
	code := exitOK
	for _, name := range files {
		if !e.extractFile(x, name, len(files) > 1) {
			code = exitRejected
		}
		if e.failed() {
			return exitRejected
		}
	}
	return code
}

// extractFile writes the URIs of the file called name, or of standard input
// for "-", and reports whether it could be read.
func (e *env) extractFile(x uri.Extractor, name string, named bool) bool {
	var r io.Reader = e.stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintf(e.err, "uri extract: %v\n", err)
			return false
		}
		defer f.Close()
		r = f
	}
	// Show what is found so far before each read, which may wait, for a
	// program that reads the output as the input comes.
	r = flushingReader{r, e}
	for m, err := range x.Stream(r) {
		if err != nil {
			fmt.Fprintf(e.err, "uri extract: %s: %v\n", name, err)
			return false
		}
		if !e.json {
			e.writeText(append(append(e.textRoom(len(m.URI.String())+1), m.URI.String()...), '\n'))
			continue
		}
		j := e.startLine(len(name) + 2*len(m.URI.String()) + 256)
		j.b = append(j.b, '{')
		if named {
			j.key(keyFile).str(name)
		}
		j.key(keyURI).plain(m.URI.String())
		j.key(keyStart)
		j.b = strconv.AppendInt(j.b, m.Start, 10)
		j.key(keyEnd)
		j.b = strconv.AppendInt(j.b, m.End, 10)
		if m.Abbreviated {
			j.key(keyAbbreviated).boolean(true)
		}
		e.endJSON(j)
		if e.failed() {
			return true // the caller stops
		}
	}
	return true
}

// flushingReader flushes the output before each read.
type flushingReader struct {
	r io.Reader
	e *env
}

func (f flushingReader) Read(p []byte) (int, error) {
	f.e.out.Flush()
	return f.r.Read(p)
}
