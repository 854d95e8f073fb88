package main

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"flag"
	"io"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/fileio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/ferret-go/uri"
	"github.com/ferret-go/uri/beam/uribeam"
)

// init registers the DoFns by reflection, as package uribeam does and for
// the same reason (compile time).
func init() {
	for _, fn := range []any{
		&readLinesFn{}, &uniqueJSONFn{}, &rejectedJSONFn{}, &repairedJSONFn{}, &shardFn{},
		&writeShardFn{}, &writeHostsFn{}, &toHostCountFn{}, &hostCount{}, &shardLine{},
	} {
		beam.RegisterType(reflect.TypeOf(fn).Elem())
	}
	beam.RegisterFunction(splitShardLine)
}

// job is one run of the command: its flags.
type job struct {
	input  string             // --input: a file glob
	field  string             // --field: the JSON member that holds the URL
	output string             // --output: the directory of the results
	flags  normalizeFlagValue // --normalize
	repair bool               // --repair
	shards int                // --shards
}

// define defines the command's flags on fs.
func (j *job) define(fs *flag.FlagSet) {
	fs.StringVar(&j.input, "input", "", "the files to read, as a `glob` (local, or gs:// with Dataflow); a name ending\n"+
		"in .gz is read as gzip")
	fs.StringVar(&j.field, "field", "", "read JSON lines, one object a line, and take the URI reference from its\n"+
		"string member `NAME` (default: plain text, one reference a line)")
	fs.StringVar(&j.output, "output", "", "the `directory` to write unique-*.jsonl, rejected-*.jsonl and hosts-*.tsv in")
	fs.Var(&j.flags, "normalize", "a comma-separated `list` of the normalization flags of \"uri normalize --flags\":\n"+
		strings.Join(normalizeFlagNames(), ", "))
	fs.BoolVar(&j.repair, "repair", false, "repair each line first, as \"uri repair\" does (RFC 3987, section 3.1),\n"+
		"and write the changes to repaired-*.jsonl")
	fs.IntVar(&j.shards, "shards", 1, "write unique-*.jsonl and rejected-*.jsonl in `n` files each")
}

// check reports a missing or wrong flag or argument.
func (j *job) check(fs *flag.FlagSet) error {
	switch {
	case fs.NArg() > 0:
		return errors.New("unexpected argument " + strconv.Quote(fs.Arg(0)) + ": the inputs are --input")
	case j.input == "":
		return errors.New("missing --input")
	case j.output == "":
		return errors.New("missing --output")
	case j.shards < 1:
		return errors.New("--shards must be at least 1")
	}
	return nil
}

// pipeline builds the job's pipeline.
func (j *job) pipeline() (*beam.Pipeline, error) {
	p, s := beam.NewPipelineWithRoot()
	files := fileio.MatchFiles(s, j.input)
	// Compression by the name's extension: gzip for .gz.
	readable := fileio.ReadMatches(s, files)
	lines, badJSON := beam.ParDo2(s, &readLinesFn{Field: j.field}, readable)

	var refs, rejected beam.PCollection
	if j.repair {
		repaired, notRepaired := uribeam.Repair(s, lines)
		var notNormalized beam.PCollection
		refs, notNormalized = uribeam.NormalizeRepaired(s, j.flags.flags, repaired)
		rejected = beam.Flatten(s, badJSON, notRepaired, notNormalized)
		j.write(s, "repaired", ".jsonl", beam.ParDo(s, &repairedJSONFn{}, repaired))
	} else {
		var notNormalized beam.PCollection
		refs, notNormalized = uribeam.Normalize(s, j.flags.flags, lines)
		rejected = beam.Flatten(s, badJSON, notNormalized)
	}
	j.write(s, "unique", ".jsonl", beam.ParDo(s, &uniqueJSONFn{}, uribeam.Dedupe(s, refs)))
	j.write(s, "rejected", ".jsonl", beam.ParDo(s, &rejectedJSONFn{}, rejected))

	hosts := beam.ParDo(s, &toHostCountFn{}, uribeam.CountHosts(s, refs))
	// One empty hostCount, so that hosts-*.tsv is written when no line has
	// a host.
	hosts = beam.Flatten(s, hosts, beam.Create(s, hostCount{}))
	beam.ParDo0(s, &writeHostsFn{Path: shardPath(j.output, "hosts", ".tsv", 0, 1)},
		beam.GroupByKey(s, beam.AddFixedKey(s, hosts)))
	return p, nil
}

// write writes lines, which must not be empty, to j.shards files named
// dir/name-SSSSS-of-NNNNN.ext, every file even when there are no lines.
func (j *job) write(s beam.Scope, name, ext string, lines beam.PCollection) {
	s = s.Scope("write " + name)
	keyed := beam.ParDo(s, &shardFn{Shards: j.shards}, lines)
	// An empty line for each shard, so that each file is written.
	var empty []shardLine
	for i := range j.shards {
		empty = append(empty, shardLine{Shard: i})
	}
	keyed = beam.Flatten(s, keyed, beam.ParDo(s, splitShardLine, beam.CreateList(s, empty)))
	beam.ParDo0(s, &writeShardFn{Dir: j.output, Name: name, Ext: ext, Shards: j.shards}, beam.GroupByKey(s, keyed))
}

