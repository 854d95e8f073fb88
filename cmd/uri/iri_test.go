package main

import "testing"

func TestToURI(t *testing.T) {
	runCmdTests(t, []cmdTest{
		// RFC 3987, section 3.1's examples.
		{"rfc", "", []string{"to-uri", "http://r\u00e9sum\u00e9.example.org", "http://www.example.org/red%09ros\u00e9#red",
			"http://example.com/\U00010300\U00010301\U00010302"},
			"http://xn--rsum-bpad.example.org\nhttp://www.example.org/red%09ros%C3%A9#red\nhttp://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82\n", "", 0},
		{"ascii", "http://a/b?c#d\n", []string{"to-uri"}, "http://a/b?c#d\n", "", 0},
		{"idna error", "", []string{"to-uri", "http://a\u200db.example/"}, "",
			`http://a\u200db.example/: uri: IDNA: label "a\u200db" breaks the CONTEXTJ rule for U+200D (RFC 5892, Appendix A.1 and A.2) in host at offset 7` + "\n", 1},
		{"lookup", "", []string{"to-uri", "--idna", "lookup", "http://a_\u00e9.example/"}, "",
			`http://a_\u00e9.example/: uri: IDNA: label "a_é" breaks the STD3 ASCII rules: U+005F (_) is not a letter, digit or hyphen (UTS #46, section 4, step 1; RFC 1123) in host at offset 7` + "\n", 1},
		{"browser", "", []string{"to-uri", "--idna=browser", "http://a_\u00e9.example/"}, "http://xn--a_-cja.example/\n", "", 0},
		{"not utf-8", "", []string{"to-uri", "http://a/\xff"}, "", `http://a/\xff: uri: invalid UTF-8 in path at offset 9` + "\n", 1},
		{"zone", "", []string{"to-uri", "--zone", "http://[fe80::1%25en1]/\u00e9"}, "http://[fe80::1%25en1]/%C3%A9\n", "", 0},
		{"rule", "", []string{"to-uri", "--rule", "absolute", "\u00e9", "s:\u00e9#x"}, "",
			"\\u00e9: uri: missing scheme at offset 0\ns:\\u00e9#x: uri: fragment not allowed in an absolute URI at offset 4\n", 1},
		{"json", "", []string{"to-uri", "--json", "//\u4f8b/"}, `{"input":"//例/","ok":true,"result":"//xn--fsq/"}` + "\n", "", 0},
	})
}

func TestToIRI(t *testing.T) {
	runCmdTests(t, []cmdTest{
		// RFC 3987, section 3.2.1's examples.
		{"rfc", "", []string{"to-iri", "http://www.example.org/D%C3%BCrst", "http://www.example.org/D%FCrst", "http://xn--99zt52a.example.org/%e2%80%ae"},
			"http://www.example.org/D\u00fcrst\nhttp://www.example.org/D%FCrst\nhttp://\u7d0d\u8c46.example.org/%E2%80%AE\n", "", 0},
		{"reserved", "http://a/%2F%C3%A9%20\n", []string{"to-iri"}, "http://a/%2F\u00e9%20\n", "", 0},
		{"rejected", "", []string{"to-iri", "http://a/\u00e9"}, "", "http://a/\\u00e9: uri: invalid character '\u00e9' in path at offset 9\n", 1},
		{"json", "", []string{"to-iri", "--json", "//xn--fsq/%E2%82%AC"}, `{"input":"//xn--fsq/%E2%82%AC","ok":true,"result":"//例/€"}` + "\n", "", 0},
		// Browsers show mixed-script and whole-script confusable labels
		// as A-labels (UTS #39, sections 4 and 5.2; Chromium's and
		// Firefox's IDN display policies); "bücher" is shown.
		{"homograph", "", []string{"to-iri", "http://xn--pple-43d.com/", "http://xn--80ak6aa92e.com/", "http://xn--bcher-kva.example/"},
			"http://xn--pple-43d.com/\nhttp://xn--80ak6aa92e.com/\nhttp://b\u00fccher.example/\n", "", 0},
	})
}

