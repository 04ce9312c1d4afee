"""The artist's whole story (issue 31), at a phone's size (ONE_SIZE: forms, uploads, mail, ledgers; every
artist screen is test_artist_look.py's at the four sizes), on a fresh server:

an invited artist signs up, uploads a 4-song release made from the Debian music packages (asc-music's
three MP3s and one of xblast-tnt-musics' headerless PCM songs; the first MP3's second 4 MiB piece is
dropped once and resumed), sets a name-your-price minimum and a release date next week, publishes. A
fan who follows the artist gets the "Pre-order open" mail (with its one-click unsubscribe header) and
pre-orders, paying more than the minimum; until the date she hears the preview only. The date is moved
to today: she gets the whole song, without the server restarting. The artist sees the sale and their
share; the operator records a payout; the statement's CSV adds up; `sotube ledger verify` is exact.
"""
import csv
import datetime
import email
import io
import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from conftest import ONE_SIZE
from webhelpers import log_in

from console_support import PASSWORD, Buyer, call, cli, make_operator, no_stray_words, operator_api
from console_support import seed, store, browse  # noqa: F401  (fixtures, used by name)

ASC = Path("/usr/share/games/asc/music")
XBLAST = Path("/usr/share/games/xblast-tnt/sounds/xbsng2.raw")
SONGS = [ASC / "frontiers.mp3", ASC / "machine_wars.mp3", ASC / "time_to_strike.mp3", XBLAST]
TITLES = ["Frontiers", "Machine Wars", "Time to Strike", "Bomb Song"]
ALBUM = "Strategic Music"
CHUNK = 4 * 1024 * 1024


def outbox_mail(data, to, subject, timeout=20):
    """The first mail in the server's outbox to `to` whose subject contains `subject`."""
    deadline = time.time() + timeout
    while True:
        for path in sorted((data / "outbox").glob("*.eml")):
            message = email.message_from_bytes(path.read_bytes())
            if to in message["To"] and subject in str(email.header.make_header(email.header.decode_header(message["Subject"]))):
                return message
        assert time.time() < deadline, f"no mail to {to} about {subject!r} in {data / 'outbox'}"
        time.sleep(0.2)


def audio_length(page, base, track_id):
    """Bytes of the audio the page's session gets for the song (the preview or the whole song)."""
    response = page.request.get(f"{base}/api/v1/tracks/{track_id}/audio")
    assert response.ok, response.status
    return len(response.body())


