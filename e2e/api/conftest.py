"""Fixtures for the CLI and HTTP end-to-end tests: a real `sotube` binary on a temp data dir."""
import json
import os
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request

import pytest

BIN = os.environ.get("SOTUBE_BIN", os.path.join(os.path.dirname(__file__), "..", "..", ".build", "debug", "sotube"))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cli(*args, data, env=None, check=True):
    """Runs `sotube ARGS --data DATA` and returns the CompletedProcess."""
    full_env = {**os.environ, "SOTUBE_BCRYPT_COST": "4", "SOTUBE_DEMO": "0", **(env or {})}
    try:
        result = subprocess.run([BIN, *args], capture_output=True, text=True, env=full_env, timeout=300,
                                cwd=str(data))
    except subprocess.TimeoutExpired as stuck:
        # What it printed before it was killed (a worker that stopped taking jobs says why in its log).
        said = [part if isinstance(part, str) else (part or b"").decode(errors="replace")
                for part in (stuck.stdout, stuck.stderr)]
        raise AssertionError(f"sotube {' '.join(args)} did not end in 300 s:\n{said[0][-4000:]}\n"
                             f"{said[1][-8000:]}") from None
    if check and result.returncode != 0:
        raise AssertionError(f"sotube {' '.join(args)} failed:\n{result.stdout}\n{result.stderr}")
    return result


def tagged_song(path, title, artist, album, track, frequency, seconds=35):
    """Writes a tagged MP3 (a sine tone) for a test catalog."""
    subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i",
                    f"sine=frequency={frequency}:duration={seconds}", "-metadata", f"title={title}",
                    "-metadata", f"artist={artist}", "-metadata", f"album={album}", "-metadata", f"track={track}",
                    "-c:a", "libmp3lame", "-b:a", "64k", str(path)], check=True, timeout=120)


class Server:
    def __init__(self, data, port, env=None, args=()):
        self.data, self.port = data, port
        self.base = f"http://127.0.0.1:{port}"
        self.log = open(os.path.join(str(data), "server.log"), "w+")
        full_env = {**os.environ, "SOTUBE_BCRYPT_COST": "4", "SOTUBE_DEMO": "0", **(env or {})}
        self.process = subprocess.Popen([BIN, "serve", "--host", "127.0.0.1", *args], cwd=str(data),
                                        env=full_env, stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.time() + 240  # the first start seeds the demo catalog
        while time.time() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"server exited early:\n{self.logs()}")
            try:
                with urllib.request.urlopen(self.base + "/healthz", timeout=2) as response:
                    if response.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, OSError):
                time.sleep(0.3)
        raise AssertionError(f"server did not become healthy:\n{self.logs()}")

    def logs(self):
        if self.log.closed:  # stopped: everything it wrote is in the file
            with open(self.log.name) as log:
                return log.read()
        self.log.flush()
        self.log.seek(0)
        return self.log.read()

    def fetch(self, method, path, data=None, token=None, headers=None):
        """Returns (status, headers, body bytes)."""
        req = urllib.request.Request(self.base + path, data=data, method=method)
        if token:
            req.add_header("Authorization", f"Bearer {token}")
        for key, value in (headers or {}).items():
            req.add_header(key, value)
        try:
            with urllib.request.urlopen(req, timeout=60) as response:
                return response.status, response.headers, response.read()
        except urllib.error.HTTPError as error:
            return error.code, error.headers, error.read()

    def request(self, method, path, body=None, token=None, headers=None, raw=None):
        """Returns (status, headers, parsed JSON or text)."""
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
        status, hdrs, payload = self.fetch(method, path, data, token, {"Content-Type": "application/json",
                                                                       **(headers or {})})
        text = payload.decode("utf-8", "replace")
        try:
            return status, hdrs, json.loads(text) if text else None
        except ValueError:
            return status, hdrs, text

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
        self.log.close()
        return self.process.returncode


@pytest.fixture
def data_dir(tmp_path):
    return tmp_path


@pytest.fixture
def server(tmp_path):
    port = free_port()
    srv = Server(tmp_path, port, args=("--port", str(port)))
    yield srv
    srv.stop()
