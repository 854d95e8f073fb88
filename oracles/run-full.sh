#!/bin/sh
# The full differential run: 100,000 generated inputs per reader (CI runs
# 5,000). Each real parser must be installed (see .ci/run).
set -eu
cd "$(dirname "$0")"
URI_ORACLES_REQUIRE=1 exec go test -count=1 -timeout 60m -v -run Differential -oracles.n=100000 ./... "$@"
