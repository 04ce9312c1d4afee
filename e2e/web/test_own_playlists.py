"""Issue 32, item 17: a buyer's own playlists. My Music › Playlists makes one ("New playlist": a blank
name refused at its field); a song row's "⋯ › Add to playlist…" adds an owned song and one not owned
("Added to Road trip", the same song again "Already in Road trip"); the playlist's page plays the song
not owned as a preview, renames (the server's refusal at the field), reorders with Move up / Move down
and by dragging, removes a song — each change kept after a reload — and deletes it. Another user's
playlist is not found; the list in Russian fits a phone; the "Add to playlist" dialog by keyboard alone;
axe-core on the page and the dialogs. Flows at 390×844; `playlists-*.png` at the four sizes."""
import re
import time

from playwright.sync_api import expect

from conftest import ALL_SIZES, ONE_SIZE
from test_accessibility import assert_none, violations
from test_layout_fixes import small_targets
from test_owned_media_in_browser import csrf, grant
from test_prices_and_library_filter import purchase
from webhelpers import audio_state, register, register_ru, tab, wait_playing


def first_album(page, server):
    home = page.request.get(server + "/api/v1/store/home").json()
    return page.request.get(server + f"/api/v1/albums/{home['newReleases'][0]['id']}").json()


def make_playlist(page, server, name, track_ids=()):
    """A playlist made through the API with the page's session → its id."""
    response = page.request.post(server + "/api/v1/me/playlists", data={"name": name, "trackIds": list(track_ids)},
                                 headers={"X-CSRF-Token": csrf(page.context)})
    assert response.status == 201, response.text()
    return response.json()["playlist"]["id"]


def saved_titles(page, server, playlist_id):
    return [tr["title"] for tr in page.request.get(server + f"/api/v1/me/playlists/{playlist_id}").json()["tracks"]]


def wait_saved(page, server, playlist_id, expected):
    """Waits (up to 10 s) until the server's order is `expected`: each change is sent as it is made."""
    deadline = time.time() + 10
    while saved_titles(page, server, playlist_id) != expected:
        assert time.time() < deadline, (saved_titles(page, server, playlist_id), expected)
        page.wait_for_timeout(100)


def row(page, track):
    return page.locator(f'#main .track-row[data-track-id="{track["id"]}"]')


def add_from_menu(page, track, playlist):
    """⋯ › Add to playlist… › the playlist; the toast it gives."""
    row(page, track).get_by_role("button", name=f"More for {track['title']}").click()
    page.get_by_role("menu").get_by_role("menuitem", name="Add to playlist…").click()
    picker = page.get_by_role("dialog", name=f"Add “{track['title']}” to a playlist")
    picker.get_by_role("button", name=re.compile(f"^{re.escape(playlist)}")).click()
    expect(picker).to_have_count(0)
    return page.locator(".toast").last


def titles_on_page(page):
    return [t.strip() for t in page.locator("#main .track-row .track-title").all_inner_texts()]


def edit_titles(page):
    return [t.strip() for t in page.locator("#main .pl-edit-row .pl-edit-title").all_inner_texts()]


