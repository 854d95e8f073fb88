package fileuri_test

import (
	"fmt"

	"github.com/ferret-go/uri"
	"github.com/ferret-go/uri/fileuri"
)

func ExampleFromPath() {
	u, _ := fileuri.FromPath(`C:\Program Files\100%`, fileuri.Windows)
	fmt.Println(u)
	u, _ = fileuri.FromPath(`\\server\share\a#b`, fileuri.Windows)
	fmt.Println(u)
	u, _ = fileuri.FromPath("/tmp/what?", fileuri.POSIX)
	fmt.Println(u)
	_, err := fileuri.FromPath("tmp/x", fileuri.POSIX)
	fmt.Println(err)
	// Output:
	// file:///C:/Program%20Files/100%25
	// file://server/share/a%23b
	// file:///tmp/what%3F
	// fileuri: path is not absolute at offset 0
}

func ExampleToPath() {
	p, _ := fileuri.ToPath(uri.MustParse("file:////server/share/f"), fileuri.Windows)
	fmt.Println(p)
	p, _ = fileuri.ToPath(uri.MustParse("file://localhost/etc/caf%C3%A9"), fileuri.POSIX)
	fmt.Println(p)
	_, err := fileuri.ToPath(uri.MustParse("file:///a%2Fb"), fileuri.POSIX)
	fmt.Println(err)
	// Output:
	// \\server\share\f
	// /etc/café
	// fileuri: segment would decode to a separator or NUL at offset 9
}

func ExampleStringToPath() {
	// RFC 8089, Appendix E.2.2: a vertical line for the drive's colon, which
	// RFC 3986 forbids, so that no uri.URI can hold this text.
	p, _ := fileuri.StringToPath("file:///c|/path/to/file", fileuri.Windows)
	fmt.Println(p)
	_, err := fileuri.StringToPath("file:///c|/path/to/file", fileuri.POSIX)
	fmt.Println(err)
	// Output:
	// c:\path\to\file
	// fileuri: invalid path: invalid character '|' in path at offset 9
}

func ExampleResolve() {
	// RFC 8089, Appendix E.2.1: ".." never removes the drive letter.
	base := uri.MustParse("file:///c:/foo.txt")
	u, _ := fileuri.Resolve(base, uri.MustParse("../bar.txt"))
	fmt.Println(u)
	// Output:
	// file:///c:/bar.txt
}
