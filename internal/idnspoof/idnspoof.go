// Package idnspoof decides whether a domain label may be shown to people
// in Unicode, or must stay an A-label ("xn--..."), by the IDN display
// policy that browsers follow. [uri.URI.ToIRI] (and so Display) and lint's
// mixed-script and confusable findings ask it; it is the one place that
// holds the rules.
//
// A label is shown in Unicode only when [Check] finds no [Problem]:
//
//   - Identifier profile (UTS #39, section 3.1): every character has
//     Identifier_Status Allowed (IdentifierStatus.txt). This keeps out
//     symbols, compatibility characters, uncommon and obsolete scripts,
//     and invisible characters other than ZWJ and ZWNJ. Chromium
//     (docs/idn.md, "Google Chrome's IDN policy": characters outside
//     IdentifierStatus=Allowed) and Firefox (nsIDNService::isLabelSafe:
//     characters outside the identifier profile) do the same. Like
//     Chromium, ĸ, ʻ, ʼ and a middle dot "·" that is not between two l's
//     are not allowed either.
//   - Deviation characters: ß, ς, ZWJ and ZWNJ, which IDNA2003 and
//     transitional processing map to other characters than IDNA2008 does
//     (UTS #46, section 2.3), so that one text names two hosts, keep the
//     A-label. This is stricter than Chromium today: Chromium 156 shows
//     "faß.de" and "σος.gr" in Unicode (it keeps ZWNJ and ZWJ labels as
//     A-labels); Chromium's rule 9 of crrev.com/382029 kept all four as
//     punycode while it used transitional processing. The e2e module's
//     TestDisplayMatchesChromium checks both facts.
//   - Restriction level (UTS #39, section 5.2): the label is Single Script
//     or, at [HighlyRestrictive], mixes Latin only with Han and the
//     Japanese kana, with Han and Bopomofo, or with Han and Hangul; at
//     [ModeratelyRestrictive] also Latin with one other Recommended script
//     than Cyrillic or Greek. Scripts are the augmented Script_Extensions
//     sets of section 5.1. Browsers use the highly restrictive level:
//     Chromium's spoof checker since 2017 (crrev.com/fd34ee8, "Change the
//     script mixing policy to highly restrictive"), and Firefox's default
//     network.IDN.restriction_profile is "high" (modules/libpref/init/
//     StaticPrefList / all.js; "moderate" was its default before Firefox
//     57, bug 1399939). Display asks for HighlyRestrictive.
//   - Mixed numbers (UTS #39, section 5.3): decimal digits of more than one
//     numbering system (Chromium, docs/idn.md; Firefox isLabelSafe).
//   - Hidden marks (UTS #39, section 5.4): the same nonspacing mark twice
//     in a row or more than four in a row (after NFD), U+0307 DOT ABOVE
//     after i, j, l or ı, any of U+0300..U+0339 after ı or after a letter
//     that is not Latin, Greek or Cyrillic (Chromium's "dangerous
//     patterns", components/url_formatter/spoof_checks/
//     idn_spoof_checker.cc).
//   - Confusables (UTS #39, section 4), against ASCII letters only (as
//     Chromium's list of Latin-alike Cyrillic letters, which has no б for
//     "6"): a whole-script confusable with
//     ASCII, a single-script label of another script whose every letter
//     has a skeleton of ASCII letters ("аррӏе"), under an
//     ASCII top-level domain (under ".рф" a Cyrillic label is what the
//     domain holds; Chromium shows Latin-alike Cyrillic labels only under
//     Cyrillic top-level domains, Firefox checks Cyrillic-Latin
//     confusables likewise); and a mixed-script confusable, a label that
//     mixes scripts and one of whose scripts it writes only in such
//     letters ("g〇〇gle"), under any top-level domain (Chromium keeps the
//     mixed-script confusable check on, crrev.com/382029, rule 7).
//   - Kana that pose as punctuation (Chromium's dangerous patterns): ノ, ン,
//     ソ, ゾ between characters that are not Han or kana (a "/"), ー at the
//     start or after a character that is not kana (a "-"), ヽ and ヾ at the
//     start or after a character that is not Katakana, ・ next to an ASCII
//     letter (a "."), Hiragana へ, べ, ぺ in a label otherwise of Katakana
//     and Katakana ヘ, ベ, ペ in one otherwise of Hiragana.
//
// Not done here: Chromium's comparison of skeletons with the top 10,000
// domains (which needs its list), its per-TLD lists of scripts (it shows
// Latin-alike Cyrillic under .ru and Greek under .gr, which stay A-labels
// here, as every whole-script confusable under an ASCII top-level domain,
// of any script: Chromium checks some scripts only, and shows "اه.com"),
// and its own lists of Latin-alike letters beyond confusables.txt (it keeps
// "ւօ.com", Armenian, as an A-label; this package shows it).
//
// The data are Unicode's: IdentifierStatus.txt and confusables.txt (UTS
// #39), Scripts.txt, ScriptExtensions.txt and PropertyValueAliases.txt
// (the UCD), of the Unicode version of the Go toolchain's tables
// ([UnicodeVersion]: 15.0.0 before Go 1.27, 17.0.0 from it, as
// golang.org/x/net/idna). gen.go writes them as tables*.go; the files
// are under the Unicode License v3 (https://www.unicode.org/license.txt).
// The checked-in tables were made from the copies that Unicode's own tools
// repository carries verbatim (github.com/unicode-org/unicodetools,
// commit 2c1309ab2ac1, unicodetools/data/security/VERSION and
// unicodetools/data/ucd/VERSION), with Go 1.26, whose NFD (used for
// skeletons) is Unicode 15.0.
package idnspoof

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/ferret-go/uri/internal/ascii"
)

