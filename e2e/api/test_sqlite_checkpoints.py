"""SQLite's write-ahead log is copied back into the database file by the server in the background
(every 100 ms), not by a committing purchase while every other writer waits. What an operator sees:
what was committed a moment ago is in `sotube.sqlite` itself, and the `-wal` file stays small."""
import os
import sqlite3
import time
from contextlib import closing
from pathlib import Path


def test_commits_reach_the_database_file_in_the_background(server):
    names = [f"walker{i}" for i in range(3)]  # sign-ups per address are limited
    for name in names:
        status, _, body = server.request("POST", "/api/v1/auth/register",
                                         {"username": name, "email": f"{name}@example.com",
                                          "password": "long-enough-1"})
        assert status == 201, body
    database = next(Path(server.data).rglob("sotube.sqlite"))
    deadline = time.time() + 10
    while True:
        try:
            # immutable=1: the database file alone, as a copy would hold it, without reading the WAL.
            with closing(sqlite3.connect(f"file:{database}?immutable=1", uri=True)) as db:
                found = {row[0] for row in db.execute("SELECT username FROM users")}
        except sqlite3.DatabaseError:
            found = set()  # a page being written as it was read: look again
        if set(names) <= found:
            break
        assert time.time() < deadline, f"{len(set(names) - found)} sign-ups are still only in the WAL"
        time.sleep(0.2)
    assert os.path.getsize(str(database) + "-wal") < 64 << 20
