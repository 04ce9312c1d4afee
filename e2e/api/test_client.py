"""The terminal client `sotube-client` (built on SoTubeKit) against a real `sotube serve`: a new user
registers, tops up with the sandbox card, searches, buys, lists the library and history, plays and
downloads, with exit codes and output checked. Download needs issue 14's routes (its own test)."""
import base64
import hashlib
import hmac
import http.client
import json
import os
import stat
import struct
import subprocess
import time
import urllib.parse

import pytest

from conftest import BIN, Server, cli, free_port

CLIENT = os.environ.get("SOTUBE_CLIENT_BIN", os.path.join(os.path.dirname(BIN), "sotube-client"))


def make_song(path, title, frequency, seconds=36):
    subprocess.run(["ffmpeg", "-v", "error", "-f", "lavfi", "-i", f"sine=frequency={frequency}:duration={seconds}",
                    "-metadata", f"title={title}", "-metadata", "artist=Client Artist", "-metadata",
                    "album=Client Album", "-c:a", "libmp3lame", "-b:a", "192k", str(path)], check=True, timeout=120)


@pytest.fixture(scope="module")
def shop(tmp_path_factory):
    """A server selling coins through the sandbox, with two imported songs of one album."""
    data = tmp_path_factory.mktemp("client")
    music = data / "music" / "Client Artist" / "Client Album"
    music.mkdir(parents=True)
    make_song(music / "01 Client Song One.mp3", "Client Song One", 440)
    make_song(music / "02 Client Song Two.mp3", "Client Song Two", 330)
    cli("import", str(data / "music"), data=data)
    port = free_port()
    server = Server(data, port, env={"SOTUBE_PAYMENTS": "sandbox"}, args=("--port", str(port)))
    yield server
    server.stop()


class Client:
    """Runs `sotube-client ARGS --server URL --token-file FILE` in a folder of its own."""

    def __init__(self, server, home):
        self.server, self.home = server, home
        self.token_file = home / "config" / "token"

    def __call__(self, *args, stdin=None, env=None, server=None):
        full_env = {**os.environ, **(env or {})}
        full_env.pop("NO_COLOR", None)
        full_env.pop("COLUMNS", None)  # pytest-xdist's workers set 80: the client's width without a terminal
        result = subprocess.run(
            [CLIENT, *args, "--server", server or self.server.base, "--token-file", str(self.token_file)],
            input=stdin if stdin is not None else "", capture_output=True, text=True, env=full_env, timeout=120,
            cwd=str(self.home))
        return result

    def json(self, *args, **kwargs):
        result = self(*args, "--json", **kwargs)
        assert result.returncode == 0, result.stderr
        return json.loads(result.stdout)


def pay_with_sandbox_card(checkout_url):
    """What a buyer does in the browser: pay the checkout page with the sandbox test card."""
    url = urllib.parse.urlsplit(checkout_url)
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=60)
    body = urllib.parse.urlencode({"method": "card", "number": "4242 4242 4242 4242", "expiry": "12/39",
                                   "cvc": "123"})
    connection.request("POST", url.path, body=body, headers={"Content-Type": "application/x-www-form-urlencoded"})
    response = connection.getresponse()
    response.read()
    connection.close()
    return response.status


def register(client, name):
    result = client("register", name, "--email", f"{name}@example.com", "--password", "long-enough-pw")
    assert result.returncode == 0, result.stderr
    return result


