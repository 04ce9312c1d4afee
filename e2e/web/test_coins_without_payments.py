"""A store that sells no coins (`--payments off`: the wallet says `topUps: false`): the app shows no
packs and says coins come from gift codes. The shared server sells coins, so the wallet answer is
rewritten in the browser to the one a store without payments gives."""
import json
import re

from playwright.sync_api import expect

from webhelpers import register


def without_payments(page, server):
    def fulfill(route):
        response = route.fetch()
        wallet = response.json()
        wallet.update(packs=[], topUps=False)
        route.fulfill(response=response, body=json.dumps(wallet))
    page.route(re.compile(re.escape(server) + r"/api/v1/wallet$"), fulfill)


def test_without_payments_the_app_offers_gift_codes_instead_of_packs(page, server, needs, shot):
    needs("commerce")
    register(page, server)
    without_payments(page, server)

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
