"""A watched music folder (SPEC C7, O1; `sotube import --watch DIR`) next to a running store: a file
dropped in goes on sale within seconds; a changed file updates its song; a removed file's song is no
longer sold (alone, in its album, or through search) but its owner keeps playing it in full; the file
coming back puts it on sale again."""
import os
import signal
import subprocess
import time
import urllib.parse
import uuid

from conftest import Server, cli, free_port, tagged_song

BIN = os.environ.get("SOTUBE_BIN", os.path.join(os.path.dirname(__file__), "..", "..", ".build", "debug", "sotube"))


def register(server, name):
    status, _, body = server.request("POST", "/api/v1/auth/register",
                                     {"username": name, "email": f"{name}@example.com", "password": "long-enough-1"})
    assert status == 201, body
    return body["token"]


def buy(server, token, body):
    return server.request("POST", "/api/v1/purchases", body, token=token,
                          headers={"Idempotency-Key": str(uuid.uuid4())})


def wait_for(what, check, seconds=60):
    deadline = time.time() + seconds
    while time.time() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.25)
    raise AssertionError(f"not within {seconds} s: {what}")


def album_of(server, title):
    albums = server.request("GET", "/api/v1/store/home")[2]["newReleases"]
    found = [a for a in albums if a["title"] == title]
    return server.request("GET", f"/api/v1/albums/{found[0]['id']}")[2] if found else None


def song_in(album, title):
    return next((t for t in album["tracks"] if t["title"] == title), None) if album else None


def search_titles(server, text):
    body = server.request("GET", "/api/v1/search?q=" + urllib.parse.quote(text))[2]
    return [t["title"] for t in body.get("tracks", [])]


def test_a_watched_folder_sells_new_files_and_withdraws_removed_ones(data_dir):
    music = data_dir / "music" / "Watch Band" / "Night Album"
    music.mkdir(parents=True)
    tagged_song(music / "01.mp3", "Lantern Song", "Watch Band", "Night Album", 1, 330, seconds=24)
    tagged_song(music / "02.mp3", "Harbour Song", "Watch Band", "Night Album", 2, 440, seconds=24)
    cli("migrate", data=data_dir)
    port = free_port()
    server = Server(data_dir, port, args=("--port", str(port), "--workers", "0"))
    log = open(data_dir / "watch.log", "w+")
    watch = subprocess.Popen([BIN, "import", "--watch", "--interval", "0.5", "--jobs", "2", str(data_dir / "music")],
                             cwd=str(data_dir), env={**os.environ, "SOTUBE_DEMO": "0"}, stdout=log,
                             stderr=subprocess.STDOUT)
    try:
        # What was in the folder goes on sale.
        album = wait_for("the first two songs on sale", lambda: (
            (a := album_of(server, "Night Album")) and len(a["tracks"]) == 2
            and all(t["ready"] for t in a["tracks"]) and a))
        owner, other = register(server, "owner"), register(server, "other")
        cli("coins", "grant", "owner", "100", data=data_dir)
        cli("coins", "grant", "other", "100", data=data_dir)
        lantern = song_in(album, "Lantern Song")
        status, _, bought = buy(server, owner, {"trackId": lantern["id"]})
        assert status == 201, bought

        # A file dropped in, copied in two pieces with a pause (a slow copy), is read whole (no Xing
        # header: its length comes from its size) and on sale within seconds.
        subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=550:duration=24",
                        "-metadata", "title=Beacon Song", "-metadata", "artist=Watch Band", "-metadata",
                        "album=Night Album", "-metadata", "track=3", "-c:a", "libmp3lame", "-b:a", "64k",
                        "-write_xing", "0", str(data_dir / "new.mp3")], check=True, timeout=120)
        data = (data_dir / "new.mp3").read_bytes()
        with open(music / "03.mp3", "wb") as out:
            out.write(data[: len(data) // 2])
            out.flush()
            time.sleep(1.5)
            out.write(data[len(data) // 2:])
        dropped = time.time()
        beacon = wait_for("the new song in the catalog", lambda: song_in(album_of(server, "Night Album"), "Beacon Song"))
        assert abs(beacon["durationMs"] - 24_000) < 500, f"read whole, not half-written: {beacon['durationMs']} ms"
        wait_for("the new song on sale", lambda: song_in(album_of(server, "Night Album"), "Beacon Song")["ready"])
        print(f"new file on sale {time.time() - dropped:.1f} s after it was written")
        assert wait_for("search finds the new song", lambda: "Beacon Song" in search_titles(server, "beacon"))

        # A removed file: not sold any more, out of search; the owner still plays it in full.
        os.remove(music / "01.mp3")
        wait_for("the song withdrawn", lambda: (song_in(album_of(server, "Night Album"), "Lantern Song") or {})
                 .get("withdrawn"))
        status, headers, problem = buy(server, other, {"trackId": lantern["id"]})
        assert status == 409 and "no longer on sale" in problem["detail"], problem
        assert headers["Content-Type"].startswith("application/problem+json")
        assert server.request("GET", "/api/v1/me", token=other)[2]["coins"] == 100, "nothing was charged"
        wait_for("search forgets the song", lambda: "Lantern Song" not in search_titles(server, "lantern"))
        status, headers, audio = server.fetch("GET", f"/api/v1/tracks/{lantern['id']}/audio", token=owner)
        assert status == 200 and headers["X-SoTube-Rendition"] == "full" and len(audio) > 100_000
        library = server.request("GET", "/api/v1/library/songs", token=owner)[2]
        assert "Lantern Song" in str(library), "the owner's library keeps it"

        # The album sells only what is still on sale, at the price its page shows.
        album = album_of(server, "Night Album")
        price = album["priceForCaller"]
        status, _, bought = buy(server, other, {"albumId": album["album"]["id"]})
        assert status == 201 and bought["purchase"]["coins"] == price, (bought, price)
        assert sorted(bought["purchase"]["trackIds"]) == sorted(t["id"] for t in album["tracks"] if t["title"] != "Lantern Song")

        # The file back: on sale again, the same song.
        tagged_song(music / "01.mp3", "Lantern Song", "Watch Band", "Night Album", 1, 330, seconds=24)
        wait_for("the song back on sale", lambda: (
            (t := song_in(album_of(server, "Night Album"), "Lantern Song")) and not t.get("withdrawn")
            and t["id"] == lantern["id"] and t["ready"]))
        status, _, bought = buy(server, other, {"trackId": lantern["id"]})
        assert status == 201, bought
        assert len(album_of(server, "Night Album")["tracks"]) == 3, "nothing imported twice"
    finally:
        watch.send_signal(signal.SIGTERM)
        try:
            code = watch.wait(timeout=60)
        finally:
            server.stop()
            log.seek(0)
            print(log.read())
            log.close()
    assert code == 0, "the watch stops cleanly on SIGTERM"
