"""Signing in through an OpenID provider and a trusted proxy's header (issue 34), end to end.

One stack per test session (per pytest-xdist worker): oidc-provider-mock (a real OpenID provider:
discovery, authorization form, token endpoint, RS256 ID tokens, JWKS, userinfo) on a free loopback
port in this process, behind a tampering layer the tests steer (signin_stack.Tamper), and one
`sotube serve` whose SOTUBE_OIDC_ISSUER is that provider, named "TestID", with operator group
"store-admins" and Remote-User sign-in trusted from 127.0.0.2. A second server on the same provider
with SOTUBE_LOCAL_LOGIN=off is started only when a test asks for it.

Environment: SOTUBE_BIN (default .build/debug/sotube), CHROMIUM (default: Debian's chromium-headless-shell, else /usr/bin/chromium).
Screenshots land in e2e/screenshots/<viewport>/signin-*.png like the other browser tests'.
"""
import logging
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

import browser_steps
import signin_stack
from signin_stack import (BIN, FLOW_VIEWPORTS, TRUSTED_PROXY, VIEWPORTS, Provider,
                          Server)

# The tests import these helpers as `sotube_signin` (pytest imports every conftest.py as `conftest`).
sys.modules.setdefault("sotube_signin", signin_stack)
logging.getLogger("werkzeug").setLevel(logging.WARNING)  # the provider's access log


def pytest_configure(config):
    # authlib (under the mock) warns about its own deprecated modules at every token it signs.
    config.addinivalue_line("filterwarnings", "ignore::DeprecationWarning:authlib")
    config.addinivalue_line("filterwarnings", "ignore::DeprecationWarning:oidc_provider_mock")


@pytest.fixture(scope="session")
def provider():
    started = Provider()
    yield started
    started.stop()


@pytest.fixture(scope="session")
def signin_root():
    root = Path(tempfile.mkdtemp(prefix="sotube-e2e-signin-"))
    yield root
    shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(scope="session")
def server(provider, signin_root):
    """The store signing in through TestID and, from 127.0.0.2, Remote-User."""
    if not BIN.exists():
        pytest.fail(f"server binary {BIN} not found: run `swift build` first or set SOTUBE_BIN")
    started = Server(signin_root / "main", provider, {
        "SOTUBE_AUTH_HEADER": "Remote-User", "SOTUBE_TRUSTED_PROXIES": TRUSTED_PROXY})
    oidc = started.methods.get("oidc") or {}
    if oidc.get("name") != "TestID" or not started.methods.get("localLogin"):
        started.stop()
        pytest.fail(f"GET /api/v1/auth/methods does not offer TestID beside passwords: {started.methods}")
    yield started
    started.stop()


@pytest.fixture(scope="session")
def closed_server(provider, signin_root):
    """A second store on the same provider with password sign-in off (SOTUBE_LOCAL_LOGIN=off)."""
    started = Server(signin_root / "closed", provider, {"SOTUBE_LOCAL_LOGIN": "off"})
    yield started
    started.stop()


@pytest.fixture(autouse=True)
def no_tampering_left(provider):
    """A test's rewrite of the provider's next answer (unused when the test failed before the token
    request) never reaches the next test; nor do keys it published."""
    yield
    with provider.tamper.lock:
        provider.tamper.rewrites.clear()
        provider.tamper.extra_keys.clear()


# ---- the browser -------------------------------------------------------------------------------

def pytest_generate_tests(metafunc):
    if "viewport" in metafunc.fixturenames:
        mark = metafunc.definition.get_closest_marker("viewports")
        sizes = list(mark.args) if mark else list(FLOW_VIEWPORTS)
        metafunc.parametrize("viewport", sizes, ids=sizes)


# The web suite's fixtures: its console collector, a page of make_context, screenshots by viewport.
console, page, shot = signin_stack.web.console, signin_stack.web.page, signin_stack.web.shot


@pytest.fixture
def make_context(browser, viewport, console):
    """make_context(locale=) → a new browser context at the viewport (console errors fail the test)."""
    contexts = []

    def make(locale="en-US"):
        size = VIEWPORTS[viewport]
        context = browser.new_context(viewport=size, locale=locale, has_touch=size["width"] < 1000,
                                      service_workers="block")
        context.on("page", console.attach)
        browser_steps.quiet_provider_page(context)
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()
    assert console.unexpected() == [], "console errors"

