"""The operator's console (docs/console.md) in the browser, on its own server (no demo catalog): six
short generated songs on two albums and one damaged file whose media jobs fail; coins sold through the
sandbox provider, a gift code and a grant from the CLI; songs and an album bought through the API. So
every figure on the dashboard is one this test made, and it checks them against the buyers' ledgers.

- test_operator_runs_the_store (1440×900 and 820×1180, a fresh server each): an operator made with the
  CLI signs in; the dashboard's totals equal the ledgers' (and the Coins CSV sums to them); a song's
  price changed in the console is the store's and what a buyer is charged; a withdrawn song says "No
  longer on sale"; renaming the artist to a name another artist has is refused at the field (409), a
  new name shows on all their songs and on the store's album and artist pages; a text file as an
  album's artwork is refused (415), a PNG becomes the JPEG the store serves for the album; coins granted with a reason (after confirming the password: the server's first
  answer is made a 403 reauthenticate) move the buyer's balance; a locked buyer's session gets 401; a
  gift-code batch's codes show once and its CSV has a line per code; a failed media job is retried;
  the audit log lists every action. A buyer opening #/console sees a refusal, not the console.
- test_customer_data_and_the_store_home (a phone, a fresh server): "Show older entries" in the audit log
  asks for the entries after the last one shown (by its id) and shows every entry once, in order; a gift-
  code batch minted with the CLI is listed; a buyer's data export (after confirming the password)
  downloads JSON whose `users` table holds that buyer and no password hash; erasing the buyer (with a
  reason) leaves "Deleted account", locked, with its purchases, the buyer's token gets 401 and `sotube
  ledger verify` still says "ledger exact"; reordering the featured playlists and moods by keyboard and
  saving changes the order the store home shows.
- test_every_console_screen (all four sizes): each screen in English and Russian, the dashboard, the
  catalog and the store home in dark mode too (e2e/screenshots/<viewport>/screen-console-*.png).

The seed has playlists and moods (written into its database before any server starts: the generated
songs make no playlists): three featured volumes, one that is not featured, two mood playlists and
their moods; and an artist without songs, "Other Band" (a name that is taken)."""
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
    assert console.unexpected() == [], "console errors"


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


