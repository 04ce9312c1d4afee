"""axe-core (bundled by axe-playwright-python) on every screen a user reaches, with no violation
allowed (issue 32 #13: the album embed had landmark-one-main and region). A guest's screens, a buyer's
(My Music, account, top-up, the full player with Up next), the server's pages (the share page and the
embed players) and the operator console's home; in Russian at a phone's size and in English at a
desktop's. Every rule axe runs by default (WCAG 2 A/AA and best practices) counts.
"""
import os
import re
import subprocess
import urllib.parse
import uuid
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import DEFAULT_OPTIONS, Axe
from playwright.sync_api import expect

from conftest import DATA_DIR, PAIRED, ROOT, settle
from webhelpers import open_screen, register, register_ru, unique_name

BIN = Path(os.environ.get("SOTUBE_BIN", ROOT / ".build" / "debug" / "sotube"))
AXE = Axe()

# The screen-set checks run once per language, each at another size (PAIRED): Russian at the phone's,
# English at the desktop's; the share and embed pages (English only) at both sizes.


def run_axe(page):
    """What `AXE.run(page)` answers (axe-core's default rules, violations only), with axe-core's 570 KB
    put into the document once rather than before every run: a screen reached inside the app (a hash
    change) keeps the copy an earlier screen's check put there; a new document gets its own."""
    if not page.evaluate("() => typeof window.axe?.run === 'function'"):
        page.evaluate(AXE.axe_script)
    options = AXE._format_script_args(context=None, options=DEFAULT_OPTIONS)
    return page.evaluate("axe.run(%s).then(results => {return results;})" % options)


def violations(page, screen):
    """axe's violations on the page as lines: screen, rule id, impact, what it says, the nodes."""
    settle(page)  # transitions done: colour contrast is read from what is painted
    lines = []
    for v in run_axe(page)["violations"]:
        nodes = "; ".join(" ".join(map(str, n["target"])) + (f" ({n.get('failureSummary', '').splitlines()[-1].strip()})"
                          if n.get("failureSummary") else "") for n in v["nodes"][:6])
        lines.append(f"{screen}: {v['id']} [{v['impact']}] {v['help']} — {len(v['nodes'])} node(s): {nodes}")
    return lines


def assert_none(found):
    assert not found, "axe-core violations:\n" + "\n".join(found)


def visit(page, server, route, ready=None):
    open_screen(page, server, route, ready)
    return violations(page, f"#/{route}")


def demo(page, server):
    home = page.request.get(server + "/api/v1/store/home").json()
    albums = [page.request.get(server + f"/api/v1/albums/{a['id']}").json() for a in home["newReleases"][:3]]
    return home, albums


def open_full_player(page):
    """From a playing song: the full player, Up next in view."""
    page.locator("#mini").get_by_role("button", name=re.compile("^(Open player|Открыть)")).click()
    player = page.locator("#player")
    expect(player.locator(".player-close")).to_be_visible()
    player.locator(".up-next").scroll_into_view_if_needed()
    expect(player.locator(".up-next-row").first).to_be_visible()
    return player


def play_first(page, server, album):
    page.goto(f"{server}/#/album/{album['album']['id']}")
    page.locator(".track-row .play-btn").first.click()
    expect(page.locator("#mini")).to_be_visible()


def csrf(page):
    return next(c["value"] for c in page.context.cookies() if c["name"] == "sotube_csrf")


def register_any(page, server, locale):
    if locale == "en-US":
        return register(page, server)
    return register_ru(page, server)


def grant_and_buy(page, server, username, album_id):
    """Coins from the CLI (the tests' own server) and the album bought with them."""
    if not DATA_DIR:
        pytest.skip("coins are granted with the CLI on the tests' own server")
    subprocess.run([str(BIN), "coins", "grant", username, "500", "--data", DATA_DIR[0]], check=True,
                   capture_output=True, timeout=120)
    bought = page.request.post(server + "/api/v1/purchases", data={"albumId": album_id},
                               headers={"X-CSRF-Token": csrf(page), "Idempotency-Key": str(uuid.uuid4())})
    assert bought.status == 201, bought.text()


def check_a_guests_screens(make_context, server, needs, console, locale):
    needs("catalog", "media")
    console.allow(r"status of 404")  # the album that does not exist
    page = make_context(locale=locale).new_page()
    home, albums = demo(page, server)
    album = albums[0]
    query = album["album"]["artistName"][:4]
    rows = lambda p: p.locator(".track-row")
    found = []
    for route, ready in [
        ("store", lambda p: p.locator("#main a.card")),
        ("see-all/newReleases", lambda p: p.locator(".card-grid a.card")),
        (f"album/{album['album']['id']}", rows),
        (f"song/{album['tracks'][0]['id']}", None),
        (f"artist/{album['album']['artistId']}", None),
        (f"playlist/{home['featuredPlaylists'][0]['id']}", rows),
        ("search", None),
        (f"search?q={urllib.parse.quote(query)}", lambda p: p.locator(".top-result")),
        ("search?q=zzqqxxnothing", lambda p: p.locator("#main .empty, #main [role=status]")),
        ("album/no-such-album", None),
        ("nowhere", None),
        ("login", None),
        ("register", None),
        ("forgot", None),
    ]:
        found += visit(page, server, route, ready)

    # The mini player (a preview, with its Buy chip) and the full player with Up next.
    play_first(page, server, album)
    found += violations(page, "guest mini player")
    open_full_player(page)
    found += violations(page, "guest full player")
    assert_none(found)


