//go:build ignore

// Gen writes tablesVERSION.go, the data of package idnspoof, from the
// Unicode Character Database and the Unicode security data files of one
// Unicode version:
//
//	go run gen.go -version 15.0.0 [-dir DIR]
//
// Without -dir it downloads the files from www.unicode.org:
// Public/security/VERSION/{IdentifierStatus,confusables}.txt and
// Public/VERSION/ucd/{Scripts,ScriptExtensions,PropertyValueAliases}.txt.
// With -dir it reads the same file names from DIR (for example copies from
// github.com/unicode-org/unicodetools, unicodetools/data/security/VERSION
// and unicodetools/data/ucd/VERSION, which carry them verbatim).
//
// The files are under the Unicode License v3
// (https://www.unicode.org/license.txt); the generated table is derived
// from them.
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"io"
	"log"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/text/unicode/norm"
)

var (
	version = flag.String("version", "15.0.0", "Unicode version")
	dir     = flag.String("dir", "", "directory holding the data files (default: download them)")
)

func main() {
	flag.Parse()
	files := map[string]string{
		"IdentifierStatus.txt":     "https://www.unicode.org/Public/security/" + *version + "/IdentifierStatus.txt",
		"confusables.txt":          "https://www.unicode.org/Public/security/" + *version + "/confusables.txt",
		"Scripts.txt":              "https://www.unicode.org/Public/" + *version + "/ucd/Scripts.txt",
		"ScriptExtensions.txt":     "https://www.unicode.org/Public/" + *version + "/ucd/ScriptExtensions.txt",
		"PropertyValueAliases.txt": "https://www.unicode.org/Public/" + *version + "/ucd/PropertyValueAliases.txt",
	}
	data := map[string][]byte{}
	for name, url := range files {
		data[name] = load(name, url)
		if !bytes.Contains(data[name][:min(len(data[name]), 400)], []byte(*version)) {
			log.Fatalf("%s: not version %s", name, *version)
		}
	}

	// Script names: short (ISO 15924) to long and back.
	long := map[string]string{}
	short := map[string]string{}
	eachLine(data["PropertyValueAliases.txt"], func(f []string) {
		if len(f) >= 3 && f[0] == "sc" {
			long[f[1]] = f[2]
			short[f[2]] = f[1]
		}
	})
	long["Hanb"], long["Jpan"], long["Kore"] = "Han with Bopomofo", "Japanese", "Korean"

	// Script and Script_Extensions of every code point.
	scx := map[rune][]string{}
	eachLine(data["Scripts.txt"], func(f []string) {
		lo, hi := cpRange(f[0])
		s, ok := short[f[1]]
		if !ok {
			log.Fatalf("unknown script %q", f[1])
		}
		for r := lo; r <= hi; r++ {
			scx[r] = []string{s}
		}
	})
	eachLine(data["ScriptExtensions.txt"], func(f []string) {
		lo, hi := cpRange(f[0])
		for r := lo; r <= hi; r++ {
			scx[r] = strings.Fields(f[1])
		}
	})

	allowed := map[rune]bool{}
	eachLine(data["IdentifierStatus.txt"], func(f []string) {
		if f[1] != "Allowed" {
			return
		}
		lo, hi := cpRange(f[0])
		for r := lo; r <= hi; r++ {
			allowed[r] = true
		}
	})

	// The bits: every script in the Script_Extensions of an allowed
	// character, and the three that UTS #39, section 5.1 adds.
	seen := map[string]bool{"Hanb": true, "Jpan": true, "Kore": true}
	for r := range allowed {
		for _, s := range scx[r] {
			if s != "Zyyy" && s != "Zinh" {
				seen[s] = true
			}
		}
	}
	var bits []string
	for s := range seen {
		bits = append(bits, s)
	}
	slices.Sort(bits)
	if len(bits) > 64 {
		log.Fatalf("%d scripts do not fit a uint64", len(bits))
	}
	bit := map[string]uint64{}
	for i, s := range bits {
		bit[s] = 1 << i
	}
	// augmented returns the augmented script set of r (UTS #39,
	// section 5.1): Common and Inherited are every script; Han adds
	// Hanb, Jpan and Kore, Hiragana and Katakana add Jpan, Hangul adds
	// Kore, Bopomofo adds Hanb.
	augmented := func(r rune) uint64 {
		var set uint64
		for _, s := range scx[r] {
			switch s {
			case "Zyyy", "Zinh":
				return ^uint64(0)
			case "Hani":
				set |= bit["Hanb"] | bit["Jpan"] | bit["Kore"]
			case "Hira", "Kana":
				set |= bit["Jpan"]
			case "Hang":
				set |= bit["Kore"]
			case "Bopo":
				set |= bit["Hanb"]
			}
			set |= bit[s]
		}
		return set
	}

	// Prototypes of confusables.txt (UTS #39, section 4).
	proto := map[rune][]rune{}
	eachLine(data["confusables.txt"], func(f []string) {
		src, _ := cpRange(f[0])
		var t []rune
		for _, h := range strings.Fields(f[1]) {
			t = append(t, hexRune(h))
		}
		proto[src] = t
	})
	// asciiLike reports whether r's skeleton (UTS #39, section 4: NFD,
	// each character replaced by its prototype, NFD) is made of ASCII
	// lowercase letters: a character that can pose as a letter of an
	// ASCII name. (Digits are left out, as Chromium's list of Latin-alike
	// Cyrillic letters leaves out б for 6 and з for 3.)
	asciiLike := func(r rune) bool {
		var sk []rune
		for _, d := range norm.NFD.String(string(r)) {
			if p, ok := proto[d]; ok {
				sk = append(sk, p...)
			} else {
				sk = append(sk, d)
			}
		}
		for _, d := range norm.NFD.String(string(sk)) {
			if !(d >= 'a' && d <= 'z') {
				return false
			}
		}
		return len(sk) > 0
	}

	var cps []rune
	for r := range allowed {
		cps = append(cps, r)
	}
	slices.Sort(cps)
	var sets []uint64
	setIndex := map[uint64]int{}
	type span struct {
		lo, hi rune
		set    int
	}
	var spans []span
	var lookalikes []rune
	latin := bit["Latn"]
	for _, r := range cps {
		set := augmented(r)
		if set == 0 {
			log.Fatalf("U+%04X has no script", r)
		}
		k, ok := setIndex[set]
		if !ok {
			k = len(sets)
			setIndex[set] = k
			sets = append(sets, set)
		}
		if n := len(spans); n > 0 && spans[n-1].hi == r-1 && spans[n-1].set == k {
			spans[n-1].hi = r
		} else {
			spans = append(spans, span{r, r, k})
		}
		if set != ^uint64(0) && set&latin == 0 && asciiLike(r) {
			lookalikes = append(lookalikes, r)
		}
	}
	if len(sets) > 256 {
		log.Fatalf("%d script sets do not fit a uint8", len(sets))
	}

	var b bytes.Buffer
	major := strings.Split(*version, ".")[0]
	fmt.Fprintf(&b, "// Code generated by go run gen.go -version %s; DO NOT EDIT.\n\n", *version)
	if *version == "15.0.0" {
		b.WriteString("//go:build !go1.27\n\n")
	} else {
		fmt.Fprintf(&b, "//go:build go1.%d\n\n", map[string]int{"17": 27}[major])
	}
	b.WriteString("package idnspoof\n\n")
	fmt.Fprintf(&b, "// UnicodeVersion is the version of the Unicode data of the tables.\nconst UnicodeVersion = %q\n\n", *version)
	b.WriteString("// Script bits, in the order of scriptNames.\nconst (\n")
	for i, s := range bits {
		if i == 0 {
			fmt.Fprintf(&b, "\tsc%s scriptSet = 1 << iota\n", s)
		} else {
			fmt.Fprintf(&b, "\tsc%s\n", s)
		}
	}
	b.WriteString(")\n\n")
	b.WriteString("// scriptNames are the Unicode names of the scripts of the bits, lowest first.\nvar scriptNames = [...]string{\n")
	for _, s := range bits {
		fmt.Fprintf(&b, "\t%q,\n", long[s])
	}
	b.WriteString("}\n\n")
	b.WriteString("// scriptSets are the augmented script sets (UTS #39, section 5.1) that\n// allowedSpans name.\nvar scriptSets = [...]scriptSet{\n")
	for _, s := range sets {
		fmt.Fprintf(&b, "\t%#x,\n", s)
	}
	b.WriteString("}\n\n")
	b.WriteString("// allowedSpans are the code points of Identifier_Status Allowed (UTS #39,\n// section 3.1): each span its first code point, how many follow it, and\n// the index of its script set.\nvar allowedSpans = [...]span{\n")
	for i, s := range spans {
		if s.hi-s.lo > 0xFFFF {
			log.Fatalf("span U+%04X..U+%04X too long", s.lo, s.hi)
		}
		fmt.Fprintf(&b, "{%#x, %d, %d},", s.lo, s.hi-s.lo, s.set)
		if i%4 == 3 {
			b.WriteByte('\n')
		}
	}
	b.WriteString("}\n\n")
	b.WriteString("// asciiLookalikes are the allowed characters of a script other than Latin,\n// Common and Inherited whose skeleton (UTS #39, section 4) is made of\n// ASCII lowercase letters.\nvar asciiLookalikes = [...]rune{\n")
	for i, r := range lookalikes {
		fmt.Fprintf(&b, "%#x,", r)
		if i%12 == 11 {
			b.WriteByte('\n')
		}
	}
	b.WriteString("}\n")
	src, err := format.Source(b.Bytes())
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile("tables"+*version+".go", src, 0o644); err != nil {
		log.Fatal(err)
	}
	log.Printf("%d scripts, %d sets, %d spans, %d lookalikes", len(bits), len(sets), len(spans), len(lookalikes))
}

