package lint

import (
	"errors"
	"strings"

	"github.com/ferret-go/uri"
	"github.com/ferret-go/uri/readers"
)

// Names of the readers that [Lint] always consults, as [ReadersNamed] and
// the command's --readers flag take them (the keys of `uri compare
// --json`). Naming them adds nothing: they are the default set.
const (
	NameRFC3986 = "rfc3986"
	NameWHATWG  = "whatwg"
	NameNetURL  = "net_url"
)

// Emulated returns r, a parser of package github.com/ferret-go/uri/readers
// (curl, Python, Node's legacy url.parse, Java, PHP), as a [Reader] for
// [Options.Readers] and [Policy.Readers]. Its name in findings and claims
// is r.Name ("python"); r must read as the reader of that name does
// (readers.ByName), since Lint may take the record of another reader for
// it where readers.SameReading says they read a string alike.
//
// What is compared: whether it accepts the reference, its scheme (without
// case), its host (the host a client built on that parser connects to, see
// the reader's documentation; without the brackets of an IPv6 address, and
// compared as names and addresses as net/url's is) and its port (as a
// number, with the scheme's default). Its userinfo and path, which each
// parser returns encoded its own way, are not.
func Emulated(r readers.Reader) Reader {
	read := r.Read
	if read == nil {
		return Reader{Name: r.Name}
	}
	return Reader{Name: r.Name, Read: func(s string) Reading {
		var out Reading
		fillEmulated(&out, read(s))
		return out
	}, emu: read}
}

// fillEmulated writes into r, which must be zero, the reading of e.
func fillEmulated(r *Reading, e readers.Reading) {
	if e.Err != nil {
		r.Err = e.Err
		return
	}
	r.Scheme, r.Port, r.Path = e.Scheme, e.Port, e.Path
	r.Host = strings.TrimSuffix(strings.TrimPrefix(e.Host, "["), "]")
	r.Userinfo, r.HasUserinfo = e.Userinfo, e.Has&readers.HasUserinfo != 0
	r.Opaque, r.RawUserinfo = true, true
}

// ErrUnknownReader is the cause of the error [ReadersNamed] returns for a
// name it does not know: errors.Is matches it.
var ErrUnknownReader = errors.New("lint: unknown reader")

// ReadersNamed returns the readers named, for [Options.Readers] and
// [Policy.Readers], each once and in the order given: the Name of a reader
// of package github.com/ferret-go/uri/readers ("curl", "curl_guess",
// "python", "node_url", "java", "php"), or "all" for all of them.
// NameRFC3986, NameWHATWG and NameNetURL are accepted and add nothing: Lint
// consults them always. A name it does not know is an error that wraps
// [ErrUnknownReader] and lists the names it knows.
func ReadersNamed(names ...string) ([]Reader, error) {
	var out []Reader
	add := func(r readers.Reader) {
		for _, o := range out {
			if o.Name == r.Name {
				return
			}
		}
		out = append(out, Emulated(r))
	}
	for _, n := range names {
		switch n {
		case NameRFC3986, NameWHATWG, NameNetURL:
			continue
		case "all":
			for _, r := range readers.All() {
				add(r)
			}
			continue
		}
		r, ok := readers.ByName(n)
		if !ok {
			known := []string{NameRFC3986, NameWHATWG, NameNetURL}
			for _, r := range readers.All() {
				known = append(known, r.Name)
			}
			return nil, errors.Join(ErrUnknownReader, errors.New(quote(n)+" is none of "+strings.Join(known, ", ")+", all"))
		}
		add(r)
	}
	return out, nil
}

