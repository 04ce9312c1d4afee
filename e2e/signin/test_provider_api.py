"""Signing in through TestID and a trusted proxy without a browser (requests, http.client): every
refusal the browser tests show, at the HTTP level (the callback's 302 to /#/login?signInError=…, no
session cookie, no account); a replayed callback; linking through the API (the ticket's offer, a wrong
password 401 with the ticket still usable, the right one 200 and a session); the provider rotates its
key and the store follows; the operator group makes an operator (and leaving it a
buyer again); a native app's sign-in (its own PKCE verifier turns a one-time code into a token, once);
password sign-in off refuses the password routes; Remote-User is believed from 127.0.0.2 only."""
import re

import pytest
import requests

from signin_flows import DENIED, REFUSALS, Flow, refusal_of
from sotube_signin import PASSWORD, TRUSTED_PROXY, Key, pkce_pair, unique


def me_of(flow):
    r = flow.me()
    assert r.status_code == 200, f"GET /api/v1/me → {r.status_code} {r.text[:300]}"
    body = r.json()
    return body.get("user", body)


def test_the_methods_name_the_provider(server):
    methods = requests.get(server.base + "/api/v1/auth/methods", timeout=10).json()
    assert methods["localLogin"] is True and methods["headerSignIn"] is True, methods
    assert methods["oidc"] == {"name": "TestID", "startURL": "/api/v1/auth/oidc/start"}, methods


def session_cookie(response):
    return any(c.name == "sotube_session" and c.value for c in response.cookies)


@pytest.mark.parametrize("case", [*REFUSALS, "provider-denies"])
def test_a_refused_callback_makes_no_session_and_no_account(server, provider, case):
    deny = case == "provider-denies"
    reason = DENIED
    if not deny:
        make, reason = REFUSALS[case]
        provider.tamper.rewrite_next(make(server, provider))
    sub, _ = provider.new_user("apirefused")
    users, identities = server.user_count(), server.identity_count()
    flow = Flow(server)
    flow.start()
    flow.at_provider(sub, deny=deny)
    r = flow.session.get(flow.callback_url, allow_redirects=False, timeout=60)
    assert r.status_code == 302, r.status_code
    message = refusal_of(r.headers["Location"])
    assert message, f"not refused: the callback sent the browser to {r.headers['Location']}"
    assert re.search(reason, message, re.I), f"the reason given: {message!r}"
    if deny:  # the provider's error_description is form-encoded: "+" is a space
        assert "+" not in message, f"the provider's reason shown undecoded: {message!r}"
    assert not session_cookie(r), f"a refused sign-in set a session: {r.headers.get('Set-Cookie')}"
    assert flow.me().status_code == 401
    assert provider.tamper.pending() == 0, "the server never asked the provider for a token"
    assert (server.user_count(), server.identity_count()) == (users, identities), "an account was made"


def test_a_callback_used_twice_is_refused_the_second_time(server, provider):
    sub, _ = provider.new_user("apireplay")
    flow = Flow(server)
    assert flow.sign_in(sub) == "/#/store"
    users = server.user_count()
    for session in (flow.session, requests.Session()):  # the same client, then another one
        r = session.get(flow.callback_url, allow_redirects=False, timeout=60)
        assert r.status_code == 302 and refusal_of(r.headers["Location"]), r.headers.get("Location")
        assert not session_cookie(r)
    assert Flow(server, requests.Session()).me().status_code == 401
    assert server.user_count() == users


