package readers

import "testing"

// pythonTable: each expected value is what the real parser gave, run by
// oracles/python/read.py under Debian 12's /usr/bin/python3 3.11.2
// (3.11.2-6+deb12u6), urllib.parse.urlsplit and its hostname and port
// properties; the comment after an error row is Python's ValueError.
var pythonTable = []tableCase{
	// Python 3.11 documentation, urllib.parse: urlparse and urlsplit examples
	{in: "scheme://netloc/path;parameters?query#fragment", want: fields{scheme: s("scheme"), host: s("netloc"), path: s("/path;parameters"), query: s("query"), fragment: s("fragment")}},
	{in: "http://docs.python.org:80/3/library/urllib.parse.html?highlight=params#url-parsing", want: fields{scheme: s("http"), host: s("docs.python.org"), port: s("80"), path: s("/3/library/urllib.parse.html"), query: s("highlight=params"), fragment: s("url-parsing")}},
	{in: "//www.cwi.nl:80/%7Eguido/Python.html", want: fields{host: s("www.cwi.nl"), port: s("80"), path: s("/%7Eguido/Python.html")}},
	{in: "www.cwi.nl/%7Eguido/Python.html", want: fields{path: s("www.cwi.nl/%7Eguido/Python.html")}},
	{in: "help/Python.html", want: fields{path: s("help/Python.html")}},
	{in: "http://www.cwi.nl:80/%7Eguido/Python.html", want: fields{scheme: s("http"), host: s("www.cwi.nl"), port: s("80"), path: s("/%7Eguido/Python.html")}},
	{in: "https://user:password@www.Python.org:443/doc/?q#f", want: fields{scheme: s("https"), userinfo: s("user:password"), host: s("www.python.org"), port: s("443"), path: s("/doc/"), query: s("q"), fragment: s("f")}},
	// Claroty and Snyk 2022, "Exploiting URL Parsing Confusion": backslash before "@"
	{in: "http://google.com:80\\@evil.com/", want: fields{scheme: s("http"), userinfo: s("google.com:80\\"), host: s("evil.com"), path: s("/")}},
	{in: "http://evil.com\\@google.com/", want: fields{scheme: s("http"), userinfo: s("evil.com\\"), host: s("google.com"), path: s("/")}},
	{in: "http://evil.com;@google.com/", want: fields{scheme: s("http"), userinfo: s("evil.com;"), host: s("google.com"), path: s("/")}},
	{in: "http:/\\evil.com/", want: fields{scheme: s("http"), path: s("/\\evil.com/")}},
	{in: "http:\\\\evil.com/", want: fields{scheme: s("http"), path: s("\\\\evil.com/")}},
	{in: "///evil.com/", want: fields{path: s("/evil.com/")}},
	{in: "http:///evil.com/", want: fields{scheme: s("http"), path: s("/evil.com/")}},
	{in: "http:evil.com/", want: fields{scheme: s("http"), path: s("evil.com/")}},
	{in: "http://[::1]:80:81/", err: true}, // Port could not be cast to integer value as '80:81'
	{in: "http://a%00b/", want: fields{scheme: s("http"), host: s("a%00b"), path: s("/")}},
	{in: "http://a\x00b/", want: fields{scheme: s("http"), host: s("a\x00b"), path: s("/")}},
	{in: "\x00http://evil.com/", want: fields{scheme: s("http"), host: s("evil.com"), path: s("/")}},
	{in: " \x01http://evil.com/ ", want: fields{scheme: s("http"), host: s("evil.com"), path: s("/ ")}},
	{in: "http://evil.com\t.google.com/", want: fields{scheme: s("http"), host: s("evil.com.google.com"), path: s("/")}},
	{in: "ht\ttp://a/\r\n", want: fields{scheme: s("http"), host: s("a"), path: s("/")}},
	{in: "java\nscript:alert(1)", want: fields{scheme: s("javascript"), path: s("alert(1)")}},
	{in: "http://google.com#@evil.com/", want: fields{scheme: s("http"), host: s("google.com"), fragment: s("@evil.com/")}},
	{in: "http://google.com?@evil.com/", want: fields{scheme: s("http"), host: s("google.com"), query: s("@evil.com/")}},
	{in: "http://1.1.1.1 &@2.2.2.2# @3.3.3.3/", want: fields{scheme: s("http"), userinfo: s("1.1.1.1 &"), host: s("2.2.2.2"), fragment: s(" @3.3.3.3/")}},
	{in: "http://google.com%2f@evil.com/", want: fields{scheme: s("http"), userinfo: s("google.com%2f"), host: s("evil.com"), path: s("/")}},
	{in: "http://a@b@c/", want: fields{scheme: s("http"), userinfo: s("a@b"), host: s("c"), path: s("/")}},
	{in: "http://u:p@h:80@x/", want: fields{scheme: s("http"), userinfo: s("u:p@h:80"), host: s("x"), path: s("/")}},
	{in: "http://a:b@c:d@e/", want: fields{scheme: s("http"), userinfo: s("a:b@c:d"), host: s("e"), path: s("/")}},
	{in: "http://[evil.com]/", err: true}, // 'evil.com' does not appear to be an IPv4 or IPv6 address
	{in: "http://a[b]/", err: true},       // Invalid IPv6 URL
	{in: "http://[v1.x]/", want: fields{scheme: s("http"), host: s("v1.x"), path: s("/")}},
	{in: "http://[::ffff:1.2.3.4]/", want: fields{scheme: s("http"), host: s("[::ffff:1.2.3.4]"), path: s("/")}},
	{in: "http://[fe80::1%25eth0]/", want: fields{scheme: s("http"), host: s("[fe80::1%25eth0]"), path: s("/")}},
	{in: "http://[FE80::A%eTh0]:8080/", want: fields{scheme: s("http"), host: s("[fe80::a%eTh0]"), port: s("8080"), path: s("/")}},
	{in: "http://[1.2.3.4]/", err: true}, // An IPv4 address cannot be in brackets
	{in: "http://[::1]x/", err: true},    // Invalid IPv6 URL
	{in: "http://x[::1]/", err: true},    // Invalid IPv6 URL
	{in: "http://EXAMPLE.COM:0080/", want: fields{scheme: s("http"), host: s("example.com"), port: s("80"), path: s("/")}},
	{in: "http://a:65535/", want: fields{scheme: s("http"), host: s("a"), port: s("65535"), path: s("/")}},
	{in: "http://a:65536/", err: true}, // Port out of range 0-65535
	{in: "http://a:+80/", err: true},   // Port could not be cast to integer value as '+80'
	{in: "http://a:-1/", err: true},    // Port could not be cast to integer value as '-1'
	{in: "http://a:0x50/", err: true},  // Port could not be cast to integer value as '0x50'
	{in: "http://a:８０/", err: true},    // Port could not be cast to integer value as '８０'
	{in: "http://a:/", want: fields{scheme: s("http"), host: s("a"), path: s("/")}},
	{in: "http://:80/", want: fields{scheme: s("http"), port: s("80"), path: s("/")}},
	{in: "http://@/", want: fields{scheme: s("http"), userinfo: s(""), path: s("/")}},
	{in: "http://user:@a/", want: fields{scheme: s("http"), userinfo: s("user:"), host: s("a"), path: s("/")}},
	{in: "http://ｅｘａｍｐｌｅ.com/", want: fields{scheme: s("http"), host: s("ｅｘａｍｐｌｅ.com"), path: s("/")}},
	{in: "http://evil℀.com/", err: true}, // netloc 'evil℀.com' contains invalid characters under NFKC normalization
	{in: "http://a／b/", err: true},       // netloc 'a／b' contains invalid characters under NFKC normalization
	{in: "http://bücher.DE/", want: fields{scheme: s("http"), host: s("bücher.de"), path: s("/")}},
	{in: "http://\xff\xfe/", want: fields{scheme: s("http"), host: s("\xff\xfe"), path: s("/")}},
	{in: "HTTP://A.B/", want: fields{scheme: s("http"), host: s("a.b"), path: s("/")}},
	{in: "1http://a/", want: fields{path: s("1http://a/")}},
	{in: "h+t-t.p://a/", want: fields{scheme: s("h+t-t.p"), host: s("a"), path: s("/")}},
	{in: "h_t://a/", want: fields{path: s("h_t://a/")}},
	{in: "://a/", want: fields{path: s("://a/")}},
	{in: "localhost:8080/x", want: fields{scheme: s("localhost"), path: s("8080/x")}},
	{in: "//user@host:1/p", want: fields{userinfo: s("user"), host: s("host"), port: s("1"), path: s("/p")}},
	{in: "mailto:a@b.c", want: fields{scheme: s("mailto"), path: s("a@b.c")}},
	{in: "file:///etc/passwd", want: fields{scheme: s("file"), path: s("/etc/passwd")}},
	{in: "data:text/html,<script>", want: fields{scheme: s("data"), path: s("text/html,<script>")}},
	{in: "", want: fields{}},
	{in: "?", want: fields{}},
	{in: "#", want: fields{}},
}

func TestPythonTable(t *testing.T) { checkTable(t, "python", Python, pythonTable) }
