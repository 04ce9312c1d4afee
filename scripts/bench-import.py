"""Import pipeline benchmark: N generated, tagged files (MP3, FLAC, Ogg, M4A; 30–240 s; made once and
cached under ~/.cache/sotube-bench), then, on a fresh data folder each:

  scan     `sotube import --no-wait`: files/s, CPU seconds, peak RSS (the rows; no ffmpeg)
  jobs     `sotube worker --until-idle`: jobs/s, CPU seconds, peak RSS
  pictures scan + the time until the last album's picture was made (artwork jobs come first)
  on sale  scan + the time until the last renditions job finished (a song is on sale with its
           preview; the queue runs every renditions job before any MP3 or loudness job), CPU per file
  MP3s     scan + the time until the last `full` job (the MP3 of a song on sale with its FLAC/Ogg file)
  all jobs scan + jobs wall time (loudness included)
--scan-only skips the jobs; --until-on-sale stops the worker (SIGTERM) once every song is on sale, for
2,000 files whose jobs take half an hour on 2 cores.

References in the same run: `ffprobe` alone over the same files, one per core at a time (the floor of a
scan that probes every file), and, with --reference-bin, another build's scan (`sotube import --no-wait`)
on the same files. Numbers depend on the machine: compare within one run.
"""
import argparse
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

FORMATS = [("mp3", ["-c:a", "libmp3lame", "-b:a", "128k"]), ("flac", ["-c:a", "flac"]),
           ("ogg", ["-c:a", "libvorbis", "-q:a", "2"]), ("m4a", ["-c:a", "aac", "-b:a", "96k"])]


def generate(root, count):
    """The cached folder of `count` files (10 songs an album, 20 albums an artist)."""
    folder = os.path.join(root, f"files-{count}")
    done = os.path.join(folder, ".complete")
    if os.path.exists(done):
        return folder
    os.makedirs(folder, exist_ok=True)

    def make(i):
        ext, codec = FORMATS[i % len(FORMATS)]
        artist, album = f"Bench Artist {i // 200:03d}", f"Bench Album {i // 10:04d}"
        path = os.path.join(folder, artist, album, f"{i % 10 + 1:02d} Song {i:05d}.{ext}")
        if os.path.exists(path):
            return
        os.makedirs(os.path.dirname(path), exist_ok=True)
        seconds = 30 + (i * 37) % 211
        part = path + ".part." + ext
        subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i",
                        f"sine=frequency={200 + i % 800}:sample_rate=44100:duration={seconds}", "-ac", "2",
                        "-metadata", f"title=Song {i:05d}", "-metadata", f"artist={artist}",
                        "-metadata", f"album={album}", "-metadata", f"track={i % 10 + 1}", *codec, part],
                       check=True)
        os.rename(part, path)

    started = time.time()
    with ThreadPoolExecutor(os.cpu_count() or 2) as pool:
        list(pool.map(make, range(count)))
    open(done, "w").close()
    print(f"generated {count} files in {time.time() - started:.0f} s into {folder}", file=sys.stderr)
    return folder


