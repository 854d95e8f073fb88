// Command list prints the names of the readers of
// github.com/ferret-go/uri/readers, one a line, for readersinstr.sh.
package main

import (
	"fmt"

	"github.com/ferret-go/uri/readers"
)

func main() {
	for _, r := range readers.All() {
		fmt.Println(r.Name)
	}
}
