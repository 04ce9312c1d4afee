"""What every end-to-end suite shares: one demo-catalog server per run.

The demo catalog's first start (an empty data folder: the rows at once, then each of its 66 songs
synthesised and made into MP3, preview, waveform and loudness by the media jobs) takes about a minute
of both cores. The browser tests and test_first_start.py need it, so it is started once, as soon as
the tests are collected when the run includes them, and its wait overlaps the tests before them.

The `demo_server` fixture waits until the catalog is complete (every song ready, no media job left)
and gives its base URL and data folder. With pytest-xdist the workers share the one server (a lock
file decides who starts it); the process that configured the run stops it at the end.
"""
import fcntl
import json
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import expect

# Tests pass on a slow, busy machine: a page's assertions wait up to 10 s (Playwright's own default
# is 5 s, which a 2-core CI runner building and serving at once has been seen to miss).
expect.set_options(timeout=10_000)

ROOT = Path(__file__).resolve().parent.parent
STATE = "SOTUBE_E2E_DEMO_DIR"  # the folder the run's demo server lives in (inherited by xdist workers)


def binary():
    return Path(os.environ.get("SOTUBE_BIN", ROOT / ".build" / "debug" / "sotube"))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def locked(folder):
    with open(folder / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def start(folder):
    """Starts the demo server in `folder` unless it was started; (base URL, data folder). Call it locked."""
    state = folder / "server.json"
    if state.exists():
        known = json.loads(state.read_text())
        return known["base"], Path(known["data"])
    if not binary().exists():
        pytest.fail(f"server binary {binary()} not found: run `swift build` first or set SOTUBE_BIN")
    data = folder / "data"
    data.mkdir()
    port = free_port()
    # Every browser test signs up and asks for resets from 127.0.0.1: lift the per-address limits.
    env = dict(os.environ, SOTUBE_BCRYPT_COST="4", SOTUBE_PEOPLE_PER_ADDRESS="100")
    env.pop("SOTUBE_DEMO", None)  # a first start seeds the demo catalog
    with open(data / "server.log", "wb") as log:
        process = subprocess.Popen(
            [str(binary()), "serve", "--port", str(port), "--host", "127.0.0.1", "--data", str(data),
             "--public-dir", str(ROOT / "Public")],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    state.write_text(json.dumps({"base": base, "data": str(data), "pid": process.pid}))
    return base, data


def stop(folder):
    state = folder / "server.json"
    if state.exists():
        pid = json.loads(state.read_text())["pid"]
        try:
            if str(folder) not in Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace"):
                raise ProcessLookupError  # it ended, and its process id is another's now
            os.kill(pid, signal.SIGTERM)
            deadline = time.time() + 20
            while time.time() < deadline and alive(pid):
                time.sleep(0.1)
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
        except (ProcessLookupError, FileNotFoundError):
            pass
        try:
            os.waitpid(pid, 0)  # ours when this process started it
        except ChildProcessError:
            pass
    shutil.rmtree(folder, ignore_errors=True)


def alive(pid):
    try:
        finished, _ = os.waitpid(pid, os.WNOHANG)
        if finished:
            return False
    except ChildProcessError:
        pass  # another process's child: ask the kernel
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def pytest_configure(config):
    config.addinivalue_line("markers", "viewports(*names): the browser sizes a test runs at (e2e/web)")
    config.addinivalue_line("markers", "languages_across_sizes: a flow run once per language, each at "
                            "another size (e2e/web)")
    config.addinivalue_line("markers", "serial: timing-sensitive; scripts/test.sh runs these after the "
                            "others, alone (-m serial), not beside another worker")
    if hasattr(config, "workerinput") or os.environ.get("SOTUBE_E2E_BASE_URL"):
        return  # an xdist worker (the run's controller did this), or a server that already runs
    folder = Path(tempfile.mkdtemp(prefix="sotube-e2e-demo-"))
    os.environ[STATE] = str(folder)
    config._sotube_demo = folder


def pytest_collection_modifyitems(config, items):
    """The files that use the demo server run after the others (in their order), so the minute its
    songs take is spent on those; with `pytest -n 3 --dist loadfile --no-loadscope-reorder`
    (scripts/test.sh) each file runs in one worker, in this order."""
    uses = {str(item.fspath) for item in items if "demo_server" in getattr(item, "fixturenames", ())}
    items.sort(key=lambda item: str(item.fspath) in uses)  # stable: the order within each part stays


def pytest_collection_finish(session):
    """Starts the demo server as soon as the tests are known, when one of them uses it (with xdist,
    the first worker to get here starts it)."""
    folder = os.environ.get(STATE)
    if session.config.option.collectonly:
        return
    if folder and any("demo_server" in getattr(item, "fixturenames", ()) for item in session.items):
        with locked(Path(folder)):
            start(Path(folder))


def pytest_unconfigure(config):
    folder = getattr(config, "_sotube_demo", None)
    if folder is not None:
        with locked(folder):
            stop(folder)
        os.environ.pop(STATE, None)


def _json(url):
    with urllib.request.urlopen(url, timeout=10) as r:
        return json.load(r)


def wait_healthy(base, timeout, log):
    deadline = time.time() + timeout
    while True:
        try:
            with urllib.request.urlopen(base + "/healthz", timeout=2) as r:
                if r.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, OSError):
            pass
        if time.time() > deadline:
            pytest.fail(f"the demo server did not become healthy in {timeout} s:\n"
                        + log.read_text(errors="replace")[-4000:])
        time.sleep(0.2)


def wait_for_demo_catalog(base, timeout):
    """Waits until the demo catalog is written (its moods come after every song's row), every demo
    song is ready (on sale, its preview made) and the media job queue is empty (loudness too)."""
    deadline = time.time() + timeout
    while True:
        moods = _json(base + "/api/v1/store/home")["moods"]
        songs = [track for mood in moods
                 for track in _json(f"{base}/api/v1/playlists/{mood['playlistId']}")["tracks"]]
        if len(moods) >= 5 and songs and all(track.get("ready", True) for track in songs):
            break
        if time.time() > deadline:
            pytest.fail(f"demo catalog not ready after {timeout} s: {len(moods)} moods, "
                        f"{sum(1 for t in songs if t.get('ready', True))}/{len(songs)} songs ready")
        time.sleep(0.5)
    wait_for_media_jobs(base, max(1, deadline - time.time()))


def wait_for_media_jobs(base, timeout):
    """Waits until the server's media job queue has nothing queued or running (GET /metrics)."""
    deadline = time.time() + timeout
    while True:
        with urllib.request.urlopen(base + "/metrics", timeout=10) as r:
            lines = [line for line in r.read().decode().splitlines() if line.startswith("sotube_media_jobs{")]
        waiting = sum(float(line.split()[-1]) for line in lines if 'state="queued"' in line or 'state="running"' in line)
        if lines and waiting == 0:
            return
        if time.time() > deadline:
            pytest.fail(f"media jobs not done after {timeout} s: {lines}")
        time.sleep(0.5)


class DemoServer:
    def __init__(self, base, data):
        self.base, self.data = base, data and Path(data)


@pytest.fixture(scope="session")
def demo_server():
    """The run's demo-catalog server, once every demo song is on sale and no media job is left.
    With SOTUBE_E2E_BASE_URL, that server (its data folder SOTUBE_E2E_DATA_DIR, or unknown: None)."""
    if os.environ.get("SOTUBE_E2E_BASE_URL"):
        return DemoServer(os.environ["SOTUBE_E2E_BASE_URL"].rstrip("/"), os.environ.get("SOTUBE_E2E_DATA_DIR"))
    folder = Path(os.environ[STATE])
    with locked(folder):
        base, data = start(folder)
    wait_healthy(base, 60, data / "server.log")
    # The browser tests buy and play: they start when every song is ready.
    wait_for_demo_catalog(base, timeout=600)
    return DemoServer(base, data)


# Debian's old headless shell (chromium-headless-shell: the same engine and version, without the
# desktop browser's UI layers; what Playwright itself runs headless) spends about 40 % less CPU on
# the same browser tests than /usr/bin/chromium in its headless mode, and the runs are CPU-bound.
HEADLESS_SHELL = Path("/usr/lib/chromium/chromium-headless-shell")


def chromium_path():
    """CHROMIUM, else the headless shell when installed, else Debian's chromium."""
    if os.environ.get("CHROMIUM"):
        return os.environ["CHROMIUM"]
    return str(HEADLESS_SHELL) if HEADLESS_SHELL.exists() else "/usr/bin/chromium"


@pytest.fixture(scope="session")
def browser():
    """One headless Chromium per test process, shared by every suite that drives a browser (web,
    payments): Playwright's sync API allows one running instance per thread, so two suites each
    holding a session browser in one xdist worker would collide."""
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(
            executable_path=chromium_path(), headless=True,
            args=["--autoplay-policy=no-user-gesture-required", "--no-sandbox"])
        yield b
        b.close()
