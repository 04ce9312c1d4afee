"""Stripe's webhooks and the card routes over HTTP. The tests pay at localstripe as the browser would
(a token made with the publishable key, then our /card route), watch localstripe's own deliveries
through the recording proxy, and play Stripe for the events localstripe does not send (refunds,
disputes) or sends once (a second delivery): those bodies are signed with the shared whsec secret.
Each test ends with `sotube ledger verify` exact."""
import re
import time

import pytest
import requests

from sotube_payments import (BIN, CARD_3DS, CARD_DECLINED, FROZEN, ROOT, event_body, free_port, intent_of,
                             sign, unique, wait_until, web)

pytestmark = pytest.mark.usefixtures("ledger_exact")


def post_event(stack, body, signature=None, headers=None):
    sent = {"Content-Type": "application/json; charset=utf-8", **(headers or {})}
    if signature is not None:
        sent["Stripe-Signature"] = signature
    return requests.post(stack.base + "/webhooks/stripe", data=body, headers=sent, timeout=30)


def top_up_entries(buyer):
    return [e for e in buyer.ledger() if e["kind"] == "top-up"]


def intent_for(buyer, created):
    secret = created.get("clientSecret") or buyer.get_top_up(created["topUpId"]).get("clientSecret")
    assert secret, f"neither POST /wallet/top-ups ({created}) nor GET /wallet/top-ups/{{id}} gave a clientSecret"
    return intent_of(secret)


def charge_of(stack, intent):
    status, body = stack.stripe.call("GET", f"/v1/payment_intents/{intent}")
    assert status == 200, body
    charge = body["latest_charge"]
    return charge["id"] if isinstance(charge, dict) else charge


def paid(stack, buyer=None):
    """A buyer with a captured small pack (100 coins, USD 0.99): (buyer, top-up id, intent, charge)."""
    buyer = buyer or stack.register()
    created = buyer.top_up()
    intent = intent_for(buyer, created)
    r = buyer.pay(created["topUpId"])
    assert r.status_code == 200, f"POST /api/v1/wallet/top-ups/{created['topUpId']}/card → {r.status_code} {r.text}"
    wait_until(lambda: buyer.get_top_up(created["topUpId"])["status"] == "captured", 15,
               f"top-up not captured after a 4242 card: {r.json()}")
    # localstripe's payment_intent.succeeded: delivered before the test goes on, so it cannot land later.
    wait_until(lambda: stack.recorder.for_intent(intent), 20, f"no payment_intent.succeeded delivered for {intent}")
    assert buyer.coins() == 100
    return buyer, created["topUpId"], intent, charge_of(stack, intent)


def test_the_card_route_answers_what_the_contract_says(stack):
    buyer = stack.register()
    wallet = buyer.wallet()
    assert wallet["provider"] == "stripe"
    assert wallet["stripe"] == {"publishableKey": "pk_test_sotube29", "jsUrl": stack.stripe.js_url}
    created = buyer.top_up()
    assert created["provider"] == "stripe"
    assert created["checkoutUrl"] == f"/#/pay/{created['topUpId']}"
    top_up = buyer.get_top_up(created["topUpId"])
    assert top_up["status"] == "pending" and top_up["provider"] == "stripe"
    assert top_up["coins"] == 100 and top_up["price"] == {"amount": 99, "currency": "USD"}
    assert top_up["clientSecret"].startswith("pi_") and top_up.get("refundedCoins") == 0

    other = stack.register()
    r = other.pay(created["topUpId"])
    assert r.status_code == 404, f"someone else's top-up: {r.status_code} {r.text}"

    r = buyer.pay(created["topUpId"], CARD_DECLINED)
    assert r.status_code == 200, r.text
    declined = r.json()
    assert declined["status"] == "declined", declined
    assert declined.get("message") == "Your card was declined.", declined
    assert "clientSecret" not in declined
    assert buyer.coins() == 0

    fresh = buyer.top_up()
    r = buyer.pay(fresh["topUpId"])
    assert r.status_code == 200 and r.json()["status"] == "captured", r.text
    assert buyer.coins() == 100
    again = buyer.pay(fresh["topUpId"])
    assert again.status_code == 409, f"paying a captured top-up again: {again.status_code} {again.text}"
    assert again.headers["Content-Type"].startswith("application/problem+json")
    assert buyer.coins() == 100


