// Command uri-beam normalizes, repairs and deduplicates URL lists as an
// Apache Beam pipeline: the library's uri normalize over files too large
// for one machine, in process on Beam's prism runner by default, or
// unchanged on Flink, Spark or Dataflow.
//
// Usage:
//
//	uri-beam --input GLOB --output DIR [--field NAME] [--normalize FLAGS] [--repair]
//	         [--shards N] [--runner RUNNER ...]
//
// It reads every file that GLOB matches (gzip when the name ends in .gz),
// one URI reference a line, or with --field one JSON object a line whose
// field NAME holds it. It writes in DIR
//
//	unique-*.jsonl    {"uri": normal form, "count": lines, "example": a line}
//	rejected-*.jsonl  {"input", "offset", "component", "error"}
//	hosts-*.tsv       host<TAB>lines, the most lines first
//	repaired-*.jsonl  with --repair, the lines Repair changed, as uri repair --json
//
// The normal forms, the rejected lines and their offsets are exactly what
// uri normalize --json (or with --repair, uri repair --json and then uri
// normalize) gives for the same lines in one process. Run uri-beam --help
// for the flags, those of the runners included.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"
)

func main() {
	j := &job{}
	j.define(flag.CommandLine)
	flag.Usage = func() { usage(os.Stderr, flag.CommandLine) }
	flag.Parse()
	// On a cluster the same binary runs as the runner's worker: Init
	// serves the worker and does not return then.
	beam.Init()
	if err := j.check(flag.CommandLine); err != nil {
		fmt.Fprintln(os.Stderr, "uri-beam:", err)
		fmt.Fprintln(os.Stderr, `Run "uri-beam --help" for usage.`)
		os.Exit(2)
	}
	p, err := j.pipeline()
	if err == nil {
		// No --runner: prism, in this process.
		err = beamx.Run(context.Background(), p)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "uri-beam:", err)
		os.Exit(1)
	}
}

// runnerFlags are the flags of Beam's runners that --help shows, in this
// order; the SDK defines them and many more.
var runnerFlags = []string{
	"runner", "endpoint", "environment_type", "environment_config", "job_name",
	"project", "region", "staging_location", "temp_location", "parallelism", "async",
}

// usage writes the help: what the command does, its own flags and the
// runners' flags that matter to run it on a cluster.
func usage(w io.Writer, fs *flag.FlagSet) {
	fmt.Fprint(w, `Usage: uri-beam --input GLOB --output DIR [--field NAME] [--normalize FLAGS]
                [--repair] [--shards N] [--runner RUNNER ...]

uri-beam normalizes URI references (RFC 3986, sections 6.2.2 and 6.2.3, as
"uri normalize" does), optionally repairs them first (as "uri repair"),
deduplicates them by normal form and counts them per host, as an Apache Beam
pipeline. With no --runner it runs in this process (Beam's prism runner); the
same command runs on Flink, Spark or Dataflow:

  uri-beam --input 'urls/*.txt.gz' --output out
  uri-beam --input 'gs://b/crawl/*.jsonl.gz' --field url --output gs://b/out \
      --runner dataflow --project P --region us-central1 \
      --staging_location gs://b/staging

It writes in DIR:
  unique-*.jsonl    {"uri":normal form,"count":lines,"example":one line as read}
  rejected-*.jsonl  {"input":line,"offset":n,"component":name,"error":message},
                    the offset and message of "uri normalize --json"
  hosts-*.tsv       host<TAB>lines with that host, the most first
  repaired-*.jsonl  with --repair: the lines repair changed, as "uri repair --json"

Flags:
`)
	own := flag.NewFlagSet("", flag.ContinueOnError)
	(&job{}).define(own)
	own.SetOutput(w)
	own.PrintDefaults()
	fmt.Fprint(w, "\nRunner flags (Beam's; see its documentation for the others):\n")
	rf := flag.NewFlagSet("", flag.ContinueOnError)
	for _, name := range runnerFlags {
		if f := fs.Lookup(name); f != nil {
			rf.Var(f.Value, f.Name, f.Usage)
		}
	}
	rf.SetOutput(w)
	rf.PrintDefaults()
}