//go:generate go run gen.go -version 15.0.0
//go:generate go run gen.go -version 17.0.0

// scriptSet is a set of scripts, one bit each (the sc* constants of the
// tables); all is the set of a Common or Inherited character.
type scriptSet uint64

const all = ^scriptSet(0)

// span is a run of allowed code points, lo to lo+n, of one script set.
type span struct {
	lo  rune
	n   uint16
	set uint8
}

// lookup returns the augmented script set of r (UTS #39, section 5.1) and
// whether r's Identifier_Status is Allowed.
func lookup(r rune) (scriptSet, bool) {
	lo, hi := 0, len(allowedSpans)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		s := &allowedSpans[m]
		switch {
		case r < s.lo:
			hi = m
		case r > s.lo+rune(s.n):
			lo = m + 1
		default:
			return scriptSets[s.set], true
		}
	}
	return 0, false
}

// isLookalike reports whether r is one of asciiLookalikes.
func isLookalike(r rune) bool {
	lo, hi := 0, len(asciiLookalikes)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if asciiLookalikes[m] < r {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo < len(asciiLookalikes) && asciiLookalikes[lo] == r
}

// Level is a restriction level of UTS #39, section 5.2.
type Level uint8

const (
	// HighlyRestrictive: one script, or Latin with Han and Hiragana and
	// Katakana, with Han and Bopomofo, or with Han and Hangul. Browsers
	// use it (see the package comment).
	HighlyRestrictive Level = iota
	// ModeratelyRestrictive: as HighlyRestrictive, or Latin with one
	// other Recommended script than Cyrillic and Greek.
	ModeratelyRestrictive
)

// Problem is a set of reasons why a label is not shown in Unicode.
type Problem uint16

const (
	// NotAllowed: a character whose Identifier_Status is not Allowed
	// (UTS #39, section 3.1), or invalid UTF-8.
	NotAllowed Problem = 1 << iota
	// Deviation: ß, ς, ZWJ or ZWNJ (UTS #46, section 2.3).
	Deviation
	// MixedScript: scripts mixed beyond the restriction level (UTS #39,
	// section 5.2).
	MixedScript
	// MixedNumbers: digits of more than one numbering system (UTS #39,
	// section 5.3).
	MixedNumbers
	// HiddenMark: a combining mark that may not show (UTS #39, section
	// 5.4; Chromium's dangerous patterns).
	HiddenMark
	// WholeScriptConfusable: a label of another script written wholly in
	// letters that look like ASCII ones (UTS #39, section 4).
	WholeScriptConfusable
	// MixedScriptConfusable: a label mixing scripts, one of them written
	// only in letters that look like ASCII ones (UTS #39, section 4).
	MixedScriptConfusable
	// KanaPunctuation: a kana or Han character that poses as "/", "-" or
	// ".", or a kana of the other syllabary (Chromium's dangerous
	// patterns).
	KanaPunctuation
)

var problemNames = [...]string{"not-allowed", "deviation", "mixed-script", "mixed-numbers",
	"hidden-mark", "whole-script-confusable", "mixed-script-confusable", "kana-punctuation"}

// String names the problems, comma-separated.
func (p Problem) String() string {
	var names []string
	for i, n := range problemNames {
		if p&(1<<i) != 0 {
			names = append(names, n)
		}
	}
	return strings.Join(names, ",")
}

// Verdict is what [Check] finds in a label.
type Verdict struct {
	Problems Problem
	scripts  scriptSet // the scripts of the label's letters, for Scripts
	other    string    // the script of a letter outside the tables' scripts
}

// Safe reports whether the label may be shown in Unicode.
func (v Verdict) Safe() bool { return v.Problems == 0 }

// Scripts names the scripts of the label's characters that belong to one
// script (a character of Common or Inherited, or of several scripts by
// Script_Extensions, names none), in alphabetical order of their codes,
// then the script (by Go's unicode tables) of a letter of a script that
// no allowed character has.
func (v Verdict) Scripts() []string {
	var names []string
	for i, n := range scriptNames {
		if v.scripts&(1<<i) != 0 {
			names = append(names, n)
		}
	}
	if v.other != "" {
		names = append(names, v.other)
	}
	return names
}

// augmentation are the bits UTS #39, section 5.1 adds to Han, kana,
// Hangul and Bopomofo characters.
const augmentation = scHanb | scJpan | scKore

// in reports whether the script set s of a character names one of the
// scripts of bits: false for a Common or Inherited character.
func in(s, bits scriptSet) bool { return s != all && s&bits != 0 }

// Check decides whether label, a U-label (IDNA-mapped: lowercase, NFC),
// may be shown in Unicode at the restriction level lvl. asciiTLD tells
// whether the label's domain name ends in an ASCII top-level domain, under
// which a whole-script confusable with ASCII is a problem. An ASCII label
// has no problem.
func Check(label string, asciiTLD bool, lvl Level) Verdict {
	var v Verdict
	resolved, noLatin := all, all
	// Per script (without the augmentation bits): the scripts with a
	// letter that looks like ASCII, and those with one that does not.
	var alike, unlike scriptSet
	var zero rune = -1 // the zero of the first decimal digits seen
	hasMark := false
	var kata, hira, kanaLike bool // for the へ/ヘ rule
	prevSet, prevRune := scriptSet(0), rune(0)
	otherName := "" // the script of a letter outside the tables' scripts
	for i, r := range label {
		if r < utf8.RuneSelf {
			set := all
			if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
				set = scLatn
			}
			resolved &= set
			if set == scLatn {
				v.scripts |= scLatn
			}
			if prevRune == 0x30FB && r >= 'a' && r <= 'z' {
				v.Problems |= KanaPunctuation
			}
			if r >= '0' && r <= '9' {
				zero = sameZero(&v, zero, '0')
			}
			prevSet, prevRune = set, r
			continue
		}
		set, ok := lookup(r)
		if ok && chromiumBlocked(label, i, r) {
			ok = false
		}
		if r == 'ß' || r == 'ς' || r == '\u200C' || r == '\u200D' {
			v.Problems |= Deviation
		}
		if !ok {
			// Not allowed, or invalid UTF-8 (U+FFFD is not allowed).
			// A letter still counts for the scripts of the label, by
			// its Script (Go's tables), so that lint names them.
			v.Problems |= NotAllowed
			if unicode.IsLetter(r) {
				if bit, name := goScript(r); bit != 0 {
					resolved &= bit
					v.scripts |= bit
				} else if name != "" {
					if otherName != "" && otherName != name {
						resolved = 0
					}
					otherName = name
					if v.other == "" {
						v.other = name
					}
				}
			}
			prevSet, prevRune = 0, r
			continue
		}
		resolved &= set
		if !in(set, scLatn) {
			noLatin &= set
		}
		if set != all {
			own := set &^ augmentation
			if own&(own-1) == 0 {
				v.scripts |= own
			}
			if !in(set, scLatn) {
				if isLookalike(r) {
					alike |= own
				} else if unicode.IsLetter(r) || unicode.IsDigit(r) {
					unlike |= own
				}
			}
		}
		if unicode.Is(unicode.Nd, r) {
			zero = sameZero(&v, zero, digitZero(r))
		}
		if unicode.Is(unicode.Mn, r) {
			hasMark = true
			if r >= 0x300 && r <= 0x339 && (prevRune == 'ı' || prevSet != 0 && !in(prevSet, scLatn|scGrek|scCyrl)) {
				v.Problems |= HiddenMark
			}
			if r == 0x307 && (prevRune == 'i' || prevRune == 'j' || prevRune == 'l' || prevRune == 'ı') {
				v.Problems |= HiddenMark
			}
		}
		// Kana and Han that pose as punctuation.
		switch {
		case r == 'ノ' || r == 'ン' || r == 'ソ' || r == 'ゾ':
			if !in(prevSet, scKana|scHira|scHani) && i > 0 {
				if n, _ := utf8.DecodeRuneInString(label[i+utf8.RuneLen(r):]); n != utf8.RuneError {
					if ns, _ := lookupAny(n); !in(ns, scKana|scHira|scHani) {
						v.Problems |= KanaPunctuation
					}
				}
			}
		case r == 'ー':
			if i == 0 || !in(prevSet, scKana|scHira) {
				v.Problems |= KanaPunctuation
			}
		case r == 'ヽ' || r == 'ヾ':
			if i == 0 || !in(prevSet, scKana) {
				v.Problems |= KanaPunctuation
			}
		case r == 0x30FB:
			if prevRune >= 'a' && prevRune <= 'z' {
				v.Problems |= KanaPunctuation
			}
		}
		switch {
		case r >= 'へ' && r <= 'ぺ' || r >= 'ヘ' && r <= 'ペ':
			kanaLike = true
		case in(set, scKana) && !in(set, scHira):
			kata = true
		case in(set, scHira) && !in(set, scKana):
			hira = true
		}
		prevSet, prevRune = set, r
	}
	if kanaLike && kata != hira && onlyKana(label, kata) {
		v.Problems |= KanaPunctuation
	}
	if hasMark && repeatedMarks(label) {
		v.Problems |= HiddenMark
	}
	if v.Problems&NotAllowed != 0 {
		// The label stays an A-label anyway; only the mixing of
		// scripts is told, for lint.
		if resolved == 0 || otherName != "" && resolved != all {
			v.Problems |= MixedScript
		}
		return v
	}
	if resolved == 0 && !allowedMix(noLatin, lvl) {
		v.Problems |= MixedScript
	}
	if alike&^unlike != 0 {
		if resolved == 0 {
			v.Problems |= MixedScriptConfusable
		} else if asciiTLD && unlike == 0 && !in(resolved, scLatn) {
			v.Problems |= WholeScriptConfusable
		}
	}
	return v
}

