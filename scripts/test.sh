#!/usr/bin/env bash
# Runs every test: Swift unit, store-contract (SQLite and a real PostgreSQL) and HTTP suites, then the
# Python end-to-end suites (CLI, OpenAPI validation, media, browser on headless Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh test

echo "== build"
swift build --build-tests

eval "$(bash scripts/pg-start.sh)"
trap 'bash scripts/pg-stop.sh' EXIT
echo "== PostgreSQL for the store contract suite: $SOTUBE_TEST_POSTGRES_URL"

echo "== swift test"
swift test --skip-build

echo "== end-to-end (pytest, ${SOTUBE_E2E_WORKERS:=3} workers)"
export SOTUBE_BIN="$PWD/.build/debug/sotube"
export SOTUBE_CLIENT_BIN="$PWD/.build/debug/sotube-client"
# pytest-xdist: each file in one worker, in the order e2e/conftest.py gives (the files that wait for
# the demo catalog last, so its synthesis overlaps the others); then the timing-sensitive tests
# (marked serial: a latency bound, gaps in played audio) alone. Three workers on two cores: a worker
# waits on its browser, its server and Playwright in turn, and two left 15 % of the cores idle
# (docs/performance.md, "2026-12-02 (fifth)"). SOTUBE_E2E_WORKERS sets another number.
status=0
python3 -m pytest e2e -q -p no:cacheprovider -n "$SOTUBE_E2E_WORKERS" --dist loadfile --no-loadscope-reorder -m "not serial" --durations=30 || status=$?
python3 -m pytest e2e -q -p no:cacheprovider -m serial || status=$?
exit "$status"
