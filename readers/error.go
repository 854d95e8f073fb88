package readers

import "fmt"

// An Error is a reader's rejection of a string: which reader, which
// component, the byte offset in the input where the trouble starts, and
// the reason the parser gives. Every Reading.Err of the readers in this
// file's neighbours (python, php, node_url) is an *Error; match it with
// errors.As.
type Error struct {
	Reader    string // the reader's Name
	Component string // "scheme", "host", "port", ...
	Offset    int    // byte offset in the string given to Read
	Reason    string // what the parser says, in its words where it has some
}

func (e *Error) Error() string {
	return fmt.Sprintf("readers: %s: %s at byte %d: %s", e.Reader, e.Component, e.Offset, e.Reason)
}
