"""First-start benchmark (issue 15): `sotube serve` on an empty data folder, the demo catalog on.

Times from the process start, on a fresh folder each run:
  healthz   GET /healthz answers 200
  home      the store home lists every demo album (11), volume (4) and mood (5), and every album's and
            volume's cover answers 200 image/jpeg
  search    GET /api/v1/search?q=aurora finds the demo album "Aurora Drift"
  ready     every demo song (66, read through the mood playlists) is ready (on sale, its preview made)
  previews  every song's preview answers 200 audio/mpeg (checked once, after `ready`)

With --reference-bin, an earlier build is measured the same way in the same run (alternating, one run
each per round), e.g. a build of the commit before the instant first start. Not a test: figures depend
on the machine (2 busy cores: compare within one run).

  python3 scripts/bench-first-start.py --bin .build/debug/sotube --reference-bin /tmp/ref/sotube --rounds 2
"""
import argparse
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import tempfile
import time
import urllib.error
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ALBUMS, VOLUMES, MOODS, SONGS = 11, 4, 5, 66


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(base, path):
    """(status, content type, body) or (None, None, None) when nothing answers."""
    try:
        with urllib.request.urlopen(base + path, timeout=10) as r:
            return r.status, r.headers.get("Content-Type", ""), r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers.get("Content-Type", ""), e.read()
    except (urllib.error.URLError, ConnectionError, OSError):
        return None, None, None


def get_json(base, path):
    status, _, body = get(base, path)
    return json.loads(body) if status == 200 else None


def is_image(base, url):
    status, kind, body = get(base, url)
    return status == 200 and kind.startswith("image/jpeg") and body[:2] == b"\xff\xd8"


def home_complete(base):
    home = get_json(base, "/api/v1/store/home")
    if not home or len(home["newReleases"]) < ALBUMS or len(home["featuredPlaylists"]) < VOLUMES \
            or len(home["moods"]) < MOODS:
        return False
    covers = [a["artworkUrl"] for a in home["newReleases"]] + [p["artworkUrl"] for p in home["featuredPlaylists"]]
    return all(is_image(base, url) for url in covers)


def songs(base):
    """Every demo song as the mood playlists list it, by id."""
    found = {}
    for mood in (get_json(base, "/api/v1/store/home") or {}).get("moods", []):
        playlist = get_json(base, f"/api/v1/playlists/{mood['playlistId']}") or {}
        for track in playlist.get("tracks", []):
            found[track["id"]] = track
    return found


def all_ready(base):
    found = songs(base)
    return len(found) >= SONGS and all(track.get("ready", True) for track in found.values())


def searchable(base):
    result = get_json(base, "/api/v1/search?q=aurora") or {}
    return any(album.get("title") == "Aurora Drift" for album in result.get("albums", []))


def run_once(binary, workers, timeout):
    data = tempfile.mkdtemp(prefix="sotube-firststart-")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = dict(os.environ, SOTUBE_DEMO="1", SOTUBE_BCRYPT_COST="4", SOTUBE_PAYMENTS="off")
    log = open(os.path.join(data, "server.log"), "wb")
    command = [binary, "serve", "--host", "127.0.0.1", "--port", str(port), "--data", data]
    if workers is not None:
        command += ["--workers", str(workers)]
    started = time.monotonic()
    proc = subprocess.Popen(command, cwd=data, env=env, stdout=log, stderr=subprocess.STDOUT)
    times = {}
    try:
        steps = [("healthz", lambda: get(base, "/healthz")[0] == 200, 0.02),
                 ("home", lambda: home_complete(base), 0.05),
                 ("search", lambda: searchable(base), 0.05),
                 ("ready", lambda: all_ready(base), 0.25)]
        for name, check, pause in steps:
            while not check():
                if proc.poll() is not None:
                    raise SystemExit(f"{binary} exited: see {data}/server.log")
                if time.monotonic() - started > timeout:
                    raise SystemExit(f"{binary}: no {name} after {timeout} s (see {data}/server.log)")
                time.sleep(pause)
            times[name] = time.monotonic() - started
        previews = [get(base, track["audioUrl"]) for track in songs(base).values()]
        times["previews"] = time.monotonic() - started
        bad = [p[0] for p in previews if p[0] != 200 or not p[1].startswith("audio/mpeg")]
        if bad:
            raise SystemExit(f"{binary}: {len(bad)} previews did not play: {bad[:5]}")
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()
        shutil.rmtree(data, ignore_errors=True)
    return times


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build", "release", "sotube"))
    parser.add_argument("--reference-bin")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--workers", type=int, help="serve --workers (default: the server's)")
    parser.add_argument("--timeout", type=float, default=600)
    args = parser.parse_args()
    builds = [("this build", os.path.abspath(args.bin))] + (
        [("reference", os.path.abspath(args.reference_bin))] if args.reference_bin else [])
    results = {label: [] for label, _ in builds}
    for round_number in range(args.rounds):
        for label, binary in builds:
            times = run_once(binary, args.workers, args.timeout)
            results[label].append(times)
            print(f"round {round_number + 1} {label}: "
                  + ", ".join(f"{k} {v:.2f} s" for k, v in times.items()), flush=True)
    names = ["healthz", "home", "search", "ready", "previews"]
    print("\nseconds from `sotube serve` on an empty folder (median of rounds, min–max)")
    print(f"{'':10}" + "".join(f"{label:>24}" for label, _ in builds) + ("   ratio" if len(builds) > 1 else ""))
    for name in names:
        cells, medians = [], []
        for label, _ in builds:
            values = [t[name] for t in results[label]]
            medians.append(statistics.median(values))
            cells.append(f"{medians[-1]:.2f} ({min(values):.2f}–{max(values):.2f})")
        ratio = f"   {medians[0] / medians[1]:.3f}x" if len(builds) > 1 and medians[1] else ""
        print(f"{name:10}" + "".join(f"{c:>24}" for c in cells) + ratio)


if __name__ == "__main__":
    main()
