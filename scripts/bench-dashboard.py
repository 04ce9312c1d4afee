#!/usr/bin/env python3
"""The operator's dashboard on a large store (not a test).

Builds a store of --purchases purchases (default 1,000,000) over a year: `sotube catalog synth` for
the songs, then users, grants, purchases (songs by a skewed popularity, one in twenty an album),
their owned songs and ledger entries written straight into the SQLite file in one transaction each,
through the database's own triggers (which keep the dashboard's aggregates, as they do for every
sale). Then `sotube serve` answers GET /api/v1/admin/dashboard as an operator, one request at a time:
the last 30 days by day, the last 365 days by week and by month, --requests each; p50/p95/max.

Reference, in the same run on the same file: the same totals computed from the ledger itself (what a
dashboard without the aggregates would run: SUM over ledger_entries and purchases GROUP BY day and
kind, and the top songs from owned_tracks joined to purchases), timed with Python's sqlite3.

  scripts/bench-dashboard.py                           # release build, 1M purchases
  scripts/bench-dashboard.py --purchases 20000 --binary .build/debug/sotube
Prints one JSON line per figure; the work folder (--work) is kept, so a second run skips the build-up.
"""
import argparse
import http.client
import json
import os
import random
import sqlite3
import subprocess
import time

DAY_MS = 86_400_000


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(round(p / 100 * len(ordered) + 0.5)) - 1))]


