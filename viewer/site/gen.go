//go:build ignore

// Gen builds the viewer's WebAssembly files into files/: uri.wasm, from
// ../wasm, and wasm_exec.js, copied from the Go toolchain that built it
// (the two must come from the same Go). It is run by "go generate
// ./viewer/..." from the module's root, or "go run gen.go" here.
//
// wasm_exec.js is Go's own file, under Go's BSD-style licence (the LICENSE
// file at the root of the Go toolchain); it is copied unchanged.
package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

func main() {
	if err := build(); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func build() error {
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return fmt.Errorf("go env GOROOT: %v", err)
	}
	goroot := strings.TrimSpace(string(out))
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", filepath.Join("files", "uri.wasm"), "../wasm")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("building uri.wasm: %v", err)
	}
	// Go 1.24 moved the file from misc/wasm to lib/wasm.
	var js []byte
	for _, dir := range []string{"lib", "misc"} {
		if js, err = os.ReadFile(filepath.Join(goroot, dir, "wasm", "wasm_exec.js")); err == nil {
			break
		}
	}
	if err != nil {
		return fmt.Errorf("no wasm_exec.js in %s: %v", goroot, err)
	}
	return os.WriteFile(filepath.Join("files", "wasm_exec.js"), js, 0o644)
}
