"""Browser tests for the SoTube web app: a real `sotube serve` and Debian's Chromium (headless).

Run from the repository root:  python3 -m pytest e2e/web -q  (or all of e2e)
Environment: SOTUBE_BIN (default .build/debug/sotube), CHROMIUM (default: Debian's chromium-headless-shell, else /usr/bin/chromium).
Screenshots land in e2e/screenshots/<viewport>/.
"""
import json
import os
import re
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

ROOT = Path(__file__).resolve().parent.parent.parent
SCREENSHOTS = ROOT / "e2e" / "screenshots"

VIEWPORTS = {
    "phone-390x844": {"width": 390, "height": 844},
    "phone-landscape-844x390": {"width": 844, "height": 390},
    "tablet-820x1180": {"width": 820, "height": 1180},
    "desktop-1440x900": {"width": 1440, "height": 900},
}


DATA_DIR = []  # the running server's data directory, when the tests started it


@pytest.fixture
def outbox(server):
    """The server's outbox folder (password-reset mail), or a skip when the server is not ours."""
    if not DATA_DIR:
        pytest.skip("the outbox is only reachable when the tests start the server")
    return Path(DATA_DIR[0]) / "outbox"


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_sotube(command, env, log_path, port, timeout):
    """Starts a `sotube serve` command, waits for /healthz; (process, base URL, open log file)."""
    log = open(log_path, "wb")
    proc = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.time() + timeout
    while True:
        if proc.poll() is not None:
            log.close()
            pytest.fail("server exited early:\n" + Path(log_path).read_text(errors="replace")[-4000:])
        try:
            with urllib.request.urlopen(base + "/healthz", timeout=2) as r:
                if r.status == 200:
                    return proc, base, log
        except (urllib.error.URLError, ConnectionError, OSError):
            pass
        if time.time() > deadline:
            proc.kill()
            pytest.fail(f"server did not become healthy in {timeout} s")
        time.sleep(0.2)


def stop_sotube(proc, log):
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
    log.close()


@pytest.fixture(scope="session")
def server(demo_server):
    """The run's demo-catalog server (e2e/conftest.py: started when the tests are collected, shared
    with test_first_start.py), once every demo song is ready: the browser tests buy and play.
    SOTUBE_E2E_BASE_URL points the tests at a server that is already running instead."""
    DATA_DIR[:] = [str(demo_server.data)] if demo_server.data else []
    return demo_server.base


def _status(url):
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            return r.status
    except urllib.error.HTTPError as e:
        return e.code


@pytest.fixture(scope="session")
def features(server):
    """Which server features this build has (routes other branches add)."""
    found = set(["auth"])
    if _status(server + "/api/v1/store/home") == 200:
        found.add("catalog")
    if _status(server + "/api/v1/wallet") in (200, 401):
        found.add("commerce")
    if "catalog" in found:
        with urllib.request.urlopen(server + "/api/v1/store/home") as r:
            home = json.load(r)
        album = (home.get("newReleases") or [{}])[0].get("id")
        if album:
            with urllib.request.urlopen(f"{server}/api/v1/albums/{album}") as r:
                tracks = json.load(r)["tracks"]
            if tracks and _status(server + tracks[0]["audioUrl"]) in (200, 206):
                found.add("media")
    return found


@pytest.fixture
def needs(features):
    def check(*names):
        missing = [n for n in names if n not in features]
        if missing:
            pytest.skip(f"needs server features not on this build: {', '.join(missing)}")
    return check


# The two layouts: a phone (bottom tab bar, mini player above it) and a desktop (sidebar, player bar).
# A flow runs at these two (or, marked ONE_SIZE, at the phone's alone); a test of the layout itself,
# marked ALL_SIZES, and the look test (test_look.py: every screen) at all four.
FLOW_VIEWPORTS = ("phone-390x844", "desktop-1440x900")


