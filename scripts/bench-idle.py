#!/usr/bin/env python3
"""The idle server's memory on the demo store (issue 35: goal ≤ 50 MB of RSS; Navidrome reports ~55 MB).

For each build: `sotube serve` on a new data folder (the demo catalog is seeded and its songs' audio made
on this first start), its RSS read once the log says the demo's audio is made and the server has been
idle for `--settle` seconds; then the server stopped and started again on the same folder, its RSS read
after the same wait, and its CPU time over the next `--cpu-window` seconds (an idle server should not
wake). Each row is the median of `--rounds` rounds, builds alternating within a round.

Before each start the kernel's page cache is emptied when this runs as root: how much of a binary's
code a process maps depends on which of the file's pages are cached (the kernel maps the cached pages
around each fault), so a build just copied or just linked read up to 2.6 MB more than the same-sized
build whose pages were read once (docs/performance.md, "the heap after the first start"). Not root: the
page cache is left as it is, and the table says so.

    python3 scripts/bench-idle.py --bin .build/release/sotube [--previous-bin OLD/sotube] [--rounds 3]
"""
import argparse
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def memory(pid):
    """(RSS, anonymous) in MB from /proc/PID/smaps_rollup."""
    fields = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        parts = line.split()
        if len(parts) >= 2 and parts[0].endswith(":") and parts[1].isdigit():
            fields[parts[0][:-1]] = int(parts[1]) / 1024
    return fields["Rss"], fields["Anonymous"]


def empty_page_cache():
    """True when the kernel's page cache was emptied (root only)."""
    try:
        os.sync()
        with open("/proc/sys/vm/drop_caches", "w") as control:
            control.write("3\n")
        return True
    except OSError:
        return False


def cpu_seconds(pid):
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def serve(binary, folder, settle, wait_for_demo, cpu_window=0):
    """(RSS MB, anonymous MB, CPU ms over `cpu_window` idle seconds after the RSS is read)."""
    port = free_port()
    log_path = folder.with_suffix(f".{int(time.time() * 1000)}.log")
    with open(log_path, "w") as log:
        # The demo catalog on (scripts/bench.sh turns it off for its other servers).
        env = {key: value for key, value in os.environ.items() if key != "SOTUBE_DEMO"}
        proc = subprocess.Popen([binary, "serve", "--host", "127.0.0.1", "--port", str(port), "--data", str(folder)],
                                stdout=log, stderr=subprocess.STDOUT, start_new_session=True, env=env)
        try:
            deadline = time.time() + 300
            while time.time() < deadline:
                if proc.poll() is not None:
                    raise SystemExit(f"bench-idle: the server exited, see {log_path}")
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2).read()
                    if not wait_for_demo or "demo catalog's audio made" in log_path.read_text():
                        break
                except OSError:
                    pass
                time.sleep(0.5)
            else:
                raise SystemExit(f"bench-idle: the demo catalog was not made in 300 s, see {log_path}")
            time.sleep(settle)
            rss, anonymous = memory(proc.pid)
            before = cpu_seconds(proc.pid)
            time.sleep(cpu_window)
            return rss, anonymous, (cpu_seconds(proc.pid) - before) * 1000
        finally:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=30)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", required=True)
    parser.add_argument("--previous-bin")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--settle", type=float, default=10, help="idle seconds before RSS is read")
    parser.add_argument("--cpu-window", type=float, default=20,
                        help="idle seconds over which the restarted server's CPU is read (0: not read)")
    args = parser.parse_args()
    builds = [("this build", os.path.abspath(args.bin))]
    if args.previous_bin:
        builds.append(("previous build", os.path.abspath(args.previous_bin)))
    results = {name: {"first": [], "again": []} for name, _ in builds}
    cold = True
    with tempfile.TemporaryDirectory(prefix="sotube-idle-") as work:
        for round_number in range(args.rounds):
            order = builds if round_number % 2 == 0 else list(reversed(builds))
            for name, binary in order:
                folder = Path(work) / f"{round_number}-{name.replace(' ', '-')}"
                folder.mkdir()
                cold = empty_page_cache() and cold
                results[name]["first"].append(serve(binary, folder, args.settle, wait_for_demo=True))
                cold = empty_page_cache() and cold
                results[name]["again"].append(
                    serve(binary, folder, args.settle, wait_for_demo=False, cpu_window=args.cpu_window))
    print(f"| idle `sotube serve` on the demo store, RSS MB (anonymous MB), median of {args.rounds} "
          f"(min–max){'' if cold else ', page cache not emptied (not root)'} | goal | "
          + " | ".join(name for name, _ in builds) + " |")
    print("|---|---|" + "---|" * len(builds))
    for key, label in (("first", "first start, once the demo's songs are made"), ("again", "started again")):
        cells = []
        for name, _ in builds:
            rss = [r for r, _, _ in results[name][key]]
            anon = [a for _, a, _ in results[name][key]]
            cells.append(f"{statistics.median(rss):.1f} ({statistics.median(anon):.1f}) "
                         f"[{min(rss):.1f}–{max(rss):.1f}]")
        print(f"| {label} | ≤ 50 | " + " | ".join(cells) + " |")
    if args.cpu_window:
        cells = []
        for name, _ in builds:
            cpu = [c for _, _, c in results[name]["again"]]
            cells.append(f"{statistics.median(cpu):.0f} [{min(cpu):.0f}–{max(cpu):.0f}]")
        print(f"| started again, CPU ms over {args.cpu_window:g} s idle | | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
