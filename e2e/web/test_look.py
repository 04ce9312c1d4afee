"""Russian locale, dark mode, installability, the weight of the first load (SPEC U2, U3), and every
screen at the four sizes (screenshots in e2e/screenshots/<viewport>/screen-*.png)."""
import os
import re
import subprocess
import urllib.parse
import uuid

from playwright.sync_api import expect

from conftest import ALL_SIZES, DATA_DIR, ONE_SIZE, ROOT
from webhelpers import SIDEWAYS, register, tab, wait_playing

BIN = os.environ.get("SOTUBE_BIN", str(ROOT / ".build" / "debug" / "sotube"))


@ALL_SIZES
def test_russian_follows_the_browser_and_can_switch(make_context, server, shot):
    page = make_context(locale="ru-RU").new_page()
    page.goto(server + "/#/login")  # guests land on the store (issue 32): the log-in screen is asked for
    expect(page.get_by_role("button", name="Войти")).to_be_visible()
    expect(page.get_by_role("button", name="Продолжить как гость")).to_be_visible()
    assert page.evaluate("document.documentElement.lang") == "ru"
    shot(page, "10-login-ru")
    page.get_by_role("button", name="Продолжить как гость").click()
    expect(page.get_by_role("navigation", name="Главное меню").get_by_role("link")).to_have_text(
        ["Магазин", "Поиск", "Войти", "Создать аккаунт"])
    shot(page, "11-store-ru")
    page.get_by_label("Язык").select_option("en")
    expect(page.get_by_role("navigation", name="Main").get_by_role("link", name="Store")).to_be_visible()
    assert page.evaluate("document.documentElement.lang") == "en"


@ALL_SIZES
def test_dark_mode_follows_the_system(make_context, server, shot):
    page = make_context(color_scheme="dark").new_page()
    register(page, server)
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    rgb = [int(x) for x in re.findall(r"\d+", background)[:3]]
    assert sum(rgb) / 3 < 60, background
    text = page.evaluate("getComputedStyle(document.body).color")
    assert sum(int(x) for x in re.findall(r"\d+", text)[:3]) / 3 > 200, text
    shot(page, "12-store-dark")
    tab(page, "Account").click()
    expect(page.get_by_role("heading", name="Account", level=1)).to_be_visible()
    shot(page, "13-account-dark")


@ONE_SIZE
def test_installable_manifest_icons_and_service_worker(page, server):
    page.goto(server + "/")
    manifest = page.request.get(server + "/manifest.webmanifest").json()
    assert manifest["name"] == "SoTube" and manifest["display"] == "standalone"
    for icon in manifest["icons"]:
        assert page.request.get(server + icon["src"]).ok, icon
    assert page.request.get(server + "/sw.js").ok


