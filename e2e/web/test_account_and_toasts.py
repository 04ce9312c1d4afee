"""Issue 32 #10 (the account page) and #9 (toasts and offline) in the browser: the email never breaks
inside a word; a display name saved and shown; "Change username" asks only for the new one; a theme
switch (System / Light / Dark) remembered and applied before the first paint on every screen; recovery
codes with Copy and Download (.txt), each on one line; one toast at a time, above a dialog's backdrop;
offline, one message at a time and an album page showing its saved songs."""
import io
import json
import re
import time
import urllib.request

import pytest
from PIL import Image
from playwright.sync_api import expect

from conftest import ALL_SIZES, ONE_SIZE
from test_owned_media_in_browser import buy, grant, sw_context, two_albums  # noqa: F401 (sw_context: a fixture)
from test_two_factor import totp
from webhelpers import register, unique_name

LONG_LOCAL = "firstname.middlename.lastname.with.a.long.tail"
LONG_DOMAIN = "mail.example-provider-with-a-long-name.test"


def register_long_email(page, base):
    """An account with an email too long for a phone's line."""
    username = unique_name()
    email = f"{username}.{LONG_LOCAL}@{LONG_DOMAIN}"
    page.goto(base + "/#/register")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password").fill("correct horse 1")
    page.get_by_role("button", name="Create account").click()
    expect(page.get_by_role("navigation", name="Main").get_by_role("link", name="My Music")).to_be_visible()
    return username, email


def open_account(page, base):
    page.goto(base + "/#/account")
    expect(page.locator("#account-coins")).to_be_visible()


def line_breaks(page, selector):
    """The characters of an element's text that start a new line (by their boxes' tops)."""
    return page.evaluate("""(sel) => {
        const el = document.querySelector(sel);
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        const chars = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            for (let i = 0; i < node.data.length; i++) {
                const range = document.createRange(); range.setStart(node, i); range.setEnd(node, i + 1);
                const box = range.getClientRects()[0];
                if (box) chars.push([node.data[i], box.top]);
            }
        }
        const breaks = [];
        for (let i = 1; i < chars.length; i++) if (chars[i][1] > chars[i - 1][1] + 4) breaks.push(chars[i][0]);
        return breaks; }""", selector)


def test_the_email_wraps_only_at_the_at_sign(page, server, shot):
    _, email = register_long_email(page, server)
    open_account(page, server)
    dd = page.locator(".summary dd.email")
    expect(dd).to_have_attribute("title", email)  # the whole address, even where a part ends in "…"
    assert dd.inner_text().replace("\n", "").replace("\u200b", "").startswith(email.split("@")[0][:10])
    breaks = line_breaks(page, ".summary dd.email")
    assert breaks in ([], ["@"]), f"the email breaks inside a word before {breaks}"
    box = dd.bounding_box()
    assert box["width"] <= page.viewport_size["width"], box
    shot(page, "account-email")


def route_exists(server, path):
    with urllib.request.urlopen(server + "/openapi.json", timeout=10) as answer:
        return path in json.load(answer).get("paths", {})


@ONE_SIZE
def test_a_display_name_is_saved_and_shown(page, server, console):
    if not route_exists(server, "/api/v1/me/display-name"):
        pytest.skip("this build has no PUT /api/v1/me/display-name yet (not in /openapi.json)")
    console.allow(r"status of 422")
    username, _ = register(page, server)
    open_account(page, server)
    expect(page.locator("#account-name")).to_have_text(username)
    page.locator("summary", has_text="Display name").click()
    box = page.get_by_label("Display name")
    box.fill("Ada Lovelace")
    page.locator("#display-name-form").get_by_role("button", name="Save").click()
    expect(page.locator(".toast")).to_contain_text("Your display name is now Ada Lovelace.")
    expect(page.locator("#account-name")).to_have_text("Ada Lovelace")
    page.reload()
    expect(page.locator("#account-name")).to_have_text("Ada Lovelace")
    # Emptied, it is the username again.
    page.locator("summary", has_text="Display name").click()
    page.get_by_label("Display name").fill("   ")
    page.locator("#display-name-form").get_by_role("button", name="Save").click()
    expect(page.locator("#account-name")).to_have_text(username)


