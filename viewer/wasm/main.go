//go:build js && wasm

// Command wasm is the viewer's model compiled to WebAssembly: it gives the
// page one function, uriView(reference, base), which returns the JSON of
// viewer.Analyze, and calls uriViewReady() when that function is there.
// It is built by "go generate ./viewer/..." into viewer/site/files/uri.wasm.
package main

import (
	"syscall/js"

	"github.com/ferret-go/uri/viewer"
)

func main() {
	view := js.FuncOf(func(this js.Value, args []js.Value) any {
		ref, base := "", ""
		if len(args) > 0 && args[0].Type() == js.TypeString {
			ref = args[0].String()
		}
		if len(args) > 1 && args[1].Type() == js.TypeString {
			base = args[1].String()
		}
		return string(viewer.Analyze(ref, base).JSON())
	})
	js.Global().Set("uriView", view)
	if ready := js.Global().Get("uriViewReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	// The function lives as long as the page: main must not return.
	select {}
}
