#!/usr/bin/env python3
"""A guest's first visit on a phone network (issue 32 #4), each build beside the other in the same run.

Chromium (headless, /usr/bin/chromium) as a 390x844 phone at a device pixel ratio of 3 (an iPhone's),
the network emulated with the Chrome DevTools Protocol (150 ms round trips, 1.6 Mbps down, 750 kbps up),
the browser cache disabled and the service worker blocked (a cold visit each round). For each build:

  - cold store LCP (Largest Contentful Paint, ms) and everything transferred until the network is idle
    (bytes, of which covers), the cover URLs and formats that were fetched;
  - a first search: the query typed into the search box as soon as it shows (the covers still coming),
    and the time from the last key to the first song row of the answer (ms).

Each build serves its own web app (`--public-dir`) and the demo catalog (its own data folder).

  python3 scripts/bench-first-load.py --bin .build/release/sotube [--public Public]
      [--ref-bin /tmp/ref/.build/release/sotube --ref-public /tmp/ref/Public] [--rounds 3]
"""
import argparse
import json
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

from playwright.sync_api import sync_playwright

PHONE_NETWORK = {"offline": False, "latency": 150, "downloadThroughput": 1_600_000 / 8,
                 "uploadThroughput": 750_000 / 8}
OBSERVE = """() => {
  window.__lcp = 0;
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__lcp = e.startTime; })
    .observe({ type: 'largest-contentful-paint', buffered: true });
}"""
QUERY = "glacier"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get_json(url):
    with urllib.request.urlopen(url, timeout=5) as r:
        return json.load(r)


