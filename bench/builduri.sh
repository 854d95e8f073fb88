# Sourced by cmd.sh and longlines.sh, from bench/: makes the directory $tmp,
# removed on exit, and builds the command there as $tmp/uri. It is built in
# the main module, whose go.sum holds the command's dependencies.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd .. && go build -o "$tmp/uri" ./cmd/uri)
