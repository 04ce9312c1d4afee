#!/bin/sh
# Search latency benchmark (not a test): builds a release binary, then runs bench-search.py.
# Usage: scripts/bench-search.sh [--sizes 10000,1000000] [--queries 3000]
set -e
cd "$(dirname "$0")/.."
bash scripts/build-release.sh
exec python3 scripts/bench-search.py --binary .build/release/sotube "$@"