func TestRepair(t *testing.T) {
	runCmdTests(t, []cmdTest{
		{"lines", " http://example.com/a b?c|d#e#f \nhttp://ok/\nhttp://r\u00e9sum\u00e9.example.org/\u00e9\n", []string{"repair"},
			"http://example.com/a%20b?c%7Cd#e%23f\nhttp://ok/\nhttp://xn--rsum-bpad.example.org/%C3%A9\n", "", 0},
		// Where a browser goes (URL Standard, authority state: "\" ends
		// the authority of a special URL), or an error where it goes
		// nowhere (a space is a forbidden domain code point); with
		// --rfc3986, RFC 3986's reading.
		{"destination", "", []string{"repair", `http://evil.com\@good.com/`, "http://0x7f.1/", " http://exa mple.com/"},
			"http://evil.com/@good.com/\nhttp://127.0.0.1/\n",
			" http://exa mple.com/: uri: the URL Standard rejects it (a browser goes nowhere): domain-invalid-code-point in host at offset 11\n", 1},
		{"destination json", "", []string{"repair", "--json", `http://evil.com\@good.com/`},
			`{"input":"http://evil.com\\@good.com/","ok":true,"result":"http://evil.com/@good.com/","changes":[{"offset":15,"component":"path","old":"\\","new":"/","reason":"slash"}]}` + "\n", "", 0},
		{"rfc3986", "", []string{"repair", "--rfc3986", `http://evil.com\@good.com/`, "http://exa mple.com/"},
			"http://evil.com%5C@good.com/\nhttp://exa%20mple.com/\n", "", 0},
		{"explain", "", []string{"repair", "--explain", "http://a/b c", "http://a/"},
			"http://a/b%20c\n  offset 10: path: \" \" -> \"%20\" (encoded a character no component allows)\nhttp://a/\n", "", 0},
		{"rejected", "", []string{"repair", "http://a:8x/ y"}, "", "http://a:8x/ y: uri: the URL Standard rejects it (a browser goes nowhere): port-invalid in port at offset 10\n", 1},
		{"rejected rfc3986", "", []string{"repair", "--rfc3986", "http://a:8x/ y"}, "", "http://a:8x/ y: uri: invalid character 'x' in port at offset 10\n", 1},
		{"json", "", []string{"repair", "--json", " http://a/b c", "http://[::g]/"},
			`{"input":" http://a/b c","ok":true,"result":"http://a/b%20c","changes":[{"offset":0,"component":"URI reference","old":" ","new":"","reason":"trim"},{"offset":11,"component":"path","old":" ","new":"%20","reason":"encode"}]}` + "\n" +
				`{"input":"http://[::g]/","ok":false,"error":"uri: the URL Standard rejects it (a browser goes nowhere): IPv6-invalid-code-point in host at offset 10","offset":10}` + "\n", "", 1},
		{"json idna", "", []string{"repair", "--json", "//\u00e9/"},
			`{"input":"//é/","ok":true,"result":"//xn--9ca/","changes":[{"offset":2,"component":"host","old":"é","new":"xn--9ca","reason":"idna"}]}` + "\n", "", 0},
		// Without a scheme, against a page of https (URL Standard,
		// relative slash state: a second "/" or "\" begins the
		// authority), or against --base: of a scheme that is not
		// special, "\" is a path's code point.
		{"scheme-relative", "", []string{"repair", `//evil.com\@good.com/`, `/\evil.com/`, `\\evil.com/x`, "/a b"},
			"//evil.com/@good.com/\n//evil.com/\n//evil.com/x\n/a%20b\n", "", 0},
		{"base", "", []string{"repair", "--base", "foo://h/", `//evil.com\@good.com/`, `/\evil.com/`},
			"//evil.com%5C@good.com/\n/%5Cevil.com/\n", "", 0},
		{"base rejected", "", []string{"repair", "--base", "foo://h/", "--rfc3986", "/a"}, "", "uri repair: --base and --rfc3986 exclude each other: RFC 3986 reads a reference without a base\nUsage: uri repair [--json] [--explain] [--rfc3986 | --base url] [--rule rule] [--zone] [--idna profile] [--max-line n] [-j n] [input...]\nRun \"uri repair --help\" for more.\n", 2},
		{"base invalid", "", []string{"repair", "--base", "/rel", "/a"}, "", "uri repair: invalid --base: whatwg: parse \"/rel\": missing-scheme-non-relative-URL at offset 0\nUsage: uri repair [--json] [--explain] [--rfc3986 | --base url] [--rule rule] [--zone] [--idna profile] [--max-line n] [-j n] [input...]\nRun \"uri repair --help\" for more.\n", 2},
		// Zones are RFC 6874's, which browsers reject.
		{"zone", "", []string{"repair", "--rfc3986", "--zone", "http://[fe80::1%eth0]/a b"}, "http://[fe80::1%eth0]/a%20b\n", "", 0},
	})
}