@pytest.mark.viewports("desktop-1440x900", "tablet-820x1180")
def test_operator_runs_the_store(store, browse, shot):
    base = store.base
    buyers, tracks, albums = script_sales(store, tag="")
    ann, ben, cat = buyers
    make_operator(store)
    totals = expected_totals(buyers, accounts=4)  # the three buyers and the operator joined today

    page = browse()
    log_in(page, base, OPERATOR, PASSWORD)
    nav = page.get_by_role("navigation", name="Main")
    expect(nav.get_by_role("link", name="Console")).to_be_visible()
    nav.get_by_role("link", name="Console").click()

    # Dashboard: the last 30 days by day; the totals are the ledgers'.
    expect(page.get_by_role("heading", name="Dashboard", level=1)).to_be_visible()
    expect(page.locator("#console-two-factor")).to_contain_text("two-step sign-in")
    expect(page.locator("#dash-totals")).to_be_visible()
    for name in ("coinsSold", "coinsSpentOnSongs", "coinsSpentOnAlbums", "coinsGranted", "coinsFromCodes",
                 "coinsRefunded", "purchases", "newBuyers"):
        assert figure(page, name) == totals[name], (name, figure(page, name), totals)
    assert totals["money"] and totals["coinsSold"] > 0, totals
    for currency, amount in totals["money"].items():
        assert int(page.locator(f"#dash-total-money-{currency}").get_attribute("data-value")) == amount
    # Chart.js drew the three charts; each has its table and its CSV.
    expect(page.locator(".console-chart canvas")).to_have_count(3)
    page.wait_for_function(CHARTS_DRAWN)
    expect(page.locator("#top-songs tbody tr").first).to_contain_text("Amber Road")
    no_stray_words(page)
    shot(page, "90-console-dashboard")
    with page.expect_download() as download:
        page.locator("#chart-coins").get_by_role("button", name=re.compile("Download CSV")).click()
    rows = download.value.path().read_text(encoding="utf-8-sig").strip().splitlines()
    header = rows[0].split(",")
    assert header[:2] == ["Period start", "Coins sold"], header
    assert sum(int(r.split(",")[1]) for r in rows[1:]) == totals["coinsSold"]
    assert len(rows) == 31, len(rows)  # a row per day of the 30

    # Catalog: a new price is the store's, and what a buyer pays.
    song = tracks["Dune Sea"]
    new_price = song["price"] + 3
    open_console(page, base, "catalog")
    search = page.get_by_role("search").get_by_label("Search songs")
    search.fill("Dune")
    search.press("Enter")
    row = page.locator(f'.console-item[data-track-id="{song["id"]}"]')
    expect(page.locator(".console-item")).to_have_count(1)
    row.get_by_role("button", name="Edit “Dune Sea”").click()
    edit = page.locator("dialog.console-dialog")
    expect(edit.get_by_label("Title")).to_have_value("Dune Sea")
    edit.get_by_label("Price").fill(str(new_price))
    shot(page, "91-console-edit-song")
    edit.get_by_role("button", name="Save").click()
    expect(edit).to_have_count(0)
    expect(row.locator(".track-price")).to_have_text(f"{new_price} coins")
    served(base, song["id"], lambda t: t["price"] == new_price)
    page.goto(f"{base}/#/song/{song['id']}")
    expect(page.locator(".btn-buy .price").first).to_have_text(str(new_price))
    before = ben.coins()
    ben.buy(track=song["id"], expected=new_price)
    assert ben.coins() == before - new_price
    assert ben.history()[0]["coins"] == -new_price

    # Withdraw a song: the store says it is no longer on sale.
    gone = tracks["Fir Gate"]
    open_console(page, base, "catalog")
    page.get_by_role("search").get_by_label("Search songs").fill("Fir")
    row = page.locator(f'.console-item[data-track-id="{gone["id"]}"]')
    row.get_by_role("button", name="Withdraw “Fir Gate”").click()
    page.locator("dialog.console-dialog").get_by_role("button", name="Withdraw").click()
    expect(row.get_by_text("Withdrawn")).to_be_visible()
    expect(row.get_by_role("button", name="Restore “Fir Gate”")).to_be_visible()
    served(base, gone["id"], lambda t: t.get("withdrawn") is True)
    page.goto(f"{base}/#/song/{gone['id']}")
    expect(page.get_by_text("No longer on sale").first).to_be_visible()

    # Rename the artist, by keyboard: a name another artist has is refused at the field (the server's
    # 409); a new one shows on every song of theirs (the search for the old name looks for the new
    # one), and on the store's album and artist pages.
    browse.console.allow(r"status of 409")
    open_console(page, base, "catalog")
    search = page.get_by_role("search").get_by_label("Search songs")
    search.fill("Console")
    search.press("Enter")
    row = page.locator(f'.console-item[data-track-id="{song["id"]}"]')
    expect(row).to_be_visible()
    songs = page.locator(".console-item").count()
    row.get_by_role("button", name="Rename the artist “Console Band”").click()
    rename = page.locator("dialog.console-dialog")
    name = rename.get_by_label("Artist name")
    expect(name).to_be_focused()
    expect(name).to_have_value("Console Band")
    name.fill(OTHER_ARTIST)
    name.press("Enter")
    expect(rename.locator(".field[data-field=name] .field-error")).to_contain_text(OTHER_ARTIST)
    expect(name).to_be_focused()
    calm(page)
    shot(page, "91a-console-rename-artist")
    name.fill("Harbour")
    name.press("Enter")
    expect(rename).to_have_count(0)
    expect(search).to_have_value("Harbour")
    expect(page.locator(".console-item .track-artist")).to_have_text(["Harbour"] * songs)
    expect(row.get_by_role("button", name="Rename the artist “Harbour”")).to_be_focused()
    shown = album_served(base, albums["Console Album"], lambda a: a["artistName"] == "Harbour")
    status, artist = call(base, "GET", f"/api/v1/artists/{shown['artistId']}")
    assert status == 200 and artist["artist"]["name"] == "Harbour", artist
    assert {a["artistName"] for a in artist["albums"]} == {"Harbour"}, artist["albums"]

    # The album's artwork: a text file is refused (415), a red PNG becomes the JPEG the store serves.
    browse.console.allow(r"status of 415")
    uploads = store.data / "uploads"
    uploads.mkdir(exist_ok=True)
    (uploads / "notes.txt").write_text("Not a picture at all.\n")
    ffmpeg("-f", "lavfi", "-i", "color=c=red:s=400x400", "-frames:v", "1", str(uploads / "red.png"))
    album_id = albums["Console Album"]
    _, _, before = artwork(base, album_id)
    row.get_by_role("button", name="Change the artwork of “Console Album”").click()
    art = page.locator("dialog.dialog-artwork")
    expect(art.get_by_role("heading", name="Artwork of “Console Album”")).to_be_visible()
    expect(art.locator("#artwork-now")).to_contain_text("Now")
    picture = art.get_by_label("Picture file")
    expect(picture).to_have_attribute("accept", "image/jpeg,image/png,image/webp")
    picture.set_input_files(str(uploads / "notes.txt"))
    art.get_by_role("button", name="Upload").click()
    expect(art.locator(".field[data-field=artwork] .field-error")).to_contain_text(re.compile(r"not a picture .*read"))
    picture.set_input_files(str(uploads / "red.png"))
    with page.expect_response(lambda r: r.url.endswith(f"/admin/albums/{album_id}/artwork")) as put:
        art.get_by_role("button", name="Upload").click()
    assert put.value.status == 200
    new = art.locator("#artwork-new img")  # the answer's artworkUrl, asked for afresh
    expect(new).to_have_attribute("src", re.compile(rf"^/api/v1/albums/{album_id}/artwork\?size=\d+&v=\d+$"))
    expect(art.locator("#artwork-status")).to_have_text("The store shows the new artwork of “Console Album” now.")
    expect(art.locator(".field-error:visible")).to_have_count(0)
    page.wait_for_function("(img) => img.complete && img.naturalWidth > 0", arg=new.element_handle())
    expect(art.get_by_role("button", name="Close")).to_be_focused()
    calm(page)
    shot(page, "91b-console-album-artwork")
    page.keyboard.press("Enter")
    expect(art).to_have_count(0)
    expect(row.get_by_role("button", name="Change the artwork of “Console Album”")).to_be_focused()
    deadline = time.time() + 10
    while (served_art := artwork(base, album_id))[2] == before:
        assert time.time() < deadline, "the store still serves the old artwork"
        time.sleep(0.1)
    status, kind, after = served_art
    assert status == 200 and kind == "image/jpeg" and after[:3] == b"\xff\xd8\xff", (status, kind, after[:16])
    colour = centre_colour(after)
    assert colour is None or (colour[0] > 200 and colour[1] < 60 and colour[2] < 60), colour

    # Customers: grant coins with a reason. The server's first answer asks for the password (as it does
    # 15 minutes after signing in): the console asks for it, confirms it and sends the grant again.
    open_console(page, base, "customers")
    page.get_by_role("search").get_by_label("Search customers").fill(ann.name)
    page.locator(f'tr[data-user-id="{ann.id}"]').get_by_role("link", name=ann.name).click()
    expect(page.get_by_role("heading", name=ann.name, level=1)).to_be_visible()
    expect(page.locator("#user-balance")).to_have_attribute("data-value", str(ann.coins()))
    asked = []
    page.route(re.compile(r"/api/v1/admin/users/[^/]+/coins$"), reauthenticate(asked), times=1)
    browse.console.allow(r"status of 403")  # that made-up answer
    browse.console.allow(r"status of 422")  # the wrong password below
    balance = ann.coins()
    form = page.locator("#coins-form")
    form.get_by_label("Number of coins").fill("25")
    form.get_by_role("button", name="Apply").click()
    expect(form.locator(".field[data-field=reason] .field-error")).to_have_text("Say why.")
    form.get_by_label("Reason").fill("Refund for a broken download")
    form.get_by_role("button", name="Apply").click()
    confirm = page.locator("dialog.dialog-reauth")
    expect(confirm.get_by_role("heading", name="Confirm your password")).to_be_visible()
    expect(confirm.get_by_label("Password")).to_be_focused()
    confirm.get_by_label("Password").fill("not my password")
    confirm.get_by_role("button", name="Confirm and go on").click()
    expect(confirm.locator(".field[data-field=password] .field-error")).to_have_text("The password is wrong.")
    shot(page, "92-console-confirm-password")
    confirm.get_by_label("Password").fill(PASSWORD)
    confirm.get_by_label("Password").press("Enter")
    expect(confirm).to_have_count(0)
    expect(page.locator(".toast").last).to_contain_text(f"Granted 25 coins to {ann.name}")
    assert len(asked) == 1
    assert ann.coins() == balance + 25
    expect(page.locator("#user-balance")).to_have_attribute("data-value", str(balance + 25))
    expect(page.locator("#user-ledger tbody tr").first).to_contain_text("Refund for a broken download")

    # Lock a buyer: the session that buyer has gets 401 from then on.
    assert ben.get("/api/v1/me")[0] == 200
    page.goto(f"{base}/#/console/customers/{ben.id}")
    expect(page.get_by_role("heading", name=ben.name, level=1)).to_be_visible()
    page.get_by_role("button", name="Lock account").click()
    page.locator("dialog.console-dialog").get_by_role("button", name="Lock account").click()
    expect(page.locator("#user-locked")).to_have_text("Locked")
    expect(page.get_by_role("button", name="Unlock account")).to_be_visible()
    assert ben.get("/api/v1/me")[0] == 401
    no_stray_words(page)
    calm(page)
    shot(page, "93-console-customer")

    # Gift codes: a batch's codes show once, and its CSV has a line per code; a redeemed one counts.
    open_console(page, base, "codes")
    form = page.locator("#codes-form")
    form.get_by_label("Coins per code").fill("40")
    form.get_by_label("Number of codes").fill("3")
    form.get_by_label("Label (optional)").fill("Console fair")
    form.get_by_role("button", name="Make codes").click()
    made = page.locator("#codes-made")
    expect(made.locator("li code")).to_have_count(3)
    codes = [c.strip() for c in made.locator("li code").all_inner_texts()]
    shot(page, "94-console-codes-made")
    with page.expect_download() as download:
        made.get_by_role("link", name=re.compile("Download the codes of Console fair")).click()
    lines = download.value.path().read_text(encoding="utf-8-sig").strip().splitlines()
    assert len(lines) == 1 + 3, lines
    assert all(any(code in line for line in lines) for code in codes), (codes, lines)
    cat.redeem(codes[0])
    page.reload()
    batch = page.locator(".batch-table tbody tr").filter(has_text="Console fair")
    expect(batch.locator("td.redeemed")).to_have_text("1")
    expect(page.locator("#codes-made")).to_have_count(0)  # shown once

    # Media jobs: the damaged file's jobs failed with a reason; Retry queues one again.
    open_console(page, base, "jobs")
    failed = int(page.locator("#jobs-failed").get_attribute("data-value"))
    assert failed >= 1, "the damaged file's jobs failed"
    job = page.locator("#failed-jobs li").first
    expect(job.locator(".console-error")).not_to_be_empty()
    job_id = job.get_attribute("data-job-id")
    job.get_by_role("button", name=re.compile("^Retry")).click()
    expect(page.locator(f'[data-job-id="{job_id}"]')).to_have_count(0)
    expect(page.locator("#jobs-failed")).to_have_attribute("data-value", str(failed - 1))
    expect(page.locator("#jobs-queued")).to_have_attribute("data-value", "1")

    # The audit log lists each action, newest first, and exports as CSV.
    open_console(page, base, "audit")
    for action in ("track.edit", "artist.edit", "album.artwork", "coins.grant", "user.lock", "codes.batch", "job.retry",
                   "user.role"):
        expect(page.locator(f'tr[data-action="{action}"]').first).to_be_visible()
    grant = page.locator('tr[data-action="coins.grant"]').filter(has_text="Refund for a broken download")
    expect(grant).to_contain_text(OPERATOR)
    expect(page.locator("tbody tr").first).to_have_attribute("data-action", "job.retry")
    expect(page.locator('tr[data-action="track.edit"]')).to_have_count(2)  # the price, the withdrawal
    expect(page.locator('tr[data-action="artist.edit"]')).to_have_count(1)  # the refused name is not logged
    expect(page.locator('tr[data-action="artist.edit"] .audit-action')).to_have_text("Artist renamed")
    expect(page.locator('tr[data-action="artist.edit"]')).to_contain_text("Harbour")
    expect(page.locator('tr[data-action="album.artwork"]')).to_have_count(1)  # the text file is not logged
    expect(page.locator('tr[data-action="album.artwork"] .audit-action')).to_have_text("Album artwork changed")
    with page.expect_download() as download:
        page.get_by_role("link", name="Export CSV").click()
    assert "coins.grant" in download.value.path().read_text(encoding="utf-8-sig")
    no_stray_words(page)
    calm(page)
    shot(page, "95-console-audit")

    # A buyer who opens the console is refused (and has no Console tab).
    buyer_page = browse()
    log_in(buyer_page, base, cat.name, PASSWORD)
    expect(buyer_page.get_by_role("navigation", name="Main").get_by_role("link", name="Console")).to_have_count(0)
    buyer_page.goto(f"{base}/#/console")
    expect(buyer_page.locator("#console-forbidden")).to_contain_text("for the store’s operators")
    expect(buyer_page.locator(".console-nav")).to_have_count(0)
    shot(buyer_page, "96-console-forbidden")


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


