package main

import (
	"encoding/base64"
	"errors"
	"flag"
	"strings"

	"github.com/ferret-go/uri/dataurl"
	"github.com/ferret-go/uri/fileuri"
	"github.com/ferret-go/uri/mailto"
	"github.com/ferret-go/uri/urn"
)

// What a URI names: file (RFC 8089), data: (the Fetch Standard, RFC 2397),
// mailto: (RFC 6068) and URNs (RFC 8141), one command each.

// osValue is the value of --os.
type osValue struct{ os fileuri.OS }

var osNames = []struct {
	name string
	os   fileuri.OS
}{{"native", fileuri.Native}, {"posix", fileuri.POSIX}, {"windows", fileuri.Windows}}

func (v *osValue) String() string {
	for _, n := range osNames {
		if n.os == v.os {
			return n.name
		}
	}
	return ""
}

func (v *osValue) Set(s string) error {
	for _, n := range osNames {
		if n.name == s {
			v.os = n.os
			return nil
		}
	}
	return errors.New("must be native, posix or windows")
}

func defineOS(fs *flag.FlagSet) *osValue {
	v := new(osValue)
	fs.Var(v, "os", "the path `syntax`: native (this system's), posix or windows")
	return v
}

const filePathHelp = `File-path prints the local path each file URI names (RFC 8089), one line
per input: drive letters and UNC shares for --os windows, "/" paths for
--os posix, this system's by default. The non-standard forms of RFC 8089,
Appendix E are read too: file:c:/x, file:/c:/x, file:////server/share, and
for --os windows file:///c|/x and backslashes as separators.

  $ uri file-path --os windows 'file:///C:/Program%20Files/x.txt'
  C:\Program Files\x.txt

A URI that names no local path (another scheme, a relative path, a remote
host on POSIX, a segment that decodes to "/" or NUL) prints "<input>:
<message>" on standard error. With --json each input gives
{"input":...,"ok":true,"result":...} or {"input":...,"ok":false,"error":...,
"offset":...}. Bytes that are not valid UTF-8 are written as U+FFFD.
`

var cmdFilePath = &command{
	name:     "file-path",
	synopsis: "[--json] [--os native|posix|windows] [--max-line n] [-j n] [URI...]",
	summary:  "print the local paths file URIs name",
	help:     filePathHelp,
	shared:   flagJSON | flagStream,
	flags: func(fs *flag.FlagSet) runFunc {
		o := defineOS(fs)
		return func(e *env, l *cmdLine) int {
			return e.eachInput(l.args, func(in string) bool {
				p, err := fileuri.StringToPath(in, o.os)
				return e.result(in, p, err)
			})
		}
	},
}

const fromPathHelp = `From-path prints the file URI of each absolute local path (RFC 8089), one
line per input, percent-encoding exactly what a segment needs ("%", "#",
"?", space, non-ASCII as UTF-8): drive letters and UNC shares for
--os windows, "/" paths for --os posix, this system's by default.

  $ uri from-path --os windows '\\server\share\a b.txt'
  file://server/share/a%20b.txt

A relative path prints "<input>: <message>" on standard error. With --json
each input gives {"input":...,"ok":true,"result":...} or the rejected
object of parse --json. Bytes that are not valid UTF-8 are written as
U+FFFD.
`

var cmdFromPath = &command{
	name:     "from-path",
	synopsis: "[--json] [--os native|posix|windows] [--max-line n] [-j n] [PATH...]",
	summary:  "print the file URIs of local paths",
	help:     fromPathHelp,
	shared:   flagJSON | flagStream,
	flags: func(fs *flag.FlagSet) runFunc {
		o := defineOS(fs)
		return func(e *env, l *cmdLine) int {
			return e.eachInput(l.args, func(in string) bool {
				u, err := fileuri.FromPath(in, o.os)
				return e.result(in, u.String(), err)
			})
		}
	},
}

const dataHelp = `Data reads each data: URL as the Fetch Standard's data: URL processor does
and prints its MIME type and its body, base64-encoded, on one line:

  $ uri data 'data:text/plain;charset=utf-8,caf%C3%A9'
  text/plain;charset=utf-8 Y2Fmw6k=

--body writes the body itself instead, its decoded bytes exactly, with
nothing after it (the bodies of several inputs follow each other), as
base64 -d would; a rejected input writes nothing there:

  $ uri data --body 'data:image/png;base64,iVBORw0KGgo=' > header.png

With --json each input gives {"input":...,"ok":true,"mime_type":...,
"body":...} with the body in base64, or {"input":...,"ok":false,"error":...,
"offset":...}. Bytes that are not valid UTF-8 are written as U+FFFD.
`

var cmdData = &command{
	name:     "data",
	synopsis: "[--json | --body] [--max-line n] [-j n] [URI...]",
	summary:  "print the MIME type and body of data: URLs",
	help:     dataHelp,
	shared:   flagJSON | flagStream,
	flags: func(fs *flag.FlagSet) runFunc {
		body := fs.Bool("body", false, "write the decoded body bytes of each input, as they are, instead of a line")
		return func(e *env, l *cmdLine) int {
			if *body {
				if e.json {
					return l.usageError("--body and --json write different things: choose one")
				}
				return runDataBody(e, l)
			}
			return eachParsed(e, l, dataurl.Parse, func(j *jsonLine, d dataurl.DataURL) {
				j.key(`"mime_type":`).str(d.MIMEType.String())
				j.key(`"body":`).str(base64.StdEncoding.EncodeToString(d.Body))
			}, func(b []byte, d dataurl.DataURL) []byte {
				b = append(b, d.MIMEType.String()...)
				b = append(b, ' ')
				return append(base64.StdEncoding.AppendEncode(b, d.Body), '\n')
			})
		}
	},
}

