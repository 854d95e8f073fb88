package uri

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// urlListsEnv names a directory holding whole URL lists (such as
// ../shared/data/urls, see testdata/urls/README.md) for the tests to read
// instead of the samples kept in testdata/urls.
const urlListsEnv = "URI_TEST_URLS"

// urlLists are the files of testdata/urls, the edge cases first.
var urlLists = []string{
	"wpt_urltestdata_inputs.txt", "node_files.txt", "isaacs_files.txt", "kasztp.txt", "userbait.txt",
}

// readURLList returns the lines of the URL list name, byte for byte, from
// testdata/urls or from the directory named by $URI_TEST_URLS. The samples
// are part of the module: a missing file is a failure, not a reason to skip.
func readURLList(t testing.TB, name string) []string {
	t.Helper()
	dir := os.Getenv(urlListsEnv)
	if dir == "" {
		dir = filepath.Join("testdata", "urls")
	}
	data, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatalf("URL list missing (testdata/urls is part of the module): %v", err)
	}
	if len(data) == 0 || data[len(data)-1] != '\n' {
		t.Fatalf("%s: empty or without a final newline", name)
	}
	return strings.Split(string(data[:len(data)-1]), "\n")
}

// TestURLListsPresent checks that every list is there and that no line was
// mangled on the way: the lists hold no CR, so a checkout that rewrote line
// ends is caught here rather than as odd parse results.
func TestURLListsPresent(t *testing.T) {
	for _, name := range urlLists {
		lines := readURLList(t, name)
		if len(lines) < 300 {
			t.Errorf("%s: %d lines, want at least 300", name, len(lines))
		}
		for i, s := range lines {
			if strings.ContainsRune(s, '\r') {
				t.Errorf("%s:%d: a CR in %q", name, i+1, s)
				break
			}
		}
	}
}

// TestTestdataREADME checks that testdata/README.md names every file and
// directory of testdata (a fuzz corpus by its directory), so that none is
// there without a stated source.
func TestTestdataREADME(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("testdata", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	err = filepath.WalkDir("testdata", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel("testdata", path)
		rel = filepath.ToSlash(rel)
		if rel == "." || rel == "README.md" || rel == "fuzz" {
			return nil
		}
		if !strings.Contains(string(readme), "`"+rel+"`") {
			t.Errorf("testdata/README.md does not name `%s`", rel)
		}
		if d.IsDir() && strings.HasPrefix(rel, "fuzz/") {
			return fs.SkipDir // the corpus files are named by their hash
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