// allowedMix reports whether a label whose characters have no script in
// common is allowed at lvl (UTS #39, section 5.2), given noLatin, the
// resolved script set of its characters that are not Latin.
func allowedMix(noLatin scriptSet, lvl Level) bool {
	if noLatin == 0 {
		return false
	}
	if noLatin&augmentation != 0 {
		return true
	}
	return lvl == ModeratelyRestrictive && noLatin != all && noLatin&(scCyrl|scGrek) == 0
}

// chromiumBlocked reports whether the character r at label[i:], allowed
// by IdentifierStatus.txt, is one that Chromium removes from its allowed
// set (seen with Chromium 156, e2e TestDisplayMatchesChromium): ĸ (U+0138,
// a "k"), the modifier letters ʻ and ʼ (U+02BB, U+02BC, apostrophes), and
// the middle dot U+00B7 but between two l's (Catalan "l·l").
func chromiumBlocked(label string, i int, r rune) bool {
	switch r {
	case 0x138, 0x2BB, 0x2BC:
		return true
	case 0xB7:
		return !(i > 0 && label[i-1] == 'l' && strings.HasPrefix(label[i+2:], "l"))
	}
	return false
}

// goScript returns the bit of the script of the letter r by Go's unicode
// tables, or 0 and the script's name when the tables have no bit for it,
// or 0 and "" for Common and Inherited.
func goScript(r rune) (scriptSet, string) {
	if unicode.In(r, unicode.Common, unicode.Inherited) {
		return 0, ""
	}
	for i, name := range scriptNames {
		if tab := unicode.Scripts[strings.ReplaceAll(name, " ", "_")]; tab != nil && unicode.Is(tab, r) {
			return 1 << i, name
		}
	}
	for name, tab := range unicode.Scripts {
		if unicode.Is(tab, r) {
			return 0, strings.ReplaceAll(name, "_", " ")
		}
	}
	return 0, ""
}

