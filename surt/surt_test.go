package surt

import (
	"errors"
	"strings"
	"testing"

	"github.com/ferret-go/uri/internal/keycanon"
)

// Sources of the cases, named beside each:
//   - pySURT: internetarchive/surt tests/test_surt.py @ 6934c32 (test_surt,
//     "from WaybackURLKeyMakerTest.java", and the tests after it);
//   - javaKM: iipc/webarchive-commons
//     src/test/java/org/archive/url/WaybackURLKeyMakerTest.java @ 3921259.
//   - heritrix: internetarchive/heritrix3
//     commons/src/test/java/org/archive/util/SURTTest.java @ 0497efb, whose
//     SURT.fromURI writes the scheme, the trailing comma and "www" as the
//     three options do but canonicalizes nothing (it keeps userinfo, the
//     fragment, an empty path, and puts the port after the comma); its
//     cases that need no canonicalization are here.
//   - pyRun: the key that internetarchive/surt's surt.surt (Python, the same
//     commit) returns for the input, run for this package.
const (
	pyRun    = "internetarchive/surt surt.surt run on the input"
	pySURT   = "internetarchive/surt test_surt.py"
	javaKM   = "iipc/webarchive-commons WaybackURLKeyMakerTest.java"
	heritrix = "internetarchive/heritrix3 SURTTest.java"
)

var heritrixOptions = Options{WithScheme: true, TrailingComma: true, KeepWWW: true}

