"""The first start (issues 15 and 10): `sotube serve` on an empty data folder answers at once with
the demo catalog's metadata and artwork, every song "being prepared" until the media jobs have made
its audio (it cannot be bought, and no audio, partial or whole, is served for it), then on sale with
a preview that plays."""
import json
import re
import subprocess
import time
import uuid

from conftest import Server, cli, free_port

DEMO = {"SOTUBE_DEMO": "1", "SOTUBE_PAYMENTS": "off"}


def first_album(server):
    home = server.request("GET", "/api/v1/store/home")[2]
    assert home["newReleases"], home
    return server.request("GET", f"/api/v1/albums/{home['newReleases'][0]['id']}")[2]


def demo_songs(server):
    """Every demo song, read through the mood playlists (every song is in its mood's)."""
    songs = {}
    for mood in server.request("GET", "/api/v1/store/home")[2]["moods"]:
        for track in server.request("GET", f"/api/v1/playlists/{mood['playlistId']}")[2]["tracks"]:
            songs[track["id"]] = track
    return songs


class Running(Server):
    """The request helpers of a server that already runs."""

    def __init__(self, base):
        self.base = base


def seconds_of(path):
    probed = json.loads(subprocess.run(
        ["ffprobe", "-v", "error", "-show_entries", "format=duration", "-of", "json", str(path)],
        capture_output=True, check=True).stdout)
    return float(probed["format"]["duration"])


def test_the_demo_catalog_is_there_at_once_and_its_songs_go_on_sale_when_their_audio_is_made(data_dir):
    port = free_port()
    # No media workers: the catalog is written, nothing makes its audio yet.
    server = Server(data_dir, port, env=DEMO, args=("--port", str(port), "--workers", "0"))
    try:
        deadline = time.time() + 120
        # The moods are written after every song's row.
        while len(server.request("GET", "/api/v1/store/home")[2]["moods"]) < 5:
            assert time.time() < deadline, "the demo catalog never appeared"
            time.sleep(0.2)
        album = first_album(server)
        assert len(album["tracks"]) >= 4 and album["album"]["title"]
        # Covers are made with the rows.
        status, headers, cover = server.fetch("GET", album["album"]["artworkUrl"])
        assert status == 200 and headers["Content-Type"] == "image/jpeg" and cover[:2] == b"\xff\xd8"
        assert all(track["ready"] is False for track in album["tracks"])
        songs = demo_songs(server)
        assert len(songs) == 66 and not any(track["ready"] for track in songs.values())
        # Every album's and every featured volume's cover is there with the rows.
        home = server.request("GET", "/api/v1/store/home")[2]
        assert len(home["newReleases"]) == 11 and len(home["featuredPlaylists"]) == 4
        for item in home["newReleases"] + home["featuredPlaylists"]:
            status, headers, cover = server.fetch("GET", item["artworkUrl"])
            assert status == 200 and cover[:2] == b"\xff\xd8", item
        # The search box finds the songs being prepared.
        while not (found := server.request("GET", "/api/v1/search?q=first%20ligh")[2]["tracks"]):
            assert time.time() < deadline, "the search box never found a demo song"
            time.sleep(0.2)
        assert found[0]["title"] == "First Light" and found[0]["ready"] is False
        song = album["tracks"][0]
        status, _, _ = server.fetch("GET", f"/api/v1/tracks/{song['id']}/audio", headers={"Range": "bytes=0-1"})
        assert status == 404, "no audio before it is made"
        server.request("POST", "/api/v1/auth/register", {"username": "early", "email": "early@example.com",
                                                         "password": "long-enough-1"})
        token = server.request("POST", "/api/v1/auth/login", {"username": "early", "password": "long-enough-1"})[2]["token"]
        cli("coins", "grant", "early", "100", data=data_dir)
        status, _, problem = server.request("POST", "/api/v1/purchases", {"trackId": song["id"]}, token=token,
                                            headers={"Idempotency-Key": str(uuid.uuid4())})
        assert status == 409 and "being prepared" in problem["detail"], problem
        assert server.request("GET", "/api/v1/me", token=token)[2]["coins"] == 100
    finally:
        server.stop()

    # With its workers (the default), the server makes the songs' audio, the first ones first: the
    # first song made is checked here; every song, its waveform and a bought song's whole audio on the
    # run's demo server (below), which is a first start on an empty folder too. (This server is stopped
    # once its first song is on sale: waiting here for the last of its audio made the demo catalog's
    # whole first start twice in one run, a minute of both cores.)
    server = Server(data_dir, port, env=DEMO, args=("--port", str(port)))
    try:
        deadline = time.time() + 180
        while not (ready := [track for track in demo_songs(server).values() if track["ready"]]):
            assert time.time() < deadline, "no demo song became ready"
            time.sleep(0.5)
        song = ready[0]
        status, headers, preview = server.fetch("GET", f"/api/v1/tracks/{song['id']}/audio")
        assert status == 200 and headers["Content-Type"] == "audio/mpeg"
        heard = data_dir / "preview.mp3"
        heard.write_bytes(preview)
        assert 20 <= seconds_of(heard) <= 31  # a preview, never the whole song
        token = server.request("POST", "/api/v1/auth/login", {"username": "early", "password": "long-enough-1"})[2]["token"]
        status, _, bought = server.request("POST", "/api/v1/purchases", {"trackId": song["id"]}, token=token,
                                           headers={"Idempotency-Key": str(uuid.uuid4())})
        assert status == 201, bought
    finally:
        server.stop()


