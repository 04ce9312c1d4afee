#!/usr/bin/env bash
# Purchases per second with 64 concurrent buyers on SQLite, over loopback HTTP (not a test).
#
# Starts a real `sotube serve` on a fresh temporary data folder, imports a catalog of $SONGS songs
# (plain SQL), registers $BUYERS users, grants each enough coins with `sotube coins grant`, then
# fires real purchases (each a song the buyer does not own, each with its own Idempotency-Key) from
# $BUYERS keep-alive connections with wrk for $DURATION. Afterwards it counts the purchases in the
# database and runs `sotube ledger verify`, which must pass.
# CLUSTER=1: the same against scripts/cluster.sh's cluster instead (two `sotube serve` on one
# throw-away PostgreSQL, behind nginx); wrk talks to nginx.
#
# Usage: scripts/bench-purchases.sh            (builds release first)
#        SOTUBE_BIN=.build/release/sotube DURATION=15s BUYERS=64 scripts/bench-purchases.sh
#        SELLER=1 …                     (the artist sold by an account: every sale is split)
#        CLUSTER=1 …                    (two servers on PostgreSQL behind nginx; prints PostgreSQL's
#                                        count of transactions committed and rolled back during the run)
#        CLUSTER=1 PG_SLOW_MS=15 …      (and PostgreSQL's statements slower than 15 ms, from its log)
# Each run also prints the CPU each part spent per purchase (from /proc, by command name: postgres,
# sotube, nginx), and the purchases/s at which that part alone would fill the machine's cores.
# Needs: wrk, sqlite3, python3 (apt-get install -y wrk sqlite3); CLUSTER=1: nginx, postgresql.
set -euo pipefail
cd "$(dirname "$0")/.."

BUYERS=${BUYERS:-64}
THREADS=${THREADS:-2}
DURATION=${DURATION:-10s}
SONGS=${SONGS:-3000}
PORT=${PORT:-18431}
if [[ -z "${SOTUBE_BIN:-}" ]]; then
  bash scripts/build-release.sh >&2
  SOTUBE_BIN=.build/release/sotube
fi
CLUSTER=${CLUSTER:-0}
tools=(wrk sqlite3 python3)
((CLUSTER)) && tools+=(psql)
for tool in "${tools[@]}"; do
  command -v "$tool" >/dev/null || { echo "bench: $tool is needed (apt-get install -y wrk sqlite3 postgresql nginx-light)" >&2; exit 2; }
done

DATA=$(mktemp -d /tmp/sotube-bench.XXXXXX)
SERVER_PID=""
SOTUBE_CLUSTER_DIR=""
cleanup() {
  [[ -n "$SERVER_PID" ]] && kill "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null
  [[ -n "$SOTUBE_CLUSTER_DIR" ]] && bash scripts/cluster.sh stop "$SOTUBE_CLUSTER_DIR" >/dev/null 2>&1
  [[ -n "${KEEP_DATA:-}" ]] && echo "kept $DATA" >&2 || rm -rf "$DATA"
}
trap cleanup EXIT
export SOTUBE_BCRYPT_COST=4
# 64 sign-ups from one address: lift the per-address sign-up limit for the run.
export SOTUBE_PEOPLE_PER_ADDRESS=${SOTUBE_PEOPLE_PER_ADDRESS:-100}

# The store the servers share, for the CLI (STORE) and for plain SQL (sql).
if ((CLUSTER)); then
  eval "$(SOTUBE_BIN=$SOTUBE_BIN SOTUBE_CLUSTER_SEED=none bash scripts/cluster.sh start)"
  BASE=$SOTUBE_CLUSTER_URL
  STORE=(--database-url "$SOTUBE_CLUSTER_DATABASE_URL")
  ENGINE="two servers on PostgreSQL behind nginx ($SOTUBE_CLUSTER_DIR)"
  sql() { psql -q -At -v ON_ERROR_STOP=1 "$SOTUBE_CLUSTER_DATABASE_URL" -c "$1"; }
  server_logs() { cat "$SOTUBE_CLUSTER_DIR"/server*/server.log; }
else
  BASE=http://127.0.0.1:$PORT
  STORE=(--data "$DATA")
  ENGINE="SQLite at $DATA"
  sql() { sqlite3 "$DATA/sotube.sqlite" "$1"; }
  server_logs() { cat "$DATA/server.log"; }
  # Opening the store applies the migrations.
  "$SOTUBE_BIN" packs list "${STORE[@]}" >/dev/null 2>&1
fi

# The catalog: one artist, one album, $SONGS songs of 1 coin (bt-000000 …), in SQL both engines take.
sql "INSERT INTO artists (id, name, name_key, created_at) VALUES ('bench-artist', 'Bench', 'bench', 0);
  INSERT INTO albums (id, artist_id, title, title_key, created_at) VALUES ('bench-album', 'bench-artist', 'Bench', 'bench', 0);
  INSERT INTO tracks (id, album_id, artist_id, title, track_number, price, media_path, media_type,
    preview_path, preview_type, created_at, updated_at)
  WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < $SONGS)
  SELECT 'bt-' || substr(CAST(1000000 + i AS TEXT), 2), 'bench-album', 'bench-artist', 'Song ' || CAST(i AS TEXT), i, 1,
    'x.m4a', 'audio/mp4', 'x-preview.m4a', 'audio/mp4', 0, 0 FROM n;"