// compareExtra compares the readings of Options.Readers with want, RFC
// 3986's, on a valid reference with a scheme; net and web are the claims of
// net/url and the URL Standard on the host. The readers that read another
// host or reject the reference are named in one CodeDifferential finding
// on the host, beside RFC 3986, net/url and the URL Standard; each other
// reader's scheme, userinfo, port and path are compared as compare does.
func (c *checker) compareExtra(want *Reading, net, web *Claim) {
	var cls []Claim
	diff := false
	// e is the last emulation's record, which the next reader may share
	// (readers.SameReading: curl and curl_guess on a URL with a scheme
	// and "/", 1,700 instructions a clean kasztp URL under callgrind); it
	// lives outside the loop, so that a record is not copied to keep it.
	var e readers.Reading
	eName := ""
	for i := range c.opts.Readers {
		r := &c.opts.Readers[i]
		if r.emu != nil {
			if eName == "" || !readers.SameReading(eName, r.Name, c.in) {
				e = r.emu(c.in)
			}
			eName = r.Name
			if e.Err == nil && e.Host == want.Host && e.Scheme == want.Scheme && e.Port == want.Port {
				// The text RFC 3986 reads, byte for byte: nothing
				// compare would report (the userinfo and path of an
				// emulation are not compared). An IPv6 host, in
				// brackets, takes the way below.
				continue
			}
			var got Reading
			fillEmulated(&got, e)
			c.compareOne(r.Name, &got, want, &cls, &diff)
			continue
		}
		eName = ""
		if r.Read != nil {
			got := r.Read(c.in)
			c.compareOne(r.Name, &got, want, &cls, &diff)
		}
	}
	if len(cls) == 0 {
		return
	}
	all := append([]Claim{{Reader: ReaderRFC3986, Component: uri.ComponentHost, Value: want.Host}, *net, *web}, cls...)
	sev, comp, p := Low, uri.Component(0), span{0, len(c.in), true}
	if diff {
		sev, comp = High, uri.ComponentHost
		if c.rfc.host.ok {
			p = c.rfc.host
		}
	}
	what := "the readers disagree on the host: "
	if !diff {
		what = "some readers reject this valid reference: "
	}
	f := Finding{Code: CodeDifferential, Severity: sev, Component: comp, Start: p.start, End: p.end,
		Message: what + groupedPhrases(all), Claims: all}
	// One finding names every reader: it takes the place of the one
	// compare made for net/url or the URL Standard on the same component.
	for i := range c.out {
		if c.out[i].Code == CodeDifferential && c.out[i].Component == comp {
			if c.out[i].Severity > f.Severity {
				f.Severity = c.out[i].Severity
			}
			c.out[i] = f
			return
		}
	}
	c.out = append(c.out, f)
}

// compareOne compares got, the reading of the reader name, with want: a
// rejection or another host is a claim appended to cls (diff set for a
// host), any other difference a finding of compare's.
func (c *checker) compareOne(name string, got, want *Reading, cls *[]Claim, diff *bool) {
	switch {
	case got.Err != nil:
		*cls = append(*cls, Claim{Reader: name, Rejects: true})
	case got.Host != want.Host && !sameHost(got.Host, want.Host):
		*cls = append(*cls, Claim{Reader: name, Component: uri.ComponentHost, Value: got.Host})
		*diff = true
	default:
		c.compare(name, got, want)
	}
}

// groupedPhrases says what claims say, the readers that read the same
// value (or reject) named together, in the order of their first claim:
// `RFC 3986 and net/url read the host "a"; python reads the host "b"; php
// rejects it`.
func groupedPhrases(cls []Claim) string {
	var b strings.Builder
	done := make([]bool, len(cls))
	for i := range cls {
		if done[i] {
			continue
		}
		var names []string
		for j := i; j < len(cls); j++ {
			if !done[j] && cls[j].Rejects == cls[i].Rejects && cls[j].Value == cls[i].Value {
				done[j] = true
				names = append(names, cls[j].readerName())
			}
		}
		if b.Len() > 0 {
			b.WriteString("; ")
		}
		b.WriteString(joinNames(names))
		plural := len(names) > 1 || cls[i].Reader == ReaderWHATWG
		switch {
		case cls[i].Rejects && plural:
			b.WriteString(" reject it")
		case cls[i].Rejects:
			b.WriteString(" rejects it")
		default:
			if plural {
				b.WriteString(" read ")
			} else {
				b.WriteString(" reads ")
			}
			if cls[i].Value == "" {
				b.WriteString("no host (or an empty one)")
			} else {
				b.WriteString("the host " + quote(cls[i].Value))
			}
		}
	}
	return b.String()
}

// joinNames joins names as a list in prose: "a", "a and b", "a, b and c".
func joinNames(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
