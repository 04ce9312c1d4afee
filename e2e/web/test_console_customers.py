"""The console's customer-data and store-home flows in the browser (a phone, a fresh server on the seed of
console_support.py):

- test_customer_data_and_the_store_home (a phone, a fresh server): "Show older entries" in the audit log
  asks for the entries after the last one shown (by its id) and shows every entry once, in order; a gift-
  code batch minted with the CLI is listed; a search's answer arriving after a newer search's leaves the
  newer list shown; a buyer's data export (after confirming the password)
  downloads JSON whose `users` table holds that buyer and no password hash; erasing the buyer (with a
  reason) leaves "Deleted account", locked, with its purchases, the buyer's token gets 401 and `sotube
  ledger verify` still says "ledger exact"; reordering the featured playlists and moods by keyboard and
  saving changes the order the store home shows."""
import json
import re
import urllib.error
import urllib.parse
import urllib.request

import pytest
from playwright.sync_api import expect

from webhelpers import log_in

from console_support import (
    PASSWORD, OPERATOR, cli, Buyer, catalog, make_operator, no_stray_words, calm, reauthenticate,
    operator_api, open_console, featured_on_the_store_home)
from console_support import seed, store, browse  # noqa: F401  (fixtures, used by name)


@pytest.mark.viewports("phone-390x844")
def test_customer_data_and_the_store_home(store, browse, shot):
    base = store.base
    dan = Buyer(base, "dan")
    cli(store.data, "coins", "grant", dan.name, "100", "--reason", "Welcome to the store")
    tracks, _ = catalog(base)
    dan.buy(track=tracks["Elm Park"]["id"])
    cli(store.data, "codes", "mint", "--coins", "5", "--count", "2", "--label", "From the shell")
    make_operator(store)
    admin = operator_api(store)
    # More audit entries than the console's page of 50: the home arranged as it is, 55 times.
    home = admin("GET", "/curation")
    same = {"featured": [p["id"] for p in home["playlists"] if p["featured"]], "moods": [m["id"] for m in home["moods"]]}
    for _ in range(55):
        admin("PUT", "/curation", same)
    log = admin("GET", "/audit?limit=500")["entries"]
    assert 50 < len(log) < 100, len(log)

    page = browse()
    log_in(page, base, OPERATOR, PASSWORD)

    # The audit log's next page starts after the last entry shown (by its id): none skipped or twice.
    open_console(page, base, "audit")
    rows = page.locator(".audit-table tbody tr")
    expect(rows).to_have_count(50)
    last = rows.nth(49).get_attribute("data-entry-id")
    with page.expect_request(lambda r: "/api/v1/admin/audit?" in r.url and "before=" in r.url) as older:
        page.get_by_role("button", name="Show older entries").click()
    assert urllib.parse.parse_qs(urllib.parse.urlparse(older.value.url).query)["before"] == [last]
    expect(rows).to_have_count(len(log))
    shown = page.locator(".audit-table tbody tr").evaluate_all("(rows) => rows.map((r) => r.dataset.entryId)")
    assert shown == [e["id"] for e in log]
    expect(page.locator("#audit-older")).to_have_count(0)

    # The CLI's codes are a batch the console lists.
    open_console(page, base, "codes")
    expect(page.locator(".batch-table tbody tr").filter(has_text="From the shell")).to_contain_text("cli:")

    # A search typed while the one before is still on its way: the older answer, arriving last, leaves
    # the newer list as it is (it emptied it: the console's catalog lost a row that way).
    open_console(page, base, "customers")
    held = []
    page.route(re.compile(r"/api/v1/admin/users\?.*q=nobody-here"), lambda route: held.append(route))
    search = page.get_by_role("search").get_by_label("Search customers")
    search.fill("nobody-here")
    search.press("Enter")
    for _ in range(200):
        if held:
            break
        page.wait_for_timeout(50)
    assert len(held) == 1
    search.fill(dan.name)
    search.press("Enter")
    found = page.locator(f'.customer-table tbody tr[data-user-id="{dan.id}"]')
    expect(found).to_be_visible()
    with page.expect_response(lambda r: "q=nobody-here" in r.url) as late:
        held[0].continue_()
    assert late.value.ok
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 100)))")
    expect(found).to_be_visible()
    expect(page.locator("#customer-results")).not_to_contain_text("nobody-here")
    expect(page.locator("#customer-results")).not_to_have_attribute("aria-busy", "true")

    # A customer's data: the export (after confirming the password) holds the buyer, and no hash.
    page.goto(f"{base}/#/console/customers/{dan.id}")
    expect(page.get_by_role("heading", name=dan.name, level=1)).to_be_visible()
    asked = []
    page.route(re.compile(r"/api/v1/admin/users/[^/]+/export$"), reauthenticate(asked), times=1)
    browse.console.allow(r"status of 403")  # that made-up answer
    with page.expect_download() as download:
        page.get_by_role("button", name="Export data").click()
        confirm = page.locator("dialog.dialog-reauth")
        confirm.get_by_label("Password").fill(PASSWORD)
        confirm.get_by_label("Password").press("Enter")
    assert len(asked) == 1
    assert download.value.suggested_filename.endswith(".json"), download.value.suggested_filename
    exported = json.loads(download.value.path().read_text(encoding="utf-8"))
    assert [(u["id"], u["username"]) for u in exported["users"]] == [(dan.id, dan.name)], exported["users"]
    assert len(exported["purchases"]) == 1, exported["purchases"]
    assert not [k for rows in exported.values() for row in rows for k in row if "hash" in k or "secret" in k]
    assert "password_hash" not in download.value.path().read_text(encoding="utf-8")

    # Erasing: the dialog says what goes and what stays and wants a reason; the account is left
    # locked as "Deleted account" with its purchase; its session ends; the ledger stays exact.
    page.get_by_role("button", name="Erase account").click()
    erase = page.locator("dialog.dialog-erase")
    expect(erase.get_by_role("heading", name=f"Erase the account {dan.name}?")).to_be_visible()
    expect(erase.locator(".erase-goes")).to_contain_text("Listening history")
    expect(erase.locator(".erase-stays")).to_contain_text("Purchases")
    erase.get_by_role("button", name="Erase for good").click()
    expect(erase.locator(".field[data-field=reason] .field-error")).to_have_text("Say why.")
    erase.get_by_label("Reason").fill("Asked by email")
    shot(page, "97-console-erase")
    assert dan.get("/api/v1/me")[0] == 200
    erase.get_by_role("button", name="Erase for good").click()
    expect(erase).to_have_count(0)
    expect(page.locator("#user-erased")).to_be_focused()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"deleted-{dan.id}")
    expect(page.locator(".console-user .lead")).to_have_text(f"Deleted account · deleted-{dan.id}@deleted.invalid")
    expect(page.locator("#user-locked")).to_have_text("Locked")
    expect(page.locator("#user-purchases tbody tr")).to_have_count(1)
    expect(page.locator("#user-erase")).to_have_count(0)
    assert dan.get("/api/v1/me")[0] == 401
    assert "ledger exact" in cli(store.data, "ledger", "verify").stdout
    no_stray_words(page)
    calm(page)
    shot(page, "98-console-erased")

    # The store home, by keyboard: "Night Volume" up to the top, "Evening Volume" out, "Road Trip" in,
    # "Bright" before "Calm"; saved, the console shows the server's answer and the store home that order.
    featured_on_the_store_home(base, ["Morning Volume", "Evening Volume", "Night Volume"], ["Calm", "Bright"])
    open_console(page, base, "home")
    titles = page.locator("#curation-featured .console-item-title")
    expect(titles).to_have_text(["Morning Volume", "Evening Volume", "Night Volume"])
    expect(page.locator("#curation-others .console-item-title")).to_have_text(["Bright", "Calm", "Road Trip"])
    expect(page.get_by_role("button", name="Save", exact=True)).to_be_disabled()
    up = page.get_by_role("button", name="Move up: Night Volume")
    up.focus()
    page.keyboard.press("Enter")
    expect(up).to_be_focused()
    page.keyboard.press("Enter")
    expect(titles).to_have_text(["Night Volume", "Morning Volume", "Evening Volume"])
    expect(page.get_by_role("button", name="Move down: Night Volume")).to_be_focused()  # "up" is at the top
    page.get_by_role("button", name="Remove from featured: Evening Volume").focus()
    page.keyboard.press("Enter")
    page.get_by_role("button", name="Add to featured: Road Trip").focus()
    page.keyboard.press("Enter")
    page.get_by_role("button", name="Move up: Bright").focus()
    page.keyboard.press("Enter")
    expect(titles).to_have_text(["Night Volume", "Morning Volume", "Road Trip"])
    expect(page.locator("#curation-moods .console-item-title")).to_have_text(["Bright", "Calm"])
    expect(page.locator("#curation-status")).to_have_text("Unsaved changes.")
    shot(page, "99-console-store-home")
    with page.expect_response(lambda r: r.url.endswith("/api/v1/admin/curation") and r.request.method == "PUT") as put:
        page.get_by_role("button", name="Save", exact=True).click()
    assert put.value.status == 200
    assert put.value.request.post_data_json["featured"] == [p["id"] for name in ("Night Volume", "Morning Volume", "Road Trip")
                                                            for p in home["playlists"] if p["name"] == name]
    expect(page.locator("#curation-status")).to_contain_text("Saved")
    expect(titles).to_have_text(["Night Volume", "Morning Volume", "Road Trip"])
    expect(page.locator("#curation-moods .console-item-title")).to_have_text(["Bright", "Calm"])
    expect(page.locator("#curation-others .console-item-title")).to_have_text(["Bright", "Calm", "Evening Volume"])
    featured_on_the_store_home(base, ["Night Volume", "Morning Volume", "Road Trip"], ["Bright", "Calm"])
    # A fresh load: the page's own preload of the home data (made when the console opened, before the
    # save) would answer the first store screen of this document with the order it had then.
    page.goto(f"{base}/#/store")
    page.reload()
    expect(page.get_by_role("region", name="Featured playlists").locator(".card-title")).to_have_text(
        ["Night Volume", "Morning Volume", "Road Trip"])
    expect(page.get_by_role("region", name="Moods").locator(".card-title")).to_have_text(["Bright", "Calm"])


# ---- every screen at every size ----------------------------------------------------------------
