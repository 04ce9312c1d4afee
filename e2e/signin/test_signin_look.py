"""The log-in screen with its "Sign in with TestID" button and the link screen (#/oidc-link/…) at the
four sizes in English and Russian: screenshots (e2e/screenshots/<viewport>/signin-*.png), no stray
"null"/"undefined" text, no sideways scrolling."""
import re

import pytest
from playwright.sync_api import expect

from browser_steps import no_stray_text, open_login, through_provider
from sotube_signin import VIEWPORTS, unique

ALL_SIZES = pytest.mark.viewports(*VIEWPORTS)


def fits(page):
    width = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert width <= 0, f"the screen scrolls sideways by {width} px"


@ALL_SIZES
@pytest.mark.parametrize("language", ["en", "ru"])
def test_log_in_and_link_screens(make_context, server, provider, viewport, language, shot):
    suffix = "" if language == "en" else "-ru"
    page = make_context(locale="en-US" if language == "en" else "ru-RU").new_page()
    button = open_login(page, server.base, label="TestID")
    if language == "ru":
        assert page.evaluate("document.documentElement.lang") == "ru"
        expect(button).not_to_contain_text("Sign in with")
    else:
        expect(button).to_contain_text("Sign in with TestID")
    no_stray_text(page)
    fits(page)
    shot(page, f"signin-login{suffix}")

    # A provider person whose verified email has a local account here: the link screen.
    address = f"{unique('look')}@example.com"
    local = server.register(username=unique("look"), email=address)
    sub, _ = provider.new_user("lookidp", email=address, email_verified=True)
    button.click()
    through_provider(page, server, sub, start=False)
    expect(page).to_have_url(re.compile(r"/#/oidc-link/[^/?]+$"))
    expect(page.locator("#main")).to_contain_text(local["user"]["username"])
    expect(page.locator("#main input[type=password]")).to_be_visible()
    expect(page.locator("#main")).to_contain_text("TestID")
    no_stray_text(page)
    fits(page)
    shot(page, f"signin-link{suffix}")
