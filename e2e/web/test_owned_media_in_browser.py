"""What a buyer keeps (SPEC P9, M9, M10, A6) in the browser: Download only on owned songs and
albums; an album saved for offline plays and seeks with the network off; the embed player in an
iframe on another site plays a preview; a shared moment starts at its time; the profile photo."""
import functools
import http.server
import os
import re
import subprocess
import threading
import uuid
from pathlib import Path

import pytest
from playwright.sync_api import expect

from conftest import DATA_DIR, ONE_SIZE, ROOT, VIEWPORTS, _free_port
from webhelpers import audio_state, register, tab, wait_playing

BIN = Path(os.environ.get("SOTUBE_BIN", ROOT / ".build" / "debug" / "sotube"))


def grant(username, coins=2000):
    if not DATA_DIR:
        pytest.skip("coins are granted through the CLI: only when the tests start the server")
    subprocess.run([str(BIN), "coins", "grant", username, str(coins), "--data", DATA_DIR[0]], check=True,
                   capture_output=True, timeout=120)


def csrf(context):
    return next(c["value"] for c in context.cookies() if c["name"] == "sotube_csrf")


def buy(page, server, album_id):
    """Buys a whole album through the API with the page's session (as the Buy button does)."""
    response = page.request.post(server + "/api/v1/purchases", data={"albumId": album_id}, headers={
        "Idempotency-Key": str(uuid.uuid4()), "X-CSRF-Token": csrf(page.context)})
    assert response.status == 201, response.text()


def two_albums(page, server):
    home = page.request.get(server + "/api/v1/store/home").json()
    albums = [page.request.get(server + f"/api/v1/albums/{a['id']}").json() for a in home["newReleases"][:2]]
    return albums[0], albums[1]


def buyer(page, server):
    """A new user who owns the first new release (and not the second)."""
    username, password = register(page, server)
    grant(username)
    owned, other = two_albums(page, server)
    buy(page, server, owned["album"]["id"])
    return username, owned, other


def test_download_buttons_only_on_owned_songs_and_albums(make_context, server, needs, shot):
    needs("catalog", "commerce", "media")
    page = make_context().new_page()
    _, owned, other = buyer(page, server)
    album = owned["album"]

    page.goto(server + f"/#/album/{album['id']}")
    link = page.get_by_role("link", name="Download album")
    expect(link).to_be_visible()
    expect(link).to_have_attribute("href", f"/api/v1/albums/{album['id']}/download")
    expect(page.get_by_role("button", name="Make available offline")).to_be_visible()
    shot(page, "70-album-owned-download")
    with page.expect_download() as download:
        link.click()
    assert download.value.suggested_filename == f"{album['artistName']} - {album['title']}.zip".replace("/", "_")

    page.goto(server + f"/#/album/{other['album']['id']}")
    expect(page.get_by_role("heading", level=1, name=other["album"]["title"])).to_be_visible()
    expect(page.get_by_role("link", name="Download album")).to_have_count(0)
    expect(page.get_by_role("button", name="Make available offline")).to_have_count(0)

    song = owned["tracks"][0]
    page.goto(server + f"/#/song/{song['id']}")
    song_link = page.get_by_role("link", name="Download", exact=True)
    expect(song_link).to_be_visible()
    with page.expect_download() as download:
        song_link.click()
    assert re.fullmatch(rf"{re.escape(song['artistName'])} - .+\.(mp3|m4a)", download.value.suggested_filename)
    shot(page, "71-song-owned-download")
    page.goto(server + f"/#/song/{other['tracks'][0]['id']}")
    expect(page.get_by_role("heading", level=1, name=other["tracks"][0]["title"])).to_be_visible()
    expect(page.get_by_role("link", name="Download", exact=True)).to_have_count(0)

    tab(page, "My Music").click()
    block = page.locator(".lib-album").filter(has=page.get_by_role("heading", name=album["title"]))
    block.locator(".lib-menu summary").click()  # one Download menu per album card (issue 32 #20)
    expect(block.get_by_role("link", name="Download album")).to_be_visible()
    shot(page, "72-library-download")

    guest = make_context().new_page()
    guest.goto(server + f"/#/album/{album['id']}")
    expect(guest.get_by_role("heading", level=1, name=album["title"])).to_be_visible()
    expect(guest.get_by_role("link", name="Download album")).to_have_count(0)


