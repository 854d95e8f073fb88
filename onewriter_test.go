package uri

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unsafe"
)

// layoutFields are the fields of offsets, the layout of a URI.
var layoutFields = map[string]bool{
	"schemeEnd": true, "hostStart": true, "hostEnd": true, "pathStart": true,
	"queryStart": true, "fragStart": true, "kind": true, "offsets": true,
}

// layoutWrites returns where the Go source src (named file) assigns a field
// of a layout, or builds one from a composite literal: the writes that only
// the writer in uri.go may make.
func layoutWrites(t *testing.T, file string, src any) []string {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, src, 0)
	if err != nil {
		t.Fatal(err)
	}
	var found []string
	isLayout := func(e ast.Expr) bool {
		sel, ok := e.(*ast.SelectorExpr)
		return ok && layoutFields[sel.Sel.Name]
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if isLayout(l) {
					found = append(found, fset.Position(l.Pos()).String())
				}
			}
		case *ast.IncDecStmt:
			if isLayout(n.X) {
				found = append(found, fset.Position(n.Pos()).String())
			}
		case *ast.CompositeLit:
			if id, ok := n.Type.(*ast.Ident); ok && id.Name == "offsets" {
				found = append(found, fset.Position(n.Pos()).String())
			}
			for _, el := range n.Elts {
				if kv, ok := el.(*ast.KeyValueExpr); ok {
					if k, ok := kv.Key.(*ast.Ident); ok && layoutFields[k.Name] && k.Name != "kind" {
						found = append(found, fset.Position(kv.Pos()).String())
					}
				}
			}
		}
		return true
	})
	return found
}

// TestOneWriter fails when any file of the package but uri.go, where the
// writer lives beside the layout rule, assigns an offset of a URI (or its
// host kind) or makes a layout from a literal: values are made by the
// parser's marks and the writer only.
func TestOneWriter(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range files {
		if file == "uri.go" || strings.HasSuffix(file, "_test.go") {
			continue
		}
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, at := range layoutWrites(t, file, src) {
			t.Errorf("%s: a layout written outside the writer of uri.go", at)
		}
	}
	// The check itself finds each kind of write.
	for _, bad := range []string{
		"u.hostEnd = 3", "u.schemeEnd += d", "v.fragStart++", "o.kind = HostIPv4",
		"u.queryStart, u.fragStart = 1, 2", "x = offsets{}", "x = URI{s: s, offsets: o}",
		"x = offsets{pathStart: 1}",
	} {
		src := "package uri\nfunc f() {\n" + bad + "\n}\n"
		if len(layoutWrites(t, "bad.go", src)) == 0 {
			t.Errorf("%q: not found", bad)
		}
	}
	// Reading a layout is no write.
	if got := layoutWrites(t, "ok.go", "package uri\nfunc f() { n := u.hostEnd - u.hostStart; _ = u.s[u.pathStart:]; _ = n }\n"); len(got) != 0 {
		t.Errorf("reads taken for writes: %v", got)
	}
}

// TestURISize holds a URI to 48 bytes: a string and six 32-bit offsets and
// the host kind, as Boost.URL's and ada's layouts keep them.
func TestURISize(t *testing.T) {
	if n := unsafe.Sizeof(URI{}); n > 48 {
		t.Errorf("unsafe.Sizeof(URI{}) = %d, want at most 48", n)
	}
	if n := unsafe.Sizeof(IRI{}); n > 48 {
		t.Errorf("unsafe.Sizeof(IRI{}) = %d, want at most 48", n)
	}
}