@ONE_SIZE
def test_artist_uploads_sells_a_pre_order_and_is_paid(store, browse, shot, viewport):
    missing = [str(path) for path in SONGS if not path.exists()]
    if missing:
        pytest.skip(f"the Debian music packages are not installed: {missing}")
    base = store.base
    make_operator(store)
    admin = operator_api(store)
    name = "journey" + viewport.split("-")[0]
    invite = admin("POST", "/invites", {"email": f"{name}@example.test", "role": "artist", "label": None,
                                        "artists": ["Journey Band"]})
    token = invite["link"].split("#/invite/")[1]

    # The invited artist signs up.
    artist = browse()
    browse.console.allow(r"net::ERR_(FAILED|CONNECTION_RESET)")
    artist.goto(f"{base}/#/invite/{token}")
    artist.get_by_label("Username").fill(name)
    artist.get_by_label("Password", exact=True).fill(PASSWORD)
    artist.get_by_role("button", name="Create artist account").click()
    expect(artist).to_have_url(re.compile(r"#/artist$"))
    overview = artist.request.get(f"{base}/api/v1/artist/overview").json()
    artist_id = overview["artists"][0]["id"]

    # A fan follows the artist before anything is out.
    fan = Buyer(base, "fan" + viewport.split("-")[0])
    status, follow = call(base, "PUT", f"/api/v1/artists/{artist_id}/follow", token=fan.token)
    assert status == 200 and follow == {"following": True, "followers": 1}, follow
    cli(store.data, "coins", "grant", fan.name, "50", "--reason", "Welcome")

    # A release of four songs from the Debian packages; the first MP3's second piece is dropped once.
    sections = artist.get_by_role("navigation", name="Artist sections")
    sections.get_by_role("link", name="Upload").click()
    form = artist.locator("#new-release-form")
    form.get_by_label("Album title").fill(ALBUM)
    form.get_by_role("button", name="Create draft").click()
    expect(artist.get_by_role("heading", level=1)).to_have_text(ALBUM)
    dropped = []

    def chunks(route):
        request = route.request
        if request.method == "PATCH" and request.headers.get("upload-offset", "0") != "0" and not dropped:
            dropped.append(int(request.headers["upload-offset"]))
            route.abort("connectionreset")
            return
        route.continue_()
    artist.route("**/api/v1/artist/uploads/*", chunks)
    artist.locator("#draft-audio-input").set_input_files([str(path) for path in SONGS])
    rows = artist.locator("#upload-rows .upload-row")
    expect(rows).to_have_count(4)
    for path in SONGS:
        expect(rows.filter(has_text=path.name)).to_have_attribute("data-state", "complete", timeout=60000)
    assert dropped == [CHUNK], dropped
    songs = artist.locator("#draft-tracks tbody tr")
    expect(songs).to_have_count(4)
    for path, title in zip(SONGS, TITLES):
        field = artist.get_by_label(f"Title, {path.name}")
        field.fill(title)
    next_week = datetime.datetime.now(datetime.timezone.utc).date() + datetime.timedelta(days=7)
    artist.get_by_label("Album price (coins)").fill("3")
    artist.locator("#draft-nyp").check()
    artist.get_by_label("Release date").fill(next_week.isoformat())
    no_stray_words(artist)
    shot(artist, "journey-draft")
    artist.get_by_role("button", name="Publish").click()
    expect(artist).to_have_url(re.compile(r"#/artist/releases$"))
    release = artist.locator("li.release").filter(has_text=ALBUM)
    expect(release.locator(".release-badges")).to_contain_text("Pre-order · out on")

    # The media jobs make the previews (as `sotube worker` does beside the server).
    cli(store.data, "worker", "--until-idle", "--workers", "2")
    releases = artist.request.get(f"{base}/api/v1/artist/releases").json()["releases"]
    album = next(r for r in releases if r["title"] == ALBUM)
    # Untagged files are numbered in the order they finished uploading.
    assert sorted(t["title"] for t in album["tracks"]) == sorted(TITLES), album["tracks"]
    first_song = next(t["id"] for t in album["tracks"] if t["title"] == "Frontiers")

    # The follower's mail: a pre-order, in her mailbox, with a one-click unsubscribe.
    mail = outbox_mail(store.data, fan.name, f"Pre-order open: {ALBUM}")
    assert mail["List-Unsubscribe"].startswith("<http") and mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"

    # She pre-orders, paying more than the minimum.
    buyer = browse()
    log_in(buyer, base, fan.name, PASSWORD)
    buyer.goto(f"{base}/#/album/{album['albumId']}")
    buy = buyer.locator(".album-buy button")
    expect(buy).to_have_text("Pre-order · from 3 coins")
    buy.click()
    dialog = buyer.get_by_role("dialog")
    amount = dialog.get_by_label("Pay what you want (minimum 3 coins)")
    amount.fill("5")
    dialog.get_by_role("button", name="Confirm").click()
    expect(buyer.locator(".toast").first).to_contain_text("Pre-ordered")
    assert fan.coins() == 45
    shot(buyer, "journey-pre-ordered")
    preview = audio_length(browse(), base, first_song)
    assert audio_length(buyer, base, first_song) == preview, "a pre-order hears the preview until the date"

    # The date moves to today: the whole song, at once.
    today = datetime.datetime.now(datetime.timezone.utc).date().isoformat()
    release.get_by_label("Release date").fill(today)
    release.get_by_role("button", name="Save album").click()
    expect(release.locator(".release-badges")).not_to_contain_text("Pre-order", timeout=10000)
    deadline = time.time() + 10
    while audio_length(buyer, base, first_song) <= preview:
        assert time.time() < deadline, "the owner never got the whole song"
        time.sleep(0.3)

    # The artist sees the sale and their share; the operator pays it out.
    artist.goto(f"{base}/#/artist")
    sale = artist.locator("#recent-sales tbody tr").filter(has_text=ALBUM)
    expect(sale).to_have_count(1)
    overview = artist.request.get(f"{base}/api/v1/artist/overview").json()
    gross, net = overview["totals"]["gross"], overview["totals"]["net"]
    assert gross == 5 and overview["totals"]["commission"] + net == 5 and overview["balance"]["coins"] == net
    user_id = artist.request.get(f"{base}/api/v1/me").json()["id"]
    admin("POST", f"/artists/{user_id}/payouts", {"coins": net, "paidOn": today, "reference": "SEPA journey"})
    artist.reload()
    expect(artist.locator("#artist-balance")).to_have_attribute("data-value", "0")
    no_stray_words(artist)
    shot(artist, "journey-paid")

    # The statement's CSV adds up.
    month = today[:7]
    text = artist.request.get(f"{base}/api/v1/artist/statements/{month}/csv").text()
    lines = list(csv.reader(io.StringIO(text)))
    assert lines[0] == ["date", "purchase", "artist", "kind", "title", "gross", "commission", "net"], lines[0]
    sales, total = lines[1:-1], lines[-1]
    assert total[0] == "total" and [int(x) for x in total[5:]] == [
        sum(int(line[5]) for line in sales), sum(int(line[6]) for line in sales), sum(int(line[7]) for line in sales)]
    assert int(total[5]) == gross and int(total[7]) == net
    verify = cli(store.data, "ledger", "verify", check=False)
    assert verify.returncode == 0, verify.stdout + verify.stderr
