package viewer

import (
	"errors"
	"net/url"
	"strconv"
	"strings"

	"github.com/ferret-go/uri/internal/sidebyside"
	"github.com/ferret-go/uri/readers"
	"github.com/ferret-go/uri/whatwg"
)

// The readers side by side: how RFC 3986, the URL Standard, net/url and
// the emulated parsers of package readers (curl, Python, Node's legacy
// url.parse, Java, PHP) read the reference, the same readings `uri
// compare` shows (package internal/sidebyside), a card per reader.

// groupReaders is the Group of the readers' cards.
const groupReaders = "readers"

// readersNote says what the cards show and how a field comes to be marked.
const readersNote = "Each card is one parser's reading of the reference, as uri compare shows it: " +
	"accepted or the error, then the scheme, userinfo, host (the one a client built on that parser connects to), " +
	"port, path, query and fragment. A field is marked where it differs from what most of the readers that accept " +
	"the reference give (of two answers as common, the one of the reader shown first); accepted or rejected is " +
	"marked where it differs from most readers. Controls and bytes that are not UTF-8 are shown as Go escapes (\\x00)."

// readers returns the summary panel, which lists the components the
// readings differ on, then a panel per reader, in sidebyside.All's order.
// The reference is read alone, as compare reads it: no reader here takes
// the base.
func (a *analysis) readers() []Panel {
	defs := sidebyside.All()
	rs := make([]sidebyside.Reading, len(defs))
	for k, d := range defs {
		rs[k] = d.Read(a.ref)
	}
	okMost, common := mostCommon(rs)

	differ := "nothing: every reader reads it alike"
	if d := sidebyside.Differ(rs); len(d) > 0 {
		differ = strings.Join(d, ", ")
	}
	note := readersNote
	if a.hasBase {
		note += " The base is not used here."
	}
	out := make([]Panel, 0, 1+len(defs))
	out = append(out, Panel{ID: "readers", Title: "Readers side by side: " + readerList(defs), Note: note,
		Rows: []Row{{Key: "differ", Label: "the readings differ on", Value: differ}}})
	for k, d := range defs {
		p := Panel{ID: "reader-" + d.Name, Title: d.Label, Group: groupReaders, Against: "most readers", Note: d.Parser}
		r := rs[k]
		ok := Row{Key: "ok", Label: "accepted", Value: "yes"}
		if r.Err != nil {
			ok.Value = "no"
		}
		if (r.Err == nil) != okMost {
			ok.State = stateDiffers
		}
		p.Rows = make([]Row, 0, 1+len(r.Comps))
		p.Rows = append(p.Rows, ok)
		if r.Err != nil {
			p.Rows = append(p.Rows, Row{Key: "error", Label: "error", Value: readerError(r.Err), State: stateError})
			out = append(out, p)
			continue
		}
		for c, v := range r.Comps {
			row := Row{Key: sidebyside.Components[c], Label: sidebyside.Components[c], Absent: v == nil}
			if v != nil {
				row.Value, _ = visible(*v)
			}
			if !sidebyside.Same(v, common[c]) {
				row.State = stateDiffers
			}
			p.Rows = append(p.Rows, row)
		}
		out = append(out, p)
	}
	return out
}

// readerList names the readers for the summary's title.
func readerList(defs []sidebyside.Reader) string {
	names := make([]string, len(defs))
	for k, d := range defs {
		names[k] = d.Label
	}
	return strings.Join(names, ", ")
}

// mostCommon returns whether most readings accept, and for each component
// the answer most of the readings that accept give (nil for absent): of
// two answers as common, the one that comes first in rs. A tie between
// accepting and rejecting goes to rs[0].
func mostCommon(rs []sidebyside.Reading) (ok bool, common [7]*string) {
	accept := 0
	for _, r := range rs {
		if r.Err == nil {
			accept++
		}
	}
	ok = 2*accept > len(rs) || 2*accept == len(rs) && len(rs) > 0 && rs[0].Err == nil
	for c := range common {
		best := 0
		for i, r := range rs {
			if r.Err != nil {
				continue
			}
			n := 0
			seen := false
			for j, q := range rs {
				if q.Err != nil || !sidebyside.Same(r.Comps[c], q.Comps[c]) {
					continue
				}
				if j < i {
					// Counted where it first came.
					seen = true
					break
				}
				n++
			}
			if !seen && n > best {
				best, common[c] = n, r.Comps[c]
			}
		}
	}
	return ok, common
}

// readerError is a reader's error as its card shows it: the message
// without the package's prefix and without the input, which the messages
// of whatwg and net/url quote whole (each card of a long input would hold
// it again).
func readerError(err error) string {
	var re *readers.Error
	var we *whatwg.Error
	var ne *url.Error
	switch {
	case errors.As(err, &re):
		return strings.TrimPrefix(re.Error(), "readers: "+re.Reader+": ")
	case errors.As(err, &we):
		return we.Reason + " at offset " + strconv.Itoa(we.Offset)
	case errors.As(err, &ne):
		return strings.TrimPrefix(ne.Err.Error(), "net/url: ")
	}
	return strings.TrimPrefix(err.Error(), "uri: ")
}
