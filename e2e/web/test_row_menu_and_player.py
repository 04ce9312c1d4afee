"""Issue 32, items 16 and 21. A song row's menu ("⋯", a right-click, a long press): Play next and Add to
queue change Up next, Go to album / artist, Share, and for an owner Download and the offline copy;
arrow keys move, Escape gives the focus back to "⋯" (English and Russian). Up next reorders by dragging
(mouse and finger). The full player: a Lyrics toggle where the song has words (none where it has not),
title and artist are links, and on a desktop the player is a panel beside the page, which stays usable.
390×844 and 1440×900 (Share's link and an owner's Download / offline copy at 390×844 alone); the changed screens saved at the four sizes (rowmenu-*.png, player-*.png)."""
import re

import pytest
from playwright.sync_api import expect

from conftest import ALL_SIZES, ONE_SIZE
from test_accessibility import assert_none, violations
from test_layout_fixes import small_targets
from test_owned_media_in_browser import grant
from test_prices_and_library_filter import purchase
from webhelpers import register, register_ru, tab, wait_playing

ITEMS = ["Play next", "Add to queue", "Go to album", "Go to artist", "Share"]
ITEMS_RU = ["Играть следующей", "Добавить в очередь", "Перейти к альбому", "Перейти к исполнителю", "Поделиться"]
# Signed in, "Add to playlist…" after Add to queue (issue 32 #17: test_own_playlists.py).
MEMBER_ITEMS = ITEMS[:2] + ["Add to playlist…"] + ITEMS[2:]
MEMBER_ITEMS_RU = ITEMS_RU[:2] + ["Добавить в плейлист…"] + ITEMS_RU[2:]


def first_album(page, server):
    """The first new release with its songs, and which of them have words (GET /api/v1/tracks/{id})."""
    home = page.request.get(server + "/api/v1/store/home").json()
    album = page.request.get(server + f"/api/v1/albums/{home['newReleases'][0]['id']}").json()
    words = [bool(page.request.get(server + f"/api/v1/tracks/{tr['id']}").json().get("lyrics")) for tr in album["tracks"]]
    return album, words


def row(page, track):
    return page.locator(f'#main .track-row[data-track-id="{track["id"]}"]')


def play_from(page, server, album, index=0):
    page.goto(server + f"/#/album/{album['album']['id']}")
    row(page, album["tracks"][index]).get_by_role("button", name=re.compile(r"^Play ")).click()
    wait_playing(page)


def open_player(page):
    page.locator("#mini").get_by_role("button", name=re.compile("^Open player")).click()
    player = page.locator("#player")
    expect(player.get_by_role("button", name="Close player")).to_be_visible()
    return player


def up_next_titles(player):
    return [t.strip() for t in player.locator(".up-next-row .up-next-title").all_inner_texts()]


_SESSIONS = {}


def touch(page, kind, x, y):
    """One touch event through the DevTools protocol (one session per page: a touch spans calls)."""
    if page not in _SESSIONS:
        _SESSIONS.clear()
        _SESSIONS[page] = page.context.new_cdp_session(page)
    _SESSIONS[page].send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [] if kind == "touchEnd" else [{"x": x, "y": y}]})


def long_press(page, locator):
    """A finger held 700 ms on `locator` (Chromium's touch input, as a phone sends it)."""
    box = locator.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    touch(page, "touchStart", x, y)
    page.wait_for_timeout(700)
    touch(page, "touchEnd", x, y)