@pytest.fixture
def sw_context(browser, viewport, console):
    """A context with service workers on (the shared fixture blocks them)."""
    size = VIEWPORTS[viewport]
    context = browser.new_context(viewport=size, has_touch=size["width"] < 1000, service_workers="allow",
                                  locale="en-US")
    context.on("page", console.attach)
    yield context
    context.close()
    assert console.unexpected() == [], "console errors"


def test_an_album_saved_offline_plays_and_seeks_without_network(sw_context, server, needs, shot, console):
    needs("catalog", "commerce", "media")
    # With the network off, the app's own requests fail: those failures are what it explains.
    console.allow(r"ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR_|FetchEvent")
    page = sw_context.new_page()
    _, owned, _ = buyer(page, server)
    album = owned["album"]
    page.goto(server + f"/#/album/{album['id']}")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=20000)
    page.get_by_role("button", name="Make available offline").click()
    expect(page.locator(".offline-done")).to_have_text("Available offline", timeout=60000)
    expect(page.locator(".track-row .offline-badge")).to_have_count(len(owned["tracks"]))
    shot(page, "73-album-saved-offline")

    page.goto(server + "/#/account")
    expect(page.locator("#offline-usage")).to_contain_text(f"{len(owned['tracks'])} songs saved on this device")
    shot(page, "74-account-offline-storage")

    sw_context.set_offline(True)
    page.reload()
    expect(page.locator("#offline-banner")).to_be_visible()
    page.goto(server + "/#/library")
    expect(page.locator("#offline-library")).to_be_visible()
    rows = page.locator(".track-row")
    expect(rows).to_have_count(len(owned["tracks"]))
    longest = max(owned["tracks"], key=lambda t: t["durationMs"])
    row = page.locator(f'.track-row[data-track-id="{longest["id"]}"]')
    row.get_by_role("button", name=f"Play {longest['title']}").click()
    wait_playing(page, timeout=20000)
    target = min(longest["durationMs"] / 1000 - 5, 40)
    assert target > 25, longest
    page.evaluate("(s) => { document.getElementById('audio').currentTime = s; }", target)
    page.wait_for_function(
        "(s) => { const a = document.getElementById('audio'); return !a.paused && a.currentTime > s + 0.5; }",
        arg=target, timeout=20000)
    state = audio_state(page)
    assert state["time"] >= target and state["src"].startswith(f"/api/v1/tracks/{longest['id']}/audio")
    shot(page, "75-offline-playing")
    page.goto(server + "/#/store")
    expect(page.locator(".error-panel")).to_contain_text("offline")

    sw_context.set_offline(False)
    page.goto(server + "/#/account")
    page.reload()
    expect(page.locator("#offline-usage")).to_contain_text("songs saved")
    page.get_by_role("button", name="Log out").click()
    expect(page).to_have_url(re.compile("#/login"))
    assert page.evaluate("() => caches.has('sotube-offline-v1')") is False
    assert page.evaluate("() => localStorage.getItem('sotube.offline.v1')") is None


@ONE_SIZE
def test_remove_all_and_a_password_change_clear_saved_songs(sw_context, server, needs):
    needs("catalog", "commerce", "media")
    page = sw_context.new_page()
    username, password = register(page, server)
    grant(username)
    owned, _ = two_albums(page, server)
    buy(page, server, owned["album"]["id"])
    song = owned["tracks"][0]
    page.goto(server + f"/#/song/{song['id']}")
    page.get_by_role("button", name="Make available offline").click()
    expect(page.locator(".offline-done")).to_be_visible(timeout=60000)
    page.goto(server + "/#/account")
    expect(page.locator("#offline-usage")).to_contain_text("1 song saved")
    page.get_by_role("button", name="Remove all").click()
    expect(page.locator("#offline-usage")).to_have_text("No songs are saved on this device.")
    assert page.evaluate("() => caches.has('sotube-offline-v1')") is False

    page.goto(server + f"/#/song/{song['id']}")
    page.get_by_role("button", name="Make available offline").click()
    expect(page.locator(".offline-done")).to_be_visible(timeout=60000)
    page.goto(server + "/#/account")
    page.locator("summary", has_text="Change password").click()
    page.get_by_label("Current password").fill(password)
    page.get_by_label("New password").fill("another horse 2")
    page.get_by_role("button", name="Save").last.click()
    expect(page.locator("#offline-usage")).to_have_text("No songs are saved on this device.")
    assert page.evaluate("() => caches.has('sotube-offline-v1')") is False


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture
def other_site(tmp_path):
    """A tiny site on another origin (localhost, another port) serving files from tmp_path."""
    port = _free_port()
    handler = functools.partial(_Quiet, directory=str(tmp_path))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield tmp_path, f"http://localhost:{port}"
    httpd.shutdown()
    httpd.server_close()