def test_the_webhook_credits_once_and_a_second_delivery_changes_nothing(stack):
    buyer, top_up, intent, _ = paid(stack)
    delivery = stack.recorder.for_intent(intent)[0]
    assert delivery["status"] == 200, delivery
    assert buyer.coins() == 100 and len(top_up_entries(buyer)) == 1

    # Stripe delivers an event again when it doubts the first delivery: the same bytes and header.
    again = post_event(stack, delivery["body"], headers=delivery["headers"])
    assert again.status_code == 200, again.text
    # … or later, signed anew.
    later = post_event(stack, delivery["body"], sign(delivery["body"]))
    assert later.status_code == 200, later.text
    assert buyer.coins() == 100 and len(top_up_entries(buyer)) == 1
    assert buyer.get_top_up(top_up)["status"] == "captured"


@pytest.mark.parametrize("order", ["webhook-first", "sync-first"])
def test_three_d_secure_is_credited_once_whichever_comes_first(stack, order):
    buyer = stack.register()
    created = buyer.top_up()
    intent = intent_for(buyer, created)
    r = buyer.pay(created["topUpId"], CARD_3DS)
    assert r.status_code == 200, r.text
    waiting = r.json()
    assert waiting.get("nextAction") == "authenticate" and waiting["status"] == "pending", waiting
    secret = waiting.get("clientSecret") or created.get("clientSecret")
    sync_path = f"/api/v1/wallet/top-ups/{created['topUpId']}/sync"
    if order == "webhook-first":
        stack.stripe.authenticate(secret, success=True)  # the bank's step, as Stripe.js does it
        wait_until(lambda: stack.recorder.for_intent(intent), 20, "no payment_intent.succeeded delivered")
        assert stack.recorder.for_intent(intent)[0]["status"] == 200
        wait_until(lambda: buyer.coins() == 100, 10, "the webhook did not credit the coins")
        synced = buyer.call("POST", sync_path)
    else:
        with stack.recorder.held():  # the webhook waits at the recorder until /sync has answered
            stack.stripe.authenticate(secret, success=True)
            wait_until(lambda: stack.recorder.received(intent), 20, "localstripe sent no payment_intent.succeeded")
            synced = buyer.call("POST", sync_path)
            assert buyer.coins() == 100
        wait_until(lambda: stack.recorder.for_intent(intent), 20, "the held webhook was not forwarded")
        assert stack.recorder.for_intent(intent)[0]["status"] == 200
    assert synced.status_code == 200, f"POST {sync_path} → {synced.status_code} {synced.text}"
    assert synced.json()["status"] == "captured"
    time.sleep(0.5)
    assert buyer.coins() == 100 and len(top_up_entries(buyer)) == 1


def test_three_d_secure_failed_credits_nothing(stack):
    buyer = stack.register()
    created = buyer.top_up()
    r = buyer.pay(created["topUpId"], CARD_3DS)
    assert r.status_code == 200 and r.json().get("nextAction") == "authenticate", r.text
    stack.stripe.authenticate(r.json().get("clientSecret") or created["clientSecret"], success=False)
    synced = buyer.call("POST", f"/api/v1/wallet/top-ups/{created['topUpId']}/sync")
    assert synced.status_code == 200, synced.text
    assert synced.json()["status"] == "declined" and synced.json().get("message"), synced.json()
    assert buyer.coins() == 0 and top_up_entries(buyer) == []


