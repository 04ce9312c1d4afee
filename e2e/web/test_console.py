"""The operator's console (docs/console.md) in the browser, on its own server (no demo catalog): six
short generated songs on two albums and one damaged file whose media jobs fail; coins sold through the
sandbox provider, a gift code and a grant from the CLI; songs and an album bought through the API. So
every figure on the dashboard is one this test made, and it checks them against the buyers' ledgers.

- test_operator_runs_the_store (1440×900, a fresh server): an operator made with the
  CLI signs in; the dashboard's totals equal the ledgers' (and the Coins CSV sums to them); a song's
  price changed in the console is the store's and what a buyer is charged; a withdrawn song says "No
  longer on sale"; renaming the artist to a name another artist has is refused at the field (409), a
  new name shows on all their songs and on the store's album and artist pages; a text file as an
  album's artwork is refused (415), a PNG becomes the JPEG the store serves for the album; coins granted with a reason (after confirming the password: the server's first
  answer is made a 403 reauthenticate) move the buyer's balance; a locked buyer's session gets 401; a
  gift-code batch's codes show once and its CSV has a line per code; a failed media job is retried;
  the audit log lists every action. A buyer opening #/console sees a refusal, not the console.
- test_every_console_screen (all four sizes): each screen in English and Russian, the dashboard, the
  catalog and the store home in dark mode too (e2e/screenshots/<viewport>/screen-console-*.png).

The seed has playlists and moods (written into its database before any server starts: the generated
songs make no playlists): three featured volumes, one that is not featured, two mood playlists and
their moods; and an artist without songs, "Other Band" (a name that is taken)."""
import re
import time
import urllib.error

import pytest
from playwright.sync_api import expect

from conftest import ALL_SIZES
from webhelpers import log_in

from console_support import (
    PASSWORD, OPERATOR, ffmpeg, OTHER_ARTIST, call, expected_totals, script_sales, make_operator,
    album_served, artwork, centre_colour, served, no_stray_words, CHARTS_DRAWN, calm, figure, reauthenticate,
    open_console)
from console_support import seed, store, browse, look_store  # noqa: F401  (fixtures, used by name)


