package bench

import (
	"crypto/sha256"
	"net"
	"net/url"
	"path"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/ferret-go/uri/safebrowsing"
	"github.com/ferret-go/uri/surt"
)

// The baselines below are the way Go programs write these keys today,
// without this module: net/url.Parse, then string surgery and
// strings.Replace loops, following the same documents (Google's "URLs and
// Hashing" for Safe Browsing, the Wayback key maker for SURT). Google's own
// Go clients are not on the module proxy here, so this is written plainly
// in their manner. They do less than the packages (no inet_aton forms but
// dotted decimal, no IPv6 mapping, no session ids); TestKeysAgree logs how
// often they give the same key.

// unescapeOnceBaseline decodes every %XX once, left to right.
func unescapeOnceBaseline(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) {
			if v, err := strconv.ParseUint(s[i+1:i+3], 16, 8); err == nil {
				b.WriteByte(byte(v))
				i += 2
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// unescapeBaseline unescapes until nothing changes, a pass at a time.
func unescapeBaseline(s string) string {
	for {
		u := unescapeOnceBaseline(s)
		if u == s {
			return s
		}
		s = u
	}
}

func escapeBaseline(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c <= 0x20 || c >= 0x7f || c == '#' || c == '%' {
			b.WriteString("%" + strings.ToUpper(strconv.FormatUint(uint64(c)|0x100, 16)[1:]))
		} else {
			b.WriteByte(c)
		}
	}
	return b.String()
}

var controlsBaseline = strings.NewReplacer("\t", "", "\r", "", "\n", "")

// canonicalizeBaseline is Safe Browsing canonicalization with net/url.
func canonicalizeBaseline(s string) (string, error) {
	s = strings.TrimSpace(s)
	s = controlsBaseline.Replace(s)
	if i := strings.Index(s, "#"); i >= 0 {
		s = s[:i]
	}
	if !strings.Contains(s, "://") {
		s = "http://" + s
	}
	u, err := url.Parse(s)
	if err != nil {
		return "", err
	}
	host := unescapeBaseline(u.Hostname())
	host = strings.Trim(host, ".")
	for strings.Contains(host, "..") {
		host = strings.Replace(host, "..", ".", -1)
	}
	if ip := net.ParseIP(host); ip != nil && ip.To4() != nil {
		host = ip.To4().String()
	}
	host = strings.ToLower(host)
	p := unescapeBaseline(u.EscapedPath())
	if p == "" {
		p = "/"
	}
	trailing := strings.HasSuffix(p, "/") || strings.HasSuffix(p, "/.") || strings.HasSuffix(p, "/..")
	p = path.Clean(p)
	if trailing && p != "/" {
		p += "/"
	}
	out := strings.ToLower(u.Scheme) + "://" + escapeBaseline(host)
	if port := u.Port(); port != "" && !(u.Scheme == "http" && port == "80") && !(u.Scheme == "https" && port == "443") {
		out += ":" + port
	}
	out += escapeBaseline(p)
	if u.ForceQuery || u.RawQuery != "" {
		out += "?" + escapeBaseline(unescapeBaseline(u.RawQuery))
	}
	return out, nil
}

// expressionsBaseline builds the suffix/prefix expressions of a canonical
// URL with strings.Split and concatenation, and hashes each.
func expressionsBaseline(canonical string) ([]string, [][sha256.Size]byte) {
	rest := canonical[strings.Index(canonical, "://")+3:]
	slash := strings.Index(rest, "/")
	host, pathQuery := rest[:slash], rest[slash:]
	if i := strings.LastIndex(host, ":"); i >= 0 && !strings.HasSuffix(host, "]") {
		host = host[:i]
	}
	hosts := []string{host}
	if net.ParseIP(strings.Trim(host, "[]")) == nil {
		labels := strings.Split(host, ".")
		for k := min(5, len(labels)-1); k >= 2; k-- {
			hosts = append(hosts, strings.Join(labels[len(labels)-k:], "."))
		}
	}
	p, _, hasQuery := strings.Cut(pathQuery, "?")
	paths := []string{}
	if hasQuery {
		paths = append(paths, pathQuery)
	}
	paths = append(paths, p)
	segs := strings.Split(p, "/")
	prefix := "/"
	for i := 0; i < len(segs)-1 && i < 4; i++ {
		if i > 0 {
			prefix += segs[i] + "/"
		}
		if prefix != p {
			paths = append(paths, prefix)
		}
	}
	var exprs []string
	var hashes [][sha256.Size]byte
	for _, h := range hosts {
		for _, q := range paths {
			e := h + q
			exprs = append(exprs, e)
			hashes = append(hashes, sha256.Sum256([]byte(e)))
		}
	}
	return exprs, hashes
}

var wwwBaseline = regexp.MustCompile(`^www\d*\.`)

// surtBaseline is the default SURT key with net/url.
func surtBaseline(s string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "-", nil
	}
	if !strings.Contains(s, ":") {
		s = "http://" + s
	}
	u, err := url.Parse(s)
	if err != nil {
		return "", err
	}
	if u.Host == "" {
		return strings.ToLower(u.Scheme + ":" + u.Opaque + u.Path), nil
	}
	host := strings.Trim(strings.ToLower(unescapeBaseline(u.Hostname())), ".")
	host = wwwBaseline.ReplaceAllString(host, "")
	labels := strings.Split(host, ".")
	for i, j := 0, len(labels)-1; i < j; i, j = i+1, j-1 {
		labels[i], labels[j] = labels[j], labels[i]
	}
	key := strings.Join(labels, ",")
	if port := u.Port(); port != "" && !(u.Scheme == "http" && port == "80") && !(u.Scheme == "https" && port == "443") {
		key += ":" + port
	}
	key += ")"
	p := strings.ToLower(escapeBaseline(unescapeBaseline(u.EscapedPath())))
	if p == "" {
		p = "/"
	}
	if len(p) > 1 {
		p = strings.TrimSuffix(p, "/")
	}
	key += p
	if u.RawQuery != "" {
		params := strings.Split(strings.ToLower(escapeBaseline(unescapeBaseline(u.RawQuery))), "&")
		sort.Strings(params)
		key += "?" + strings.Join(params, "&")
	}
	return key, nil
}

