#!/usr/bin/env bash
# Builds and serves the store on the embedded default (SQLite in ./data). An empty catalog is seeded
# with the demo catalog. Extra arguments go to `sotube serve` (e.g. --port 9000 --data /srv/sotube).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh run
swift build --product sotube
exec .build/debug/sotube serve "$@"