var keyTests = []struct {
	in     string
	o      Options
	want   string
	source string
}{
	{"", Options{}, "-", pySURT},
	{"filedesc:foo.arc.gz", Options{}, "filedesc:foo.arc.gz", pySURT},
	{"filedesc:/foo.arc.gz", Options{}, "filedesc:/foo.arc.gz", pySURT},
	{"filedesc://foo.arc.gz", Options{}, "filedesc://foo.arc.gz", pySURT},
	{"warcinfo:foo.warc.gz", Options{}, "warcinfo:foo.warc.gz", pySURT},
	// javaKM gives "com,alexa)" and "org,archive)" for these two.
	{"dns:alexa.com", Options{}, "dns:alexa.com", pySURT},
	{"dns:archive.org", Options{}, "dns:archive.org", pySURT},
	{"http://www.archive.org/", Options{}, "org,archive)/", pySURT},
	{"http://archive.org/", Options{}, "org,archive)/", pySURT + ", " + javaKM},
	{"http://archive.org/goo/", Options{}, "org,archive)/goo", pySURT + ", " + javaKM},
	{"http://archive.org/goo/?", Options{}, "org,archive)/goo", pySURT + ", " + javaKM},
	{"http://archive.org/goo/?b&a", Options{}, "org,archive)/goo?a&b", pySURT + ", " + javaKM},
	{"http://archive.org/goo/?a=2&b&a=1", Options{}, "org,archive)/goo?a=1&a=2&b", pySURT + ", " + javaKM},
	{"http://archive.org/goo/?a=2&b&a=1", Options{TrailingComma: true}, "org,archive,)/goo?a=1&a=2&b", pySURT},
	{"dns:archive.org", Options{TrailingComma: true}, "dns:archive.org", pySURT},
	{"warcinfo:foo.warc.gz", Options{TrailingComma: true}, "warcinfo:foo.warc.gz", pySURT},
	{"http://archive.org/index.php?PHPSESSID=0123456789abcdefghijklemopqrstuv&action=profile;u=4221", Options{}, "org,archive)/index.php?action=profile;u=4221", pySURT},
	{"whois://whois.isoc.org.il/shaveh.co.il", Options{}, "il,org,isoc,whois)/shaveh.co.il", pySURT},
	{"http://visit.webhosting.yahoo.com/visit.gif?&r=http%3A//web.archive.org/web/20090517140029/http%3A//anthonystewarthead.electric-chi.com/&b=Netscape%205.0%20%28Windows%3B%20en-US%29&s=1366x768&o=Win32&c=24&j=true&v=1.2", Options{},
		"com,yahoo,webhosting,visit)/visit.gif?&b=netscape%205.0%20(windows;%20en-us)&c=24&j=true&o=win32&r=http://web.archive.org/web/20090517140029/http://anthonystewarthead.electric-chi.com/&s=1366x768&v=1.2", pySURT},
	{"mailto:foo@example.com", Options{}, "mailto:foo@example.com", pySURT},
	{"http://www.example.com/", Options{WithScheme: true}, "http://(com,example)/", pySURT},
	{"http://www.example.com/", Options{}, "com,example)/", pySURT},
	{"http://www.example.com/", Options{WithScheme: true, TrailingComma: true}, "http://(com,example,)/", pySURT},
	{"https://www.example.com/", Options{WithScheme: true, TrailingComma: true}, "https://(com,example,)/", pySURT},
	{"ftp://www.example.com/", Options{TrailingComma: true}, "com,example,)/", pySURT},
	{"ftp://www.example.com/", Options{}, "com,example)/", pySURT},
	{"ftp://www.example.com/", Options{WithScheme: true, TrailingComma: true}, "ftp://(com,example,)/", pySURT},
	{"http://www.example.com/", Options{WithScheme: true, KeepWWW: true}, "http://(com,example,www)/", pySURT},
	{"http://www.example.com/", Options{KeepWWW: true}, "com,example,www)/", pySURT},
	{"http://www.example.com/", Options{WithScheme: true, TrailingComma: true, KeepWWW: true}, "http://(com,example,www,)/", pySURT},
	{"https://www.example.com/", Options{WithScheme: true, TrailingComma: true, KeepWWW: true}, "https://(com,example,www,)/", pySURT},
	{"ftp://www.example.com/", Options{WithScheme: true, TrailingComma: true, KeepWWW: true}, "ftp://(com,example,www,)/", pySURT},
	{"mailto:foo@example.com", Options{WithScheme: true}, "mailto:foo@example.com", pySURT},
	{"mailto:foo@example.com", Options{TrailingComma: true}, "mailto:foo@example.com", pySURT},
	{"mailto:foo@example.com", Options{WithScheme: true, TrailingComma: true}, "mailto:foo@example.com", pySURT},
	{"dns:archive.org", Options{WithScheme: true}, "dns:archive.org", pySURT},
	{"dns:archive.org", Options{WithScheme: true, TrailingComma: true}, "dns:archive.org", pySURT},
	{"whois://whois.isoc.org.il/shaveh.co.il", Options{WithScheme: true}, "whois://(il,org,isoc,whois)/shaveh.co.il", pySURT},
	{"whois://whois.isoc.org.il/shaveh.co.il", Options{TrailingComma: true}, "il,org,isoc,whois,)/shaveh.co.il", pySURT},
	{"whois://whois.isoc.org.il/shaveh.co.il", Options{WithScheme: true, TrailingComma: true}, "whois://(il,org,isoc,whois,)/shaveh.co.il", pySURT},
	{"warcinfo:foo.warc.gz", Options{WithScheme: true}, "warcinfo:foo.warc.gz", pySURT},
	{"warcinfo:foo.warc.gz", Options{WithScheme: true, TrailingComma: true}, "warcinfo:foo.warc.gz", pySURT},
	{"http://example.com/app?item=Wroc%C5%82aw", Options{}, "com,example)/app?item=wroc%c5%82aw", pySURT + " test_surt_nonascii"},
	{"http://192.168.1.254/info/", Options{}, "254,1,168,192)/info", pySURT + " test_surt_ipaddress"},
	// javaKM's cases that pySURT does not have; both give these keys.
	{"dskgfljsdlkgjslkj", Options{}, "dskgfljsdlkgjslkj)/", javaKM},
	{"http://archive.org:/", Options{}, "org,archive)/", javaKM},
	{"https://34.203.211.192/robots.txt", Options{}, "192,211,203,34)/robots.txt", javaKM},
	{"https://[2600:1f18:200d:fb00:2b74:867c:ab0c:150a]/robots.txt", Options{}, "2600:1f18:200d:fb00:2b74:867c:ab0c:150a)/robots.txt", javaKM},
	{"http://1kr.ua/newslist.html?tag=%E4%EE%F8%EA%EE%EB%FC%ED%EE%E5", Options{}, "ua,1kr)/newslist.html?tag=%e4%ee%f8%ea%ee%eb%fc%ed%ee%e5", javaKM},
	{"http://www.aluroba.com/tags/%C3%CE%CA%C7%D1%E5%C7.htm", Options{}, "com,aluroba)/tags/%c3%ce%ca%c7%d1%e5%c7.htm", javaKM},
	{"https://www.insbase.ac/xoops2/modules/xpwiki/?%A4%D5%A4%AF%A4%AA%A4%AB%B8%A9%A4%AA%A4%AA%A4%CE%A4%B8%A4%E7%A4%A6%BB%D4", Options{},
		"ac,insbase)/xoops2/modules/xpwiki?%a4%d5%a4%af%a4%aa%a4%ab%b8%a9%a4%aa%a4%aa%a4%ce%a4%b8%a4%e7%a4%a6%bb%d4", javaKM},
	// The canonicalizers' own published cases (pySURT test_handyurl_parse,
	// test_DefaultIAURLCanonicalizer, test_IAURLCanonicalizer,
	// test_GoogleURLCanonicalizer), written as keys.
	{"http:////////////////www.vikings.com", Options{}, "com,vikings)/", pySURT + " test_handyurl_parse"},
	{"http://https://order.1and1.com", Options{}, "com,1and1,order)/", pySURT + " test_handyurl_parse"},
	{"http://mineral.galleries.com:/minerals/silicate/chabazit/chabazit.htm", Options{}, "com,galleries,mineral)/minerals/silicate/chabazit/chabazit.htm", pySURT + " test_handyurl_parse"},
	{"http://www.alexa.com/", Options{}, "com,alexa)/", pySURT + " test_DefaultIAURLCanonicalizer"},
	{"http://archive.org/index.html?b=b&a=b", Options{}, "org,archive)/index.html?a=b&b=b", pySURT + " test_DefaultIAURLCanonicalizer"},
	{"http://archive.org/index.html?b=a&b=b&a=b", Options{}, "org,archive)/index.html?a=b&b=a&b=b", pySURT + " test_DefaultIAURLCanonicalizer"},
	{"http://www34.archive.org/index.html?b=a&b=b&a=b", Options{}, "org,archive)/index.html?a=b&b=a&b=b", pySURT + " test_DefaultIAURLCanonicalizer"},
	{"http://ARCHIVE.ORG/", Options{}, "org,archive)/", pySURT + " test_IAURLCanonicalizer"},
	{"http://www.archive.org:80/", Options{}, "org,archive)/", pySURT + " test_IAURLCanonicalizer"},
	{"https://www.archive.org:80/", Options{}, "org,archive:80)/", pySURT + " test_IAURLCanonicalizer"},
	{"http://www.archive.org:443/", Options{}, "org,archive:443)/", pySURT + " test_IAURLCanonicalizer"},
	{"https://www.archive.org:443/", Options{}, "org,archive)/", pySURT + " test_IAURLCanonicalizer"},
	{"http://www.archive.org/big/", Options{}, "org,archive)/big", pySURT + " test_IAURLCanonicalizer"},
	{"http://host/%25%32%35", Options{}, "host)/%25", pySURT + " test_GoogleURLCanonicalizer"},
	{"http://3279880203/blah", Options{}, "11,0,127,195)/blah", pySURT + " test_GoogleURLCanonicalizer"},
	{"http://www.google.com/blah/..", Options{}, "com,google)/", pySURT + " test_GoogleURLCanonicalizer"},
	{"http://www.google.com.../", Options{}, "com,google)/", pySURT + " test_GoogleURLCanonicalizer"},
	{"  http://www.google.com/foo\tbar\rbaz\n2  ", Options{}, "com,google)/foobarbaz2", pySURT + " test_GoogleURLCanonicalizer"},
	{"http://host.com//twoslashes?more//slashes", Options{}, "com,host)/twoslashes?more//slashes", pySURT + " test_GoogleURLCanonicalizer"},
	{"http://www.gotaport.com:1234/", Options{}, "com,gotaport:1234)/", pySURT + " test_GoogleURLCanonicalizer"},
	{"http://host%23.com/%257Ea%2521b%2540c%2523d%2524e%25f%255E00%252611%252A22%252833%252944_55%252B", Options{}, "com,host%23)/~a!b@c%23d$e%25f^00&11*22(33)44_55+", pySURT + " test_GoogleURLCanonicalizer"},
	{"http://017.0.0.1/", Options{}, "1,0,0,15)/", pySURT + " test_attemptIPFormats"},
	{"http://10.0.258/", Options{}, "2,1,0,10)/", pySURT + " test_attemptIPFormats"},
	{"http://1.2.3.256/", Options{}, "256,3,2,1)/", pySURT + " test_attemptIPFormats (no address)"},
	{"http://39024579298/", Options{}, "226,210,11,22)/", pySURT + " test_attemptIPFormats"},
	{"http://a.com/(S(4hqa0555fwsecu455xqckv45))/mileg.aspx", Options{}, "com,a)/mileg.aspx", pySURT + " test_stripPathSessionID"},
	{"http://a.com/(4hqa0555fwsecu455xqckv45)/mileg.aspx", Options{}, "com,a)/mileg.aspx", pySURT + " test_stripPathSessionID"},
	{"http://a.com/(a(4hqa0555fwsecu455xqckv45)S(4hqa0555fwsecu455xqckv45)f(4hqa0555fwsecu455xqckv45))/mileg.aspx?page=sessionschedules", Options{}, "com,a)/mileg.aspx?page=sessionschedules", pySURT + " test_stripPathSessionID"},
	{"http://a.com/photos/36050182@N05/", Options{}, "com,a)/photos/36050182@n05", pySURT + " test_stripPathSessionID"},
	{"http://www.archive.org/movies/movies.php", heritrixOptions, "http://(org,archive,www,)/movies/movies.php", heritrix + " testMisc"},
	{"http://www.example.com/foo@bar", heritrixOptions, "http://(com,example,www,)/foo@bar", heritrix + " testAtSymbolInPath"},
	// Inputs of the web-platform-tests URL file (wpt_urltestdata_inputs in
	// the benchmark lists) on which this package once differed from the key
	// maker, with the keys surt.surt of internetarchive/surt @ 6934c32 gives
	// them: the path "/" of an http URL whose host is empty, the escapes
	// of the host in lowercase (the second canonicalizer lowercases the
	// escaped host), bytes that are not UTF-8 dropped before IDNA, a host
	// that IDNA maps to an empty label kept as it was, and the text of an
	// A-label host escaped once.
	{"/", Options{}, "http:/", pyRun},
	{"///", Options{}, "http:/", pyRun},
	{"http://user:pass@/", Options{}, "http:/", pyRun},
	{"http://ho%0Ast/", Options{}, "ho%0ast)/", pyRun},
	{"http://ho%7Fst/", Options{}, "ho%7fst)/", pyRun},
	{"https://example.com%80/", Options{}, "com,example)/", pyRun},
	{"ftp://example.com%A0/", Options{}, "com,example)/", pyRun},
	{"https://%C2%AD/", Options{}, "%c2%ad)/", pyRun},
	{"file://%C2%AD/p", Options{}, "%c2%ad)/p", pyRun},
	{"http://%ef%b7%90zyx.com", Options{}, "com,%ef%b7%90zyx)/", pyRun},
	{"http://%ef%bc%85%ef%bc%94%ef%bc%91.com", Options{}, "com,%2541)/", pyRun},
	// The benchmark lists' host-less file URLs with a query
	// (isaacs_files): the query is canonicalized as any other.
	{"file:///Users/isaacs/dev/tapjs/tapjs/src/config/dist/esm/index.js?tapmock=a1614fc8fa65ebf7.42f84edf9f8bebe3", Options{},
		"file:/users/isaacs/dev/tapjs/tapjs/src/config/dist/esm/index.js?tapmock=a1614fc8fa65ebf7.42f84edf9f8bebe3", pyRun},
	{"FILE:///X?B&a", Options{}, "FILE:/x?a&b", pyRun},
	// Tabs and newlines go before the scheme is looked for (found by
	// FuzzKey).
	{"A\t:\n", Options{}, "A:", pyRun},
	{"ht\ttp://www.x.com/a", Options{}, "com,x)/a", pyRun},
}

