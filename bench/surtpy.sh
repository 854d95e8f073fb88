#!/bin/sh
# Writes the SURT key that internetarchive/surt (Python, the reference key
# maker) gives each valid line of the URL lists, for TestKeysPython:
#
#	PYSURT=/path/to/internetarchive/surt bench/surtpy.sh /tmp/surtkeys
#	SURT_PYTHON_KEYS=/tmp/surtkeys go test -run TestKeysPython ./...   # in bench/
#
# PYSURT is a checkout of https://github.com/internetarchive/surt (its
# surt/ package is imported, not copied; it needs Python 3 and six). Its
# tldextract import is only used for public-suffix options, so a stub stands
# in for it. The lines are those BenchmarkKeys uses (TestDumpKeyLines
# writes them), one per line.
set -eu
out=${1:?usage: PYSURT=dir surtpy.sh outdir}
: "${PYSURT:?PYSURT must name a checkout of internetarchive/surt}"
mkdir -p "$out"
cd "$(dirname "$0")"
DUMP_KEY_LINES="$out" go test -run '^TestDumpKeyLines$' . >/dev/null
stub=$(mktemp -d)
trap 'rm -rf "$stub"' EXIT
echo 'def extract(host): raise NotImplementedError' >"$stub/tldextract.py"
PYTHONPATH="$PYSURT:$stub" python3 - "$out" <<'PY'
import os, sys
from surt import surt
out = sys.argv[1]
for name in sorted(os.listdir(out)):
    if not name.endswith('.lines'):
        continue
    with open(os.path.join(out, name), 'rb') as f:
        lines = f.read().split(b'\n')[:-1]
    with open(os.path.join(out, name[:-len('.lines')] + '.keys'), 'wb') as w:
        for u in lines:
            try:
                k = surt(u)
            except Exception as e:
                k = b'ERROR ' + type(e).__name__.encode()
            w.write(k.replace(b'\\', b'\\\\').replace(b'\n', b'\\n') + b'\n')
PY