def pytest_generate_tests(metafunc):
    """`viewport`: the sizes of the test's `viewports` mark, else FLOW_VIEWPORTS; with the
    `languages_across_sizes` mark, `viewport` and `locale` together (LANGUAGES_ACROSS_SIZES)."""
    if metafunc.definition.get_closest_marker("languages_across_sizes"):
        metafunc.parametrize(("viewport", "locale"), LANGUAGES_ACROSS_SIZES,
                             ids=[f"{size}-{locale}" for size, locale in LANGUAGES_ACROSS_SIZES])
        return
    if "viewport" in metafunc.fixturenames:
        mark = metafunc.definition.get_closest_marker("viewports")
        sizes = list(mark.args) if mark else list(FLOW_VIEWPORTS)
        unknown = [size for size in sizes if size not in VIEWPORTS]
        assert not unknown, f"unknown viewports {unknown}"
        metafunc.parametrize("viewport", sizes, ids=sizes)


ALL_SIZES = pytest.mark.viewports(*VIEWPORTS)
# A flow whose words matter in both languages: Russian at the phone's size (its longer words are the
# likeliest to wrap or overflow there) and English on the desktop, two runs where every pair was four.
LANGUAGES_ACROSS_SIZES = (("phone-390x844", "ru-RU"), ("desktop-1440x900", "en-US"))
PAIRED = pytest.mark.languages_across_sizes
# A flow that neither checks nor depends on where things are (forms, sessions, mail, server pages):
# at a phone's size only, the one most likely to hide a control.
ONE_SIZE = pytest.mark.viewports("phone-390x844")


class Console:
    """Collects console errors and page errors; a test may allow specific expected messages."""

    def __init__(self):
        self.errors = []
        self.allowed = []

    def allow(self, pattern):
        self.allowed.append(re.compile(pattern))

    def attach(self, page):
        page.on("console", lambda m: self.errors.append(f"console: {m.text} [{m.location.get('url', '')}]")
                if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))

    def unexpected(self):
        return [e for e in self.errors if not any(p.search(e) for p in self.allowed)]


@pytest.fixture
def console():
    return Console()


@pytest.fixture
def make_context(browser, viewport, console, features):
    """make_context(locale=, color_scheme=, storage_state=) → a new browser context at the viewport."""
    contexts = []
    if "catalog" not in features:
        # Builds without the catalog routes: the store home answers 404 (the app says so on screen).
        console.allow(r"status of 404 .*/api/v1/store/home")

    def make(locale="en-US", color_scheme="light", storage_state=None):
        size = VIEWPORTS[viewport]
        ctx = browser.new_context(
            viewport=size, locale=locale, color_scheme=color_scheme, storage_state=storage_state,
            has_touch=size["width"] < 1000, service_workers="block")
        ctx.grant_permissions(["clipboard-read", "clipboard-write"])
        ctx.on("page", console.attach)
        contexts.append(ctx)
        return ctx

    yield make
    for ctx in contexts:
        ctx.close()
    assert console.unexpected() == [], "console errors"


@pytest.fixture
def page(make_context):
    return make_context().new_page()


# What the page shows has settled: no transition or animation running (the endless ones aside: the
# playing bars, spinners) and every image on screen loaded (or failed). Checked on animation frames.
SETTLED = """() => document.getAnimations().every((a) => a.playState !== 'running'
    || a.effect?.getComputedTiming().endTime === Infinity)
  && [...document.images].every((img) => {
    if (img.complete) return true;
    const r = img.getBoundingClientRect();
    return !r.width || !r.height || r.bottom < 0 || r.top > innerHeight || r.right < 0 || r.left > innerWidth;
  })"""


# Two frames: what the last change set off in the page's rendering step (ResizeObserver callbacks,
# such as the one making a table that scrolls sideways focusable) has run.
TWO_FRAMES = """() => new Promise((done) => {
  requestAnimationFrame(() => requestAnimationFrame(() => done(true)));
  setTimeout(() => done(false), 1000);
})"""


def settle(page, timeout=5000):
    """Waits until the page has rendered twice and settled (SETTLED); a page that never does is
    photographed or checked as it is after `timeout` ms, as the fixed wait this replaces did."""
    try:
        page.evaluate(TWO_FRAMES)
        page.wait_for_function(SETTLED, polling="raf", timeout=timeout)
    except PlaywrightTimeout:
        pass


@pytest.fixture
def shot(viewport):
    folder = SCREENSHOTS / viewport
    folder.mkdir(parents=True, exist_ok=True)

    def take(page, name):
        settle(page)
        page.screenshot(path=str(folder / f"{name}.png"))
    return take
