"""What the console's browser tests share (test_console.py, test_console_customers.py): the seed store
(generated songs, playlists, a damaged file), a server per test on a copy of it, buyers and the
operator through the API and the CLI, and checks of what the store serves."""
import itertools
import json
import os
import re
import shutil
import sqlite3
import subprocess
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from pathlib import Path

import pytest
from playwright.sync_api import expect

from conftest import ALL_SIZES, ROOT, VIEWPORTS, Console, _free_port, start_sotube, stop_sotube
from webhelpers import log_in

BIN = Path(os.environ.get("SOTUBE_BIN", ROOT / ".build" / "debug" / "sotube"))
PASSWORD = "correct horse 1"
OPERATOR = "boss"
REAUTHENTICATE = "urn:sotube:problem:reauthenticate"
ENV = dict(os.environ, SOTUBE_DEMO="0", SOTUBE_BCRYPT_COST="4", SOTUBE_PEOPLE_PER_ADDRESS="100",
           SOTUBE_PAYMENTS="sandbox")
SONGS = {"Console Album": ["Amber Road", "Birch Lane", "Cedar Hill", "Dune Sea"],
         "Second Album": ["Elm Park", "Fir Gate"]}
_servers = itertools.count()


# ---- the store ------------------------------------------------------------------------------

def ffmpeg(*args):
    subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y", *args], check=True, timeout=120)


def cli(data, *args, check=True):
    return subprocess.run([str(BIN), *args, "--data", str(data)], check=check, capture_output=True, text=True,
                          timeout=300, env=ENV)


def make_music(root):
    """Two albums of 4-second tones, and a file that probes as a song but cannot be decoded."""
    music = root / "music"
    n = 0
    for album, titles in SONGS.items():
        folder = music / "Console Band" / album
        folder.mkdir(parents=True)
        for track, title in enumerate(titles, 1):
            n += 1
            ffmpeg("-f", "lavfi", "-i", f"sine=frequency={220 + 55 * n}:duration=4", "-metadata", f"title={title}",
                   "-metadata", "artist=Console Band", "-metadata", f"album={album}", "-metadata", f"track={track}",
                   "-c:a", "flac", str(folder / f"{track:02d}.flac"))
    good = root / "good.flac"
    ffmpeg("-f", "lavfi", "-i", "sine=frequency=999:duration=20", "-c:a", "flac", str(good))
    data = bytearray(good.read_bytes())
    for i in range(8192, len(data)):
        data[i] = (i * 31 + 7) & 0xFF
    (music / "Console Band" / "Console Album" / "99 damaged.flac").write_bytes(bytes(data))
    return music


# The store home's playlists: (name, kind, featured, position, songs); the moods are the mood playlists.
PLAYLISTS = [("Morning Volume", "volume", 1, 1, ["Amber Road", "Birch Lane"]),
             ("Evening Volume", "volume", 1, 2, ["Cedar Hill", "Dune Sea", "Elm Park"]),
             ("Night Volume", "volume", 1, 3, ["Fir Gate"]),
             ("Road Trip", "volume", 0, 4, ["Amber Road", "Elm Park"]),
             ("Calm", "mood", 0, 5, ["Birch Lane"]),
             ("Bright", "mood", 0, 6, ["Cedar Hill", "Fir Gate"])]
MOODS = ["Calm", "Bright"]
OTHER_ARTIST = "Other Band"  # an artist without songs: renaming "Console Band" to this name is refused


def add_playlists(data):
    """Playlists and moods written straight into the seed's database (no server runs yet)."""
    now = int(time.time() * 1000)
    db = sqlite3.connect(data / "sotube.sqlite")
    with db:
        songs = dict(db.execute("SELECT title, id FROM tracks"))
        ids = {}
        for name, kind, featured, position, titles in PLAYLISTS:
            ids[name] = str(uuid.uuid4())
            db.execute("INSERT INTO playlists (id, name, description, kind, featured, artwork_path, position, created_at)"
                       " VALUES (?, ?, ?, ?, ?, NULL, ?, ?)", (ids[name], name, f"{name} for the console test", kind,
                                                             featured, position, now))
            db.executemany("INSERT INTO playlist_tracks (playlist_id, position, track_id) VALUES (?, ?, ?)",
                           [(ids[name], i, songs[title]) for i, title in enumerate(titles)])
        db.executemany("INSERT INTO moods (id, name, playlist_id, position) VALUES (?, ?, ?, ?)",
                       [(str(uuid.uuid4()), name, ids[name], i) for i, name in enumerate(MOODS)])
        db.execute("INSERT INTO artists (id, name, name_key, bio, image_path, created_at) VALUES (?, ?, ?, NULL, NULL, ?)",
                   (str(uuid.uuid4()), OTHER_ARTIST, OTHER_ARTIST.lower(), now))
    db.close()


