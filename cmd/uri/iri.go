package main

import (
	"flag"
	"strconv"

	"github.com/ferret-go/uri"
	"github.com/ferret-go/uri/whatwg"
)

const toURIHelp = `To-uri maps each input, an IRI (RFC 3987, section 2.2), to a URI (section
3.1) and prints it, one line per input: the non-ASCII characters of the
userinfo, path, query and fragment become the percent-encoded octets of their
UTF-8, and a host with non-ASCII characters becomes A-labels through IDNA
(--idna says which profile). An ASCII input that is a URI prints unchanged.

  $ uri to-uri 'http://résumé.example.org/Dürst'
  http://xn--rsum-bpad.example.org/D%C3%BCrst

A rejected input, or a host that IDNA refuses (the error names the label and
the rule), prints "<input>: <message>" on standard error. With --json each
input gives {"input":...,"ok":true,"result":...} or the rejected object of
parse --json. Bytes that are not valid UTF-8 are written as U+FFFD.
`

const toIRIHelp = `To-iri maps each input, a URI, to an IRI for people to read (RFC 3987,
section 3.2) and prints it, one line per input: percent-encoded UTF-8 that
makes characters fit for an IRI is decoded, and A-labels become U-labels
where browsers would show them in Unicode. ASCII triplets (reserved or not),
octets that are not UTF-8 and characters that could mislead (bidirectional
formatting, invisible, white space, compatibility look-alikes) stay encoded,
so to-uri gives back the input, but for the case of hexadecimal digits. An
A-label stays as it is when browsers show it so: scripts mixed beyond the
"highly restrictive" level of Unicode TS #39 (section 5.2), a label of
letters that look like ASCII ones (section 4), a character that is not
Identifier_Status Allowed, a deviation character (ß, ς, ZWJ, ZWNJ) or a mark
that may not show.

  $ uri to-iri 'http://xn--99zt52a.example.org/D%C3%BCrst%e2%80%ae'
  http://納豆.example.org/Dürst%E2%80%AE
  $ uri to-iri 'http://xn--pple-43d.com/'
  http://xn--pple-43d.com/

A rejected input prints "<input>: <message>" on standard error. With --json
each input gives {"input":...,"ok":true,"result":...} or the rejected object
of parse --json. Bytes that are not valid UTF-8 are written as U+FFFD.
`

// cmdToURI maps IRIs to URIs (RFC 3987, section 3.1).
var cmdToURI = &command{
	name:     "to-uri",
	synopsis: "[--json] [--rule rule] [--zone] [--idna profile] [--max-line n] [-j n] [input...]",
	summary:  "map IRIs to URIs (percent-encoding, IDNA)",
	help:     toURIHelp,
	shared:   flagJSON | flagRule | flagZone | flagIDNA | flagStream,
	run: func(e *env, l *cmdLine) int {
		o := l.options()
		return e.eachInput(l.args, func(in string) bool {
			u, err := o.IRIToURI(in)
			return e.result(in, u.String(), err)
		})
	},
}

// cmdToIRI maps URIs to IRIs (RFC 3987, section 3.2).
var cmdToIRI = &command{
	name:     "to-iri",
	synopsis: "[--json] [--rule rule] [--zone] [--max-line n] [-j n] [input...]",
	summary:  "map URIs to IRIs for display",
	help:     toIRIHelp,
	shared:   flagJSON | flagRule | flagZone | flagStream,
	run: func(e *env, l *cmdLine) int {
		return e.eachInput(l.args, func(in string) bool {
			u, err := l.parse(in)
			return e.result(in, u.ToIRI().String(), err)
		})
	},
}