// runDataBody writes the body of each data: URL, its bytes as they are:
// the output of data --body. A rejected input is reported on standard
// error, as by every command, and adds nothing to the output.
func runDataBody(e *env, l *cmdLine) int {
	return e.eachInput(l.args, func(in string) bool {
		d, err := dataurl.Parse(in)
		if err != nil {
			e.rejected(in, err)
			return false
		}
		e.writeText(d.Body)
		return true
	})
}

const mailtoHelp = `Mailto reads each mailto: URI (RFC 6068) and prints its fields decoded: the
addresses (those of the path, then of each "to" field), the subject, the
other header fields in order, then the body, as a message would show them:

  $ uri mailto 'mailto:a@example.org?subject=Hello%20there&cc=b@example.org'
  To: a@example.org
  Subject: Hello there
  cc: b@example.org

Characters outside ASCII are printed as they are; control characters, bytes
that are not valid UTF-8 and characters that would not show are written as Go
escapes (\r, \x1b, \xff, \u200b). With --json each input gives {"input":...,"ok":true,"to":[...],
"subject":...,"body":...,"headers":[[name,value],...]}, or the rejected
object of parse --json. Bytes that are not valid UTF-8 are written as
U+FFFD.
`

var cmdMailto = &command{
	name:     "mailto",
	synopsis: "[--json] [--max-line n] [-j n] [URI...]",
	summary:  "print the addresses and fields of mailto: URIs",
	help:     mailtoHelp,
	shared:   flagJSON | flagStream,
	run: func(e *env, l *cmdLine) int {
		return eachParsed(e, l, mailto.Parse, func(j *jsonLine, m mailto.Message) {
			j.key(`"to":`).beginArray()
			for _, a := range m.To {
				j.str(a)
			}
			j.endArray()
			j.key(`"subject":`).str(m.Subject)
			j.key(`"body":`).str(m.Body)
			j.key(`"headers":`).beginArray()
			for _, h := range m.Headers {
				j.beginArray()
				j.str(h.Name)
				j.str(h.Value)
				j.endArray()
			}
			j.endArray()
		}, func(b []byte, m mailto.Message) []byte {
			var t strings.Builder
			t.WriteString("To: " + strings.Join(m.To, ", ") + "\n")
			if m.Subject != "" {
				t.WriteString("Subject: " + m.Subject + "\n")
			}
			for _, h := range m.Headers {
				t.WriteString(h.Name + ": " + h.Value + "\n")
			}
			if m.Body != "" {
				t.WriteString("\n" + m.Body + "\n")
			}
			return appendDecodedLines(b, t.String())
		})
	},
}

// appendDecodedLines appends s as appendDecodedText writes it, but its line
// breaks kept.
func appendDecodedLines(b []byte, s string) []byte {
	for line := range strings.SplitAfterSeq(s, "\n") {
		text, nl := strings.CutSuffix(line, "\n")
		b = appendDecodedText(b, text)
		if nl {
			b = append(b, '\n')
		}
	}
	return b
}

const urnHelp = `Urn reads each URN (RFC 8141) and prints its key for equivalence (section
3.1: "urn:" and the NID lowercased, percent-encoding in uppercase hex, the
r-, q- and f-components left out), one line per input, so that equivalent
URNs print the same line:

  $ uri urn 'URN:ISBN:0-395-36341-1?=q#f'
  urn:isbn:0-395-36341-1

With --json each input gives {"input":...,"ok":true,"nid":...,"nss":...,
"r_component":...,"q_component":...,"f_component":...,"key":...}, a
component null when absent, or the rejected object of parse --json. Bytes
that are not valid UTF-8 are written as U+FFFD.
`

var cmdURN = &command{
	name:     "urn",
	synopsis: "[--json] [--max-line n] [-j n] [URN...]",
	summary:  "print the parts and equivalence key of URNs",
	help:     urnHelp,
	shared:   flagJSON | flagStream,
	run: func(e *env, l *cmdLine) int {
		return eachParsed(e, l, urn.Parse, func(j *jsonLine, n urn.URN) {
			j.key(`"nid":`).str(n.NID())
			j.key(`"nss":`).str(n.NSS())
			for _, c := range []struct {
				key jsonKey
				get func() (string, bool)
			}{{`"r_component":`, n.RComponent}, {`"q_component":`, n.QComponent}, {`"f_component":`, n.FComponent}} {
				j.key(c.key)
				if v, ok := c.get(); ok {
					j.str(v)
				} else {
					j.null()
				}
			}
			j.key(`"key":`).str(n.Key())
		}, func(b []byte, n urn.URN) []byte {
			return append(append(b, n.Key()...), '\n')
		})
	},
}
