"""Card payments (Stripe, played by localstripe) and mail (a real SMTP server) end to end.

One stack per test session (per pytest-xdist worker): localstripe on a free loopback port
(`--from-scratch`), the SMTP test server (scripts/smtp-test-server.py: STARTTLS, AUTH, a self-signed
certificate made with openssl), a recording proxy between localstripe's webhooks and the server (the
tests see what was delivered, and replay it), and one `sotube serve` with Stripe on, its data folder
seeded with four songs of 25 coins (imported tones) so the tests can spend coins.

Environment: SOTUBE_BIN (default .build/debug/sotube), CHROMIUM (default: Debian's chromium-headless-shell, else /usr/bin/chromium).
Screenshots land in e2e/screenshots/<viewport>/ like the other browser tests'.
"""
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

import payment_stack
from payment_stack import *  # noqa: F401,F403

# The tests import these helpers as `sotube_payments` (pytest imports every conftest.py as `conftest`).
sys.modules.setdefault("sotube_payments", payment_stack)


@pytest.fixture(scope="session")
def stack():
    if not BIN.exists():
        pytest.fail(f"server binary {BIN} not found: run `swift build` first or set SOTUBE_BIN")
    if not SMTP_SCRIPT.exists():
        pytest.fail(f"{SMTP_SCRIPT} is missing")
    root = Path(tempfile.mkdtemp(prefix="sotube-e2e-payments-"))
    started = Stack(root)
    wallet = started.register().wallet()
    if wallet.get("provider") != "stripe":
        started.stop()
        pytest.fail(f"the server does not sell coins through Stripe: GET /api/v1/wallet → {wallet}")
    yield started
    started.stop()
    shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
def ledger_exact(stack):
    """`sotube ledger verify` exits 0 after the test."""
    yield
    stack.ledger_verify()


# ---- the browser -------------------------------------------------------------------------------

def pytest_generate_tests(metafunc):
    if "viewport" in metafunc.fixturenames:
        mark = metafunc.definition.get_closest_marker("viewports")
        sizes = list(mark.args) if mark else list(FLOW_VIEWPORTS)
        metafunc.parametrize("viewport", sizes, ids=sizes)


@pytest.fixture
def console():
    return Console()


@pytest.fixture
def page(browser, viewport, console):
    size = VIEWPORTS[viewport]
    context = browser.new_context(viewport=size, locale="en-US", has_touch=size["width"] < 1000,
                                  service_workers="block")
    context.on("page", console.attach)
    yield context.new_page()
    context.close()
    assert console.unexpected() == [], "console errors"


@pytest.fixture
def shot(viewport):
    folder = SCREENSHOTS / viewport
    folder.mkdir(parents=True, exist_ok=True)

    def take(page, name):
        page.wait_for_timeout(150)
        page.screenshot(path=str(folder / f"{name}.png"))
    return take
