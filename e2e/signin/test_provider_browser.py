"""Signing in with TestID (a real OpenID provider) in Chromium: the log-in screen's button, the
provider's form, back in the store signed in; the same account the next time (even when the provider's
preferred_username changed); every refusal (a forged, foreign-keyed, expired, misaddressed or
replayed ID token, another log-in's nonce, a replayed callback, the provider's Deny) back on the log-in
screen with the reason, no session and no account made; linking to a local account whose verified
email matches (wrong password refused, right password signs in as it, later sign-ins go straight in);
an unverified matching email refused; a store with password sign-in off."""
import re

import pytest
from playwright.sync_api import expect

from browser_steps import me, open_login, refused_on_login, signed_in_as, through_provider, user_of
from signin_flows import DENIED, REFUSALS
from sotube_signin import PASSWORD, unique

ONE_SIZE = pytest.mark.viewports("phone-390x844")


def test_sign_in_with_testid_then_again_finds_the_same_account(make_context, server, provider, viewport):
    sub, username = provider.new_user("web", preferred_username=unique("webuser"))
    before = server.user_count()
    page = make_context().new_page()
    through_provider(page, server, sub)
    expect(page).to_have_url(re.compile(r"/#/store$"))
    user = signed_in_as(page, server.base, username)
    assert user.get("signInProvider") == "TestID", user
    assert user.get("hasPassword") is False, user
    assert server.user_count() == before + 1

    # The provider renames the person: the store finds the account by (issuer, subject) all the same.
    provider.set_user(sub, email=f"{sub}@idp.example.test", email_verified=True, name="Renamed",
                      preferred_username=unique("renamed"))
    again = make_context().new_page()
    through_provider(again, server, sub)
    status, answer = me(again, server.base)
    assert status == 200, status
    assert user_of(answer)["id"] == user["id"], (user, answer)
    assert user_of(answer)["username"] == username
    assert server.user_count() == before + 1


@ONE_SIZE
@pytest.mark.parametrize("case", [*REFUSALS, "provider-denies"])
def test_a_refused_sign_in_is_back_on_the_log_in_screen_signed_out(make_context, server, provider, case):
    deny = case == "provider-denies"
    if not deny:
        make, reason = REFUSALS[case]
        provider.tamper.rewrite_next(make(server, provider))  # (the helpers' own log-ins first)
    else:
        reason = DENIED
    sub, _ = provider.new_user("refused")
    users, identities = server.user_count(), server.identity_count()
    page = make_context().new_page()
    through_provider(page, server, sub, deny=deny)
    refused_on_login(page, server.base, reason)
    assert provider.tamper.pending() == 0
    assert (server.user_count(), server.identity_count()) == (users, identities), "an account was made"


@ONE_SIZE
def test_a_replayed_callback_is_refused_even_in_a_fresh_browser(make_context, server, provider):
    sub, username = provider.new_user("replay")
    first = make_context().new_page()
    callback = through_provider(first, server, sub)
    user = signed_in_as(first, server.base, username)
    users = server.user_count()

    # The same browser: the replay changes nothing (it keeps the session it had, as the same person).
    first.goto(callback)
    status, answer = me(first, server.base)
    assert status == 200 and user_of(answer)["id"] == user["id"], (status, answer)
    # Another browser with the callback address (copied, leaked): refused, no session.
    fresh = make_context().new_page()
    fresh.goto(callback)
    refused_on_login(fresh, server.base, r"used already|expired")
    assert server.user_count() == users


@ONE_SIZE
def test_a_verified_email_links_to_the_local_account_with_its_password(make_context, server, provider, shot, console):
    # The wrong password's 401 is the answer this test asks for (the browser logs every 4xx).
    console.allow(r"401 \(Unauthorized\) \[.*/api/v1/auth/oidc/links/")
    local = server.register(username=unique("bob"), email="bob@example.com")
    bob = local["user"]
    sub, _ = provider.new_user("bobidp", email="bob@example.com", email_verified=True)
    identities = server.identity_count()

    page = make_context().new_page()
    through_provider(page, server, sub)
    expect(page).to_have_url(re.compile(r"/#/oidc-link/[^/?]+$"))
    expect(page.locator("#main")).to_contain_text(bob["username"])
    password = page.locator("#main input[type=password]")
    expect(password).to_be_visible()

    password.fill("not the password")
    password.press("Enter")
    expect(page.get_by_role("alert").filter(has_text=re.compile(r"\S"))).to_be_visible()
    assert me(page, server.base)[0] == 401, "a wrong password signed in"
    assert server.identity_count() == identities

    password.fill(PASSWORD)
    password.press("Enter")
    expect(page).not_to_have_url(re.compile(r"/oidc-link/"))
    user = signed_in_as(page, server.base, bob["username"])
    assert user["id"] == bob["id"]
    assert user.get("signInProvider") == "TestID" and user.get("hasPassword") is True, user
    assert server.identity_count() == identities + 1

    # From now on the provider's sign-in goes straight in, as bob.
    later = make_context().new_page()
    through_provider(later, server, sub)
    expect(later).to_have_url(re.compile(r"/#/store$"))
    status, answer = me(later, server.base)
    assert status == 200 and user_of(answer)["id"] == bob["id"], answer


@ONE_SIZE
def test_an_unverified_matching_email_is_refused_and_nothing_linked(make_context, server, provider):
    address = f"{unique('carl')}@example.com"
    server.register(username=unique("carl"), email=address)
    sub, _ = provider.new_user("carlidp", email=address, email_verified=False)
    users, identities = server.user_count(), server.identity_count()
    page = make_context().new_page()
    through_provider(page, server, sub)
    refused_on_login(page, server.base, r"verified")
    assert (server.user_count(), server.identity_count()) == (users, identities)


@ONE_SIZE
def test_password_sign_in_off_shows_only_the_provider(make_context, closed_server, provider):
    page = make_context().new_page()
    open_login(page, closed_server.base)
    expect(page.locator("#main input[type=password]")).to_have_count(0)
    expect(page.locator("#main input[name=username]")).to_have_count(0)

    sub, username = provider.new_user("closed", preferred_username=unique("closeduser"))
    page.locator("#oidc-sign-in").click()
    through_provider(page, closed_server, sub, start=False)
    signed_in_as(page, closed_server.base, username)