// shardLine is a line and the shard it goes to.
type shardLine struct {
	Shard int
	Line  string
}

func splitShardLine(l shardLine) (int, string) { return l.Shard, l.Line }

// shardPath is the name of shard i of n: dir/name-SSSSS-of-NNNNN.ext. The
// directory is joined with "/", which gs:// paths need too.
func shardPath(dir, name, ext string, i, n int) string {
	pad := func(k int) string {
		s := strconv.Itoa(k)
		return strings.Repeat("0", max(0, 5-len(s))) + s
	}
	return strings.TrimSuffix(dir, "/") + "/" + name + "-" + pad(i) + "-of-" + pad(n) + ext
}

// shardFn keys a line by its shard: a hash of the line, so that a line's
// shard does not depend on the runner's bundles.
type shardFn struct {
	Shards int
}

// ProcessElement keys one line.
func (f *shardFn) ProcessElement(line string) (int, string) {
	if f.Shards <= 1 {
		return 0, line
	}
	h := uint32(2166136261) // FNV-1a
	for i := 0; i < len(line); i++ {
		h ^= uint32(line[i])
		h *= 16777619
	}
	return int(h % uint32(f.Shards)), line
}

// writeShardFn writes the lines of one shard to its file.
type writeShardFn struct {
	Dir, Name, Ext string
	Shards         int
}

// ProcessElement writes one shard; the empty lines are not written.
func (f *writeShardFn) ProcessElement(ctx context.Context, shard int, lines func(*string) bool) error {
	return writeFile(ctx, shardPath(f.Dir, f.Name, f.Ext, shard, f.Shards), func(w *bufio.Writer) error {
		var line string
		for lines(&line) {
			if line == "" {
				continue
			}
			w.WriteString(line)
			if err := w.WriteByte('\n'); err != nil {
				return err
			}
		}
		return nil
	})
}

