package dataurl

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/ferret-go/uri"
)

// larry is the base64 of RFC 2397, section 4's inline image, in the lines
// the RFC breaks it into inside its HTML example.
var larry = []string{
	"R0lGODdhMAAwAPAAAAAAAP///ywAAAAAMAAw",
	"AAAC8IyPqcvt3wCcDkiLc7C0qwyGHhSWpjQu5yqmCYsapyuvUUlvONmOZtfzgFz",
	"ByTB10QgxOR0TqBQejhRNzOfkVJ+5YiUqrXF5Y5lKh/DeuNcP5yLWGsEbtLiOSp",
	"a/TPg7JpJHxyendzWTBfX0cxOnKPjgBzi4diinWGdkF8kjdfnycQZXZeYGejmJl",
	"ZeGl9i2icVqaNVailT6F5iJ90m6mvuTS4OK05M0vDk0Q4XUtwvKOzrcd3iq9uis",
	"F81M1OIcR7lEewwcLp7tuNNkM3uNna3F2JQFo97Vriy/Xl4/f1cf5VWzXyym7PH",
	"hhx4dbgYKAAA7",
}

// TestRFC2397Examples holds the four data: URLs of RFC 2397, section 4
// ("Examples"). The RFC's text was not in reach whole; the URLs are as the
// public test suites that quote them as "the RFC 2397 examples" all have
// them (php-src ext/standard/tests/file/stream_rfc2397_*.phpt, Perl URI
// t/data.t, cborld's tests), the image in the RFC's own line breaks. Each is
// read by the Fetch processor (Parse) and checked against RFC 2397's grammar
// (Check). The RFC's Greek example has "%fg", which is no percent-encoded
// octet: RFC 3986 (and so Check) refuses it, the Fetch processor keeps the
// three bytes as they are, as Perl's URI module does.
func TestRFC2397Examples(t *testing.T) {
	gif := "data:image/gif;base64," + strings.Join(larry, "")
	for _, c := range []struct {
		why      string
		in       string
		mime     string
		body     []byte // nil: only the length and prefix below are checked
		bodyLen  int
		checkErr bool
	}{
		{`"encodes the text/plain string "A brief note""`, "data:,A%20brief%20note", "text/plain;charset=US-ASCII", []byte("A brief note"), 12, false},
		{"a small inline image (the HTML example's SRC, lines joined)", gif, "image/gif", nil, 273, false},
		{"a short sequence of greek characters (with the RFC's %fg)", "data:text/plain;charset=iso-8859-7,%be%fg%be", "text/plain;charset=iso-8859-7", []byte("\xbe%fg\xbe"), 5, true},
		{"a link to an application-specific query", "data:application/vnd-xxx-query,select_vcount,fcol_from_fieldtable/local", "application/vnd-xxx-query", []byte("select_vcount,fcol_from_fieldtable/local"), 40, false},
	} {
		d, err := Parse(c.in)
		if err != nil {
			t.Errorf("section 4, %s: Parse(%q): %v", c.why, c.in, err)
			continue
		}
		if d.MIMEType.String() != c.mime || len(d.Body) != c.bodyLen || c.body != nil && !bytes.Equal(d.Body, c.body) {
			t.Errorf("section 4, %s: Parse(%q) = %q, %q (%d bytes); want %q, %q", c.why, c.in, d.MIMEType, d.Body, len(d.Body), c.mime, c.body)
		}
		err = Check(c.in)
		if (err != nil) != c.checkErr {
			t.Errorf("section 4, %s: Check(%q) = %v, want an error: %v", c.why, c.in, err, c.checkErr)
		}
	}
	// The image is a GIF: its decoded bytes start with the GIF87a signature.
	if d, err := Parse(gif); err != nil || !bytes.HasPrefix(d.Body, []byte("GIF87a")) {
		t.Errorf("section 4, the image: %q..., %v", d.Body[:min(6, len(d.Body))], err)
	}
	// In the RFC the SRC attribute spans lines; the URL Standard's parser
	// (and so Parse) removes the newlines, as a browser reading that HTML
	// does, and reads the same image.
	if d, err := Parse("data:image/gif;base64," + strings.Join(larry, "\n")); err != nil || len(d.Body) != 273 {
		t.Errorf("section 4, the image with its line breaks: %d bytes, %v", len(d.Body), err)
	}
	// Check says where the Greek example stops being a URI: at "%fg".
	var ue *uri.Error
	if err := Check("data:text/plain;charset=iso-8859-7,%be%fg%be"); !errors.As(err, &ue) || ue.Offset != 38 {
		t.Errorf("section 4, the Greek example: Check = %v, want the URI parser's error at offset 38", err)
	}
}