func TestParseIRIAndZone(t *testing.T) {
	runCmdTests(t, []cmdTest{
		{"iri json", "", []string{"parse", "--iri", "--json", "http://\u4f8b.jp/\u00e9?q=\ue000#\"x"},
			`{"input":"http://例.jp/é?q=` + "\ue000" + `#\"x","ok":false,"error":"uri: invalid character '\"' in fragment at offset 23","offset":23}` + "\n", "", 1},
		{"iri json ok", "", []string{"parse", "--iri", "--json", "s://\u00fc@\u4f8b.jp/\u00e9?\ue000"},
			`{"input":"s://ü@例.jp/é?` + "\ue000" + `","ok":true,"scheme":"s","userinfo":"ü","host":"例.jp","host_type":"reg-name","port":null,"path":"/é","segments":["","é"],"query":"` + "\ue000" + `","fragment":null}` + "\n", "", 0},
		{"iri text", "", []string{"parse", "--iri", "http://\u4f8b.jp/a\u200db"},
			"  http://\u4f8b.jp/a\\u200db\n  \\__/   \\___/\\_______/\n    |      |      |\nscheme authority path\n" +
				"scheme     \"http\"\nauthority  \"\u4f8b.jp\"\nuserinfo   (absent)\nhost       \"\u4f8b.jp\" (reg-name)\nport       (absent)\n" +
				"path       \"/a\\u200db\"\nsegments   [\"\", \"a\\u200db\"]\nquery      (absent)\nfragment   (absent)\n", "", 0},
		{"no iri", "", []string{"parse", "--json", "http://\u4f8b.jp/"}, `{"input":"http://例.jp/","ok":false,"error":"uri: invalid character '例' in host at offset 7","offset":7}` + "\n", "", 1},
		{"zone", "", []string{"parse", "--json", "--zone", "http://[fe80::1%25en1]/"},
			`{"input":"http://[fe80::1%25en1]/","ok":true,"scheme":"http","userinfo":null,"host":"[fe80::1%25en1]","host_type":"ipv6","port":null,"path":"/","segments":["",""],"query":null,"fragment":null}` + "\n", "", 0},
		{"no zone", "", []string{"check", "http://[fe80::1%25en1]/"}, "", "http://[fe80::1%25en1]/: uri: invalid IPv6 literal in host at offset 15\n", 1},
		{"check zone", "", []string{"check", "--zone", "http://[fe80::1%25en1]/", "http://[::1%25]x]/"}, "", "http://[::1%25]x]/: uri: invalid IPv6 literal in host at offset 11\n", 1},
		{"resolve zone", "", []string{"resolve", "--zone", "http://[fe80::1%en1]/a/b", "../c"}, "http://[fe80::1%en1]/c\n", "", 0},
	})
}
