"""A buyer pays for coins by card in the web app (Stripe, played by localstripe and its Stripe.js
stand-in): Account › Top up › a pack › #/pay/<id> › the card › Pay. A good card's coins are on the
account; a declined card says so and leaves the balance; "Try another card" starts a new top-up of
the pack; a card that asks for 3-D Secure is paid once the buyer completes the bank's step, and not
when they fail it. At 390×844 and 1440×900; `sotube ledger verify` is exact after each test."""
import re

import pytest
from playwright.sync_api import expect

from sotube_payments import CARD_3DS, CARD_DECLINED, CARD_OK, webhelpers

pytestmark = pytest.mark.usefixtures("ledger_exact")


def choose_pack(page, base):
    """Account › Top up › the first pack › Continue: the pay screen of a new top-up; its id."""
    webhelpers.tab(page, "Account").click()
    page.get_by_role("link", name="Top up", exact=True).click()
    expect(page).to_have_url(re.compile(r"#/topup$"))
    page.locator("label.pack").first.click()
    page.get_by_role("button", name="Continue to checkout").click()
    expect(page).to_have_url(re.compile(r"#/pay/[^/?]+$"))
    expect(page.get_by_role("heading", name="Pay by card")).to_be_visible()
    return page.url.rsplit("/", 1)[1]


def fill_card(page, number, postal="12345"):
    """The stand-in's card element: plain inputs (its placeholders name them) in the labelled box."""
    card = page.get_by_role("group", name="Card")
    expect(card.get_by_placeholder("number", exact=True)).to_be_visible()
    for field, value in (("number", number), ("exp_month", "12"), ("exp_year", "34"), ("cvc", "123"),
                         ("postal_code", postal)):
        card.get_by_placeholder(field, exact=True).fill(value)


def pay_button(page):
    return page.get_by_role("button", name=re.compile(r"^Pay \$0\.99$"))


def coins_on_account(page, coins):
    expect(page.locator("#account-coins")).to_have_text(str(coins))
    expect(page.locator("#coins")).to_contain_text(str(coins))


def test_a_card_pays_a_declined_card_does_not_and_another_card_does(page, stack, shot, viewport):
    buyer, _ = webhelpers.register(page, stack.base)
    top_up = choose_pack(page, stack.base)
    expect(page.locator(".pay-summary")).to_contain_text("100 coins")
    expect(page.locator(".pay-summary")).to_contain_text("$0.99")
    fill_card(page, CARD_OK)
    shot(page, "pay-card-filled")
    pay_button(page).click()
    # Paid: a toast, then the account (a new history entry) with its notice and the coins.
    expect(page).to_have_url(re.compile(rf"#/account\?topUp={re.escape(top_up)}$"), timeout=20000)
    expect(page.locator(".toast").filter(has_text="Payment received")).to_be_visible()
    expect(page.locator(".notice-success")).to_contain_text("100 coins were added")
    coins_on_account(page, 100)
    shot(page, "pay-paid-account")
    page.go_back()  # the pay screen is still in the history: it says the top-up is paid
    expect(page).to_have_url(re.compile(rf"#/pay/{re.escape(top_up)}$"))
    expect(page.get_by_role("status").filter(has_text="This top-up is paid")).to_be_visible()
    assert stack_coins(stack, page) == 100

    declined = choose_pack(page, stack.base)
    fill_card(page, CARD_DECLINED)
    pay_button(page).click()
    alert = page.get_by_role("alert").filter(has_text="The payment was declined")
    expect(alert).to_be_visible(timeout=20000)
    expect(alert).to_contain_text("Your card was declined.")
    expect(page.get_by_text(re.compile(r"\b(null|undefined)\b"))).to_have_count(0)
    expect(page.locator("#coins")).to_contain_text("100")
    shot(page, "pay-declined")
    assert stack_coins(stack, page) == 100

    page.get_by_role("button", name="Try another card").click()
    expect(page).not_to_have_url(re.compile(rf"#/pay/{re.escape(declined)}$"))
    expect(page).to_have_url(re.compile(r"#/pay/[^/?]+$"))
    retry = page.url.rsplit("/", 1)[1]
    assert retry not in (declined, top_up)
    fill_card(page, CARD_OK)
    page.get_by_role("group", name="Card").get_by_placeholder("postal_code", exact=True).press("Enter")  # keyboard
    expect(page).to_have_url(re.compile(rf"#/account\?topUp={re.escape(retry)}$"), timeout=20000)
    coins_on_account(page, 200)
    assert stack_coins(stack, page) == 200
    assert buyer

    # The top-up history lists each payment with its state and what was paid, the declined one
    # with the bank's reason.
    page.goto(f"{stack.base}/#/history/topups")
    payments = page.locator("#top-up-payments")
    expect(payments.locator("tbody tr")).to_have_count(3)
    expect(payments.locator('tr[data-status="captured"]')).to_have_count(2)
    expect(payments.locator('tr[data-status="captured"]').first).to_contain_text("$0.99")
    declined_row = payments.locator('tr[data-status="declined"]')
    expect(declined_row).to_contain_text("Declined")
    expect(declined_row).to_contain_text("Your card was declined.")
    expect(page.get_by_text(re.compile(r"\b(null|undefined|NaN)\b"))).to_have_count(0)
    shot(page, "pay-history")


def test_three_d_secure_completed_pays_and_failed_does_not(page, stack, shot, viewport):
    webhelpers.register(page, stack.base)
    top_up = choose_pack(page, stack.base)
    fill_card(page, CARD_3DS)
    pay_button(page).click()
    complete = page.get_by_role("button", name="Complete authentication")
    expect(complete).to_be_visible(timeout=20000)
    expect(pay_button(page)).to_be_disabled()  # working: the Pay button waits for the bank
    shot(page, "pay-3ds-step")
    complete.click()
    expect(page).to_have_url(re.compile(rf"#/account\?topUp={re.escape(top_up)}$"), timeout=20000)
    coins_on_account(page, 100)
    assert stack_coins(stack, page) == 100

    choose_pack(page, stack.base)
    fill_card(page, CARD_3DS)
    pay_button(page).click()
    page.get_by_role("button", name="Fail authentication").click(timeout=20000)
    alert = page.get_by_role("alert").filter(has_text=re.compile("declined|did not confirm"))
    expect(alert).to_be_visible(timeout=20000)
    expect(page.get_by_role("button", name="Try another card")).to_be_enabled()
    shot(page, "pay-3ds-failed")
    expect(page.locator("#coins")).to_contain_text("100")
    assert stack_coins(stack, page) == 100


def stack_coins(stack, page):
    """The balance the server holds for the page's user (its session cookie)."""
    cookies = {c["name"]: c["value"] for c in page.context.cookies()}
    r = stack.request("GET", "/api/v1/wallet", cookies=cookies)
    assert r.status_code == 200, r.text
    return r.json()["coins"]