def test_linking_through_the_api(server, provider):
    address = f"{unique('dora')}@example.com"
    dora = server.register(username=unique("dora"), email=address)["user"]
    sub, _ = provider.new_user("doraidp", email=address, email_verified=True)
    identities = server.identity_count()
    flow = Flow(server)
    location = flow.sign_in(sub)
    ticket = re.fullmatch(r"/#/oidc-link/([^/?]+)", location)
    assert ticket, f"a verified email with an account here: sent to {location}"
    ticket = ticket.group(1)
    offer = server.request("GET", f"/api/v1/auth/oidc/links/{ticket}")
    assert offer.status_code == 200, offer.text
    assert offer.json()["username"] == dora["username"] and offer.json()["provider"] == "TestID", offer.json()
    assert flow.me().status_code == 401

    wrong = flow.session.post(f"{server.base}/api/v1/auth/oidc/links/{ticket}", json={"password": "nope nope 1"},
                              timeout=30)
    assert wrong.status_code == 401, f"a wrong password: {wrong.status_code} {wrong.text[:300]}"
    assert flow.me().status_code == 401 and server.identity_count() == identities

    right = flow.session.post(f"{server.base}/api/v1/auth/oidc/links/{ticket}", json={"password": PASSWORD},
                              timeout=30)
    assert right.status_code == 200, f"the right password: {right.status_code} {right.text[:300]}"
    assert session_cookie(right)
    assert me_of(flow)["id"] == dora["id"]
    assert server.identity_count() == identities + 1
    used = server.request("GET", f"/api/v1/auth/oidc/links/{ticket}")
    assert used.status_code == 404, f"a used ticket: {used.status_code}"

    later = Flow(server)
    assert later.sign_in(sub) == "/#/store"
    assert me_of(later)["id"] == dora["id"]


def test_an_unverified_email_of_an_account_here_is_refused(server, provider):
    address = f"{unique('eve')}@example.com"
    server.register(username=unique("eve"), email=address)
    sub, _ = provider.new_user("eveidp", email=address, email_verified=False)
    users, identities = server.user_count(), server.identity_count()
    flow = Flow(server)
    message = refusal_of(flow.sign_in(sub))
    assert message and "verified" in message, message
    assert flow.me().status_code == 401
    assert (server.user_count(), server.identity_count()) == (users, identities)


def test_a_token_signed_with_a_new_key_the_provider_then_publishes_is_accepted(server, provider):
    warm, _ = provider.new_user("warm")  # the server holds the provider's keys
    assert Flow(server).sign_in(warm) == "/#/store"
    fetched = provider.tamper.jwks_requests

    rotated = Key()
    provider.tamper.extra_keys.append(rotated.jwk())  # the provider publishes its new key…
    try:
        provider.tamper.rewrite_next(lambda token: provider.resign(token, key=rotated.private, kid=rotated.kid))
        sub, username = provider.new_user("rotated", preferred_username=unique("rotated"))
        flow = Flow(server)
        location = flow.sign_in(sub)  # …and signs with it
        assert location == "/#/store", f"refused: {refusal_of(location) or location}"
        assert me_of(flow)["username"] == username
        assert provider.tamper.jwks_requests > fetched, "the store never read the provider's keys again"
    finally:
        provider.tamper.extra_keys.clear()


def test_the_operator_group_makes_an_operator_and_leaving_it_a_buyer(server, provider):
    admin, _ = provider.new_user("admin", groups=["store-admins", "staff"])
    flow = Flow(server)
    assert flow.sign_in(admin) == "/#/store"
    r = flow.session.get(server.base + "/api/v1/admin/dashboard", timeout=30)
    assert r.status_code == 200, f"a store-admins member: GET /api/v1/admin/dashboard → {r.status_code} {r.text[:300]}"

    buyer, _ = provider.new_user("plain", groups=["staff"])
    other = Flow(server)
    assert other.sign_in(buyer) == "/#/store"
    r = other.session.get(server.base + "/api/v1/admin/dashboard", timeout=30)
    assert r.status_code == 403, f"not in store-admins: GET /api/v1/admin/dashboard → {r.status_code}"

    # Out of the group at the provider: the next sign-in makes the account a buyer again.
    provider.set_user(admin, email=f"{admin}@idp.example.test", email_verified=True, preferred_username=admin,
                      groups=["staff"])
    again = Flow(server)
    assert again.sign_in(admin) == "/#/store"
    r = again.session.get(server.base + "/api/v1/admin/dashboard", timeout=30)
    assert r.status_code == 403, f"left store-admins: GET /api/v1/admin/dashboard → {r.status_code}"


def app_code(server, provider, sub, challenge):
    """A native app's sign-in: /oidc/start with its redirect and challenge, the provider's form, the
    callback's redirect to sotube://auth?code=…; the code."""
    flow = Flow(server)
    flow.start(redirect="sotube://auth", appChallenge=challenge)
    flow.at_provider(sub)
    location = flow.callback()
    assert location.startswith("sotube://auth?code="), f"the callback sent the app to {location}"
    return location.split("code=", 1)[1].split("&")[0]


