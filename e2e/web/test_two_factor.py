"""Account › Two-step sign-in (SPEC A8) in the browser: enrol from the QR code (decoded with zbarimg
and compared with the otpauth:// address), confirm with a TOTP computed here from the secret shown
as text, see the recovery codes once, log out, and log in again with a code."""
import base64
import hashlib
import hmac
import re
import shutil
import struct
import subprocess
import time

import pytest
from playwright.sync_api import expect

from webhelpers import register


def totp(secret, at):
    """RFC 6238: HMAC-SHA1 over the 30-second step, dynamic truncation, 6 digits."""
    key = base64.b32decode(secret + "=" * (-len(secret) % 8))
    mac = hmac.new(key, struct.pack(">Q", int(at // 30)), hashlib.sha1).digest()
    offset = mac[-1] & 0x0F
    number = (struct.unpack(">I", mac[offset:offset + 4])[0] & 0x7FFFFFFF) % 10**6
    return f"{number:06d}"


@pytest.mark.viewports("desktop-1440x900")  # one: the flow is the same on every size
def test_enrol_from_the_qr_code_then_log_in_with_a_code(page, server, shot, console, tmp_path):
    # The log-in that needs a code answers 401 (the browser logs it).
    console.allow(r"status of 401")
    console.allow(r"status of 422")
    username, password = register(page, server)
    page.get_by_role("link", name="Account", exact=True).click()
    page.get_by_text("Two-step sign-in", exact=True).click()
    # Setting it up needs the password: a wrong one is refused on the field.
    console.allow(r"status of 403")
    start = page.locator("#two-factor-start")
    start.get_by_label("Password").fill("not-my-password")
    start.get_by_role("button", name="Set up two-step sign-in").click()
    expect(start.locator(".field-error")).to_have_text("The password is wrong.")
    start.get_by_label("Password").fill(password)
    start.get_by_role("button", name="Set up two-step sign-in").click()
    qr = page.locator("#two-factor-qr")
    expect(qr).to_be_visible()
    secret = page.locator("#two-factor-secret").inner_text().strip()
    assert len(base64.b32decode(secret + "=" * (-len(secret) % 8))) == 20
    shot(page, "45-two-factor-enrol")

    zbarimg = shutil.which("zbarimg")
    assert zbarimg, "zbarimg (Debian zbar-tools, in scripts/deps.sh test) is needed to read the QR code"
    picture = tmp_path / "qr.png"
    qr.screenshot(path=str(picture))
    decoded = subprocess.run([zbarimg, "--quiet", "--raw", str(picture)], capture_output=True, text=True, timeout=30)
    assert decoded.stdout.strip() == f"otpauth://totp/SoTube:{username}?secret={secret}&issuer=SoTube"

    # A wrong code is refused on the field; the current one turns it on.
    page.get_by_label("Code from the app").fill("000000" if totp(secret, time.time()) != "000000" else "111111")
    page.get_by_role("button", name="Turn on").click()
    expect(page.locator("#two-factor .field-error")).to_be_visible()
    page.get_by_label("Code from the app").fill(totp(secret, time.time()))
    page.get_by_role("button", name="Turn on").click()
    recovery = page.locator("#two-factor-recovery li")
    expect(recovery).to_have_count(10)
    codes = recovery.all_inner_texts()
    assert len(set(codes)) == 10
    shot(page, "46-two-factor-recovery-codes")
    page.get_by_role("button", name="I have saved them").click()
    expect(page.locator("#two-factor-status")).to_contain_text("Two-step sign-in is on")
    expect(page.locator("#two-factor-recovery")).to_have_count(0)  # shown once only

    page.get_by_role("button", name="Log out").click()
    expect(page).to_have_url(re.compile(r"#/login"))
    expect(page.get_by_role("button", name="Log in")).to_be_visible()
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password", exact=True).fill(password)
    page.get_by_role("button", name="Log in").click()
    code = page.get_by_label("Code from your authenticator app")
    expect(code).to_be_visible()
    expect(page.get_by_text("enter the code from your authenticator app")).to_be_visible()
    expect(page).to_have_url(re.compile(r"#/login"))  # no session yet
    # The code that turned it on is used up: the next step's code (within the allowed drift) is new.
    code.fill(totp(secret, time.time() + 30))
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("link", name="Account", exact=True)).to_be_visible()
    page.get_by_role("link", name="Account", exact=True).click()
    page.get_by_text("Two-step sign-in", exact=True).click()
    expect(page.locator("#two-factor-status")).to_contain_text("Two-step sign-in is on")