// lookupAny is lookup for a rune of any size, ASCII letters Latin and
// other ASCII Common.
func lookupAny(r rune) (scriptSet, bool) {
	if r < utf8.RuneSelf {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			return scLatn, true
		}
		return all, true
	}
	return lookup(r)
}

// onlyKana reports whether label is Katakana (kata) or Hiragana around
// Hiragana へ, べ, ぺ (kata) or Katakana ヘ, ベ, ペ: every other character
// of that syllabary, and neither the first nor the last one of the others.
func onlyKana(label string, kata bool) bool {
	want := scHira
	if kata {
		want = scKana
	}
	first, last, seen := true, false, false
	for _, r := range label {
		odd := kata && r >= 'へ' && r <= 'ぺ' || !kata && r >= 'ヘ' && r <= 'ペ'
		if odd && first {
			return false
		}
		first, last, seen = false, odd, seen || odd
		if s, _ := lookupAny(r); !odd && !in(s, want) {
			return false
		}
	}
	return seen && !last
}

// TLDIsASCII reports whether the host name ends in an ASCII top-level
// domain: its last label, a final "." aside, is ASCII and not an A-label.
func TLDIsASCII(host string) bool {
	host = strings.TrimSuffix(host, ".")
	tld := host[strings.LastIndexByte(host, '.')+1:]
	return ascii.Is(tld) && !(len(tld) >= 4 && strings.EqualFold(tld[:4], "xn--"))
}