def build_store(binary, data, purchases, users, seed):
    db = os.path.join(data, "sotube.sqlite")
    if os.path.exists(os.path.join(data, "bench-ready")):
        return db
    tracks = max(20_000, purchases // 50)
    env = dict(os.environ, SOTUBE_DEMO="0")
    subprocess.run([binary, "catalog", "synth", "--tracks", str(tracks), "--data", data], check=True, env=env,
                   stdout=subprocess.DEVNULL)
    subprocess.run([binary, "users", "add", "boss", "--email", "boss@bench.test", "--password", "bench-password",
                    "--role", "operator", "--data", data], check=True, env=dict(env, SOTUBE_BCRYPT_COST="4"),
                   stdout=subprocess.DEVNULL)
    rng = random.Random(seed)
    con = sqlite3.connect(db)
    con.execute("PRAGMA foreign_keys = ON")
    track_rows = con.execute("SELECT id, album_id, price FROM tracks ORDER BY id").fetchall()
    albums = {}
    for tid, aid, price in track_rows:
        albums.setdefault(aid, []).append((tid, price))
    album_ids = list(albums)
    now_ms = int(time.time() * 1000)
    start_ms = now_ms - 365 * DAY_MS
    # Users, each granted enough coins for what they will buy.
    per_user = purchases // users + 1
    with con:
        con.executemany(
            "INSERT INTO users (id, username, username_key, email, email_key, display_name, password_hash, coins, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?, 'x', 0, ?)",
            [(f"u{n:06d}", f"buyer{n}", f"buyer{n}", f"b{n}@bench.test", f"b{n}@bench.test", f"Buyer {n}",
              start_ms + rng.randrange(365 * DAY_MS)) for n in range(users)])
    balances = {}
    with con:
        rows = []
        for n in range(users):
            uid = f"u{n:06d}"
            coins = per_user * 200
            balances[uid] = coins
            rows.append((f"g-{uid}", uid, "grant", f"g-{uid}", coins, coins, "bench", start_ms))
        con.executemany(
            "INSERT INTO ledger_entries (id, user_id, kind, reference, delta, balance_after, description, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)", rows)
    # Purchases in time order, in batches of 50,000 (one transaction each).
    times = sorted(start_ms + rng.randrange(365 * DAY_MS) for _ in range(purchases))
    owned = {}
    made = 0
    batch_p, batch_o, batch_l = [], [], []

    def flush():
        with con:
            con.executemany(
                "INSERT INTO purchases (id, user_id, kind, album_id, title, coins, balance_after, idempotency_key,"
                " request_fingerprint, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'bench', ?)", batch_p)
            con.executemany(
                "INSERT INTO owned_tracks (user_id, track_id, purchase_id, created_at) VALUES (?, ?, ?, ?)", batch_o)
            con.executemany(
                "INSERT INTO ledger_entries (id, user_id, kind, reference, delta, balance_after, description,"
                " idempotency_key, created_at) VALUES (?, ?, 'purchase', ?, ?, ?, 'bench', ?, ?)", batch_l)
        batch_p.clear(); batch_o.clear(); batch_l.clear()

    for at in times:
        uid = f"u{rng.randrange(users):06d}"
        mine = owned.setdefault(uid, set())
        pid = f"p{made:08d}"
        # Something this buyer does not own yet (drawn again until found: every drawn time is a sale).
        while True:
            if rng.random() < 0.05:
                aid = album_ids[int(len(album_ids) * rng.random() ** 3)]
                songs = [(t, p) for t, p in albums[aid] if t not in mine]
                if not songs:
                    continue
                coins = max(1, sum(p for _, p in songs) * 8 // 10)
                kind, album = "album", aid
            else:
                # Popularity: a few songs sell most (the cube of a uniform number favours the first ones).
                tid, aid, price = track_rows[int(len(track_rows) * rng.random() ** 3)]
                if tid in mine:
                    continue
                songs, coins, kind, album = [(tid, price)], price, "track", None
            break
        balances[uid] -= coins
        batch_p.append((pid, uid, kind, album, "bench", coins, balances[uid], pid, at))
        for tid, _ in songs:
            mine.add(tid)
            batch_o.append((uid, tid, pid, at))
        batch_l.append((f"l{made:08d}", uid, pid, -coins, balances[uid], pid, at))
        made += 1
        if len(batch_p) >= 50_000:
            flush()
    flush()
    with con:
        con.executemany("UPDATE users SET coins = ? WHERE id = ?", [(c, u) for u, c in balances.items()])
    con.close()
    open(os.path.join(data, "bench-ready"), "w").write(str(made))
    return db


def reference_ms(db, days, repeat=5):
    """The same totals and top songs from the ledger itself, without the aggregates."""
    con = sqlite3.connect(db)
    now_ms = int(time.time() * 1000)
    since = (now_ms // DAY_MS - days + 1) * DAY_MS
    took = []
    for _ in range(repeat):
        started = time.perf_counter()
        con.execute("SELECT created_at / 86400000, kind, SUM(delta), COUNT(*) FROM ledger_entries"
                    " WHERE created_at >= ? GROUP BY 1, 2", (since,)).fetchall()
        con.execute("SELECT created_at / 86400000, kind, SUM(coins), COUNT(*) FROM purchases"
                    " WHERE created_at >= ? GROUP BY 1, 2", (since,)).fetchall()
        con.execute("SELECT o.track_id, SUM(p.coins) FROM owned_tracks o JOIN purchases p ON p.id = o.purchase_id"
                    " WHERE p.kind = 'track' AND p.created_at >= ? GROUP BY o.track_id ORDER BY 2 DESC LIMIT 10",
                    (since,)).fetchall()
        took.append((time.perf_counter() - started) * 1000)
    con.close()
    return percentile(took, 50)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=".build/release/sotube")
    parser.add_argument("--purchases", type=int, default=1_000_000)
    parser.add_argument("--users", type=int, default=20_000)
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--work", default="/tmp/sotube-bench-dashboard")
    parser.add_argument("--port", type=int, default=18941)
    parser.add_argument("--seed", type=int, default=20261127)
    args = parser.parse_args()
    data = os.path.join(args.work, f"data-{args.purchases}")
    os.makedirs(data, exist_ok=True)
    started = time.time()
    db = build_store(os.path.abspath(args.binary), data, args.purchases, args.users, args.seed)
    made = int(open(os.path.join(data, "bench-ready")).read())
    print(json.dumps({"figure": "store", "purchases": made, "build_s": round(time.time() - started, 1)}), flush=True)
    env = dict(os.environ, SOTUBE_DEMO="0", SOTUBE_BCRYPT_COST="4")
    server = subprocess.Popen([os.path.abspath(args.binary), "serve", "--data", data, "--port", str(args.port),
                               "--host", "127.0.0.1", "--workers", "0"], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(300):
            try:
                c = http.client.HTTPConnection("127.0.0.1", args.port, timeout=2)
                c.request("GET", "/healthz")
                if c.getresponse().status == 200:
                    break
            except OSError:
                time.sleep(0.2)
        conn = http.client.HTTPConnection("127.0.0.1", args.port, timeout=30)
        conn.request("POST", "/api/v1/auth/login", json.dumps({"username": "boss", "password": "bench-password"}),
                     {"content-type": "application/json"})
        token = json.loads(conn.getresponse().read())["token"]
        headers = {"authorization": f"Bearer {token}"}
        today = time.strftime("%Y-%m-%d", time.gmtime())
        for name, days, by in (("30 days by day", 30, "day"), ("365 days by week", 365, "week"),
                               ("365 days by month", 365, "month")):
            start = time.strftime("%Y-%m-%d", time.gmtime(time.time() - (days - 1) * 86400))
            path = f"/api/v1/admin/dashboard?from={start}&to={today}&by={by}"
            took = []
            for _ in range(args.requests):
                t0 = time.perf_counter()
                conn.request("GET", path, headers=headers)
                response = conn.getresponse()
                body = response.read()
                took.append((time.perf_counter() - t0) * 1000)
                assert response.status == 200, body[:300]
            totals = json.loads(body)["totals"]
            print(json.dumps({
                "figure": f"dashboard {name}", "p50_ms": round(percentile(took, 50), 2),
                "p95_ms": round(percentile(took, 95), 2), "max_ms": round(max(took), 2),
                "purchases_in_range": totals["purchases"],
                "reference_from_ledger_ms": round(reference_ms(db, days), 1)}), flush=True)
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