def test_a_native_app_trades_its_one_time_code_with_its_own_verifier(server, provider):
    sub, username = provider.new_user("app", preferred_username=unique("appuser"))
    verifier, challenge = pkce_pair()

    code = app_code(server, provider, sub, challenge)
    wrong = server.request("POST", "/api/v1/auth/oidc/exchange", json={"code": code, "verifier": pkce_pair()[0]})
    assert wrong.status_code == 400, f"a wrong verifier: {wrong.status_code} {wrong.text[:300]}"

    code = app_code(server, provider, sub, challenge)
    r = server.request("POST", "/api/v1/auth/oidc/exchange", json={"code": code, "verifier": verifier})
    assert r.status_code == 200, f"POST /api/v1/auth/oidc/exchange → {r.status_code} {r.text[:300]}"
    token = r.json()["token"]
    mine = server.request("GET", "/api/v1/me", token=token)
    assert mine.status_code == 200 and mine.json().get("user", mine.json())["username"] == username, mine.text
    assert "set-cookie" not in {k.lower() for k in r.headers}, "a native app's exchange set browser cookies"

    twice = server.request("POST", "/api/v1/auth/oidc/exchange", json={"code": code, "verifier": verifier})
    assert twice.status_code == 400, f"the same code twice: {twice.status_code} {twice.text[:300]}"
    assert twice.headers.get("Content-Type", "").startswith("application/problem+json")


def test_a_native_app_redirect_the_store_does_not_allow_is_refused(server):
    _, challenge = pkce_pair()
    r = server.request("GET", "/api/v1/auth/oidc/start",
                       params={"redirect": "https://evil.example/auth", "appChallenge": challenge})
    assert r.status_code == 400, f"{r.status_code} {r.headers.get('Location')}"


def test_password_sign_in_off_refuses_the_password_routes(closed_server, provider):
    methods = requests.get(closed_server.base + "/api/v1/auth/methods", timeout=10).json()
    assert methods["localLogin"] is False and methods["oidc"]["name"] == "TestID", methods
    for path, body in (("/api/v1/auth/login", {"username": "someone", "password": "correct horse 1"}),
                       ("/api/v1/auth/register", {"username": unique("x"), "email": "x@example.test",
                                                  "password": "correct horse 1"}),
                       ("/api/v1/auth/password-reset", {"email": "x@example.test"})):
        r = closed_server.request("POST", path, json=body)
        assert r.status_code == 403, f"POST {path} → {r.status_code} {r.text[:300]}"
        assert r.headers.get("Content-Type", "").startswith("application/problem+json"), r.headers
        assert "TestID" in r.json().get("detail", "") + r.json().get("title", ""), r.text

    sub, username = provider.new_user("closedapi", preferred_username=unique("closedapi"))
    flow = Flow(closed_server)
    assert flow.sign_in(sub) == "/#/store"
    assert me_of(flow)["username"] == username


def test_remote_user_is_believed_from_the_trusted_proxy_only(server):
    users = server.user_count()
    status, headers, body = server.from_address("127.0.0.1", "GET", "/api/v1/me", {"Remote-User": "carol"})
    assert status == 401, f"from 127.0.0.1 (not trusted), Remote-User: carol → {status} {body}"
    assert server.user_count() == users, "an untrusted header made an account"

    status, headers, body = server.from_address(TRUSTED_PROXY, "GET", "/api/v1/me",
                                                {"Remote-User": "carol", "Remote-Email": "carol@example.org"})
    assert status == 200, f"from {TRUSTED_PROXY} (trusted), Remote-User: carol → {status} {body}"
    carol = body.get("user", body)
    assert carol["username"] == "carol" and carol.get("hasPassword") is False, carol
    assert server.user_count() == users + 1
    cookies = headers.get_all("Set-Cookie") or []
    assert any(c.startswith("sotube_session=") for c in cookies), cookies

    # Again: the same account, not another.
    status, _, again = server.from_address(TRUSTED_PROXY, "GET", "/api/v1/me", {"Remote-User": "carol"})
    assert status == 200 and again.get("user", again)["id"] == carol["id"], again
    assert server.user_count() == users + 1

    status, _, body = server.from_address("127.0.0.1", "GET", "/api/v1/me", {"Remote-User": "carol"})
    assert status == 401, f"from 127.0.0.1 after carol exists → {status} {body}"
