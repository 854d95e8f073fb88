package mailto_test

import (
	"fmt"

	"github.com/ferret-go/uri/mailto"
)

func ExampleParse() {
	m, err := mailto.Parse("mailto:joe@example.com?cc=bob@example.com&subject=caf%C3%A9&body=hello")
	fmt.Printf("%q %q %q %q %v\n", m.To, m.Subject, m.Body, m.Headers, err)
	// Output: ["joe@example.com"] "café" "hello" [{"cc" "bob@example.com"}] <nil>
}

func ExampleBuild() {
	s, _ := mailto.Build(mailto.Message{To: []string{"Mike&family@example.org"}, Subject: "Q&A?"})
	fmt.Println(s)
	// Output: mailto:Mike%26family@example.org?subject=Q%26A%3F
}
