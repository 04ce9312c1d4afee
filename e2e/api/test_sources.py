"""A catalog source (SPEC C7, issue 33): `sotube sources add NAME subsonic+http://…` against a real
supysonic on loopback, then `sotube sources sync`. The store ends up selling the upstream's albums and
songs with the same tags, disc and track numbers, lengths (± 1 s) and covers; a second sync fetches
nothing; a song added upstream appears and one removed is withdrawn; a sync killed with -9 and run
again leaves no duplicate; a wrong password fails with the upstream's own message; a purchase of a
synced song keeps the ledger exact; `serve` syncs a source added with `--every` on its own."""
import os
import signal
import sqlite3
import subprocess
import time
import urllib.parse
import uuid

import pytest

from conftest import BIN, Server, cli, free_port
from supysonic_upstream import LATE_SONG, PASSWORD, USER, FlakyProxy, Upstream, write_song

ENV = {"SOTUBE_SOURCE_PASSWORD": PASSWORD}


@pytest.fixture(scope="module")
def upstream(tmp_path_factory):
    server = Upstream(tmp_path_factory.mktemp("supysonic"))
    yield server
    server.stop()


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    """One store synced from the upstream by the tests below, in order."""
    return tmp_path_factory.mktemp("store")


def address(upstream):
    return f"subsonic+{upstream.base}/"


def upstream_songs(upstream):
    """Every song the upstream lists, with its album, as a Subsonic client reads them."""
    albums = upstream.api("getAlbumList2", type="alphabeticalByName", size=500)["albumList2"].get("album", [])
    songs = []
    for entry in albums:
        album = upstream.api("getAlbum", id=entry["id"])["album"]
        songs += [(album, song) for song in album.get("song", [])]
    return songs


def store_tracks(data):
    with sqlite3.connect(data / "data" / "sotube.sqlite") as db:
        return db.execute(
            """SELECT t.source_path, t.title, ar.name, al.title, aa.name, t.track_number, t.disc_number, al.year,
                      t.genre, t.duration_ms, t.ready, t.withdrawn_at, al.artwork_path, t.id, al.id
               FROM tracks t JOIN albums al ON al.id = t.album_id JOIN artists ar ON ar.id = t.artist_id
               JOIN artists aa ON aa.id = al.artist_id""").fetchall()


def average_color(server, path):
    status, _, body = server.fetch("GET", path)
    assert status == 200
    pixel = subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-i", "pipe:0", "-vf", "scale=1:1", "-f", "rawvideo",
                            "-pix_fmt", "rgb24", "pipe:1"], input=body, capture_output=True, check=True).stdout
    return tuple(pixel[:3])


def test_a_wrong_password_or_address_fails_with_a_clear_message_and_adds_nothing(upstream, store):
    wrong = cli("sources", "add", "home", address(upstream), "--user", USER, data=store,
                env={"SOTUBE_SOURCE_PASSWORD": "not-the-password"}, check=False)
    assert wrong.returncode != 0
    assert "Subsonic error 40" in wrong.stderr and "Wrong username or password" in wrong.stderr, wrong.stderr
    assert "Usage:" not in wrong.stderr
    bad = cli("sources", "add", "home", "ftp://example.com/", "--user", USER, data=store, env=ENV, check=False)
    assert bad.returncode != 0 and "subsonic+https://" in bad.stderr
    down = cli("sources", "add", "home", f"subsonic+http://127.0.0.1:{free_port()}/", "--user", USER, data=store,
               env=ENV, check=False)
    assert down.returncode != 0 and "Cannot reach" in down.stderr, down.stderr
    no_keys = cli("sources", "add", "home", address(upstream), "--api-key", data=store,
                  env={"SOTUBE_SOURCE_API_KEY": "k"}, check=False)
    assert no_keys.returncode != 0 and "does not take API keys" in no_keys.stderr, no_keys.stderr
    assert "no sources" in cli("sources", "list", data=store).stdout