def timed(argv, cwd, stop_when=None):
    """Runs under /usr/bin/time -v: (wall s, CPU s, peak RSS MiB, stdout). With `stop_when`, the
    command gets SIGTERM once `stop_when()` is true (asked every 0.5 s)."""
    started = time.time()
    process = subprocess.Popen(["/usr/bin/time", "-v", *argv], cwd=cwd, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env={**os.environ, "SOTUBE_DEMO": "0"})
    if stop_when is not None:
        while process.poll() is None and not stop_when():
            time.sleep(0.5)
        if process.poll() is None:
            subprocess.run(["pkill", "-TERM", "-P", str(process.pid)])
    stdout, stderr = process.communicate()
    result = subprocess.CompletedProcess(argv, process.returncode, stdout, stderr)
    wall = time.time() - started
    if result.returncode != 0 and stop_when is None:
        raise SystemExit(f"{' '.join(argv)} failed:\n{result.stdout}\n{result.stderr[-3000:]}")
    field = lambda name: float(re.search(rf"{name}: ([\d.]+)", result.stderr).group(1))
    cpu = field(r"User time \(seconds\)") + field(r"System time \(seconds\)")
    return wall, cpu, field(r"Maximum resident set size \(kbytes\)") / 1024, result.stdout


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--files", type=int, default=2000)
    parser.add_argument("--bin", default=".build/release/sotube")
    parser.add_argument("--reference-bin")
    parser.add_argument("--cache", default=os.path.expanduser("~/.cache/sotube-bench"))
    parser.add_argument("--scan-only", action="store_true", help="measure the scan, not the jobs")
    parser.add_argument("--until-on-sale", action="store_true",
                        help="stop the worker once every song is on sale (no MP3 or loudness row)")
    args = parser.parse_args()
    binary = os.path.abspath(args.bin)
    music = generate(args.cache, args.files)
    files = [os.path.join(d, f) for d, _, names in os.walk(music) for f in names if not f.startswith(".")]
    cores = os.cpu_count() or 2
    rows = []

    # Reference: ffprobe alone, one per core at a time.
    started = time.time()
    with ThreadPoolExecutor(cores) as pool:
        list(pool.map(lambda f: subprocess.run(["ffprobe", "-v", "error", "-show_format", "-show_streams",
                                                "-of", "json", f], capture_output=True), files))
    probe_wall = time.time() - started
    rows.append(("reference: ffprobe alone", f"{len(files) / probe_wall:.1f} files/s", f"{probe_wall:.1f} s"))

    work = tempfile.mkdtemp(prefix="sotube-bench-import-")
    try:
        scan_wall, scan_cpu, scan_rss, out = timed([binary, "import", "--no-wait", music], work)
        rows.append(("scan (import --no-wait)", f"{len(files) / scan_wall:.1f} files/s",
                     f"{scan_wall:.1f} s, CPU {scan_cpu:.1f} s ({scan_cpu / len(files) * 1000:.1f} ms/file), "
                     f"peak RSS {scan_rss:.0f} MiB"))
        if not args.scan_only:
            database = os.path.join(work, "data", "sotube.sqlite")
            jobs_total = sqlite3.connect(database).execute("SELECT COUNT(*) FROM media_jobs").fetchone()[0]
            jobs_started = time.time()
            def all_on_sale():
                with sqlite3.connect(database, timeout=30) as check:
                    return check.execute(
                        "SELECT COUNT(*) FROM media_jobs WHERE kind IN ('artwork', 'renditions') "
                        "AND state IN ('queued', 'running')").fetchone()[0] == 0
            if args.until_on_sale:
                jobs_wall, jobs_cpu, jobs_rss, _ = timed([binary, "worker"], work, stop_when=all_on_sale)
            else:
                jobs_wall, jobs_cpu, jobs_rss, _ = timed([binary, "worker", "--until-idle"], work)
            db = sqlite3.connect(database)
            ready, total = db.execute("SELECT SUM(ready), COUNT(*) FROM tracks").fetchone()
            failed = db.execute("SELECT COUNT(*) FROM media_jobs WHERE state = 'failed'").fetchone()[0]
            last_preview = db.execute(
                "SELECT MAX(updated_at) FROM media_jobs WHERE kind = 'renditions'").fetchone()[0] / 1000
            on_sale = scan_wall + (last_preview - jobs_started)
            last_picture = db.execute("SELECT MAX(updated_at) FROM media_jobs WHERE kind = 'artwork'").fetchone()[0]
            if last_picture is not None:  # builds before artwork jobs made the pictures in the scan
                rows.append(("all albums' pictures made", f"{scan_wall + last_picture / 1000 - jobs_started:.1f} s",
                             "scan + artwork jobs"))
            last_mp3 = db.execute("SELECT MAX(updated_at) FROM media_jobs WHERE kind = 'full' AND state = 'done'"
                                  ).fetchone()[0]
            done = db.execute("SELECT COUNT(*) FROM media_jobs WHERE state = 'done'").fetchone()[0]
            rows += [
                ("jobs (worker" + (", stopped once all on sale)" if args.until_on_sale else " --until-idle)"),
                 f"{done / jobs_wall:.2f} jobs/s",
                 f"{done} of {jobs_total} jobs in {jobs_wall:.1f} s, CPU {jobs_cpu:.1f} s, "
                 f"peak RSS {jobs_rss:.0f} MiB, failed {failed}"),
                ("all on sale (every preview made)", f"{on_sale:.1f} s",
                 f"{ready}/{total} songs ready, CPU {(scan_cpu + jobs_cpu) / len(files):.2f} s/file"
                 + (" (children included)" if args.until_on_sale else " for every job")),
            ]
            if last_mp3 is not None and not args.until_on_sale:
                rows.append(("every MP3 made (full jobs)", f"{scan_wall + last_mp3 / 1000 - jobs_started:.1f} s",
                             "songs on sale with their FLAC/Ogg file until then"))
            if not args.until_on_sale:
                rows.append(("all jobs done (loudness too)", f"{scan_wall + jobs_wall:.1f} s",
                             f"CPU {(scan_cpu + jobs_cpu) / len(files):.2f} s/file (children included)"))
    finally:
        shutil.rmtree(work, ignore_errors=True)

    if args.reference_bin:
        work = tempfile.mkdtemp(prefix="sotube-bench-import-ref-")
        try:
            wall, cpu, rss, _ = timed([os.path.abspath(args.reference_bin), "import", "--no-wait", music], work)
            rows.append(("reference: --reference-bin scan", f"{len(files) / wall:.1f} files/s",
                         f"{wall:.1f} s, CPU {cpu:.1f} s ({cpu / len(files) * 1000:.1f} ms/file), "
                         f"peak RSS {rss:.0f} MiB"))
        finally:
            shutil.rmtree(work, ignore_errors=True)

    print(f"\n{len(files)} files, {cores} cores")
    for name, rate, detail in rows:
        print(f"  {name:36} {rate:>16}   {detail}")


if __name__ == "__main__":
    main()
