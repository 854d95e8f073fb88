package readers

import "testing"

// phpTable: each expected value is what the real parser gave, run by
// oracles/php/read.php under Debian 12's php8.2-cli 8.2.36 (PHP 8.2.36),
// parse_url; an error row is parse_url returning false.
var phpTable = []tableCase{
	// PHP manual, parse_url: Example #1 and the notes on relative and broken URLs
	{in: "http://username:password@hostname:9090/path?arg=value#anchor", want: fields{scheme: s("http"), userinfo: s("username:password"), host: s("hostname"), port: s("9090"), path: s("/path"), query: s("arg=value"), fragment: s("anchor")}},
	{in: "//www.example.com/path?googleguy=googley", want: fields{host: s("www.example.com"), path: s("/path"), query: s("googleguy=googley")}},
	{in: "http:///example.com", err: true}, // parse_url returned false
	{in: "http://:80", err: true},          // parse_url returned false
	{in: "http://user@:80", err: true},     // parse_url returned false
	{in: "/path/to/file.php?x=1", want: fields{path: s("/path/to/file.php"), query: s("x=1")}},
	// parse_url's host-and-port guesses, strtol ports, file: drive letters, empty query and fragment
	{in: "a.com:80", want: fields{host: s("a.com"), port: s("80")}},
	{in: "a.com:80/x", want: fields{host: s("a.com"), port: s("80"), path: s("/x")}},
	{in: "a_b:80/x", want: fields{host: s("a_b"), port: s("80"), path: s("/x")}},
	{in: "a_b:0/x", want: fields{host: s("a_b"), port: s("0"), path: s("/x")}},
	{in: "a.com:123456", want: fields{scheme: s("a.com"), path: s("123456")}},
	{in: "a.com:x", want: fields{scheme: s("a.com"), path: s("x")}},
	{in: ":80", err: true}, // parse_url returned false
	{in: ":", err: true},   // parse_url returned false
	{in: "http://a: 8/", want: fields{scheme: s("http"), host: s("a"), port: s("8"), path: s("/")}},
	{in: "http://a:8a/", want: fields{scheme: s("http"), host: s("a"), port: s("8"), path: s("/")}},
	{in: "http://a:-0/", want: fields{scheme: s("http"), host: s("a"), port: s("0"), path: s("/")}},
	{in: "http://a:+80/", want: fields{scheme: s("http"), host: s("a"), port: s("80"), path: s("/")}},
	{in: "http://a:123456/", err: true}, // parse_url returned false
	{in: "http://a:00080/", want: fields{scheme: s("http"), host: s("a"), port: s("80"), path: s("/")}},
	{in: "file:///c:/x", want: fields{scheme: s("file"), path: s("c:/x")}},
	{in: "file:///x", want: fields{scheme: s("file"), path: s("/x")}},
	{in: "FILE:///c:/x", want: fields{scheme: s("FILE"), path: s("c:/x")}},
	{in: "http:/x", want: fields{scheme: s("http"), path: s("/x")}},
	{in: "http:", want: fields{scheme: s("http")}},
	{in: "http://a/?", want: fields{scheme: s("http"), host: s("a"), path: s("/"), query: s("")}},
	{in: "http://a/#", want: fields{scheme: s("http"), host: s("a"), path: s("/"), fragment: s("")}},
	{in: "http://a\x7fb/\x01?\x1f#\x00", want: fields{scheme: s("http"), host: s("a_b"), path: s("/_"), query: s("_"), fragment: s("_")}},
	{in: "http://[::1]", want: fields{scheme: s("http"), host: s("[::1]")}},
	{in: "http://[::1]:8080/", want: fields{scheme: s("http"), host: s("[::1]"), port: s("8080"), path: s("/")}},
	{in: "http://u:p:q@[::1]x:1/", want: fields{scheme: s("http"), userinfo: s("u:p:q"), host: s("[::1]x"), port: s("1"), path: s("/")}},
	// Claroty and Snyk 2022, "Exploiting URL Parsing Confusion": backslash before "@"
	{in: "http://google.com:80\\@evil.com/", want: fields{scheme: s("http"), userinfo: s("google.com:80\\"), host: s("evil.com"), path: s("/")}},
	{in: "http://evil.com\\@google.com/", want: fields{scheme: s("http"), userinfo: s("evil.com\\"), host: s("google.com"), path: s("/")}},
	{in: "http://evil.com;@google.com/", want: fields{scheme: s("http"), userinfo: s("evil.com;"), host: s("google.com"), path: s("/")}},
	{in: "http:/\\evil.com/", want: fields{scheme: s("http"), path: s("/\\evil.com/")}},
	{in: "http:\\\\evil.com/", want: fields{scheme: s("http"), path: s("\\\\evil.com/")}},
	{in: "///evil.com/", err: true},      // parse_url returned false
	{in: "http:///evil.com/", err: true}, // parse_url returned false
	{in: "http:evil.com/", want: fields{scheme: s("http"), path: s("evil.com/")}},
	{in: "http://[::1]:80:81/", want: fields{scheme: s("http"), host: s("[::1]:80"), port: s("81"), path: s("/")}},
	{in: "http://a%00b/", want: fields{scheme: s("http"), host: s("a%00b"), path: s("/")}},
	{in: "http://a\x00b/", want: fields{scheme: s("http"), host: s("a_b"), path: s("/")}},
	{in: "\x00http://evil.com/", want: fields{path: s("_http://evil.com/")}},
	{in: " \x01http://evil.com/ ", want: fields{path: s(" _http://evil.com/ ")}},
	{in: "http://evil.com\t.google.com/", want: fields{scheme: s("http"), host: s("evil.com_.google.com"), path: s("/")}},
	{in: "ht\ttp://a/\r\n", want: fields{path: s("ht_tp://a/__")}},
	{in: "java\nscript:alert(1)", want: fields{path: s("java_script:alert(1)")}},
	{in: "http://google.com#@evil.com/", want: fields{scheme: s("http"), host: s("google.com"), fragment: s("@evil.com/")}},
	{in: "http://google.com?@evil.com/", want: fields{scheme: s("http"), host: s("google.com"), query: s("@evil.com/")}},
	{in: "http://1.1.1.1 &@2.2.2.2# @3.3.3.3/", want: fields{scheme: s("http"), userinfo: s("1.1.1.1 &"), host: s("2.2.2.2"), fragment: s(" @3.3.3.3/")}},
	{in: "http://google.com%2f@evil.com/", want: fields{scheme: s("http"), userinfo: s("google.com%2f"), host: s("evil.com"), path: s("/")}},
	{in: "http://a@b@c/", want: fields{scheme: s("http"), userinfo: s("a@b"), host: s("c"), path: s("/")}},
	{in: "http://u:p@h:80@x/", want: fields{scheme: s("http"), userinfo: s("u:p@h:80"), host: s("x"), path: s("/")}},
	{in: "http://a:b@c:d@e/", want: fields{scheme: s("http"), userinfo: s("a:b@c:d"), host: s("e"), path: s("/")}},
	{in: "http://[evil.com]/", want: fields{scheme: s("http"), host: s("[evil.com]"), path: s("/")}},
	{in: "http://a[b]/", want: fields{scheme: s("http"), host: s("a[b]"), path: s("/")}},
	{in: "http://[v1.x]/", want: fields{scheme: s("http"), host: s("[v1.x]"), path: s("/")}},
	{in: "http://[::ffff:1.2.3.4]/", want: fields{scheme: s("http"), host: s("[::ffff:1.2.3.4]"), path: s("/")}},
	{in: "http://[fe80::1%25eth0]/", want: fields{scheme: s("http"), host: s("[fe80::1%25eth0]"), path: s("/")}},
	{in: "http://[FE80::A%eTh0]:8080/", want: fields{scheme: s("http"), host: s("[FE80::A%eTh0]"), port: s("8080"), path: s("/")}},
	{in: "http://[1.2.3.4]/", want: fields{scheme: s("http"), host: s("[1.2.3.4]"), path: s("/")}},
	{in: "http://[::1]x/", want: fields{scheme: s("http"), host: s("[:"), port: s("1"), path: s("/")}},
	{in: "http://x[::1]/", want: fields{scheme: s("http"), host: s("x[:"), port: s("1"), path: s("/")}},
	{in: "http://EXAMPLE.COM:0080/", want: fields{scheme: s("http"), host: s("EXAMPLE.COM"), port: s("80"), path: s("/")}},
	{in: "http://a:65535/", want: fields{scheme: s("http"), host: s("a"), port: s("65535"), path: s("/")}},
	{in: "http://a:65536/", err: true}, // parse_url returned false
	{in: "http://a:+80/", want: fields{scheme: s("http"), host: s("a"), port: s("80"), path: s("/")}},
	{in: "http://a:-1/", err: true}, // parse_url returned false
	{in: "http://a:0x50/", want: fields{scheme: s("http"), host: s("a"), port: s("0"), path: s("/")}},
	{in: "http://a:８０/", err: true}, // parse_url returned false
	{in: "http://a:/", want: fields{scheme: s("http"), host: s("a"), path: s("/")}},
	{in: "http://:80/", err: true}, // parse_url returned false
	{in: "http://@/", err: true},   // parse_url returned false
	{in: "http://user:@a/", want: fields{scheme: s("http"), userinfo: s("user:"), host: s("a"), path: s("/")}},
	{in: "http://ｅｘａｍｐｌｅ.com/", want: fields{scheme: s("http"), host: s("ｅｘａｍｐｌｅ.com"), path: s("/")}},
	{in: "http://evil℀.com/", want: fields{scheme: s("http"), host: s("evil℀.com"), path: s("/")}},
	{in: "http://a／b/", want: fields{scheme: s("http"), host: s("a／b"), path: s("/")}},
	{in: "http://bücher.DE/", want: fields{scheme: s("http"), host: s("bücher.DE"), path: s("/")}},
	{in: "http://\xff\xfe/", want: fields{scheme: s("http"), host: s("\xff\xfe"), path: s("/")}},
	{in: "HTTP://A.B/", want: fields{scheme: s("HTTP"), host: s("A.B"), path: s("/")}},
	{in: "1http://a/", want: fields{scheme: s("1http"), host: s("a"), path: s("/")}},
	{in: "h+t-t.p://a/", want: fields{scheme: s("h+t-t.p"), host: s("a"), path: s("/")}},
	{in: "h_t://a/", want: fields{path: s("h_t://a/")}},
	{in: "://a/", want: fields{path: s("://a/")}},
	{in: "localhost:8080/x", want: fields{host: s("localhost"), port: s("8080"), path: s("/x")}},
	{in: "//user@host:1/p", want: fields{userinfo: s("user"), host: s("host"), port: s("1"), path: s("/p")}},
	{in: "mailto:a@b.c", want: fields{scheme: s("mailto"), path: s("a@b.c")}},
	{in: "file:///etc/passwd", want: fields{scheme: s("file"), path: s("/etc/passwd")}},
	{in: "data:text/html,<script>", want: fields{scheme: s("data"), path: s("text/html,<script>")}},
	{in: "", want: fields{path: s("")}},
	{in: "?", want: fields{query: s("")}},
	{in: "#", want: fields{fragment: s("")}},
}

func TestPHPTable(t *testing.T) { checkTable(t, "php", PHP, phpTable) }

func FuzzPHP(f *testing.F) { fuzzReader(f, "php", PHP, phpTable) }
