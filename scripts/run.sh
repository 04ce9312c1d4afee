#!/usr/bin/env bash
# Builds and serves the store on the embedded default (SQLite in ./data). An empty catalog is seeded
# with the demo catalog. Extra arguments go to `sotube serve` (e.g. --port 9000 --data /srv/sotube).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh run
swift build --product sotube
# A crash report without symbolication: the process exits (and can be started again) in a fraction of a
# second instead of ~12 s (`sotube serve` sets the same itself when the variable is unset).
export SWIFT_BACKTRACE=${SWIFT_BACKTRACE:-enable=yes,symbolicate=no,threads=crashed,registers=none,images=mentioned,interactive=no,output-to=stderr}
exec .build/debug/sotube serve "$@"
