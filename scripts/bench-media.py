#!/usr/bin/env python3
"""Media benchmark (started by hand, not a test).

1. Generates N audio files with ffmpeg (half MP3, half FLAC, 60 s each) and times
   `sotube import` on them: files/s.
2. Starts `sotube serve` on loopback, gives one user every track (a row in owned_tracks,
   as a purchase would), and has 16 concurrent clients stream full songs: aggregate MB/s and
   time-to-first-byte median / p99.

Usage: scripts/bench-media.py [--bin .build/release/sotube] [--files 24] [--clients 16] [--seconds 15]
"""
import argparse, http.client, json, os, shutil, sqlite3, statistics, subprocess, sys, tempfile, threading, time

def main():
    p = argparse.ArgumentParser()
    p.add_argument("--bin", default=os.environ.get("SOTUBE_BIN", ".build/debug/sotube"))
    p.add_argument("--files", type=int, default=24)
    p.add_argument("--clients", type=int, default=16)
    p.add_argument("--seconds", type=float, default=15)
    p.add_argument("--port", type=int, default=0, help="default: a free port")
    a = p.parse_args()
    if a.port == 0:
        import socket
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0)); a.port = s.getsockname()[1]
    work = tempfile.mkdtemp(prefix="sotube-bench-")
    data, music = os.path.join(work, "data"), os.path.join(work, "music")
    try:
        for i in range(a.files):
            ext, codec = ("mp3", ["-c:a", "libmp3lame", "-b:a", "192k"]) if i % 2 == 0 else ("flac", ["-c:a", "flac"])
            folder = os.path.join(music, f"Bench Artist {i % 3}", f"Bench Album {i % 4}")
            os.makedirs(folder, exist_ok=True)
            subprocess.run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i",
                            f"sine=frequency={200 + 20 * i}:sample_rate=44100:duration=60", "-ac", "2", *codec,
                            os.path.join(folder, f"{i + 1:02d} Bench Song {i + 1}.{ext}")], check=True)
        env = dict(os.environ, SOTUBE_DEMO="0")
        t0 = time.monotonic()
        subprocess.run([a.bin, "import", music, "--data", data], check=True, env=env, stdout=subprocess.DEVNULL)
        import_s = time.monotonic() - t0
        print(f"import: {a.files} files in {import_s:.1f} s = {a.files / import_s:.2f} files/s")

        server = subprocess.Popen([a.bin, "serve", "--port", str(a.port), "--host", "127.0.0.1", "--data", data],
                                  env=env, stdout=subprocess.DEVNULL, stderr=open(os.path.join(work, "serve.log"), "w"))
        try:
            for _ in range(200):
                try:
                    c = http.client.HTTPConnection("127.0.0.1", a.port, timeout=2); c.request("GET", "/healthz")
                    if c.getresponse().status == 200: break
                except OSError: time.sleep(0.1)
            c = http.client.HTTPConnection("127.0.0.1", a.port)
            c.request("POST", "/api/v1/auth/register", json.dumps({"username": "bench", "email": "bench@example.com",
                      "password": "bench-password-1"}), {"Content-Type": "application/json"})
            reply = json.loads(c.getresponse().read())
            if "token" not in reply:
                sys.exit(f"register failed: {reply}\n" + open(os.path.join(work, "serve.log")).read()[-2000:])
            token = reply["token"]
            db = sqlite3.connect(os.path.join(data, "sotube.sqlite"), timeout=30)
            user = reply["user"]["id"]
            tracks = [r[0] for r in db.execute("SELECT id FROM tracks")]
            print(f"{len(tracks)} tracks, user {user}")
            db.executemany("INSERT INTO owned_tracks (user_id, track_id, purchase_id, created_at) VALUES (?, ?, 'bench', 0)",
                           [(user, t) for t in tracks]); db.commit(); db.close()
            ttfb, total, lock, stop = [], [0], threading.Lock(), time.monotonic() + a.seconds
            errors = []
            def client(n):
              try:
                conn = http.client.HTTPConnection("127.0.0.1", a.port, timeout=30); i = n
                while time.monotonic() < stop:
                    t = time.monotonic()
                    conn.request("GET", f"/api/v1/tracks/{tracks[i % len(tracks)]}/audio", headers={"Authorization": f"Bearer {token}"})
                    r = conn.getresponse(); first = r.read(1); t1 = time.monotonic(); rest = r.read()
                    assert r.status == 200 and r.getheader("X-SoTube-Rendition") == "full"
                    with lock: ttfb.append(t1 - t); total[0] += len(first) + len(rest)
                    i += 1
              except Exception as e:
                errors.append(repr(e))
            threads = [threading.Thread(target=client, args=(n,)) for n in range(a.clients)]
            start = time.monotonic(); [t.start() for t in threads]; [t.join() for t in threads]
            elapsed = time.monotonic() - start
            if errors: print(f"client errors: {len(errors)}, first: {errors[0]}")
            if not ttfb: sys.exit("no song was streamed")
            ttfb.sort()
            print(f"streaming: {a.clients} clients, {len(ttfb)} full songs, {total[0] / 1e6:.0f} MB in {elapsed:.1f} s = "
                  f"{total[0] / 1e6 / elapsed:.1f} MB/s; TTFB median {statistics.median(ttfb) * 1000:.1f} ms, "
                  f"p99 {ttfb[min(len(ttfb) - 1, int(len(ttfb) * 0.99))] * 1000:.1f} ms")
        finally:
            server.terminate(); server.wait(10)
    finally:
        shutil.rmtree(work, ignore_errors=True)

if __name__ == "__main__":
    sys.exit(main())