@pytest.fixture(scope="module")
def seed():
    """A data folder with the songs imported, their media made, the damaged file's jobs failed, and
    playlists and moods for the store home."""
    if not BIN.exists():
        pytest.fail(f"server binary {BIN} not found: run `swift build` first or set SOTUBE_BIN")
    root = Path(tempfile.mkdtemp(prefix="sotube-e2e-console-"))
    data = root / "seed"
    cli(data, "import", "--no-wait", str(make_music(root)))
    cli(data, "worker", "--until-idle", "--workers", "2", "--max-attempts", "1", check=False)
    add_playlists(data)
    yield root, data
    shutil.rmtree(root, ignore_errors=True)


class Store:
    def __init__(self, base, data):
        self.base, self.data = base, data


@pytest.fixture
def store(seed):
    """A server of its own on a copy of the seed, with no media worker (a retried job stays queued)."""
    with serve(seed) as running:
        yield running


class serve:
    def __init__(self, seed):
        root, data = seed
        self.data = root / f"data-{next(_servers)}"
        shutil.copytree(data, self.data)
        self.root = root

    def __enter__(self):
        port = _free_port()
        self.proc, base, self.log = start_sotube(
            [str(BIN), "serve", "--port", str(port), "--host", "127.0.0.1", "--data", str(self.data),
             "--public-dir", str(ROOT / "Public"), "--workers", "0"], ENV, self.data / "server.log", port, timeout=120)
        return Store(base, self.data)

    def __exit__(self, *exc):
        stop_sotube(self.proc, self.log)


# ---- the API, as buyers and scripts use it ---------------------------------------------------

class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args):
        return None


def call(base, method, path, body=None, token=None, headers=None, form=None):
    """(status, parsed JSON or text) of one request; a bearer token for a user's session."""
    data, sent = None, dict(headers or {})
    if form is not None:
        data = urllib.parse.urlencode(form).encode()
        sent["Content-Type"] = "application/x-www-form-urlencoded"
    elif body is not None:
        data = json.dumps(body).encode()
        sent["Content-Type"] = "application/json"
    if token:
        sent["Authorization"] = f"Bearer {token}"
    url = base + path if path.startswith("/") else path
    request = urllib.request.Request(url, data=data, method=method, headers=sent)
    opener = urllib.request.build_opener(NoRedirect)
    try:
        with opener.open(request, timeout=30) as r:
            status, text = r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        status, text = e.code, e.read().decode()
    try:
        return status, json.loads(text) if text else None
    except ValueError:
        return status, text


class Buyer:
    def __init__(self, base, name):
        self.base, self.name = base, name
        status, body = call(base, "POST", "/api/v1/auth/register",
                            {"username": name, "email": f"{name}@example.test", "password": PASSWORD})
        assert status == 201, body
        self.token, self.id = body["token"], body["user"]["id"]

    def get(self, path):
        return call(self.base, "GET", path, token=self.token)

    def coins(self):
        status, wallet = self.get("/api/v1/wallet")
        assert status == 200, wallet
        return wallet["coins"]

    def buy(self, track=None, album=None, expected=None):
        body = {"trackId": track} if track else {"albumId": album}
        if expected is not None:
            body["expectedPrice"] = expected
        status, answer = call(self.base, "POST", "/api/v1/purchases", body, token=self.token,
                              headers={"Idempotency-Key": str(uuid.uuid4())})
        assert status == 201, answer
        return answer

    def top_up(self):
        """Buys the smallest coin pack through the sandbox checkout, paying by card."""
        _, wallet = self.get("/api/v1/wallet")
        pack = min(wallet["packs"], key=lambda p: p["coins"])
        status, created = call(self.base, "POST", "/api/v1/wallet/top-ups", {"packId": pack["id"]}, token=self.token)
        assert status == 201, created
        status, page = call(self.base, "POST", created["checkoutUrl"],
                            form={"method": "card", "number": "4242 4242 4242 4242", "expiry": "12/34", "cvc": "123"})
        assert status == 303, (status, str(page)[:300])

    def redeem(self, code):
        status, answer = call(self.base, "POST", "/api/v1/wallet/redeem", {"code": code}, token=self.token)
        assert status == 200, answer

    def history(self):
        status, history = self.get("/api/v1/wallet/history?limit=500")
        assert status == 200, history
        return history["entries"]


