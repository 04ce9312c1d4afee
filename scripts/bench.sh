#!/usr/bin/env bash
# Prints one table of the figures the open issues name, for this build and a reference build measured
# in the same run (run it by hand on a quiet machine; it is not a test):
#   bash scripts/bench.sh                                   # this build only
#   BENCH_REFERENCE_BIN=/tmp/ref/.build/debug/sotube bash scripts/bench.sh
# A reference build of an earlier commit: git worktree add /tmp/ref REV && (cd /tmp/ref && swift build --product sotube)
# Figures: `/healthz` during 16 parallel sign-ups at bcrypt cost 12, and how many of 20 parallel wrong
# passwords are answered 401 before 429. The measuring code is the login-abuse e2e test's (run with -s).
set -uo pipefail
cd "$(dirname "$0")/.."
current=${SOTUBE_BIN:-$PWD/.build/debug/sotube}
[[ -x $current ]] || swift build --product sotube >/dev/null

measure() {  # $1 = binary; prints the test's "burst …" and "20 parallel …" lines
  SOTUBE_BIN=$1 python3 -m pytest e2e/api/test_login_abuse.py -q -s -p no:cacheprovider \
    -k "burst or parallel" 2>&1 | grep -E "^[.F]?(burst [0-9]|20 parallel)" | sed -E 's/^[.F]//'
}

row() {  # $1 = label, $2 = lines from measure
  local burst logins
  burst=$(grep -o "p95 .*" <<<"$2" | head -1)
  logins=$(grep -o "[0-9]* × 401" <<<"$2" | head -1)
  printf '| %s | %s | %s |\n' "$1" "${burst:-?}" "${logins:-?}"
}

echo "| build | /healthz during 16 sign-ups (cost 12) | 20 parallel wrong passwords |"
echo "|---|---|---|"
row "this build" "$(measure "$current")"
if [[ -n ${BENCH_REFERENCE_BIN:-} ]]; then
  row "reference ($BENCH_REFERENCE_BIN)" "$(measure "$BENCH_REFERENCE_BIN")"
fi
# The Subsonic API against supysonic on 1,000 songs (slow the first time: it installs supysonic and
# makes the library, then caches both): BENCH_SUBSONIC=1 bash scripts/bench.sh
if [[ ${BENCH_SUBSONIC:-0} == 1 ]]; then
  echo
  python3 scripts/bench-subsonic.py --bin "$current" | sed -n '/^Server CPU per request/,$p'
fi