def test_the_row_menu_queues_songs_and_answers_the_keyboard(make_context, server, needs, shot, viewport):
    needs("catalog", "media")
    page = make_context().new_page()
    album, _ = first_album(page, server)
    tracks = album["tracks"]
    play_from(page, server, album, 0)

    # "⋯" on every row, named for its song; on a phone a 44 px target.
    more = row(page, tracks[5]).get_by_role("button", name=f"More for {tracks[5]['title']}")
    expect(more).to_be_visible()
    expect(page.locator("#main .track-row .more-btn")).to_have_count(len(tracks))
    if viewport.startswith("phone"):
        assert small_targets(page, "#main .track-row .more-btn") == []
    more.click()
    menu = page.get_by_role("menu", name=f"Actions for {tracks[5]['title']}")
    expect(menu).to_be_visible()
    expect(menu.get_by_role("menuitem")).to_have_text(ITEMS)  # a guest: no Download, no offline copy
    expect(menu.get_by_role("menuitem", name="Play next")).to_be_focused()
    expect(more).to_have_attribute("aria-expanded", "true")
    shot(page, "rowmenu-open")
    assert_none(violations(page, "the row menu"))

    # Arrow keys move through the items and wrap; Escape closes and "⋯" has the focus again.
    page.keyboard.press("ArrowDown")
    expect(menu.get_by_role("menuitem", name="Add to queue")).to_be_focused()
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    expect(menu.get_by_role("menuitem", name="Share")).to_be_focused()
    page.keyboard.press("Home")
    expect(menu.get_by_role("menuitem", name="Play next")).to_be_focused()
    page.keyboard.press("Escape")
    expect(menu).to_have_count(0)
    expect(more).to_be_focused()
    expect(more).to_have_attribute("aria-expanded", "false")

    # Play next: the last song goes right after the one playing.
    page.keyboard.press("Enter")
    page.get_by_role("menu").get_by_role("menuitem", name="Play next").click()
    expect(page.locator(".toast").filter(has_text=f"“{tracks[5]['title']}” plays next.")).to_be_visible()
    expect(more).to_be_focused()

    # Add to queue from a right-click (a mouse) or a long press (a finger): at the end of the queue.
    second = row(page, tracks[1])
    if viewport.startswith("phone"):
        long_press(page, second.locator(".track-sub"))
    else:
        second.locator(".track-title").click(button="right")
    menu = page.get_by_role("menu", name=f"Actions for {tracks[1]['title']}")
    expect(menu).to_be_visible()
    expect(page).to_have_url(re.compile(r"#/album/"))  # the finger's lift did not open the song
    menu.get_by_role("menuitem", name="Add to queue").click()
    expect(menu).to_have_count(0)

    player = open_player(page)
    expect(player.locator(".up-next-row")).to_have_count(len(tracks) + 1)  # the album after the first, and both
    titles = up_next_titles(player)
    assert titles[0] == tracks[5]["title"] and titles[-1] == tracks[1]["title"], titles
    shot(page, "rowmenu-queued")
    # It survives a reload (the queue is saved).
    page.reload()
    player = open_player(page)
    assert up_next_titles(player) == titles

    # Go to artist and Go to album lead there.
    player.get_by_role("button", name="Close player").click()
    page.goto(server + f"/#/album/{album['album']['id']}")
    row(page, tracks[2]).get_by_role("button", name=re.compile("^More for")).click()
    page.get_by_role("menuitem", name="Go to artist").click()
    expect(page).to_have_url(re.compile(r"#/artist/" + re.escape(album["album"]["artistId"])))
    expect(page.get_by_role("menu")).to_have_count(0)


@ONE_SIZE
def test_share_from_the_row_menu_copies_the_songs_link(make_context, server, needs):
    needs("catalog")
    page = make_context().new_page()
    album, _ = first_album(page, server)
    track = album["tracks"][3]
    page.goto(server + f"/#/album/{album['album']['id']}")
    row(page, track).get_by_role("button", name=f"More for {track['title']}").click()
    page.get_by_role("menuitem", name="Share").click()
    expect(page.locator(".toast").filter(has_text="Copied to the clipboard")).to_be_visible()
    shared = page.evaluate("navigator.clipboard.readText()")
    assert f"/song/{track['id']}" in shared and track["title"] in shared, shared


@ONE_SIZE
def test_an_owner_downloads_and_keeps_a_song_offline_from_its_row(make_context, server, needs, shot):
    needs("catalog", "commerce", "media")
    page = make_context().new_page()
    username, _ = register(page, server)
    grant(username, 200)
    album, _ = first_album(page, server)
    owned, other = album["tracks"][0], album["tracks"][1]
    purchase(page, server, trackId=owned["id"])

    # Search results and My Music list songs with the same menu.
    page.goto(server + "/#/search?q=" + owned["title"].split()[0])
    expect(row(page, owned).get_by_role("button", name=f"More for {owned['title']}")).to_be_visible()
    tab(page, "My Music").click()
    page.get_by_role("button", name="Songs", exact=True).click()
    mine = row(page, owned)
    mine.get_by_role("button", name=f"More for {owned['title']}").click()
    menu = page.get_by_role("menu")
    expect(menu.get_by_role("menuitem")).to_have_text(MEMBER_ITEMS + ["Download", "Make available offline"])
    expect(menu.get_by_role("menuitem", name="Download")).to_have_attribute("href", f"/api/v1/tracks/{owned['id']}/download")
    shot(page, "rowmenu-owner")
    menu.get_by_role("menuitem", name="Make available offline").click()
    expect(mine.locator(".offline-badge")).to_be_visible(timeout=30_000)
    expect(page.locator(".toast").filter(has_text="1 song is now available offline.")).to_be_visible()

    # Saved: the menu offers to remove the copy, which takes the badge away.
    mine.get_by_role("button", name=f"More for {owned['title']}").click()
    page.get_by_role("menuitem", name="Remove offline copy").click()
    expect(mine.locator(".offline-badge")).to_have_count(0)
    saved = page.evaluate("Object.keys(JSON.parse(localStorage.getItem('sotube.offline.v1') || '{\"tracks\":{}}').tracks)")
    assert owned["id"] not in saved

    # A song not owned has neither.
    page.goto(server + f"/#/album/{album['album']['id']}")
    row(page, other).get_by_role("button", name=re.compile("^More for")).click()
    expect(page.get_by_role("menu").get_by_role("menuitem")).to_have_text(MEMBER_ITEMS)


