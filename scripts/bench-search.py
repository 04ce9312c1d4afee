#!/usr/bin/env python3
"""Search latency benchmark (not a test).

Synthesises catalogs with `sotube catalog synth`, starts `sotube serve` on each, and measures
GET /api/v1/search latency from a client on loopback: prefix queries of 1-3 words drawn from
the catalog's own names, the last word cut to a random prefix (as typed).

  scripts/bench-search.py                      # 10k and 1M tracks, release build
  scripts/bench-search.py --sizes 10000 --queries 2000 --binary .build/debug/sotube
  scripts/bench-search.py --sizes 1000000 --database-url postgres://…   # PostgreSQL (issue 35)
  scripts/bench-search.py --sizes 10000000 --binary B --reference A     # B and A asked in turn, query by query
  scripts/bench-search.py --sizes 10000000 --reference-data D           # the same build on a second copy D of
                                                                        # the catalog (another index), in turn
  scripts/bench-search.py ... --wait-for-log 'search word-start bitmaps ready'   # asked once the bitmaps are made

Data folders are kept in --work (default /tmp/sotube-bench) so a second run skips synthesis.
"""
import argparse
import http.client
import json
import os
import random
import sqlite3
import subprocess
import sys
import time
import urllib.parse


def percentile(values, p):
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, int(round(p / 100 * len(ordered) + 0.5)) - 1))
    return ordered[index]


def sample_queries(db_path, count, rng):
    con = sqlite3.connect(db_path)
    names = []
    for table, column in (("tracks", "title"), ("artists", "name"), ("albums", "title")):
        total = con.execute(f"SELECT MAX(rowid) FROM {table}").fetchone()[0] or 0
        want = count if table == "tracks" else count // 4
        for _ in range(want):
            row = con.execute(f"SELECT {column} FROM {table} WHERE rowid = ?", (rng.randint(1, total),)).fetchone()
            if row:
                names.append(row[0])
    con.close()
    return prefix_queries(names, count, rng)