@pytest.mark.viewports("desktop-1440x900")  # one: forms and figures; each screen's look at four sizes below
def test_operator_runs_the_store(store, browse, shot):
    base = store.base
    buyers, tracks, albums = script_sales(store, tag="")
    ann, ben, cat = buyers
    make_operator(store)
    totals = expected_totals(buyers, accounts=4)  # the three buyers and the operator joined today

    page = browse()
    log_in(page, base, OPERATOR, PASSWORD)
    nav = page.get_by_role("navigation", name="Main")
    expect(nav.get_by_role("link", name="Console")).to_be_visible()
    nav.get_by_role("link", name="Console").click()

    # Dashboard: the last 30 days by day; the totals are the ledgers'.
    expect(page.get_by_role("heading", name="Dashboard", level=1)).to_be_visible()
    expect(page.locator("#console-two-factor")).to_contain_text("two-step sign-in")
    expect(page.locator("#dash-totals")).to_be_visible()
    for name in ("coinsSold", "coinsSpentOnSongs", "coinsSpentOnAlbums", "coinsGranted", "coinsFromCodes",
                 "coinsRefunded", "purchases", "newBuyers"):
        assert figure(page, name) == totals[name], (name, figure(page, name), totals)
    assert totals["money"] and totals["coinsSold"] > 0, totals
    for currency, amount in totals["money"].items():
        assert int(page.locator(f"#dash-total-money-{currency}").get_attribute("data-value")) == amount
    # Chart.js drew the three charts; each has its table and its CSV.
    expect(page.locator(".console-chart canvas")).to_have_count(3)
    page.wait_for_function(CHARTS_DRAWN)
    expect(page.locator("#top-songs tbody tr").first).to_contain_text("Amber Road")
    no_stray_words(page)
    shot(page, "90-console-dashboard")
    with page.expect_download() as download:
        page.locator("#chart-coins").get_by_role("button", name=re.compile("Download CSV")).click()
    rows = download.value.path().read_text(encoding="utf-8-sig").strip().splitlines()
    header = rows[0].split(",")
    assert header[:2] == ["Period start", "Coins sold"], header
    assert sum(int(r.split(",")[1]) for r in rows[1:]) == totals["coinsSold"]
    assert len(rows) == 31, len(rows)  # a row per day of the 30

    # Catalog: a new price is the store's, and what a buyer pays.
    song = tracks["Dune Sea"]
    new_price = song["price"] + 3
    open_console(page, base, "catalog")
    search = page.get_by_role("search").get_by_label("Search songs")
    search.fill("Dune")
    search.press("Enter")
    row = page.locator(f'.console-item[data-track-id="{song["id"]}"]')
    expect(page.locator(".console-item")).to_have_count(1)
    row.get_by_role("button", name="Edit “Dune Sea”").click()
    edit = page.locator("dialog.console-dialog")
    expect(edit.get_by_label("Title")).to_have_value("Dune Sea")
    edit.get_by_label("Price").fill(str(new_price))
    shot(page, "91-console-edit-song")
    edit.get_by_role("button", name="Save").click()
    expect(edit).to_have_count(0)
    expect(row.locator(".track-price")).to_have_text(f"{new_price} coins")
    served(base, song["id"], lambda t: t["price"] == new_price)
    page.goto(f"{base}/#/song/{song['id']}")
    expect(page.locator(".btn-buy .price").first).to_have_text(str(new_price))
    before = ben.coins()
    ben.buy(track=song["id"], expected=new_price)
    assert ben.coins() == before - new_price
    assert ben.history()[0]["coins"] == -new_price

    # Withdraw a song: the store says it is no longer on sale.
    gone = tracks["Fir Gate"]
    open_console(page, base, "catalog")
    page.get_by_role("search").get_by_label("Search songs").fill("Fir")
    row = page.locator(f'.console-item[data-track-id="{gone["id"]}"]')
    row.get_by_role("button", name="Withdraw “Fir Gate”").click()
    page.locator("dialog.console-dialog").get_by_role("button", name="Withdraw").click()
    expect(row.get_by_text("Withdrawn")).to_be_visible()
    expect(row.get_by_role("button", name="Restore “Fir Gate”")).to_be_visible()
    served(base, gone["id"], lambda t: t.get("withdrawn") is True)
    page.goto(f"{base}/#/song/{gone['id']}")
    expect(page.get_by_text("No longer on sale").first).to_be_visible()

    # Rename the artist, by keyboard: a name another artist has is refused at the field (the server's
    # 409); a new one shows on every song of theirs (the search for the old name looks for the new
    # one), and on the store's album and artist pages.
    browse.console.allow(r"status of 409")
    open_console(page, base, "catalog")
    search = page.get_by_role("search").get_by_label("Search songs")
    search.fill("Console")
    search.press("Enter")
    row = page.locator(f'.console-item[data-track-id="{song["id"]}"]')
    expect(row).to_be_visible()
    songs = page.locator(".console-item").count()
    row.get_by_role("button", name="Rename the artist “Console Band”").click()
    rename = page.locator("dialog.console-dialog")
    name = rename.get_by_label("Artist name")
    expect(name).to_be_focused()
    expect(name).to_have_value("Console Band")
    name.fill(OTHER_ARTIST)
    name.press("Enter")
    expect(rename.locator(".field[data-field=name] .field-error")).to_contain_text(OTHER_ARTIST)
    expect(name).to_be_focused()
    calm(page)
    shot(page, "91a-console-rename-artist")
    name.fill("Harbour")
    name.press("Enter")
    expect(rename).to_have_count(0)
    expect(search).to_have_value("Harbour")
    expect(page.locator(".console-item .track-artist")).to_have_text(["Harbour"] * songs)
    expect(row.get_by_role("button", name="Rename the artist “Harbour”")).to_be_focused()
    shown = album_served(base, albums["Console Album"], lambda a: a["artistName"] == "Harbour")
    status, artist = call(base, "GET", f"/api/v1/artists/{shown['artistId']}")
    assert status == 200 and artist["artist"]["name"] == "Harbour", artist
    assert {a["artistName"] for a in artist["albums"]} == {"Harbour"}, artist["albums"]

    # The album's artwork: a text file is refused (415), a red PNG becomes the JPEG the store serves.
    browse.console.allow(r"status of 415")
    uploads = store.data / "uploads"
    uploads.mkdir(exist_ok=True)
    (uploads / "notes.txt").write_text("Not a picture at all.\n")
    ffmpeg("-f", "lavfi", "-i", "color=c=red:s=400x400", "-frames:v", "1", str(uploads / "red.png"))
    album_id = albums["Console Album"]
    _, _, before = artwork(base, album_id)
    row.get_by_role("button", name="Change the artwork of “Console Album”").click()
    art = page.locator("dialog.dialog-artwork")
    expect(art.get_by_role("heading", name="Artwork of “Console Album”")).to_be_visible()
    expect(art.locator("#artwork-now")).to_contain_text("Now")
    picture = art.get_by_label("Picture file")
    expect(picture).to_have_attribute("accept", "image/jpeg,image/png,image/webp")
    picture.set_input_files(str(uploads / "notes.txt"))
    art.get_by_role("button", name="Upload").click()
    expect(art.locator(".field[data-field=artwork] .field-error")).to_contain_text(re.compile(r"not a picture .*read"))
    picture.set_input_files(str(uploads / "red.png"))
    with page.expect_response(lambda r: r.url.endswith(f"/admin/albums/{album_id}/artwork")) as put:
        art.get_by_role("button", name="Upload").click()
    assert put.value.status == 200
    new = art.locator("#artwork-new img")  # the answer's artworkUrl, asked for afresh
    expect(new).to_have_attribute("src", re.compile(rf"^/api/v1/albums/{album_id}/artwork\?size=\d+&v=\d+$"))
    expect(art.locator("#artwork-status")).to_have_text("The store shows the new artwork of “Console Album” now.")
    expect(art.locator(".field-error:visible")).to_have_count(0)
    page.wait_for_function("(img) => img.complete && img.naturalWidth > 0", arg=new.element_handle())
    expect(art.get_by_role("button", name="Close")).to_be_focused()
    calm(page)
    shot(page, "91b-console-album-artwork")
    page.keyboard.press("Enter")
    expect(art).to_have_count(0)
    expect(row.get_by_role("button", name="Change the artwork of “Console Album”")).to_be_focused()
    deadline = time.time() + 10
    while (served_art := artwork(base, album_id))[2] == before:
        assert time.time() < deadline, "the store still serves the old artwork"
        time.sleep(0.1)
    status, kind, after = served_art
    assert status == 200 and kind == "image/jpeg" and after[:3] == b"\xff\xd8\xff", (status, kind, after[:16])
    colour = centre_colour(after)
    assert colour is None or (colour[0] > 200 and colour[1] < 60 and colour[2] < 60), colour

    # Customers: grant coins with a reason. The server's first answer asks for the password (as it does
    # 15 minutes after signing in): the console asks for it, confirms it and sends the grant again.
    open_console(page, base, "customers")
    page.get_by_role("search").get_by_label("Search customers").fill(ann.name)
    page.locator(f'tr[data-user-id="{ann.id}"]').get_by_role("link", name=ann.name).click()
    expect(page.get_by_role("heading", name=ann.name, level=1)).to_be_visible()
    expect(page.locator("#user-balance")).to_have_attribute("data-value", str(ann.coins()))
    asked = []
    page.route(re.compile(r"/api/v1/admin/users/[^/]+/coins$"), reauthenticate(asked), times=1)
    browse.console.allow(r"status of 403")  # that made-up answer
    browse.console.allow(r"status of 422")  # the wrong password below
    balance = ann.coins()
    form = page.locator("#coins-form")
    form.get_by_label("Number of coins").fill("25")
    form.get_by_role("button", name="Apply").click()
    expect(form.locator(".field[data-field=reason] .field-error")).to_have_text("Say why.")
    form.get_by_label("Reason").fill("Refund for a broken download")
    form.get_by_role("button", name="Apply").click()
    confirm = page.locator("dialog.dialog-reauth")
    expect(confirm.get_by_role("heading", name="Confirm your password")).to_be_visible()
    expect(confirm.get_by_label("Password")).to_be_focused()
    confirm.get_by_label("Password").fill("not my password")
    confirm.get_by_role("button", name="Confirm and go on").click()
    expect(confirm.locator(".field[data-field=password] .field-error")).to_have_text("The password is wrong.")
    shot(page, "92-console-confirm-password")
    confirm.get_by_label("Password").fill(PASSWORD)
    confirm.get_by_label("Password").press("Enter")
    expect(confirm).to_have_count(0)
    expect(page.locator(".toast").last).to_contain_text(f"Granted 25 coins to {ann.name}")
    assert len(asked) == 1
    assert ann.coins() == balance + 25
    expect(page.locator("#user-balance")).to_have_attribute("data-value", str(balance + 25))
    expect(page.locator("#user-ledger tbody tr").first).to_contain_text("Refund for a broken download")

    # Lock a buyer: the session that buyer has gets 401 from then on.
    assert ben.get("/api/v1/me")[0] == 200
    page.goto(f"{base}/#/console/customers/{ben.id}")
    expect(page.get_by_role("heading", name=ben.name, level=1)).to_be_visible()
    page.get_by_role("button", name="Lock account").click()
    page.locator("dialog.console-dialog").get_by_role("button", name="Lock account").click()
    expect(page.locator("#user-locked")).to_have_text("Locked")
    expect(page.get_by_role("button", name="Unlock account")).to_be_visible()
    assert ben.get("/api/v1/me")[0] == 401
    no_stray_words(page)
    calm(page)
    shot(page, "93-console-customer")

    # Gift codes: a batch's codes show once, and its CSV has a line per code; a redeemed one counts.
    open_console(page, base, "codes")
    form = page.locator("#codes-form")
    form.get_by_label("Coins per code").fill("40")
    form.get_by_label("Number of codes").fill("3")
    form.get_by_label("Label (optional)").fill("Console fair")
    form.get_by_role("button", name="Make codes").click()
    made = page.locator("#codes-made")
    expect(made.locator("li code")).to_have_count(3)
    codes = [c.strip() for c in made.locator("li code").all_inner_texts()]
    shot(page, "94-console-codes-made")
    with page.expect_download() as download:
        made.get_by_role("link", name=re.compile("Download the codes of Console fair")).click()
    lines = download.value.path().read_text(encoding="utf-8-sig").strip().splitlines()
    assert len(lines) == 1 + 3, lines
    assert all(any(code in line for line in lines) for code in codes), (codes, lines)
    cat.redeem(codes[0])
    page.reload()
    batch = page.locator(".batch-table tbody tr").filter(has_text="Console fair")
    expect(batch.locator("td.redeemed")).to_have_text("1")
    expect(page.locator("#codes-made")).to_have_count(0)  # shown once

    # Media jobs: the damaged file's jobs failed with a reason; Retry queues one again.
    open_console(page, base, "jobs")
    failed = int(page.locator("#jobs-failed").get_attribute("data-value"))
    assert failed >= 1, "the damaged file's jobs failed"
    job = page.locator("#failed-jobs li").first
    expect(job.locator(".console-error")).not_to_be_empty()
    job_id = job.get_attribute("data-job-id")
    job.get_by_role("button", name=re.compile("^Retry")).click()
    expect(page.locator(f'[data-job-id="{job_id}"]')).to_have_count(0)
    expect(page.locator("#jobs-failed")).to_have_attribute("data-value", str(failed - 1))
    expect(page.locator("#jobs-queued")).to_have_attribute("data-value", "1")

    # The audit log lists each action, newest first, and exports as CSV.
    open_console(page, base, "audit")
    for action in ("track.edit", "artist.edit", "album.artwork", "coins.grant", "user.lock", "codes.batch", "job.retry",
                   "user.role"):
        expect(page.locator(f'tr[data-action="{action}"]').first).to_be_visible()
    grant = page.locator('tr[data-action="coins.grant"]').filter(has_text="Refund for a broken download")
    expect(grant).to_contain_text(OPERATOR)
    expect(page.locator("tbody tr").first).to_have_attribute("data-action", "job.retry")
    expect(page.locator('tr[data-action="track.edit"]')).to_have_count(2)  # the price, the withdrawal
    expect(page.locator('tr[data-action="artist.edit"]')).to_have_count(1)  # the refused name is not logged
    expect(page.locator('tr[data-action="artist.edit"] .audit-action')).to_have_text("Artist renamed")
    expect(page.locator('tr[data-action="artist.edit"]')).to_contain_text("Harbour")
    expect(page.locator('tr[data-action="album.artwork"]')).to_have_count(1)  # the text file is not logged
    expect(page.locator('tr[data-action="album.artwork"] .audit-action')).to_have_text("Album artwork changed")
    with page.expect_download() as download:
        page.get_by_role("link", name="Export CSV").click()
    assert "coins.grant" in download.value.path().read_text(encoding="utf-8-sig")
    no_stray_words(page)
    calm(page)
    shot(page, "95-console-audit")

    # A buyer who opens the console is refused (and has no Console tab).
    buyer_page = browse()
    log_in(buyer_page, base, cat.name, PASSWORD)
    expect(buyer_page.get_by_role("navigation", name="Main").get_by_role("link", name="Console")).to_have_count(0)
    buyer_page.goto(f"{base}/#/console")
    expect(buyer_page.locator("#console-forbidden")).to_contain_text("for the store’s operators")
    expect(buyer_page.locator(".console-nav")).to_have_count(0)
    shot(buyer_page, "96-console-forbidden")