@ONE_SIZE
def test_the_embed_player_in_an_iframe_on_another_site_plays_a_preview(page, server, needs, shot, other_site):
    needs("catalog", "media")
    folder, origin = other_site
    home = page.request.get(server + "/api/v1/store/home").json()
    album = page.request.get(server + f"/api/v1/albums/{home['newReleases'][0]['id']}").json()
    song = album["tracks"][0]
    (folder / "index.html").write_text(
        '<!doctype html><title>A blog</title><link rel="icon" href="data:,"><h1>My favourite song</h1>'
        f'<iframe src="{server}/embed/song/{song["id"]}" width="480" height="152" style="border:0" '
        'allow="autoplay" title="SoTube player"></iframe>')
    page.goto(origin + "/")
    frame = page.frame_locator("iframe")
    expect(frame.get_by_role("heading", name=song["title"])).to_be_visible()
    expect(frame.get_by_role("link", name=re.compile("Buy"))).to_have_attribute("href", f"/#/song/{song['id']}")
    frame.get_by_role("button", name="Play").click()
    inner = next(f for f in page.frames if "/embed/song/" in f.url)
    inner.wait_for_function("() => { const a = document.getElementById('audio'); return !a.paused && a.currentTime > 0.5; }",
                            timeout=20000)
    duration = inner.evaluate("() => document.getElementById('audio').duration")
    assert duration <= song["previewSeconds"] + 1, (duration, song["previewSeconds"])
    expect(frame.get_by_role("button", name="Pause")).to_be_visible()
    shot(page, "76-embed-on-another-site")


@ONE_SIZE
def test_a_shared_moment_starts_at_its_time(page, server, needs, shot):
    needs("catalog", "media")
    home = page.request.get(server + "/api/v1/store/home").json()
    album = page.request.get(server + f"/api/v1/albums/{home['newReleases'][0]['id']}").json()
    song = album["tracks"][0]
    page.goto(server + f"/song/{song['id']}?t=12")
    expect(page.get_by_text("starts at 0:12")).to_be_visible()
    page.locator("audio").evaluate("(a) => a.play()")
    page.wait_for_function("() => { const a = document.getElementById('audio'); return !a.paused && a.currentTime > 12.2; }",
                           timeout=20000)
    assert page.locator("audio").evaluate("(a) => a.currentTime") < song["previewSeconds"]
    shot(page, "77-shared-moment")
    # A moment past the preview starts the preview at its beginning.
    page.goto(server + f"/song/{song['id']}?t={song['previewSeconds'] + 5}")
    page.locator("audio").evaluate("(a) => a.play()")
    page.wait_for_function("() => { const a = document.getElementById('audio'); return !a.paused && a.currentTime > 0.3; }",
                           timeout=20000)
    assert page.locator("audio").evaluate("(a) => a.currentTime") < 5


@ONE_SIZE
def test_the_player_shares_the_current_moment(make_context, server, needs):
    needs("catalog", "media")
    context = make_context()
    page = context.new_page()
    home = page.request.get(server + "/api/v1/store/home").json()
    album = page.request.get(server + f"/api/v1/albums/{home['newReleases'][0]['id']}").json()
    song = album["tracks"][0]
    page.goto(server + f"/#/album/{album['album']['id']}")
    page.locator(f'.track-row[data-track-id="{song["id"]}"]').get_by_role("button", name=f"Play {song['title']}").click()
    wait_playing(page)
    page.evaluate("() => { const a = document.getElementById('audio'); a.currentTime = 9; a.pause(); }")
    page.locator(".mini-open").click()
    sheet = page.locator("#player")
    sheet.get_by_label(re.compile(r"Start at 0:09")).check()
    page.evaluate("() => { navigator.share = undefined; }")
    sheet.get_by_role("button", name="Share").click()
    expect(page.locator(".toast").filter(has_text="?t=9")).to_be_visible()  # copied
    text = page.evaluate("() => navigator.clipboard.readText()")
    assert f"/song/{song['id']}?t=9" in text, text