@ONE_SIZE
def test_a_buyer_makes_fills_edits_and_deletes_a_playlist(make_context, server, needs, console, shot):
    needs("catalog", "commerce", "media")
    console.allow(r"status of 422")  # the server's refusal of a 101-character name, shown at the field
    page = make_context().new_page()
    username, _ = register(page, server)
    grant(username, 200)
    album = first_album(page, server)
    owned, other, third = album["tracks"][0], album["tracks"][1], album["tracks"][2]
    purchase(page, server, trackId=owned["id"])

    # My Music › Playlists: none yet; "New playlist" refuses a blank name at its field.
    tab(page, "My Music").click()
    page.get_by_role("button", name="Playlists", exact=True).click()
    expect(page.get_by_text("No playlists yet. Make one here, or from a song’s ⋯ menu.")).to_be_visible()
    page.get_by_role("button", name="New playlist").click()
    ask = page.get_by_role("dialog", name="New playlist")
    name = ask.get_by_label("Name")
    expect(name).to_be_focused()
    ask.get_by_role("button", name="Create").click()
    expect(ask.locator(".field-error")).to_have_text("Give the playlist a name.")
    expect(name).to_have_attribute("aria-invalid", "true")
    expect(name).to_be_focused()
    name.fill("Road trip")
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"#/my-playlist/"))
    heading = page.get_by_role("heading", level=1)
    expect(heading).to_have_text("Road trip")
    expect(heading).to_be_focused()
    expect(page.get_by_text("This playlist has no songs yet.")).to_be_visible()
    playlist_id = page.url.split("#/my-playlist/")[1]

    # From the album: an owned song, two not owned; the same song again is "Already in".
    page.goto(server + f"/#/album/{album['album']['id']}")
    for track in (owned, other, third):
        expect(add_from_menu(page, track, "Road trip")).to_have_text(re.compile("^Added to Road trip"))
    expect(add_from_menu(page, other, "Road trip")).to_have_text(re.compile("^Already in Road trip"))
    expect(row(page, other).get_by_role("button", name=f"More for {other['title']}")).to_be_focused()

    # Listed in My Music with its count; its page has the store's rows: Buy for the songs not owned.
    tab(page, "My Music").click()
    page.get_by_role("button", name="Playlists", exact=True).click()
    card = page.locator(".pl-card").filter(has_text="Road trip")
    expect(card).to_contain_text(re.compile(r"3 songs · \d+ min"))
    card.get_by_role("link", name="Road trip").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Road trip")
    assert titles_on_page(page) == [owned["title"], other["title"], third["title"]]
    expect(row(page, owned).locator(".btn-buy")).to_have_count(0)
    expect(row(page, other).get_by_role("button", name=re.compile(f"^Buy {re.escape(other['title'])}"))).to_be_visible()
    row(page, other).get_by_role("button", name=f"Play {other['title']}").click()
    wait_playing(page)
    assert audio_state(page)["src"].endswith("v=preview")
    expect(page.locator("#mini .mini-time")).to_have_text(re.compile(r"^Preview "))
    page.locator("#audio").evaluate("(a) => a.pause()")

    # Rename: blank refused at the field, the server's 422 (over 100 characters) too; then saved.
    page.get_by_role("button", name="Rename").click()
    ask = page.get_by_role("dialog", name="Rename playlist")
    name = ask.get_by_label("Name")
    expect(name).to_have_value("Road trip")
    name.fill("   ")
    ask.get_by_role("button", name="Save").click()
    expect(ask.locator(".field-error")).to_have_text("Give the playlist a name.")
    name.fill("x" * 101)
    ask.get_by_role("button", name="Save").click()
    expect(ask.locator(".field-error")).to_contain_text("100")
    expect(ask.locator(".dialog-error")).to_be_hidden()
    name.fill("Night drive")
    ask.get_by_role("button", name="Save").click()
    expect(ask).to_have_count(0)
    expect(page.get_by_role("heading", level=1)).to_have_text("Night drive")
    expect(page.get_by_role("button", name="Rename")).to_be_focused()

    # Edit songs: Move up with the keyboard (the focus stays with the song), then a drag.
    page.get_by_role("button", name="Edit songs").click()
    expect(page.get_by_role("button", name="Edit songs")).to_have_attribute("aria-pressed", "true")
    up = page.get_by_role("button", name=f"Move {third['title']} up")
    up.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#main .pl-edit-row")).to_have_count(3)
    assert edit_titles(page) == [owned["title"], third["title"], other["title"]]
    expect(page.get_by_role("button", name=f"Move {third['title']} up")).to_be_focused()
    expect(page.locator("#main [role=status]").filter(has_text=f"“{third['title']}” moved to place 2.")).to_have_count(1)
    shot(page, "playlists-flow-edit")
    # Dragged with the mouse, the list clear of the toast and the mini player.
    page.locator(".toast").get_by_role("button", name="Dismiss").click()
    page.locator("#main .pl-edit-list").evaluate("(list) => list.scrollIntoView({block: 'center'})")
    handle = page.locator(f'#main .pl-edit-row[data-track-id="{other["id"]}"] .pl-handle')
    target = page.locator(f'#main .pl-edit-row[data-track-id="{owned["id"]}"]').bounding_box()
    box = handle.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] / 2, target["y"] + 4, steps=10)
    page.mouse.up()
    expected = [other["title"], owned["title"], third["title"]]
    expect(page.locator("#main .pl-edit-row .pl-edit-title")).to_have_text(expected)
    wait_saved(page, server, playlist_id, expected)
    page.reload()
    expect(page.locator("#main .track-row")).to_have_count(3)
    assert titles_on_page(page) == expected

    # Remove a song: gone from the page and after a reload.
    page.get_by_role("button", name="Edit songs").click()
    page.get_by_role("button", name=f"Remove {owned['title']} from the playlist").click()
    expect(page.locator("#main .pl-edit-row")).to_have_count(2)
    expect(page.get_by_role("button", name=f"Remove {third['title']} from the playlist")).to_be_focused()
    wait_saved(page, server, playlist_id, [other["title"], third["title"]])
    page.reload()
    expect(page.locator("#main .track-row")).to_have_count(2)
    assert titles_on_page(page) == [other["title"], third["title"]]
    expect(page.locator("#main .pl-meta")).to_have_text(re.compile(r"^2 songs · \d+ min$"))

    # Delete: asked first, then back on My Music › Playlists, empty again.
    page.get_by_role("button", name="Delete").click()
    confirm = page.get_by_role("dialog", name="Delete “Night drive”?")
    confirm.get_by_role("button", name="Cancel").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Night drive")
    page.get_by_role("button", name="Delete").click()
    confirm.get_by_role("button", name="Delete").click()
    expect(page).to_have_url(re.compile(r"#/library\?view=playlists"))
    expect(page.locator(".toast").filter(has_text="“Night drive” was deleted.")).to_be_visible()
    expect(page.get_by_text("No playlists yet.")).to_be_visible()
    assert page.request.get(server + f"/api/v1/me/playlists/{playlist_id}").status == 404