def test_register_top_up_search_buy_library_history_play(shop, tmp_path):
    client = Client(shop, tmp_path)
    result = register(client, "erin")
    assert "Welcome, erin" in result.stdout
    # The token is kept for the next commands, readable by its owner only.
    assert stat.S_IMODE(os.stat(client.token_file).st_mode) == 0o600
    me = client.json("whoami")
    assert me["username"] == "erin" and me["coins"] == 0

    # Search: a table in a pipe (no colours), JSON for scripts.
    result = client("search", "Client Song")
    assert result.returncode == 0, result.stderr
    assert "Client Song One" in result.stdout and "Client Song Two" in result.stdout
    assert "\x1b[" not in result.stdout
    found = client.json("search", "Client Song")
    song = next(t for t in found["tracks"] if t["title"] == "Client Song One")
    other = next(t for t in found["tracks"] if t["title"] == "Client Song Two")
    # --all walks every page: one result per page still finds both songs.
    paged = client.json("search", "Client Song", "--all", "--limit", "1")
    assert sorted(t["id"] for t in paged["tracks"]) == sorted([song["id"], other["id"]])

    # Answering no at the prompt buys nothing.
    result = client("buy", "song", song["id"], stdin="n\n")
    assert result.returncode == 6, result
    assert "Buy “Client Song One” by Client Artist" in result.stderr and "Cancelled" in result.stderr

    # Not enough coins: says what is missing and prints the top-up checkout address.
    result = client("buy", "song", song["id"], stdin="y\n")
    assert result.returncode == 3, result
    assert f"you need {song['price']} coins more" in result.stderr
    checkout = next(line for line in result.stdout.splitlines() if "/sandbox/checkout/" in line).strip()
    assert checkout.startswith(shop.base + "/sandbox/checkout/")
    assert client.json("history")["entries"] == []

    # Pay on the checkout page with the sandbox card: the coins arrive.
    assert pay_with_sandbox_card(checkout) == 303
    wallet = client.json("wallet")
    assert wallet["coins"] >= song["price"] + other["price"]
    coins = wallet["coins"]

    # Buy, confirmed with --yes.
    result = client("buy", "song", song["id"], "--yes")
    assert result.returncode == 0, result.stderr
    assert f"Bought Client Song One for {song['price']} coins. Balance: {coins - song['price']} coins." in result.stdout
    result = client("buy", "song", song["id"], "--yes")
    assert result.returncode == 0 and "already own" in result.stdout
    assert client.json("whoami")["coins"] == coins - song["price"]

    # The album page shows what is owned and what the rest costs.
    result = client("show", "album", song["albumId"])
    assert result.returncode == 0, result.stderr
    assert "Client Album" in result.stdout and "owned" in result.stdout
    assert f"{other['price']} coins" in result.stdout

    # My Music and the history.
    result = client("library")
    assert result.returncode == 0 and "Client Song One" in result.stdout and "Client Song Two" not in result.stdout
    library = client.json("library", "--sort", "name")
    assert library["sort"] == "name" and [t["id"] for t in library["tracks"]] == [song["id"]]
    albums = client.json("library", "--albums")
    assert [a["album"]["title"] for a in albums["albums"]] == ["Client Album"]
    result = client("library", "--albums", "--sort", "default")
    assert result.returncode == 64 and "artist or name" in result.stderr
    entries = client.json("history")["entries"]
    assert [e["kind"] for e in entries] == ["purchase", "top-up"]
    assert [e["coins"] for e in entries] == [-song["price"], coins]
    result = client("history")
    assert result.returncode == 0 and "Client Song One" in result.stdout

    # Play without ffplay on PATH: the whole song is saved; the unowned one is the preview.
    no_player = {"PATH": "/nonexistent"}
    played = client.json("play", song["id"], env=no_player)
    assert played["rendition"] == "full" and played["path"].endswith("Client Artist - Client Song One.mp3")
    assert os.path.getsize(tmp_path / "Client Artist - Client Song One.mp3") > 300_000
    preview = client.json("play", other["id"], "--out", str(tmp_path / "preview.mp3"), env=no_player)
    assert preview["rendition"] == "preview"
    assert os.path.getsize(tmp_path / "preview.mp3") < os.path.getsize(tmp_path / "Client Artist - Client Song One.mp3")

    # Log out: the token is gone and the commands that need it say so.
    assert client("logout").returncode == 0
    assert not client.token_file.exists()
    result = client("whoami")
    assert result.returncode == 4 and "Log in" in result.stderr
    result = client("login", "erin", env={"SOTUBE_PASSWORD": "long-enough-pw"})
    assert result.returncode == 0 and "Logged in as erin" in result.stdout
    result = client("login", "erin", "--password", "wrong-password")
    assert result.returncode == 4


