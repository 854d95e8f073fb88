package oracles

import (
	"os/exec"
	"path/filepath"
	"testing"
)

// curlOracle compiles oracles/curl/read.c against the installed libcurl
// (Debian: libcurl4-openssl-dev) and returns its path; it skips, or fails
// under URI_ORACLES_REQUIRE=1, when the compiler or libcurl's headers are
// missing.
func curlOracle(t *testing.T) string {
	t.Helper()
	cc := findTool(t, "cc")
	bin := filepath.Join(t.TempDir(), "read")
	out, err := exec.Command(cc, "-O2", "-o", bin, filepath.Join("curl", "read.c"), "-lcurl").CombinedOutput()
	if err != nil {
		if require() {
			t.Fatalf("compiling curl/read.c: %v\n%s", err, out)
		}
		t.Skipf("compiling curl/read.c failed (is libcurl4-openssl-dev installed?): %v\n%s", err, out)
	}
	return bin
}

// TestDifferentialCurl compares the curl reader with libcurl's
// curl_url_set (CURLU_NON_SUPPORT_SCHEME).
func TestDifferentialCurl(t *testing.T) {
	bin := curlOracle(t)
	differential(t, "curl", []string{bin}, recordedInputs(t, "curl"))
}

// TestDifferentialCurlGuess compares the curl_guess reader with libcurl's
// curl_url_set (CURLU_NON_SUPPORT_SCHEME|CURLU_GUESS_SCHEME).
func TestDifferentialCurlGuess(t *testing.T) {
	bin := curlOracle(t)
	differential(t, "curl_guess", []string{bin, "guess"}, recordedInputs(t, "curl_guess"))
}