def test_forged_stale_and_malformed_webhooks_are_refused_and_change_nothing(stack):
    buyer, top_up, intent, charge = paid(stack)
    pending = buyer.top_up()
    pending_intent = intent_for(buyer, pending)
    dispute = event_body("charge.dispute.created", {
        "id": f"dp_{unique('')}", "object": "dispute", "amount": 99, "currency": "usd", "charge": charge,
        "payment_intent": intent, "reason": "fraudulent", "status": "needs_response", "created": int(time.time())})
    succeeded = event_body("payment_intent.succeeded", {
        "id": pending_intent, "object": "payment_intent", "amount": 99, "amount_received": 99, "currency": "usd",
        "status": "succeeded", "metadata": {}})
    now = int(time.time())
    cases = {
        "signed with another secret": (dispute, sign(dispute, secret="whsec_not_ours")),
        "body changed after signing": (dispute.replace(b"fraudulent", b"duplicate"), sign(dispute)),
        "signed ten minutes ago": (dispute, sign(dispute, timestamp=now - 600)),
        "signed ten minutes ahead": (dispute, sign(dispute, timestamp=now + 600)),
        "no signature": (dispute, None),
        "signature header garbage": (dispute, "t=abc,v1=xyz"),
        "signature without v1": (dispute, f"t={now}"),
        "malformed JSON, signed": (b'{"id": "evt_x", "type": "charge.dispute', sign(b'{"id": "evt_x", "type": "charge.dispute')),
        "a forged success": (succeeded, sign(succeeded, secret="whsec_not_ours")),
    }
    for name, (body, signature) in cases.items():
        r = post_event(stack, body, signature)
        assert r.status_code == 400, f"{name}: POST /webhooks/stripe → {r.status_code} {r.text}"
    assert buyer.coins() == 100 and len(top_up_entries(buyer)) == 1
    assert buyer.get_top_up(pending["topUpId"])["status"] == "pending"
    assert buyer.get_top_up(top_up)["status"] == "captured"
    still = buyer.call("POST", "/api/v1/wallet/top-ups", json={"packId": "small"})
    assert still.status_code == 201, f"the account was frozen by a refused event: {still.status_code} {still.text}"
    assert "dp_" not in stack.cli("disputes", "list").stdout


def refund_at_stripe(stack, charge, amount=None):
    status, body = stack.stripe.call("POST", "/v1/refunds", {"charge": charge, **({"amount": amount} if amount else {})})
    assert status == 200, body
    status, charge_now = stack.stripe.call("GET", f"/v1/charges/{charge}")
    assert status == 200, charge_now
    return charge_now


def test_a_refund_at_stripe_takes_back_the_coins_never_below_zero(stack):
    # Unspent, refunded in part: coins for the refunded part go.
    buyer, top_up, _, charge = paid(stack)
    body = event_body("charge.refunded", refund_at_stripe(stack, charge, amount=50))
    r = post_event(stack, body, sign(body))
    assert r.status_code == 200, r.text
    left = buyer.coins()
    assert left in (49, 50), f"50 of 99 cents refunded: {100 - left} of 100 coins taken back"
    assert buyer.get_top_up(top_up).get("refundedCoins") == 100 - left
    again = post_event(stack, body, sign(body))  # the same event once more
    assert again.status_code == 200 and buyer.coins() == left

    # Half spent, refunded in full: the balance goes to 0, not below.
    buyer, top_up, _, charge = paid(stack)
    for song in stack.songs[:2]:
        bought = buyer.buy(song)
        assert bought.status_code in (200, 201), bought.text
    assert buyer.coins() == 50
    body = event_body("charge.refunded", refund_at_stripe(stack, charge))
    r = post_event(stack, body, sign(body))
    assert r.status_code == 200, r.text
    assert buyer.coins() == 0
    assert buyer.get_top_up(top_up).get("refundedCoins") == 50
    taken = [e for e in buyer.ledger() if e["kind"] not in ("top-up", "purchase")]
    assert sum(e["coins"] for e in taken) == -50, taken
    assert len(buyer.call("GET", "/api/v1/library/songs").json()["tracks"]) == 2  # the songs stay bought


