"""A real supysonic (PyPI) on loopback, as the upstream of a catalog source: its own virtualenv (made
by scripts/deps.sh test, or here when missing), a library of generated tagged files (non-ASCII names,
a two-disc album, an album artist) and three untagged MP3s from Debian's asc-music, scanned by
supysonic's own CLI and served by gunicorn."""
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

VENV = Path(os.environ.get("SOTUBE_SUPYSONIC_VENV", Path.home() / ".cache" / "sotube" / "supysonic-venv"))
USER, PASSWORD = "upstream", "up-secret-1"
DEBIAN_MUSIC = sorted(Path("/usr/share/games/asc/music").glob("*.mp3"))

# (relative path, title, artist, album artist, album, track, disc, year, genre, seconds, tone)
SONGS = [
    ("Björk/Homogénic/01 Jóga.mp3", "Jóga", "Björk", None, "Homogénic", 1, 1, 1997, "Electronic", 34, 330),
    ("Björk/Homogénic/02 Hunter.mp3", "Hunter", "Björk", None, "Homogénic", 2, 1, 1997, "Electronic", 31, 350),
    ("Кино/Группа крови/01 Группа крови.mp3", "Группа крови", "Кино", None, "Группа крови", 1, 1, 1988, "Rock", 33, 370),
    ("Various/Double Set/1-01 First.mp3", "First", "Ann Lee", "Various Artists", "Double Set", 1, 1, 2001, "Pop", 32, 390),
    ("Various/Double Set/1-02 Second.mp3", "Second", "Bob Ray", "Various Artists", "Double Set", 2, 1, 2001, "Pop", 36, 410),
    ("Various/Double Set/2-01 Third.mp3", "Third", "Ann Lee", "Various Artists", "Double Set", 1, 2, 2001, "Pop", 33, 430),
    ("Various/Double Set/2-02 Fourth.mp3", "Fourth", "Cé Diaz", "Various Artists", "Double Set", 2, 2, 2001, "Pop", 35, 450),
]
LATE_SONG = ("Кино/Группа крови/02 Закрой за мной дверь.mp3", "Закрой за мной дверь", "Кино", None, "Группа крови",
             2, 1, 1988, "Rock", 32, 470)


def ensure_venv():
    if (VENV / "bin" / "supysonic-server").exists() and (VENV / "bin" / "gunicorn").exists():
        return
    subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    subprocess.run([str(VENV / "bin" / "pip"), "install", "-q", "supysonic", "gunicorn"], check=True, timeout=600)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def write_song(root, song):
    path, title, artist, album_artist, album, track, disc, year, genre, seconds, tone = song
    target = Path(root) / path
    target.parent.mkdir(parents=True, exist_ok=True)
    tags = ["-metadata", f"title={title}", "-metadata", f"artist={artist}", "-metadata", f"album={album}",
            "-metadata", f"track={track}", "-metadata", f"disc={disc}", "-metadata", f"date={year}",
            "-metadata", f"genre={genre}"]
    if album_artist:
        tags += ["-metadata", f"album_artist={album_artist}"]
    subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i",
                    f"sine=frequency={tone}:duration={seconds}", *tags, "-id3v2_version", "3",
                    "-c:a", "libmp3lame", "-b:a", "64k", str(target)], check=True, timeout=120)
    return target


def write_cover(folder, color):
    subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", f"color=c={color}:s=400x400",
                    "-frames:v", "1", str(Path(folder) / "cover.jpg")], check=True, timeout=60)


class Upstream:
    """supysonic serving `library` on a free loopback port."""

    def __init__(self, folder):
        ensure_venv()
        self.folder = Path(folder)
        self.library = self.folder / "library"
        self.library.mkdir(parents=True)
        for song in SONGS:
            write_song(self.library, song)
        write_cover(self.library / "Björk" / "Homogénic", "0x335577")
        write_cover(self.library / "Various" / "Double Set", "0x775533")
        debian = self.library / "Debian" / "asc-music"
        debian.mkdir(parents=True)
        for path in DEBIAN_MUSIC:
            shutil.copyfile(path, debian / path.name)
        self.conf = self.folder / "supysonic.conf"
        self.conf.write_text(
            f"[base]\ndatabase_uri = sqlite:///{self.folder / 'supysonic.db'}\n"
            f"[webapp]\ncache_dir = {self.folder / 'cache'}\nlog_level = WARNING\nmount_webui = no\n"
            f"[daemon]\nsocket = {self.folder / 'daemon.sock'}\nrun_watcher = no\n")
        self.cli("user", "add", USER, "-p", PASSWORD)
        self.cli("folder", "add", "library", str(self.library))
        self.rescan()
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = open(self.folder / "supysonic.log", "w")
        self.process = subprocess.Popen(
            [str(VENV / "bin" / "supysonic-server"), "-S", "gunicorn", "-h", "127.0.0.1", "-p", str(self.port),
             "--processes", "1", "--threads", "4"],
            cwd=self.folder, env=self.env(), stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.time() + 60
        while time.time() < deadline:
            try:
                with urllib.request.urlopen(f"{self.base}/rest/ping?u={USER}&p={PASSWORD}&c=t&v=1.16.1&f=json",
                                            timeout=2) as response:
                    if b'"ok"' in response.read():
                        return
            except OSError:
                time.sleep(0.3)
        raise AssertionError("supysonic did not start: " + (self.folder / "supysonic.log").read_text())

    def env(self):
        return {**os.environ, "SUPYSONIC_CONFIG": str(self.conf)}

    def cli(self, *args):
        subprocess.run([str(VENV / "bin" / "supysonic-cli"), *args], cwd=self.folder, env=self.env(), check=True,
                       stdout=subprocess.DEVNULL, timeout=300)

    def rescan(self):
        self.cli("folder", "scan", "library", "--foreground")

    def api(self, method, **params):
        """A Subsonic call as any client makes it; the parsed `subsonic-response`."""
        import json
        import urllib.parse
        query = urllib.parse.urlencode({"u": USER, "p": PASSWORD, "c": "test", "v": "1.16.1", "f": "json", **params})
        with urllib.request.urlopen(f"{self.base}/rest/{method}?{query}", timeout=30) as response:
            return json.loads(response.read())["subsonic-response"]

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.close()


class FlakyProxy:
    """A loopback HTTP proxy in front of the upstream that answers some downloads 503 (every
    `fail_every`th one, or all of them while `down` is set), the way an overloaded server does."""

    def __init__(self, target, fail_every=2):
        import http.server
        import threading
        import urllib.error

        proxy = self
        self.target, self.fail_every, self.down = target, fail_every, False
        self.downloads = self.refused = 0
        self.lock = threading.Lock()

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_GET(self):
                if self.path.startswith("/rest/download"):
                    with proxy.lock:
                        proxy.downloads += 1
                        refuse = proxy.down or proxy.downloads % proxy.fail_every == 0
                        proxy.refused += refuse
                    if refuse:
                        self.send_response(503)
                        self.send_header("Content-Length", "0")
                        self.end_headers()
                        return
                try:
                    with urllib.request.urlopen(proxy.target + self.path, timeout=60) as response:
                        body, status, headers = response.read(), response.status, response.headers
                except urllib.error.HTTPError as error:
                    body, status, headers = error.read(), error.code, error.headers
                self.send_response(status)
                self.send_header("Content-Type", headers.get("Content-Type", "application/octet-stream"))
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self):
        self.server.shutdown()
