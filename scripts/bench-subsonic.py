#!/usr/bin/env python3
"""SoTube's Subsonic API against supysonic (a Python Subsonic server) on the same library, in one run.

Both serve the same N generated, tagged songs (every one owned by SoTube's user); 16 client threads
call ping, getAlbumList2, search3 and getAlbum on one server at a time, and the server's CPU time
(user + system of its whole process tree, from /proc) is divided by the requests answered. Python's
threads share one interpreter lock, so the server rarely has more than one or two requests in flight and
pays a wake-up for most of them; when `wrk` is installed each method is measured a second time under wrk
with 16 connections (rows "wrk ..."), which keeps all 16 in flight.
Goal (issue 35): SoTube at most 1/30 of supysonic's CPU per request on each method, both with one or
two requests in flight (the Python rows: a wake-up each) and with 16 (the wrk rows); every row is judged.

    python3 scripts/bench-subsonic.py --bin .build/release/sotube [--songs 1000] [--requests 2000]
        [--supysonic-requests 400] [--previous-bin OLD/sotube]   (an earlier build measured in the same run)
        [--rounds 5] [--methods ping]   (each server in turn per round; ratios are medians of the rounds')
        [--floor scripts/floor/.build/release/floor]   (the framework's own floor: see below)

With --floor, the bare framework (scripts/floor: Hummingbird 2 set up as `sotube serve` sets it up, no
middleware, no log) answers `/healthz` in the same rounds as `ping`, with the same clients. supysonic's
`ping` divided by that is the most any server on this framework can show for `ping` on this machine.

Everything slow to make (the virtualenv with supysonic and gunicorn, the songs, both servers' data)
is cached in ~/.cache/sotube-bench (SOTUBE_BENCH_CACHE) and reused by later runs.
"""
import argparse
import hashlib
import http.client
import json
import os
import random
import re
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
import uuid
from contextlib import ExitStack, contextmanager
from pathlib import Path
from statistics import median

CACHE = Path(os.environ.get("SOTUBE_BENCH_CACHE", Path.home() / ".cache" / "sotube-bench"))
VENV = CACHE / "venv"
USER, PASSWORD = "bench", "bench-password-1"
TICKS = os.sysconf("SC_CLK_TCK")


def run(*args, **kwargs):
    kwargs.setdefault("check", True)
    return subprocess.run([str(a) for a in args], **kwargs)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def ensure_venv():
    if not (VENV / "bin" / "supysonic-server").exists() or not (VENV / "bin" / "gunicorn").exists():
        print("bench: installing supysonic and gunicorn into", VENV, flush=True)
        run(sys.executable, "-m", "venv", VENV)
        run(VENV / "bin" / "pip", "install", "-q", "supysonic", "gunicorn")


TAGGER = """
import sys, shutil
from mutagen.easyid3 import EasyID3
base, root, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
import os
for i in range(count):
    album, artist = i // 10, i // 20
    folder = os.path.join(root, f"Artist {artist:03d}", f"Album {album:04d}")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, f"{i % 10 + 1:02d} Song {i:05d}.mp3")
    shutil.copyfile(base, path)
    tags = EasyID3()
    tags.update({"title": f"Song {i:05d}", "artist": f"Artist {artist:03d}", "album": f"Album {album:04d}",
                 "tracknumber": str(i % 10 + 1), "date": str(1970 + album % 50), "genre": ["Rock", "Jazz", "Folk"][album % 3]})
    tags.save(path)
"""


def ensure_library(count):
    library = CACHE / f"library-{count}"
    if (library / ".done").exists():
        return library
    print(f"bench: generating {count} tagged songs in {library}", flush=True)
    shutil.rmtree(library, ignore_errors=True)
    library.mkdir(parents=True)
    base = CACHE / "base.mp3"
    run("ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:duration=4",
        "-c:a", "libmp3lame", "-b:a", "96k", base)
    run(VENV / "bin" / "python", "-c", TAGGER, base, library, count)
    cover = CACHE / "cover.jpg"
    run("ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "color=c=0x446688:s=600x600",
        "-frames:v", "1", cover)
    for folder in library.glob("*/*"):
        shutil.copyfile(cover, folder / "cover.jpg")
    (library / ".done").touch()
    return library