@ONE_SIZE
def test_profile_photo_upload_display_and_removal(page, server, needs, shot, tmp_path, console):
    console.allow(r"status of 41[35]")  # the refused file is part of this story
    register(page, server)
    page.goto(server + "/#/account")
    expect(page.locator("#account-avatar .avatar-initial")).to_be_visible()
    expect(page.locator("#avatar")).to_be_hidden()
    photo = tmp_path / "me.png"
    subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=640x400:rate=1",
                    "-frames:v", "1", str(photo)], check=True, timeout=60)
    page.locator("#avatar-file").set_input_files(str(photo))
    expect(page.locator("#account-avatar img.avatar")).to_be_visible()
    expect(page.locator("#avatar img")).to_be_visible()
    size = page.locator("#account-avatar img.avatar").evaluate("(i) => [i.naturalWidth, i.naturalHeight]")
    assert size == [512, 512]
    assert page.locator("#avatar img").evaluate("(i) => i.naturalWidth") == 128
    shot(page, "78-account-with-photo")

    text = tmp_path / "notes.png"
    text.write_text("not a picture at all")
    page.locator("#avatar-file").set_input_files(str(text))
    expect(page.locator(".avatar-actions [role=alert]")).to_contain_text("not a picture")
    expect(page.locator("#account-avatar img.avatar")).to_be_visible()

    page.get_by_role("button", name="Remove photo").click()
    expect(page.locator("#account-avatar .avatar-initial")).to_be_visible()
    expect(page.locator("#avatar")).to_be_hidden()
    shot(page, "79-account-photo-removed")


@ONE_SIZE
def test_a_browser_that_cannot_play_a_songs_file_hears_it_as_mp3(make_context, server, needs, console):
    """A FLAC or Ogg song goes on sale before its MP3 is made and plays from its own file meanwhile. A
    browser that cannot play that file (Safari and Ogg) gets the song as MP3, made by the server as it
    plays. Chromium plays FLAC and Ogg, so here its answers for the stored file are replaced with bytes
    no browser decodes; the MP3 it asks for then is the server's own."""
    needs("catalog", "commerce", "media")
    page = make_context().new_page()
    _, owned, _ = buyer(page, server)
    album, song = owned["album"], owned["tracks"][0]
    asked = []

    def refuse_the_stored_file(route):
        asked.append(route.request.url)
        if "format=mp3" in route.request.url:
            route.continue_()
        else:
            route.fulfill(status=200, content_type="audio/x-unplayable", body=bytes(range(256)) * 64)

    page.route(re.compile(r".*/api/v1/tracks/[^/?]+/audio.*"), refuse_the_stored_file)
    page.goto(server + f"/#/album/{album['id']}")
    page.locator(f'.track-row[data-track-id="{song["id"]}"]').get_by_role("button", name=f"Play {song['title']}").click()
    wait_playing(page, timeout=30000)
    state = audio_state(page)
    assert "format=mp3" in state["src"] and "v=full" in state["src"], state
    assert any(f"/tracks/{song['id']}/audio" in url and "format=mp3" not in url for url in asked), asked
    expect(page.locator("#toasts .toast-error")).to_have_count(0)
    page.wait_for_function("() => document.getElementById('audio').currentTime > 2", timeout=20000)
    # The server's answer is an MP3 of the whole song, for its owner only.
    mp3 = page.request.get(server + f"/api/v1/tracks/{song['id']}/audio?format=mp3")
    assert mp3.status == 200 and mp3.headers["content-type"] == "audio/mpeg", mp3.headers
    assert mp3.body()[:3] == b"ID3" or mp3.body()[0] == 0xFF, mp3.body()[:4]
    assert len(mp3.body()) > song["durationMs"] / 1000 * 20_000, len(mp3.body())  # ≥ 160 kb/s of it
    # Anyone else still gets the preview as stored, whatever they ask.
    guest = make_context().request.get(server + f"/api/v1/tracks/{song['id']}/audio?format=mp3")
    assert guest.status == 200 and guest.headers["x-sotube-rendition"] == "preview", guest.headers
    assert len(guest.body()) < len(mp3.body()) / 2
    bad = page.request.get(server + f"/api/v1/tracks/{song['id']}/audio?format=wav")
    assert bad.status == 422 and bad.headers["content-type"].startswith("application/problem+json"), bad.text()
