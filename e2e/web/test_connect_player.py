"""Account › Connect a player (SPEC O7): make an app password, see it once with the server address and
username, use it from a player (`/rest`), see when it was last used, revoke it."""
import json
import re
import urllib.parse
import urllib.request

from playwright.sync_api import expect

from conftest import ONE_SIZE

from webhelpers import register


def rest_ping(server, secret):
    query = urllib.parse.urlencode({"apiKey": secret, "f": "json", "v": "1.16.1", "c": "e2e"})
    with urllib.request.urlopen(f"{server}/rest/ping?{query}") as response:
        return json.load(response)["subsonic-response"]


@ONE_SIZE
def test_make_use_and_revoke_an_app_password(page, server, shot, console):
    username, password = register(page, server)
    page.get_by_role("link", name="Account", exact=True).click()
    page.get_by_text("Connect a player").click()
    expect(page.locator("#app-passwords-empty")).to_be_visible()
    form = page.locator("#app-password-form")
    form.get_by_label("Name of the player or device").fill("Phone")
    # Making one needs the account password: a wrong one is refused on the field.
    console.allow(r"status of 403")
    form.get_by_label("Password").fill("not-my-password")
    form.get_by_role("button", name="Make app password").click()
    expect(form.locator(".field[data-field=password] .field-error")).to_have_text("The password is wrong.")
    expect(page.locator("#app-passwords-empty")).to_be_visible()
    form.get_by_label("Password").fill(password)
    form.get_by_role("button", name="Make app password").click()
    created = page.locator("#app-password-created")
    expect(created).to_be_visible()
    expect(page.locator("#app-password-username")).to_have_text(username)
    expect(page.locator("#app-password-server")).to_have_text(re.compile(r"^http"))
    secret = page.locator("#app-password-secret").inner_text()
    assert re.fullmatch(r"[a-z2-7]{32}", secret)
    expect(page.locator("#app-passwords li")).to_have_count(1)
    expect(page.locator("#app-passwords li")).to_contain_text("never used")
    shot(page, "40-connect-a-player")

    assert rest_ping(server, secret)["status"] == "ok"
    page.reload()
    page.get_by_text("Connect a player").click()
    expect(page.locator("#app-passwords li")).to_contain_text("last used")
    expect(page.locator("#app-password-secret")).to_have_count(0)  # shown once only

    page.get_by_role("button", name="Revoke Phone").click()
    expect(page.locator("#app-passwords-empty")).to_be_visible()
    refused = rest_ping(server, secret)
    assert refused["status"] == "failed" and refused["error"]["code"] == 44
