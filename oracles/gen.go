package oracles

import (
	"math/rand/v2"
	"strings"
)

// shapes are the confusing strings of the URL-parser studies (Claroty and
// Snyk 2022, the "URL parser tester" pages): backslashes, slash counts,
// NUL and other control bytes, ports that are not, "@", ";", "#" and "?" in
// odd places, IP literals in odd forms.
var shapes = []string{
	`http://a\@b`, `http://a\@b/`, `http:/\b`, `http:\\b/c`, `http:///b/c`, `http:b`, `http:/b`,
	`//b/c`, `\\b\c`, `/\b/c`, `\/b/c`, `///b`, `http://a%00b/`, "http://a\x00b/",
	`http://[::1]:80:81/`, `http://[::1]/`, `http://[::1%25eth0]/`, `http://[v1.x]/`, `http://[::ffff:1.2.3.4]/`,
	"http://a\tb.com/", "http://a.com/\n/x", "ht\ttp://a/", " http://a/ ", "http://a/\r\n",
	`http://a;b@c/`, `http://a@b@c/`, `http://a:b@c:d@e/`, `http://u:p@h:80@x/`, `http://a#@b/`, `http://a?@b/`,
	`http://a/;p?q#f`, `http://a:/`, `http://a:0/`, `http://a:65535/`, `http://a:65536/`, `http://a:99999999999/`,
	`http://a:+80/`, `http://a:-1/`, `http://a: 80/`, `http://a:0x50/`, `http://a:８０/`,
	`http://0x7f.1/`, `http://0177.0.0.1/`, `http://2130706433/`, `http://127.1/`, `http://127.0.0.1./`,
	`http://1.2.3.4.5/`, `http://256.256.256.256/`, `http://0/`, `http://%31%32%37.0.0.1/`,
	`http://ｌｏｃａｌｈｏｓｔ/`, "http://tools.ie\u200btf.org/", `http://EXAMPLE.COM./`, `http://xn--pple-43d.com/`,
	`http://bücher.de/`, `http://a..b/`, `http://.a/`, `http://a%2eb/`, `http://a%2Fb/`,
	`HTTP://A/`, `hTtP://a/`, `1http://a/`, `h+t-t.p://a/`, `h_t://a/`, `://a/`, `:`, ``, `?`, `#`, `//`, `///`,
	`javascript:alert(1)`, `JaVaScRiPt:alert(1)`, "java\nscript:alert(1)", `data:text/html,<script>`,
	`mailto:a@b.c`, `file:///etc/passwd`, `file://host/share`, `file:c:/x`, `file:///c:/x`, `urn:isbn:1`,
	`http://a/b?c#d?e#f`, `http://a/b#c#d`, `http://a/%zz`, `http://a/%`, `http://a/%2`, `http://a/ b`, `http://a/<>"`,
	`http://a/?q=1&q=2;x=3`, `http://user:pass@a/`, `http://user:@a/`, `http://:pass@a/`, `http://@a/`, `http://@/`,
	`http://a:80`, `http://a?b`, `http://a#b`, `a:b@c`, `a@b:c`, `localhost:8080`, `localhost:8080/x`, `example.com/x`,
	`www.example.com`, `//user@host:1/p`, `http://[1:2:3:4:5:6:7:8]:9/`, `http://[1::2::3]/`, `http://[::1.2.3.4]/`,
	`https://a.com%2f@b.com/`, `https://a.com%40b.com/`, `http://a%40b@c/`, `http://127.0.0.1%0d%0a/`,
}

// delimiterTemplate has each delimiter of a URL once; byteAtDelimiters puts
// every byte at, before and after each of them.
const delimiterTemplate = "http://u:p@h.example:81/p/q;r?s=t&v#w"

// interesting are the bytes mutations insert.
var interesting = []string{"\\", "/", "//", "@", ":", ";", "#", "?", "%", "%00", "%2F", "%40", "[", "]", ".", "..",
	" ", "\t", "\n", "\r", "\x00", "\x01", "\x1f", "\x7f", "\x80", "\xff", "ｌ", "\u200b", "\u3002", "é", "&", "=", "+",
	"0x", "0", "1", "::", "%25", "\"", "'", "<", ">", "^", "`", "{", "}", "|"}

// Generate returns n inputs, the same for the same n and seed: first the
// shapes above, then every byte 0x00-0xFF replacing, preceding and
// following each delimiter of a URL, then mutations of shapes and of
// seeds (real URLs): insertions, deletions and replacements of bytes from
// a set of confusing ones.
func Generate(n int, seed uint64, seeds []string) []string {
	out := make([]string, 0, n)
	add := func(s string) bool {
		if len(out) >= n {
			return false
		}
		out = append(out, s)
		return true
	}
	for _, s := range shapes {
		if !add(s) {
			return out
		}
	}
	t := delimiterTemplate
	for i := 0; i < len(t); i++ {
		if strings.IndexByte(":/@?#;&=.", t[i]) < 0 {
			continue
		}
		for b := 0; b < 256; b++ {
			c := string([]byte{byte(b)})
			for _, s := range []string{t[:i] + c + t[i+1:], t[:i] + c + t[i:], t[:i+1] + c + t[i+1:]} {
				if !add(s) {
					return out
				}
			}
		}
	}
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	pool := append(append([]string(nil), shapes...), seeds...)
	for len(out) < n {
		s := pool[rng.IntN(len(pool))]
		for k := 1 + rng.IntN(3); k > 0; k-- {
			s = mutate(rng, s)
		}
		add(s)
	}
	return out
}

func mutate(rng *rand.Rand, s string) string {
	at := 0
	if len(s) > 0 {
		at = rng.IntN(len(s) + 1)
	}
	x := interesting[rng.IntN(len(interesting))]
	switch rng.IntN(3) {
	case 0: // insert
		return s[:at] + x + s[at:]
	case 1: // delete a run of up to 3 bytes
		end := min(len(s), at+1+rng.IntN(3))
		return s[:at] + s[end:]
	default: // replace a byte
		if at >= len(s) {
			return s + x
		}
		return s[:at] + x + s[at+1:]
	}
}