@ONE_SIZE
def test_another_users_playlist_is_not_found_and_guests_log_in(make_context, server, needs, console):
    needs("catalog")
    console.allow(r"status of 404 .*/api/v1/me/playlists/")
    owner = make_context().new_page()
    register(owner, server)
    playlist_id = make_playlist(owner, server, "Mine only", [first_album(owner, server)["tracks"][0]["id"]])

    other = make_context().new_page()
    register(other, server)
    other.goto(server + f"/#/my-playlist/{playlist_id}")
    expect(other.get_by_role("heading", level=1)).to_have_text("Not found")
    expect(other.locator("#main [role=alert]")).to_contain_text("This page does not exist")
    expect(other.get_by_text("Mine only")).to_have_count(0)

    guest = make_context().new_page()
    guest.goto(server + f"/#/my-playlist/{playlist_id}")
    expect(guest).to_have_url(re.compile(r"#/login\?next="))


@ONE_SIZE
def test_the_playlists_in_russian(make_context, server, needs, shot):
    needs("catalog")
    page = make_context(locale="ru-RU").new_page()
    register_ru(page, server)
    album = first_album(page, server)
    make_playlist(page, server, "Пустой")
    make_playlist(page, server, "Дорога домой с длинным названием, которое не помещается", [album["tracks"][0]["id"]])
    for width in (390, 360):
        page.set_viewport_size({"width": width, "height": 844})
        page.goto(server + "/#/library?view=playlists")
        expect(page.get_by_role("button", name="Плейлисты", exact=True)).to_have_attribute("aria-pressed", "true")
        expect(page.get_by_role("button", name="Новый плейлист")).to_be_visible()
        cards = page.locator(".pl-card")
        expect(cards).to_have_count(2)
        expect(cards.first).to_contain_text(re.compile(r"1 песня · \d+ мин"))  # the newest first
        expect(cards.last).to_contain_text("Пока без песен")
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), width
    shot(page, "playlists-ru")
    page.set_viewport_size({"width": 390, "height": 844})
    cards.first.get_by_role("link").click()
    expect(page.get_by_role("button", name="Изменить")).to_be_visible()
    expect(page.locator("#main .pl-meta")).to_have_text(re.compile(r"^1 песня · \d+ мин$"))
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")