if ((!CLUSTER)); then
  "$SOTUBE_BIN" serve --data "$DATA" --port "$PORT" --host 127.0.0.1 2>"$DATA/server.log" &
  SERVER_PID=$!
  for _ in $(seq 1 100); do
    curl -sf "$BASE/healthz" >/dev/null 2>&1 && break
    sleep 0.1
  done
fi

python3 - "$BASE" "$BUYERS" "$DATA/tokens.txt" <<'PY'
import http.client, json, sys, urllib.parse
base, buyers, out = urllib.parse.urlsplit(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
connection = http.client.HTTPConnection(base.hostname, base.port)
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
  curl -sf -X POST "$BASE/api/v1/auth/register" -H 'content-type: application/json' \
    -d '{"username":"bench-seller","email":"seller@bench.test","password":"bench-password"}' >/dev/null
  sql "UPDATE users SET role = 'artist' WHERE username = 'bench-seller';
    INSERT INTO artist_accounts (artist_id, user_id, commission_bp, created_at)
    SELECT 'bench-artist', id, NULL, 0 FROM users WHERE username = 'bench-seller';"
fi
for i in $(seq 0 $((BUYERS - 1))); do
  "$SOTUBE_BIN" coins grant "${STORE[@]}" "$(printf 'buyer%02d' "$i")" "$SONGS" >/dev/null
done

echo "bench: $BUYERS buyers, $THREADS wrk threads, $DURATION, $ENGINE" >&2
# Every process's CPU ticks (its own and its reaped children's) by command name, before and after the run.
cpu_ticks() {
  python3 -c '
import json, os, sys
ticks = {}
for pid in filter(str.isdigit, os.listdir("/proc")):
    try:
        text = open(f"/proc/{pid}/stat").read()
    except OSError:
        continue
    comm, fields = text[text.index("(") + 1:text.rindex(")")], text[text.rindex(")") + 2:].split()
    ticks[comm] = ticks.get(comm, 0) + sum(int(x) for x in fields[11:15])
json.dump(ticks, open(sys.argv[1], "w"))' "$1"
}
cpu_ticks "$DATA/cpu-before.json"
# PostgreSQL's own count of transactions over the run (its statistics reach the view within a second).
xacts() { sql "SELECT xact_commit || ' ' || xact_rollback FROM pg_stat_database WHERE datname = current_database()"; }
((CLUSTER)) && XACTS_BEFORE=$(xacts)
((CLUSTER)) && [[ -n "${PG_SLOW_MS:-}" ]] && { sql "ALTER SYSTEM SET log_min_duration_statement = $PG_SLOW_MS"; sql "SELECT pg_reload_conf()"; } >/dev/null
BENCH_TOKENS="$DATA/tokens.txt" BENCH_THREADS="$THREADS" \
  wrk -t "$THREADS" -c "$BUYERS" -d "$DURATION" -s scripts/bench-purchases.lua "$BASE" \
  | tee "$DATA/wrk.txt" | tail -n 1
cpu_ticks "$DATA/cpu-after.json"

if ((!CLUSTER)); then
  kill "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=""
fi
PURCHASES=$(sql "SELECT COUNT(*) FROM purchases")
if ((CLUSTER)); then
  sleep 1.5
  read -r c0 r0 <<<"$XACTS_BEFORE"; read -r c1 r1 <<<"$(xacts)"
  echo "PostgreSQL transactions during the run: $((c1 - c0)) committed, $((r1 - r0)) rolled back"
fi
FAILED=$(server_logs | grep -c '"path":"/api/v1/purchases","status":"[^2]' || true)
echo "purchases in the database: $PURCHASES (answers other than 201 logged by the server: $FAILED)"
if ((CLUSTER)) && [[ -n "${PG_SLOW_MS:-}" ]]; then
  echo "PostgreSQL's statements slower than $PG_SLOW_MS ms (the slowest 20):"
  { grep -h -E "ERROR|duration: " "$(cat "$SOTUBE_CLUSTER_DIR/pg-dir")/server.log" || true; } \
    | sed -E "s/.*(duration: [0-9.]+ ms)/\1/" | cut -c1-200 | sort -t: -k2 -rn >"$DATA/slow.txt"
  head -20 "$DATA/slow.txt"
fi
# What each part of the store spent per purchase, and what that allows on this machine's cores: the
# purchases/s at which that part alone would fill every core (the cluster's ceiling is PostgreSQL's).
python3 - "$DATA/cpu-before.json" "$DATA/cpu-after.json" "$PURCHASES" <<'PY'
import json, os, sys
before, after, purchases = json.load(open(sys.argv[1])), json.load(open(sys.argv[2])), int(sys.argv[3])
tick_ms, cores = 1000 / os.sysconf("SC_CLK_TCK"), os.cpu_count()
parts = [("PostgreSQL", "postgres"), ("the servers", "sotube"), ("nginx", "nginx")]
cells = []
for name, comm in parts:
    ms = (after.get(comm, 0) - before.get(comm, 0)) * tick_ms / max(purchases, 1)
    if ms > 0:
        cells.append(f"{name} {ms:.3f} ms (alone it fills {cores} cores at {cores * 1000 / ms:,.0f}/s)")
print("CPU per purchase: " + "; ".join(cells))
PY
"$SOTUBE_BIN" ledger verify "${STORE[@]}"
