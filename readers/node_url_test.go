package readers

import "testing"

// nodeURLTable: each expected value is what the real parser gave, run by
// oracles/node_url/read.js under Node v20.20.2, url.parse (legacy), the
// input's bytes as latin1, the components in UTF-8; an error row is what
// url.parse threw.
var nodeURLTable = []tableCase{
	// Node 20 documentation, url: the legacy urlObject example and url.parse notes
	{in: "https://user:pass@sub.example.com:8080/p/a/t/h?query=string#hash", want: fields{scheme: s("https"), userinfo: s("user:pass"), host: s("sub.example.com"), port: s("8080"), path: s("/p/a/t/h"), query: s("query=string"), fragment: s("hash")}},
	{in: "http://[::1]:8080/", want: fields{scheme: s("http"), host: s("[::1]"), port: s("8080"), path: s("/")}},
	{in: "//foo/bar", want: fields{path: s("//foo/bar")}},
	{in: "/foo/bar?x=1", want: fields{path: s("/foo/bar"), query: s("x=1")}},
	{in: "http://a b.com/", want: fields{scheme: s("http"), host: s("a"), path: s("%20b.com/")}},
	{in: "http://%41@a/", want: fields{scheme: s("http"), userinfo: s("A"), host: s("a"), path: s("/")}},
	{in: "http://%ff@a/", err: true}, // URIError
	{in: "http://a.com:x/", want: fields{scheme: s("http"), host: s("a.com"), path: s("/:x/")}},
	{in: "HTTP:foo@bar/", want: fields{scheme: s("http"), userinfo: s("foo"), host: s("bar"), path: s("/")}},
	{in: "javascript://a/b", want: fields{scheme: s("javascript"), path: s("//a/b")}},
	// Claroty and Snyk 2022, "Exploiting URL Parsing Confusion": backslash before "@"
	{in: "http://google.com:80\\@evil.com/", want: fields{scheme: s("http"), host: s("google.com"), port: s("80"), path: s("/@evil.com/")}},
	{in: "http://evil.com\\@google.com/", want: fields{scheme: s("http"), host: s("evil.com"), path: s("/@google.com/")}},
	{in: "http://evil.com;@google.com/", want: fields{scheme: s("http"), userinfo: s("evil.com;"), host: s("google.com"), path: s("/")}},
	{in: "http:/\\evil.com/", want: fields{scheme: s("http"), host: s("evil.com"), path: s("/")}},
	{in: "http:\\\\evil.com/", want: fields{scheme: s("http"), host: s("evil.com"), path: s("/")}},
	{in: "///evil.com/", want: fields{path: s("///evil.com/")}},
	{in: "http:///evil.com/", want: fields{scheme: s("http"), host: s(""), path: s("/evil.com/")}},
	{in: "http:evil.com/", want: fields{scheme: s("http"), path: s("evil.com/")}},
	{in: "http://[::1]:80:81/", err: true}, // ERR_INVALID_URL
	{in: "http://a%00b/", want: fields{scheme: s("http"), host: s("a"), path: s("%00b/")}},
	{in: "http://a\x00b/", want: fields{scheme: s("http"), host: s("a"), path: s("/")}},
	{in: "\x00http://evil.com/", want: fields{scheme: s("http"), host: s("evil.com"), path: s("/")}},
	{in: " \x01http://evil.com/ ", want: fields{scheme: s("http"), host: s("evil.com"), path: s("/")}},
	{in: "http://evil.com\t.google.com/", want: fields{scheme: s("http"), host: s("evil.com.google.com"), path: s("/")}},
	{in: "ht\ttp://a/\r\n", want: fields{path: s("ht%09tp://a/")}},
	{in: "java\nscript:alert(1)", want: fields{path: s("java%0Ascript:alert(1)")}},
	{in: "http://google.com#@evil.com/", want: fields{scheme: s("http"), host: s("google.com"), path: s("/"), fragment: s("@evil.com/")}},
	{in: "http://google.com?@evil.com/", want: fields{scheme: s("http"), host: s("google.com"), path: s("/"), query: s("@evil.com/")}},
	{in: "http://1.1.1.1 &@2.2.2.2# @3.3.3.3/", want: fields{scheme: s("http"), userinfo: s("1.1.1.1 &"), host: s("2.2.2.2"), path: s("/"), fragment: s("%20@3.3.3.3/")}},
	{in: "http://google.com%2f@evil.com/", want: fields{scheme: s("http"), userinfo: s("google.com/"), host: s("evil.com"), path: s("/")}},
	{in: "http://a@b@c/", want: fields{scheme: s("http"), userinfo: s("a@b"), host: s("c"), path: s("/")}},
	{in: "http://u:p@h:80@x/", want: fields{scheme: s("http"), userinfo: s("u:p@h:80"), host: s("x"), path: s("/")}},
	{in: "http://a:b@c:d@e/", want: fields{scheme: s("http"), userinfo: s("a:b@c:d"), host: s("e"), path: s("/")}},
	{in: "http://[evil.com]/", want: fields{scheme: s("http"), host: s("[evil.com]"), path: s("/")}},
	{in: "http://a[b]/", err: true}, // ERR_INVALID_URL
	{in: "http://[v1.x]/", want: fields{scheme: s("http"), host: s("[v1.x]"), path: s("/")}},
	{in: "http://[::ffff:1.2.3.4]/", want: fields{scheme: s("http"), host: s("[::ffff:1.2.3.4]"), path: s("/")}},
	{in: "http://[fe80::1%25eth0]/", err: true},    // ERR_INVALID_URL
	{in: "http://[FE80::A%eTh0]:8080/", err: true}, // ERR_INVALID_URL
	{in: "http://[1.2.3.4]/", want: fields{scheme: s("http"), host: s("[1.2.3.4]"), path: s("/")}},
	{in: "http://[::1]x/", err: true}, // ERR_INVALID_URL
	{in: "http://x[::1]/", err: true}, // ERR_INVALID_URL
	{in: "http://EXAMPLE.COM:0080/", want: fields{scheme: s("http"), host: s("example.com"), port: s("0080"), path: s("/")}},
	{in: "http://a:65535/", want: fields{scheme: s("http"), host: s("a"), port: s("65535"), path: s("/")}},
	{in: "http://a:65536/", want: fields{scheme: s("http"), host: s("a"), port: s("65536"), path: s("/")}},
	{in: "http://a:+80/", want: fields{scheme: s("http"), host: s("a"), path: s("/:+80/")}},
	{in: "http://a:-1/", want: fields{scheme: s("http"), host: s("a"), path: s("/:-1/")}},
	{in: "http://a:0x50/", want: fields{scheme: s("http"), host: s("a"), path: s("/:0x50/")}},
	{in: "http://a:８０/", want: fields{scheme: s("http"), host: s("a"), path: s("/:ï¼\u0098ï¼\u0090/")}},
	{in: "http://a:/", want: fields{scheme: s("http"), host: s("a"), path: s("/")}},
	{in: "http://:80/", want: fields{scheme: s("http"), host: s(""), port: s("80"), path: s("/")}},
	{in: "http://@/", want: fields{scheme: s("http"), userinfo: s(""), host: s(""), path: s("/")}},
	{in: "http://user:@a/", want: fields{scheme: s("http"), userinfo: s("user:"), host: s("a"), path: s("/")}},
	{in: "http://ｅｘａｍｐｌｅ.com/", err: true}, // ERR_INVALID_URL
	{in: "http://evil℀.com/", err: true},   // ERR_INVALID_URL
	{in: "http://a／b/", err: true},         // ERR_INVALID_URL
	{in: "http://bücher.DE/", want: fields{scheme: s("http"), host: s("xn--b14cher-xwa2143e.de"), path: s("/")}},
	{in: "http://\xff\xfe/", want: fields{scheme: s("http"), host: s("xn--vdab"), path: s("/")}},
	{in: "HTTP://A.B/", want: fields{scheme: s("http"), host: s("a.b"), path: s("/")}},
	{in: "1http://a/", want: fields{scheme: s("1http"), host: s("a"), path: s("/")}},
	{in: "h+t-t.p://a/", want: fields{scheme: s("h+t-t.p"), host: s("a"), path: s("/")}},
	{in: "h_t://a/", want: fields{path: s("h_t://a/")}},
	{in: "://a/", want: fields{path: s("://a/")}},
	{in: "localhost:8080/x", want: fields{scheme: s("localhost"), host: s("8080"), path: s("/x")}},
	{in: "//user@host:1/p", want: fields{userinfo: s("user"), host: s("host"), port: s("1"), path: s("/p")}},
	{in: "mailto:a@b.c", want: fields{scheme: s("mailto"), userinfo: s("a"), host: s("b.c")}},
	{in: "file:///etc/passwd", want: fields{scheme: s("file"), host: s(""), path: s("/etc/passwd")}},
	{in: "data:text/html,<script>", want: fields{scheme: s("data"), host: s("text"), path: s("/html,%3Cscript%3E")}},
	{in: "", want: fields{}},
	{in: "?", want: fields{query: s("")}},
	{in: "#", want: fields{fragment: s("")}},
	// IDNA in Node's toASCII binding: xn-- labels, NUL after the conversion, latin1 bytes
	{in: "http://xn--abc-/", want: fields{scheme: s("http"), host: s("xn--abc-"), path: s("/")}},
	{in: "http://xn--a/", err: true},  // ERR_INVALID_URL
	{in: "http://a.xn--/", err: true}, // ERR_INVALID_URL
	{in: "http://xn--pple-43d.com/", want: fields{scheme: s("http"), host: s("xn--pple-43d.com"), path: s("/")}},
	{in: "http://a\x00b/", want: fields{scheme: s("http"), host: s("a"), path: s("/")}},
	{in: "http://\x00\xe9w/", want: fields{scheme: s("http"), host: s("xn--"), path: s("/")}},
	{in: "http://\xe9.com/", want: fields{scheme: s("http"), host: s("xn--9ca.com"), path: s("/")}},
	{in: "http://\xa0a/", err: true}, // ERR_INVALID_URL
	{in: "http://a\xadb/", want: fields{scheme: s("http"), host: s("ab"), path: s("/")}},
	{in: "http://\xbc/", want: fields{scheme: s("http"), host: s("xn--14-c6t"), path: s("/")}},
}

func TestNodeURLTable(t *testing.T) { checkTable(t, "node_url", NodeURL, nodeURLTable) }

func FuzzNodeURL(f *testing.F) { fuzzReader(f, "node_url", NodeURL, nodeURLTable) }
