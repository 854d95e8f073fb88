package idnspoof

import (
	"strings"
	"testing"
	"unicode"
)

// The expectations come from UTS #39 (the data files and the definitions
// of sections 3.1, 4 and 5) and the browsers' documented rules, cited on
// each group; a zero want is a label browsers show in Unicode.
var checkCases = []struct {
	label    string
	asciiTLD bool
	lvl      Level
	want     Problem // every bit must be found
	only     bool    // and no other
}{
	// Single script, or a combination of section 5.2's highly
	// restrictive level: shown.
	{"bücher", true, HighlyRestrictive, 0, true},
	{"中国", true, HighlyRestrictive, 0, true},
	{"例え", true, HighlyRestrictive, 0, true},
	{"日本語ドメイン", true, HighlyRestrictive, 0, true},
	{"ラーメン", true, HighlyRestrictive, 0, true},
	{"abc日本ドメインです", true, HighlyRestrictive, 0, true}, // Latin + Han + Hiragana + Katakana
	{"한국어中", true, HighlyRestrictive, 0, true},        // Han + Hangul
	{"abc한국어", true, HighlyRestrictive, 0, true},      // Latin + Hangul (+ Han)
	{"москва", true, HighlyRestrictive, 0, true},
	{"пример", false, HighlyRestrictive, 0, true},
	{"ελληνικά", true, HighlyRestrictive, 0, true},
	{"ไทย", true, HighlyRestrictive, 0, true},
	{"हिन्दी", true, HighlyRestrictive, 0, true},
	{"עברית", true, HighlyRestrictive, 0, true},
	{"a\u0301b", true, HighlyRestrictive, 0, true}, // Inherited mark on Latin
	{"example", true, HighlyRestrictive, 0, true},

	// Mixed scripts beyond the level (section 5.2).
	{"аpple", true, HighlyRestrictive, MixedScript, false},  // Cyrillic а, Latin pple
	{"gοogle", true, HighlyRestrictive, MixedScript, false}, // Greek ο
	{"аα", false, HighlyRestrictive, MixedScript, false},    // Cyrillic + Greek
	{"한국어カ", true, HighlyRestrictive, MixedScript, true},    // Hangul + Katakana
	{"aب", true, HighlyRestrictive, MixedScript, true},      // Latin + Arabic
	// Moderately restrictive allows Latin + one Recommended script
	// other than Cyrillic and Greek.
	{"aب", true, ModeratelyRestrictive, 0, true},
	{"аpple", true, ModeratelyRestrictive, MixedScript, false},
	{"gοogle", true, ModeratelyRestrictive, MixedScript, false},
	// Latin + Armenian passes the moderate level, but օ (U+0585) is a
	// mixed-script confusable of o: Chromium's rule 7 example
	// (crrev.com/382029).
	{"gօօgle", true, ModeratelyRestrictive, MixedScriptConfusable, true},
	{"gօօgle", true, HighlyRestrictive, MixedScript | MixedScriptConfusable, true},

	// Whole-script confusables with ASCII (section 4): "аррӏе" and
	// "сосо" are Cyrillic letters whose prototypes in confusables.txt
	// are a, p, l, e, c, o; ν and ο are Greek ones for v and o. Under a
	// non-ASCII top-level domain they are shown.
	{"аррӏе", true, HighlyRestrictive, WholeScriptConfusable, true},
	{"сосо", true, HighlyRestrictive, WholeScriptConfusable, true},
	{"νο", true, HighlyRestrictive, WholeScriptConfusable, true},
	{"аррӏе", false, HighlyRestrictive, 0, true},
	{"рф", true, HighlyRestrictive, 0, true},  // ф has no ASCII prototype
	{"бор", true, HighlyRestrictive, 0, true}, // б's prototype is the digit 6

	// Identifier_Status not Allowed (section 3.1): full-width letters,
	// soft hyphen, zero width space, a noncharacter, a symbol.
	{"ａｂ", true, HighlyRestrictive, NotAllowed, true},
	{"a\u00adb", true, HighlyRestrictive, NotAllowed, true},
	{"a\u200bb", true, HighlyRestrictive, NotAllowed, true},
	{"\ufdd0zyx", true, HighlyRestrictive, NotAllowed, true},
	{"a\u2665b", true, HighlyRestrictive, NotAllowed, true},
	{"a\xffb", true, HighlyRestrictive, NotAllowed, true},
	// Allowed by Unicode, not by Chromium (its allowed set).
	{"ʻokina", true, HighlyRestrictive, NotAllowed, true},
	{"ʼa", true, HighlyRestrictive, NotAllowed, true},
	{"ĸ", true, HighlyRestrictive, NotAllowed, true},
	{"l·", true, HighlyRestrictive, NotAllowed, true},
	{"·l", true, HighlyRestrictive, NotAllowed, false},
	{"col·legi", true, HighlyRestrictive, 0, true},
	// A letter of a script that is not Recommended still mixes.
	{"aᚠb", true, HighlyRestrictive, NotAllowed | MixedScript, true}, // Runic
	{"ᚠᚢ", true, HighlyRestrictive, NotAllowed, true},
	{"ａｂ", true, HighlyRestrictive, NotAllowed, true}, // full-width Latin
	{"ａб", true, HighlyRestrictive, NotAllowed | MixedScript, true},

	// Deviation characters (UTS #46, section 2.3).
	{"faß", true, HighlyRestrictive, Deviation, true},
	{"ας", true, HighlyRestrictive, Deviation, true},
	{"a\u200db", true, HighlyRestrictive, Deviation, false},
	{"نامه\u200cای", true, HighlyRestrictive, Deviation, false},

	// Hidden marks (section 5.4; Chromium's dangerous patterns).
	{"a\u0301\u0301b", true, HighlyRestrictive, HiddenMark, true},
	{"á\u0301b", true, HighlyRestrictive, HiddenMark, true}, // NFD: a + U+0301 twice
	{"i\u0307", true, HighlyRestrictive, HiddenMark, true},
	{"l\u0307", true, HighlyRestrictive, HiddenMark, true},
	{"ı\u0300", true, HighlyRestrictive, HiddenMark, true},
	{"a\u0300\u0301\u0302\u0303\u0304", true, HighlyRestrictive, HiddenMark, true},

	// Mixed numbering systems (section 5.3).
	{"क1१", true, HighlyRestrictive, MixedNumbers, true},
	{"१२३", true, HighlyRestrictive, 0, true},

	// Kana posing as punctuation (Chromium's dangerous patterns).
	{"aノb", true, HighlyRestrictive, KanaPunctuation, true},
	{"ーab", true, HighlyRestrictive, KanaPunctuation, true},
	{"aーb", true, HighlyRestrictive, KanaPunctuation, true},
	{"カノン", true, HighlyRestrictive, 0, true},
	{"カへカ", true, HighlyRestrictive, KanaPunctuation, true}, // Hiragana へ among Katakana
	{"のヘの", true, HighlyRestrictive, KanaPunctuation, true}, // Katakana ヘ among Hiragana
	{"カヘカ", true, HighlyRestrictive, 0, true},
	{"のへの", true, HighlyRestrictive, 0, true},
}

