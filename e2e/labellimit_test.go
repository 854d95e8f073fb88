package e2e

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/ferret-go/uri"
	"github.com/ferret-go/uri/internal/shapes"
	"github.com/ferret-go/uri/whatwg"
)

// labelHosts are hosts at the bound of browsers' Punycode (ICU4C's
// u_strToPunycode takes at most 1000 UTF-16 code units, ICU-13727): a label
// of 999, 1000 and 1001 characters of the BMP (one unit each), of 499, 500
// and 501 outside it (two units each), ASCII and non-ASCII mixed, a mapping
// that lengthens the label (ﬀ to "ff"), and long ASCII "xn--" labels, which
// Chromium gives to no IDNA.
func labelHosts() map[string]string {
	rep := strings.Repeat
	run := shapes.Distinct
	return map[string]string{
		"é×999": rep("é", 999), "é×1000": rep("é", 1000), "é×1001": rep("é", 1001),
		"CJK×999": run(0x4e00, 999), "CJK×1000": run(0x4e00, 1000), "CJK×1001": run(0x4e00, 1001),
		"astral×499": run(0x20000, 499), "astral×500": run(0x20000, 500), "astral×501": run(0x20000, 501),
		"astral×1000":   run(0x20000, 1000),
		"a×999+é":       rep("a", 999) + "é",
		"a×1000+é":      rep("a", 1000) + "é",
		"ﬀ×499+é":       rep("\ufb00", 499) + "é",
		"ﬀ×500+é":       rep("\ufb00", 500) + "é",
		"É×1001":        rep("É", 1001),
		"é×1000.com":    rep("é", 1000) + ".com",
		"xn--a×3000":    "xn--" + rep("a", 3000) + ".com",
		"xn--9c+a×3000": "xn--9c" + rep("a", 3000) + ".com",
	}
}

// TestLabelLimitMatchesChromium: for each host, whatwg.Parse and
// uri.IDNABrowser.HostToASCII accept it exactly when Chromium's new URL()
// does, and then give Chromium's host name.
func TestLabelLimitMatchesChromium(t *testing.T) {
	browser := chromium()
	if browser == "" {
		if requireChromium(os.Getenv) {
			t.Fatal(noChromium)
		}
		t.Skip(noChromium)
	}
	ctx := headless(t, browser, 2*time.Minute)
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatal(err)
	}
	for name, host := range labelHosts() {
		in := "http://" + host + "/"
		// Chromium's host name, or "" when it fails.
		js := `(() => { try { return new URL(` + jsString(in) + `).hostname } catch (e) { return "" } })()`
		got, err := chromedp.Run(ctx, chromedp.Evaluate[string](js))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		u, err := whatwg.Parse(in)
		switch {
		case (err == nil) != (got != ""):
			t.Errorf("%s: Chromium gives %.40q, whatwg.Parse: %v", name, got, err)
		case err == nil && u.Hostname() != got:
			t.Errorf("%s: Chromium gives %.40q…, whatwg.Parse %.40q…", name, got, u.Hostname())
		}
		a, err := uri.IDNABrowser.HostToASCII(host)
		switch {
		case (err == nil) != (got != ""):
			t.Errorf("%s: Chromium gives %.40q, HostToASCII: %v", name, got, err)
		case err == nil && strings.ToLower(a) != got:
			t.Errorf("%s: Chromium gives %.40q…, HostToASCII %.40q…", name, got, a)
		}
	}

	// What whatwg's ErrLabelTooLong doc and SECURITY.md say of Chromium
	// and do not follow: it refuses a non-ASCII host of more than 1265
	// UTF-16 units in all, whatever its labels ("é." and 1263 "a" is the
	// longest it takes); whatwg.Parse takes both.
	for n, accepted := range map[int]bool{1263: true, 1264: false} {
		in := "http://é." + strings.Repeat("a", n) + "/"
		js := `(() => { try { return new URL(` + jsString(in) + `).hostname } catch (e) { return "" } })()`
		got, err := chromedp.Run(ctx, chromedp.Evaluate[string](js))
		if err != nil {
			t.Fatalf("whole host %d: %v", n, err)
		}
		if (got != "") != accepted {
			t.Errorf(`"é." and %d "a": Chromium accepts it: %v, the docs say %v`, n, got != "", accepted)
		}
		if _, err := whatwg.Parse(in); err != nil {
			t.Errorf(`"é." and %d "a": whatwg.Parse: %v, the docs say it takes it`, n, err)
		}
	}
}

// jsString writes s as a JavaScript string literal: a JSON string is one.
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
