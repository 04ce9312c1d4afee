"""Growing from one SQLite process to PostgreSQL (issue 11): `sotube migrate-to postgres://…` copies
a store with buyers, purchases and a catalog into an empty database; a server on PostgreSQL then
lets the buyer log in with the same password and finds the same coins, songs and search results.
A database that is not empty is refused and left as it was."""
import os
import subprocess
import uuid
from pathlib import Path

import pytest

from conftest import Server, cli, free_port, tagged_song


def new_database():
    """A new empty database on the test PostgreSQL server (scripts/test.sh starts one)."""
    server = os.environ.get("SOTUBE_TEST_POSTGRES_URL")
    if not server:
        pytest.skip("needs SOTUBE_TEST_POSTGRES_URL (scripts/test.sh sets it)")
    name = "migrate_to_" + uuid.uuid4().hex[:12]
    host_port = server.split("@", 1)[1].split("/", 1)[0]
    host, port = host_port.rsplit(":", 1)
    createdb = sorted(Path("/usr/lib/postgresql").glob("*/bin/createdb"))[-1]
    subprocess.run([str(createdb), "-h", host, "-p", port, "-U", "postgres", name], check=True, timeout=60)
    return server.rsplit("/", 1)[0] + "/" + name


def test_a_sqlite_store_moves_to_postgresql_with_everything_a_buyer_had(tmp_path):
    music = tmp_path / "music"
    music.mkdir()
    for number, title in ((1, "Moving Day"), (2, "New Home")):
        tagged_song(music / f"{number}.mp3", title, "Movers", "Boxes", number, 300 + 110 * number)
    cli("import", str(music), data=tmp_path)
    port = free_port()
    server = Server(tmp_path, port, args=("--port", str(port)))
    try:
        status, _, body = server.request("POST", "/api/v1/auth/register",
                                         {"username": "mover", "email": "mover@example.com", "password": "long-enough-1"})
        assert status == 201, body
        token = body["token"]
        cli("coins", "grant", "mover", "40", data=tmp_path)
        song = server.request("GET", "/api/v1/search?q=moving")[2]["tracks"][0]
        status, _, bought = server.request("POST", "/api/v1/purchases", {"trackId": song["id"]}, token=token,
                                           headers={"Idempotency-Key": str(uuid.uuid4())})
        assert status == 201, bought
        server.request("PUT", f"/api/v1/me/favourites/tracks/{song['id']}", token=token)
    finally:
        server.stop()

    target = new_database()
    moved = cli("migrate-to", target, data=tmp_path)
    assert "ledger exact" in moved.stdout and "users: 1 rows" in moved.stdout, moved.stdout

    port = free_port()
    env = {"SOTUBE_MEDIA_ROOT": str(tmp_path / "data" / "media")}
    server = Server(tmp_path / "data", port, env=env, args=("--port", str(port), "--database-url", target))
    try:
        status, _, body = server.request("POST", "/api/v1/auth/login", {"username": "mover", "password": "long-enough-1"})
        assert status == 200, body
        token = body["token"]
        me = server.request("GET", "/api/v1/me", token=token)[2]
        assert me["coins"] == 40 - song["price"] and me["ownedCount"] == 1
        library = server.request("GET", "/api/v1/library/songs", token=token)[2]["tracks"]
        assert [t["id"] for t in library] == [song["id"]]
        favourites = server.request("GET", "/api/v1/me/favourites", token=token)[2]
        assert [t["id"] for t in favourites["tracks"]] == [song["id"]]
        assert {t["title"] for t in server.request("GET", "/api/v1/search?q=new")[2]["tracks"]} == {"New Home"}
        audio = server.fetch("GET", f"/api/v1/tracks/{song['id']}/audio", token=token)
        assert audio[0] == 200 and len(audio[2]) > 100_000
    finally:
        server.stop()

    again = cli("migrate-to", target, data=tmp_path, check=False)
    assert again.returncode != 0 and "not empty" in again.stderr, again.stderr
