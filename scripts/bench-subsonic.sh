#!/usr/bin/env bash
# SoTube's Subsonic API vs supysonic on the same 1,000 songs: server CPU per request under 16
# concurrent clients for ping, getAlbumList2, search3 and getAlbum (goal: ≤ 1/30 of supysonic's).
#   bash scripts/bench-subsonic.sh [--songs N] [--requests N]     (builds the release binary first)
#   SOTUBE_BIN=.build/debug/sotube bash scripts/bench-subsonic.sh  (measure another build)
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -z ${SOTUBE_BIN:-} ]]; then
  bash scripts/build-release.sh >&2
  SOTUBE_BIN=.build/release/sotube
fi
exec python3 scripts/bench-subsonic.py --bin "$SOTUBE_BIN" "$@"
