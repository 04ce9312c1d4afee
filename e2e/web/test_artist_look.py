"""Every screen of the artist area at the four sizes, in English and Russian (issue 31), on a fresh
server where "Console Band" sells through an invited account with a sale, a payout, a draft with a
file and a discount code: no stray text, no sideways scrolling, a screenshot of each. Also the
invitation screen a new artist opens."""
import json
import re
import urllib.request

from playwright.sync_api import expect

from conftest import ALL_SIZES
from webhelpers import log_in

from console_support import PASSWORD, Buyer, call, cli, make_operator, no_stray_words, operator_api
from console_support import seed, store, browse  # noqa: F401  (fixtures, used by name)

SIDEWAYS = "() => document.scrollingElement.scrollWidth <= innerWidth + 1"


def invited(store, admin, name):
    invite = admin("POST", "/invites", {"email": f"{name}@example.test", "role": "artist", "label": None,
                                        "artists": ["Console Band"]})
    return invite["link"].split("#/invite/")[1]


def patch_chunk(base, token, upload, data):
    request = urllib.request.Request(
        f"{base}/api/v1/artist/uploads/{upload}", data=data, method="PATCH",
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/offset+octet-stream",
                 "Upload-Offset": "0"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


@ALL_SIZES
def test_every_artist_screen(store, browse, shot, viewport):
    base = store.base
    make_operator(store)
    admin = operator_api(store)
    name = "lookband"

    # The invitation screen, as the new artist first sees it; then the account it makes.
    token = invited(store, admin, name)
    page = browse()
    page.goto(f"{base}/#/invite/{token}")
    expect(page.get_by_role("button", name="Create artist account")).to_be_visible()
    no_stray_words(page)
    assert page.evaluate(SIDEWAYS)
    shot(page, "screen-artist-invite")
    status, session = call(base, "POST", f"/api/v1/invites/{token}", {"username": name, "password": PASSWORD})
    assert status == 201, session
    seller = session["token"]

    # Something to show: a sale, a payout, a draft with a file, a discount code.
    fan = Buyer(base, "lookfan")
    cli(store.data, "coins", "grant", fan.name, "50", "--reason", "Welcome")
    status, releases = call(base, "GET", "/api/v1/artist/releases", token=seller)
    second = next(r for r in releases["releases"] if r["title"] == "Second Album")
    fan.buy(track=second["tracks"][0]["id"])
    user_id = call(base, "GET", "/api/v1/me", token=seller)[1]["id"]
    admin("POST", f"/artists/{user_id}/payouts", {"coins": 1, "paidOn": None, "reference": "SEPA look"})
    artist_id = call(base, "GET", "/api/v1/artist/overview", token=seller)[1]["artists"][0]["id"]
    status, draft = call(base, "POST", "/api/v1/artist/drafts", {"artistId": artist_id, "title": "Night Drafts"},
                         token=seller)
    assert status == 201, draft
    status, upload = call(base, "POST", f"/api/v1/artist/drafts/{draft['id']}/uploads",
                          {"fileName": "cover-notes.txt", "size": 12, "kind": "cover"}, token=seller)
    assert status == 201, upload
    patch_chunk(base, seller, upload["id"], b"not a photo!")
    status, code = call(base, "POST", "/api/v1/artist/discounts",
                        {"code": "LOOK-15", "percent": 15, "albumId": None, "expiresOn": None, "maxUses": 10},
                        token=seller)
    assert status == 201, code

    screens = [("", "overview", "#recent-sales"), ("releases", "releases", "li.release"),
               ("upload", "upload", "#new-release-form"), (f"upload/{draft['id']}", "draft", "#draft-audio-input"),
               ("statements", "statements", "#statement-lines"), ("discounts", "discounts", "main form")]
    page = browse()
    log_in(page, base, name, PASSWORD)
    for language in ("en", "ru"):
        if language == "ru":
            page.goto(f"{base}/#/account")
            page.get_by_label("Language").select_option("ru")
            expect(page.get_by_role("navigation", name="Главное меню")).to_be_visible()
        for route, label, ready in screens:
            page.goto(f"{base}/#/artist{'/' + route if route else ''}")
            expect(page.locator(ready).first).to_be_attached()
            expect(page.locator("#main .spinner")).to_have_count(0)
            no_stray_words(page)
            assert page.evaluate(SIDEWAYS), f"{label} scrolls sideways at {viewport} ({language})"
            shot(page, f"screen-artist-{label}{'' if language == 'en' else '-ru'}")
    dark = browse(color_scheme="dark")
    log_in(dark, base, name, PASSWORD)
    dark.goto(f"{base}/#/artist/releases")
    expect(dark.locator("li.release").first).to_be_visible()
    shot(dark, "screen-artist-releases-dark")
