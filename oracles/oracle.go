// Package oracles runs the real parsers that github.com/ferret-go/uri/readers
// emulates (Python, PHP, Node, Java, libcurl) on the same inputs as the
// emulations, and compares every field. It is a separate module so that
// the main module never needs an interpreter: see README.md.
//
// An oracle is a small program, written here, one per language, that
// speaks the protocol of [Run]: it reads inputs from standard input and
// writes one JSON record per input to standard output.
package oracles

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os/exec"

	"github.com/ferret-go/uri/readers"
)

// A Result is one parser's reading of one input, in the form both the
// oracle programs and the emulations are compared in. A nil component is
// absent; the bytes of a present one are as the parser returned them.
type Result struct {
	OK       bool
	Error    string // the parser's error, when !OK
	Scheme   *string
	Userinfo *string
	Host     *string
	Port     *string
	Path     *string
	Query    *string
	Fragment *string
}

// Fields names the components of a Result in order, as Diff reports them.
var Fields = [...]string{"scheme", "userinfo", "host", "port", "path", "query", "fragment"}

func (r *Result) fields() [7]**string {
	return [7]**string{&r.Scheme, &r.Userinfo, &r.Host, &r.Port, &r.Path, &r.Query, &r.Fragment}
}

// FromReading is the Result of an emulation's Reading.
func FromReading(rd readers.Reading) Result {
	if rd.Err != nil {
		return Result{Error: rd.Err.Error()}
	}
	r := Result{OK: true}
	vals := [7]string{rd.Scheme, rd.Userinfo, rd.Host, rd.Port, rd.Path, rd.Query, rd.Fragment}
	for i, p := range r.fields() {
		if rd.Has&(readers.Parts(1)<<i) != 0 {
			v := vals[i]
			*p = &v
		}
	}
	return r
}

// Diff returns the names of the fields on which a (the real parser) and b
// (the emulation) differ: "ok" when one accepts and the other rejects, else
// each component that differs in presence or bytes. Error texts are not
// compared.
func Diff(a, b Result) []string {
	if a.OK != b.OK {
		return []string{"ok"}
	}
	var d []string
	if !a.OK {
		return d
	}
	fa, fb := a.fields(), b.fields()
	for i := range fa {
		x, y := *fa[i], *fb[i]
		if (x == nil) != (y == nil) || x != nil && *x != *y {
			d = append(d, Fields[i])
		}
	}
	return d
}

// wire is a Result as the oracle programs write it: each component the
// base64 (standard, padded) of its bytes, or null when absent.
type wire struct {
	OK       bool    `json:"ok"`
	Error    string  `json:"error"`
	Scheme   *string `json:"scheme"`
	Userinfo *string `json:"userinfo"`
	Host     *string `json:"host"`
	Port     *string `json:"port"`
	Path     *string `json:"path"`
	Query    *string `json:"query"`
	Fragment *string `json:"fragment"`
}

// Run runs an oracle program (argv) on inputs and returns its Results, one
// per input in order.
//
// The protocol: the program reads standard input to its end, one input per
// line, each the base64 (standard, padded) of the input's bytes, and writes
// one line per input, a JSON object: {"ok":false,"error":"..."} for an
// input the parser rejects, else {"ok":true,"scheme":...,"userinfo":...,
// "host":...,"port":...,"path":...,"query":...,"fragment":...} where each
// component is the base64 of its bytes (UTF-8 where the parser returns
// text) or null when the parser gives none. Inputs travel in base64 so that
// any byte, newlines included, reaches the parser as it is.
func Run(ctx context.Context, argv []string, inputs []string) ([]Result, error) {
	var in bytes.Buffer
	for _, s := range inputs {
		in.WriteString(base64.StdEncoding.EncodeToString([]byte(s)))
		in.WriteByte('\n')
	}
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Stdin = &in
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("oracles: %v: %v: %s", argv, err, stderr.Bytes())
	}
	results := make([]Result, 0, len(inputs))
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var w wire
		if err := json.Unmarshal(sc.Bytes(), &w); err != nil {
			return nil, fmt.Errorf("oracles: %v: record %d: %v", argv, len(results)+1, err)
		}
		r := Result{OK: w.OK, Error: w.Error}
		ws := [7]*string{w.Scheme, w.Userinfo, w.Host, w.Port, w.Path, w.Query, w.Fragment}
		for i, p := range r.fields() {
			if ws[i] == nil {
				continue
			}
			b, err := base64.StdEncoding.DecodeString(*ws[i])
			if err != nil {
				return nil, fmt.Errorf("oracles: %v: record %d, %s: %v", argv, len(results)+1, Fields[i], err)
			}
			s := string(b)
			*p = &s
		}
		results = append(results, r)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(results) != len(inputs) {
		return nil, fmt.Errorf("oracles: %v: %d records for %d inputs", argv, len(results), len(inputs))
	}
	return results, nil
}
