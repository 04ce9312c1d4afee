"""Buying with the keyboard and a screen reader (issue 32, item 11): a song row's Buy button says which
song and what it costs ("Buy Glacier, 14 coins", in Russian with the right plural form), and after a
purchase from the player (Confirm in the full player, or the Buy chip of the mini player / player bar)
the focus lands on the player's play button, not on <body>."""
import re

from playwright.sync_api import expect

from conftest import ONE_SIZE
from test_owned_media_in_browser import grant
from webhelpers import register, wait_playing


def first_album(page, server):
    home = page.request.get(server + "/api/v1/store/home").json()
    return page.request.get(server + f"/api/v1/albums/{home['newReleases'][0]['id']}").json()


def russian_coins(n):
    if n % 10 == 1 and n % 100 != 11:
        return f"{n} монета"
    if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14):
        return f"{n} монеты"
    return f"{n} монет"


def on_sale(album):
    return [t for t in album["tracks"] if not t.get("owned") and t.get("ready", True) and not t.get("withdrawn")]


@ONE_SIZE
def test_row_buy_buttons_name_the_song_and_its_price(page, server, needs):
    needs("catalog", "commerce")
    album = first_album(page, server)
    page.goto(server + f"/#/album/{album['album']['id']}")
    tracks = on_sale(album)
    assert tracks
    for track in tracks:
        row = page.locator(f'.track-row[data-track-id="{track["id"]}"]')
        coins = "coin" if track["price"] == 1 else "coins"
        expect(row.get_by_role("button", name=f"Buy {track['title']}, {track['price']} {coins}", exact=True)).to_be_visible()


@ONE_SIZE
def test_row_buy_buttons_in_russian_use_the_plural_form(make_context, server, needs):
    needs("catalog", "commerce")
    page = make_context(locale="ru-RU").new_page()
    album = first_album(page, server)
    page.goto(server + f"/#/album/{album['album']['id']}")
    for track in on_sale(album):
        row = page.locator(f'.track-row[data-track-id="{track["id"]}"]')
        expect(row.get_by_role("button", name=f"Купить «{track['title']}», {russian_coins(track['price'])}",
                               exact=True)).to_be_visible()


def playing_buyer(page, server):
    """A new user with coins, playing the preview of the first new release's first song."""
    username, _ = register(page, server)
    grant(username, 500)
    album = first_album(page, server)
    track = album["tracks"][0]
    page.goto(server + f"/#/album/{album['album']['id']}")
    page.reload()  # the coins granted from the CLI
    page.locator(f'.track-row[data-track-id="{track["id"]}"]').get_by_role("button", name=re.compile("^Play ")).click()
    wait_playing(page)
    return track


def confirm(page):
    dialog = page.locator("dialog.dialog").filter(has=page.get_by_role("heading", name="Buy this song?"))
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Confirm").click()
    expect(dialog).to_have_count(0, timeout=15000)


def focused(page):
    return page.evaluate("""() => { const el = document.activeElement;
        return {tag: el ? el.tagName : null, label: el ? el.getAttribute('aria-label') : null,
                cls: el ? el.className : null, inPlayer: !!el?.closest('#player'), inMini: !!el?.closest('#mini')}; }""")


def test_buying_in_the_full_player_leaves_focus_on_its_play_button(page, server, needs):
    needs("catalog", "commerce", "media")
    playing_buyer(page, server)
    page.locator("#mini").get_by_role("button", name=re.compile("^Open player")).click()
    player = page.locator("#player")
    buy = player.locator(".player-buy")
    expect(buy).to_be_visible()
    buy.focus()
    page.keyboard.press("Enter")
    confirm(page)
    expect(buy).to_be_hidden()
    page.wait_for_timeout(300)
    where = focused(page)
    assert where["tag"] != "BODY", where
    assert where["inPlayer"], where
    expect(player.get_by_role("button", name=re.compile("^(Play|Pause)$"))).to_be_focused()


def test_buying_with_the_bar_chip_leaves_focus_on_the_play_button(page, server, needs):
    needs("catalog", "commerce", "media")
    track = playing_buyer(page, server)
    chip = page.locator("#mini .chip-buy")
    expect(chip).to_be_visible()
    expect(chip).to_have_accessible_name(re.compile(re.escape(track["title"])))
    chip.focus()
    page.keyboard.press("Enter")
    confirm(page)
    expect(chip).to_be_hidden()
    page.wait_for_timeout(300)
    where = focused(page)
    assert where["tag"] != "BODY", where
    assert where["inMini"], where
    expect(page.locator("#mini .mini-toggle")).to_be_focused()