def test_errors_have_messages_and_exit_codes(shop, tmp_path):
    client = Client(shop, tmp_path)
    register(client, "flo")
    result = client("show", "album", "no-such-album")
    assert result.returncode == 1 and "Not found" in result.stderr
    result = client("search", "x", "--limit", "1000")
    assert result.returncode == 1 and "limit" in result.stderr
    result = client("whoami", server=f"http://127.0.0.1:{free_port()}")
    assert result.returncode == 5 and "cannot be reached" in result.stderr
    result = client("whoami", server="ftp://example.com")
    assert result.returncode == 64 and "--server" in result.stderr
    result = client("buy", "song")
    assert result.returncode == 64
    result = client("register", "flo", "--email", "other@example.com", "--password", "long-enough-pw")
    assert result.returncode == 1 and "taken" in result.stderr
    # A gift code from the operator's CLI, redeemed once.
    code = cli("codes", "mint", "--coins", "50", "--count", "1", data=shop.data).stdout.strip()
    result = client("redeem", code)
    assert result.returncode == 0 and "Redeemed 50 coins. Balance: 50 coins." in result.stdout
    result = client("redeem", code)
    assert result.returncode == 1 and "already been redeemed" in result.stderr


def test_download_song_and_album(shop, tmp_path):
    """Needs GET /api/v1/tracks/{id}/download and /albums/{id}/download (issue 14): 404 before it."""
    client = Client(shop, tmp_path)
    register(client, "gus")
    found = client.json("search", "Client Song")
    song = next(t for t in found["tracks"] if t["title"] == "Client Song One")
    result = client("download", "song", song["id"], "out")
    assert result.returncode == 1 and "Not found" in result.stderr
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())
    status, _, created = shop.request("POST", "/api/v1/wallet/top-ups", {"packId": "small"},
                                      token=client.token_file.read_text().strip())
    assert status == 201
    assert pay_with_sandbox_card(shop.base + created["checkoutUrl"]) == 303
    assert client("buy", "song", song["id"], "--yes").returncode == 0
    saved = client.json("download", "song", song["id"], "out")
    assert saved["path"].startswith(str(tmp_path / "out")) and saved["path"].endswith(".mp3")
    assert os.path.getsize(saved["path"]) > 300_000
    result = client("download", "album", song["albumId"], "out")
    assert result.returncode == 0, result.stderr
    zips = [p for p in (tmp_path / "out").iterdir() if p.suffix == ".zip"]
    assert len(zips) == 1 and zips[0].read_bytes()[:4] == b"PK\x03\x04"


def totp(secret, at):
    """RFC 6238 (HMAC-SHA1, 30 s, 6 digits), as an authenticator app computes it."""
    key = base64.b32decode(secret + "=" * (-len(secret) % 8))
    mac = hmac.new(key, struct.pack(">Q", int(at // 30)), hashlib.sha1).digest()
    offset = mac[-1] & 0x0F
    return f"{(struct.unpack('>I', mac[offset:offset + 4])[0] & 0x7FFFFFFF) % 10**6:06d}"


def test_login_with_two_step_sign_in_needs_code(shop, tmp_path):
    client = Client(shop, tmp_path)
    register(client, "carol")
    token = client.token_file.read_text().strip()
    status, _, enrolment = shop.request("POST", "/api/v1/me/two-factor/enrol", {"password": "long-enough-pw"},
                                        token=token)
    assert status == 200, enrolment
    secret = enrolment["secret"]
    status, _, body = shop.request("POST", "/api/v1/me/two-factor/confirm", {"code": totp(secret, time.time())},
                                   token=token)
    assert status == 200 and len(body["recoveryCodes"]) == 10, body
    assert client("logout").returncode == 0

    refused = client("login", "carol", "--password", "long-enough-pw")
    assert refused.returncode == 4
    assert "authenticator app" in refused.stderr and "--code" in refused.stderr
    assert not client.token_file.exists()
    # The next step's code (the confirming one is used up; one step of drift is allowed).
    done = client("login", "carol", "--password", "long-enough-pw", "--code", totp(secret, time.time() + 30))
    assert done.returncode == 0, done.stderr
    assert client.json("whoami")["username"] == "carol"
