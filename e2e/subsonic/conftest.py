"""A real `sotube serve` with a small imported library of generated, tagged songs, and two buyers:
alice owns the whole of "Northern Lights" and one song of "Second Wind"; bob owns only the other
song of "Second Wind". Each has an app password for players.

Run from the repository root:  python3 -m pytest e2e/subsonic -q
"""
import json
import os
import subprocess
import tempfile
import uuid
from pathlib import Path

import pytest

import importlib.util

# The HTTP suite's server and CLI helpers (loaded under another name: this file is a conftest too).
_spec = importlib.util.spec_from_file_location("api_conftest", Path(__file__).resolve().parent.parent / "api" / "conftest.py")
_api = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_api)
Server, cli, free_port = _api.Server, _api.cli, _api.free_port

ROOT = Path(__file__).resolve().parent.parent.parent
SCHEMAS = ROOT.parent / "shared" / "vendor" / "open-subsonic-api" / "openapi"

ALBUMS = [
    ("Aurora Test", "Northern Lights", "2021", "Ambient", ["Polar Night", "Green Veil", "Solar Wind"], True),
    ("The Brass Ones", "Second Wind", "2019", "Jazz", ["Low Tide", "High Noon"], False),
]


def make_library(folder):
    """Tagged MP3s (12 s sine tones), one album with a cover.jpg beside its songs."""
    for artist, album, year, genre, titles, cover in ALBUMS:
        target = folder / album
        target.mkdir(parents=True)
        for number, title in enumerate(titles, start=1):
            subprocess.run(
                ["ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi",
                 "-i", f"sine=frequency={220 * number}:duration=12",
                 "-metadata", f"title={title}", "-metadata", f"artist={artist}",
                 "-metadata", f"album={album}", "-metadata", f"track={number}",
                 "-metadata", f"date={year}", "-metadata", f"genre={genre}",
                 "-c:a", "libmp3lame", "-b:a", "128k", str(target / f"{number:02d} {title}.mp3")],
                check=True)
        if cover:
            subprocess.run(
                ["ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "color=c=0x3366aa:s=640x640",
                 "-frames:v", "1", str(target / "cover.jpg")], check=True)


class Buyer:
    def __init__(self, server, name):
        self.server, self.name = server, name
        status, _, body = server.request(
            "POST", "/api/v1/auth/register",
            {"username": name, "email": f"{name}@example.com", "password": "long-enough-password"})
        assert status == 201, body
        self.token = body["token"]
        self.owned = []

    def api(self, method, path, body=None, headers=None):
        return self.server.request(method, path, body, token=self.token, headers=headers)

    def buy(self, **what):
        status, _, body = self.api("POST", "/api/v1/purchases", what, headers={"Idempotency-Key": str(uuid.uuid4())})
        assert status == 201, body
        self.owned += body["purchase"]["trackIds"] if "purchase" in body else body["trackIds"]

    def app_password(self, label="Test player"):
        status, _, body = self.api(
            "POST", "/api/v1/me/app-passwords", {"label": label, "password": "long-enough-password"})
        assert status == 201, body
        return body


class Store:
    """The running server, its catalog by title, and the two buyers."""

    def __init__(self, server, data):
        self.server, self.data = server, data
        self.base = server.base
        status, _, home = server.request("GET", "/api/v1/store/home")
        assert status == 200
        self.albums, self.tracks = {}, {}
        for summary in home["newReleases"]:
            _, _, detail = server.request("GET", f"/api/v1/albums/{summary['id']}")
            self.albums[detail["album"]["title"]] = detail["album"]
            for track in detail["tracks"]:
                self.tracks[track["title"]] = track
        assert len(self.tracks) == 5, self.tracks.keys()


@pytest.fixture(scope="session")
def store():
    if not os.path.exists(os.environ.get("SOTUBE_BIN", str(ROOT / ".build" / "debug" / "sotube"))):
        pytest.fail("no sotube binary: run `swift build` or set SOTUBE_BIN")
    data = Path(tempfile.mkdtemp(prefix="sotube-subsonic-"))
    music = data.parent / (data.name + "-music")
    make_library(music)
    cli("import", str(music), "--data", str(data), data=data)
    port = free_port()
    server = Server(data, port, args=("--port", str(port), "--data", str(data)),
                    env={"SOTUBE_PEOPLE_PER_ADDRESS": "100"})
    try:
        shop = Store(server, data)
        alice, bob = Buyer(server, "alice"), Buyer(server, "bob")
        for buyer in (alice, bob):
            cli("coins", "grant", buyer.name, "200", "--data", str(data), data=data)
        alice.buy(albumId=shop.albums["Northern Lights"]["id"])
        alice.buy(trackId=shop.tracks["Low Tide"]["id"])
        bob.buy(trackId=shop.tracks["High Noon"]["id"])
        shop.alice, shop.bob = alice, bob
        shop.alice_key = alice.app_password()
        shop.bob_key = bob.app_password()
        yield shop
    finally:
        server.stop()