@ALL_SIZES
def test_every_console_screen(look_store, browse, shot):
    base = look_store.base
    screens = [("", "dashboard", "#dash-totals"), ("catalog", "catalog", ".console-item"),
               ("home", "home", "#curation-featured"), ("customers", "customers", ".customer-table"),
               (f"customers/{look_store.user.id}", "customer", "#user-ledger"), ("codes", "codes", ".batch-table"),
               ("jobs", "jobs", "#jobs"), ("audit", "audit", ".audit-table")]
    page = browse()
    log_in(page, base, OPERATOR, PASSWORD)
    for language in ("en", "ru"):
        if language == "ru":
            page.get_by_label("Language").select_option("ru")
            main_nav = page.get_by_role("navigation", name="Главное меню")
            expect(main_nav.get_by_role("link", name="Консоль")).to_be_visible()
        for route, name, ready in screens:
            open_console(page, base, route)
            expect(page.locator(ready).first).to_be_visible()
            if name == "dashboard":
                page.wait_for_function(CHARTS_DRAWN)
            no_stray_words(page)
            shot(page, f"screen-console-{name}{'' if language == 'en' else '-ru'}")
    dark = browse(color_scheme="dark")
    log_in(dark, base, OPERATOR, PASSWORD)
    for route, name, ready in screens[:3]:
        open_console(dark, base, route)
        expect(dark.locator(ready).first).to_be_visible()
        shot(dark, f"screen-console-{name}-dark")