func load(name, url string) []byte {
	if *dir != "" {
		b, err := os.ReadFile(filepath.Join(*dir, name))
		if err != nil {
			log.Fatal(err)
		}
		return b
	}
	resp, err := http.Get(url)
	if err != nil {
		log.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		log.Fatalf("%s: %s", url, resp.Status)
	}
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		log.Fatal(err)
	}
	return b
}

// eachLine calls f with the ";"-separated fields of each data line, its
// comment removed and its fields trimmed.
func eachLine(data []byte, f func([]string)) {
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line, _, _ := strings.Cut(sc.Text(), "#")
		if strings.TrimSpace(line) == "" {
			continue
		}
		fields := strings.Split(line, ";")
		for i := range fields {
			fields[i] = strings.TrimSpace(fields[i])
		}
		f(fields)
	}
	if err := sc.Err(); err != nil {
		log.Fatal(err)
	}
}

func cpRange(s string) (rune, rune) {
	lo, hi, ok := strings.Cut(s, "..")
	if !ok {
		hi = lo
	}
	return hexRune(lo), hexRune(hi)
}

func hexRune(s string) rune {
	n, err := strconv.ParseUint(s, 16, 32)
	if err != nil {
		log.Fatalf("bad code point %q", s)
	}
	return rune(n)
}