def serve(binary, public, folder):
    """Starts `sotube serve` with the demo catalog; returns (process, base URL) once the store home lists albums."""
    port = free_port()
    data = os.path.join(folder, f"data-{port}")
    env = {**os.environ, "SOTUBE_BCRYPT_COST": "4", "SOTUBE_PUBLIC_URL": f"http://127.0.0.1:{port}"}
    env.pop("SOTUBE_DEMO", None)
    log = open(os.path.join(folder, f"serve-{port}.log"), "w")
    process = subprocess.Popen([binary, "serve", "--port", str(port), "--data", data, "--public-dir", public],
                               env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.time() + 300
    while time.time() < deadline:
        if process.poll() is not None:
            sys.exit(f"bench-first-load: {binary} exited; see {log.name}")
        try:
            home = get_json(base + "/api/v1/store/home")
            if json.dumps(home).count("artworkUrl") >= 6 and get_json(base + f"/api/v1/search?q={QUERY}")["tracks"]:
                warm_avif(base, home)
                return process, base
        except Exception:
            pass
        time.sleep(0.5)
    process.kill()
    sys.exit(f"bench-first-load: {binary}'s demo store was not ready in 300 s")


def warm_avif(base, home):
    """A build that makes AVIF covers when first asked (Vary: Accept) has them made before measuring,
    as a store visited before would."""
    urls = sorted({v for v in re.findall(r'"artworkUrl": "([^"]+)"', json.dumps(home))})
    deadline = time.time() + 120
    for url in urls:
        while time.time() < deadline:
            request = urllib.request.Request(base + re.sub(r"size=\d+", "size=400", url),
                                             headers={"Accept": "image/avif,image/webp,*/*"})
            with urllib.request.urlopen(request, timeout=10) as r:
                if "Accept" not in (r.headers.get("Vary") or "") or r.headers.get("Content-Type") == "image/avif":
                    break
            time.sleep(0.5)


def phone(browser):
    """A cold 3× phone on the throttled network: (context, page, CDP session)."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=3,
                                  is_mobile=True, has_touch=True, service_workers="block")
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
    cdp.send("Network.emulateNetworkConditions", PHONE_NETWORK)
    return context, page, cdp


def visit(browser, base):
    context, page, cdp = phone(browser)
    urls, kinds, sizes, types = {}, {}, {}, {}
    cdp.on("Network.requestWillBeSent", lambda e: (urls.__setitem__(e["requestId"], e["request"]["url"]),
                                                    kinds.__setitem__(e["requestId"], e.get("type", ""))))
    cdp.on("Network.responseReceived", lambda e: types.__setitem__(e["requestId"], e["response"]["mimeType"]))
    cdp.on("Network.loadingFinished", lambda e: sizes.__setitem__(e["requestId"], e["encodedDataLength"]))
    page.goto(base + "/#/store", wait_until="commit")
    page.evaluate(OBSERVE)
    page.locator(".shelf a.card").first.wait_for(timeout=60000)
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(500)
    lcp = page.evaluate("window.__lcp")
    covers = {rid: n for rid, n in sizes.items() if kinds.get(rid) == "Image" and "/artwork" in urls.get(rid, "")}
    formats = sorted({types.get(rid, "?") for rid in covers})
    result = {"lcp_ms": lcp, "bytes": sum(sizes.values()), "cover_bytes": sum(covers.values()),
              "covers": len(covers), "formats": formats,
              "cover_urls": sorted({urls[rid].split("?")[-1] for rid in covers})}
    context.close()
    return result


def first_search(browser, base):
    """The Search tab tapped as soon as the store shows its first card, the query typed at once (the
    covers still coming): ms from the last key to the first song row."""
    context, page, _ = phone(browser)
    page.goto(base + "/#/store", wait_until="commit")
    page.locator(".shelf a.card").first.wait_for(timeout=60000)
    # On a phone the search box is the Search tab's.
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Search").click()
    box = page.get_by_role("combobox", name="Search")
    box.wait_for(timeout=60000)
    box.press_sequentially(QUERY, delay=40)
    typed = time.perf_counter()
    page.locator(".songs .track-row").first.wait_for(timeout=60000)
    elapsed = (time.perf_counter() - typed) * 1000
    context.close()
    return elapsed


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--public", default="Public")
    parser.add_argument("--ref-bin")
    parser.add_argument("--ref-public")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    builds = [("this build", args.bin, args.public)]
    if args.ref_bin:
        builds.append(("reference", args.ref_bin, args.ref_public or args.public))
    folder = tempfile.mkdtemp(prefix="sotube-bench-first-load.")
    servers = []
    try:
        for name, binary, public in builds:
            servers.append((name, *serve(binary, os.path.abspath(public), folder)))
        results = {name: [] for name, *_ in servers}
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"))
            for _ in range(args.rounds):
                for name, _, base in servers:  # alternating, so a busy moment hits both
                    visit_result = visit(browser, base)
                    visit_result["search_ms"] = first_search(browser, base)
                    results[name].append(visit_result)
            browser.close()
    finally:
        for _, process, _ in servers:
            process.terminate()
            process.wait()
        shutil.rmtree(folder, ignore_errors=True)

    def cell(name, key, scale=1, unit=""):
        values = [r[key] / scale for r in results[name]]
        return f"{statistics.median(values):,.0f}{unit} ({min(values):,.0f}–{max(values):,.0f})"

    names = list(results)
    print(f"First visit on a phone (390×844 @3x, 150 ms, 1.6 Mbps, cold), median of {args.rounds} (min–max)")
    print("| figure | " + " | ".join(names) + (" | ratio |" if len(names) == 2 else " |"))
    print("|---|" + "---|" * (len(names) + (1 if len(names) == 2 else 0)))
    for label, key, scale, unit in [("store LCP", "lcp_ms", 1, " ms"), ("transferred", "bytes", 1024, " KB"),
                                    ("of which covers", "cover_bytes", 1024, " KB"),
                                    ("first search, last key → songs", "search_ms", 1, " ms")]:
        row = [cell(name, key, scale, unit) for name in names]
        if len(names) == 2:
            ours = statistics.median(r[key] for r in results[names[0]])
            theirs = statistics.median(r[key] for r in results[names[1]])
            row.append(f"{ours / theirs:.2f}×" if theirs else "–")
        print(f"| {label} | " + " | ".join(row) + " |")
    for name in names:
        last = results[name][-1]
        print(f"({name}: {last['covers']} covers as {', '.join(last['formats'])}: {', '.join(last['cover_urls'])})")
    print("(command: python3 scripts/bench-first-load.py --bin BIN [--ref-bin REF --ref-public REF_PUBLIC])")


if __name__ == "__main__":
    main()