func TestKey(t *testing.T) {
	for _, c := range keyTests {
		got, err := c.o.Key(c.in)
		if err != nil || got != c.want {
			t.Errorf("%+v.Key(%q) = %q, %v; want %q (%s)", c.o, c.in, got, err, c.want, c.source)
		}
		// Key's promise: one allocation (the key) for a URL of up to
		// 1 KiB, when its host needs no IDNA.
		if len(c.in) > 1024 || !isASCII(keycanon.UnescapeRepeatedly([]byte(c.in))) {
			continue
		}
		if n := testing.AllocsPerRun(10, func() { got, _ = c.o.Key(c.in) }); n > 1 {
			t.Errorf("%+v.Key(%q): %v allocations, want at most 1", c.o, c.in, n)
		}
	}
}

// pySURT test_stripQuerySessionID, on "?" and the query; the key maker
// then lowercases and sorts, so the cases are checked on the stripping
// alone.
func TestStripQuerySessionID(t *testing.T) {
	const id32 = "0123456789abcdefghijklemopqrstuv"
	for _, c := range []struct{ in, want string }{
		{"jsessionid=" + id32, ""},
		{"jsessionid=" + id32 + "0", "jsessionid=" + id32 + "0"},
		{"jsessionid=" + id32 + "&x=y", "x=y"},
		{"one=two&jsessionid=" + id32 + "&x=y", "one=two&x=y"},
		{"one=two&jsessionid=" + id32, "one=two&"},
		{"aspsessionidABCDEFGH=ABCDEFGHIJKLMNOPQRSTUVWX&x=y", "x=y"},
		{"phpsessid=" + id32 + "&x=y", "x=y"},
		{"one=two&phpsessid=" + id32 + "&x=y", "one=two&x=y"},
		{"one=two&phpsessid=" + id32, "one=two&"},
		{"sid=9682993c8daa2c5497996114facdc805&x=y", "x=y"},
		{"sid=9682993c8daa2c5497996114facdc805&jsessionid=" + id32, ""},
		{"CFID=1169580&CFTOKEN=48630702&dtstamp=22%2F08%2F2006%7C06%3A58%3A11", "dtstamp=22%2F08%2F2006%7C06%3A58%3A11"},
		{"CFID=12412453&CFTOKEN=15501799&dt=19_08_2006_22_39_28", "dt=19_08_2006_22_39_28"},
		{"CFID=14475712&CFTOKEN=2D89F5AF-3048-2957-DA4EE4B6B13661AB&r=468710288378&m=forgotten", "r=468710288378&m=forgotten"},
		{"CFID=16603925&CFTOKEN=2AE13EEE-3048-85B0-56CEDAAB0ACA44B8", ""},
		{"CFID=4308017&CFTOKEN=63914124&requestID=200608200458360%2E39414378", "requestID=200608200458360%2E39414378"},
	} {
		if got := string(stripQuerySessionID([]byte(c.in))); got != c.want {
			t.Errorf("stripQuerySessionID(%q) = %q, want %q (%s test_stripQuerySessionID)", c.in, got, c.want, pySURT)
		}
	}
}