@ONE_SIZE
def test_change_username_asks_only_for_the_new_one(page, server):
    username, _ = register(page, server)
    open_account(page, server)
    page.locator("summary", has_text="Change username").click()
    form = page.locator("#username-form")
    expect(form.get_by_label("Current username")).to_have_count(0)
    expect(form).to_contain_text(f"Your username is {username}.")
    new = unique_name("renamed")
    form.get_by_label("New username").fill(new)
    form.get_by_role("button", name="Save").click()
    expect(page.locator(".toast")).to_contain_text(f"Your username is now {new}.")
    expect(page.locator(".summary")).to_contain_text(new)


def background(page):
    return page.evaluate("getComputedStyle(document.body).backgroundColor")


def test_the_theme_switch_is_remembered_on_every_screen(make_context, server, shot):
    page = make_context(color_scheme="light").new_page()
    # What the page looks like when parsing ends, before app.js runs: the theme is already there.
    page.add_init_script("""document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') window.__themeAtParse = document.documentElement.dataset.theme || ''; });""")
    register(page, server)
    open_account(page, server)
    light = background(page)
    assert light == "rgb(255, 255, 255)"
    page.get_by_role("radio", name="Dark").check()
    assert background(page) != light
    shot(page, "account-theme-dark")
    page.goto(server + "/#/store")
    expect(page.get_by_role("combobox", name="Search")).to_be_visible()
    page.reload()
    expect(page.get_by_role("combobox", name="Search")).to_be_visible()
    assert page.evaluate("window.__themeAtParse") == "dark"
    assert background(page) == "rgb(18, 18, 20)"
    page.goto(server + "/#/library")
    expect(page.locator("#main h1")).to_be_visible()
    assert background(page) == "rgb(18, 18, 20)"
    open_account(page, server)
    expect(page.get_by_role("radio", name="Dark")).to_be_checked()
    page.get_by_role("radio", name="System").check()
    assert background(page) == light
    page.reload()
    expect(page.get_by_role("radio", name="System")).to_be_checked()
    assert background(page) == light

    # Light chosen on a dark system stays light.
    dark_page = make_context(color_scheme="dark").new_page()
    dark_page.goto(server + "/#/store")
    expect(dark_page.get_by_role("combobox", name="Search")).to_be_visible()
    assert background(dark_page) == "rgb(18, 18, 20)"
    dark_page.evaluate("localStorage.setItem('sotube.theme', 'light')")
    dark_page.reload()
    expect(dark_page.get_by_role("combobox", name="Search")).to_be_visible()
    assert background(dark_page) == light


def test_the_account_page_in_russian(make_context, server, shot):
    page = make_context(locale="ru-RU").new_page()
    from webhelpers import register_ru
    register_ru(page, server)
    page.goto(server + "/#/account")
    expect(page.locator("#account-coins")).to_be_visible()
    expect(page.locator("summary", has_text="Отображаемое имя")).to_be_visible()
    expect(page.get_by_role("heading", name="Тема")).to_be_visible()
    for name in ("Как в системе", "Светлая", "Тёмная"):
        expect(page.get_by_role("radio", name=name)).to_be_visible()
    page.locator("summary", has_text="Сменить имя пользователя").click()
    expect(page.get_by_label("Текущее имя пользователя")).to_have_count(0)
    expect(page.get_by_label("Новое имя пользователя")).to_be_visible()
    assert not re.search(r"\b(null|undefined)\b|account\.", page.locator("#main").inner_text())
    shot(page, "account-ru")


@pytest.mark.viewports("phone-390x844", "desktop-1440x900")
def test_recovery_codes_copy_download_and_never_wrap(page, server, shot):
    username, password = register(page, server)
    open_account(page, server)
    page.locator("summary", has_text="Two-step sign-in").click()
    start = page.locator("#two-factor-start")
    start.get_by_label("Password").fill(password)
    start.get_by_role("button", name="Set up two-step sign-in").click()
    secret = page.locator("#two-factor-secret").inner_text().strip()
    page.get_by_label("Code from the app").fill(totp(secret, time.time()))
    page.get_by_role("button", name="Turn on").click()
    codes = page.locator("#two-factor-recovery li code")
    expect(codes).to_have_count(10)
    texts = codes.all_inner_texts()
    for i in range(10):
        box = codes.nth(i).evaluate("(el) => el.getClientRects().length")
        assert box == 1, f"recovery code {texts[i]} is broken over {box} lines"
    page.get_by_role("button", name="Copy codes").click()
    expect(page.locator(".toast")).to_contain_text("Recovery codes copied.")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert all(code in copied.split("\n") for code in texts) and username in copied
    with page.expect_download() as download:
        page.get_by_role("link", name="Download (.txt)").click()
    assert download.value.suggested_filename == "sotube-recovery-codes.txt"
    saved = open(download.value.path(), encoding="utf-8").read()
    assert [line for line in saved.split("\n") if line in texts] == texts
    shot(page, "account-recovery-codes")