const repairHelp = `Repair turns each input, a URL as people paste it or crawlers scrape it,
into a valid URI reference and prints it, one line per input. It removes
white space and controls around it, percent-encodes what no component allows
(space, controls, '"', "<", ">", "\", "^", "` + "`" + `", "{", "|", "}"), a "%" that
begins no triplet, delimiters out of place (a second "#", "[" or "]" outside
an IP literal, any "@" but the last of the authority) and non-ASCII
characters outside the host, and writes a non-ASCII host as A-labels (IDNA,
--idna). This is the W3C's LEIRI mapping. What leaves no room for a guess (a
bad scheme, port or IP literal, a host IDNA refuses) stays an error.

For http, https, ws, wss, ftp and file (the URL Standard's special
schemes), the result goes where a browser given the input goes: it has the
scheme, host and port that the URL Standard reads (whatwg.Repair). The
slashes after the scheme and a "\" that ends the authority are read as
browsers read them, and a host RFC 3986 would read otherwise (an IPv4
address in another form, a host with triplets or a tab) is written as the
URL Standard serializes it. An input that browsers reject (a space in the
host, a bad port) is an error, as is one for which no URI names what they
reach.

A reference without a scheme is read as a link on a web page is: against
` + whatwg.RepairBase + ` (a page of https), or the page --base names
(whatwg.RepairRef). There one or more "/" or "\" after another begin an
authority, so '/\evil.com/' and '//evil.com\@good.com/' both become
'//evil.com/...', which a browser resolves to evil.com, where RFC 3986 would
read a path or the host good.com; any other reference keeps the page's host,
and its repair has no scheme or authority of its own. With --base, a
reference with the page's scheme and fewer than two slashes after it
('http:evil.com/' on a page of http) is a path on the page too, as browsers
read it. --rfc3986 reads every
scheme as RFC 3986 does (uri.Repair), and a reference without one as RFC
3986 reads it: then 'http://evil.com\@good.com/' becomes
'http://evil.com%5C@good.com/', whose host is good.com, where a browser goes
to evil.com.

  $ uri repair --explain ' http://example.com/a b?c|d '
  http://example.com/a%20b?c%7Cd
    offset 0: URI reference: " " -> "" (trimmed)
    ...
  $ uri repair 'http://evil.com\@good.com/'
  http://evil.com/@good.com/
  $ uri repair '/\evil.com/'
  //evil.com/
  $ uri repair --base foo://h/ '/\evil.com/'
  /%5Cevil.com/

With --explain each change follows its result on a line of its own,
indented: the offset in the input, the component, the old and new text and
the reason. With --json each input gives

  {"input":" http://a/b c","ok":true,"result":"http://a/b%20c","changes":[
   {"offset":0,"component":"URI reference","old":" ","new":"","reason":"trim"},
   {"offset":11,"component":"path","old":" ","new":"%20","reason":"encode"}]}

(on one line), where reason is trim, encode, percent, non-ascii, delimiter,
idna, slash, host or several (changes of different kinds merged: past 64
changes, and one more per 128 bytes of input, a change joins the one before
it in its component), or the rejected object of parse --json. A valid input
comes back unchanged, with no change, unless browsers read its slashes or
host otherwise. In JSON, bytes that are not valid UTF-8 are written as
U+FFFD ("old" keeps them escaped in --explain).
`

// cmdRepair repairs pasted URLs.
var cmdRepair = &command{
	name:     "repair",
	synopsis: "[--json] [--explain] [--rfc3986 | --base url] [--rule rule] [--zone] [--idna profile] [--max-line n] [-j n] [input...]",
	summary:  "make valid URIs of pasted URLs, saying what changed",
	help:     repairHelp,
	shared:   flagJSON | flagRule | flagZone | flagIDNA | flagStream,
	flags: func(fs *flag.FlagSet) runFunc {
		explain := fs.Bool("explain", false, "print each change after the result, indented")
		rfc := fs.Bool("rfc3986", false, "read every scheme as RFC 3986 does, http and the other special schemes too,\nnot where browsers go")
		base := fs.String("base", "", "read a reference without a scheme against this URL, as a link on that page\n(default "+whatwg.RepairBase+")")
		return func(e *env, l *cmdLine) int { return runRepair(e, l, *explain, *rfc, *base) }
	},
}

// Keys of repair's changes.
const (
	keyChanges   jsonKey = `"changes":`
	keyComponent jsonKey = `"component":`
	keyOld       jsonKey = `"old":`
	keyNew       jsonKey = `"new":`
	keyReason    jsonKey = `"reason":`
)

func runRepair(e *env, l *cmdLine, explain, rfc bool, base string) int {
	o := l.options()
	repair := func(s string) (uri.URI, []uri.Change, error) { return whatwg.RepairOptions(o, s) }
	switch {
	case rfc && base != "":
		return l.usageError("--base and --rfc3986 exclude each other: RFC 3986 reads a reference without a base")
	case rfc:
		repair = o.Repair
	case base != "":
		b, err := whatwg.Parse(base)
		if err != nil {
			return l.usageError("invalid --base: " + err.Error())
		}
		repair = func(s string) (uri.URI, []uri.Change, error) { return whatwg.RepairRef(o, s, b) }
	}
	return e.eachInput(l.args, func(in string) bool {
		u, changes, err := repair(in)
		switch {
		case err != nil:
			e.rejected(in, err)
		case e.json:
			j := e.beginJSON(in)
			j.key(keyOK).boolean(true)
			j.key(keyResult).plain(u.String())
			j.key(keyChanges).beginArray()
			for _, c := range changes {
				j.beginObject()
				j.key(keyOffset).integer(c.Offset)
				j.key(keyComponent).plain(c.Component.String())
				j.key(keyOld).str(c.Old)
				j.key(keyNew).plain(c.New)
				reason, _ := c.Kind.MarshalText() // the library's short name
				j.key(keyReason).plain(string(reason))
				j.endObject()
			}
			j.endArray()
			e.endJSON(j)
		default:
			// The result as it is: a long one is not copied first.
			e.writeString(u.String())
			b := append(e.textRoom(1), '\n')
			if explain {
				for _, c := range changes {
					b = append(b, "  offset "...)
					b = strconv.AppendInt(b, int64(c.Offset), 10)
					b = append(b, ": "...)
					b = append(b, c.Component.String()...)
					b = append(b, ": "...)
					b = strconv.AppendQuoteToASCII(b, c.Old)
					b = append(b, " -> "...)
					b = strconv.AppendQuote(b, c.New)
					b = append(b, " ("...)
					b = append(b, c.Kind.String()...)
					b = append(b, ")\n"...)
				}
			}
			e.text = b
			e.out.Write(b)
		}
		return err == nil
	})
}