def test_first_load_is_at_most_160_kb(browser, server):
    """HTML + CSS + JS (everything but images and audio) of the store home's first load, over the wire."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    sizes = {}

    def count(response):
        request = response.request
        if request.resource_type in ("image", "media", "font"):
            return
        body = response.body() if response.status < 300 else b""
        headers = sum(len(k) + len(v) + 4 for k, v in response.headers.items())
        sizes[response.url] = len(body) + headers

    page.on("response", count)
    page.goto(server + "/#/store", wait_until="networkidle")
    expect(page.get_by_role("combobox", name="Search")).to_be_visible()
    page.wait_for_load_state("networkidle")
    total = sum(sizes.values())
    context.close()
    # 160 KB since the artists' and labels' first part (issue 31: name-your-price and pre-order labels,
    # texts and routes in the store's own scripts). Covers are not counted here: test_first_visit.py
    # checks them (the first screen's only, at the size shown).
    assert total <= 160 * 1024, f"{total} bytes: {sorted(sizes.items(), key=lambda kv: -kv[1])[:8]}"


def _contrast(a, b):
    def lum(rgb):
        def ch(c):
            c = c / 255
            return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
        r, g, b_ = (ch(x) for x in rgb)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b_
    la, lb = sorted([lum(a), lum(b)], reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_colours_meet_wcag_aa_in_light_and_dark(browser, server):
    """Text, secondary text, links and buttons against their backgrounds: at least 4.5:1 (WCAG AA)."""
    pairs = [("--fg", "--bg"), ("--fg", "--bg-2"), ("--muted", "--bg"), ("--muted", "--bg-2"), ("--accent", "--bg"),
             ("--accent", "--bg-2"), ("--accent-fg", "--accent"), ("--danger", "--bg"), ("--success", "--bg"),
             ("--fg", "--accent-soft")]
    for scheme in ("light", "dark"):
        context = browser.new_context(color_scheme=scheme, service_workers="block")
        page = context.new_page()
        page.goto(server + "/#/login")
        colours = page.evaluate("""(names) => {
            const probe = document.createElement('span'); document.body.append(probe);
            const out = {};
            for (const n of names) { probe.style.color = `var(${n})`; out[n] = getComputedStyle(probe).color; }
            return out; }""", sorted({n for p in pairs for n in p}))
        context.close()
        rgb = {k: [int(x) for x in re.findall(r"\d+", v)[:3]] for k, v in colours.items()}
        for fg, bg in pairs:
            ratio = _contrast(rgb[fg], rgb[bg])
            assert ratio >= 4.5, f"{scheme}: {fg} on {bg} is {ratio:.2f}:1"


def test_the_shell_is_versioned_and_served_from_the_cache(browser, server):
    """The service worker caches the app's own file list under a version made from the files, and the
    shell then opens without the network."""
    script = browser.new_context().request.get(server + "/sw.js")
    assert script.ok and script.headers["cache-control"] == "no-cache"
    text = script.text()
    version = re.search(r"const SHELL_VERSION = '([0-9a-f]{16})';", text)
    assert version, text[:300]
    for path in ["'/app.js'", "'/js/screens/store.js'", "'/css/app.css'", "'/js/i18n/ru.js'"]:
        assert path in text, path
    context = browser.new_context(service_workers="allow")
    page = context.new_page()
    page.goto(server + "/#/store")
    expect(page.get_by_role("combobox", name="Search")).to_be_visible()
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("() => !!navigator.serviceWorker.controller", timeout=15000)
    assert f"sotube-shell-{version.group(1)}" in page.evaluate("caches.keys()")
    context.set_offline(True)
    page.reload()
    expect(page.get_by_role("navigation", name="Main")).to_be_visible()
    context.close()


def screen(page, server, route, name, shot, ready=None):
    """Opens `#/route`, waits for its heading (and `ready`, a locator, when given) and saves it as
    `screen-<name>.png`; the screen must not scroll sideways."""
    page.goto(f"{server}/#/{route}")
    expect(page.locator(f"#main .screen-{route.split('?')[0].split('/')[0]} h1").first).to_be_visible()
    if ready is not None:
        expect(ready).to_be_visible()
    shot(page, f"screen-{name}")
    seen = page.evaluate(SIDEWAYS)
    assert seen["scroll"] <= seen["width"], f"#/{route} scrolls sideways: {seen}"


@ALL_SIZES
def test_every_screen_at_every_size(make_context, server, needs, shot, console):
    """The look of every screen at the four sizes (the flows run at a phone's and a desktop's): a guest's
    log-in, sign-up and store, then a member who owns an album: the store, See all, search, an artist,
    an album (owned and not), a song, a playlist, My Music's three views, Account, Top up, both
    histories, a 404, the mini and full player and the purchase dialog."""
    needs("catalog", "commerce", "media")
    page = make_context().new_page()
    home = page.request.get(server + "/api/v1/store/home").json()
    owned = page.request.get(server + f"/api/v1/albums/{home['newReleases'][1]['id']}").json()
    other = page.request.get(server + f"/api/v1/albums/{home['newReleases'][2]['id']}").json()
    playlist = home["featuredPlaylists"][0]["id"]

    page.goto(server + "/#/login")
    expect(page.get_by_role("button", name="Continue as guest")).to_be_visible()
    shot(page, "screen-login")
    screen(page, server, "register", "register", shot)
    screen(page, server, "forgot", "forgot-password", shot)
    page.goto(server + "/#/login")
    page.get_by_role("button", name="Continue as guest").click()
    expect(page.get_by_role("heading", name="New releases")).to_be_visible()
    shot(page, "screen-store-guest")

    username, _ = register(page, server)
    if DATA_DIR:  # coins from the CLI: only when the tests start the server
        subprocess.run([BIN, "coins", "grant", username, "500", "--data", DATA_DIR[0]], check=True,
                       capture_output=True, timeout=120)
    response = page.request.post(server + "/api/v1/purchases", data={"albumId": owned["album"]["id"]}, headers={
        "Idempotency-Key": str(uuid.uuid4()),
        "X-CSRF-Token": next(c["value"] for c in page.context.cookies() if c["name"] == "sotube_csrf")})
    bought = response.status == 201
    screen(page, server, "store", "store-member", shot, page.get_by_role("heading", name="New releases"))
    screen(page, server, "see-all/newReleases", "see-all", shot, page.locator(".card-grid a.card").first)
    artist = owned["album"]["artistName"]
    screen(page, server, f"search?q={urllib.parse.quote(artist[:4])}", "search-results", shot,
           page.locator(".top-result"))
    screen(page, server, f"artist/{owned['album']['artistId']}", "artist", shot)
    screen(page, server, f"album/{owned['album']['id']}", "album-owned" if bought else "album", shot,
           page.locator(".track-row").first)
    screen(page, server, f"song/{other['tracks'][0]['id']}", "song", shot)
    screen(page, server, f"playlist/{playlist}", "playlist", shot, page.locator(".track-row").first)
    for view in ("albums", "songs", "artists"):
        screen(page, server, f"library?view={view}", f"my-music-{view}", shot)
    screen(page, server, "account", "account", shot)
    screen(page, server, "topup", "top-up", shot, page.locator("label.pack").first)
    screen(page, server, "history/purchases", "purchase-history", shot)
    screen(page, server, "history/topups", "top-up-history", shot)
    page.goto(server + "/#/album/no-such-album")
    expect(page.get_by_role("link", name="Go to the store")).to_be_visible()
    shot(page, "screen-not-found")
    console.allow(r"status of 404")  # that album

    # The players and the purchase dialog, on an album the member does not own.
    screen(page, server, f"album/{other['album']['id']}", "album-not-owned", shot, page.locator(".track-row").first)
    page.locator(".track-row").first.get_by_role("button", name=re.compile(r"^Play ")).click()
    wait_playing(page)
    page.evaluate("document.getElementById('audio').pause()")
    shot(page, "screen-mini-player")
    page.locator("#mini").get_by_role("button", name=re.compile("^Open player")).click()
    expect(page.locator("#player").get_by_role("button", name="Close player")).to_be_visible()
    shot(page, "screen-full-player")
    page.locator("#player").get_by_role("button", name="Close player").click()
    page.locator(".track-row").nth(1).get_by_role("button", name="Buy").click()
    dialog = page.locator("dialog[open]")
    expect(dialog).to_be_visible()
    shot(page, "screen-buy-dialog")
    dialog.get_by_role("button", name="Cancel").click()
    expect(dialog).to_have_count(0)