// writeFile creates path on its file system (local or a registered one,
// such as gs://) and writes it with fill.
func writeFile(ctx context.Context, path string, fill func(*bufio.Writer) error) error {
	fsys, err := filesystem.New(ctx, path)
	if err != nil {
		return err
	}
	defer fsys.Close()
	f, err := fsys.OpenWrite(ctx, path)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	if err := fill(w); err != nil {
		f.Close()
		return err
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// hostCount is one line of hosts-*.tsv.
type hostCount struct {
	Host  string
	Count int64
}

// toHostCountFn makes a KV of CountHosts a hostCount.
type toHostCountFn struct{}

// ProcessElement makes one hostCount.
func (*toHostCountFn) ProcessElement(host string, n int64) hostCount {
	return hostCount{Host: host, Count: n}
}

// writeHostsFn writes every host and its count, the most first and hosts
// of one count in byte order, to one file.
type writeHostsFn struct {
	Path string
}

// ProcessElement sorts and writes the hosts; the empty hostCount is not
// written.
func (f *writeHostsFn) ProcessElement(ctx context.Context, _ int, hosts func(*hostCount) bool) error {
	var all []hostCount
	var h hostCount
	for hosts(&h) {
		if h.Count > 0 {
			all = append(all, h)
		}
	}
	slices.SortFunc(all, func(a, b hostCount) int {
		if c := cmp.Compare(b.Count, a.Count); c != 0 {
			return c
		}
		return strings.Compare(a.Host, b.Host)
	})
	return writeFile(ctx, f.Path, func(w *bufio.Writer) error {
		var b []byte
		for _, h := range all {
			b = append(b[:0], h.Host...)
			b = append(b, '\t')
			b = strconv.AppendInt(b, h.Count, 10)
			b = append(b, '\n')
			if _, err := w.Write(b); err != nil {
				return err
			}
		}
		return nil
	})
}

// readLinesFn reads the lines of a file as uri normalize reads its
// standard input: a line ends at "\n", a "\r" before it is not part of it,
// a last line without "\n" counts and an empty line is an input. With Field
// set each line is a JSON object whose string member Field is the input;
// a line that is not, or is only white space, goes to the second output.
//
// A file is read whole by one worker: gzip cannot be split, and neither is
// a plain file here. The SDK's textio.Read (v2.77.0) is not used: it reads a
// .gz file only as far as its compressed size, measured in decompressed
// bytes (on testdata/more.txt.gz it gave 228 of 3,042 lines).
type readLinesFn struct {
	Field string
}

// ProcessElement reads one file.
func (f *readLinesFn) ProcessElement(ctx context.Context, file fileio.ReadableFile, lines func(string), rejected func(uribeam.Rejected)) error {
	rc, err := file.Open(ctx)
	if err != nil {
		return err
	}
	defer rc.Close()
	r := bufio.NewReaderSize(rc, 1<<16)
	for {
		line, err := r.ReadString('\n')
		if err != nil && err != io.EOF {
			return errors.New(file.Metadata.Path + ": " + err.Error())
		}
		if err == io.EOF && line == "" {
			return nil
		}
		line = strings.TrimSuffix(line, "\n")
		line = strings.TrimSuffix(line, "\r")
		if f.Field == "" {
			lines(line)
		} else if in, bad := jsonField(line, f.Field); bad != nil {
			rejected(*bad)
		} else {
			lines(in)
		}
		if err == io.EOF {
			return nil
		}
	}
}

// jsonField returns the string member field of the JSON object line, or
// why the line has none as a Rejected: component "json", and the offset
// of a syntax error.
func jsonField(line, field string) (string, *uribeam.Rejected) {
	var obj map[string]json.RawMessage
	err := json.Unmarshal([]byte(line), &obj)
	if err == nil {
		raw, ok := obj[field]
		var s string
		if ok && len(raw) > 0 && raw[0] == '"' && json.Unmarshal(raw, &s) == nil {
			return s, nil
		}
		err = errors.New("no string member " + strconv.Quote(field))
	}
	r := &uribeam.Rejected{Input: line, Component: "json", Error: err.Error()}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		r.Offset = int(se.Offset)
	}
	r.Message = "uri-beam: line is not JSON with the input: " + r.Error
	return "", r
}

// The JSON lines written.
type (
	uniqueLine struct {
		URI        string `json:"uri"`
		Count      int64  `json:"count"`
		Example    string `json:"example"`
		ExampleB64 string `json:"example_b64,omitempty"`
	}
	rejectedLine struct {
		Input     string `json:"input"`
		InputB64  string `json:"input_b64,omitempty"`
		Offset    int    `json:"offset"`
		Component string `json:"component"`
		Error     string `json:"error"`
	}
	repairedLine struct {
		Input    string       `json:"input"`
		InputB64 string       `json:"input_b64,omitempty"`
		Result   string       `json:"result"`
		Changes  []changeLine `json:"changes"`
	}
	changeLine struct {
		Offset    int    `json:"offset"`
		Component string `json:"component"`
		Old       string `json:"old"`
		New       string `json:"new"`
		Reason    string `json:"reason"`
	}
)

// marshal writes v as one line of JSON, without escaping "<", ">" and "&"
// (which URLs hold) as \u003c...; invalid UTF-8 becomes U+FFFD.
func marshal(v any) string {
	var b bytes.Buffer
	e := json.NewEncoder(&b)
	e.SetEscapeHTML(false)
	if err := e.Encode(v); err != nil {
		// Strings and numbers only: Encode cannot fail on them.
		panic(err)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// b64 returns s in base64 when it is not UTF-8, which JSON cannot hold:
// the "input_b64" of uri's JSON output.
func b64(s string) string {
	if utf8.ValidString(s) {
		return ""
	}
	return base64.StdEncoding.EncodeToString([]byte(s))
}

type uniqueJSONFn struct{}

// ProcessElement writes one line of unique-*.jsonl.
func (*uniqueJSONFn) ProcessElement(u uribeam.Unique) string {
	return marshal(uniqueLine{URI: u.URI, Count: u.Count, Example: u.Example, ExampleB64: b64(u.Example)})
}

type rejectedJSONFn struct{}

// ProcessElement writes one line of rejected-*.jsonl.
func (*rejectedJSONFn) ProcessElement(r uribeam.Rejected) string {
	return marshal(rejectedLine{Input: r.Input, InputB64: b64(r.Input), Offset: r.Offset, Component: r.Component, Error: r.Message})
}

type repairedJSONFn struct{}

// ProcessElement writes a line of repaired-*.jsonl for a line that Repair
// changed.
func (*repairedJSONFn) ProcessElement(r uribeam.Repaired, emit func(string)) {
	if len(r.Changes) == 0 {
		return
	}
	l := repairedLine{Input: r.Input, InputB64: b64(r.Input), Result: r.URI}
	for _, c := range r.Changes {
		reason, _ := c.Kind.MarshalText() // the library's short name, as uri repair --json writes it
		l.Changes = append(l.Changes, changeLine{Offset: c.Offset, Component: c.Component, Old: c.Old, New: c.New, Reason: string(reason)})
	}
	emit(marshal(l))
}

// normalizeFlagNames are the names --normalize takes, every flag's text
// form in the library (uri.NormalizeFlags.MarshalText), lowest bit first.
func normalizeFlagNames() []string {
	var names []string
	for i := range 16 {
		if b, err := uri.NormalizeFlags(1 << i).MarshalText(); err == nil {
			names = append(names, string(b))
		}
	}
	return names
}

// normalizeFlagValue is the value of --normalize: the library's text form
// of the flags, as uri normalize --flags takes them.
type normalizeFlagValue struct{ flags uri.NormalizeFlags }

func (f *normalizeFlagValue) String() string {
	b, _ := f.flags.MarshalText()
	return string(b)
}

// Set adds the flags of a comma-separated list; --normalize may be repeated.
func (f *normalizeFlagValue) Set(s string) error {
	var g uri.NormalizeFlags
	if err := g.UnmarshalText([]byte(s)); err != nil {
		return err
	}
	f.flags |= g
	return nil
}
