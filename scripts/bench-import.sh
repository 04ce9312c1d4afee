#!/bin/sh
# Import pipeline benchmark (not a test): a release build, then bench-import.py on generated files.
# Usage: scripts/bench-import.sh [--files 2000] [--bin PATH] [--reference-bin PATH]
#   BENCH_SKIP_BUILD=1 uses .build/release/sotube (or --bin) as it is.
set -e
cd "$(dirname "$0")/.."
if [ -z "$BENCH_SKIP_BUILD" ]; then bash scripts/build-release.sh; fi
exec python3 scripts/bench-import.py --bin .build/release/sotube "$@"