def check_a_buyers_screens(make_context, server, needs, locale):
    needs("catalog", "commerce", "media")
    page = make_context(locale=locale).new_page()
    _, albums = demo(page, server)
    username, _ = register_any(page, server, locale)
    grant_and_buy(page, server, username, albums[0]["album"]["id"])
    found = []
    for route, ready in [
        ("store", lambda p: p.locator("#main a.card")),
        (f"album/{albums[0]['album']['id']}", lambda p: p.locator(".track-row")),
        (f"album/{albums[1]['album']['id']}", lambda p: p.locator(".track-row")),
        ("library?view=songs", lambda p: p.locator(".track-row")),
        ("library?view=albums", lambda p: p.locator(".lib-grid")),
        ("library?view=artists", lambda p: p.locator(".split-detail")),
        ("account", lambda p: p.locator(".summary")),
        ("topup", lambda p: p.locator("label.pack")),
        ("history/purchases", lambda p: p.locator("table")),
        ("history/topups", None),
    ]:
        found += visit(page, server, route, ready)

    # An owned song playing: the mini player (player bar) and the full player with Up next.
    play_first(page, server, albums[0])
    found += violations(page, "buyer mini player")
    open_full_player(page)
    found += violations(page, "buyer full player")
    page.keyboard.press("Escape")

    # The buy dialog for a song the buyer does not own.
    page.goto(f"{server}/#/album/{albums[1]['album']['id']}")
    page.locator(".track-row").first.locator(".buy-btn, button[aria-label^='Buy'], button[aria-label^='Купить']").first.click()
    expect(page.locator("dialog[open]")).to_be_visible()
    found += violations(page, "buy dialog")
    assert_none(found)


def test_the_share_and_embed_pages_have_no_axe_violations(make_context, server, needs):
    needs("catalog", "media")
    page = make_context().new_page()  # the server's pages are in English
    _, albums = demo(page, server)
    album, song = albums[0]["album"]["id"], albums[0]["tracks"][0]["id"]
    found = []
    for path in [f"/song/{song}", f"/song/{song}?t=12", f"/embed/song/{song}", f"/embed/album/{album}"]:
        page.goto(server + path)
        expect(page.locator("h1")).to_be_visible()
        found += violations(page, path)
    # The album embed playing (a row current, Pause).
    page.locator("#play").click()
    expect(page.locator(".row[aria-current]")).to_have_count(1)
    found += violations(page, "album embed playing")
    assert_none(found)


OPERATOR_PASSWORD = "correct horse 1"


def check_the_console_home(make_context, server, needs, locale):
    """An operator (made with the CLI on the run's server) on the console's home (the dashboard)."""
    needs("catalog")
    if not DATA_DIR:
        pytest.skip("the operator is made with the CLI on the tests' own server")
    name = unique_name("op")
    out = subprocess.run([str(BIN), "users", "add", name, "--email", f"{name}@example.test", "--password",
                          OPERATOR_PASSWORD, "--role", "operator", "--data", DATA_DIR[0]],
                         capture_output=True, text=True, timeout=120,
                         env=dict(os.environ, SOTUBE_BCRYPT_COST="4"))  # as the run's server hashes
    assert "created user" in out.stdout, out.stdout + out.stderr
    page = make_context(locale=locale).new_page()
    page.goto(server + "/#/login")
    page.locator("#main input[autocomplete=username]").fill(name)
    page.locator("#main input[type=password]").first.fill(OPERATOR_PASSWORD)
    page.locator("#main form button[type=submit]").click()
    expect(page.locator("#tabs a[href=\"#/console\"]")).to_be_visible()
    page.goto(server + "/#/console")
    expect(page.locator("#main h1").first).to_be_visible()
    expect(page.locator("#main [aria-busy=true]")).to_have_count(0)
    page.wait_for_function("() => !window.Chart || document.querySelectorAll('.console-chart canvas').length > 0")
    assert_none(violations(page, "#/console"))


@PAIRED
def test_a_guests_screens_have_no_axe_violations(make_context, server, needs, console, locale):
    check_a_guests_screens(make_context, server, needs, console, locale)


@PAIRED
def test_a_buyers_screens_have_no_axe_violations(make_context, server, needs, locale):
    check_a_buyers_screens(make_context, server, needs, locale)


@PAIRED
def test_the_console_home_has_no_axe_violations(make_context, server, needs, locale):
    check_the_console_home(make_context, server, needs, locale)
