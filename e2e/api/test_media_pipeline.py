"""The media pipeline as an operator meets it (SPEC C7, M8, O1): `sotube import --no-wait` writes the
songs and queues their jobs; a `sotube worker` killed with SIGKILL in the middle of a job loses nothing
(the next worker takes its jobs when their lease ends, and no half-written or second file is left);
a damaged file fails its jobs with a reason `sotube jobs` shows while the others go on; a song is
not sold until its preview exists."""
import os
import signal
import sqlite3
import subprocess
import time
import uuid

from conftest import Server, cli, free_port

# As conftest.py finds it (not imported from there: under `pytest e2e` another suite's conftest may be
# the module named `conftest`).
BIN = os.environ.get("SOTUBE_BIN", os.path.join(os.path.dirname(__file__), "..", "..", ".build", "debug", "sotube"))


def ffmpeg(*args):
    subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y", *args], check=True, timeout=120)


def make_music(root, count=6, seconds=24):
    album = root / "music" / "Pipeline Band" / "Pipeline Album"
    album.mkdir(parents=True)
    for n in range(1, count + 1):
        ffmpeg("-f", "lavfi", "-i", f"sine=frequency={200 + 60 * n}:duration={seconds}",
               "-metadata", f"title=Song {n}", "-metadata", "artist=Pipeline Band",
               "-metadata", "album=Pipeline Album", "-metadata", f"track={n}", "-c:a", "flac",
               str(album / f"{n:02d}.flac"))
    # A damaged file: a FLAC header that probes as a 20-second song, then garbage.
    good = root / "good.flac"
    ffmpeg("-f", "lavfi", "-i", "sine=frequency=999:duration=20", "-c:a", "flac", str(good))
    data = bytearray(good.read_bytes())
    for i in range(8192, len(data)):
        data[i] = (i * 31 + 7) & 0xFF
    (album / "99 damaged.flac").write_bytes(bytes(data))
    return root / "music"


def database(root):
    return sqlite3.connect(str(root / "data" / "sotube.sqlite"), timeout=30)


def query(root, sql):
    with database(root) as db:
        return db.execute(sql).fetchall()


def worker_env():
    return {**os.environ, "SOTUBE_DEMO": "0"}