@pytest.mark.viewports("phone-390x844")
def test_customer_data_and_the_store_home(store, browse, shot):
    base = store.base
    dan = Buyer(base, "dan")
    cli(store.data, "coins", "grant", dan.name, "100", "--reason", "Welcome to the store")
    tracks, _ = catalog(base)
    dan.buy(track=tracks["Elm Park"]["id"])
    cli(store.data, "codes", "mint", "--coins", "5", "--count", "2", "--label", "From the shell")
    make_operator(store)
    admin = operator_api(store)
    # More audit entries than the console's page of 50: the home arranged as it is, 55 times.
    home = admin("GET", "/curation")
    same = {"featured": [p["id"] for p in home["playlists"] if p["featured"]], "moods": [m["id"] for m in home["moods"]]}
    for _ in range(55):
        admin("PUT", "/curation", same)
    log = admin("GET", "/audit?limit=500")["entries"]
    assert 50 < len(log) < 100, len(log)

    page = browse()
    log_in(page, base, OPERATOR, PASSWORD)

    # The audit log's next page starts after the last entry shown (by its id): none skipped or twice.
    open_console(page, base, "audit")
    rows = page.locator(".audit-table tbody tr")
    expect(rows).to_have_count(50)
    last = rows.nth(49).get_attribute("data-entry-id")
    with page.expect_request(lambda r: "/api/v1/admin/audit?" in r.url and "before=" in r.url) as older:
        page.get_by_role("button", name="Show older entries").click()
    assert urllib.parse.parse_qs(urllib.parse.urlparse(older.value.url).query)["before"] == [last]
    expect(rows).to_have_count(len(log))
    shown = page.locator(".audit-table tbody tr").evaluate_all("(rows) => rows.map((r) => r.dataset.entryId)")
    assert shown == [e["id"] for e in log]
    expect(page.locator("#audit-older")).to_have_count(0)

    # The CLI's codes are a batch the console lists.
    open_console(page, base, "codes")
    expect(page.locator(".batch-table tbody tr").filter(has_text="From the shell")).to_contain_text("cli:")

    # A customer's data: the export (after confirming the password) holds the buyer, and no hash.
    page.goto(f"{base}/#/console/customers/{dan.id}")
    expect(page.get_by_role("heading", name=dan.name, level=1)).to_be_visible()
    asked = []
    page.route(re.compile(r"/api/v1/admin/users/[^/]+/export$"), reauthenticate(asked), times=1)
    browse.console.allow(r"status of 403")  # that made-up answer
    with page.expect_download() as download:
        page.get_by_role("button", name="Export data").click()
        confirm = page.locator("dialog.dialog-reauth")
        confirm.get_by_label("Password").fill(PASSWORD)
        confirm.get_by_label("Password").press("Enter")
    assert len(asked) == 1
    assert download.value.suggested_filename.endswith(".json"), download.value.suggested_filename
    exported = json.loads(download.value.path().read_text(encoding="utf-8"))
    assert [(u["id"], u["username"]) for u in exported["users"]] == [(dan.id, dan.name)], exported["users"]
    assert len(exported["purchases"]) == 1, exported["purchases"]
    assert not [k for rows in exported.values() for row in rows for k in row if "hash" in k or "secret" in k]
    assert "password_hash" not in download.value.path().read_text(encoding="utf-8")

    # Erasing: the dialog says what goes and what stays and wants a reason; the account is left
    # locked as "Deleted account" with its purchase; its session ends; the ledger stays exact.
    page.get_by_role("button", name="Erase account").click()
    erase = page.locator("dialog.dialog-erase")
    expect(erase.get_by_role("heading", name=f"Erase the account {dan.name}?")).to_be_visible()
    expect(erase.locator(".erase-goes")).to_contain_text("Listening history")
    expect(erase.locator(".erase-stays")).to_contain_text("Purchases")
    erase.get_by_role("button", name="Erase for good").click()
    expect(erase.locator(".field[data-field=reason] .field-error")).to_have_text("Say why.")
    erase.get_by_label("Reason").fill("Asked by email")
    shot(page, "97-console-erase")
    assert dan.get("/api/v1/me")[0] == 200
    erase.get_by_role("button", name="Erase for good").click()
    expect(erase).to_have_count(0)
    expect(page.locator("#user-erased")).to_be_focused()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"deleted-{dan.id}")
    expect(page.locator(".console-user .lead")).to_have_text(f"Deleted account · deleted-{dan.id}@deleted.invalid")
    expect(page.locator("#user-locked")).to_have_text("Locked")
    expect(page.locator("#user-purchases tbody tr")).to_have_count(1)
    expect(page.locator("#user-erase")).to_have_count(0)
    assert dan.get("/api/v1/me")[0] == 401
    assert "ledger exact" in cli(store.data, "ledger", "verify").stdout
    no_stray_words(page)
    calm(page)
    shot(page, "98-console-erased")

    # The store home, by keyboard: "Night Volume" up to the top, "Evening Volume" out, "Road Trip" in,
    # "Bright" before "Calm"; saved, the console shows the server's answer and the store home that order.
    featured_on_the_store_home(base, ["Morning Volume", "Evening Volume", "Night Volume"], ["Calm", "Bright"])
    open_console(page, base, "home")
    titles = page.locator("#curation-featured .console-item-title")
    expect(titles).to_have_text(["Morning Volume", "Evening Volume", "Night Volume"])
    expect(page.locator("#curation-others .console-item-title")).to_have_text(["Bright", "Calm", "Road Trip"])
    expect(page.get_by_role("button", name="Save", exact=True)).to_be_disabled()
    up = page.get_by_role("button", name="Move up: Night Volume")
    up.focus()
    page.keyboard.press("Enter")
    expect(up).to_be_focused()
    page.keyboard.press("Enter")
    expect(titles).to_have_text(["Night Volume", "Morning Volume", "Evening Volume"])
    expect(page.get_by_role("button", name="Move down: Night Volume")).to_be_focused()  # "up" is at the top
    page.get_by_role("button", name="Remove from featured: Evening Volume").focus()
    page.keyboard.press("Enter")
    page.get_by_role("button", name="Add to featured: Road Trip").focus()
    page.keyboard.press("Enter")
    page.get_by_role("button", name="Move up: Bright").focus()
    page.keyboard.press("Enter")
    expect(titles).to_have_text(["Night Volume", "Morning Volume", "Road Trip"])
    expect(page.locator("#curation-moods .console-item-title")).to_have_text(["Bright", "Calm"])
    expect(page.locator("#curation-status")).to_have_text("Unsaved changes.")
    shot(page, "99-console-store-home")
    with page.expect_response(lambda r: r.url.endswith("/api/v1/admin/curation") and r.request.method == "PUT") as put:
        page.get_by_role("button", name="Save", exact=True).click()
    assert put.value.status == 200
    assert put.value.request.post_data_json["featured"] == [p["id"] for name in ("Night Volume", "Morning Volume", "Road Trip")
                                                            for p in home["playlists"] if p["name"] == name]
    expect(page.locator("#curation-status")).to_contain_text("Saved")
    expect(titles).to_have_text(["Night Volume", "Morning Volume", "Road Trip"])
    expect(page.locator("#curation-moods .console-item-title")).to_have_text(["Bright", "Calm"])
    expect(page.locator("#curation-others .console-item-title")).to_have_text(["Bright", "Calm", "Evening Volume"])
    featured_on_the_store_home(base, ["Night Volume", "Morning Volume", "Road Trip"], ["Bright", "Calm"])
    # A fresh load: the page's own preload of the home data (made when the console opened, before the
    # save) would answer the first store screen of this document with the order it had then.
    page.goto(f"{base}/#/store")
    page.reload()
    expect(page.get_by_role("region", name="Featured playlists").locator(".card-title")).to_have_text(
        ["Night Volume", "Morning Volume", "Road Trip"])
    expect(page.get_by_role("region", name="Moods").locator(".card-title")).to_have_text(["Bright", "Calm"])