// keyImpls are the implementations compared, by key and library.
var keyImpls = []struct {
	key, lib string
	fn       func(string)
}{
	{"surt", "uri", func(s string) { sink, _ = surt.Key(s) }},
	{"surt", "neturl", func(s string) { sink, _ = surtBaseline(s) }},
	{"safebrowsing", "uri", func(s string) { sink, _ = safebrowsing.Canonicalize(s) }},
	{"safebrowsing", "neturl", func(s string) { sink, _ = canonicalizeBaseline(s) }},
	{"sbhashes", "uri", func(s string) {
		u, err := safebrowsing.Parse(s)
		if err != nil {
			return
		}
		for _, h := range u.Hashes() {
			sinkPrefix = h.Prefix()
		}
	}},
	{"sbhashes", "neturl", func(s string) {
		c, err := canonicalizeBaseline(s)
		if err != nil {
			return
		}
		_, hs := expressionsBaseline(c)
		for _, h := range hs {
			sinkPrefix = [4]byte(h[:4])
		}
	}},
}

var sinkPrefix safebrowsing.Prefix

// BenchmarkKeys makes one key per operation, cycling through each list:
// key=surt the default SURT key, key=safebrowsing the canonical URL,
// key=sbhashes the canonical URL's expressions and their 4-byte prefixes.
// lib=uri is this module's packages, lib=neturl the baselines above.
func BenchmarkKeys(b *testing.B) {
	cs := loadCorpora(b)
	for _, name := range datasets {
		lines := cs[name].lines
		for _, impl := range keyImpls {
			b.Run("data="+name+"/key="+impl.key+"/lib="+impl.lib, func(b *testing.B) {
				measure(b, func(i int) { impl.fn(lines[i%len(lines)]) })
			})
		}
	}
}

// TestKeysAgree runs both implementations of each key over every list and
// logs how often they agree; the packages' own tests hold them to the
// published examples.
func TestKeysAgree(t *testing.T) {
	cs := loadCorpora(t)
	for _, name := range datasets {
		lines := cs[name].lines
		var sameSURT, sameSB, sameExpr int
		for _, s := range lines {
			k1, err1 := surt.Key(s)
			k2, err2 := surtBaseline(s)
			if err1 == nil && err2 == nil && k1 == k2 {
				sameSURT++
			}
			c1, err1 := safebrowsing.Canonicalize(s)
			c2, err2 := canonicalizeBaseline(s)
			if err1 == nil && err2 == nil && c1 == c2 {
				sameSB++
				u, _ := safebrowsing.Parse(s)
				var e1 []string
				for e := range u.Expressions() {
					e1 = append(e1, e)
				}
				e2, _ := expressionsBaseline(c2)
				if strings.Join(e1, " ") == strings.Join(e2, " ") {
					sameExpr++
				}
			}
		}
		n := float64(len(lines)) / 100
		t.Logf("%-24s %6d URLs; baseline gives the same key: surt %5.1f%%, safebrowsing %5.1f%%, expressions %5.1f%%",
			name, len(lines), float64(sameSURT)/n, float64(sameSB)/n, float64(sameExpr)/n)
	}
}