def sample_queries_postgres(url, count, rng):
    """The same mix drawn from a PostgreSQL catalog (psql; a seeded random order)."""
    names = []
    for table, column, want in (("tracks", "title", count), ("artists", "name", count // 4),
                                ("albums", "title", count // 4)):
        sql = f"SELECT setseed({rng.random()}); SELECT {column} FROM {table} ORDER BY random() LIMIT {want}"
        out = subprocess.run(["psql", url, "-At", "-c", sql], check=True, capture_output=True, text=True).stdout
        names += [line for line in out.splitlines()[1:] if line.strip()]
    return prefix_queries(names, count, rng)


def prefix_queries(names, count, rng):
    queries = []
    while len(queries) < count:
        words = rng.choice(names).split()
        n = rng.randint(1, min(3, len(words)))
        start = rng.randint(0, len(words) - n)
        chosen = words[start:start + n]
        last = chosen[-1]
        chosen[-1] = last[: rng.randint(1, len(last))]
        queries.append(" ".join(chosen))
    return queries


def wait_healthy(port, timeout=120):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/healthz")
            if conn.getresponse().status == 200:
                return
        except OSError:
            pass
        time.sleep(0.3)
    raise SystemExit("server did not become healthy")


def bench(binary, size, args):
    pg = args.database_url
    data = os.path.join(args.work, f"{'pg-' if pg else ''}tracks-{size}")
    db = os.path.join(data, "sotube.sqlite")
    made = os.path.join(data, "synthesised") if pg else db
    engine = ["--database-url", pg] if pg else []
    synth_s = None  # the synth's time (rows, then the index), when this run made the catalog
    if not os.path.exists(made):
        os.makedirs(data, exist_ok=True)
        started = time.time()
        subprocess.run([binary, "catalog", "synth", "--tracks", str(size), "--data", data, *engine], check=True)
        synth_s = round(time.time() - started, 1)
        print(f"[{size}] synthesised in {synth_s} s", flush=True)
        if pg:
            open(made, "w").close()
    rng = random.Random(size)
    queries = sample_queries_postgres(pg, args.queries, rng) if pg else sample_queries(db, args.queries, rng)
    port = args.port
    compared = args.reference or args.reference_data
    binaries = [binary] + ([args.reference or binary] if compared else [])
    folders = [data] + ([args.reference_data or data] if compared else [])
    if not args.cold and not pg:
        # A long-running server has its index in the OS page cache; read each file once so the
        # figures are not dominated by first-touch disk reads of a 600 MB index.
        preread(folders)
    logs, servers = [], []
    try:
        for index, each in enumerate(binaries):
            logs.append(open(os.path.join(folders[index], f"serve{'-reference' if index else ''}.log"), "w"))
            servers.append(subprocess.Popen(
                [each, "serve", "--data", folders[index], "--port", str(port + index), "--host", "127.0.0.1", *engine],
                stdout=logs[-1], stderr=logs[-1]))
        for index in range(len(binaries)):
            wait_healthy(port + index)
        if args.wait_for_log:
            wait_for_log(os.path.join(folders[0], "serve.log"), args.wait_for_log)
            if not args.cold and not pg:
                # What the first server did meanwhile (say, scanned a table for its bitmaps) may have
                # pushed the other's pages out of a page cache too small for both copies: read again.
                preread(folders)
        conns = [http.client.HTTPConnection("127.0.0.1", port + index) for index in range(len(binaries))]
        latencies = [[] for _ in binaries]
        per_query = [{} for _ in binaries]
        answers = [{} for _ in binaries]
        hits = 0
        # With a reference, both servers answer each query in turn, in a seeded random order, one
        # request in flight: a busy spell of the machine falls on both alike.
        order = random.Random(7)
        for i, text in enumerate(queries[: args.warmup] + queries):
            path = f"/api/v1/search?limit={args.limit}&q=" + urllib.parse.quote(text)
            turns = list(range(len(binaries)))
            order.shuffle(turns)
            for index in turns:
                t0 = time.perf_counter()
                conns[index].request("GET", path)
                response = conns[index].getresponse()
                body = response.read()
                elapsed = (time.perf_counter() - t0) * 1000
                if response.status != 200:
                    raise SystemExit(f"{path}: HTTP {response.status} {body[:200]!r}")
                if i >= args.warmup:
                    latencies[index].append(elapsed)
                    per_query[index].setdefault(text, []).append(elapsed)
                    result = json.loads(body)
                    answers[index][text] = result
                    if index == 0 and any(result[kind] for kind in ("artists", "albums", "tracks", "playlists")):
                        hits += 1
        sizes_mb = [pg_size_mb(pg)] * len(folders) if pg else [
            os.path.getsize(os.path.join(folder, "sotube.sqlite")) / 1e6 for folder in folders]
        for index, each in enumerate(binaries):
            mine = latencies[index]
            print(json.dumps({
                "engine": "postgresql" if pg else "sqlite", "tracks": size, "synth_s": synth_s,
                "binary": each if compared else None, "data": folders[index] if args.reference_data else None,
                "queries": len(mine), "limit": args.limit,
                "p50_ms": round(percentile(mine, 50), 2), "p90_ms": round(percentile(mine, 90), 2),
                "p99_ms": round(percentile(mine, 99), 2), "max_ms": round(max(mine), 2),
                "queries_with_hits_pct": round(100 * hits / len(latencies[0]), 1),
                "database_mb": round(sizes_mb[index], 1), "server_rss_mb": rss_of(servers[index].pid),
                "page_cache": "cold" if args.cold else "warm", "load_average_1m": round(os.getloadavg()[0], 1),
                "by_words_mean_ms": by_words(per_query[index]),
            }), flush=True)
        if args.per_query:
            # Each query's best time on each server, for a look at which queries a change helps.
            with open(args.per_query, "w") as out:
                json.dump({text: [round(min(per_query[index][text]), 3) for index in range(len(binaries))]
                           for text in per_query[0]}, out, ensure_ascii=False, indent=0)
        if compared:
            differing = [text for text in answers[0] if answers[0][text] != answers[1][text]]
            print(json.dumps({"answers_differing": len(differing), "first": differing[:5]}), flush=True)
    finally:
        for server in servers:
            server.terminate()
            server.wait(timeout=30)
        for log in logs:
            log.close()


def preread(folders):
    """Reads each catalog's database file once, into the OS page cache."""
    for folder in dict.fromkeys(folders):
        with open(os.path.join(folder, "sotube.sqlite"), "rb") as handle:
            while handle.read(1 << 24):
                pass


def wait_for_log(path, text, timeout=900):
    """Waits until the first server's log holds `text` (say, its search bitmaps made in the background)."""
    started = time.time()
    while time.time() - started < timeout:
        with open(path) as log:
            if text in log.read():
                print(f"[log] {text!r} after {round(time.time() - started, 1)} s", flush=True)
                return
        time.sleep(0.5)
    raise SystemExit(f"{path}: no {text!r} after {timeout} s")


def by_words(per_query):
    """Mean latency per query class: its number of words, and whether one is of one or two letters."""
    classes = {}
    for text, times in per_query.items():
        words = text.split()
        name = f"{len(words)}{'s' if any(len(word) <= 2 for word in words) else ''}"
        classes.setdefault(name, []).append(sum(times) / len(times))
    return {name: round(sum(v) / len(v), 2) for name, v in sorted(classes.items())}


def pg_size_mb(url):
    out = subprocess.run(["psql", url, "-At", "-c", "SELECT pg_database_size(current_database())"],
                         check=True, capture_output=True, text=True).stdout
    return int(out.strip()) / 1e6


def rss_of(pid):
    """The serving process's resident memory (MB) after the queries."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return round(int(line.split()[1]) / 1024, 1)
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="10000,1000000")
    parser.add_argument("--queries", type=int, default=3000)
    parser.add_argument("--warmup", type=int, default=200)
    parser.add_argument("--limit", type=int, default=20)
    parser.add_argument("--port", type=int, default=18931)
    parser.add_argument("--work", default="/tmp/sotube-bench")
    parser.add_argument("--binary", default=".build/release/sotube")
    parser.add_argument("--cold", action="store_true", help="do not pre-read the database file")
    parser.add_argument("--per-query", help="write each query's best time on each server (ms) to this JSON file")
    parser.add_argument("--wait-for-log", help="after the servers answer, wait until the first one's log holds this "
                        "text (e.g. 'search word-start bitmaps ready') before asking")
    parser.add_argument("--reference", help="a second build, served beside the first on the next port and asked "
                        "each query in turn with it (seeded order); one line per build, then how many answers differ")
    parser.add_argument("--reference-data", help="a copy of the SQLite catalog's data folder (say, its index made "
                        "another way), served by --reference or the same build beside the first and asked in turn")
    parser.add_argument("--database-url", help="PostgreSQL (postgres://…) instead of a SQLite file; the catalog is "
                        "synthesised into it the first time (a marker file in --work says it is there)")
    args = parser.parse_args()
    if args.reference_data and args.database_url:
        parser.error("--reference-data is a SQLite data folder; it cannot go with --database-url")
    if not os.path.exists(args.binary):
        sys.exit(f"{args.binary} not found: run `bash scripts/build-release.sh` (or pass --binary .build/debug/sotube)")
    for size in [int(s) for s in args.sizes.split(",")]:
        bench(args.binary, size, args)


if __name__ == "__main__":
    main()