# ---- every screen at every size ----------------------------------------------------------------

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


@ALL_SIZES
def test_every_console_screen(look_store, browse, shot):
    base = look_store.base
    screens = [("", "dashboard", "#dash-totals"), ("catalog", "catalog", ".console-item"),
               ("home", "home", "#curation-featured"), ("customers", "customers", ".customer-table"),
               (f"customers/{look_store.user.id}", "customer", "#user-ledger"), ("codes", "codes", ".batch-table"),
               ("jobs", "jobs", "#jobs"), ("audit", "audit", ".audit-table")]
    page = browse()
    log_in(page, base, OPERATOR, PASSWORD)
    for language in ("en", "ru"):
        if language == "ru":
            page.get_by_label("Language").select_option("ru")
            main_nav = page.get_by_role("navigation", name="Главное меню")
            expect(main_nav.get_by_role("link", name="Консоль")).to_be_visible()
        for route, name, ready in screens:
            open_console(page, base, route)
            expect(page.locator(ready).first).to_be_visible()
            if name == "dashboard":
                page.wait_for_function(CHARTS_DRAWN)
            no_stray_words(page)
            shot(page, f"screen-console-{name}{'' if language == 'en' else '-ru'}")
    dark = browse(color_scheme="dark")
    log_in(dark, base, OPERATOR, PASSWORD)
    for route, name, ready in screens[:3]:
        open_console(dark, base, route)
        expect(dark.locator(ready).first).to_be_visible()
        shot(dark, f"screen-console-{name}-dark")
