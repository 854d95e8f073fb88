package e2e

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/chromedp/chromedp"

	"github.com/ferret-go/uri"
)

// idnHosts are host names (as IRIs) whose display the test compares with
// Chromium's: scripts mixed and not, whole-script confusables, deviation
// characters, hidden marks, numbering systems, kana look-alikes.
var idnHosts = []string{
	"bücher.example", "中国.cn", "例え.テスト", "日本語ドメイン.jp", "ひらがなカタカナ漢字abc.jp",
	"한국어中.kr", "москва.рф", "аррӏе.рф", "ελληνικά.gr", "résumé.example",
	"аpple.com", "аррӏе.com", "сосо.com", "gοogle.com", "gօօgle.com", "한국어カ.kr",
	"a\u0301\u0301.example", "i\u0307.example", "क1१.example", "aノb.example", "ーab.example",
	"カーム.jp", "νο.com", "бор.com", "bücher.аpple.com", "xn--zz.example", "ab中文.example",
	"αβγ.example", "ไทย.example", "हिन्दी.example", "עברית.example", "пример.example",
	"a\u00e9\u0301.example", "نامه\u200cای.example",
	"col·legi.cat", "l·.com", "ʼa.com", "ʻokina.com", "ĸ.com", "ə.com", "ǂ.com", "ʔa.com",
	"ŋ.com", "ħ.com", "ı.com", "ſ.com", "カヘカ.jp", "のへの.jp", "カへカ.jp", "のヘの.jp",
	"ヶ丘.jp", "々.jp", "ー.jp", "ヘヘ.jp", "中国ab.com", "中国аб.com", "한국어abc.kr",
	"ab\u0300.com", "ı\u0300.com", "२०२०.in", "๑.th", "ᴀ.com", "þorn.is", "ð.is",
	"ıstanbul.com", "café.com", "øl.no", "ɡoogle.com", "סו.com", "וס.com", "օս.com",
	"հօ.com", "օ.com", "ο.com", "αο.com", "ჿ.com", "ყ.com", "๐.com", "ဝ.com", "०.com", "ഠ.com",
}

// newerData are hosts whose display follows the Unicode version of the
// tables: Unicode 15.1 made Bopomofo letters Limited_Use and 16.0 made
// letters of African languages (ǝ, ɛ, ɔ, ƒ) Allowed. Chromium 156's data
// are newer than Unicode 15.0 (Go 1.26); with Go 1.27 (Unicode 17) they
// must agree.
var newerData = []string{"ㄅㄆ.tw", "ǝ.com", "ɛ.com", "ɔ.com", "ƒ.com"}

// stricter are hosts that Display deliberately keeps as A-labels where
// Chromium shows them in Unicode, and why.
var stricter = map[string]string{
	// Chromium (non-transitional since M110 or so) shows ß and ς; the
	// A-label stays, since IDNA2003 and transitional readers map them
	// to "ss" and "σ", another name (UTS #46, section 2.3).
	"faß.de": "deviation character ß",
	"σος.gr": "deviation character ς",
	// Chromium shows Latin-alike Cyrillic labels under the top-level
	// domains of Cyrillic-writing countries; every ASCII one keeps them.
	"аррӏе.ru": "whole-script confusable under an ASCII top-level domain",
	"сосо.ru":  "whole-script confusable under an ASCII top-level domain",
	"νο.gr":    "whole-script confusable under an ASCII top-level domain",
	// Chromium checks whole-script confusables for some scripts only;
	// UTS #39, section 4 and confusables.txt make these Latin-alike
	// (alef and heh as "l" and "o", the Lao digit zero as "o").
	"اه.com": "whole-script confusable of Arabic letters",
	"໐.com":  "whole-script confusable of a Lao digit",
}

// bidiEmbedding strips the directional embeddings (U+202A to U+202E) that
// Chromium puts around a right-to-left title.
var bidiEmbedding = strings.NewReplacer("\u202a", "", "\u202b", "", "\u202c", "", "\u202d", "", "\u202e", "")

// TestDisplayMatchesChromium checks uri.URI.Display's host against the
// host Chromium shows for the same URL: the title of a page that has none
// is the URL as Chromium formats it for people (url_formatter::FormatUrl,
// which applies Chromium's IDN spoof checks). Every host resolves to a
// local server (--host-resolver-rules).
func TestDisplayMatchesChromium(t *testing.T) {
	browser := chromium()
	if browser == "" {
		if os.Getenv("URI_E2E_REQUIRE_CHROMIUM") != "" {
			t.Fatal("Chromium is not installed and URI_E2E_REQUIRE_CHROMIUM is set")
		}
		t.Skip("Chromium is not installed (set CHROMIUM to its path)")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "<!doctype html><p>no title</p>")
	})}
	go srv.Serve(ln)
	defer srv.Close()

	ctx := headless(t, browser, 5*time.Minute,
		chromedp.Flag("host-resolver-rules", "MAP * "+ln.Addr().String()),
	)

	hosts := append([]string(nil), idnHosts...)
	for h := range stricter {
		hosts = append(hosts, h)
	}
	if unicode.Version >= "16" {
		hosts = append(hosts, newerData...)
	} else {
		t.Logf("Unicode %s: not comparing %q, whose display depends on newer data", unicode.Version, newerData)
	}
	for _, h := range hosts {
		u, err := uri.MustParseIRI("http://" + h + "/").ToURI()
		if err != nil {
			if !strings.HasPrefix(h, "xn--") {
				t.Errorf("ToURI(%q): %v", h, err)
				continue
			}
			u = uri.MustParse("http://" + h + "/")
		}
		if err := chromedp.Do(ctx, chromedp.Navigate(u.String())); err != nil {
			t.Errorf("navigate to %s: %v", u, err)
			continue
		}
		title := ""
		targets, err := chromedp.Targets(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, info := range targets {
			if info.Type == "page" && info.URL == u.String() {
				title = bidiEmbedding.Replace(info.Title)
			}
		}
		display := strings.TrimSuffix(strings.TrimPrefix(u.Display(), "http://"), "/")
		if why, ok := stricter[h]; ok {
			if title != h || display != u.Host() {
				t.Errorf("%s (%s), kept an A-label for its %s: Chromium shows %q, Display %q", h, u, why, title, display)
			}
			continue
		}
		if title != display {
			t.Errorf("%s (%s): Chromium shows %q, Display %q", h, u, title, display)
		}
	}
}