def catalog(base):
    """{title: track} of the generated songs, and {album title: album id}."""
    status, found = call(base, "GET", "/api/v1/search?q=Console%20Band&limit=50")
    assert status == 200, found
    albums = {a["title"]: a["id"] for a in found["albums"]}
    tracks = {}
    for album_id in albums.values():
        _, album = call(base, "GET", f"/api/v1/albums/{album_id}")
        tracks.update({t["title"]: t for t in album["tracks"]})
    return tracks, albums


def expected_totals(buyers, accounts):
    """The dashboard's totals as the buyers' ledgers give them (docs/console.md: every figure is the ledger's)."""
    totals = {"money": {}, "coinsSold": 0, "coinsSpentOnSongs": 0, "coinsSpentOnAlbums": 0, "coinsGranted": 0,
              "coinsFromCodes": 0, "coinsRefunded": 0, "purchases": 0, "newBuyers": accounts}
    for buyer in buyers:
        for e in buyer.history():
            if e["kind"] == "top-up":
                totals["coinsSold"] += e["coins"]
                money = e["money"]
                totals["money"][money["currency"]] = totals["money"].get(money["currency"], 0) + money["amount"]
            elif e["kind"] == "purchase":
                totals["purchases"] += 1
                key = "coinsSpentOnAlbums" if e["description"].startswith("Album") else "coinsSpentOnSongs"
                totals[key] += -e["coins"]
            elif e["kind"] == "grant":
                totals["coinsGranted"] += e["coins"]
            elif e["kind"] == "gift-code":
                totals["coinsFromCodes"] += e["coins"]
    return totals


def script_sales(store, tag):
    """Three buyers: one tops up (sandbox card), one redeems a code minted with the CLI, one is granted
    coins with the CLI; they buy songs alone and an album whole. Returns the buyers and the catalog."""
    ann, ben, cat = (Buyer(store.base, f"{name}{tag}") for name in ("ann", "ben", "cat"))
    ann.top_up()
    code = cli(store.data, "codes", "mint", "--coins", "300", "--count", "1").stdout.split()[-1]
    ben.redeem(code)
    cli(store.data, "coins", "grant", cat.name, "200", "--reason", "Welcome to the store")
    tracks, albums = catalog(store.base)
    ann.buy(track=tracks["Amber Road"]["id"])
    ann.buy(album=albums["Second Album"])
    ben.buy(track=tracks["Amber Road"]["id"])
    ben.buy(track=tracks["Birch Lane"]["id"])
    cat.buy(track=tracks["Cedar Hill"]["id"])
    return (ann, ben, cat), tracks, albums


def make_operator(store, name=OPERATOR):
    out = cli(store.data, "users", "add", name, "--email", f"{name}@example.test", "--password", PASSWORD,
              "--role", "operator").stdout
    assert "created user" in out, out


def album_served(base, album_id, check, timeout=10):
    """Waits until the public album page (as a guest sees it) passes `check`."""
    deadline = time.time() + timeout
    while True:
        status, detail = call(base, "GET", f"/api/v1/albums/{album_id}")
        if status == 200 and check(detail["album"]):
            return detail["album"]
        assert time.time() < deadline, f"the store never served the change: {detail}"
        time.sleep(0.1)


def artwork(base, album_id):
    """(status, Content-Type, bytes) of the album's 300-pixel artwork as the store serves it."""
    try:
        with urllib.request.urlopen(f"{base}/api/v1/albums/{album_id}/artwork?size=300", timeout=30) as r:
            return r.status, r.headers.get("Content-Type"), r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers.get("Content-Type"), e.read()


