package oracles

import (
	"bufio"
	"bytes"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/ferret-go/uri/readers"
)

// pythonUnicode is run by the installed Python: for every non-ASCII code
// point but the surrogates, one line "hex lowered-hex... nfkc" where
// lowered is str.lower of "a" + c (so that final sigma sees a cased letter
// before it) without the "a", and nfkc is 1 when _checknetloc would reject
// c (its NFKC form has one of "/?#@:"), else 0.
const pythonUnicode = `
import sys, unicodedata
out = sys.stdout
for c in range(0x80, 0x110000):
    if 0xD800 <= c < 0xE000:
        continue
    ch = chr(c)
    low = ("a" + ch).lower()[1:]
    n = unicodedata.normalize("NFKC", ch)
    bad = 1 if n != ch and any(x in n for x in "/?#@:") else 0
    out.write("%x %s %d\n" % (c, ",".join("%x" % ord(x) for x in low), bad))
`

// TestPythonUnicode checks readers.Python's Unicode facts against the
// installed Python on every code point: the lowercasing of the hostname
// (str.lower: U+0130, final sigma, and Go's unicode.ToLower for the rest)
// and the characters _checknetloc rejects under NFKC.
func TestPythonUnicode(t *testing.T) {
	py := pythonTool(t)
	out, err := exec.Command(py, "-c", pythonUnicode).Output()
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	n := 0
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		c, _ := strconv.ParseUint(f[0], 16, 32)
		var low []rune
		for _, h := range strings.Split(f[1], ",") {
			v, _ := strconv.ParseUint(h, 16, 32)
			low = append(low, rune(v))
		}
		in := "http://a" + string(rune(c)) + "/"
		r := readers.Python(in)
		if f[2] == "1" {
			if r.Err == nil {
				t.Errorf("U+%04X: Python's _checknetloc rejects it, readers.Python gives host %q", c, r.Host)
			}
		} else if r.Err != nil {
			t.Errorf("U+%04X: readers.Python: %v, Python accepts it", c, r.Err)
		} else if want := "a" + string(low); r.Host != want {
			t.Errorf("U+%04X: host %q, Python's lower gives %q", c, r.Host, want)
		}
		if !utf8.ValidRune(rune(c)) {
			t.Fatalf("U+%04X is not a rune", c)
		}
		n++
	}
	if n < 0x10F000 {
		t.Fatalf("only %d code points from Python", n)
	}
}