def test_a_first_sync_sells_the_upstream_library_as_it_is(upstream, store):
    cli("sources", "add", "home", address(upstream), "--user", USER, "--price", "12", data=store, env=ENV)
    synced = cli("sources", "sync", "home", data=store)
    assert not list((store / "data" / "sources" / "home" / "files").iterdir())  # media made: downloads gone
    expected = upstream_songs(upstream)
    assert f"{len(expected)} songs in 4 albums upstream: fetched {len(expected)}" in synced.stdout, synced.stdout
    tracks = {row[0]: row for row in store_tracks(store)}
    assert len(tracks) == len(expected) == 10
    for album, song in expected:
        row = tracks[f"source:home/{song['id']}"]
        _, title, artist, album_title, album_artist, track, disc, year, genre, duration_ms, ready, withdrawn = row[:12]
        assert title == song["title"] and track == song.get("track", 0) and disc == song.get("discNumber", 1)
        if song["artist"] != "[unknown]":  # supysonic's placeholder for no tag: the store's own instead
            assert (artist, album_title, album_artist) == (song["artist"], album["name"], album["artist"])
            assert (year, genre) == (song.get("year"), song.get("genre"))
        else:
            assert (artist, album_title) == ("Unknown Artist", "Unknown Album")
        assert abs(duration_ms / 1000 - song["duration"]) <= 1, (title, duration_ms, song["duration"])
        assert ready == 1 and withdrawn is None
    titles = {row[1] for row in tracks.values()}
    assert {"Jóga", "Группа крови", "Third", "Fourth"} <= titles
    discs = sorted((row[6], row[5], row[1]) for row in tracks.values() if row[3] == "Double Set")
    assert discs == [(1, 1, "First"), (1, 2, "Second"), (2, 1, "Third"), (2, 2, "Fourth")]
    listing = cli("sources", "list", data=store).stdout
    assert "home" in listing and "last sync" in listing and "10 songs in 4 albums" in listing and "0 errors" in listing

    port = free_port()
    server = Server(store, port, args=("--port", str(port), "--workers", "0"))
    try:
        # On sale in the store's own API: searchable, priced as the source says, covers from upstream.
        body = server.request("GET", "/api/v1/search?q=" + urllib.parse.quote("Группа"))[2]
        assert [t["title"] for t in body["tracks"]] == ["Группа крови"]
        album = server.request("GET", "/api/v1/albums/" + body["tracks"][0]["albumId"])[2]
        assert [t["price"] for t in album["tracks"]] == [12] and album["tracks"][0]["ready"]
        homogenic = server.request("GET", "/api/v1/search?q=homogenic")[2]["albums"][0]
        red, green, blue = average_color(server, homogenic["artworkUrl"])
        assert abs(red - 0x33) < 24 and abs(green - 0x55) < 24 and abs(blue - 0x77) < 24, (red, green, blue)
        status, headers, preview = server.fetch("GET", album["tracks"][0]["audioUrl"])
        assert status == 200 and headers["Content-Type"].startswith("audio/") and len(preview) > 10_000
    finally:
        server.stop()


def test_a_second_sync_fetches_only_what_changed_upstream(upstream, store):
    again = cli("sources", "sync", "home", data=store).stdout
    assert "fetched 0 (0 bytes), unchanged 10, withdrawn 0" in again, again
    write_song(upstream.library, LATE_SONG)
    os.remove(upstream.library / "Björk" / "Homogénic" / "02 Hunter.mp3")
    upstream.rescan()
    changed = cli("sources", "sync", "home", data=store).stdout
    assert "10 songs in 4 albums upstream: fetched 1" in changed and "withdrawn 1" in changed, changed
    rows = {row[1]: row for row in store_tracks(store)}
    assert rows["Закрой за мной дверь"][10] == 1 and rows["Закрой за мной дверь"][11] is None
    assert rows["Hunter"][11] is not None  # withdrawn: no longer sold, kept for any owner
    port = free_port()
    server = Server(store, port, args=("--port", str(port), "--workers", "0"))
    try:
        assert server.request("GET", "/api/v1/search?q=hunter")[2]["tracks"] == []
        found = server.request("GET", "/api/v1/search?q=" + urllib.parse.quote("Закрой"))[2]["tracks"]
        assert [t["title"] for t in found] == ["Закрой за мной дверь"]
    finally:
        server.stop()