def centre_colour(jpeg):
    """The (r, g, b) of a JPEG's centre pixel, or None without Pillow."""
    try:
        from PIL import Image
    except ImportError:
        return None
    import io
    with Image.open(io.BytesIO(jpeg)) as image:
        return image.convert("RGB").getpixel((image.width // 2, image.height // 2))


def served(base, track_id, check, timeout=10):
    """Waits until the public API serves the change (each server reads catalog changes within 250 ms)."""
    deadline = time.time() + timeout
    while True:
        status, detail = call(base, "GET", f"/api/v1/tracks/{track_id}")
        if status == 200 and check(detail["track"]):
            return detail["track"]
        assert time.time() < deadline, f"the store never served the change: {detail}"
        time.sleep(0.1)


# ---- the browser ------------------------------------------------------------------------------

@pytest.fixture
def browse(browser, viewport):
    """browse(locale=, color_scheme=) → a new page at the viewport; fails the test on console errors
    it did not declare (.console.allow)."""
    console = Console()
    contexts = []

    def make(locale="en-US", color_scheme="light"):
        size = VIEWPORTS[viewport]
        context = browser.new_context(viewport=size, locale=locale, color_scheme=color_scheme,
                                      has_touch=size["width"] < 1000, service_workers="block", accept_downloads=True)
        context.grant_permissions(["clipboard-read", "clipboard-write"])
        context.on("page", console.attach)
        contexts.append(context)
        return context.new_page()

    make.console = console
    yield make
    for context in contexts:
        context.close()
    assert console.unexpected() == [], f"console errors: {console.unexpected()}"


STRAY = [r"\bundefined\b", r"\bnull\b", r"\bNaN\b", r"\[object Object\]", r"\bconsole\.[a-zA-Z]"]


def no_stray_words(page):
    """No value the code forgot to check ("null", "undefined") and no text key without its text."""
    text = page.locator("#main").inner_text()
    for pattern in STRAY:
        assert not re.search(pattern, text), f"{pattern} on screen: {text[:800]}"


# Every chart on the dashboard drawn by Chart.js.
CHARTS_DRAWN = ("() => window.Chart && document.querySelectorAll('.console-chart canvas').length > 0"
                " && [...document.querySelectorAll('.console-chart canvas')].every((c) => window.Chart.getChart(c))")


def calm(page):
    """Toasts gone and the page at its top, for a screenshot of the screen itself."""
    page.evaluate("document.querySelectorAll('.toast').forEach((t) => t.remove()); window.scrollTo(0, 0)")


def figure(page, name):
    return int(page.locator(f"#dash-total-{name}").get_attribute("data-value"))


def reauthenticate(asked):
    """A route handler answering as the server does 15 minutes after signing in (once: `times=1`)."""
    def answer(route):
        asked.append(route.request.url)
        route.fulfill(status=403, content_type="application/problem+json", body=json.dumps({
            "type": REAUTHENTICATE, "title": "Forbidden", "status": 403,
            "detail": "Confirm your password to continue: you signed in more than 15 minutes ago."}))
    return answer


def operator_api(store):
    """admin(method, path, body) as the operator, through the API (a session made by signing in)."""
    status, session = call(store.base, "POST", "/api/v1/auth/login", {"username": OPERATOR, "password": PASSWORD})
    assert status == 200, session
    token = session["token"]

    def admin(method, path, body=None):
        status, answer = call(store.base, method, "/api/v1/admin" + path, body, token=token)
        assert status in (200, 201, 204), (path, status, answer)
        return answer
    return admin


def open_console(page, base, section=""):
    page.goto(f"{base}/#/console{'/' + section if section else ''}")
    expect(page.locator("#main .console-body")).to_be_visible()
    expect(page.locator("#main .console-body .spinner")).to_have_count(0)


def featured_on_the_store_home(base, names, moods, timeout=10):
    """Waits until the store home's API lists these featured playlists and moods, in this order."""
    deadline = time.time() + timeout
    while True:
        status, home = call(base, "GET", "/api/v1/store/home")
        assert status == 200, home
        shown = ([p["name"] for p in home["featuredPlaylists"]], [m["name"] for m in home["moods"]])
        if shown == (names, moods):
            return
        assert time.time() < deadline, f"the store home shows {shown}, not {(names, moods)}"
        time.sleep(0.1)


@pytest.fixture(scope="module")
def look_store(seed):
    """A server with sales, a failed job, a code batch and a few operator actions to show."""
    with serve(seed) as store:
        buyers, tracks, _ = script_sales(store, tag="x")
        make_operator(store)
        admin = operator_api(store)
        admin("POST", f"/users/{buyers[0].id}/coins", {"coins": 50, "reason": "Sorry for the outage"})
        admin("PATCH", f"/tracks/{tracks['Fir Gate']['id']}", {"withdrawn": True})
        admin("PUT", f"/users/{buyers[2].id}/lock")
        admin("POST", "/gift-code-batches", {"coins": 100, "count": 5, "label": "Winter fair"})
        store.user = buyers[0]
        yield store