def supysonic_dir(count, library):
    folder = CACHE / f"supysonic-{count}"
    conf = folder / "supysonic.conf"
    if (folder / ".done").exists():
        return folder
    print("bench: scanning the library into supysonic", flush=True)
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    conf.write_text(f"[base]\ndatabase_uri = sqlite:///{folder / 'supysonic.db'}\n"
                    f"[webapp]\ncache_dir = {folder / 'cache'}\nlog_level = WARNING\nmount_webui = no\n"
                    f"[daemon]\nsocket = {folder / 'daemon.sock'}\nrun_watcher = no\n")
    cli = VENV / "bin" / "supysonic-cli"
    run(cli, "user", "add", USER, "-p", PASSWORD, cwd=folder)
    run(cli, "folder", "add", "library", library, cwd=folder)
    run(cli, "folder", "scan", "library", "--foreground", cwd=folder, stdout=subprocess.DEVNULL)
    (folder / ".done").touch()
    return folder


class Process:
    """A server and its whole process tree's CPU time."""

    def __init__(self, args, cwd, env, port, log):
        self.port = port
        self.log = open(log, "w")
        self.proc = subprocess.Popen([str(a) for a in args], cwd=cwd, env=env, stdout=self.log,
                                     stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.time() + 600
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise SystemExit(f"server exited early, see {log}")
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.3)
        raise SystemExit(f"server did not start, see {log}")

    def cpu_seconds(self):
        children = {}
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                text = stat.read_text()
            except OSError:
                continue
            fields = text[text.rindex(")") + 2:].split()
            children.setdefault(int(fields[1]), []).append((int(stat.parent.name), fields))
        total, todo = 0, [self.proc.pid]
        own = Path(f"/proc/{self.proc.pid}/stat").read_text()
        fields = own[own.rindex(")") + 2:].split()
        total += sum(int(x) for x in fields[11:15])  # utime, stime, cutime, cstime
        while todo:
            for pid, fields in children.get(todo.pop(), []):
                total += sum(int(x) for x in fields[11:15])
                todo.append(pid)
        return total / TICKS

    def stop(self):
        os.killpg(self.proc.pid, signal.SIGTERM)
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.log.close()


def sotube_data(binary, count, library):
    folder = CACHE / f"sotube-{count}"
    if (folder / ".done").exists():
        return folder, (folder / "app-password").read_text().strip()
    print("bench: importing the library into SoTube and buying every album", flush=True)
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    env = {**os.environ, "SOTUBE_DEMO": "0", "SOTUBE_BCRYPT_COST": "4"}
    run(binary, "import", library, "--data", folder, env=env, stdout=subprocess.DEVNULL)
    run(binary, "users", "add", USER, "--email", "bench@example.com", "--password", PASSWORD, "--data", folder, env=env)
    run(binary, "coins", "grant", USER, str(count * 100), "--data", folder, env=env)
    port = free_port()
    server = Process([binary, "serve", "--host", "127.0.0.1", "--port", port, "--data", folder], folder, env, port,
                     folder / "setup.log")
    base = f"http://127.0.0.1:{port}"
    try:
        token = post(base + "/api/v1/auth/login", {"username": USER, "password": PASSWORD})["token"]
        # Every album of the store (the bench reads its own fresh database directly).
        with sqlite3.connect(folder / "sotube.sqlite") as db:
            album_ids = [row[0] for row in db.execute("SELECT id FROM albums")]
        for album in album_ids:
            post(base + "/api/v1/purchases", {"albumId": album}, token=token, headers={"Idempotency-Key": str(uuid.uuid4())})
        secret = post(base + "/api/v1/me/app-passwords", {"label": "bench", "password": PASSWORD},
                      token=token)["secret"]
    finally:
        server.stop()
    (folder / "app-password").write_text(secret)
    (folder / ".done").touch()
    return folder, secret


def post(url, body, token=None, headers=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method="POST" if data else "GET")
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    for key, value in (headers or {}).items():
        request.add_header(key, value)
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read() or b"null")