def test_a_purchase_of_a_synced_song_keeps_the_ledger_exact_and_the_store_is_a_source_itself(store, tmp_path_factory):
    port = free_port()
    server = Server(store, port, args=("--port", str(port), "--workers", "0"))
    try:
        status, _, account = server.request("POST", "/api/v1/auth/register", {
            "username": "fan", "email": "fan@example.com", "password": "long-enough-1"})
        assert status == 201, account
        cli("coins", "grant", "fan", "50", data=store)
        song = server.request("GET", "/api/v1/search?q=" + urllib.parse.quote("Jóga"))[2]["tracks"][0]
        status, _, bought = server.request("POST", "/api/v1/purchases", {"trackId": song["id"]}, token=account["token"],
                                           headers={"Idempotency-Key": str(uuid.uuid4())})
        assert status == 201, bought
        me = server.request("GET", "/api/v1/wallet", token=account["token"])[2]
        assert me["coins"] == 38
        status, _, full = server.fetch("GET", song["audioUrl"], token=account["token"])
        assert status == 200 and len(full) > 200_000  # the whole 34 s song, not its preview

        # This store is a Subsonic server offering OpenSubsonic API keys: another store syncs from it with
        # the fan's app password as the key, and gets the one song the fan owns, whole.
        status, _, app = server.request("POST", "/api/v1/me/app-passwords",
                                        {"label": "mirror", "password": "long-enough-1"}, token=account["token"])
        assert status == 201, app
        mirror = tmp_path_factory.mktemp("mirror")
        cli("sources", "add", "shop", f"subsonic+{server.base}/", "--api-key", data=mirror,
            env={"SOTUBE_SOURCE_API_KEY": app["secret"]})
        synced = cli("sources", "sync", "shop", data=mirror).stdout
        assert "1 songs in 1 albums upstream: fetched 1" in synced, synced
        [row] = store_tracks(mirror)
        assert row[1:5] == ("Jóga", "Björk", "Homogénic", "Björk") and row[10] == 1
        assert abs(row[9] - 34_000) < 1000  # the whole song
        wrong = cli("sources", "add", "shop2", f"subsonic+{server.base}/", "--api-key", data=mirror,
                    env={"SOTUBE_SOURCE_API_KEY": "not-a-key"}, check=False)
        assert wrong.returncode == 1 and "Subsonic error" in wrong.stderr, wrong.stderr
    finally:
        server.stop()
    verified = cli("ledger", "verify", data=store)
    assert verified.returncode == 0