@ONE_SIZE
def test_add_to_playlist_by_keyboard_and_axe(make_context, server, needs):
    needs("catalog")
    page = make_context().new_page()
    register(page, server)
    album = first_album(page, server)
    track = album["tracks"][3]
    make_playlist(page, server, "Road trip", [album["tracks"][0]["id"]])
    page.goto(server + f"/#/album/{album['album']['id']}")
    more = row(page, track).get_by_role("button", name=f"More for {track['title']}")
    more.focus()
    page.keyboard.press("Enter")
    menu = page.get_by_role("menu")
    expect(menu.get_by_role("menuitem", name="Play next")).to_be_focused()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    expect(menu.get_by_role("menuitem", name="Add to playlist…")).to_be_focused()
    page.keyboard.press("Enter")
    picker = page.get_by_role("dialog", name=f"Add “{track['title']}” to a playlist")
    expect(picker.get_by_role("button", name=re.compile("^Road trip"))).to_be_focused()
    assert_none(violations(page, "the Add to playlist dialog"))

    # Escape closes it, the focus back on "⋯"; then New playlist from it, all by keyboard.
    page.keyboard.press("Escape")
    expect(picker).to_have_count(0)
    expect(more).to_be_focused()
    page.keyboard.press("Enter")
    # Each key once the menu has the focus (a busy machine draws it a moment later).
    expect(menu.get_by_role("menuitem", name="Play next")).to_be_focused()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    expect(menu.get_by_role("menuitem", name="Add to playlist…")).to_be_focused()
    page.keyboard.press("Enter")
    expect(picker.get_by_role("button", name=re.compile("^Road trip"))).to_be_focused()
    page.keyboard.press("Tab")
    expect(picker.get_by_role("button", name="New playlist")).to_be_focused()
    page.keyboard.press("Enter")
    ask = page.get_by_role("dialog", name="New playlist")
    expect(ask.get_by_label("Name")).to_be_focused()
    assert_none(violations(page, "the New playlist dialog"))
    page.keyboard.type("Quiet evening")
    page.keyboard.press("Enter")
    expect(page.locator(".toast").filter(has_text="Added to Quiet evening")).to_be_visible()
    expect(more).to_be_focused()

    # The playlist's page, its rows and its editing, have no axe violations.
    tab(page, "My Music").click()
    page.get_by_role("button", name="Playlists", exact=True).click()
    expect(page.locator(".pl-card")).to_have_count(2)
    assert_none(violations(page, "My Music › Playlists"))
    page.locator(".pl-card").filter(has_text="Quiet evening").get_by_role("link").click()
    expect(page.locator("#main .track-row")).to_have_count(1)
    assert_none(violations(page, "#/my-playlist"))
    page.get_by_role("button", name="Edit songs").click()
    expect(page.locator("#main .pl-edit-row")).to_have_count(1)
    assert_none(violations(page, "#/my-playlist editing"))


@ALL_SIZES
def test_the_playlist_screens_at_every_size(make_context, server, needs, shot, viewport):
    needs("catalog")
    page = make_context().new_page()
    register(page, server)
    album = first_album(page, server)
    tracks = album["tracks"][:4]
    make_playlist(page, server, "Empty for now")
    playlist_id = make_playlist(page, server, "Road trip", [tr["id"] for tr in tracks])
    page.goto(server + "/#/library?view=playlists")
    expect(page.locator(".pl-card")).to_have_count(2)
    shot(page, "playlists-list")
    page.goto(server + f"/#/my-playlist/{playlist_id}")
    expect(page.locator("#main .track-row")).to_have_count(4)
    shot(page, "playlists-page")
    page.get_by_role("button", name="Edit songs").click()
    expect(page.locator("#main .pl-edit-row")).to_have_count(4)
    if viewport.startswith("phone"):
        assert small_targets(page, "#main .pl-edit-row button, #main .pl-handle, #main .hero-actions .btn") == []
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    shot(page, "playlists-edit")
    page.get_by_role("button", name="Edit songs").click()  # the store's rows again
    row(page, tracks[1]).get_by_role("button", name=f"More for {tracks[1]['title']}").click()
    page.get_by_role("menu").get_by_role("menuitem", name="Add to playlist…").click()
    expect(page.get_by_role("dialog", name=re.compile("to a playlist$"))).to_be_visible()
    shot(page, "playlists-picker")