def credentials(auth):
    """The credential parameters of one request: `auth` is a dict, or a function making fresh ones
    (token authentication: a new salt per request, as players send)."""
    return auth() if callable(auth) else auth


def token_auth(username, secret):
    def fresh():
        salt = uuid.uuid4().hex[:12]
        return {"u": username, "t": hashlib.md5((secret + salt).encode()).hexdigest(), "s": salt}
    return fresh


def measure(server, port, auth, method, params_list, requests, clients, path=None):
    """CPU seconds per request of `server` answering `requests` calls from `clients` threads (`path`: that
    path instead of the Subsonic method, any 200 answer accepted)."""
    lock = threading.Lock()
    counter = {"left": requests, "failed": 0}

    def worker():
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        while True:
            with lock:
                if counter["left"] <= 0:
                    break
                counter["left"] -= 1
            params = {**credentials(auth), **random.choice(params_list), "f": "json", "v": "1.16.1", "c": "bench"}
            connection.request("GET", path or f"/rest/{method}.view?" + urllib.parse.urlencode(params))
            response = connection.getresponse()
            body = response.read()
            if response.status != 200 or (path is None and b'"ok"' not in body):
                with lock:
                    counter["failed"] += 1
        connection.close()

    def burst(n):
        counter["left"] = n
        threads = [threading.Thread(target=worker) for _ in range(clients)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()

    burst(min(requests, 100))  # warm up
    counter["failed"] = 0
    before, started = server.cpu_seconds(), time.time()
    burst(requests)
    cpu, wall = server.cpu_seconds() - before, time.time() - started
    if counter["failed"]:
        raise SystemExit(f"{method}: {counter['failed']} failed requests")
    return cpu / requests, requests / wall


def measure_wrk(server, port, auth, method, params_list, seconds, clients, path=None):
    """The same with wrk (`clients` connections, each keeping one request in flight, for `seconds`): a
    load generator that is not the bottleneck, so the server is measured busy rather than waking per
    request. (CPU seconds per request, requests/s.)"""
    # With token authentication, 500 different salts in turn (a player sends a new one each time).
    variants = max(len(params_list), 500 if callable(auth) else 1)
    paths = ["/rest/" + method + ".view?" + urllib.parse.urlencode(
        {**credentials(auth), **params_list[i % len(params_list)], "f": "json", "v": "1.16.1", "c": "bench"})
        for i in range(variants)] if path is None else [path]
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as script:
        script.write("local paths = {" + ",".join(json.dumps(p) for p in paths) + "}\n"
                     "local i = 0\n"
                     "request = function()\n  i = i + 1\n  return wrk.format('GET', paths[(i % #paths) + 1])\nend\n")
    try:
        before = server.cpu_seconds()
        out = run("wrk", "-t2", f"-c{clients}", f"-d{seconds}s", "-s", script.name, f"http://127.0.0.1:{port}/",
                  capture_output=True, text=True).stdout
        cpu = server.cpu_seconds() - before
    finally:
        os.unlink(script.name)
    done = re.search(r"(\d+) requests in ([\d.]+)(m?s)", out)
    if not done or "Non-2xx" in out or "Socket errors" in out:
        raise SystemExit(f"{method}: wrk failed or saw errors:\n{out}")
    requests, wall = int(done.group(1)), float(done.group(2)) * (0.001 if done.group(3) == "ms" else 1)
    return cpu / requests, requests / wall


def album_ids(port, auth):
    query = urllib.parse.urlencode({**credentials(auth), "type": "alphabeticalByName", "size": 500, "f": "json", "v": "1.16.1",
                                    "c": "bench"})
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/rest/getAlbumList2.view?{query}") as response:
        envelope = json.loads(response.read())["subsonic-response"]
    return [album["id"] for album in envelope["albumList2"]["album"]]


def plans_for(name, port, auth, args):
    """The calls made of one server (its own album ids), as (method, parameter sets)."""
    ids = album_ids(port, auth)
    assert len(ids) >= args.songs // 10 // 2, f"{name}: only {len(ids)} albums"
    plans = [
        ("ping", [{}]),
        ("getAlbumList2", [{"type": "alphabeticalByName", "size": 20, "offset": o} for o in range(0, 80, 20)]),
        ("search3", [{"query": f"Song 00{n}", "songCount": 20, "albumCount": 20, "artistCount": 20} for n in range(10)]),
        ("getAlbum", [{"id": i} for i in ids]),
    ]
    return [(method, params) for method, params in plans if not args.methods or method in args.methods]


def bench_method(name, server, port, auth, method, params, requests, args, results, path=None):
    """One round of `method` on one server: the Python threads' row, then wrk's; appended to `results`."""
    row = measure(server, port, auth, method, params, requests, args.clients, path)
    results.setdefault(method, []).append(row)
    print(f"  {name:9} {path or method:14} {row[0] * 1000:8.3f} ms CPU/request  {row[1]:8.0f} req/s  "
          "(Python client threads)", flush=True)
    if args.wrk:
        row = measure_wrk(server, port, auth, method, params, args.wrk, args.clients, path)
        results.setdefault("wrk " + method, []).append(row)
        print(f"  {name:9} {path or method:14} {row[0] * 1000:8.3f} ms CPU/request  {row[1]:8.0f} req/s  (wrk)",
              flush=True)


@contextmanager
def sotube_server(binary, data, name):
    """`binary` serving a copy of the prepared data folder (a newer build may migrate it): (server, port)."""
    copy = Path(tempfile.mkdtemp(prefix="sotube-bench-"))
    try:
        shutil.copytree(data, copy / "data")
        port = free_port()
        env = {**os.environ, "SOTUBE_DEMO": "0"}
        server = Process([binary, "serve", "--host", "127.0.0.1", "--port", port, "--data", copy / "data"], copy, env,
                         port, copy / "bench.log")
        try:
            print(f"{name}: SoTube ({binary}), the same songs, all owned by the user", flush=True)
            yield server, port
        finally:
            server.stop()
    finally:
        shutil.rmtree(copy, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", default=".build/release/sotube")
    parser.add_argument("--songs", type=int, default=1000)
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--supysonic-requests", type=int, help="requests per method for supysonic (default: --requests)")
    parser.add_argument("--wrk", type=int, default=5 if shutil.which("wrk") else 0, metavar="SECONDS",
                        help="also load each method with wrk for SECONDS (default 5 when wrk is installed; 0: off)")
    parser.add_argument("--previous-bin", help="an earlier SoTube build, measured in the same run (e.g. the last commit's)")
    parser.add_argument("--sotube-auth", choices=["token", "enc", "apikey"], default="token",
                        help="how SoTube is called: token (t = md5(secret + s), a new s each request: what most "
                             "players send; default), enc (p=enc:HEX) or apikey. supysonic takes p=enc: only")
    parser.add_argument("--rounds", type=int, default=1,
                        help="rounds per method, every server in turn in each (the order reversed every other "
                             "round), all servers running throughout: each ratio is the median of the rounds' ratios, "
                             "so the machine's drift during the run weighs on both sides alike (default 1)")
    parser.add_argument("--methods", nargs="+", choices=["ping", "getAlbumList2", "search3", "getAlbum"],
                        help="only these methods (default: all four)")
    parser.add_argument("--floor", help="scripts/floor's release build: its /healthz measured beside ping")
    args = parser.parse_args()
    binary = Path(args.bin).resolve()
    CACHE.mkdir(parents=True, exist_ok=True)
    ensure_venv()
    library = ensure_library(args.songs)
    supy = supysonic_dir(args.songs, library)
    data, secret = sotube_data(binary, args.songs, library)
    auth_supy = {"u": USER, "p": "enc:" + PASSWORD.encode().hex()}
    auth_sotube = {
        "token": token_auth(USER, secret), "enc": {"u": USER, "p": "enc:" + secret.encode().hex()},
        "apikey": {"apiKey": secret},
    }[args.sotube_auth]

    with ExitStack() as stack:
        port = free_port()
        server = Process([VENV / "bin" / "supysonic-server", "-S", "gunicorn", "-h", "127.0.0.1", "-p", port,
                          "--processes", "1", "--threads", str(args.clients)], supy, os.environ, port,
                         supy / "server.log")
        stack.callback(server.stop)
        print(f"supysonic: supysonic 0.7 (gunicorn, 1 process, {args.clients} threads), {args.songs} songs", flush=True)
        servers = [("supysonic", server, port, auth_supy, args.supysonic_requests or args.requests)]
        if args.previous_bin:
            servers.append(("previous", *stack.enter_context(
                sotube_server(Path(args.previous_bin).resolve(), data, "previous")), auth_sotube, args.requests))
        servers.append(("sotube", *stack.enter_context(sotube_server(binary, data, "sotube")), auth_sotube,
                        args.requests))
        if args.floor:
            floor_port = free_port()
            floor = Process([Path(args.floor).resolve(), floor_port, Path(__file__).resolve()], CACHE,
                            os.environ, floor_port, CACHE / "floor.log")
            stack.callback(floor.stop)
            print(f"bare: the framework's floor ({args.floor}), /healthz beside ping", flush=True)
        plans = {name: plans_for(name, port, auth, args) for name, _, port, auth, _ in servers}
        results = {name: {} for name, *_ in servers}
        bare = {}
        for method_index, (method, _) in enumerate(plans["supysonic"]):
            for round_index in range(args.rounds):
                order = servers if round_index % 2 == 0 else servers[::-1]
                for name, server, port, auth, requests in order:
                    params = plans[name][method_index][1]
                    bench_method(name, server, port, auth, method, params, requests, args, results[name])
                if args.floor and method == "ping":
                    bench_method("bare", floor, floor_port, {}, method, [{}], args.requests, args, bare, "/healthz")

    reference, ours, previous = results["supysonic"], results["sotube"], results.get("previous")
    print(f"\nSoTube called with {args.sotube_auth} authentication, supysonic with p=enc:.")
    print(f"Server CPU per request, {args.clients} concurrent clients: Python threads ({args.requests} requests per "
          f"method)" + (f", then wrk ({args.wrk} s per method, rows 'wrk ...')" if args.wrk else "")
          + (f"; {args.rounds} rounds, the medians and the median of the rounds' ratios (their range)"
             if args.rounds > 1 else "") + ":")
    prev_head = f" {'previous ms':>12} {'vs previous':>12}" if previous else ""
    print(f"{'method':18} {'supysonic ms':>13} {'SoTube ms':>10} {'ratio':>8}{prev_head}  goal ≤ 1/30 of supysonic")
    met = True
    for method in reference:
        ratios = [theirs[0] / max(mine[0], 1e-9) for theirs, mine in zip(reference[method], ours[method])]
        ratio = median(ratios)
        ok = ratio >= 30
        met &= ok
        spread = f" ({min(ratios):.1f}–{max(ratios):.1f})" if len(ratios) > 1 else ""
        prev = ""
        if previous:
            against = median([old[0] / max(new[0], 1e-9) for old, new in zip(previous[method], ours[method])])
            prev = f" {median([r[0] for r in previous[method]]) * 1000:12.3f} {against:11.2f}x"
        print(f"{method:18} {median([r[0] for r in reference[method]]) * 1000:13.3f} "
              f"{median([r[0] for r in ours[method]]) * 1000:10.3f} {ratio:7.1f}x{prev}  "
              f"{'met' if ok else 'NOT met'}{'' if method.startswith('wrk ') else ' (1-2 in flight)'}{spread}")
    for method in bare:
        # The framework's own /healthz against supysonic's ping: what no ping of a server on it can beat.
        ratios = [theirs[0] / max(floor[0], 1e-9) for theirs, floor in zip(reference[method], bare[method])]
        spread = f" ({min(ratios):.1f}–{max(ratios):.1f})" if len(ratios) > 1 else ""
        print(f"{method + ', bare /healthz':18} {median([r[0] for r in reference[method]]) * 1000:13.3f} "
              f"{median([r[0] for r in bare[method]]) * 1000:10.3f} {median(ratios):7.1f}x  the framework's ceiling "
              f"for this row{'' if method.startswith('wrk ') else ' (1-2 in flight)'}{spread}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
