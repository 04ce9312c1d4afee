"""A store that sells no coins (`--payments off`: the wallet says `topUps: false`): the app shows no
packs and says coins come from gift codes. The shared server sells coins, so the wallet answer is
rewritten in the browser to the one a store without payments gives."""
import json
import re

from playwright.sync_api import expect

from conftest import ONE_SIZE

from webhelpers import register


def without_payments(page, server):
    def fulfill(route):
        response = route.fetch()
        wallet = response.json()
        wallet.update(packs=[], topUps=False)
        route.fulfill(response=response, body=json.dumps(wallet))
    page.route(re.compile(re.escape(server) + r"/api/v1/wallet$"), fulfill)


@ONE_SIZE
def test_without_payments_the_app_offers_gift_codes_instead_of_packs(page, server, needs, shot, console):
    needs("catalog", "commerce")
    console.allow(r"status of 402")  # the not-enough-coins answer is part of this story
    register(page, server)
    without_payments(page, server)

    # Not enough coins: the alert offers a gift code, not a top-up.
    home = page.request.get(server + "/api/v1/store/home").json()
    album = page.request.get(server + f"/api/v1/albums/{home['newReleases'][0]['id']}").json()
    track = album["tracks"][0]
    page.goto(server + "/#/store")
    box = page.get_by_role("combobox", name="Search")
    box.fill(track["title"])
    box.press("Enter")
    row = page.locator(f'.songs .track-row[data-track-id="{track["id"]}"]')
    row.get_by_role("button", name="Buy").click()
    alert = page.locator("dialog.dialog-alert")
    expect(alert.get_by_role("heading", name="Not enough coins")).to_be_visible()
    expect(alert).to_contain_text("gift codes")
    expect(alert.get_by_role("button", name="Top up")).to_have_count(0)
    shot(page, "61-not-enough-coins-without-payments")
    alert.get_by_role("button", name="Redeem a gift code").click()
    expect(page).to_have_url(re.compile(r"#/account"))

    page.goto(server + "/#/account")
    expect(page.locator("#coins-from-codes")).to_contain_text("gift codes")
    expect(page.get_by_role("link", name="Top up")).to_have_count(0)
    redeem = page.locator("details.panel").filter(has_text="Redeem a gift code")
    expect(redeem.get_by_label("Gift code")).to_be_visible()
    shot(page, "60-account-without-payments")

    page.goto(server + "/#/topup")
    expect(page.locator("#topups-off")).to_contain_text("does not sell coins")
    expect(page.locator("label.pack")).to_have_count(0)
    page.get_by_role("link", name="Redeem a gift code").click()
    expect(page).to_have_url(re.compile(r"#/account"))
    expect(page.locator("#coins-from-codes")).to_be_visible()
    # No rewrite may still be under way when the page closes.
    page.unroute_all(behavior="wait")