// sameZero records the decimal system of a digit whose zero is z: it
// returns the zero of the label's first digits, and marks MixedNumbers
// when z differs from it.
func sameZero(v *Verdict, first, z rune) rune {
	if first < 0 {
		return z
	}
	if z != first {
		v.Problems |= MixedNumbers
	}
	return first
}

// digitZero returns the zero of the decimal digit r: the decimal digits
// (Nd) come in runs of ten, zero to nine (UnicodeData.txt, Numeric_Type
// Decimal).
func digitZero(r rune) rune {
	z := r
	for r-z < 9 && unicode.Is(unicode.Nd, z-1) {
		z--
	}
	return z
}

// repeatedMarks reports whether the NFD of label has the same nonspacing
// mark twice in a row, or more than four nonspacing marks in a row (UTS
// #39, section 5.4).
func repeatedMarks(label string) bool {
	var it norm.Iter
	it.InitString(norm.NFD, label)
	run := 0
	var prev rune
	for !it.Done() {
		seg := it.Next()
		for len(seg) > 0 {
			r, n := utf8.DecodeRune(seg)
			seg = seg[n:]
			if !unicode.Is(unicode.Mn, r) {
				run, prev = 0, r
				continue
			}
			run++
			if run > 4 || r == prev {
				return true
			}
			prev = r
		}
	}
	return false
}
