"""A song whose file left the store's music folder (`sotube import --watch`) in the browser: its row says
"No longer on sale" instead of a Buy button; the album's other songs and the album stay on sale, at a
price that is asked again when it changed after the page showed it."""
import os
import sqlite3
import subprocess
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from conftest import DATA_DIR, ONE_SIZE, ROOT
from webhelpers import coins_shown, register


def set_withdrawn(track_id, withdrawn):
    if not DATA_DIR:
        pytest.skip("the song is withdrawn in the server's database: only when the tests start the server")
    with sqlite3.connect(str(Path(DATA_DIR[0]) / "sotube.sqlite"), timeout=30) as db:
        db.execute("UPDATE tracks SET withdrawn_at = ? WHERE id = ?",
                   (int(time.time() * 1000) if withdrawn else None, track_id))


def wait_until_served(page, server, album_id, track_id, withdrawn):
    """Each server reads catalog changes at most every 250 ms (its catalog version row): until then it
    may answer from its cached album."""
    deadline = time.time() + 10
    while True:
        tracks = page.request.get(server + f"/api/v1/albums/{album_id}").json()["tracks"]
        if any(t["id"] == track_id and bool(t.get("withdrawn")) == withdrawn for t in tracks):
            return
        assert time.time() < deadline, "the server never served the change"
        time.sleep(0.1)


@ONE_SIZE
def test_a_withdrawn_song_has_no_buy_button(page, server, needs):
    needs("catalog")
    home = page.request.get(server + "/api/v1/store/home").json()
    # An album no other browser test opens (they may run at the same time, in another worker).
    album = page.request.get(server + f"/api/v1/albums/{home['newReleases'][-2]['id']}").json()
    first, second = album["tracks"][0], album["tracks"][1]
    set_withdrawn(first["id"], True)
    try:
        wait_until_served(page, server, album["album"]["id"], first["id"], True)
        page.goto(server + f"/#/album/{album['album']['id']}")
        rows = page.locator(".track-row")
        withdrawn_row = rows.filter(has=page.get_by_role("link", name=first["title"], exact=True))
        expect(withdrawn_row.get_by_text("No longer on sale")).to_be_visible()
        expect(withdrawn_row.get_by_role("button", name="Buy")).to_have_count(0)
        other_row = rows.filter(has=page.get_by_role("link", name=second["title"], exact=True))
        expect(other_row.get_by_role("button", name="Buy")).to_be_visible()
        expect(page.locator(".album-buy").get_by_role("button", name="Buy album")).to_be_visible()
    finally:
        set_withdrawn(first["id"], False)
        wait_until_served(page, server, album["album"]["id"], first["id"], False)


@ONE_SIZE
def test_a_price_that_changed_after_it_was_shown_is_asked_again(page, server, needs, console):
    """Issue 28: the album page showed one price, a song was withdrawn meanwhile; Confirm charges nothing,
    says the new price and asks again; the second Confirm charges the new price."""
    needs("catalog", "commerce", "media")
    console.allow(r"status of 409")  # the price-changed answer is part of this story
    username, _ = register(page, server)
    binary = os.environ.get("SOTUBE_BIN", str(ROOT / ".build" / "debug" / "sotube"))
    subprocess.run([binary, "coins", "grant", username, "1000", "--data", DATA_DIR[0]], check=True,
                   capture_output=True, timeout=120)
    home = page.request.get(server + "/api/v1/store/home").json()
    # An album nobody has bought in this test run, whose songs are all on sale (and that no other
    # browser test opens: they may run at the same time, in another worker).
    album = page.request.get(server + f"/api/v1/albums/{home['newReleases'][-1]['id']}").json()
    album_id, victim = album["album"]["id"], album["tracks"][-1]
    page.goto(server + f"/#/album/{album_id}")
    page.reload()  # the coins granted from the CLI
    before = album["priceForCaller"]
    buy = page.locator(".album-buy").get_by_role("button", name="Buy album")
    expect(buy).to_be_visible()
    set_withdrawn(victim["id"], True)
    try:
        wait_until_served(page, server, album_id, victim["id"], True)
        now = page.request.get(server + f"/api/v1/albums/{album_id}").json()["priceForCaller"]
        assert now < before
        coins = coins_shown(page)
        buy.click()
        first = page.locator("dialog.dialog").filter(has=page.get_by_role("heading", name="Buy this album?"))
        expect(first).to_contain_text(f"{before} coins")
        first.get_by_role("button", name="Confirm").click()
        again = page.locator("dialog.dialog").filter(has=page.get_by_role("heading", name="The price changed"))
        expect(again).to_be_visible(timeout=15000)
        expect(again).to_contain_text(f"{now} coins")
        assert coins_shown(page) == coins, "nothing was charged at the old price"
        again.get_by_role("button", name="Confirm").click()
        expect(again).to_be_hidden(timeout=15000)
        expect(page.locator("#coins")).to_contain_text(str(coins - now))
    finally:
        set_withdrawn(victim["id"], False)
        wait_until_served(page, server, album_id, victim["id"], False)