def test_a_killed_worker_loses_nothing_and_a_damaged_file_fails_alone(data_dir):
    music = make_music(data_dir)
    out = cli("import", "--no-wait", str(music), data=data_dir).stdout
    assert "imported 7" in out and "15 media jobs queued" in out, out  # 2 a song, 1 the album's picture
    assert query(data_dir, "SELECT COUNT(*), SUM(ready) FROM tracks") == [(7, 0)]

    # Start a worker, kill -9 it while it holds a job (at most three tries to catch one).
    killed_jobs = []
    for _ in range(3):
        worker = subprocess.Popen([BIN, "worker", "--workers", "1", "--lease-seconds", "2"], cwd=str(data_dir),
                                  env=worker_env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 120
        while time.time() < deadline and not query(data_dir, "SELECT id FROM media_jobs WHERE state = 'running'"):
            time.sleep(0.02)
        worker.send_signal(signal.SIGKILL)
        worker.wait(timeout=30)
        killed_jobs = [row[0] for row in query(data_dir, "SELECT id FROM media_jobs WHERE state = 'running'")]
        if killed_jobs:
            break
    assert killed_jobs, "a worker was killed while holding a job"

    # The next worker takes the dead one's jobs once their lease ends, and does the rest.
    cli("worker", "--until-idle", "--workers", "2", "--lease-seconds", "2", data=data_dir)
    states = dict(query(data_dir, "SELECT state, COUNT(*) FROM media_jobs GROUP BY state"))
    # A picture, and each file's renditions and loudness; each good FLAC's MP3 (queued once it was on sale).
    assert states == {"done": 19, "failed": 2}, states
    for job in killed_jobs:
        state, attempts = query(data_dir, f"SELECT state, attempts FROM media_jobs WHERE id = '{job}'")[0]
        assert attempts >= 2 and state in ("done", "failed"), (job, state, attempts)

    # One row per file, six on sale; in each song's folder one full rendition, one preview, no temp file.
    rows = query(data_dir, "SELECT source_path, ready, preview_path, media_path FROM tracks")
    assert len(rows) == 7 and len({row[0] for row in rows}) == 7
    assert sorted(os.path.basename(r[0]) for r in rows if r[1] == 1) == [f"{n:02d}.flac" for n in range(1, 7)]
    media = data_dir / "data" / "media"
    leftovers = [str(p) for p in media.rglob("*") if ".part" in p.name]
    assert leftovers == [], leftovers
    for source, ready, preview, full in rows:
        if ready:
            folder = (media / preview).parent
            assert sorted(p.name for p in folder.iterdir()) == ["full.mp3", "original.flac", "preview.mp3"]
            assert (media / full).stat().st_size > 0

    # `sotube jobs` names the damaged file and why; `retry --failed` queues its jobs again.
    jobs = cli("jobs", data=data_dir).stdout
    assert "queued 0, running 0, done 19, failed 2" in jobs, jobs
    failed_lines = [line for line in jobs.splitlines() if line.startswith("failed ")]
    assert len(failed_lines) == 2 and all("99 damaged.flac" in line for line in failed_lines), jobs
    assert all("no audio could be decoded" in line for line in failed_lines), jobs
    job_id = failed_lines[0].split()[1]
    assert "queued again: 1" in cli("jobs", "retry", job_id, data=data_dir).stdout
    assert "queued again: 1" in cli("jobs", "retry", "--failed", data=data_dir).stdout
    missing = cli("jobs", "retry", "no-such-job", data=data_dir, check=False)
    assert missing.returncode != 0 and "No failed job" in missing.stderr

    # Importing again scans only what changed: nothing is added twice.
    again = cli("import", "--no-wait", str(music), data=data_dir).stdout
    assert "imported 0" in again and "unchanged 7" in again, again
    assert query(data_dir, "SELECT COUNT(*) FROM tracks") == [(7,)]


def register(server, name):
    status, _, body = server.request("POST", "/api/v1/auth/register",
                                     {"username": name, "email": f"{name}@example.com", "password": "long-enough-1"})
    assert status == 201, body
    return body["token"]


def test_a_song_is_sold_once_its_preview_exists(data_dir):
    music = make_music(data_dir, count=2, seconds=30)
    cli("migrate", data=data_dir)
    port = free_port()
    server = Server(data_dir, port, args=("--port", str(port), "--workers", "0"))
    try:
        cli("import", "--no-wait", str(music), data=data_dir)
        buyer = register(server, "buyer")
        cli("coins", "grant", "buyer", "100", data=data_dir)
        albums = server.request("GET", "/api/v1/store/home")[2]["newReleases"]
        album = server.request("GET", f"/api/v1/albums/{albums[0]['id']}")[2]
        song = next(t for t in album["tracks"] if t["title"] == "Song 1")
        assert song["ready"] is False and "loudness" not in song
        status, headers, problem = server.request("POST", "/api/v1/purchases", {"trackId": song["id"]}, token=buyer,
                                                  headers={"Idempotency-Key": str(uuid.uuid4())})
        assert status == 409 and "being prepared" in problem["detail"], problem
        assert headers["Content-Type"].startswith("application/problem+json")
        assert server.request("GET", "/api/v1/me", token=buyer)[2]["coins"] == 100, "nothing was charged"
        status, headers, _ = server.fetch("GET", f"/api/v1/tracks/{song['id']}/audio")
        assert status == 404 and headers["Content-Type"].startswith("application/problem+json"), "no preview yet"

        cli("worker", "--until-idle", "--workers", "2", data=data_dir)
        album = server.request("GET", f"/api/v1/albums/{albums[0]['id']}")[2]
        song = next(t for t in album["tracks"] if t["title"] == "Song 1")
        assert song["ready"] is True
        assert -30 < song["loudness"]["integratedLufs"] < -15 and song["loudness"]["albumIntegratedLufs"] is not None
        status, _, bought = server.request("POST", "/api/v1/purchases", {"trackId": song["id"]}, token=buyer,
                                           headers={"Idempotency-Key": str(uuid.uuid4())})
        assert status == 201, bought
        metrics = server.fetch("GET", "/metrics")[2].decode()
        assert 'sotube_media_jobs{state="done"} 7' in metrics and 'sotube_media_jobs{state="failed"} 2' in metrics, \
            [line for line in metrics.splitlines() if "media_jobs" in line]
    finally:
        server.stop()