def test_a_sync_killed_halfway_resumes_without_duplicates(upstream, tmp_path):
    cli("sources", "add", "cut", address(upstream), "--user", USER, data=tmp_path, env=ENV)
    files = tmp_path / "data" / "sources" / "cut" / "files"
    run = subprocess.Popen([BIN, "sources", "sync", "cut", "--parallel", "1", "--no-wait"], cwd=str(tmp_path),
                           env={**os.environ, "SOTUBE_DEMO": "0"}, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
    deadline = time.time() + 60
    while time.time() < deadline and not (files.exists() and len(list(files.glob("*.mp3"))) >= 2):
        time.sleep(0.005)
    run.send_signal(signal.SIGSTOP)  # frozen where it is, then killed there
    downloaded = len(list(files.glob("*.mp3")))
    imported = len(store_tracks(tmp_path))
    run.kill()
    run.wait()
    assert downloaded >= 2 and (downloaded < 10 or imported < 10), (downloaded, imported)
    resumed = cli("sources", "sync", "cut", data=tmp_path)
    assert "10 songs in 4 albums upstream" in resumed.stdout, resumed.stdout
    rows = store_tracks(tmp_path)
    assert len(rows) == 10 and len({row[0] for row in rows}) == 10 and all(row[10] == 1 for row in rows)
    with sqlite3.connect(tmp_path / "data" / "sotube.sqlite") as db:
        assert db.execute("SELECT COUNT(*) FROM albums").fetchone()[0] == 4
        assert db.execute("SELECT COUNT(*) FROM artists WHERE name = 'Björk'").fetchone()[0] == 1
    # Its media made, the store keeps its own copies: the downloads are gone.
    assert not list(files.glob("*.mp3")) and not list(files.glob("*.part"))


def test_serve_keeps_a_source_synced_every_so_often(upstream, tmp_path):
    cli("sources", "add", "timed", address(upstream), "--user", USER, "--every", "15m", data=tmp_path, env=ENV)
    assert "every 15m" in cli("sources", "list", data=tmp_path).stdout
    port = free_port()
    server = Server(tmp_path, port, args=("--port", str(port)))
    try:
        deadline = time.time() + 120
        ready = []
        while time.time() < deadline:
            body = server.request("GET", "/api/v1/search?q=" + urllib.parse.quote("Double Set"))[2]
            album = body["albums"][0] if body.get("albums") else None
            if album:
                ready = [t for t in server.request("GET", f"/api/v1/albums/{album['id']}")[2]["tracks"] if t["ready"]]
                if len(ready) == 4:
                    break
            time.sleep(0.5)
        assert len(ready) == 4, server.logs()
    finally:
        server.stop()
    assert "done" in cli("sources", "list", data=tmp_path).stdout


def test_downloads_are_retried_and_an_upstream_gone_down_fails_the_sync_until_it_is_back(upstream, tmp_path):
    proxy = FlakyProxy(upstream.base, fail_every=3)
    scratch = tmp_path / "tmp"  # the sync's temporary folder: a refused download leaves nothing in it
    scratch.mkdir()
    try:
        cli("sources", "add", "flaky", f"subsonic+{proxy.base}/", "--user", USER, data=tmp_path, env=ENV)
        # Every third download answered 503: each is tried again after a pause, and the sync is whole.
        synced = cli("sources", "sync", "flaky", "--no-wait", data=tmp_path, env={"TMPDIR": str(scratch)}).stdout
        assert "fetched 10" in synced and "errors 0" in synced, synced
        assert proxy.refused >= 3 and proxy.downloads >= 13, (proxy.refused, proxy.downloads)
        assert not list(scratch.iterdir()), sorted(path.name for path in scratch.iterdir())
        # A song added upstream while the upstream refuses every download: the sync fails, saying why.
        write_song(upstream.library, ("Late/Set/01 Later.mp3", "Later", "Late Band", None, "Set", 1, 1, 2020, "Jazz",
                                      31, 500))
        upstream.rescan()
        proxy.down = True
        failed = cli("sources", "sync", "flaky", "--no-wait", data=tmp_path, env={"TMPDIR": str(scratch)},
                     check=False)
        assert failed.returncode == 1 and "errors 1" in failed.stdout and "HTTP 503" in failed.stdout, failed.stdout
        assert not list(scratch.iterdir()), sorted(path.name for path in scratch.iterdir())
        listing = cli("sources", "list", data=tmp_path).stdout
        assert "1 errors" in listing and "first error: Late Band – Set – Later" in listing, listing
        assert "HTTP 503" in listing, listing
        # Back up: the next sync takes it, and nothing twice.
        proxy.down = False
        again = cli("sources", "sync", "flaky", data=tmp_path).stdout
        assert "fetched 1" in again and "unchanged 10" in again, again
        rows = store_tracks(tmp_path)
        assert len(rows) == 11 and len({row[0] for row in rows}) == 11 and all(row[10] == 1 for row in rows)
    finally:
        proxy.stop()
        os.remove(upstream.library / "Late" / "Set" / "01 Later.mp3")
        upstream.rescan()
