#!/usr/bin/env python3
"""A catalog source's first sync beside a plain import of the same files, in one run (issue 33).

The library is bench-subsonic.py's (1,000 tagged 4-second MP3s in 100 albums with covers, cached),
served by supysonic (gunicorn, 2 workers) on loopback. Measured, each on a fresh data folder:
  import   `sotube import LIBRARY`: scan, then its workers make every preview/rendition (all on sale)
  sync     `sotube sources add` + `sotube sources sync`: list, download, import, the same jobs (all on sale)
  resync   a second `sotube sources sync` with nothing changed upstream
Prints one Markdown table: seconds, songs per second, and the sync's fetch phase (list + download +
scan) from its own summary.

    python3 scripts/bench-sources.py [--bin .build/release/sotube] [--songs 1000]
"""
import argparse
import importlib.util
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
spec = importlib.util.spec_from_file_location("bench_subsonic", HERE / "bench-subsonic.py")
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)


def timed(*args, env, cwd):
    started = time.monotonic()
    result = subprocess.run([str(a) for a in args], env=env, cwd=cwd, capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(map(str, args))} failed:\n{result.stdout}\n{result.stderr}")
    return time.monotonic() - started, result.stdout


def on_sale(data):
    with sqlite3.connect(Path(data) / "sotube.sqlite") as db:
        return db.execute("SELECT COUNT(*) FROM tracks WHERE ready = 1 AND withdrawn_at IS NULL").fetchone()[0]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", default=".build/release/sotube")
    parser.add_argument("--songs", type=int, default=1000)
    args = parser.parse_args()
    binary = Path(args.bin).resolve()
    bench.ensure_venv()
    library = bench.ensure_library(args.songs)
    upstream_dir = bench.supysonic_dir(args.songs, library)
    port = bench.free_port()
    env = {**os.environ, "SUPYSONIC_CONFIG": str(upstream_dir / "supysonic.conf")}
    upstream = bench.Process([bench.VENV / "bin" / "supysonic-server", "-S", "gunicorn", "-h", "127.0.0.1", "-p", port,
                              "--processes", "2"], upstream_dir, env, port, upstream_dir / "bench-sources.log")
    work = Path(tempfile.mkdtemp(prefix="sotube-bench-sources-"))
    sotube_env = {**os.environ, "SOTUBE_DEMO": "0", "SOTUBE_SOURCE_PASSWORD": bench.PASSWORD}
    rows = []
    try:
        imported = work / "import"
        seconds, _ = timed(binary, "import", library, "--data", imported, env=sotube_env, cwd=work)
        rows.append(("sotube import (scan + jobs, all on sale)", seconds, on_sale(imported)))
        synced = work / "sync"
        timed(binary, "sources", "add", "bench", f"subsonic+http://127.0.0.1:{port}/", "--user", bench.USER,
              "--data", synced, env=sotube_env, cwd=work)
        seconds, _ = timed(binary, "sources", "sync", "bench", "--data", synced, env=sotube_env, cwd=work)
        rows.append(("sotube sources sync, first (list + download + scan + jobs, all on sale)", seconds, on_sale(synced)))
        _, listing = timed(binary, "sources", "list", "--data", synced, env=sotube_env, cwd=work)
        fetch = re.search(r"done in (\d+) s", listing)
        megabytes = re.search(r"fetched \((\d+(?:\.\d+)?) (MB|GB)\)", listing)
        seconds, second = timed(binary, "sources", "sync", "bench", "--data", synced, env=sotube_env, cwd=work)
        rows.append(("sotube sources sync, again (nothing changed upstream)", seconds, on_sale(synced)))
    finally:
        upstream.stop()
        shutil.rmtree(work, ignore_errors=True)
    print(f"Catalog source vs import, {args.songs} songs ({binary.name}; supysonic on loopback; "
          f"{os.cpu_count()} cores)")
    print("| run | seconds | songs on sale | songs/s |")
    print("|---|---:|---:|---:|")
    for name, seconds, count in rows:
        print(f"| {name} | {seconds:.1f} | {count} | {count / seconds:.1f} |")
    if fetch:
        print(f"(the first sync's own phase before the media jobs — list, download"
              f"{' ' + megabytes.group(1) + ' ' + megabytes.group(2) if megabytes else ''}, scan — took {fetch.group(1)} s; "
              f"sync / import = {rows[1][1] / rows[0][1]:.2f}×)")


if __name__ == "__main__":
    main()