def test_a_dispute_freezes_buying_until_the_operator_settles_it(stack):
    buyer, top_up, intent, charge = paid(stack)
    dispute_id = f"dp_{unique('')}"
    body = event_body("charge.dispute.created", {
        "id": dispute_id, "object": "dispute", "amount": 99, "currency": "usd", "charge": charge,
        "payment_intent": intent, "reason": "fraudulent", "status": "needs_response", "created": int(time.time())})
    r = post_event(stack, body, sign(body))
    assert r.status_code == 200, r.text
    assert post_event(stack, body, sign(body)).status_code == 200  # delivered twice: one dispute

    bought = buyer.buy(stack.songs[0])
    assert bought.status_code == 403 and bought.json().get("type") == FROZEN, f"purchase: {bought.status_code} {bought.text}"
    topping = buyer.call("POST", "/api/v1/wallet/top-ups", json={"packId": "small"})
    assert topping.status_code == 403 and topping.json().get("type") == FROZEN, f"top-up: {topping.status_code} {topping.text}"
    assert buyer.coins() == 100

    listed = stack.cli("disputes", "list")
    assert listed.returncode == 0, listed.stderr
    lines = [line for line in listed.stdout.splitlines() if dispute_id in line or buyer.name in line or top_up in line]
    assert len(lines) == 1, f"`sotube disputes list` should name the dispute once:\n{listed.stdout}"
    candidates = [dispute_id] if dispute_id in lines[0] else []
    candidates.insert(0, lines[0].split()[0])
    settled = None
    for candidate in candidates:
        settled = stack.cli("disputes", "settle", candidate)
        if settled.returncode == 0:
            break
    assert settled.returncode == 0, f"`sotube disputes settle` with {candidates}:\n{settled.stdout}\n{settled.stderr}"

    bought = buyer.buy(stack.songs[0])
    assert bought.status_code in (200, 201), f"after the settlement: {bought.status_code} {bought.text}"
    assert buyer.coins() == 100 - 25


@pytest.mark.parametrize("spent", [0, 50, 100])
def test_sotube_topups_refund(stack, spent):
    buyer, top_up, _, charge = paid(stack)
    for song in stack.songs[: spent // 25]:
        bought = buyer.buy(song)
        assert bought.status_code in (200, 201), bought.text
    assert buyer.coins() == 100 - spent
    result = stack.cli("topups", "refund", top_up)
    said = result.stdout + result.stderr
    print(f"sotube topups refund (spent {spent}): exit {result.returncode}\n{said}")
    assert buyer.coins() == 0
    covered = 100 - spent
    assert buyer.get_top_up(top_up).get("refundedCoins") == covered
    status, charge_now = stack.stripe.call("GET", f"/v1/charges/{charge}")
    refunded_money = charge_now["amount_refunded"]
    if spent == 0:
        assert result.returncode == 0, said
        assert refunded_money == 99, charge_now
    elif spent == 50:
        assert result.returncode == 0, said
        assert re.search(r"\b50\b", said), f"the output should say only 50 coins were covered:\n{said}"
        assert 0 < refunded_money < 99, f"half the coins spent, {refunded_money} of 99 cents refunded"
    else:
        assert said.strip(), "the command says why nothing was refunded"
        assert refunded_money == 0, f"every coin spent, yet {refunded_money} cents refunded"


def test_stripe_unreachable_is_a_502_and_charges_nothing(stack, tmp_path):
    """A second server whose Stripe address has nobody listening."""
    port = free_port()
    env = {**stack.env, "SOTUBE_STRIPE_API_URL": f"http://127.0.0.1:{free_port()}"}
    (tmp_path / "data").mkdir()
    process, base, log = web.start_sotube(
        [str(BIN), "serve", "--port", str(port), "--host", "127.0.0.1", "--data", str(tmp_path / "data"),
         "--public-dir", str(ROOT / "Public")], env, tmp_path / "server.log", port, 60)
    try:
        name = unique("offline")
        r = requests.post(base + "/api/v1/auth/register", timeout=30,
                          json={"username": name, "email": f"{name}@example.test", "password": "correct horse 1"})
        assert r.status_code == 201, r.text
        auth = {"Authorization": f"Bearer {r.json()['token']}"}
        created = requests.post(base + "/api/v1/wallet/top-ups", json={"packId": "small"}, headers=auth, timeout=60)
        if created.status_code == 201:  # the PaymentIntent is made later: the card route meets the outage
            answer = requests.post(f"{base}/api/v1/wallet/top-ups/{created.json()['topUpId']}/card",
                                   json={"token": "tok_visa"}, headers=auth, timeout=60)
        else:
            answer = created
        assert answer.status_code == 502, f"{answer.request.method} {answer.request.path_url} → {answer.status_code} {answer.text}"
        assert answer.headers["Content-Type"].startswith("application/problem+json")
        wallet = requests.get(base + "/api/v1/wallet", headers=auth, timeout=30).json()
        assert wallet["coins"] == 0
    finally:
        web.stop_sotube(process, log)