func TestCheck(t *testing.T) {
	for _, c := range checkCases {
		v := Check(c.label, c.asciiTLD, c.lvl)
		if v.Problems&c.want != c.want || c.only && v.Problems != c.want {
			t.Errorf("Check(%+q, asciiTLD %v, level %d) = %v, want %v", c.label, c.asciiTLD, c.lvl, v.Problems, c.want)
		}
	}
}

// TestBopomofo: Latin with Han and Bopomofo is a highly restrictive
// combination (section 5.2): the characters other than Latin resolve to
// Han with Bopomofo. But Unicode 15.1 made the Bopomofo letters
// Limited_Use (IdentifierType.txt), so not Allowed.
func TestBopomofo(t *testing.T) {
	want := Problem(0)
	if UnicodeVersion != "15.0.0" {
		want = NotAllowed
	}
	if got := Check("ab中文ㄅㄆ", true, HighlyRestrictive).Problems; got&want != want || want == 0 && got != 0 {
		t.Errorf("Check(ab中文ㄅㄆ) = %v, want %v (Unicode %s)", got, want, UnicodeVersion)
	}
	if !allowedMix(scHanb, HighlyRestrictive) {
		t.Errorf("Han with Bopomofo is not an allowed mix")
	}
}

func TestScripts(t *testing.T) {
	for _, c := range []struct {
		label string
		want  string
	}{
		{"аpple", "Cyrillic,Latin"},
		{"abc日本ドメインです", "Han,Hiragana,Katakana,Latin"},
		{"123-", ""},
		{"ａ", "Latin"},
		{"aᚠ", "Latin,Runic"},
	} {
		if got := strings.Join(Check(c.label, true, HighlyRestrictive).Scripts(), ","); got != c.want {
			t.Errorf("Scripts(%q) = %q, want %q", c.label, got, c.want)
		}
	}
}

