"""Mail through a real SMTP server (scripts/smtp-test-server.py: STARTTLS required, AUTH, a
self-signed certificate the server trusts through SOTUBE_SMTP_CA_FILE): a password reset and a
top-up receipt arrive as a person's mail program shows them (From, To, a decoded subject, Message-ID,
Date, text and HTML alternatives), in Russian for a Russian reader, notices of account changes, and
a message that could not be sent while the SMTP server was down arrives once it is back."""
import email.utils
import re
import time
from datetime import datetime, timezone

import pytest

from sotube_payments import MAIL_FROM, PASSWORD, wait_until

pytestmark = pytest.mark.usefixtures("ledger_exact")
CYRILLIC = re.compile(r"[А-Яа-яЁё]")


def parts(message):
    """{content type: decoded text} of a multipart/alternative message."""
    assert message.get_content_type() == "multipart/alternative", message.get_content_type()
    found = {}
    for part in message.iter_parts():
        found[part.get_content_type()] = part.get_content()
    assert set(found) >= {"text/plain", "text/html"}, list(found)
    return found


def check_headers(message, to):
    sender = email.utils.parseaddr(str(message["From"]))
    assert sender == email.utils.parseaddr(MAIL_FROM), message["From"]
    assert to.lower() in str(message["To"]).lower(), message["To"]
    assert str(message["Subject"]).strip(), "a subject"
    assert re.fullmatch(r"<[^<>@\s]+@[^<>@\s]+>", str(message["Message-ID"]).strip()), message["Message-ID"]
    sent = email.utils.parsedate_to_datetime(str(message["Date"]))
    assert sent.tzinfo is not None and abs((datetime.now(timezone.utc) - sent).total_seconds()) < 600, message["Date"]
    assert message["MIME-Version"] == "1.0"


def request_reset(stack, address, headers=None):
    r = stack.request("POST", "/api/v1/auth/password-reset", json={"email": address}, headers=headers or {})
    assert r.status_code in (200, 202, 204), f"POST /api/v1/auth/password-reset → {r.status_code} {r.text}"


def test_a_password_reset_arrives_and_its_link_works(stack):
    buyer = stack.register()
    request_reset(stack, buyer.email)
    message = stack.smtp.wait_for(buyer.email, 30)
    check_headers(message, buyer.email)
    texts = parts(message)
    link = re.search(r"https?://\S+?#/reset-password\?token=([A-Za-z0-9_\-.%]+)", texts["text/plain"])
    assert link, texts["text/plain"]
    assert "reset-password?token=" in texts["text/html"] and "<a " in texts["text/html"]
    assert not CYRILLIC.search(str(message["Subject"])), message["Subject"]
    r = stack.request("POST", "/api/v1/auth/password-reset/confirm",
                      json={"token": link.group(1), "newPassword": "a new long password"})
    assert r.status_code in (200, 204), r.text
    r = stack.request("POST", "/api/v1/auth/login", json={"username": buyer.name, "password": "a new long password"})
    assert r.status_code == 200, r.text
    # Changing the password by the link is a change to the account: a notice follows.
    stack.smtp.wait_for(buyer.email, 30, subject=r"(?i)password")


def test_a_paid_top_up_sends_a_receipt(stack):
    buyer = stack.register()
    created, top_up = buyer.paid_top_up()
    message = stack.smtp.wait_for(buyer.email, 30)
    check_headers(message, buyer.email)
    texts = parts(message)
    for name, text in texts.items():
        flat = re.sub(r"<[^>]+>", " ", text) if name == "text/html" else text
        assert re.search(r"\b100\b", flat), f"{name}: the coins\n{flat}"
        assert re.search(r"0[.,]99", flat), f"{name}: the amount\n{flat}"
        assert re.search(r"USD|\$", flat), f"{name}: the currency\n{flat}"
        assert re.search(r"(?i)small", flat), f"{name}: the pack\n{flat}"
        assert created["topUpId"] in flat or re.search(r"pi_\w+", flat), f"{name}: the reference\n{flat}"


def test_a_russian_reader_gets_russian_mail(stack):
    russian = {"Accept-Language": "ru-RU,ru;q=0.9"}
    buyer = stack.register(headers=russian)
    r = stack.request("POST", "/api/v1/auth/login", headers=russian, json={"username": buyer.name, "password": PASSWORD})
    assert r.status_code == 200, r.text
    request_reset(stack, buyer.email, headers=russian)
    message = stack.smtp.wait_for(buyer.email, 30)
    check_headers(message, buyer.email)
    assert CYRILLIC.search(str(message["Subject"])), f"subject not Russian: {message['Subject']!r}"
    assert all(CYRILLIC.search(text) for text in parts(message).values())
    # On the wire the subject is ASCII: RFC 2047 encoded words (email.policy decoded them above).
    raw = re.search(rb"^Subject:(.*(?:\r?\n[ \t].*)*)", message.raw, re.M | re.I).group(1)
    assert raw.isascii() and b"=?" in raw.lower() and b"?=" in raw, raw


def test_account_changes_send_notices(stack):
    buyer = stack.register()
    r = buyer.call("POST", "/api/v1/me/app-passwords", json={"label": "Car stereo", "password": PASSWORD})
    assert r.status_code in (200, 201), r.text
    added = stack.smtp.wait_for(buyer.email, 30)
    check_headers(added, buyer.email)
    r = buyer.call("PUT", "/api/v1/me/password", json={"currentPassword": PASSWORD, "newPassword": "another long one"})
    assert r.status_code in (200, 204), r.text
    wait_until(lambda: len([m for m in stack.smtp.messages() if buyer.email in str(m["To"])]) >= 2, 30,
               "no notice of the password change")
    subjects = [str(m["Subject"]) for m in stack.smtp.messages() if buyer.email in str(m["To"])]
    assert len(set(subjects)) == 2, subjects


def test_mail_waits_while_the_smtp_server_is_down(stack):
    buyer = stack.register()
    port = stack.smtp.port
    stack.smtp.stop()
    try:
        request_reset(stack, buyer.email)

        def listed():
            result = stack.cli("mail", "list")
            lines = [line for line in result.stdout.splitlines() if buyer.email in line]
            return result.returncode == 0 and lines and re.search(r"(?i)pending|fail|retry", result.stdout) \
                and re.search(r"(?i)refused|connect|unreachable|error", result.stdout) and result.stdout
        shown = wait_until(listed, 20, "`sotube mail list` does not show the waiting reset with its error")
        print(shown)
    finally:
        stack.smtp.start(port=port)
    started = time.time()
    stack.smtp.wait_for(buyer.email, 30)
    print(f"arrived {time.time() - started:.1f} s after the SMTP server came back")
    result = stack.cli("mail", "list")
    assert buyer.email not in result.stdout, result.stdout
