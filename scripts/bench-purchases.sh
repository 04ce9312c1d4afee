#!/usr/bin/env bash
# Purchases per second with 64 concurrent buyers on SQLite, over loopback HTTP (not a test).
#
# Starts a real `sotube serve` on a fresh temporary data folder, imports a catalog of $SONGS songs
# (plain SQL), registers $BUYERS users, grants each enough coins with `sotube coins grant`, then
# fires real purchases (each a song the buyer does not own, each with its own Idempotency-Key) from
# $BUYERS keep-alive connections with wrk for $DURATION. Afterwards it counts the purchases in the
# database and runs `sotube ledger verify`, which must pass.
#
# Usage: scripts/bench-purchases.sh            (builds release first)
#        SOTUBE_BIN=.build/release/sotube DURATION=15s BUYERS=64 scripts/bench-purchases.sh
#        SELLER=1 …                     (the artist sold by an account: every sale is split)
# Needs: wrk, sqlite3, python3 (apt-get install -y wrk sqlite3).
set -euo pipefail
cd "$(dirname "$0")/.."

BUYERS=${BUYERS:-64}
THREADS=${THREADS:-2}
DURATION=${DURATION:-10s}
SONGS=${SONGS:-3000}
PORT=${PORT:-18431}
if [[ -z "${SOTUBE_BIN:-}" ]]; then
  swift build -c release --product sotube >&2
  SOTUBE_BIN=.build/release/sotube
fi
for tool in wrk sqlite3 python3; do
  command -v "$tool" >/dev/null || { echo "bench: $tool is needed (apt-get install -y wrk sqlite3)" >&2; exit 2; }
done

DATA=$(mktemp -d /tmp/sotube-bench.XXXXXX)
SERVER_PID=""
cleanup() {
  [[ -n "$SERVER_PID" ]] && kill "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null
  rm -rf "$DATA"
}
trap cleanup EXIT
export SOTUBE_BCRYPT_COST=4
# 64 sign-ups from one address: lift the per-address sign-up limit for the run.
export SOTUBE_PEOPLE_PER_ADDRESS=${SOTUBE_PEOPLE_PER_ADDRESS:-100}

# Opening the store applies the migrations (`sotube migrate` can crash on exit: it closes the database twice).
"$SOTUBE_BIN" packs list --data "$DATA" >/dev/null 2>&1
python3 - "$DATA/sotube.sqlite" "$SONGS" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1]); songs = int(sys.argv[2])
db.execute("INSERT INTO artists (id, name, name_key, created_at) VALUES ('bench-artist', 'Bench', 'bench', 0)")
db.execute("INSERT INTO albums (id, artist_id, title, title_key, created_at) VALUES ('bench-album', 'bench-artist', 'Bench', 'bench', 0)")
db.executemany(
    "INSERT INTO tracks (id, album_id, artist_id, title, track_number, price, media_path, media_type,"
    " preview_path, preview_type, created_at, updated_at) VALUES (?, 'bench-album', 'bench-artist', ?, ?, 1,"
    " 'x.m4a', 'audio/mp4', 'x-preview.m4a', 'audio/mp4', 0, 0)",
    [("bt-%06d" % i, "Song %d" % i, i) for i in range(songs)])
db.commit()
PY

"$SOTUBE_BIN" serve --data "$DATA" --port "$PORT" --host 127.0.0.1 2>"$DATA/server.log" &
SERVER_PID=$!
for _ in $(seq 1 100); do
  curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1 && break
  sleep 0.1
done

python3 - "$PORT" "$BUYERS" "$DATA/tokens.txt" <<'PY'
import http.client, json, sys
port, buyers, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
connection = http.client.HTTPConnection("127.0.0.1", port)
tokens = []
for i in range(buyers):
    body = json.dumps({"username": "buyer%02d" % i, "email": "buyer%02d@bench.test" % i, "password": "bench-password"})
    connection.request("POST", "/api/v1/auth/register", body, {"Content-Type": "application/json"})
    response = connection.getresponse()
    assert response.status == 201, response.read()
    tokens.append(json.loads(response.read())["token"])
open(out, "w").write("\n".join(tokens) + "\n")
PY
# SELLER=1: the catalog's artist is sold by an artist's account, so each purchase also writes the
# split of its coins (the seller's share and the store's commission, issue 31).
if [[ "${SELLER:-0}" == 1 ]]; then
  curl -sf -X POST "http://127.0.0.1:$PORT/api/v1/auth/register" -H 'content-type: application/json' \
    -d '{"username":"bench-seller","email":"seller@bench.test","password":"bench-password"}' >/dev/null
  sqlite3 "$DATA/sotube.sqlite" "UPDATE users SET role = 'artist' WHERE username = 'bench-seller';
    INSERT INTO artist_accounts (artist_id, user_id, commission_bp, created_at)
    SELECT 'bench-artist', id, NULL, 0 FROM users WHERE username = 'bench-seller';"
fi
for i in $(seq 0 $((BUYERS - 1))); do
  "$SOTUBE_BIN" coins grant --data "$DATA" "$(printf 'buyer%02d' "$i")" "$SONGS" >/dev/null
done

echo "bench: $BUYERS buyers, $THREADS wrk threads, $DURATION, SQLite at $DATA" >&2
BENCH_TOKENS="$DATA/tokens.txt" BENCH_THREADS="$THREADS" \
  wrk -t "$THREADS" -c "$BUYERS" -d "$DURATION" -s scripts/bench-purchases.lua "http://127.0.0.1:$PORT" \
  | tee "$DATA/wrk.txt" | tail -n 1

kill "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=""
PURCHASES=$(sqlite3 "$DATA/sotube.sqlite" "SELECT COUNT(*) FROM purchases")
FAILED=$(grep -c '"path":"/api/v1/purchases","status":"[^2]' "$DATA/server.log" || true)
echo "purchases in the database: $PURCHASES (answers other than 201 logged by the server: $FAILED)"
"$SOTUBE_BIN" ledger verify --data "$DATA"
