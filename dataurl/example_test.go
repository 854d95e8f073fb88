package dataurl_test

import (
	"errors"
	"fmt"

	"github.com/ferret-go/uri/dataurl"
)

func ExampleParse() {
	d, err := dataurl.Parse("data:text/plain;charset=utf-8;base64,SGVsbG8=#frag")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(d.MIMEType, d.MIMEType.Essence(), string(d.Body))

	_, err = dataurl.Parse("data:text/plain")
	fmt.Println(errors.Is(err, dataurl.ErrNoComma), err)
	// Output:
	// text/plain;charset=utf-8 text/plain Hello
	// true dataurl: no ',' before the body at offset 15
}

func ExampleBuild() {
	m, _ := dataurl.ParseMIMEType("text/plain; charset=UTF-8")
	s, _ := dataurl.Build(m, []byte("a & b"))
	fmt.Println(s)
	s, _ = dataurl.Build(dataurl.MIMEType{Type: "application", Subtype: "octet-stream"}, []byte{0xff, 0xfe, 0xfd})
	fmt.Println(s)
	// Output:
	// data:text/plain;charset=UTF-8,a%20&%20b
	// data:application/octet-stream,%FF%FE%FD
}

func ExampleDecodeBase64() {
	b, err := dataurl.DecodeBase64(" ab c ")
	fmt.Printf("%q %v\n", b, err)
	_, err = dataurl.DecodeBase64("abcde")
	fmt.Println(err)
	// Output:
	// "i\xb7" <nil>
	// dataurl: invalid base64 at offset 5: length leaves one character over
}
