"""Store home, search, catalog pages and the guest's 30-second preview (SPEC C1–C5, M1, M3, M4, M6)."""
import re

from playwright.sync_api import expect

from conftest import ALL_SIZES, ONE_SIZE
from webhelpers import audio_state, seek, wait_playing, tab


def open_first_album(page):
    page.locator(".shelf").filter(has=page.get_by_role("heading", name="New releases")).locator("a.card").first.click()
    expect(page).to_have_url(re.compile(r"#/album/"))
    expect(page.locator(".track-row").first).to_be_visible()


@ALL_SIZES
def test_guest_previews_a_song_and_is_stopped_at_30_seconds(page, server, needs, shot, viewport):
    needs("catalog", "media")
    page.goto(server + "/#/login")
    page.get_by_role("button", name="Continue as guest").click()
    expect(page.get_by_role("heading", name="New releases")).to_be_visible()
    expect(page.get_by_role("heading", name="Featured playlists")).to_be_visible()
    expect(page.get_by_role("heading", name="Moods")).to_be_visible()
    shot(page, "20-store-home")

    open_first_album(page)
    shot(page, "21-album-guest")
    # The album's last song: nothing follows its preview, so the player stops and offers to buy.
    title = page.locator(".track-row .track-title").last.inner_text()
    page.locator(".track-row").last.get_by_role("button", name=re.compile(r"^Play ")).click()
    mini = page.locator("#mini")
    expect(mini).to_be_visible()
    wait_playing(page)
    expect(mini.get_by_role("button", name="Pause", exact=True)).to_be_visible()
    if viewport.startswith("phone-landscape"):
        # In phone landscape the mini player sits inside the tab bar, on the same row.
        mini_box, tabs_box = mini.bounding_box(), page.locator("#tabs").bounding_box()
        assert abs(mini_box["y"] - tabs_box["y"]) < 4, (mini_box, tabs_box)
    elif viewport.startswith("desktop"):
        # On a desktop the tabs are a sidebar and the player a full-width bar at the bottom.
        mini_box, tabs_box = mini.bounding_box(), page.locator("#tabs").bounding_box()
        assert mini_box["y"] + mini_box["height"] >= 899 and mini_box["width"] >= 1400, mini_box
        assert tabs_box["x"] == 0 and tabs_box["height"] > tabs_box["width"], tabs_box
    else:
        mini_box, tabs_box = mini.bounding_box(), page.locator("#tabs").bounding_box()
        assert mini_box["y"] + mini_box["height"] <= tabs_box["y"] + 1, (mini_box, tabs_box)
    shot(page, "22-mini-player")

    # The mini player stays on every page.
    tab(page, "Store").click()
    expect(mini).to_be_visible()
    mini.get_by_role("button", name="Pause", exact=True).click()
    expect(mini.get_by_role("button", name="Play", exact=True)).to_be_visible()
    assert audio_state(page)["paused"]

    mini.get_by_role("button", name=re.compile("^Open player")).click()
    player = page.locator("#player")
    expect(player.get_by_role("heading", name=title)).to_be_visible()
    for name in ["Play", "Previous", "Next", "Buy", "Share"]:
        expect(player.get_by_role("button", name=name, exact=True)).to_be_visible()
    expect(player.get_by_role("slider", name="Position")).to_be_visible()
    expect(player.get_by_role("slider", name="Volume")).to_be_visible()
    shot(page, "23-full-player-guest")

    player.get_by_role("button", name="Play", exact=True).click()
    wait_playing(page)
    # Lock screen / media keys: the Media Session knows what plays.
    page.wait_for_function("(title) => navigator.mediaSession.metadata?.title === title", arg=title)
    assert page.evaluate("navigator.mediaSession.metadata.artwork.length") >= 1
    # Share: no share sheet in desktop Chromium, so the message and link go to the clipboard.
    player.get_by_role("button", name="Share", exact=True).click()
    expect(page.locator(".toast")).to_contain_text("I'm currently listening to")
    shared = page.evaluate("navigator.clipboard.readText()")
    artist = page.locator("#player .player-artist").inner_text()
    assert shared.startswith(f"I'm currently listening to {title} by {artist} "), shared
    link = shared.rsplit(" ", 1)[1]
    assert re.match(re.escape(server) + r"/song/[^/]+$", link), link
    seek(page, 28)
    prompt = page.locator("dialog.dialog-preview")
    expect(prompt).to_be_visible(timeout=15000)
    expect(prompt).to_contain_text("30-second preview has ended")
    state = audio_state(page)
    assert state["paused"] and state["time"] <= 30.6, state
    shot(page, "24-preview-ended")
    # A guest who presses Buy is asked to log in.
    prompt.get_by_role("button", name="Buy").click()
    expect(page.get_by_role("heading", name="Log in to buy")).to_be_visible()
    page.get_by_role("button", name="Cancel").click()