@ONE_SIZE
def test_the_row_menu_speaks_russian(make_context, server, needs, shot):
    needs("catalog")
    page = make_context(locale="ru-RU").new_page()
    register_ru(page, server)
    album, _ = first_album(page, server)
    track = album["tracks"][2]
    page.goto(server + f"/#/album/{album['album']['id']}")
    more = row(page, track).get_by_role("button", name=f"Ещё: «{track['title']}»")
    more.click()
    menu = page.get_by_role("menu", name=f"Действия с «{track['title']}»")
    expect(menu.get_by_role("menuitem")).to_have_text(MEMBER_ITEMS_RU)
    shot(page, "rowmenu-ru")
    menu.get_by_role("menuitem", name="Добавить в очередь").click()
    # Nothing was playing: the song plays.
    wait_playing(page)
    expect(page.locator("#mini .mini-title")).to_have_text(track["title"])


def test_up_next_reorders_by_dragging(make_context, server, needs, shot, viewport):
    needs("catalog", "media")
    page = make_context().new_page()
    album, _ = first_album(page, server)
    tracks = album["tracks"]
    play_from(page, server, album, 0)
    player = open_player(page)
    rows = player.locator(".up-next-row")
    expect(rows).to_have_count(len(tracks) - 1)
    before = up_next_titles(player)
    player.locator(".up-next").evaluate("(el) => el.scrollIntoView({block: 'start'})")
    handle = rows.first.locator(".drag-handle")
    target = rows.nth(2).bounding_box()
    start = handle.bounding_box()
    x, y = start["x"] + start["width"] / 2, start["y"] + start["height"] / 2
    to_y = target["y"] + target["height"] * 0.75
    if viewport.startswith("phone"):
        touch(page, "touchStart", x, y)
        for i in range(1, 9):
            touch(page, "touchMove", x, y + (to_y - y) * i / 8)
            page.wait_for_timeout(30)
        touch(page, "touchEnd", x, to_y)
    else:
        page.mouse.move(x, y)
        page.mouse.down()
        page.mouse.move(x, to_y, steps=8)
        page.mouse.up()
    expected = before[1:3] + before[:1] + before[3:]
    expect(player.locator(".up-next-row .up-next-title")).to_have_text(expected)
    # The keyboard's buttons stay, and the queue kept the new order.
    expect(player.get_by_role("button", name=f"Move {before[0]} up")).to_be_enabled()
    saved = page.evaluate("JSON.parse(localStorage.getItem('sotube.queue')).tracks.map((t) => t.title)")
    assert saved[1:] == expected, saved
    shot(page, "player-dragged")


def test_lyrics_where_a_song_has_them_and_links_to_its_pages(make_context, server, needs, shot, viewport):
    needs("catalog", "media")
    page = make_context().new_page()
    album, words = first_album(page, server)
    tracks = album["tracks"]
    with_words = next(i for i, w in enumerate(words) if w)
    without = next(i for i, w in enumerate(words) if not w and i > with_words)
    play_from(page, server, album, with_words)
    player = open_player(page)
    toggle = player.get_by_role("button", name="Lyrics")
    expect(toggle).to_be_visible()
    expect(toggle).to_have_attribute("aria-pressed", "false")
    toggle.click()
    lyrics = player.get_by_role("region", name=f"Lyrics of {tracks[with_words]['title']}")
    expect(lyrics).to_be_visible()
    expect(lyrics).to_contain_text(tracks[with_words]["title"])
    expect(player.locator(".player-art")).to_be_hidden()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    shot(page, "player-lyrics")
    assert_none(violations(page, "the full player's lyrics"))

    # A song without words: no Lyrics control, the cover is back.
    while up_next_titles(player)[0] != tracks[without]["title"]:
        player.locator(".up-next-row").first.get_by_role("button", name=re.compile("^Remove ")).click()
    # Next: the full player's on a phone, the player bar's beside the desktop panel.
    (player if viewport.startswith("phone") else page.locator("#mini")).get_by_role("button", name="Next", exact=True).click()
    expect(player.locator(".player-title")).to_have_text(tracks[without]["title"])
    expect(toggle).to_be_hidden()
    expect(player.locator(".player-lyrics")).to_be_hidden()
    expect(player.locator(".player-art")).to_be_visible()

    # Title and artist are links (on a phone too): the song's page, the artist's page; the player closes.
    title = player.get_by_role("link", name=tracks[without]["title"], exact=True)
    expect(title).to_be_visible()
    title.click()
    expect(page).to_have_url(re.compile(r"#/song/" + re.escape(tracks[without]["id"])))
    expect(player).to_be_hidden()
    expect(page.get_by_role("heading", name=tracks[without]["title"], level=1)).to_be_visible()
    player = open_player(page)
    player.get_by_role("link", name=album["album"]["artistName"], exact=True).click()
    expect(page).to_have_url(re.compile(r"#/artist/" + re.escape(album["album"]["artistId"])))
    expect(player).to_be_hidden()


