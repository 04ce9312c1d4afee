#!/usr/bin/env python3
"""Writes Sources/sotube/link-order.txt: the code a store runs, in the order release builds place it.

The kernel maps 64 KB or more of a binary around each page of code a process touches, so code run once
and spread over the whole binary (40 MB of it) costs an idle server far more memory than its size. lld
places the input sections holding the symbols this file names first, in its order (Package.swift's
release linker flags): the code an idle store and its usual requests run packed together.

What is recorded (valgrind's callgrind, every function run, in a release build of this tree):
  1. `sotube serve` restarted on the demo store, idle, then the usual requests of a buyer and a player
     (sign-up, log-in, the store, search, a purchase, ranges of the song, Subsonic with token auth);
  2. the demo store's first start (the catalog made, its audio encoded).
Functions of 1 come first (most instructions first), then those only 2 ran. One name is kept per input
section (`-Map`): most of a Swift module's code shares its object's `.text`, and naming one of its
functions moves it all.

    bash scripts/build-release.sh && python3 scripts/link-order.py   # about 5 minutes; needs valgrind
"""
import argparse
import collections
import hashlib
import json
import os
import re
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def profile(binary, data, out, wait_for_demo, workload=None):
    """Runs `sotube serve` under callgrind until idle (and after `workload`), then stops it."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k != "SOTUBE_DEMO"}
    env["SWIFT_BACKTRACE"] = "enable=no"  # set: `serve` does not exec itself again
    log_path = Path(str(out) + ".log")
    with open(log_path, "w") as log:
        proc = subprocess.Popen(["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={out}",
                                 binary, "serve", "--host", "127.0.0.1", "--port", str(port), "--data", data],
                                stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True)
        try:
            deadline = time.time() + 1200
            while time.time() < deadline:
                if proc.poll() is not None:
                    sys.exit(f"link-order: the server exited, see {log_path}")
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=30).read()
                    if not wait_for_demo or "demo catalog's audio made" in log_path.read_text():
                        break
                except OSError:
                    pass
                time.sleep(1)
            else:
                sys.exit(f"link-order: the server was not ready in 20 minutes, see {log_path}")
            time.sleep(10)
            if workload:
                workload(f"http://127.0.0.1:{port}", binary, data)
                time.sleep(5)
        finally:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=300)


def buyer_and_player(base, binary, data):
    def call(method, path, body=None, token=None, headers=None):
        request = urllib.request.Request(base + path, method=method,
                                         data=json.dumps(body).encode() if body is not None else None)
        if body is not None:
            request.add_header("content-type", "application/json")
        if token:
            request.add_header("authorization", "Bearer " + token)
        for key, value in (headers or {}).items():
            request.add_header(key, value)
        try:
            with urllib.request.urlopen(request, timeout=300) as response:
                payload = response.read()
                return json.loads(payload) if payload[:1] in (b"{", b"[") else payload
        except urllib.error.HTTPError as error:
            sys.exit(f"link-order: {method} {path} answered {error.code}")

    user, password = "order" + uuid.uuid4().hex[:8], "link-order-password-1"
    call("POST", "/api/v1/auth/register", {"username": user, "email": user + "@example.com", "password": password})
    token = call("POST", "/api/v1/auth/login", {"username": user, "password": password})["token"]
    subprocess.run([binary, "coins", "grant", "--data", data, user, "1000"], check=True, capture_output=True)
    with sqlite3.connect(f"file:{data}/sotube.sqlite?mode=ro", uri=True) as db:
        tracks = [row[0] for row in db.execute("SELECT id FROM tracks ORDER BY id LIMIT 3")]
    for _ in range(3):
        call("GET", "/api/v1/store/home", token=token)
        call("GET", "/")
        call("GET", "/healthz")
        call("GET", "/api/v1/wallet", token=token)
        for query in ["sun", "night ri", "a", "zzz", "love s"]:
            call("GET", "/api/v1/search?q=" + urllib.parse.quote(query), token=token)
    for track in tracks:
        call("GET", f"/api/v1/tracks/{track}", token=token)
        call("GET", f"/api/v1/tracks/{track}/audio", headers={"Range": "bytes=0-65535"})
        call("POST", "/api/v1/purchases", {"trackId": track}, token=token, headers={"Idempotency-Key": str(uuid.uuid4())})
        for _ in range(3):
            call("GET", f"/api/v1/tracks/{track}/audio", token=token, headers={"Range": "bytes=0-65535"})
        call("GET", f"/api/v1/tracks/{track}/audio", token=token)
    for path in ["/api/v1/me", "/api/v1/library/songs", "/api/v1/library/albums", "/api/v1/library/artists",
                 "/api/v1/purchases", "/api/v1/wallet/history", f"/api/v1/tracks/{tracks[0]}/download"]:
        call("GET", path, token=token)
    call("GET", "/metrics")
    secret = call("POST", "/api/v1/me/app-passwords", {"label": "player", "password": password}, token=token)["secret"]
    album = None
    for method in ["ping", "getLicense", "getAlbumList2", "search3", "getArtists", "getAlbum", "stream"]:
        for _ in range(3):
            salt = uuid.uuid4().hex[:12]
            params = {"u": user, "t": hashlib.md5((secret + salt).encode()).hexdigest(), "s": salt, "v": "1.16.1",
                      "c": "link-order", "f": "json", "type": "newest", "query": "sun",
                      "id": album if method == "getAlbum" else tracks[0]}
            answer = call("GET", f"/rest/{method}.view?" + urllib.parse.urlencode(params))
            if method == "getAlbumList2":
                album = answer["subsonic-response"]["albumList2"]["album"][0]["id"]


def functions_run(callgrind_out, object_name):
    """Instructions per function of `object_name` in a callgrind output (names as the symbol table has them)."""
    cost = collections.Counter()
    objects, functions = {}, {}
    current_object = current_function = None
    after_call = False
    line_pattern = re.compile(r"^(ob|fl|fi|fe|fn|cob|cfi|cfl|cfn)=\((\d+)\)(?: (.*))?$")
    for line in open(callgrind_out, errors="replace"):
        line = line.rstrip("\n")
        match = line_pattern.match(line)
        if match:
            kind, index, name = match.groups()
            table = objects if kind in ("ob", "cob") else functions if kind in ("fn", "cfn") else None
            if table is not None and name is not None:
                table[index] = name
            if kind == "ob":
                current_object = objects.get(index)
            elif kind == "fn":
                current_function = functions.get(index)
            continue
        if line.startswith("calls="):
            after_call = True  # the next cost line is the call's inclusive cost
            continue
        if line[:1].isdigit() or line[:1] in "+-*":
            if after_call:
                after_call = False
                continue
            parts = line.split()
            if len(parts) >= 2 and current_object and current_object.endswith(object_name) and current_function:
                name = re.sub(r"'\d+$", "", current_function)  # callgrind's mark for a recursion level
                if not name.startswith("0x"):
                    cost[name] += int(parts[1])
    return [name for name, _ in cost.most_common()]


def one_name_per_section(names, map_path):
    """Keeps, for each input section of `.text` holding a named function, its shortest such name."""
    rank = {name: i for i, name in enumerate(names)}
    chosen = {}
    section, in_text = None, False
    for line in open(map_path, errors="replace"):
        parts = line.split(None, 4)
        if len(parts) < 5:
            continue
        entry = parts[4].strip()
        if parts[3] != "1" and not entry.startswith("/") and ":(" not in entry:  # an output section
            in_text = entry == ".text"
            continue
        if ":(" in entry:
            section = entry
        elif in_text and section and entry in rank:
            best = chosen.get(section)
            if best is None:
                chosen[section] = (rank[entry], entry)
            else:
                chosen[section] = (min(best[0], rank[entry]), min(best[1], entry, key=len))
    return [name for _, name in sorted(chosen.values())]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", default=str(ROOT / ".build/release/sotube"))
    parser.add_argument("--out", default=str(ROOT / "Sources/sotube/link-order.txt"))
    parser.add_argument("--build-arg", action="append", default=[],
                        help="passed to scripts/build-release.sh (e.g. --build-arg=--scratch-path=/tmp/rel)")
    args = parser.parse_args()
    if not shutil.which("valgrind"):
        sys.exit("link-order: valgrind is needed (apt-get install -y valgrind)")
    with tempfile.TemporaryDirectory(prefix="sotube-link-order-") as work:
        work = Path(work)
        binary = work / "sotube"  # valgrind's reader gives up on this size of DWARF: the symbols are enough
        subprocess.run(["strip", "--strip-debug", "-o", binary, args.bin], check=True)
        data = work / "data"
        data.mkdir()
        print("link-order: the demo store's first start under callgrind (a few minutes)", file=sys.stderr)
        profile(str(binary), str(data), work / "first.out", wait_for_demo=True)
        print("link-order: started again, idle, then a buyer and a player", file=sys.stderr)
        profile(str(binary), str(data), work / "again.out", wait_for_demo=False, workload=buyer_and_player)
        names = list(dict.fromkeys(functions_run(work / "again.out", "/sotube")
                                   + functions_run(work / "first.out", "/sotube")))
        map_path = work / "sotube.map"
        subprocess.run(["bash", str(ROOT / "scripts/build-release.sh"), *args.build_arg, "-Xlinker", f"-Map={map_path}"],
                       check=True, stdout=subprocess.DEVNULL)
        order = one_name_per_section(names, map_path)
        Path(args.out).write_text("".join(name + "\n" for name in order))
        # The build does not know the linker reads this file: without its output it links again.
        Path(args.bin).unlink()
        print(f"link-order: {len(names)} functions run, {len(order)} sections named -> {args.out}; "
              "run scripts/build-release.sh again to link with it", file=sys.stderr)


if __name__ == "__main__":
    main()