def test_search_and_every_result_opens(page, server, needs, shot):
    needs("catalog")
    page.goto(server + "/#/store")
    home = page.request.get(server + "/api/v1/store/home").json()
    artist = home["newReleases"][0]["artistName"]
    box = page.get_by_role("combobox", name="Search")
    box.fill(artist[:4])
    box.press("Enter")
    expect(page).to_have_url(re.compile(r"#/search\?q="))
    expect(page.get_by_role("heading", name="Artists")).to_be_visible()
    shot(page, "25-search-results")
    page.locator(".shelf").filter(has=page.get_by_role("heading", name="Artists")).locator("a.card").first.click()
    expect(page).to_have_url(re.compile(r"#/artist/"))
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    shot(page, "26-artist")
    page.locator("a.card").first.click()
    expect(page).to_have_url(re.compile(r"#/album/"))
    page.locator(".track-row .track-title").first.click()
    expect(page).to_have_url(re.compile(r"#/song/"))
    expect(page.get_by_text("30-second preview")).to_be_visible()
    shot(page, "27-song")
    page.goto(server + "/#/store")
    page.locator(".shelf").filter(has=page.get_by_role("heading", name="Featured playlists")).locator("a.card").first.click()
    expect(page).to_have_url(re.compile(r"#/playlist/"))
    expect(page.locator(".track-row").first).to_be_visible()
    shot(page, "28-playlist")


@ONE_SIZE
def test_shared_song_link_plays_the_preview_for_guests(page, server, needs):
    needs("catalog", "media")
    home = page.request.get(server + "/api/v1/store/home").json()
    album = page.request.get(server + f"/api/v1/albums/{home['newReleases'][0]['id']}").json()
    track = album["tracks"][0]
    page.goto(server + f"/#/song/{track['id']}")
    expect(page.get_by_role("heading", name=track["title"], level=1)).to_be_visible()
    page.get_by_role("button", name="Play", exact=True).click()
    wait_playing(page)
    assert "v=preview" in audio_state(page)["src"]


@ONE_SIZE
def test_public_song_page_has_link_preview_tags_and_a_preview_player(page, server, needs):
    needs("catalog", "media")
    home = page.request.get(server + "/api/v1/store/home").json()
    album = page.request.get(server + f"/api/v1/albums/{home['newReleases'][0]['id']}").json()
    track = album["tracks"][0]
    page.goto(server + f"/song/{track['id']}")
    og_title = page.locator('meta[property="og:title"]').get_attribute("content")
    assert track["title"] in og_title and track["artistName"] in og_title
    og_image = page.locator('meta[property="og:image"]').get_attribute("content")
    assert og_image.startswith("http") and page.request.get(og_image).ok
    assert page.locator("audio").get_attribute("src") == track["audioUrl"]
    page.get_by_role("link", name="Open in SoTube").click()
    expect(page.get_by_role("heading", name=track["title"], level=1)).to_be_visible()


@ONE_SIZE
def test_favourites_and_recently_played_rows(make_context, server, needs, shot):
    needs("catalog", "media")
    from webhelpers import register
    page = make_context().new_page()
    register(page, server)
    home = page.request.get(server + "/api/v1/store/home").json()
    album = page.request.get(server + f"/api/v1/albums/{home['newReleases'][0]['id']}").json()
    track = album["tracks"][0]
    page.goto(server + f"/#/song/{track['id']}")
    favourite = page.get_by_role("button", name="Add to favourites")
    favourite.click()
    expect(page.get_by_role("button", name="Remove from favourites")).to_have_attribute("aria-pressed", "true")
    # The play is recorded in the background; the Store is opened once the server has it.
    with page.expect_response(lambda r: r.url.endswith("/api/v1/me/recently-played")
                              and r.request.method == "POST", timeout=20000) as recorded:
        page.get_by_role("button", name="Play", exact=True).click()
    assert recorded.value.ok
    wait_playing(page)
    page.locator("#mini").get_by_role("button", name="Pause", exact=True).click()
    # The store home the screen shows is the one it asks for now (a failure says which side missed it).
    with page.expect_response(lambda r: r.url.endswith("/api/v1/store/home"), timeout=20000) as answered:
        tab(page, "Store").click()
    played = [t["id"] for t in answered.value.json()["recentlyPlayed"]]
    assert track["id"] in played, f"the server's store home lacks the song just played: {played}"
    for row in ("Recently played", "Favourites"):
        section = page.locator(".shelf").filter(has=page.get_by_role("heading", name=row, exact=True))
        expect(section.locator(f'.track-row[data-track-id="{track["id"]}"]')).to_be_visible()
    shot(page, "29-home-rows")


@ONE_SIZE
def test_a_returning_buyer_logs_in_to_a_store_with_their_own_rows(make_context, server, needs):
    """The page preloads the store home as it loads, before anyone has logged in: the Store shown after
    logging in (or after a play) is asked for again, not that guest's copy."""
    needs("catalog")
    from webhelpers import log_in, register
    page = make_context().new_page()
    username, password = register(page, server)
    home = page.request.get(server + "/api/v1/store/home").json()
    album = page.request.get(server + f"/api/v1/albums/{home['newReleases'][1]['id']}").json()
    track = album["tracks"][0]
    page.goto(server + f"/#/song/{track['id']}")
    page.get_by_role("button", name="Add to favourites").click()
    expect(page.get_by_role("button", name="Remove from favourites")).to_have_attribute("aria-pressed", "true")

    # Another device: the log-in screen is the first one its page shows, then the Store.
    later = make_context().new_page()
    log_in(later, server, username, password)
    expect(later).to_have_url(re.compile(r"#/store$"))
    favourites = later.locator(".shelf").filter(has=later.get_by_role("heading", name="Favourites", exact=True))
    expect(favourites.locator(f'.track-row[data-track-id="{track["id"]}"]')).to_be_visible()
