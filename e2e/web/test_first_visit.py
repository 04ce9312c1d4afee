"""A guest's first visit on a 3× phone (issue 32 #4): the store asks for its data before any picture,
and fetches only the covers the first screen shows, at the size shown (a 300 px AVIF for a 168 px card,
not the 400 or 600 px picture), the others when a shelf is scrolled to them. The timing itself (LCP on
a throttled link) is a benchmark: scripts/bench-first-load.py, a row of scripts/bench.sh."""
import importlib.util
import json
import re
import urllib.request
from pathlib import Path

from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parent.parent.parent

VISIBLE_COVERS = """() => {
  const seen = (img) => {
    const r = img.getBoundingClientRect();
    const box = img.closest('.shelf-row')?.getBoundingClientRect() ?? r;
    const left = Math.max(r.left, box.left, 0), right = Math.min(r.right, box.right, innerWidth);
    const top = Math.max(r.top, box.top, 0), bottom = Math.min(r.bottom, box.bottom, innerHeight);
    return right > left && bottom > top;
  };
  const all = [...document.querySelectorAll('.shelf img.art')];
  return { all: all.length, seen: all.filter(seen).length };
}"""


def _warm_avif(server):
    """The AVIF pictures are made when first asked for (all sizes at once): a store visited before has
    them. The benchmark's own warming (scripts/bench-first-load.py) does it."""
    spec = importlib.util.spec_from_file_location("bench_first_load", ROOT / "scripts" / "bench-first-load.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    with urllib.request.urlopen(server + "/api/v1/store/home", timeout=10) as r:
        home = json.load(r)
    bench.warm_avif(server, home)
    return re.findall(r'"artworkUrl": "([^"]+)"', json.dumps(home))


def test_a_phone_fetches_the_first_screens_covers_at_the_size_shown(browser, server, needs):
    needs("catalog")
    assert _warm_avif(server), "the store home lists no artwork"
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=3,
                                  is_mobile=True, has_touch=True, service_workers="block")
    page = context.new_page()
    asked, kinds = [], {}
    page.on("request", lambda r: asked.append(r.url))
    page.on("response", lambda r: kinds.__setitem__(r.url, r.headers.get("content-type")))
    page.goto(server + "/#/store")
    expect(page.locator(".shelf a.card").first).to_be_visible(timeout=30000)
    page.wait_for_load_state("networkidle")
    covers = [u for u in asked if "/artwork" in u]
    assert covers, asked
    # The store's data is asked for before any picture (a search typed at once does not queue behind them).
    home = next(i for i, u in enumerate(asked) if u.endswith("/api/v1/store/home"))
    assert home < asked.index(covers[0]), asked
    # A 168 px card on a 3× phone: the 300 px picture, as AVIF (Chromium takes it).
    assert {re.search(r"size=(\d+)", u).group(1) for u in covers} == {"300"}, covers
    assert {kinds.get(u) for u in covers} == {"image/avif"}, {u: kinds.get(u) for u in covers}
    # Only what the first screen shows (clipped by the shelves and the screen), not every card.
    counts = page.evaluate(VISIBLE_COVERS)
    assert len(set(covers)) <= counts["seen"] < counts["all"], (covers, counts)
    # A shelf scrolled along fetches the cards it brings into view.
    before = len(set(covers))
    page.locator(".shelf-row").first.evaluate("(row) => row.scrollBy({ left: row.clientWidth })")
    page.wait_for_function("(n) => performance.getEntriesByType('resource')"
                           ".filter((e) => e.name.includes('/artwork')).length > n", arg=before, timeout=15000)
    assert all("size=300" in u for u in asked if "/artwork" in u)
    context.close()