def test_every_demo_song_goes_on_sale_with_a_preview_that_plays(demo_server, tmp_path):
    """The run's demo server (e2e/conftest.py: a first start on an empty data folder, started when
    pytest starts, shared with the browser tests) once its media jobs are done."""
    server = Running(demo_server.base)
    songs = demo_songs(server)
    assert len(songs) == 66
    assert all(track["ready"] for track in songs.values()), [t["title"] for t in songs.values() if not t["ready"]]
    heard = tmp_path / "preview.mp3"
    for track in songs.values():
        status, headers, preview = server.fetch("GET", f"/api/v1/tracks/{track['id']}/audio")
        assert status == 200 and headers["Content-Type"] == "audio/mpeg", track
        heard.write_bytes(preview)
        assert 20 <= seconds_of(heard) <= 31, track
        assert len(server.request("GET", f"/api/v1/tracks/{track['id']}")[2]["waveform"]) == 120, track
    # A bought song's whole audio, as its owner hears it, is as long as the catalog says.
    name = "whole" + uuid.uuid4().hex[:8]
    token = server.request("POST", "/api/v1/auth/register", {"username": name, "email": f"{name}@example.com",
                                                             "password": "long-enough-1"})[2]["token"]
    cli("coins", "grant", name, "100", "--data", str(demo_server.data), data=tmp_path)
    song = first_album(server)["tracks"][0]
    status, _, bought = server.request("POST", "/api/v1/purchases", {"trackId": song["id"]}, token=token,
                                       headers={"Idempotency-Key": str(uuid.uuid4())})
    assert status == 201, bought
    status, _, full = server.fetch("GET", f"/api/v1/tracks/{song['id']}/audio", token=token)
    assert status == 200
    whole = tmp_path / "full.mp3"
    whole.write_bytes(full)
    assert abs(seconds_of(whole) - song["durationMs"] / 1000) < 0.2, (seconds_of(whole), song["durationMs"])


def test_covers_go_to_browsers_that_take_avif_as_avif_made_on_first_ask(demo_server):
    """Issue 32 #4: a cover at 400 px (a 168 px card on a 2× or 3× phone) is AVIF for a browser whose
    Accept names it — the JPEG the first time, for minutes, while the server makes it — and JPEG for
    everyone else (players, mail clients, `*/*`), the same URL varying by Accept."""
    server = Running(demo_server.base)
    album = server.request("GET", "/api/v1/store/home")[2]["newReleases"][-1]
    url = re.sub(r"size=\d+", "size=400", album["artworkUrl"])
    takes_avif = {"Accept": "image/avif,image/webp,image/apng,image/*,*/*;q=0.8"}
    status, headers, body = server.fetch("GET", url, headers=takes_avif)
    assert status == 200 and headers["Vary"] == "Accept"
    if headers["Content-Type"] == "image/jpeg":  # not asked before: made now, the JPEG cached briefly
        assert headers["Cache-Control"] == "public, max-age=300"
    deadline = time.time() + 60
    while headers["Content-Type"] != "image/avif":
        assert time.time() < deadline, "the AVIF sizes were never made"
        time.sleep(0.3)
        status, headers, body = server.fetch("GET", url, headers=takes_avif)
    assert body[4:12] == b"ftypavif" and "immutable" in headers["Cache-Control"]
    status, jpeg_headers, jpeg = server.fetch("GET", url, headers={"Accept": "*/*"})
    assert jpeg_headers["Content-Type"] == "image/jpeg" and jpeg[:2] == b"\xff\xd8"
    assert "immutable" in jpeg_headers["Cache-Control"]
    _, _, largest = server.fetch("GET", re.sub(r"size=\d+", "size=600", url), headers={"Accept": "*/*"})
    assert len(body) < len(jpeg) < len(largest), (len(body), len(jpeg), len(largest))
    # The AVIF decodes to the 400 px square it stands for.
    probed = json.loads(subprocess.run(
        ["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height", "-of", "json", "-"],
        input=body, capture_output=True, check=True).stdout)["streams"][0]
    assert (probed["width"], probed["height"]) == (400, 400)
    # A 100 px row picture stays JPEG (about a kilobyte already); refusing AVIF (q=0) is respected.
    status, small, _ = server.fetch("GET", re.sub(r"size=\d+", "size=100", url), headers=takes_avif)
    assert small["Content-Type"] == "image/jpeg"
    status, refused, _ = server.fetch("GET", url, headers={"Accept": "image/avif;q=0, image/*"})
    assert refused["Content-Type"] == "image/jpeg"