def test_one_toast_at_a_time_and_above_a_dialog(page, server):
    page.goto(server + "/#/store")
    expect(page.get_by_role("combobox", name="Search")).to_be_visible()
    page.evaluate("""async () => { const { toast } = await import('/js/ui.js');
        toast('First message'); toast('Second message'); toast('Payment received: 100 coins were added to your account.', 'success'); }""")
    toasts = page.locator("#toasts .toast")
    expect(toasts).to_have_count(1)
    expect(toasts).to_contain_text("Payment received")
    # The purchase offered again after a top-up opens a confirm dialog just after that toast.
    page.evaluate("""async () => { const { dialog } = await import('/js/dialog.js');
        window.__dialog = dialog({ title: 'Buy this song?', body: 'It costs 13 coins.', actions: [{ label: 'Cancel', value: null }, { label: 'Confirm', value: 1, primary: true }] }); }""")
    expect(page.get_by_role("dialog", name="Buy this song?")).to_be_visible()
    # Its white text stays white: under the backdrop (black at 45 %) it would be grey.
    picture = Image.open(io.BytesIO(page.locator("#toasts .toast span").first.screenshot())).convert("RGB")
    brightest = max(max(pixel) for pixel in picture.getdata())
    assert brightest >= 230, f"the toast is dimmed under the dialog's backdrop (brightest {brightest})"


def test_offline_says_it_once(page, server, console):
    console.allow(r"ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR_")
    register(page, server)
    home = page.request.get(server + "/api/v1/store/home").json()
    album = home["newReleases"][0]
    page.goto(server + "/#/store")
    expect(page.get_by_role("combobox", name="Search")).to_be_visible()
    page.context.set_offline(True)
    expect(page.locator("#offline-banner")).to_be_visible()
    page.wait_for_timeout(800)
    expect(page.locator("#toasts .toast")).to_have_count(0)  # the banner says it; no toast besides
    # A page that cannot load says so in its place; the banner steps aside: one message.
    page.goto(server + f"/#/album/{album['id']}")
    expect(page.locator(".error-panel")).to_contain_text("offline")
    expect(page.locator("#offline-banner")).to_be_hidden()
    expect(page.locator("#toasts .toast")).to_have_count(0)
    page.context.set_offline(False)


def test_an_album_opened_offline_shows_its_saved_songs(sw_context, server, needs, console, shot):  # noqa: F811
    needs("catalog", "commerce", "media")
    console.allow(r"ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR_|FetchEvent")
    page = sw_context.new_page()
    username, _ = register(page, server)
    grant(username)
    owned, _ = two_albums(page, server)
    buy(page, server, owned["album"]["id"])
    album = owned["album"]
    page.goto(server + f"/#/album/{album['id']}")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=20000)
    page.get_by_role("button", name="Make available offline").click()
    expect(page.locator(".offline-done")).to_have_text("Available offline", timeout=60000)
    sw_context.set_offline(True)
    page.reload()
    expect(page.get_by_role("heading", level=1, name=album["title"])).to_be_visible()
    expect(page.locator("#offline-album")).to_contain_text("You are offline")
    rows = page.locator(".track-row")
    expect(rows).to_have_count(len(owned["tracks"]))
    expect(page.get_by_role("button", name="Try again")).to_have_count(0)
    expect(page.locator("#offline-banner")).to_be_hidden()
    expect(page.locator("#toasts .toast")).to_have_count(0)
    shot(page, "account-offline-album")
    first = sorted(owned["tracks"], key=lambda t: (t.get("discNumber") or 1, t.get("trackNumber") or 0))[0]
    expect(rows.first).to_contain_text(first["title"])
    sw_context.set_offline(False)


@ALL_SIZES
def test_account_screens_at_every_size(make_context, server, shot):
    page = make_context().new_page()
    register_long_email(page, server)
    open_account(page, server)
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    shot(page, "account-page")
    page.get_by_role("radio", name="Dark").check()
    page.locator("summary", has_text="Display name").click()
    page.locator("summary", has_text="Change username").click()
    page.locator("#display-name-form").scroll_into_view_if_needed()
    shot(page, "account-page-dark")