func TestTLDIsASCII(t *testing.T) {
	for host, want := range map[string]bool{
		"example.com": true, "example.com.": true, "com": true, "": true,
		"a.xn--p1ai": false, "a.XN--P1AI.": false, "a.рф": false, "xn--p1ai.com": true,
	} {
		if got := TLDIsASCII(host); got != want {
			t.Errorf("TLDIsASCII(%q) = %v, want %v", host, got, want)
		}
	}
}

// TestTablesAgainstGo checks the generated tables against Go's unicode
// package where both hold the same Unicode version: every allowed
// character of one script has that script in its set.
func TestTablesAgainstGo(t *testing.T) {
	if unicode.Version != UnicodeVersion {
		t.Skipf("unicode.Version %s, tables %s", unicode.Version, UnicodeVersion)
	}
	byName := map[string]*unicode.RangeTable{}
	for i, name := range scriptNames {
		if tab, ok := unicode.Scripts[strings.ReplaceAll(name, " ", "_")]; ok {
			byName[name] = tab
		} else if name != "Han with Bopomofo" && name != "Japanese" && name != "Korean" {
			t.Errorf("script %d %q unknown to Go", i, name)
		}
	}
	for _, s := range allowedSpans {
		for r := s.lo; r <= s.lo+rune(s.n); r++ {
			set := scriptSets[s.set]
			if unicode.In(r, unicode.Common, unicode.Inherited) {
				continue
			}
			if set == all {
				t.Errorf("U+%04X: Common or Inherited in the tables only", r)
				continue
			}
			found := false
			for i, name := range scriptNames {
				if set&(1<<i) != 0 && byName[name] != nil && unicode.Is(byName[name], r) {
					found = true
				}
			}
			if !found {
				t.Errorf("U+%04X: its Go script is not in its set %#x", r, set)
			}
		}
	}
}

// TestLookalikes checks asciiLookalikes against the UTS #39 examples and
// the Cyrillic letters that Chromium and Firefox list as Latin look-alikes.
func TestLookalikes(t *testing.T) {
	for _, r := range "асеорхуіјѕһӏ" + "αιονυ" + "օսհ" {
		if !isLookalike(r) {
			t.Errorf("%c U+%04X is not a look-alike", r, r)
		}
	}
	for _, r := range "фжщдлпбз" + "βδλπτ" + "中日ア" + "abc" {
		if isLookalike(r) {
			t.Errorf("%c U+%04X is a look-alike", r, r)
		}
	}
}

// FuzzCheck: Check never panics, an ASCII label has no problem, and a
// label that mixes Latin letters with Cyrillic or Greek ones (by Go's own
// script tables) is never safe.
func FuzzCheck(f *testing.F) {
	for _, c := range checkCases {
		f.Add(c.label)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v := Check(s, true, HighlyRestrictive)
		_ = Check(s, false, ModeratelyRestrictive)
		_ = v.Scripts()
		_ = v.Problems.String()
		var latin, cyrlGrek, nonASCII bool
		for _, r := range s {
			latin = latin || unicode.Is(unicode.Latin, r)
			cyrlGrek = cyrlGrek || unicode.In(r, unicode.Cyrillic, unicode.Greek)
			nonASCII = nonASCII || r >= 0x80
		}
		if !nonASCII && !v.Safe() {
			t.Fatalf("ASCII %q: %v", s, v.Problems)
		}
		if latin && cyrlGrek && v.Safe() {
			t.Fatalf("%q mixes Latin with Cyrillic or Greek and is safe", s)
		}
	})
}
