"""No screen shows a program's leftovers as text: `null`, `undefined`, `NaN` or `[object Object]`
(issue 32 #2: `append(…, cond ? x : null)` printed "null" on song and artist pages). Every screen, as a
guest and as a signed-in buyer who owns an album."""
import re
import urllib.parse
import uuid

from playwright.sync_api import expect

from conftest import ONE_SIZE
from webhelpers import open_screen, pay_in_sandbox, register, track_requests, wait_quiet

STRAY = r"\b(null|undefined|NaN)\b|\[object Object\]"

# Every visible text node (and the title, and the labels a screen reader reads) that matches.
SCAN = """(pattern) => {
  const stray = new RegExp(pattern);
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest('script, style, template, noscript')) continue;
    if (!el.checkVisibility({ visibilityProperty: true })) continue;
    if (stray.test(node.textContent)) found.push(`${el.tagName.toLowerCase()}.${el.className}: ${node.textContent.trim().slice(0, 80)}`);
  }
  for (const el of document.querySelectorAll('[aria-label], [title], img[alt], input[placeholder]')) {
    for (const name of ['aria-label', 'title', 'alt', 'placeholder']) {
      const value = el.getAttribute(name);
      if (value && stray.test(value)) found.push(`${el.tagName.toLowerCase()}[${name}]: ${value.slice(0, 80)}`);
    }
  }
  if (stray.test(document.title)) found.push(`title: ${document.title}`);
  return found;
}"""


def visit(page, server, route, ready=None):
    open_screen(page, server, route, ready)
    wait_quiet(page)  # what a screen's later requests bring (a price's worth, a cover) is drawn
    return page.evaluate(SCAN, STRAY)


def catalog(page, server):
    home = page.request.get(server + "/api/v1/store/home").json()
    albums = [page.request.get(server + f"/api/v1/albums/{a['id']}").json() for a in home["newReleases"]]
    artists = {a["album"]["artistId"] for a in albums}
    songs = [t["id"] for a in albums for t in a["tracks"][:2]]
    return home, albums, sorted(artists), songs


def store_screens(page, server, home, albums, artists, songs):
    """The screens a guest and a member both see: (route, ready) pairs."""
    query = albums[0]["album"]["artistName"][:4]
    rows = lambda p: p.locator(".track-row")
    screens = [("store", lambda p: p.get_by_role("heading", name="New releases")),
               ("see-all/newReleases", lambda p: p.locator(".card-grid a.card")),
               ("see-all/moods", lambda p: p.locator(".card-grid a.card")),
               (f"search?q={urllib.parse.quote(query)}", lambda p: p.locator(".top-result")),
               ("search", None)]
    screens += [(f"album/{a['album']['id']}", rows) for a in albums]
    screens += [(f"artist/{artist}", None) for artist in artists]
    screens += [(f"song/{song}", None) for song in songs]
    screens += [(f"playlist/{p['id']}", rows) for p in home["featuredPlaylists"]]
    screens += [(f"playlist/{m['playlistId']}", rows) for m in home["moods"][:2]]
    screens += [("album/no-such-album", None)]
    return screens


@ONE_SIZE
def test_no_screen_shows_null_undefined_or_nan(page, server, needs, console):
    needs("catalog", "commerce")
    console.allow(r"status of 404")  # the album that does not exist
    track_requests(page)
    home, albums, artists, songs = catalog(page, server)
    found = {}
    screens = store_screens(page, server, home, albums, artists, songs)

    # A guest: the store's screens, log in, sign up, forgotten password.
    for route, ready in screens + [("login", None), ("register", None), ("forgot", None)]:
        found[f"guest #/{route}"] = visit(page, server, route, ready)

    # A buyer with coins (the sandbox checkout) who owns an album.
    register(page, server)
    wallet = page.request.get(server + "/api/v1/wallet").json()
    csrf = next(c["value"] for c in page.context.cookies() if c["name"] == "sotube_csrf")
    pack = max(wallet["packs"], key=lambda p: p["coins"])
    created = page.request.post(server + "/api/v1/wallet/top-ups", data={"packId": pack["id"]},
                                headers={"X-CSRF-Token": csrf, "Idempotency-Key": str(uuid.uuid4())})
    assert created.ok, created.text()
    page.goto(urllib.parse.urljoin(server + "/", created.json()["checkoutUrl"]))
    pay_in_sandbox(page)
    expect(page).to_have_url(re.compile(r"#/account"), timeout=20000)
    owned = min(albums, key=lambda a: sum(t["price"] for t in a["tracks"]))
    bought = page.request.post(server + "/api/v1/purchases", data={"albumId": owned["album"]["id"]},
                               headers={"X-CSRF-Token": csrf, "Idempotency-Key": str(uuid.uuid4())})
    assert bought.status == 201, bought.text()
    member = screens + [
        (f"song/{owned['tracks'][0]['id']}", None),
        ("library?view=albums", lambda p: p.locator(".lib-grid")),
        ("library?view=songs", lambda p: p.locator(".track-row")),
        ("library?view=artists", lambda p: p.locator(".split-detail")),
        ("account", lambda p: p.locator(".summary")),
        ("topup", lambda p: p.locator("label.pack")),
        ("history/purchases", lambda p: p.locator("table")),
        ("history/topups", lambda p: p.locator("table")),
    ]
    for route, ready in member:
        found[f"buyer #/{route}"] = visit(page, server, route, ready)

    # The players: the full player and the mini player, on a song the buyer does not own.
    page.goto(f"{server}/#/album/{next(a for a in albums if a is not owned)['album']['id']}")
    page.locator(".track-row").first.get_by_role("button", name=re.compile(r"^Play ")).click()
    page.locator("#mini").get_by_role("button", name=re.compile("^Open player")).click()
    expect(page.locator("#player").get_by_role("button", name="Close player")).to_be_visible()
    found["buyer full player"] = page.evaluate(SCAN, STRAY)

    stray = {screen: texts for screen, texts in found.items() if texts}
    assert stray == {}, stray
