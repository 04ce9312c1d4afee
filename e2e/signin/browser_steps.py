"""Browser steps the sign-in tests share: the store's TestID button, the provider's form."""
import re

from playwright.sync_api import expect

from signin_stack import STRAY


def quiet_provider_page(context):
    """The mock's pages link a stylesheet on a CDN: answered empty here (no network in tests)."""
    context.route("https://cdn.jsdelivr.net/**",
                  lambda route: route.fulfill(status=200, content_type="text/css", body=""))


def open_login(page, base, label="Sign in with TestID"):
    page.goto(base + "/#/login")
    expect(page.locator("#main h1")).to_be_visible()  # the app has drawn the screen
    button = page.locator("#oidc-sign-in")
    try:
        button.wait_for(state="visible", timeout=3000)
    except Exception:
        raise AssertionError("the log-in screen has no visible #oidc-sign-in button (GET /api/v1/auth/methods "
                             "offers TestID: the web app in Public/ does not show it)") from None
    expect(button).to_contain_text(label)
    return button


def through_provider(page, server, sub=None, deny=False, start=True):
    """Log-in screen › "Sign in with TestID" › the provider's form (sub typed and Authorize, or Deny)
    › back on the store's site. Returns the callback URL the provider sent the browser to."""
    provider = server.provider
    if start:
        open_login(page, server.base).click()
    page.wait_for_url(re.compile(re.escape(provider.url) + r"/oauth2/authorize\?"))
    callbacks = []
    page.on("request", lambda request: callbacks.append(request.url)
            if "/api/v1/auth/oidc/callback" in request.url else None)
    if deny:
        page.get_by_role("button", name="Deny").click()
    else:
        page.locator("input[name=sub]").fill(sub)
        page.get_by_role("button", name="Authorize").click()
    page.wait_for_url(lambda url: url.startswith(server.base + "/") and "/oidc/callback" not in url)
    assert callbacks, "the provider did not send the browser to the store's callback"
    return callbacks[0]


def me(page, base):
    """GET /api/v1/me with the browser's cookies: (status, JSON or None)."""
    r = page.request.get(base + "/api/v1/me")
    return r.status, (r.json() if r.status == 200 else None)


def user_of(answer):
    """The user in a /me answer (the user object itself, or under "user")."""
    return answer.get("user", answer) if answer else None


def signed_in_as(page, base, username):
    """The app says the user is in (the Account tab; the username on the account screen) and the
    server agrees: the /me user."""
    expect(page.get_by_role("navigation", name="Main").get_by_role("link", name="Account", exact=True)).to_be_visible()
    status, answer = me(page, base)
    assert status == 200, f"GET /api/v1/me → {status}: not signed in"
    user = user_of(answer)
    assert user["username"] == username, user
    page.goto(base + "/#/account")
    expect(page.locator("#main")).to_contain_text(username)
    return user


def refused_on_login(page, base, reason=None):
    """Back on /#/login with the refusal shown, and no session."""
    expect(page).to_have_url(re.compile(r"/#/login(\?|$)"))
    error = page.locator("#sign-in-error")
    expect(error).to_be_visible()
    if reason:
        expect(error).to_contain_text(re.compile(reason, re.I))
    text = error.inner_text()
    assert text.strip(), "the refusal says nothing"
    for pattern in STRAY:
        assert not re.search(pattern, text), f"{pattern} in the refusal: {text}"
    status, answer = me(page, base)
    assert status == 401, f"refused, yet GET /api/v1/me → {status} {answer}"
    return text


def no_stray_text(page):
    text = page.locator("body").inner_text()
    for pattern in STRAY:
        assert not re.search(pattern, text), f"{pattern} on screen: {text[:800]}"