// pySURT test_alphaReorderQuery.
func TestSortQuery(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", ""}, {"a", "a"}, {"ab", "ab"}, {"a=1", "a=1"}, {"ab=1", "ab=1"},
		{"a=1&", "&a=1"}, {"a=1&b=1", "a=1&b=1"}, {"b=1&a=1", "a=1&b=1"},
		{"a=a&a=a", "a=a&a=a"}, {"a=b&a=a", "a=a&a=b"},
		{"b=b&a=b&b=a&a=a", "a=a&a=b&b=a&b=b"},
	} {
		if got := string(appendSortedQuery(nil, []byte(c.in))); got != c.want {
			t.Errorf("sort %q = %q, want %q (%s test_alphaReorderQuery)", c.in, got, c.want, pySURT)
		}
	}
}

// pySURT test_massageHost and test_hostToSURT.
func TestHost(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"foo.com", "foo.com"}, {"www.foo.com", "foo.com"}, {"www12.foo.com", "foo.com"},
		{"www2foo.com", "www2foo.com"}, {"www2.www2foo.com", "www2foo.com"},
	} {
		if got := massage(c.in); got != c.want {
			t.Errorf("massage(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	for _, c := range []struct{ in, want string }{
		{"www.archive.org", "org,archive,www"}, {"123.123.net", "net,123,123"},
		{"100.100.100.100.org", "org,100,100,100,100"}, {"123.45.167.89", "89,167,45,123"},
		{"10.162.1024.3", "3,1024,162,10"},
	} {
		if got := string(appendReversed(nil, []byte(c.in))); got != c.want {
			t.Errorf("reverse(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	// reverseLabels, in place, gives what appendReversed appends; empty
	// labels and escapes included (an escape is not a label boundary).
	for _, in := range []string{"", ".", "a", "a.", ".a", "a..b", "www.archive.org", "%2f.b%41.c", "10.162.1024.3"} {
		b := []byte(in)
		reverseLabels(b)
		if want := string(appendReversed(nil, []byte(in))); string(b) != want {
			t.Errorf("reverseLabels(%q) = %q, want %q", in, b, want)
		}
	}
	// The massage matches "www" in any case: AppendKey lowercases the
	// host after it.
	for _, c := range []struct{ in, want string }{
		{"WWW.foo.com", "foo.com"}, {"wWw7.Foo.com", "Foo.com"}, {"WWX.foo.com", "WWX.foo.com"}, {"ww", "ww"},
	} {
		if got := massage(c.in); got != c.want {
			t.Errorf("massage(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestKeyHostCase: the key of a host in upper case, with escapes, is that
// of the host lowercased: the www prefix goes in any case, the escapes'
// hexadecimal digits are lowercase, and the labels are reversed whole.
func TestKeyHostCase(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"http://WWW.Archive.ORG/About", "org,archive)/about"},
		{"http://WWW2.EX%41MPLE.com/", "com,example)/"},
		{"http://a%20b.Example.com/", "com,example,a%20b)/"},
		{"http://www.%7E.com/", "com,~)/"},
		{"%%%%", "%25%25%25%25)/"},
		{"http://1.2.3.4/x", "4,3,2,1)/x"},
	} {
		got, err := Options{}.Key(c.in)
		if err != nil || got != c.want {
			t.Errorf("Key(%q) = %q, %v, want %q", c.in, got, err, c.want)
		}
	}
}

func TestHostPrefix(t *testing.T) {
	for _, c := range []struct {
		host       string
		o          Options
		subdomains bool
		want       string
	}{
		{"www.archive.org", Options{}, false, "org,archive)"},
		{"www.archive.org", Options{KeepWWW: true}, false, "org,archive,www)"},
		{"archive.org", Options{TrailingComma: true}, false, "org,archive,)"},
		{"Archive.org", Options{}, true, "org,archive,"},
	} {
		if got := c.o.HostPrefix(c.host, c.subdomains); got != c.want {
			t.Errorf("%+v.HostPrefix(%q, %v) = %q, want %q", c.o, c.host, c.subdomains, got, c.want)
		}
		// Every key of a URL on the host begins with the prefix.
		k, _ := c.o.Key("http://" + c.host + "/x")
		if !c.subdomains && !strings.HasPrefix(k, c.want) {
			t.Errorf("key %q lacks prefix %q", k, c.want)
		}
	}
}

func TestKeyErrors(t *testing.T) {
	for _, in := range []string{"http://a:99999/", "http://a:8x/", "http://a:b:c/"} {
		_, err := Key(in)
		var e *Error
		if !errors.Is(err, ErrInvalidPort) || !errors.As(err, &e) || in[e.Offset-1] != ':' {
			t.Errorf("Key(%q) = %v, want ErrInvalidPort at the port", in, err)
		}
	}
}

// Repeated unescaping is linear: a long "%252525..." chain.
func TestUnescapeChainLinear(t *testing.T) {
	got, err := Key("http://host/%25" + strings.Repeat("25", 1<<20))
	if err != nil || got != "host)/%25" {
		t.Fatalf("Key(chain) = %.40q, %v", got, err)
	}
}

// The path session id rule on cases built from its regular expression
// ("^(.*/)(\([0-9a-z]{24}\)/)([^\?]+\.aspx.*)$"): the rest must hold
// ".aspx" after at least one byte, and of several ids the last goes.
func TestStripPathSessionIDRule(t *testing.T) {
	const id = "(4hqa0555fwsecu455xqckv45)"
	for _, c := range []struct{ in, want string }{
		{"/" + id + "/.aspx", "/" + id + "/.aspx"},
		{"/" + id + "/a.aspx", "/a.aspx"},
		{"/" + id + "/" + id + "/.aspx", "/" + id + "/.aspx"},
		{"/" + id + "/x/" + id + "/.aspx", "/x/" + id + "/.aspx"},
		{"/" + id + "/b", "/" + id + "/b"},
	} {
		if got := string(stripPathSessionID([]byte(c.in))); got != c.want {
			t.Errorf("stripPathSessionID(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// Inputs of a few megabytes built against each search: quadratic time
// would not finish.
func TestKeyLinearWorstCases(t *testing.T) {
	id := "(4hqa0555fwsecu455xqckv45)"
	for _, s := range []string{
		"http://a/" + strings.Repeat("/"+id, 50000) + "/x",
		"http://a/" + strings.Repeat("/(a"+id+")", 50000) + "/x.aspx",
		"http://a/?" + strings.Repeat("cfid=", 400000),
		"http://a/?" + strings.Repeat("cfid=x&cftoken=", 200000),
		"http://a/?" + strings.Repeat("jsessionid=", 200000),
		"http://a/?" + strings.Repeat("b=1&a=", 200000),
		"http://" + strings.Repeat("a.", 500000) + "/" + strings.Repeat("../x/", 200000),
		"http://a/" + strings.Repeat("%25", 500000),
	} {
		if _, err := Key(s); err != nil {
			t.Fatal(err)
		}
	}
}
