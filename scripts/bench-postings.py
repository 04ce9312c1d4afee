#!/usr/bin/env python3
"""A candidate for the songs' own word index beside FTS5 (issue 35; a benchmark, not a test).

For the slowest conjunctions of the 10M search benchmark (common words with a dense short prefix, a rare
word with a letter, two common words), in song titles (`search_names`) and in titles and context
(`search_index`): FTS5's walk as Python's SQLite runs it (every song holding the words, and the first 300,
best of 5), beside scripts/postings (the same songs as ordinals in delta-coded blocks, and with bitmaps for
words in 1/16 of the songs or more, in memory; the same read from a SQLite file in --work; and the lists
read from that file with the bitmaps in memory; best of 20), on the same catalog. The lists are read from
FTS5 once into --work; every way's hit count must be FTS5's. Needs libsqlite3-dev (scripts/postings links it).

  python3 scripts/bench-postings.py --data /tmp/sotube-bench/tracks-10000000
"""
import argparse
import json
import os
import sqlite3
import subprocess
import sys
import time

CONJUNCTIONS = ["never sun m", "wild soul m", "devil yester s", "always день s", "dance tonigh mo",
                "heart life dream", "flegra r", "mesdar b", "never sun", "heart life"]
INDEXES = {"names": "search_names", "all": "search_index"}


def best(con, sql, args, runs=5):
    shortest, result = float("inf"), None
    for _ in range(runs):
        start = time.perf_counter()
        result = con.execute(sql, args).fetchone()[0]
        shortest = min(shortest, time.perf_counter() - start)
    return result, shortest * 1000


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", default="/tmp/sotube-bench/tracks-10000000")
    parser.add_argument("--work", default="/tmp/sotube-bench/postings")
    parser.add_argument("--conjunctions", nargs="*", default=CONJUNCTIONS)
    args = parser.parse_args()
    con = sqlite3.connect(f"file:{args.data}/sotube.sqlite?mode=ro", uri=True)
    os.makedirs(args.work, exist_ok=True)
    songs = os.path.join(args.work, "songs.txt")
    if not os.path.exists(songs):
        with open(songs, "w") as out:
            for (doc,) in con.execute("SELECT doc_id FROM search_documents WHERE kind = 'track' ORDER BY doc_id"):
                out.write(f"{doc}\n")
    fts, specs = {}, []
    for index, table in INDEXES.items():
        for text in args.conjunctions:
            words = text.split()
            for word in words:
                path = os.path.join(args.work, f"{index}-{word}.txt")
                if not os.path.exists(path):
                    with open(path, "w") as out:
                        for (doc,) in con.execute(f"SELECT rowid FROM {table} WHERE {table} MATCH ?", (f'"{word}"*',)):
                            out.write(f"{doc}\n")
            match = " ".join(f'"{word}"*' for word in words)
            walk = f"SELECT count(*) FROM (SELECT rowid FROM {table} WHERE {table} MATCH ? LIMIT ?)"
            hits, every = best(con, walk, (match, 1 << 40))
            _, first = best(con, walk, (match, 300))
            fts[(index, text)] = (hits, every, first)
            specs.append(f"{index}:{','.join(words)}")
    stored = os.path.join(args.work, "postings.sqlite")  # written afresh: its rows are the layout of this build
    if os.path.exists(stored):
        os.remove(stored)
    subprocess.run(["swift", "build", "-c", "release", "--package-path", "scripts/postings"], check=True,
                   stdout=subprocess.DEVNULL)
    out = subprocess.run(["scripts/postings/.build/release/postings", args.work, *specs], check=True,
                         capture_output=True, text=True).stdout
    print(f"SQLite {sqlite3.sqlite_version} (FTS5) against scripts/postings, {args.data}; ms, best of runs")
    print(f"{'index':6} {'words':18} {'hits':>6} | {'FTS5':>7} {'blocks':>7} {'bitmaps':>7} {'stored':>7} "
          f"{'hybrid':>7} | first 300: {'FTS5':>7} {'bitmaps':>7} {'stored':>7} {'hybrid':>7} | FTS5 / hybrid")
    wrong = 0
    for line in out.splitlines():
        row = json.loads(line)
        hits, every, first = fts[(row["index"], row["words"])]
        found = {way: row[f"{way}_hits"] for way in ("blocks", "bitmaps", "stored", "hybrid")}
        agree = set(found.values()) == {hits}
        wrong += not agree
        note = "" if agree else f"  FTS5 found {hits}, the candidate {found}"
        print(f"{row['index']:6} {row['words']:18} {hits:>6} | {every:7.2f} {row['blocks_ms']:7.2f} "
              f"{row['bitmaps_ms']:7.2f} {row['stored_ms']:7.2f} {row['hybrid_ms']:7.2f} | first 300: "
              f"{first:7.2f} {row['bitmaps_first300_ms']:7.2f} {row['stored_first300_ms']:7.2f} "
              f"{row['hybrid_first300_ms']:7.2f} | {every / row['hybrid_ms']:.1f}×, "
              f"{first / row['hybrid_first300_ms']:.1f}×{note}")
    if wrong:
        sys.exit(f"{wrong} conjunctions found other songs than FTS5's")


if __name__ == "__main__":
    main()
