// Command catlines is the floor of bench/cmd.sh: a Go program that only
// reads standard input line by line, as the uri command does, and writes
// each line back, so that what remains of a command's time beyond it is
// the work on each line.
package main

import (
	"bufio"
	"io"
	"os"
)

func main() {
	in := bufio.NewReaderSize(os.Stdin, 64<<10)
	out := bufio.NewWriterSize(os.Stdout, 64<<10)
	var long []byte
	for {
		line, err := in.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			long = append(long[:0], line...)
			for err == bufio.ErrBufferFull {
				line, err = in.ReadSlice('\n')
				long = append(long, line...)
			}
			line = long
		}
		if len(line) > 0 {
			out.Write(line)
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			os.Stderr.WriteString(err.Error() + "\n")
			os.Exit(1)
		}
	}
	if err := out.Flush(); err != nil {
		os.Exit(1)
	}
}