def test_on_a_desktop_the_player_is_a_panel_beside_the_page(make_context, server, needs, shot, viewport):
    needs("catalog", "media")
    page = make_context().new_page()
    album, _ = first_album(page, server)
    tracks = album["tracks"]
    play_from(page, server, album, 0)
    sheet = page.locator("#player")
    if viewport.startswith("phone"):
        # A phone keeps the full-screen modal player.
        open_player(page)
        assert sheet.evaluate("(el) => el.matches(':modal')")
        return
    page.goto(server + "/#/store")
    expect(page.get_by_role("heading", name="New releases")).to_be_visible()
    opener = page.locator("#mini").get_by_role("button", name="Up next", exact=True)
    opener.click()
    # The bar's "Up next" shows Up next (the panel scrolled to it).
    expect(sheet.get_by_role("heading", name="Up next")).to_be_in_viewport()
    assert not sheet.evaluate("(el) => el.matches(':modal')")
    panel = sheet.bounding_box()
    main = page.locator("#main").bounding_box()
    assert panel["x"] + panel["width"] >= 1439 and panel["width"] < 500, panel
    assert main["x"] + main["width"] <= panel["x"] + 1, (main, panel)
    # The page stays usable: it scrolls, and its buttons answer while the panel is open.
    page.mouse.move(main["x"] + 100, 400)
    page.mouse.wheel(0, 600)
    page.wait_for_function("() => window.scrollY > 100")
    expect(sheet).to_be_visible()
    page.goto(server + f"/#/album/{album['album']['id']}")
    opener.click()
    expect(sheet).to_be_visible()
    row(page, tracks[3]).get_by_role("button", name=re.compile(r"^Play ")).click()
    expect(sheet.locator(".player-title")).to_have_text(tracks[3]["title"])
    expect(sheet.locator(".up-next-row")).to_have_count(len(tracks) - 4)
    row(page, tracks[0]).get_by_role("button", name=re.compile("^More for")).click()
    page.get_by_role("menuitem", name="Add to queue").click()
    expect(sheet.locator(".up-next-row").last).to_contain_text(tracks[0]["title"])
    shot(page, "player-side-panel")
    assert_none(violations(page, "the desktop panel beside the album"))
    # Escape closes it and the focus is back on the bar's Up next.
    sheet.get_by_role("button", name="Close player").focus()
    page.keyboard.press("Escape")
    expect(sheet).to_be_hidden()
    opener.click()
    expect(sheet).to_be_visible()
    page.keyboard.press("Escape")
    expect(sheet).to_be_hidden()
    expect(opener).to_be_focused()


@ALL_SIZES
def test_screenshots_of_the_menu_and_the_player(make_context, server, needs, shot, viewport):
    needs("catalog", "media")
    page = make_context().new_page()
    album, words = first_album(page, server)
    with_words = next(i for i, w in enumerate(words) if w)
    play_from(page, server, album, with_words)
    page.evaluate("document.getElementById('audio').pause()")
    more = row(page, album["tracks"][-1]).get_by_role("button", name=re.compile("^More for"))
    more.click()
    expect(page.get_by_role("menu")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    shot(page, "rowmenu-album")
    page.keyboard.press("Escape")
    if viewport == "desktop-1440x900":
        page.locator("#mini").get_by_role("button", name="Up next", exact=True).click()
    else:
        open_player(page)
    player = page.locator("#player")
    expect(player.get_by_role("heading", name="Up next")).to_be_attached()
    shot(page, "player-full")
    player.get_by_role("button", name="Lyrics").click()
    expect(player.locator(".player-lyrics")).to_be_visible()
    shot(page, "player-lyrics-view")
